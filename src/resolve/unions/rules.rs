//! Rules every union family shares: one discriminator per union, discriminators are
//! serialised strings, members optional and serialised, member values unique and among the
//! discriminator's enum values, a field in at most one union; plus the helpers the families
//! build unions with.

use std::collections::{BTreeMap, BTreeSet};

use super::context::{Context, Discriminator, Member};
use super::findings;
use crate::diag::Diagnostic;
use crate::markers::registry::{Family, Kind};
use crate::model::{EnumValue, Union, UnionMember};
use crate::resolve::fields::{self, FlatField};
use crate::resolve::hash::HashMap;
use crate::resolve::universe::GoType;
use crate::syntax::SpannedMarker;

/// Whether any of a union's markers sits behind a feature gate (`+k8s:alpha(…)=`,
/// `+k8s:ifEnabled(G)=`, …).
pub(super) fn gated<'m>(markers: impl IntoIterator<Item = &'m SpannedMarker>) -> bool {
    markers.into_iter().any(|m| !m.marker.gates.is_empty())
}

pub(super) fn report_multiple(cx: &mut Context, discriminators: &[&Discriminator]) {
    if let [first, rest @ ..] = discriminators {
        for extra in rest {
            cx.report(findings::MultipleDiscriminators {
                extra_marker: extra.marker.span.clone(),
                first_marker: first.marker.span.clone(),
                field: cx.field(extra.field).go_name.clone(),
            });
        }
    }
}

/// A warning in every dialect: openapi-gen emits a `+union` struct's lone discriminator with
/// empty `fields-to-discriminateBy` and ignores a plain one; validation-gen accepts a `k8s:`
/// discriminator whose values have no members yet (SPEC §5).
pub(super) fn without_members(
    marker: &SpannedMarker,
    field: &FlatField,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let finding = findings::DiscriminatorWithoutMembers {
        marker: marker.span.clone(),
        field_span: field.span.clone(),
        field: field.go_name.clone(),
    };
    diagnostics.push(finding.into());
}

/// How a dialect's members must be declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MemberRule {
    /// 2019 and KEP-1027: members are optional (unset unless selected).
    Optional,
    /// validation-gen: "set" means non-zero, so members need not be optional, but a member
    /// must be nilable or primitive (pointer, map, slice, string/number/bool) — it rejects
    /// anything else when generating.
    NilableOrPrimitive,
}

/// Rules every dialect shares: discriminator is a serialised string, members are serialised
/// and declared as the dialect requires ([`MemberRule`]).
pub(super) fn check_common(
    cx: &mut Context,
    discriminator: Option<(usize, &SpannedMarker)>,
    member_fields: &[usize],
    rule: MemberRule,
) {
    if let Some((index, marker)) = discriminator {
        let mf = cx.field(index);
        check_string(cx, mf, marker);
        json_ignored(mf, "discriminator", cx.diagnostics);
    }
    for &index in member_fields {
        let mf = cx.field(index);
        json_ignored(mf, "member", cx.diagnostics);
        if rule == MemberRule::NilableOrPrimitive {
            check_nilable_or_primitive(cx, mf);
            inline_named(mf, cx.diagnostics);
            continue;
        }
        if !fields::is_optional_when_enabled(mf.field, &mf.tag) {
            let member_marker = mf
                .field
                .doc
                .markers
                .iter()
                .find(|m| Kind::from_name(&m.marker.name).is_some_and(Kind::is_union_member));
            cx.report(findings::MemberRequired {
                field_span: mf.span.clone(),
                member_marker: member_marker.map(|m| m.span.clone()),
                field: mf.go_name.clone(),
            });
        }
    }
}

/// validation-gen's generation-time rule for `+k8s:` union members: "can only be used on
/// nilable and primitive types". An error here too, since validation-gen fails on it.
fn check_nilable_or_primitive(cx: &mut Context, mf: &FlatField) {
    let resolved = cx.universe.resolve(cx.entry.origin, &mf.field.ty);
    let kind = match cx.universe.underlying(resolved) {
        GoType::Pointer(_) | GoType::Map(..) | GoType::Slice(_) | GoType::Builtin(_) => return,
        GoType::Struct(..) => "a struct",
        GoType::Named(..) => return,
        GoType::Array(_) => "an array",
        GoType::Interface => "an interface",
        // Unknown or unloaded types: nothing certain to say.
        _ => return,
    };
    cx.report(findings::MemberNotNilable {
        field_span: mf.span.clone(),
        field: mf.go_name.clone(),
        kind,
    });
}

fn check_string(cx: &mut Context, mf: &FlatField, marker: &SpannedMarker) {
    let mut resolved = cx.universe.resolve(cx.entry.origin, &mf.field.ty);
    if let GoType::Pointer(inner) = resolved {
        resolved = *inner;
    }
    let is_string = match cx.universe.underlying(resolved) {
        GoType::Builtin(name) => name == "string",
        GoType::External(..) | GoType::Unknown(..) => true,
        _ => false,
    };
    if !is_string {
        cx.report(findings::DiscriminatorNotString {
            field_span: mf.span.clone(),
            marker: marker.span.clone(),
            field: mf.go_name.clone(),
        });
    }
}

fn json_ignored(mf: &FlatField, role: &'static str, diagnostics: &mut Vec<Diagnostic>) {
    if mf.tag.skip {
        let span = mf.field.tag_span.clone().unwrap_or(mf.span.clone());
        let finding = findings::JsonIgnored {
            span,
            role,
            field: mf.go_name.clone(),
        };
        diagnostics.push(finding.into());
    }
}

/// A named `k8s:` member tagged `json:",inline"`: encoding/json ignores the option and writes
/// the Go name, but gengo reads the member as inlined, without a JSON name, and validation-gen
/// fails on it ("is a union member but has no JSON name").
fn inline_named(mf: &FlatField, diagnostics: &mut Vec<Diagnostic>) {
    if !mf.tag.inline || mf.field.names.is_empty() || mf.tag.name.is_some() {
        return;
    }
    let span = mf.field.tag_span.clone().unwrap_or(mf.span.clone());
    let finding = findings::InlineNamedMember {
        span,
        field: mf.go_name.clone(),
    };
    diagnostics.push(finding.into());
}

/// The enum values of a discriminator's type, if it is an enum.
pub(super) fn discriminator_enum<'c>(
    cx: &Context<'c, '_>,
    mf: &FlatField,
) -> Option<&'c [EnumValue]> {
    let enums = cx.enums;
    let mut resolved = cx.universe.resolve(cx.entry.origin, &mf.field.ty);
    if let GoType::Pointer(inner) = resolved {
        resolved = *inner;
    }
    match resolved {
        GoType::Named(name, _) => enums.values.get(&name).map(Vec::as_slice),
        _ => None,
    }
}

pub(super) fn member_values(
    cx: &mut Context,
    members: &[&Member],
    enum_values: Option<&[EnumValue]>,
    discriminator_name: Option<&str>,
) -> Vec<UnionMember> {
    let mut seen: HashMap<String, &Member> = HashMap::default();
    let mut out = Vec::new();
    for member in members {
        let mf = cx.field(member.field);
        let value = member.value.clone().unwrap_or_else(|| mf.go_name.clone());
        // KEP-1027: a custom `+unionMember=<value>` should match the member's JSON name
        // case-insensitively (`+unionMember=ALPHA` on `json:"alpha"`).
        if let (Some(explicit), Family::Kep1027) = (&member.value, member.family) {
            if !explicit.eq_ignore_ascii_case(&mf.json_name) {
                cx.report(findings::MemberValueJsonMismatch {
                    marker: member.marker.span.clone(),
                    explicit: explicit.clone(),
                    json_name: mf.json_name.clone(),
                    field: mf.go_name.clone(),
                });
            }
        }
        if let Some(previous) = seen.get(&value) {
            cx.report(findings::DuplicateMemberValue {
                marker: member.marker.span.clone(),
                first_marker: previous.marker.span.clone(),
                first: cx.field(previous.field).go_name.clone(),
                field: mf.go_name.clone(),
                value,
            });
            continue;
        }
        seen.insert(value.clone(), member);
        if let Some(values) = enum_values {
            if !values.iter().any(|v| v.value == value) {
                cx.report(findings::MemberValueNotInEnum {
                    marker: member.marker.span.clone(),
                    field: mf.go_name.clone(),
                    value: value.clone(),
                    discriminator: discriminator_name.map(str::to_string),
                    known: values.iter().map(|v| v.value.clone()).collect(),
                    written: member.value.is_some(),
                });
            }
        }
        out.push(UnionMember {
            json_name: mf.json_name.clone(),
            value,
            optional: member.optional_flag,
            gated: member.marker.marker.is_gated(),
        });
    }
    out
}

pub(super) fn empty_values(
    enum_values: Option<&[EnumValue]>,
    members: &[UnionMember],
) -> Vec<String> {
    enum_values
        .unwrap_or_default()
        .iter()
        .filter(|v| !members.iter().any(|m| m.value == v.value))
        .map(|v| v.value.clone())
        .collect()
}

pub(super) fn list_names<'n>(names: impl Iterator<Item = &'n str>) -> String {
    let names: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(": {}", names.join(", "))
    }
}

/// KEP-1027: the discriminator is required, unless its enum has `""` (then `omitempty`) or it
/// has a `+default` (then optional and `omitempty`).
pub(super) fn check_requiredness(
    mf: &FlatField,
    marker: &SpannedMarker,
    enum_values: Option<&[EnumValue]>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let optional = fields::is_optional_when_enabled(mf.field, &mf.tag);
    let has_default = mf.field.doc.has_marker(Kind::Default);
    let has_empty = enum_values.is_some_and(|vs| vs.iter().any(|v| v.value.is_empty()));
    let problem = if has_default {
        (!optional || !mf.tag.omitempty)
            .then_some("has a `+default`, so it must be `+optional` with `omitempty`")
    } else if has_empty {
        (!mf.tag.omitempty)
            .then_some("has the empty value `\"\"` in its enum, so its JSON tag needs `omitempty`")
    } else {
        optional.then_some("has no `+default` and no `\"\"` value, so it must be required")
    };
    if let Some(problem) = problem {
        let finding = findings::DiscriminatorRequiredness {
            field_span: mf.span.clone(),
            marker: marker.span.clone(),
            field: mf.go_name.clone(),
            problem,
        };
        diagnostics.push(finding.into());
    }
}

/// A field belongs to at most one of `unions` (those of families whose unions may not share
/// fields).
pub(super) fn check_overlaps<'u>(
    cx: &mut Context,
    unions: impl Iterator<Item = &'u Union>,
    members: &[Member],
) {
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for union in unions {
        for member in &union.members {
            *count.entry(member.json_name.as_str()).or_default() += 1;
        }
    }
    let mut reported = BTreeSet::new();
    for (json_name, n) in count {
        if n < 2 || !reported.insert(json_name.to_string()) {
            continue;
        }
        let Some(index) = cx.fields.iter().position(|m| m.json_name == json_name) else {
            continue;
        };
        let markers: Vec<&Member> = members.iter().filter(|m| m.field == index).collect();
        let primary = markers
            .get(1)
            .or(markers.first())
            .map(|m| m.marker.span.clone())
            .unwrap_or(cx.field(index).span.clone());
        cx.report(findings::OverlappingUnions {
            primary,
            first_membership: markers
                .first()
                .filter(|_| markers.len() > 1)
                .map(|m| m.marker.span.clone()),
            field: cx.field(index).go_name.clone(),
            unions: n,
        });
    }
}
