//! Unions of a struct in every marker family of SPEC §5: one file per family implementing
//! [`UnionFamily`], one row each in [`FAMILIES`], over a shared
//! [`Context`], with the rules they share in [`rules`].
//!
//! Output order follows kube-openapi: the struct's own `+union`, then the unions of each
//! inlined embedded struct (recursively, in field order), then the struct's member-level
//! unions, in the order of [`FAMILIES`]. The walk over inlined structs is the one
//! [`flatten`](super::fields::flatten) made for the definition's properties.

mod context;
mod controller_gen;
mod declarative;
#[cfg(test)]
mod example_family;
mod family;
mod findings;
mod items;
mod kep1027;
mod kep2019;
mod rules;
mod subfield;

use std::collections::BTreeSet;

use super::enums::Enums;
use super::fields::{Flattened, Step};
use super::once::{Once, OnceKey};
use super::universe::Universe;
use crate::diag::Diagnostic;
use crate::markers::registry::{Family, Kind, MarkerDef};
use crate::model::{TypeName, Union};
use crate::resolve::hash::HashMap;
use context::{Context, Discriminator, Member};
use family::{Found, UnionFamily};

/// Every union family, in the order their unions are written.
static FAMILIES: &[&dyn UnionFamily] = &[
    &kep2019::StructUnion,
    &kep2019::DeprecatedMembers,
    &kep1027::Kep1027,
    &declarative::Declarative,
    &items::ListItems,
    &subfield::Subfield,
    &controller_gen::ControllerGen,
    #[cfg(test)]
    &example_family::Example,
];

/// The markers union families read that are not registry rows (their own definitions),
/// gathered once: the marker checks ask for every name the registry does not know.
pub fn family_markers() -> &'static [&'static MarkerDef] {
    static OWN: std::sync::OnceLock<Vec<&'static MarkerDef>> = std::sync::OnceLock::new();
    OWN.get_or_init(|| {
        FAMILIES
            .iter()
            .flat_map(|family| family.markers())
            .filter(|def| crate::markers::registry::lookup(def.name).is_none())
            .collect()
    })
}

/// Unions per struct, computed once; diagnostics are reported on first computation.
#[derive(Default)]
pub struct UnionCache<'c> {
    /// What the definitions of earlier waves computed (a wave's definitions are resolved in
    /// parallel, each with a cache of its own over this one).
    base: Option<&'c HashMap<TypeName, OwnUnions>>,
    own: HashMap<TypeName, OwnUnions>,
    item_typedefs: Option<bool>,
}

/// The unions of the structs a cache computed.
pub(super) type Computed = HashMap<TypeName, OwnUnions>;

/// The unions a struct declares itself (not those of its inlined embedded structs).
#[derive(Clone, Default)]
pub(super) struct OwnUnions {
    /// Written before the unions of its inlined embedded structs (the 2019 `+union`).
    before_inlined: Vec<Union>,
    /// Written after them: member-level and type-level unions.
    after_inlined: Vec<Union>,
}

impl<'c> UnionCache<'c> {
    /// A cache for one definition of a wave, over what this one holds.
    pub fn for_definition(&'c self) -> UnionCache<'c> {
        UnionCache {
            base: Some(&self.own),
            own: HashMap::default(),
            item_typedefs: self.item_typedefs,
        }
    }

    /// Reads whether any typedef carries item markers now, so that the caches of a wave's
    /// definitions need not (a walk over every package).
    pub fn prepare(&mut self, universe: &Universe) {
        self.item_typedefs
            .get_or_insert_with(|| items::any_typedef_markers(universe));
    }

    /// What this cache computed itself (not its base's).
    pub fn into_computed(self) -> Computed {
        self.own
    }

    /// Takes in what a definition's cache computed.
    #[allow(
        clippy::iter_over_hash_type,
        reason = "a struct's own unions are the same whichever definition computed them"
    )]
    pub fn absorb(&mut self, computed: Computed) {
        for (name, own) in computed {
            self.own.entry(name).or_insert(own);
        }
    }

    /// All unions of a definition, in kube-openapi's order, from its flattened fields.
    pub fn struct_unions(
        &mut self,
        universe: &Universe,
        enums: &Enums,
        flattened: &Flattened,
        diagnostics: &mut Vec<Diagnostic>,
        once: &mut Once,
    ) -> Vec<Union> {
        let mut unions = Vec::new();
        for step in &flattened.steps {
            let (Step::Enter(index) | Step::Leave(index)) = *step;
            let inlined = &flattened.structs[index];
            let cached = |cache: &Self| {
                cache
                    .base
                    .is_some_and(|base| base.contains_key(&inlined.name))
                    || cache.own.contains_key(&inlined.name)
            };
            if !cached(self) {
                let item_typedefs = *self
                    .item_typedefs
                    .get_or_insert_with(|| items::any_typedef_markers(universe));
                let start = diagnostics.len();
                let mut cx = Context {
                    universe,
                    enums,
                    entry: inlined.entry,
                    fields: flattened.own_fields(index),
                    embeds: &inlined.embeds,
                    all_fields: &flattened.fields,
                    diagnostics: &mut *diagnostics,
                    item_typedefs,
                };
                let own = own_unions(&mut cx);
                once.first_of(
                    OnceKey::Unions(inlined.name.clone()),
                    start..diagnostics.len(),
                );
                self.own.insert(inlined.name.clone(), own);
            }
            let own = match self.base.and_then(|base| base.get(&inlined.name)) {
                Some(own) => own,
                None => &self.own[&inlined.name],
            };
            match step {
                Step::Enter(_) => unions.extend(own.before_inlined.iter().cloned()),
                Step::Leave(_) => unions.extend(own.after_inlined.iter().cloned()),
            }
        }
        unions
    }
}

/// The unions of one struct: its markers are collected, the checks that span families run
/// (a discriminator is not a member, one family per struct), then each family builds its
/// unions, and a field in two unions that may not share it is reported.
fn own_unions(cx: &mut Context) -> OwnUnions {
    let found = found_markers(cx);
    // Each family's unions, with the family that built them.
    let built: Vec<(&dyn UnionFamily, Vec<Union>)> = FAMILIES
        .iter()
        .map(|&family| (family, family.unions(cx, &found)))
        .collect();
    // A plain discriminator that nothing uses.
    if found.struct_marker.is_none() && found.members.is_empty() {
        for d in found.plain_discriminators() {
            // kube-openapi accepts this (and emits no union), so it is a warning here.
            rules::without_members(d.marker, cx.field(d.field), cx.diagnostics);
        }
    }
    let exclusive = built
        .iter()
        .filter(|(family, _)| !family.may_overlap())
        .flat_map(|(_, unions)| unions);
    rules::check_overlaps(cx, exclusive, &found.members);
    let mut out = OwnUnions::default();
    for (family, unions) in built {
        debug_assert!(unions.iter().all(|u| u.meaning == family.meaning()));
        if family.before_inlined() {
            out.before_inlined.extend(unions);
        } else {
            out.after_inlined.extend(unions);
        }
    }
    out
}

/// The struct's union markers, with the checks across families reported.
fn found_markers<'a>(cx: &mut Context<'_, 'a>) -> Found<'a> {
    let struct_marker = cx.entry.decl.doc.marker(Kind::Union);
    let (discriminators, mut members) = context::collect_markers(&cx.fields);
    discriminator_is_member(cx, &discriminators, &members);
    members.retain(|m| !discriminators.iter().any(|d| d.field == m.field));
    let found = Found {
        struct_marker,
        families: members.iter().map(|m| m.family).collect(),
        discriminators,
        members,
    };
    // One marker generation per struct.
    mixed_dialects(cx, &found.members, &found.families);
    // A discriminator of one generation whose members are all of another.
    stray_discriminator(cx, &found.discriminators, &found.members, &found.families);
    found
}

/// `union/discriminator-is-member`: one field cannot be both.
fn discriminator_is_member(cx: &mut Context, discriminators: &[Discriminator], members: &[Member]) {
    for d in discriminators {
        if let Some(member) = members.iter().find(|m| m.field == d.field) {
            cx.report(findings::DiscriminatorIsMember {
                member_marker: member.marker.span.clone(),
                discriminator_marker: d.marker.span.clone(),
                field: cx.field(d.field).go_name.clone(),
            });
        }
    }
}

/// `union/mixed-dialects`: members of one struct in more than one marker generation.
fn mixed_dialects(cx: &mut Context, members: &[Member], families: &BTreeSet<Family>) {
    if families.len() < 2 {
        return;
    }
    let first = members[0].family;
    if let Some(other) = members.iter().find(|m| m.family != first) {
        cx.report(findings::MixedMembers {
            member_marker: other.marker.span.clone(),
            first_marker: members
                .iter()
                .find(|m| m.family == first)
                .map(|m| m.marker.span.clone()),
            field: cx.field(other.field).go_name.clone(),
            family: other.family,
            first_family: first,
            struct_name: cx.struct_name().to_string(),
        });
    }
}

/// `union/mixed-dialects`: a discriminator of one generation whose members are all of
/// another.
fn stray_discriminator(
    cx: &mut Context,
    discriminators: &[Discriminator],
    members: &[Member],
    families: &BTreeSet<Family>,
) {
    let Some(first) = members.first() else { return };
    let stray = if *families == BTreeSet::from([Family::Declarative]) {
        discriminators.iter().find(|d| !d.declarative)
    } else if !families.contains(&Family::Declarative) {
        discriminators.iter().find(|d| d.declarative)
    } else {
        None
    };
    if let Some(d) = stray {
        cx.report(findings::StrayDiscriminator {
            discriminator_marker: d.marker.span.clone(),
            member_marker: first.marker.span.clone(),
            field: cx.field(d.field).go_name.clone(),
            declarative: d.declarative,
            members_family: first.family,
            struct_name: cx.struct_name().to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    /// Every union marker of the registry is read by some family: a union row no family
    /// claims would be checked for placement but build nothing.
    #[test]
    fn every_union_marker_belongs_to_a_family() {
        let claimed: Vec<&str> = super::FAMILIES
            .iter()
            .flat_map(|family| family.markers())
            .map(|def| def.name)
            .collect();
        for def in crate::markers::registry::MARKERS
            .iter()
            .filter(|d| d.is_union())
        {
            assert!(
                claimed.contains(&def.name),
                "no family reads `+{}`",
                def.name
            );
        }
    }

    /// `type E struct{ E; F }` with `type F struct{ E }` made the union walk over embedded
    /// structs exponential (it hung); each struct is now visited once per definition.
    #[test]
    fn embedding_cycles_do_not_hang_the_union_walk() {
        let text = "package p\n\ntype E struct {\n\tE `json:\",inline\"`\n\tF\n}\n\ntype F struct {\n\tE\n}\n";
        let (model, _) = crate::resolve::tests::resolve_text(text);
        assert_eq!(model.definitions.len(), 2);
    }
}
