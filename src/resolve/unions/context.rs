//! What every union family reads: one struct, its own fields, and the union markers found on
//! them ([`collect_markers`]).

use super::super::enums::Enums;
use super::super::fields::FlatField;
use super::super::universe::{TypeEntry, Universe};
use crate::diag::Diagnostic;
use crate::markers::registry::{self, Family, Kind};
use crate::resolve::marker_findings::MarkerFinding;
use crate::syntax::{Field, SpannedMarker};

/// The struct whose own unions are being built.
pub(super) struct Context<'c, 'a> {
    pub universe: &'c Universe<'a>,
    pub enums: &'c Enums,
    pub entry: TypeEntry<'a>,
    /// The struct's own fields (not those of its inlined embedded structs), one per Go name:
    /// [`Discriminator::field`] and [`Member::field`] index this.
    pub fields: Vec<&'c FlatField<'a>>,
    /// Its inlined embedded fields.
    pub embeds: &'c [&'a Field],
    /// Every field of the definition being built (the struct's own, and those it inlines):
    /// the properties a type-level marker can name.
    pub all_fields: &'c [FlatField<'a>],
    pub diagnostics: &'c mut Vec<Diagnostic>,
    /// Some loaded type declaration carries `+k8s:item` (computed once per run).
    pub item_typedefs: bool,
}

impl<'c, 'a> Context<'c, 'a> {
    pub fn field(&self, index: usize) -> &'c FlatField<'a> {
        self.fields[index]
    }

    /// The struct's Go name.
    pub fn struct_name(&self) -> &'a str {
        &self.entry.decl.name
    }

    /// Reports a union finding (worded in `findings.rs`).
    pub fn report(&mut self, finding: impl Into<Diagnostic>) {
        self.diagnostics.push(finding.into());
    }

    pub fn report_marker(&mut self, finding: MarkerFinding) {
        self.diagnostics.push(finding.into_diagnostic());
    }
}

/// A `+unionDiscriminator` or `+k8s:unionDiscriminator` field.
pub(super) struct Discriminator<'a> {
    pub field: usize,
    pub marker: &'a SpannedMarker,
    /// `union:` argument of `+k8s:unionDiscriminator` (`""` when absent).
    pub union_name: Option<String>,
    pub declarative: bool,
}

/// A field's union membership marker.
pub(super) struct Member<'a> {
    pub field: usize,
    pub marker: &'a SpannedMarker,
    /// The marker family (generation) it was written in.
    pub family: Family,
    /// Explicit discriminator value (`=X`, `memberName:`).
    pub value: Option<String>,
    pub optional_flag: bool,
    /// `+unionDiscriminatedBy=`, `union:`.
    pub union_name: Option<String>,
    /// `+k8s:zeroOrOneOfMember`.
    pub zero_or_one: bool,
}

/// The discriminator and member markers of a struct's own fields, in field order.
pub(super) fn collect_markers<'a>(
    fields: &[&FlatField<'a>],
) -> (Vec<Discriminator<'a>>, Vec<Member<'a>>) {
    let mut discriminators = Vec::new();
    let mut members = Vec::new();
    for (index, flat) in fields.iter().enumerate() {
        let field: &'a Field = flat.field;
        for m in &field.doc.markers {
            let marker = &m.marker;
            match Kind::from_name(&marker.name) {
                Some(Kind::UnionDiscriminator) => discriminators.push(Discriminator {
                    field: index,
                    marker: m,
                    union_name: None,
                    declarative: false,
                }),
                Some(Kind::K8sUnionDiscriminator) => discriminators.push(Discriminator {
                    field: index,
                    marker: m,
                    union_name: Some(marker.arg("union").unwrap_or("").to_string()),
                    declarative: true,
                }),
                Some(Kind::UnionDeprecated) => members.push(Member {
                    field: index,
                    marker: m,
                    family: Family::Union2019,
                    value: None,
                    optional_flag: false,
                    union_name: None,
                    zero_or_one: false,
                }),
                Some(Kind::UnionMember) => {
                    let (value, optional_flag) = registry::member_value(marker);
                    members.push(Member {
                        field: index,
                        marker: m,
                        family: Family::Kep1027,
                        value,
                        optional_flag,
                        union_name: marker_value(field, Kind::UnionDiscriminatedBy),
                        zero_or_one: false,
                    });
                }
                Some(kind @ (Kind::K8sUnionMember | Kind::K8sZeroOrOneOfMember)) => {
                    members.push(Member {
                        field: index,
                        marker: m,
                        family: Family::Declarative,
                        value: marker.arg("memberName").map(str::to_string),
                        optional_flag: false,
                        union_name: marker.arg("union").map(str::to_string),
                        zero_or_one: kind == Kind::K8sZeroOrOneOfMember,
                    })
                }
                _ => {}
            }
        }
    }
    (discriminators, members)
}

fn marker_value(field: &Field, kind: Kind) -> Option<String> {
    field.doc.marker(kind).and_then(|m| m.marker.value.clone())
}
