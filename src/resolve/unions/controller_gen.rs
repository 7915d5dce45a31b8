//! controller-gen's unions: type-level `+kubebuilder:validation:ExactlyOneOf=a;b`,
//! `AtMostOneOf=a;b`, `AtLeastOneOf=a;b` (JSON names, controller-gen's list grammar), one
//! union per marker, no discriminator. A member is set when it is present: controller-gen
//! writes `(has(self.a)?1:0)+(has(self.b)?1:0) == 1` (`<= 1`; `has(self.a)||has(self.b)`).
//!
//! Read as controller-tools reads them (`pkg/crd/markers/validation.go`, `pkg/crd/schema.go`):
//! several markers, of one kind or several, may share fields (so `union/overlapping-unions`
//! does not apply); an empty list is no constraint; a name with a `.` is controller-gen's
//! error "cannot reference nested fields"; a member marked `+required` is its error "cannot
//! be marked as required". controller-gen does not check that a name exists; the API server
//! then rejects the CRD (the rule selects an undefined field), so an unknown name is an error
//! here (`union/unknown-member`).

use super::context::Context;
use super::family::{Found, UnionFamily};
use super::findings;
use super::rules::gated;
use crate::markers::registry::{self, Kind, MarkerDef};
use crate::model::{
    Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning, UnionMember,
};
use crate::resolve::fields::{FlatField, REQUIRED_MARKERS};
use crate::syntax::SpannedMarker;

/// A member is set when present (the rule controller-gen writes); no discriminator; never in
/// `x-kubernetes-unions` (openapi-gen ignores these markers, and structured-merge-diff has no
/// "at least one" and no overlapping unions).
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::Present,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::Never,
};

/// Type-level `ExactlyOneOf` / `AtMostOneOf` / `AtLeastOneOf` markers.
pub(super) struct ControllerGen;

impl UnionFamily for ControllerGen {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        [Kind::ExactlyOneOf, Kind::AtMostOneOf, Kind::AtLeastOneOf]
            .map(Kind::def)
            .to_vec()
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    /// Several markers may share fields, as controller-gen allows.
    fn may_overlap(&self) -> bool {
        true
    }

    fn unions(&self, cx: &mut Context, _: &Found) -> Vec<Union> {
        unions(cx)
    }
}

/// The unions of the struct's `ExactlyOneOf` / `AtMostOneOf` / `AtLeastOneOf` markers, in
/// controller-gen's order of their rules: every `AtMostOneOf`, then `ExactlyOneOf`, then
/// `AtLeastOneOf`, each in source order (the block above the doc comment first).
fn unions(cx: &mut Context) -> Vec<Union> {
    let decl = cx.entry.decl;
    let mut unions = Vec::new();
    for marker in decl.detached_doc.markers.iter().chain(&decl.doc.markers) {
        let count = match Kind::from_name(&marker.marker.name) {
            Some(Kind::ExactlyOneOf) => Count::ExactlyOne,
            Some(Kind::AtMostOneOf) => Count::AtMostOne,
            Some(Kind::AtLeastOneOf) => Count::AtLeastOne,
            _ => continue,
        };
        let names = registry::list(marker.marker.value.as_deref().unwrap_or(""));
        let mut members = Vec::new();
        for name in &names {
            let Some(field) = member_field(cx, marker, name) else {
                continue;
            };
            if !members.iter().any(|m: &UnionMember| m.json_name == *name) {
                members.push(UnionMember {
                    json_name: name.clone(),
                    value: field.go_name.clone(),
                    optional: false,
                    gated: false,
                });
            }
        }
        if members.is_empty() {
            continue;
        }
        unions.push(Union {
            meaning: MEANING,
            gated: gated([marker]),
            discriminator: None,
            members,
            empty_values: Vec::new(),
            count,
            named_members: Vec::new(),
            items: None,
            subfield: None,
        });
    }
    unions.sort_by_key(|union| match union.count {
        Count::AtMostOne => 0,
        Count::ExactlyOne => 1,
        Count::AtLeastOne => 2,
    });
    unions
}

/// The field a marker's `name` selects, with the problems controller-gen has with it
/// reported: a nested field, a name that is no JSON field name (not a member), a required
/// member.
fn member_field<'c, 'a>(
    cx: &mut Context<'c, 'a>,
    marker: &SpannedMarker,
    name: &str,
) -> Option<&'c FlatField<'a>> {
    if name.contains('.') {
        cx.report(findings::NestedMember {
            span: marker.value_or_marker_span(),
            marker: marker.marker.name.clone(),
            name: name.to_string(),
        });
        return None;
    }
    let Some(field) = cx
        .all_fields
        .iter()
        .find(|f| f.serialized && f.json_name == name)
    else {
        let known = cx
            .all_fields
            .iter()
            .filter(|f| f.serialized)
            .map(|f| f.json_name.clone())
            .collect();
        cx.report(findings::UnknownMember {
            span: marker.value_or_marker_span(),
            marker: marker.marker.name.clone(),
            name: name.to_string(),
            struct_name: cx.struct_name().to_string(),
            known,
        });
        return None;
    };
    if let Some(required) = field.field.doc.markers.iter().find(|m| {
        REQUIRED_MARKERS
            .iter()
            .any(|kind| kind.name() == m.marker.name)
    }) {
        cx.report(findings::RequiredMember {
            required: required.span.clone(),
            union_marker: marker.span.clone(),
            field: field.go_name.clone(),
        });
    }
    Some(field)
}
