//! Rules every union family shares: one discriminator per union, discriminators are
//! serialised strings, members optional and serialised, member values unique and among the
//! discriminator's enum values, a field in at most one union; plus the helpers the families
//! build unions with.

use crate::resolve::hash::HashMap;
use std::collections::BTreeSet;

use super::context::{Context, Discriminator, Member};
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::{Family, Kind};
use crate::model::{EnumValue, Union, UnionMember};
use crate::resolve::fields::{self, FlatField};
use crate::resolve::universe::GoType;
use crate::source::Span;
use crate::syntax::SpannedMarker;

/// Whether any of a union's markers sits behind a feature gate (`+k8s:alpha(…)=`,
/// `+k8s:ifEnabled(G)=`, …).
pub(super) fn gated<'m>(markers: impl IntoIterator<Item = &'m SpannedMarker>) -> bool {
    markers.into_iter().any(|m| !m.marker.gates.is_empty())
}

/// Secondary labels from an iterator (the related discriminators of a diagnostic).
pub(super) trait WithLabels {
    fn with_labels(self, labels: impl Iterator<Item = (Span, String)>) -> Self;
}

impl WithLabels for Diagnostic {
    fn with_labels(self, labels: impl Iterator<Item = (Span, String)>) -> Self {
        labels.fold(self, |d, (span, label)| d.with_label(span, label))
    }
}

pub(super) fn report_multiple(cx: &mut Context, discriminators: &[&Discriminator]) {
    if let [first, rest @ ..] = discriminators {
        for extra in rest {
            cx.diagnostics.push(
                Diagnostic::new(
                    Code::UnionMultipleDiscriminators,
                    extra.marker.span.clone(),
                    format!("second discriminator `{}` in one union", cx.field(extra.field).go_name),
                )
                .with_label(first.marker.span.clone(), "first discriminator")
                .with_help("a union has one discriminator: remove one marker, or split the union (`+unionDiscriminatedBy=` / `union: \"…\"`)"),
            );
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
    let diagnostic = Diagnostic::new(
        Code::UnionDiscriminatorWithoutMembers,
        marker.span.clone(),
        format!("discriminator `{}` has no union members", field.go_name),
    )
    .with_label(field.span.clone(), "discriminator field")
    .with_help("mark the member fields (`+unionMember`, or `+union` on the struct), or remove the discriminator marker");
    diagnostics.push(diagnostic);
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
            let mut diagnostic = Diagnostic::new(
                Code::UnionMemberNotOptional,
                mf.span.clone(),
                format!("union member `{}` is required", mf.go_name),
            )
            .with_help("mark it `// +optional` and add `omitempty` to its JSON tag: only the selected member is set");
            if let Some(marker) = mf
                .field
                .doc
                .markers
                .iter()
                .find(|m| Kind::from_name(&m.marker.name).is_some_and(Kind::is_union_member))
            {
                diagnostic = diagnostic.with_label(marker.span.clone(), "union member marker");
            }
            cx.diagnostics.push(diagnostic);
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
    let mut diagnostic = Diagnostic::new(
        Code::UnionMemberNotPointer,
        mf.span.clone(),
        format!(
            "`+k8s:` union member `{}` is {kind}: validation-gen accepts only nilable and \
             primitive members (pointer, map, slice, string, number, bool) and fails to generate",
            mf.go_name
        ),
    )
    .with_help(format!(
        "make it a pointer (`{} *…`) with `omitempty`, so that unset is `nil`",
        mf.go_name
    ));
    diagnostic.severity = crate::diag::Severity::Error;
    cx.diagnostics.push(diagnostic);
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
        cx.diagnostics.push(
            Diagnostic::new(
                Code::UnionDiscriminatorNotString,
                mf.span.clone(),
                format!("discriminator `{}` is not a string", mf.go_name),
            )
            .with_label(marker.span.clone(), "marked as discriminator here")
            .with_help(
                "a discriminator holds the selected member's name: give it a string (enum) type",
            ),
        );
    }
}

fn json_ignored(mf: &FlatField, role: &str, diagnostics: &mut Vec<Diagnostic>) {
    if mf.tag.skip {
        let span = mf.field.tag_span.clone().unwrap_or(mf.span.clone());
        diagnostics.push(
            Diagnostic::new(
                Code::UnionJsonIgnored,
                span,
                format!(
                    "union {role} `{}` is not serialised (`json:\"-\"`)",
                    mf.go_name
                ),
            )
            .with_help("give the field a JSON name: clients must be able to set it"),
        );
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
    diagnostics.push(
        Diagnostic::new(
            Code::UnionJsonIgnored,
            span,
            format!(
                "union member `{}` has no JSON name for validation-gen: gengo reads \
                 `json:\",inline\"` as inlined, and validation-gen fails (\"is a union member \
                 but has no JSON name\")",
                mf.go_name
            ),
        )
        .with_help("give the member a JSON name (`json:\"name,omitempty\"`)"),
    );
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
                cx.diagnostics.push(
                    Diagnostic::new(
                        Code::UnionMemberValueJsonMismatch,
                        member.marker.span.clone(),
                        format!("member value `{explicit}` does not match the JSON name `{}` (ignoring case)", mf.json_name),
                    )
                    .with_help(format!("a custom value only changes the spelling of the member's JSON name: write e.g. `+unionMember={}`, or drop the value (the default is the Go field name `{}`)", mf.json_name.to_uppercase(), mf.go_name)),
                );
            }
        }
        if let Some(previous) = seen.get(&value) {
            cx.diagnostics.push(
                Diagnostic::new(
                    Code::UnionDuplicateMemberValue,
                    member.marker.span.clone(),
                    format!(
                        "members `{}` and `{}` share the discriminator value `{value}`",
                        cx.field(previous.field).go_name,
                        mf.go_name
                    ),
                )
                .with_label(previous.marker.span.clone(), "first member with this value")
                .with_help("give each member its own discriminator value"),
            );
            continue;
        }
        seen.insert(value.clone(), member);
        if let Some(values) = enum_values {
            if !values.iter().any(|v| v.value == value) {
                let known: Vec<&str> = values.iter().map(|v| v.value.as_str()).collect();
                cx.diagnostics.push(
                    Diagnostic::new(
                        Code::UnionMemberValueNotInEnum,
                        member.marker.span.clone(),
                        format!(
                            "member `{}` has discriminator value `{value}`, which is not a value of discriminator `{}`",
                            mf.go_name,
                            discriminator_name.unwrap_or("?")
                        ),
                    )
                    .with_help(if member.value.is_none() {
                        // The value was never written: say where it came from.
                        format!(
                            "without a value, a member's discriminator value is its Go field \
                             name `{}`; write the enum value it stands for, e.g. \
                             `+unionMember={}` (the discriminator's values: {})",
                            mf.go_name,
                            known.first().copied().unwrap_or("<value>"),
                            known.join(", ")
                        )
                    } else {
                        format!("use one of: {}", known.join(", "))
                    }),
                );
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
        diagnostics.push(
            Diagnostic::new(
                Code::UnionDiscriminatorRequiredness,
                mf.span.clone(),
                format!("discriminator `{}` {problem}", mf.go_name),
            )
            .with_label(marker.span.clone(), "discriminator marker")
            .with_help("see `union-gen explain union/discriminator-requiredness`"),
        );
    }
}

/// A field belongs to at most one of `unions` (those of families whose unions may not share
/// fields).
pub(super) fn check_overlaps(cx: &mut Context, unions: &[Union], members: &[Member]) {
    let mut count: HashMap<&str, usize> = HashMap::default();
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
        let mut diagnostic = Diagnostic::new(
            Code::UnionOverlappingUnions,
            primary,
            format!(
                "field `{}` is a member of {n} unions",
                cx.field(index).go_name
            ),
        )
        .with_help("a field belongs to at most one union: remove the extra member marker");
        if let Some(first) = markers.first() {
            if markers.len() > 1 {
                diagnostic =
                    diagnostic.with_label(first.marker.span.clone(), "first union membership");
            }
        }
        cx.diagnostics.push(diagnostic);
    }
}
