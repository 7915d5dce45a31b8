//! validation-gen's subfield unions: `+k8s:subfield(m)=+k8s:unionMember`,
//! `=+k8s:zeroOrOneOfMember` and `=+k8s:unionDiscriminator` on a field whose type is a struct.
//! The named fields of that struct form a union which is validated through this field only
//! (the struct itself gets no union: used elsewhere, it is unconstrained). So the union belongs
//! to the struct holding the field, with [`Union::subfield`] naming the field; its members are
//! built and checked exactly as the declarative family builds a struct's own (the payload
//! markers are put on the subfield's struct fields they name).

use super::context::{self, Context};
use super::declarative;
use super::family::{Found, UnionFamily};
use super::findings;
use crate::markers::registry::{Kind, MarkerDef};
use crate::markers::{parse_marker, Marker};
use crate::model::{DiscriminatorValues, Listed, MemberSet, TypeName, Union, UnionMeaning};
use crate::resolve::fields::{flatten, FlatField};
use crate::resolve::marker_findings::MarkerFinding;
use crate::resolve::universe::GoType;
use crate::syntax::{Field, SpannedMarker};

/// Like the declarative family's; never in `x-kubernetes-unions`, which names fields of the
/// struct itself (these are a field's fields).
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::Never,
};

/// `+k8s:subfield(m)=` union markers on struct fields.
pub(super) struct Subfield;

impl UnionFamily for Subfield {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        [
            Kind::K8sSubfield,
            Kind::K8sUnionMember,
            Kind::K8sZeroOrOneOfMember,
            Kind::K8sUnionDiscriminator,
        ]
        .map(Kind::def)
        .to_vec()
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    fn unions(&self, cx: &mut Context, _: &Found) -> Vec<Union> {
        unions(cx)
    }
}

/// The subfield unions of the struct's own fields, in field order.
fn unions(cx: &mut Context) -> Vec<Union> {
    let mut out = Vec::new();
    for index in 0..cx.fields.len() {
        let holder = cx.fields[index];
        let payloads = subfield_payloads(holder.field);
        if payloads.is_empty() {
            continue;
        }
        let mut resolved = cx.universe.resolve(cx.entry.origin, &holder.field.ty);
        if let GoType::Pointer(inner) = resolved {
            resolved = *inner;
        }
        let target = match &resolved {
            GoType::Named(name, entry) => cx
                .universe
                .struct_of(*entry)
                .map(|fields_entry| (name.clone(), fields_entry)),
            _ => None,
        };
        if matches!(resolved, GoType::External(..) | GoType::Unknown(..)) {
            let (wrapper, _, _) = &payloads[0];
            cx.report(findings::NotLoaded {
                marker: wrapper.span.clone(),
                field: holder.go_name.clone(),
                subfield: true,
            });
            continue;
        }
        let Some((name, entry)) = target else {
            for (wrapper, _, _) in &payloads {
                cx.report_marker(MarkerFinding::SubfieldNotStruct {
                    wrapper: wrapper.span.clone(),
                    holder: holder.go_name.clone(),
                });
            }
            continue;
        };
        out.extend(subfield_unions(cx, holder, &name, entry, &payloads));
    }
    out
}

/// `(wrapper, subfield JSON name, payload)` of every `+k8s:subfield(…)=` union marker.
fn subfield_payloads(field: &Field) -> Vec<(&SpannedMarker, String, Marker)> {
    let mut out = Vec::new();
    for wrapper in &field.doc.markers {
        if wrapper.marker.name != Kind::K8sSubfield.name() {
            continue;
        }
        let Some(Ok(mut payload)) = wrapper.marker.value.as_deref().and_then(parse_marker) else {
            continue;
        };
        let is_union = matches!(
            Kind::from_name(&payload.name),
            Some(Kind::K8sUnionMember | Kind::K8sZeroOrOneOfMember | Kind::K8sUnionDiscriminator)
        );
        let Some(subfield) = wrapper.marker.positional() else {
            continue; // `marker/malformed` reports a subfield without its name
        };
        if is_union {
            // A gate on the wrapper gates what it holds.
            let mut gates = wrapper.marker.gates.clone();
            gates.append(&mut payload.gates);
            payload.gates = gates;
            out.push((wrapper, subfield.trim_matches('"').to_string(), payload));
        }
    }
    out
}

/// The unions the payloads make of the subfield struct `name`'s own fields.
fn subfield_unions(
    cx: &mut Context,
    holder: &FlatField,
    name: &TypeName,
    entry: crate::resolve::universe::TypeEntry,
    payloads: &[(&SpannedMarker, String, Marker)],
) -> Vec<Union> {
    let flattened = flatten(cx.universe, name, entry);
    let own = flattened.own_fields(0);
    // The subfield struct's fields, each with the payload markers that name it as its only
    // markers (its own union markers make its own unions, elsewhere).
    let mut fields: Vec<Field> = own.iter().map(|f| f.field.clone()).collect();
    for field in &mut fields {
        field.doc.markers.clear();
    }
    for (wrapper, subfield, payload) in payloads {
        match own.iter().position(|f| f.json_name == *subfield) {
            Some(at) => fields[at].doc.markers.push(SpannedMarker {
                marker: payload.clone(),
                span: wrapper.span.clone(),
                text_offset: wrapper.text_offset,
            }),
            None => cx.report_marker(MarkerFinding::SubfieldUnknown {
                wrapper: wrapper.span.clone(),
                subfield: subfield.clone(),
                type_name: name.name.clone(),
            }),
        }
    }
    let flat: Vec<FlatField> = own
        .iter()
        .zip(&fields)
        .map(|(f, field)| FlatField {
            field,
            ..(*f).clone()
        })
        .collect();
    let mut sub = Context {
        universe: cx.universe,
        enums: cx.enums,
        entry,
        fields: flat.iter().collect(),
        embeds: &[],
        all_fields: &flat,
        diagnostics: &mut *cx.diagnostics,
        item_typedefs: cx.item_typedefs,
    };
    let (discriminators, members) = context::collect_markers(&sub.fields);
    let discriminators: Vec<_> = discriminators.iter().collect();
    let members: Vec<_> = members.iter().collect();
    let mut unions = declarative::unions(&mut sub, &discriminators, &members, MEANING);
    for union in &mut unions {
        union.subfield = Some(holder.json_name.clone());
    }
    unions
}
