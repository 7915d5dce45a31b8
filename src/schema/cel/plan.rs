//! Placement: which rules a struct's schema gets, for its own unions and for the unions of
//! the structs its fields hold (subfield unions), from the Go types or a manifest's schema.

use crate::model::{PropertyType, StructDef, Union};

use super::facts::*;
use super::finding::*;
use super::shape::*;
use super::{check, cost};

/// The checked rules of a struct's unions, and what could not be written.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub rules: Vec<Rule>,
    pub findings: Vec<Finding>,
}

/// Rules for `unions`, each evaluated on the witnesses of its union (`check`) first.
pub fn plan(unions: &[Union], facts: &StructFacts) -> Plan {
    let mut plan = Plan::default();
    for union in unions.iter().filter(|u| !u.gated) {
        if let Some(field) = &union.subfield {
            subfield_plan(union, field, facts, &mut plan);
            continue;
        }
        for shape in checked(union, facts, &mut plan.findings) {
            let rule = shape.render();
            if !plan.rules.contains(&rule) {
                plan.rules.push(rule);
            }
        }
    }
    plan
}

/// The shapes of `union`'s rules that accept every witness of the union ([`check`]); what
/// was left out, and why, on `findings`.
fn checked(union: &Union, facts: &StructFacts, findings: &mut Vec<Finding>) -> Vec<Shape> {
    let mut shapes = Vec::new();
    union_rules(union, facts, &mut shapes, findings);
    if shapes.is_empty() {
        return shapes;
    }
    let witnesses = check::witnesses(union, facts);
    let mut kept = Vec::with_capacity(shapes.len());
    for shape in shapes {
        let rule = shape.render();
        match check::first_rejected(&rule, &witnesses, facts) {
            None => {
                if let Some(items) = &union.items {
                    if facts
                        .get(&items.list)
                        .is_some_and(|f| f.max_items.is_none())
                    {
                        findings.push(Finding::Unbounded(items.list.clone()));
                    }
                }
                kept.push(shape);
            }
            Some((witness, outcome)) => findings.push(Finding::RejectsValid {
                rule,
                witness,
                outcome,
            }),
        }
    }
    kept
}

/// Where a struct's rules sit in a CRD schema: what the API server's cost estimate needs.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The CEL type of the struct's schema node (`self`).
    pub node: cost::DeclType,
    /// How often the node may occur in one object.
    pub cardinality: cost::Cardinality,
    /// The lists and maps above the node, outermost first: their schema path (for messages)
    /// and `maxItems`/`maxProperties` (`None`: none).
    pub enclosing: Vec<(String, Option<u64>)>,
}

impl Placement {
    /// The estimated cost of `rule` here (`MaxCost × cardinality`), or why there is none.
    pub fn cost(&self, rule: &str) -> Result<u64, String> {
        let max_cost = cost::estimate(rule, &self.node)?;
        Ok(cost::expression_cost(
            max_cost,
            self.cardinality,
            &self.node,
        ))
    }

    /// What would bring a rule of `max_cost` here under `limit`: the `maxItems` (or
    /// `maxProperties`) of the enclosing lists, or of a list the rule walks.
    pub(super) fn fix(&self, rule: &str, max_cost: u64, limit: u64) -> String {
        let unbounded: Vec<&str> = self
            .enclosing
            .iter()
            .filter(|(_, bound)| bound.is_none())
            .map(|(path, _)| path.as_str())
            .collect();
        let bounded: u64 = self
            .enclosing
            .iter()
            .filter_map(|(_, bound)| *bound)
            .fold(1u64, u64::saturating_mul);
        let room = |others: u64| limit / max_cost.saturating_mul(others).max(1);
        let advice = match (unbounded.as_slice(), self.enclosing.last()) {
            ([], None) => None,
            ([], Some((nearest, bound))) => {
                let others = bounded / bound.unwrap_or(1).max(1);
                let room = room(others);
                (room > 0).then(|| {
                    format!(
                        "lower the `maxItems` of `{nearest}` to {room} or less (the rule costs \
                         {max_cost} per occurrence; `+kubebuilder:validation:MaxItems={room}`)"
                    )
                })
            }
            ([one], _) => {
                let room = room(bounded);
                (room > 0).then(|| {
                    format!(
                        "give the list `{one}` `maxItems: {room}` or less (the rule costs \
                         {max_cost} per occurrence; `+kubebuilder:validation:MaxItems={room}`)"
                    )
                })
            }
            (many, _) => {
                let room = room(bounded);
                (room > 0).then(|| {
                    format!(
                        "give the lists and maps {} a `maxItems`/`maxProperties` each, whose \
                         product is at most {room} (the rule costs {max_cost} per occurrence)",
                        many.iter()
                            .map(|p| format!("`{p}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            }
        };
        if let Some(advice) = advice {
            return advice;
        }
        match self.inner_list_fix(rule, limit) {
            Some((list, room)) => format!(
                "give the list `{list}` that the rule walks `maxItems: {room}` or less \
                 (`+kubebuilder:validation:MaxItems={room}`)"
            ),
            None => format!(
                "the rule costs {max_cost} for each occurrence of the struct: bound the lists it \
                 walks (`maxItems`) or the lists above it"
            ),
        }
    }

    /// The largest `maxItems` of a list property of the node that the rule walks which
    /// brings it under `limit` here (the cost grows linearly with the list's size).
    pub(super) fn inner_list_fix(&self, rule: &str, limit: u64) -> Option<(String, u64)> {
        let cost::Kind::Object(fields) = &self.node.kind else {
            return None;
        };
        for (name, field) in fields {
            if !matches!(field.kind, cost::Kind::List(_) | cost::Kind::Map(_)) {
                continue;
            }
            let with = |max: u64| {
                let mut node = self.node.clone();
                if let cost::Kind::Object(fields) = &mut node.kind {
                    if let Some(f) = fields.get_mut(name) {
                        f.max_elements = max;
                    }
                }
                let placement = Placement {
                    node,
                    ..self.clone()
                };
                placement.cost(rule).ok()
            };
            let (a, b) = (with(0)?, with(1)?);
            if b <= a {
                continue;
            }
            let room = limit.checked_sub(a)? / (b - a);
            if room > 0 && with(room).is_some_and(|c| c <= limit) {
                return Some((name.clone(), room));
            }
        }
        None
    }
}

/// [`plan`], then the API server's cost estimate of each rule where it sits: a rule over the
/// per-expression limit is not written ([`Finding::OverBudget`]). A rule the estimator cannot
/// read is kept (it parses and passed the self-check; only unmodelled functions are left).
pub fn plan_placed(unions: &[Union], facts: &StructFacts, placement: &Placement) -> Plan {
    let mut plan = plan(unions, facts);
    let limit = cost::STATIC_ESTIMATED_COST_LIMIT;
    let mut kept = Vec::with_capacity(plan.rules.len());
    for rule in std::mem::take(&mut plan.rules) {
        match placement.cost(&rule.rule) {
            Ok(estimate) if estimate > limit => {
                let max_cost = cost::estimate(&rule.rule, &placement.node).unwrap_or(estimate);
                let fix = placement.fix(&rule.rule, max_cost, limit);
                plan.findings.push(Finding::OverBudget {
                    rule,
                    estimate,
                    limit,
                    fix,
                });
            }
            _ => kept.push(rule),
        }
    }
    plan.rules = kept;
    plan
}

/// The rules of one struct of the model (`--cel`); `structs` finds the structs its subfield
/// unions' fields hold.
pub fn struct_plan<'m>(
    def: &StructDef,
    structs: &dyn Fn(&crate::model::TypeName) -> Option<&'m StructDef>,
) -> Plan {
    if def.unions.is_empty() {
        return Plan::default();
    }
    let mut facts = StructFacts::from_model(def);
    for field in def.unions.iter().filter_map(|u| u.subfield.as_deref()) {
        if let Some(held) = held_struct(def, field).and_then(structs) {
            facts = facts.with_nested(field, StructFacts::from_model(held));
        }
    }
    plan(&def.unions, &facts)
}

/// The struct type the property `field` holds (directly or through a pointer).
pub fn held_struct<'d>(def: &'d StructDef, field: &str) -> Option<&'d crate::model::TypeName> {
    match &def.properties.iter().find(|p| p.json_name == field)?.ty {
        PropertyType::Ref(name) => Some(name),
        _ => None,
    }
}

/// A subfield union's rules: planned (and self-checked) on the held struct's facts as if it
/// were that struct's own, then moved onto the holding struct, over `self.<field>`, for
/// objects that have the field (validation-gen validates the union through the field only).
pub(super) fn subfield_plan(union: &Union, field: &str, facts: &StructFacts, plan: &mut Plan) {
    let unenforceable = |why: String| Finding::Unenforceable(why);
    let Some(held) = facts.nested.get(field) else {
        plan.findings.push(unenforceable(format!(
            "the union of `{field}`'s fields is not enforced: the schema of `{field}` is not \
             an object whose fields are known here"
        )));
        return;
    };
    let Some(name) = Name::new(field) else {
        plan.findings.push(unenforceable(unescapable(
            "field",
            field,
            "the union of its fields is not enforced",
        )));
        return;
    };
    let own = Union {
        subfield: None,
        ..union.clone()
    };
    for inner in checked(&own, held, &mut plan.findings) {
        let rule = Shape::Subfield {
            field: name.clone(),
            inner: Box::new(inner),
        }
        .render();
        if !plan.rules.contains(&rule) {
            plan.rules.push(rule);
        }
    }
}
