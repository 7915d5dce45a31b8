//! `cel/over-budget` as typed facts, worded here once: a rule of ours over the API server's
//! per-rule limit (not written), and in `crd` the manifest's own rules over a limit (warnings)
//! or ours bringing a version over the per-version one (an error; not written).

use super::cost::{thousands, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT};
use crate::diag::{Code, Diagnostic, Severity};
use crate::source::Span;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OverBudget {
    /// A union rule of ours, estimated at `estimate` where it sits.
    OurRule {
        type_name: String,
        rule: String,
        estimate: u64,
        limit: u64,
        /// What would bring it under: a sentence.
        fix: String,
    },
    /// A rule the manifest already has, at `path`.
    ManifestRule {
        rule: String,
        path: String,
        version: String,
        cost: u64,
    },
    /// The manifest's own rules of a version, together (`unestimated`: expressions that
    /// could not be estimated and count 0).
    ManifestVersion {
        version: String,
        existing: u64,
        unestimated: usize,
    },
    /// `controller-gen --cel-cost`: a rule of an `XValidation` marker, written into the CRD of
    /// `kind` at `field` of `version`.
    MarkerRule {
        rule: String,
        field: String,
        kind: String,
        version: String,
        cost: u64,
    },
    /// `controller-gen --cel-cost`: the rules of a version of the CRD of `kind`, together.
    KindVersion {
        kind: String,
        version: String,
        total: u64,
        unestimated: usize,
        largest: Vec<(String, u64)>,
    },
    /// The manifest's rules plus ours; `largest`: our most expensive rules, by path.
    WithOurs {
        version: String,
        existing: u64,
        ours: u64,
        unestimated: usize,
        largest: Vec<(String, u64)>,
    },
}

impl OverBudget {
    pub fn into_diagnostic(self, span: Span) -> Diagnostic {
        match self {
            OverBudget::OurRule { type_name, rule, estimate, limit, fix } => Diagnostic::new(
                Code::CelOverBudget,
                span,
                format!(
                    "{type_name}: the API server would estimate the cost of the rule `{rule}` at {}, \
                     over its per-rule limit of {}, and refuse the CRD; the rule is not written",
                    thousands(estimate),
                    thousands(limit)
                ),
            )
            .with_help(format!("{fix}; see `union-gen explain cel/over-budget`")),
            OverBudget::ManifestRule { rule, path, version, cost } => warning(Diagnostic::new(
                Code::CelOverBudget,
                span,
                format!(
                    "the manifest's rule `{rule}` at `{path}` (version {version}) has an \
                     estimated cost of {}, over the API server's per-rule limit of {}: \
                     the API server refuses this CRD as it is",
                    thousands(cost),
                    thousands(STATIC_ESTIMATED_COST_LIMIT)
                ),
            )
            .with_help(
                "bound the lists and maps above the rule (`maxItems`, `maxProperties`) or the \
                 lists and strings it reads",
            )),
            OverBudget::ManifestVersion { version, existing, unestimated } => {
                warning(Diagnostic::new(
                    Code::CelOverBudget,
                    span,
                    format!(
                        "the manifest's rules of version {version} have an estimated total cost of {}, \
                         over the API server's per-version limit of {}{}: the API server \
                         refuses this CRD as it is",
                        thousands(existing),
                        thousands(STATIC_ESTIMATED_CRD_COST_LIMIT),
                        not_estimated(unestimated)
                    ),
                )
                .with_help(
                    "bound the lists and maps above the most expensive rules (`maxItems`, \
                     `maxProperties`)",
                ))
            }
            OverBudget::WithOurs { version, existing, ours, unestimated, largest } => {
                with_ours(span, version, existing, ours, unestimated, largest)
            }
            OverBudget::MarkerRule { rule, field, kind, version, cost } => Diagnostic::new(
                Code::CelOverBudget,
                span,
                format!(
                    "the API server would estimate the cost of the rule `{rule}` at `{field}` of \
                     {kind} {version} at {}, over its per-rule limit of {}, and refuse the CRD",
                    thousands(cost),
                    thousands(STATIC_ESTIMATED_COST_LIMIT)
                ),
            )
            .with_help(
                "bound the lists, maps and strings the rule reads and those above it \
                 (`+kubebuilder:validation:MaxItems`, `MaxProperties`, `MaxLength`)",
            ),
            OverBudget::KindVersion { kind, version, total, unestimated, largest } => {
                let largest: Vec<String> = largest
                    .iter()
                    .map(|(at, c)| format!("`{at}` ({})", thousands(*c)))
                    .collect();
                Diagnostic::new(
                    Code::CelOverBudget,
                    span,
                    format!(
                        "the API server would estimate the rules of {kind} {version} together at \
                         {}, over its per-version limit of {}{}, and refuse the CRD",
                        thousands(total),
                        thousands(STATIC_ESTIMATED_CRD_COST_LIMIT),
                        not_estimated(unestimated)
                    ),
                )
                .with_help(format!(
                    "bound the lists and maps above the most expensive rules \
                     (`+kubebuilder:validation:MaxItems`, `MaxProperties`): {}",
                    largest.join(", ")
                ))
            }
        }
    }
}

fn warning(mut diagnostic: Diagnostic) -> Diagnostic {
    diagnostic.severity = Severity::Warning;
    diagnostic
}

fn not_estimated(unestimated: usize) -> String {
    if unestimated == 0 {
        String::new()
    } else {
        format!(" ({unestimated} of the manifest's expressions could not be estimated and count 0)")
    }
}

fn with_ours(
    span: Span,
    version: String,
    existing: u64,
    ours: u64,
    unestimated: usize,
    largest: Vec<(String, u64)>,
) -> Diagnostic {
    let limit = STATIC_ESTIMATED_CRD_COST_LIMIT;
    let total = existing.saturating_add(ours);
    let largest: Vec<String> = largest
        .iter()
        .map(|(path, c)| format!("`{path}` ({})", thousands(*c)))
        .collect();
    Diagnostic::new(
        Code::CelOverBudget,
        span,
        format!(
            "with union-gen's rules, the rules of version {version} would have an estimated total \
             cost of {} (the manifest's {} + union-gen's {}), over the API server's per-version \
             limit of {}{}; union-gen's rules for this version are not written",
            thousands(total),
            thousands(existing),
            thousands(ours),
            thousands(limit),
            not_estimated(unestimated)
        ),
    )
    .with_help(format!(
        "lower the cost by {} or more: bound (`maxItems`) the lists above the most expensive \
         union rules: {}",
        thousands(total.saturating_sub(limit)),
        largest.join(", ")
    ))
}
