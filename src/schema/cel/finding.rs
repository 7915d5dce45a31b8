//! Why a union gets no rule, or fewer rules: the findings the planner reports.

use crate::diag::{Code, Diagnostic};
use crate::source::Span;

use super::over_budget;
use super::shape::*;

/// What kept a rule from being written.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// The union (or one member) cannot be enforced; the sentence says why and what is left out.
    Unenforceable(String),
    /// A `+union` struct's member is named after none of its discriminator's `values`, so it
    /// may not be a member at all: no rule is written for the union.
    UnsureMembers {
        discriminator: String,
        member: String,
        values: Vec<String>,
    },
    /// A rule over the items of a list without `maxItems` was written: the API server
    /// estimates its cost from the largest list a request can hold, and may refuse it.
    Unbounded(String),
    /// The API server's estimate of the rule's cost where it sits is over the per-expression
    /// limit (`cost::STATIC_ESTIMATED_COST_LIMIT`); the rule was not written.
    OverBudget {
        rule: Rule,
        /// `MaxCost × cardinality`.
        estimate: u64,
        limit: u64,
        /// What would bring it under: a sentence.
        fix: String,
    },
    /// The self-check found a valid object the rule rejects; the rule was not written.
    RejectsValid {
        rule: Rule,
        /// The witness, as JSON text with the fields' JSON names.
        witness: String,
        /// Why it failed: `false`, or the evaluation error.
        outcome: String,
    },
}

impl Finding {
    /// The diagnostic for a finding on struct `type_name` (declared at `span`).
    pub fn diagnostic(&self, type_name: &str, span: Span) -> Diagnostic {
        match self {
            Finding::Unenforceable(problem) => Diagnostic::new(
                Code::CelUnenforceable,
                span,
                format!("{type_name}: {problem}"),
            )
            .with_help(
                "make the member a pointer, give the field a JSON name CEL can select \
                 (letters, digits, `_`, `.`, `-`, `/`, not starting with a digit), or write \
                 this rule by hand",
            ),
            Finding::UnsureMembers {
                discriminator,
                member,
                values,
            } => Diagnostic::new(
                Code::CelUnenforceable,
                span,
                format!(
                    "{type_name}: no rule is written for the union of `{discriminator}`: \
                     `+union` makes every other field a member, but `{member}` is named after \
                     none of `{discriminator}`'s values ({}), so it may be a field set beside \
                     any of them, and \"at most one\" is not sure",
                    values.join(", ")
                ),
            )
            .with_help(
                "mark the fields the discriminator selects with `+unionMember` (then only those \
                 are counted), or write this rule by hand",
            ),
            Finding::Unbounded(list) => Diagnostic::new(
                Code::CelUnboundedList,
                span,
                format!(
                    "{type_name}: the rule of the list-item union over `{list}` walks a list \
                     without `maxItems`; the API server estimates its cost from the largest \
                     list a request can hold and may refuse the schema (cost budget exceeded)"
                ),
            )
            .with_help(format!(
                "bound the list `{list}`: `+k8s:validation:maxItems=N` (openapi-gen), or in a \
                 CRD `maxItems` (`+kubebuilder:validation:MaxItems=N`)"
            )),
            Finding::OverBudget {
                rule,
                estimate,
                limit,
                fix,
            } => over_budget::OverBudget::OurRule {
                type_name: type_name.to_string(),
                rule: rule.rule.clone(),
                estimate: *estimate,
                limit: *limit,
                fix: fix.clone(),
            }
            .into_diagnostic(span),
            Finding::RejectsValid {
                rule,
                witness,
                outcome,
            } => Diagnostic::new(
                Code::CelRejectsValid,
                span,
                format!(
                    "{type_name}: the rule `{}` rejects the valid object {witness} ({outcome}), \
                     so it is not written",
                    rule.rule
                ),
            )
            .with_help(
                "the union's markers and the schema disagree (a member with a `default`, a \
                 discriminator value no member accepts): see `union-gen explain cel/rejects-valid`",
            ),
        }
    }
}
