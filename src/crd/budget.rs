//! The API server's cost limits on a version's rules: the manifest's own rules and union-gen's
//! estimated together (`cel/over-budget`), per rule and per version.

use yaml_serde::Mapping;

use super::block;
use super::insert::locate;
use super::patch::{field_path, BudgetFinding, Step};
use crate::schema::cel;
use crate::schema::cel::cost::{self, Cardinality, NotEstimated};
use crate::schema::cel::over_budget::OverBudget;

/// A rule already in the manifest, estimated: where it is and what it costs.
pub(super) struct Present {
    path: Vec<Step>,
    rule: String,
    cost: Result<u64, NotEstimated>,
}

/// A rule (or `messageExpression`) of a version's schema with the API server's estimate of
/// its cost (`Err`: not estimated: why, and whether the API server refuses the rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleCost {
    /// The field it sits on, as a user reads it (`spec.routes[*]`, `<root>`).
    pub field: String,
    pub rule: String,
    pub cost: Result<u64, NotEstimated>,
}

/// Every rule and `messageExpression` of a version's `openAPIV3Schema`, estimated as the API
/// server estimates them when a CRD is created.
pub fn rule_costs(schema: &serde_json::Value) -> Vec<RuleCost> {
    let mut present = Vec::new();
    present_rules(
        schema,
        true,
        Cardinality::ROOT,
        &mut Vec::new(),
        0,
        &mut present,
    );
    present
        .into_iter()
        .map(|rule| RuleCost {
            // Without `x-kubernetes-validations[i]`: the field the rule is on.
            field: field_path(&rule.path[..rule.path.len().saturating_sub(2)]),
            rule: rule.rule,
            cost: rule.cost,
        })
        .collect()
}

/// Every rule (and `messageExpression`) of a version's schema, estimated as the API server
/// does: cardinality from the root through `properties`, `items`, `additionalProperties`.
pub(super) fn present_rules(
    schema: &serde_json::Value,
    is_root: bool,
    cardinality: Cardinality,
    path: &mut Vec<Step>,
    depth: usize,
    out: &mut Vec<Present>,
) {
    use serde_json::Value as J;
    if depth > crate::limits::SCHEMA_NESTING {
        return;
    }
    let embedded = schema
        .get("x-kubernetes-embedded-resource")
        .and_then(J::as_bool)
        == Some(true);
    if let Some(rules) = schema.get(cel::EXTENSION).and_then(J::as_array) {
        let node = cost::DeclType::from_schema(schema, is_root || embedded);
        for (i, entry) in rules.iter().enumerate() {
            let mut at = path.clone();
            at.push(Step::Key(cel::EXTENSION.into()));
            at.push(Step::Index(i));
            let estimate = |text: &str, times: bool| match &node {
                None => Err(NotEstimated::Unmodelled(
                    "the schema has no CEL type".to_string(),
                )),
                Some(node) => cost::estimate(text, node).map(|c| {
                    if times {
                        cost::expression_cost(c, cardinality, node)
                    } else {
                        c // a messageExpression's cost is not multiplied
                    }
                }),
            };
            if let Some(rule) = entry.get("rule").and_then(J::as_str) {
                if !rule.trim().is_empty() {
                    out.push(Present {
                        path: at.clone(),
                        rule: rule.to_string(),
                        cost: estimate(rule, true),
                    });
                }
            }
            if let Some(message) = entry.get("messageExpression").and_then(J::as_str) {
                out.push(Present {
                    path: at,
                    rule: message.to_string(),
                    cost: estimate(message, false),
                });
            }
        }
    }
    let factor = cost::Cardinality::factor_of(schema);
    let child = cardinality.child(factor);
    if let Some(props) = schema.get("properties").and_then(J::as_object) {
        for (name, sub) in props {
            path.push(Step::Key("properties".into()));
            path.push(Step::Key(name.clone()));
            present_rules(sub, false, child, path, depth + 1, out);
            path.truncate(path.len() - 2);
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(sub) = schema.get(key).filter(|s| s.is_object()) {
            path.push(Step::Key(key.into()));
            present_rules(sub, false, child, path, depth + 1, out);
            path.pop();
        }
    }
}

/// The per-version check: the manifest's own rules and union-gen's (`added`: path, cost)
/// against [`cost::STATIC_ESTIMATED_CRD_COST_LIMIT`], and the manifest's rules against the
/// per-rule limit (warnings). Returns whether union-gen's rules bring the version over, in
/// which case none of them is written. The `stale` rules (paths) are being removed and do
/// not count.
#[allow(clippy::too_many_arguments)]
pub(super) fn version_budget(
    tree: &block::Node,
    schema: &Mapping,
    root: &[Step],
    version: &str,
    version_line: usize,
    added: &[(String, u64)],
    stale: &[Vec<Step>],
    out: &mut Vec<BudgetFinding>,
) -> bool {
    let Ok(json) = serde_json::to_value(schema) else {
        return false;
    };
    let mut present = Vec::new();
    present_rules(
        &json,
        true,
        Cardinality::ROOT,
        &mut root.to_vec(),
        0,
        &mut present,
    );
    let stale: std::collections::HashSet<&[Step]> = stale.iter().map(Vec::as_slice).collect();
    present.retain(|rule| !stale.contains(rule.path.as_slice()));
    let rule_limit = cost::STATIC_ESTIMATED_COST_LIMIT;
    let limit = cost::STATIC_ESTIMATED_CRD_COST_LIMIT;
    let mut existing = 0u64;
    let mut unknown = 0usize;
    for rule in &present {
        match rule.cost {
            Ok(c) => {
                existing = existing.saturating_add(c);
                if c > rule_limit {
                    let line = locate(tree, &rule.path).map_or(version_line, |(_, l)| l);
                    out.push(rule_over_limit(rule, c, version, line));
                }
            }
            Err(_) => unknown += 1,
        }
    }
    let ours = added
        .iter()
        .fold(0u64, |sum, (_, c)| sum.saturating_add(*c));
    let total = existing.saturating_add(ours);
    if total <= limit {
        return false;
    }
    if existing > limit || ours == 0 {
        out.push(BudgetFinding {
            line: version_line,
            over: OverBudget::ManifestVersion {
                version: version.to_string(),
                existing,
                unestimated: unknown,
            },
        });
        return false;
    }
    out.push(ours_over_limit(
        added,
        version,
        version_line,
        existing,
        ours,
        unknown,
    ));
    true
}

/// The warning for a manifest rule over the per-rule limit.
pub(super) fn rule_over_limit(rule: &Present, c: u64, version: &str, line: usize) -> BudgetFinding {
    BudgetFinding {
        line,
        over: OverBudget::ManifestRule {
            rule: rule.rule.clone(),
            path: field_path(&rule.path),
            version: version.to_string(),
            cost: c,
        },
    }
}

/// The error for a version that union-gen's rules (`added`, costing `ours`) bring over the
/// per-version limit; names the most expensive of them.
pub(super) fn ours_over_limit(
    added: &[(String, u64)],
    version: &str,
    version_line: usize,
    existing: u64,
    ours: u64,
    unestimated: usize,
) -> BudgetFinding {
    let mut largest: Vec<(String, u64)> = added.to_vec();
    largest.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    largest.truncate(4);
    BudgetFinding {
        line: version_line,
        over: OverBudget::WithOurs {
            version: version.to_string(),
            existing,
            ours,
            unestimated,
            largest,
        },
    }
}
