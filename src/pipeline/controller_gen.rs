//! `union-gen controller-gen`'s stages: the packages of `paths=` loaded once, controller-gen's
//! `crd` generator on them, and the opt-ins on what it writes (unknown markers, the API
//! server's cost estimates, what `union-gen crd` adds).

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value;

use super::{Analysis, Timings};
use crate::diag::Code;
use crate::diag::Diagnostic;
use crate::model::controller_gen::{Expr, MarkerValue, Model};
use crate::schema::cel::cost::{
    NotEstimated, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
};
use crate::schema::cel::over_budget::OverBudget;
use crate::source::Span;
use crate::{crd, discover, emit, load, model, resolve};

/// What the generators of a line read beyond the packages of `paths=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: `rbac` and `webhook` read the markers of the packages of `paths=` only.
    Markers,
    /// The types the kinds reach (`crd`), loaded as they are reached.
    Kinds,
    /// Every package the declarations reach (`--with-crd-patch`: union-gen's own resolution).
    Declarations,
}

/// `controller-gen`'s analysis of `paths=`: the packages discovered and loaded once (with the
/// packages the generators read, `needs`), for every generator of the line. No union-gen
/// resolution runs: a drop-in reports controller-gen's findings only (the opt-ins resolve what
/// they need). An empty `paths` loads nothing (controller-gen loads no package without
/// `paths=`).
pub fn analysis(paths: &[String], needs: Needs, timings: &mut Timings) -> anyhow::Result<Analysis> {
    let mut loaded = if paths.is_empty() {
        load::Loaded::default()
    } else {
        let (packages, walk_errors) = discover::discover(paths)?;
        timings.lap("discover");
        let reach = match needs {
            Needs::Markers => load::Reach::Inputs,
            Needs::Kinds => load::Reach::Types(&resolve::controller_gen::load_seeds),
            Needs::Declarations => load::Reach::Declarations,
        };
        let loaded = load::load_reaching(&packages, &walk_errors, &load::Disk, reach);
        timings.lap("load+parse");
        timings.count("packages", loaded.packages.len());
        timings.count("files", loaded.sources.len());
        loaded
    };
    let diagnostics = std::mem::take(&mut loaded.diagnostics);
    Ok(Analysis {
        loaded,
        model: model::ApiModel::default(),
        diagnostics,
    })
}

/// The opt-in checks of the `crd` generator (the default is controller-gen's behaviour).
#[derive(Debug, Clone, Copy, Default)]
pub struct Checks {
    /// `--deny-unknown-markers`.
    pub unknown_markers: bool,
    /// `--cel-cost`.
    pub cel_cost: bool,
}

/// controller-gen's `crd` generator on loaded packages: the packages read as controller-gen
/// reads them, the schemas in its flavour, the manifests as it writes them. Every refusal is
/// a diagnostic (`controller-gen/invalid`; a type in a package that was not found,
/// `controller-gen/unresolved`); the files are for the caller to write when none is an error.
pub fn crds(
    loaded: &load::Loaded,
    settings: &emit::crd::Settings,
    checks: Checks,
) -> (Vec<(String, Vec<u8>)>, Vec<Diagnostic>) {
    let behaviour = &settings.schema.behaviour;
    let resolved = resolve::controller_gen::resolve(&loaded.packages, &loaded.sources, behaviour);
    use resolve::controller_gen::{findings, unknown};
    let mut diagnostics = resolved.diagnostics;
    if checks.unknown_markers {
        diagnostics.extend(unknown::check(&resolved.ignored, behaviour));
    }
    let output = emit::crd::generate(&resolved.model, settings);
    diagnostics.extend(
        output
            .refusals
            .into_iter()
            .map(|(span, message)| findings::refused(span, message)),
    );
    diagnostics.extend(
        output
            .unresolved
            .into_iter()
            .map(|(span, what)| findings::unresolved(span, &what)),
    );
    diagnostics.extend(
        output
            .unlocated
            .into_iter()
            .map(findings::refused_unlocated),
    );
    if checks.cel_cost {
        diagnostics.extend(cel_costs(&resolved.model, &output.crds));
    }
    (output.files, diagnostics)
}

/// `--cel-cost`: every rule the CRDs hold, estimated as the API server estimates it when the
/// CRD is created; a rule over the per-rule limit is an error at its `XValidation` marker
/// (once, at its most expensive place), a version over the per-version limit an error at the
/// kind; a rule the API server would refuse to compile is `cel/does-not-compile` at its
/// marker (once).
pub fn cel_costs(model: &Model, crds: &[Value]) -> Vec<Diagnostic> {
    let markers = rule_markers(model);
    let mut over_rule: Vec<(Span, OverBudget)> = Vec::new();
    let mut refused: Vec<Diagnostic> = Vec::new();
    let mut refused_at: Vec<(Span, String)> = Vec::new();
    let mut out = Vec::new();
    for crd in crds {
        let spec = &crd["spec"];
        let (group, kind) = (text(&spec["group"]), text(&spec["names"]["kind"]));
        for version in spec["versions"].as_array().into_iter().flatten() {
            let name = text(&version["name"]);
            let kind_span = kind_span(model, group, name, kind);
            let costs = crd::rule_costs(&version["schema"]["openAPIV3Schema"]);
            for rule in &costs {
                let span = markers.get(rule.rule.as_str()).or(kind_span.as_ref());
                let cost = match (&rule.cost, span) {
                    (Ok(cost), _) => *cost,
                    (Err(NotEstimated::Refused(why)), Some(span)) => {
                        let at = (span.clone(), rule.rule.clone());
                        if !refused_at.contains(&at) {
                            refused_at.push(at);
                            refused.push(does_not_compile(span, rule, kind, name, why));
                        }
                        continue;
                    }
                    (Err(_), _) => continue,
                };
                if cost <= STATIC_ESTIMATED_COST_LIMIT {
                    continue;
                }
                let Some(span) = span else { continue };
                let finding = OverBudget::MarkerRule {
                    rule: rule.rule.clone(),
                    field: rule.field.clone(),
                    kind: kind.to_string(),
                    version: name.to_string(),
                    cost,
                };
                record_most_expensive(&mut over_rule, span, finding);
            }
            if let (Some(span), Some(over)) = (kind_span, version_over(&costs, kind, name)) {
                out.push(over.into_diagnostic(span));
            }
        }
    }
    let mut rules: Vec<Diagnostic> = over_rule
        .into_iter()
        .map(|(span, over)| over.into_diagnostic(span))
        .collect();
    refused.append(&mut rules);
    refused.append(&mut out);
    refused
}

/// `cel/does-not-compile`: a rule cel-go's type checker refuses, which makes the API server
/// refuse the CRD.
fn does_not_compile(
    span: &Span,
    rule: &crd::RuleCost,
    kind: &str,
    version: &str,
    why: &str,
) -> Diagnostic {
    Diagnostic::new(
        Code::CelDoesNotCompile,
        span.clone(),
        format!(
            "the rule `{}` at `{}` ({kind} {version}) does not compile: the API server refuses \
             the CRD (compilation failed: {why})",
            rule.rule, rule.field
        ),
    )
    .with_help(
        "fix the rule (the functions of CEL and Kubernetes' libraries, operands of one type); \
         see `union-gen explain cel/does-not-compile`",
    )
}

/// Keeps one finding per marker: the most expensive place its rule is written.
fn record_most_expensive(found: &mut Vec<(Span, OverBudget)>, span: &Span, finding: OverBudget) {
    let cost_of = |over: &OverBudget| match over {
        OverBudget::MarkerRule { cost, .. } => *cost,
        _ => 0,
    };
    match found.iter_mut().find(|(at, _)| at == span) {
        Some((_, kept)) if cost_of(kept) < cost_of(&finding) => *kept = finding,
        Some(_) => {}
        None => found.push((span.clone(), finding)),
    }
}

/// A version whose rules together are over the API server's per-version limit.
fn version_over(costs: &[crd::RuleCost], kind: &str, version: &str) -> Option<OverBudget> {
    let total = costs
        .iter()
        .filter_map(|rule| rule.cost.as_ref().ok())
        .fold(0u64, |sum, cost| sum.saturating_add(*cost));
    if total <= STATIC_ESTIMATED_CRD_COST_LIMIT {
        return None;
    }
    let mut largest: Vec<(String, u64)> = costs
        .iter()
        .filter_map(|rule| Some((rule.field.clone(), *rule.cost.as_ref().ok()?)))
        .collect();
    largest.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    largest.truncate(4);
    Some(OverBudget::KindVersion {
        kind: kind.to_string(),
        version: version.to_string(),
        total,
        unestimated: costs.iter().filter(|rule| rule.cost.is_err()).count(),
        largest,
    })
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

/// The declaration of `kind` in the package serving `group`/`version`.
fn kind_span(model: &Model, group: &str, version: &str, kind: &str) -> Option<Span> {
    model.packages.iter().find_map(|package| {
        let (g, v) = package.group_version();
        if g != group || v != version || package.skip {
            return None;
        }
        Some(package.types[package.type_named(kind)?].span.clone())
    })
}

/// The first `XValidation` marker of every rule text, in the order the model holds them.
fn rule_markers(model: &Model) -> HashMap<&str, Span> {
    let mut out: HashMap<&str, Span> = HashMap::new();
    for package in &model.packages {
        for ty in &package.types {
            let fields = match &ty.expr {
                Expr::Struct { fields, .. } => fields.as_slice(),
                _ => &[],
            };
            let markers = ty
                .markers
                .iter()
                .chain(fields.iter().flat_map(|f| &f.markers));
            for marker in markers {
                if let MarkerValue::XValidation(rule) = &marker.value {
                    out.entry(rule.rule.as_str())
                        .or_insert_with(|| marker.span.clone());
                }
            }
        }
    }
    out
}

/// `--with-crd-patch`: what `union-gen crd` adds (the enum lists of the project's `+enum`
/// types, the union rules), applied in memory to the manifests the `crd` generator wrote
/// (`(path shown in diagnostics, text)`), with union-gen's analysis of the same packages.
/// Call inside the worker pool.
pub fn patch(loaded: load::Loaded, manifests: Vec<(PathBuf, String)>) -> crd::Outcome {
    let manifests = crd::Manifests::from_texts(manifests);
    let options = resolve::Options {
        dependency_definitions: true,
        openapi_gen: false,
        kubebuilder: false,
    };
    let (model, closure, mut diagnostics) = resolve::resolve(
        &loaded.packages,
        &loaded.missing,
        options,
        &manifests.roots(),
    );
    closure.judge(&mut diagnostics, &loaded.packages, resolve::Outside::Drop);
    let options = crd::Options {
        files: Vec::new(),
        packages: Vec::new(),
        jobs: 1,
        dependency_enums: false,
        // In memory: nothing is written over a read-only file here.
        force: false,
    };
    crd::run(&options, manifests, loaded, model, diagnostics)
}
