//! CEL rules that enforce unions on an API server (SPEC §6, `--cel` and `crd`): the
//! `x-kubernetes-validations` entries of a struct's schema, one `{"rule", "message"}` object
//! each.
//!
//! First law: a rule never rejects an object the API accepts. So rules say only what the
//! union's marker family means for sure, and `check` evaluates every rule on valid witness
//! objects before it is written. Shapes, per union, in the order of the struct's unions:
//! - 2019 KEP (`+union`, `+unionDeprecated`): `(S(a) ? 1 : 0) + (S(b) ? 1 : 0) <= 1` only —
//!   its discriminator "values" are Go field names, labels that are often not real values. In
//!   a `+union` struct whose fields also carry `+unionMember`, the sum covers those fields only
//!   ([`Union::named_members`](crate::model::Union::named_members)).
//! - undiscriminated `k8s:` unions: the same sum `== 1` (`<= 1` for `zeroOrOneOfMember`). The
//!   sum is written out instead of `[…].filter(x, x).size()`: a macro's estimated cost grows
//!   with the list it iterates, a sum of ternaries is constant.
//! - discriminated (KEP-1027, `k8s:`), per member whose value `V` the discriminator allows:
//!   `!has(self.d) || self.d == '' || (self.d == 'V' ? S(m) : !S(m))` (an `optional` member:
//!   `… || self.d == 'V' || !S(m)`), plus the at-most-one sum when the discriminator may be
//!   unset: an unset discriminator selects nothing. The discriminator's own allowed set is
//!   left to its `enum`; no rule lists values.
//!
//! `S(m)`, "m is set", follows the Go field ([`ZeroForm`](crate::model::ZeroForm)): `has(self.m)` for a pointer, and
//! a comparison with the zero value for a plain string, number, bool, slice or map, which Go
//! writes even when unset unless the tag says `omitempty`. A struct value has no zero a rule
//! can test: such a member gets no rule and a `cel/unenforceable` warning.
//!
//! Field names are escaped as the API server's CEL environment names properties
//! ([`escape`]); a name it cannot escape cannot be selected at all (Kubernetes offers no
//! `self['x']` for declared properties), so the rules that would need it are left out.
//!
//! Input: unions and [`StructFacts`]. Output: rules and [`Finding`]s. Must not know: Go
//! syntax or output formats.

pub(crate) mod check;
pub(crate) mod cost;
mod facts;
mod finding;
mod generated;
pub(crate) mod over_budget;
mod parsed;
mod plan;
mod shape;
mod syntax;

pub use facts::{FieldFacts, StructFacts, ValueKind};
pub use finding::Finding;
pub use generated::is_generated;
pub use parsed::RuleKey;
pub use plan::{held_struct, plan, plan_placed, struct_plan, Placement, Plan};
pub use shape::Rule;
pub use syntax::{escape, string_literal};

/// The extension key the rules go under.
pub const EXTENSION: &str = "x-kubernetes-validations";

#[cfg(test)]
mod tests;
