//! The seam a union family plugs into: what it reads, what its unions mean, and how it builds
//! them from one struct. A family is one file implementing [`UnionFamily`] and one row of
//! [`FAMILIES`](super::FAMILIES); the schema, the CEL rules and `crd` read the
//! [`UnionMeaning`] it stamps on its unions, never its name.

use std::collections::BTreeSet;

use super::context::{Context, Discriminator, Member};
use crate::markers::registry::{Family, MarkerDef};
use crate::model::{Union, UnionMeaning};
use crate::syntax::SpannedMarker;

/// A generation of union markers (SPEC §5) and how it makes unions of a struct.
pub(super) trait UnionFamily: Sync {
    /// The markers it reads: rows of the marker registry, or its own definitions (the marker
    /// checks know those too: misplaced, malformed, "did you mean").
    fn markers(&self) -> Vec<&'static MarkerDef>;

    /// What its unions mean to the outputs; every union it builds carries it.
    fn meaning(&self) -> UnionMeaning;

    /// Where its unions go in kube-openapi's order: before the unions of the struct's inlined
    /// embedded structs (a `+union` struct's), or after them (member-level ones).
    fn before_inlined(&self) -> bool {
        false
    }

    /// Whether its unions may share member fields with other unions (controller-gen's may);
    /// otherwise a field in two unions is `union/overlapping-unions`.
    fn may_overlap(&self) -> bool {
        false
    }

    /// The struct's unions of this family, with its problems reported into `cx`.
    fn unions(&self, cx: &mut Context, found: &Found) -> Vec<Union>;
}

/// The union markers of one struct's own fields, read once for every family, after the
/// checks that span families (a discriminator is not a member, one generation per struct).
pub(super) struct Found<'a> {
    /// The struct's `+union` marker.
    pub struct_marker: Option<&'a SpannedMarker>,
    pub discriminators: Vec<Discriminator<'a>>,
    /// Members, none of them also a discriminator.
    pub members: Vec<Member<'a>>,
    /// The marker families the members are written in.
    pub families: BTreeSet<Family>,
}

impl<'a> Found<'a> {
    /// `+unionDiscriminator` fields (not validation-gen's).
    pub fn plain_discriminators(&self) -> Vec<&Discriminator<'a>> {
        self.discriminators
            .iter()
            .filter(|d| !d.declarative)
            .collect()
    }

    /// The members written in one marker family.
    pub fn members_in(&self, family: Family) -> Vec<&Member<'a>> {
        self.members.iter().filter(|m| m.family == family).collect()
    }

    /// The `+union` marker when the struct is a 2019 union: a `+union` struct with `k8s:`
    /// members is a `k8s:` union (validation-gen ignores `+union`).
    pub fn struct_union(&self) -> Option<&'a SpannedMarker> {
        self.struct_marker
            .filter(|_| !self.families.contains(&Family::Declarative))
    }
}
