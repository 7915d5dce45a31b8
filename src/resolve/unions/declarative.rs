//! Declarative-validation unions (validation-gen): `+k8s:unionMember`,
//! `+k8s:zeroOrOneOfMember` and `+k8s:unionDiscriminator`, grouped by `union: "<name>"`.
//! Exactly one member of a union, at most one of a zero-or-one group; "set" is non-zero.

use super::context::{Context, Discriminator, Member};
use super::family::{Found, UnionFamily};
use super::findings;
use super::rules::{
    check_common, discriminator_enum, empty_values, gated, member_values, report_multiple,
    without_members, MemberRule,
};
use crate::diag::Diagnostic;
use crate::markers::registry::{Family, Kind, MarkerDef};
use crate::model::{Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning};
use crate::resolve::marker_findings::MarkerFinding;
use crate::source::Span;
use crate::syntax::{Field, SpannedMarker};

/// "Set" is non-zero (the Go validators'); the discriminator's values select members.
/// (List-item and subfield unions mean the same but are never listed.)
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::UnlessOpenApiGen,
};

/// `+k8s:unionMember` / `+k8s:zeroOrOneOfMember` fields and `+k8s:unionDiscriminator`s.
pub(super) struct Declarative;

impl UnionFamily for Declarative {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        [
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

    fn unions(&self, cx: &mut Context, found: &Found) -> Vec<Union> {
        let members = found.members_in(Family::Declarative);
        let discriminators: Vec<&Discriminator> = found
            .discriminators
            .iter()
            .filter(|d| d.declarative)
            .collect();
        if members.is_empty() && discriminators.is_empty() {
            return Vec::new();
        }
        unions(cx, &discriminators, &members, MEANING)
    }
}

/// The `+k8s:` unions of a struct, grouped by `union:` name (unions and zero-or-one groups
/// apart).
pub(super) fn unions(
    cx: &mut Context,
    discriminators: &[&Discriminator],
    members: &[&Member],
    meaning: UnionMeaning,
) -> Vec<Union> {
    let fields = cx.fields.clone();
    for d in discriminators {
        check_args(d.marker, &["union"], cx.diagnostics);
    }
    for m in members {
        check_args(m.marker, &["union", "memberName"], cx.diagnostics);
    }
    inlined_members(cx.embeds, cx.diagnostics);
    let mut by_name: Vec<(&str, &Discriminator)> = Vec::new();
    for d in discriminators {
        let name = d.union_name.as_deref().unwrap_or("");
        if let Some((_, first)) = by_name.iter().find(|(n, _)| *n == name) {
            report_multiple(cx, &[first, d]);
            continue;
        }
        by_name.push((name, d));
    }
    let (groups, unassigned) = group_members(cx, &by_name, members);
    let mut unions = Vec::new();
    for (name, d) in &by_name {
        if !unassigned && !groups.iter().any(|((zero, n), _)| !zero && n == name) {
            without_members(d.marker, fields[d.field], cx.diagnostics);
        }
    }
    for ((zero_or_one, name), group) in groups {
        let discriminator = if zero_or_one {
            None
        } else {
            by_name.iter().find(|(n, _)| *n == name).map(|(_, d)| *d)
        };
        let enum_values = discriminator.and_then(|d| discriminator_enum(cx, fields[d.field]));
        let member_fields: Vec<usize> = group.iter().map(|m| m.field).collect();
        check_common(
            cx,
            discriminator.map(|d| (d.field, d.marker)),
            &member_fields,
            MemberRule::NilableOrPrimitive,
        );
        let union_members = member_values(
            cx,
            &group,
            enum_values,
            discriminator.map(|d| fields[d.field].go_name.as_str()),
        );
        unions.push(Union {
            meaning,
            gated: gated(
                group
                    .iter()
                    .map(|m| m.marker)
                    .chain(discriminator.map(|d| d.marker)),
            ),
            discriminator: discriminator.map(|d| fields[d.field].json_name.clone()),
            empty_values: empty_values(enum_values, &union_members),
            named_members: Vec::new(),
            items: None,
            members: union_members,
            count: if zero_or_one {
                Count::AtMostOne
            } else {
                Count::ExactlyOne
            },
            subfield: None,
        });
    }
    unions
}

/// Each declared union's discriminator marker and name, for a finding's labels.
fn declared(by_name: &[(&str, &Discriminator)]) -> Vec<(Span, String)> {
    by_name
        .iter()
        .map(|(name, d)| (d.marker.span.clone(), name.to_string()))
        .collect()
}

/// Members grouped by (zero-or-one, union name), in order of first appearance.
type Groups<'m, 'a> = Vec<((bool, String), Vec<&'m Member<'a>>)>;

/// The members grouped by the union they name (or the struct's only union), and whether any
/// could not be assigned (reported: an unknown union, or several to choose from).
fn group_members<'m, 'a>(
    cx: &mut Context,
    by_name: &[(&str, &Discriminator)],
    members: &'m [&'m Member<'a>],
) -> (Groups<'m, 'a>, bool) {
    let fields = cx.fields.clone();
    let mut groups: Groups<'m, 'a> = Vec::new();
    let mut unassigned = false;
    for member in members {
        let mf = fields[member.field];
        let name = match (&member.union_name, by_name.len()) {
            (Some(name), _) => {
                if !by_name.is_empty()
                    && !member.zero_or_one
                    && !by_name.iter().any(|(n, _)| n == name)
                {
                    cx.report(findings::UnknownUnion {
                        marker: member.marker.span.clone(),
                        field: mf.go_name.clone(),
                        name: name.clone(),
                        unions: declared(by_name),
                    });
                    unassigned = true;
                    continue;
                }
                name.clone()
            }
            (None, 0) | (None, 1) => by_name
                .first()
                .map(|(n, _)| n.to_string())
                .unwrap_or_default(),
            (None, _) => {
                cx.report(findings::AmbiguousUnion {
                    marker: member.marker.span.clone(),
                    field: mf.go_name.clone(),
                    unions: declared(by_name),
                });
                unassigned = true;
                continue;
            }
        };
        let key = (member.zero_or_one, name);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(member),
            None => groups.push((key, vec![member])),
        }
    }
    (groups, unassigned)
}

/// validation-gen's tag type check: only the named arguments a marker declares
/// (`unrecognized named argument %q`; a positional argument is one too).
pub(super) fn check_args(
    marker: &SpannedMarker,
    allowed: &[&str],
    diagnostics: &mut Vec<Diagnostic>,
) {
    for arg in &marker.marker.args {
        if arg.name.as_deref().is_some_and(|n| allowed.contains(&n)) {
            // validation-gen's tag parser types bare values; these arguments are strings.
            if let Some(got) = arg.bare_type() {
                let name = arg.name.as_deref().unwrap_or_default();
                let finding = MarkerFinding::ArgumentNotString {
                    span: marker.sub_span(&arg.span),
                    marker: marker.marker.name.clone(),
                    argument: name.to_string(),
                    got,
                    value: arg.value.clone(),
                };
                diagnostics.push(finding.into_diagnostic());
            }
            continue;
        }
        let what = match &arg.name {
            Some(name) => format!("an unknown argument `{name}`"),
            None => format!("a positional argument `{}`", arg.value),
        };
        let finding = MarkerFinding::UnknownArgument {
            span: marker.sub_span(&arg.span),
            marker: marker.marker.name.clone(),
            what,
            allowed: allowed.iter().map(|a| a.to_string()).collect(),
        };
        diagnostics.push(finding.into_diagnostic());
    }
}

/// An inlined embedded field (`*Inner`, `Inner `json:",inline"``) has no JSON name, so
/// validation-gen fails on it as a union member or discriminator ("is a union member but has
/// no JSON name"); its markers would otherwise be dropped here without a word.
fn inlined_members(embeds: &[&Field], diagnostics: &mut Vec<Diagnostic>) {
    for field in embeds {
        for m in &field.doc.markers {
            let role = match Kind::from_name(&m.marker.name) {
                Some(Kind::K8sUnionMember | Kind::K8sZeroOrOneOfMember) => "member",
                Some(Kind::K8sUnionDiscriminator) => "discriminator",
                _ => continue,
            };
            let finding = findings::InlinedMarker {
                marker: m.span.clone(),
                embed: field.span.clone(),
                role,
            };
            diagnostics.push(finding.into());
        }
    }
}
