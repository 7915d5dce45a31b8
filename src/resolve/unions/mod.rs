//! Unions of a struct in every marker family of SPEC §5, one module per family over a shared
//! [`Context`](context::Context), with the rules they share in [`rules`].
//!
//! - [`kep2019`]: `+union` structs and `+unionDeprecated` members (kube-openapi);
//! - [`kep1027`]: `+unionMember` tied to `+unionDiscriminator`;
//! - [`declarative`]: validation-gen's `+k8s:unionMember` / `+k8s:zeroOrOneOfMember`;
//! - [`controller_gen`]: controller-gen's type-level `ExactlyOneOf` / `AtMostOneOf` /
//!   `AtLeastOneOf` (JSON names, one union per marker).
//!
//! A family is one module with a function from the context (and the markers
//! [`context::collect_markers`] found) to `Vec<Union>`, called from [`own_unions`], plus its
//! rows in the marker registry (`crate::markers::registry`).
//!
//! Output order follows kube-openapi: the struct's own `+union`, then the unions of each
//! inlined embedded struct (recursively, in field order), then the struct's member-level
//! unions. The walk over inlined structs is the one [`flatten`](super::fields::flatten) made for the
//! definition's properties.

mod context;
mod controller_gen;
mod declarative;
mod items;
mod kep1027;
mod kep2019;
mod rules;
mod subfield;

use std::collections::{BTreeSet, HashMap};

use super::enums::Enums;
use super::fields::{Flattened, Step};
use super::universe::Universe;
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::Kind;
use crate::model::{TypeName, Union};
use context::{Context, Dialect, Discriminator, Member};

/// Unions per struct, computed once; diagnostics are reported on first computation.
#[derive(Default)]
pub struct UnionCache {
    own: HashMap<TypeName, OwnUnions>,
}

/// The unions a struct declares itself (not those of its inlined embedded structs).
#[derive(Clone, Default)]
struct OwnUnions {
    /// The 2019 `+union` struct union.
    struct_union: Option<Union>,
    /// Member-level unions (2019 `+unionDeprecated`, KEP-1027, declarative).
    member_unions: Vec<Union>,
    /// Type-level unions that name their members (controller-gen's `ExactlyOneOf`, …); they
    /// may share fields with each other and with the unions above.
    type_unions: Vec<Union>,
}

impl UnionCache {
    /// All unions of a definition, in kube-openapi's order, from its flattened fields.
    pub fn struct_unions(
        &mut self,
        universe: &Universe,
        enums: &Enums,
        flattened: &Flattened,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<Union> {
        let mut unions = Vec::new();
        for step in &flattened.steps {
            let (Step::Enter(index) | Step::Leave(index)) = *step;
            let inlined = &flattened.structs[index];
            if !self.own.contains_key(&inlined.name) {
                let mut cx = Context {
                    universe,
                    enums,
                    entry: inlined.entry,
                    fields: flattened.own_fields(index),
                    embeds: &inlined.embeds,
                    all_fields: &flattened.fields,
                    diagnostics: &mut *diagnostics,
                };
                let own = own_unions(&mut cx);
                self.own.insert(inlined.name.clone(), own);
            }
            let own = &self.own[&inlined.name];
            match step {
                Step::Enter(_) => unions.extend(own.struct_union.clone()),
                Step::Leave(_) => {
                    unions.extend(own.member_unions.iter().cloned());
                    unions.extend(own.type_unions.iter().cloned());
                }
            }
        }
        unions
    }
}

/// The unions of one struct: its markers are collected, the checks that span families run
/// (a discriminator is not a member, one family per struct), then each family builds its
/// unions.
fn own_unions(cx: &mut Context) -> OwnUnions {
    let struct_marker = cx.entry.decl.doc.marker(Kind::Union.name());
    let (discriminators, mut members) = context::collect_markers(&cx.fields);

    discriminator_is_member(cx, &discriminators, &members);
    members.retain(|m| !discriminators.iter().any(|d| d.field == m.field));

    // One marker generation per struct.
    let dialects: BTreeSet<Dialect> = members.iter().map(|m| m.dialect).collect();
    mixed_dialects(cx, &members, &dialects);

    // A discriminator of one generation whose members are all of another.
    stray_discriminator(cx, &discriminators, &members, &dialects);

    let mut out = OwnUnions::default();
    let plain_discriminators: Vec<&Discriminator> =
        discriminators.iter().filter(|d| !d.declarative).collect();

    // 2019: `+union` on the struct, every other field a member. (A `+union` struct with `k8s:`
    // members is a `k8s:` union: validation-gen ignores `+union`.)
    let struct_union = struct_marker.filter(|_| !dialects.contains(&Dialect::Declarative));
    if let Some(struct_marker) = struct_union {
        out.struct_union = Some(kep2019::struct_union(
            cx,
            struct_marker,
            &plain_discriminators,
            &members,
        ));
    }

    // 2019 member-level union: `+unionDeprecated` fields.
    let deprecated: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Legacy2019)
        .collect();
    if struct_marker.is_none() && !deprecated.is_empty() {
        let with_kep1027 = dialects.contains(&Dialect::Kep1027);
        out.member_unions.push(kep2019::deprecated_union(
            cx,
            &plain_discriminators,
            &deprecated,
            with_kep1027,
        ));
    }

    // KEP-1027: `+unionMember` tied to `+unionDiscriminator` fields.
    let kep: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Kep1027 && struct_union.is_none())
        .collect();
    if !kep.is_empty() {
        out.member_unions
            .extend(kep1027::unions(cx, &plain_discriminators, &kep));
    }

    // Declarative validation: `+k8s:unionMember` / `+k8s:zeroOrOneOfMember` grouped by `union:`.
    let declarative: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Declarative)
        .collect();
    let declarative_discriminators: Vec<&Discriminator> =
        discriminators.iter().filter(|d| d.declarative).collect();
    if !declarative.is_empty() || !declarative_discriminators.is_empty() {
        out.member_unions.extend(declarative::unions(
            cx,
            &declarative_discriminators,
            &declarative,
        ));
    }

    // validation-gen's list-item unions: `+k8s:item(key: "v")=+k8s:unionMember` on a list.
    out.member_unions.extend(items::unions(cx));
    // validation-gen's subfield unions: `+k8s:subfield(m)=+k8s:unionMember` on a struct field.
    out.member_unions.extend(subfield::unions(cx));

    // A plain discriminator that nothing uses.
    if struct_marker.is_none() && members.is_empty() {
        for d in &plain_discriminators {
            // kube-openapi accepts this (and emits no union), so it is a warning here.
            rules::without_members(d.marker, cx.field(d.field), cx.diagnostics);
        }
    }

    rules::check_overlaps(cx, &out, &members);

    // controller-gen: `+kubebuilder:validation:ExactlyOneOf=a;b` and its siblings.
    out.type_unions = controller_gen::unions(cx);
    out
}

/// `union/discriminator-is-member`: one field cannot be both.
fn discriminator_is_member(cx: &mut Context, discriminators: &[Discriminator], members: &[Member]) {
    for d in discriminators {
        if let Some(member) = members.iter().find(|m| m.field == d.field) {
            cx.diagnostics.push(
            Diagnostic::new(
                Code::UnionDiscriminatorIsMember,
                member.marker.span.clone(),
                format!("field `{}` is both a union discriminator and a union member", cx.field(d.field).go_name),
            )
            .with_label(d.marker.span.clone(), "discriminator marker here")
            .with_help("a discriminator names the member that is set; it cannot be a member itself: remove one of the markers"),
        );
        }
    }
}

/// `union/mixed-dialects`: members of one struct in more than one marker generation.
fn mixed_dialects(cx: &mut Context, members: &[Member], dialects: &BTreeSet<Dialect>) {
    if dialects.len() > 1 {
        let first = members[0].dialect;
        if let Some(other) = members.iter().find(|m| m.dialect != first) {
            let first_marker = members
                .iter()
                .find(|m| m.dialect == first)
                .map(|m| m.marker.span.clone());
            let mut diagnostic = Diagnostic::new(
            Code::UnionMixedDialects,
            other.marker.span.clone(),
            format!(
                "member `{}` uses the {} markers, but the union of `{}` already uses the {} markers",
                cx.field(other.field).go_name,
                other.dialect.describe(),
                cx.struct_name(),
                first.describe()
            ),
        )
        .with_help("write every union member of the struct in one marker generation");
            if let Some(span) = first_marker {
                diagnostic = diagnostic.with_label(
                    span,
                    format!(
                        "the union's first member uses the {} markers",
                        first.describe()
                    ),
                );
            }
            cx.diagnostics.push(diagnostic);
        }
    }
}

/// `union/mixed-dialects`: a discriminator of one generation whose members are all of
/// another.
fn stray_discriminator(
    cx: &mut Context,
    discriminators: &[Discriminator],
    members: &[Member],
    dialects: &BTreeSet<Dialect>,
) {
    if let Some(first) = members.first() {
        let stray = if *dialects == BTreeSet::from([Dialect::Declarative]) {
            discriminators.iter().find(|d| !d.declarative)
        } else if !dialects.contains(&Dialect::Declarative) {
            discriminators.iter().find(|d| d.declarative)
        } else {
            None
        };
        if let Some(d) = stray {
            let (used, expected) = if d.declarative {
                (Dialect::Declarative, first.dialect)
            } else {
                (Dialect::Kep1027, Dialect::Declarative)
            };
            cx.diagnostics.push(
            Diagnostic::new(
                Code::UnionMixedDialects,
                d.marker.span.clone(),
                format!(
                    "discriminator `{}` uses the {} markers, but the members of `{}` use the {} markers",
                    cx.field(d.field).go_name,
                    used.describe(),
                    cx.struct_name(),
                    expected.describe()
                ),
            )
            .with_label(first.marker.span.clone(), "member marker of the other generation")
            .with_help(if d.declarative {
                "write the discriminator as `+unionDiscriminator`, or the members as `+k8s:unionMember`"
            } else {
                "write the discriminator as `+k8s:unionDiscriminator`, or the members as `+unionMember`"
            }),
        );
        }
    }
}

#[cfg(test)]
mod tests {
    /// `type E struct{ E; F }` with `type F struct{ E }` made the union walk over embedded
    /// structs exponential (it hung); each struct is now visited once per definition.
    #[test]
    fn embedding_cycles_do_not_hang_the_union_walk() {
        let text = "package p\n\ntype E struct {\n\tE `json:\",inline\"`\n\tF\n}\n\ntype F struct {\n\tE\n}\n";
        let (model, _) = crate::resolve::tests::resolve_text(text);
        assert_eq!(model.definitions.len(), 2);
    }
}
