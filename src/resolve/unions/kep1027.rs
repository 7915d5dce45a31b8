//! KEP-1027 unions: `+unionMember[=<value>][,optional]` fields tied to a
//! `+unionDiscriminator` (by `+unionDiscriminatedBy=<field>` when the struct has several).
//! Exactly one member when the discriminator is required, else at most one; a member's value
//! is a discriminator value.

use super::context::{Context, Discriminator, Member};
use super::family::{Found, UnionFamily};
use super::findings;
use super::rules::{
    check_common, check_requiredness, discriminator_enum, empty_values, gated, member_values,
    without_members, MemberRule,
};
use crate::markers::registry::{Family, Kind, MarkerDef};
use crate::model::{Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning};
use crate::resolve::fields::{self, FlatField};
use crate::source::Span;

/// Non-zero members selected by the discriminator's values.
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::UnlessOpenApiGen,
};

/// `+unionMember` fields tied to `+unionDiscriminator`s.
pub(super) struct Kep1027;

impl UnionFamily for Kep1027 {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        [
            Kind::UnionMember,
            Kind::UnionDiscriminatedBy,
            Kind::UnionDiscriminator,
        ]
        .map(Kind::def)
        .to_vec()
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    fn unions(&self, cx: &mut Context, found: &Found) -> Vec<Union> {
        // In a `+union` struct, `+unionMember` only names the 2019 union's counted members.
        let members = found.members_in(Family::Kep1027);
        if members.is_empty() || found.struct_union().is_some() {
            return Vec::new();
        }
        unions(cx, &found.plain_discriminators(), &members)
    }
}

/// The unions of `+unionMember` fields, one per `+unionDiscriminator` they are tied to.
fn unions(cx: &mut Context, discriminators: &[&Discriminator], members: &[&Member]) -> Vec<Union> {
    let members = draft_spellings(cx, discriminators, members);
    // A member that could not be assigned (ambiguous, unknown union) may have been meant for
    // a discriminator that now looks empty: do not report that as a second error.
    let (groups, unassigned) = assign(cx, discriminators, &members);
    let fields = cx.fields.clone();
    let mut unions = Vec::new();
    for (d, group) in discriminators.iter().zip(groups) {
        let mf = fields[d.field];
        let enum_values = discriminator_enum(cx, mf);
        if enum_values.is_none() {
            cx.report(findings::DiscriminatorNotEnum {
                field_span: mf.span.clone(),
                marker: d.marker.span.clone(),
                field: mf.go_name.clone(),
            });
        }
        check_requiredness(mf, d.marker, enum_values, cx.diagnostics);
        let member_fields: Vec<usize> = group.iter().map(|m| m.field).collect();
        check_common(
            cx,
            Some((d.field, d.marker)),
            &member_fields,
            MemberRule::Optional,
        );
        if group.is_empty() {
            if !unassigned {
                without_members(d.marker, mf, cx.diagnostics);
            }
            continue;
        }
        let union_members = member_values(cx, &group, enum_values, Some(&mf.go_name));
        let required = !fields::is_optional_when_enabled(mf.field, &mf.tag);
        unions.push(Union {
            meaning: MEANING,
            gated: gated(group.iter().map(|m| m.marker).chain([d.marker])),
            discriminator: Some(mf.json_name.clone()),
            empty_values: empty_values(enum_values, &union_members),
            named_members: Vec::new(),
            items: None,
            members: union_members,
            count: if required {
                Count::ExactlyOne
            } else {
                Count::AtMostOne
            },
            subfield: None,
        });
    }
    unions
}

/// The members, with the draft KEP's `+unionMember=<discriminator>` spelling reported and read
/// as `+unionMember,unionDiscriminatedBy=<discriminator>`.
fn draft_spellings<'a>(
    cx: &mut Context,
    discriminators: &[&Discriminator],
    members: &[&Member<'a>],
) -> Vec<Member<'a>> {
    let fields = cx.fields.clone();
    let find = |name: &str| discriminator_named(&fields, discriminators, name);
    let is_enum_value = |cx: &Context, value: &str| {
        discriminators.iter().any(|d| {
            discriminator_enum(cx, fields[d.field])
                .is_some_and(|vs| vs.iter().any(|v| v.value == value))
        })
    };
    let mut adjusted: Vec<Member> = Vec::new();
    for member in members {
        let mut member = Member {
            field: member.field,
            marker: member.marker,
            family: member.family,
            value: member.value.clone(),
            optional_flag: member.optional_flag,
            union_name: member.union_name.clone(),
            zero_or_one: member.zero_or_one,
        };
        // The draft KEP's `+unionMember=<discriminator>` spelling.
        if let Some(value) = member.value.clone() {
            if member.union_name.is_none() && find(&value).is_some() && !is_enum_value(cx, &value) {
                cx.report(findings::DraftMemberSpelling {
                    marker: member.marker.span.clone(),
                    discriminator: value.clone(),
                });
                member.union_name = Some(value);
                member.value = None;
            }
        }
        adjusted.push(member);
    }
    adjusted
}

/// The members grouped by the discriminator they are tied to (by `+unionDiscriminatedBy`, or
/// the struct's only discriminator), and whether any could not be assigned (reported).
fn assign<'m, 'a>(
    cx: &mut Context,
    discriminators: &[&Discriminator],
    members: &'m [Member<'a>],
) -> (Vec<Vec<&'m Member<'a>>>, bool) {
    let fields = cx.fields.clone();
    let find = |name: &str| discriminator_named(&fields, discriminators, name);
    let mut groups: Vec<Vec<&Member>> = vec![Vec::new(); discriminators.len()];
    let mut unassigned = false;
    for member in members {
        let mf = fields[member.field];
        let target = match (&member.union_name, discriminators.len()) {
            (Some(name), _) => match find(name) {
                Some(index) => index,
                None => {
                    cx.report(findings::UnknownDiscriminator {
                        span: mf
                            .field
                            .doc
                            .marker(Kind::UnionDiscriminatedBy)
                            .map(|m| m.span.clone())
                            .unwrap_or(member.marker.span.clone()),
                        field: mf.go_name.clone(),
                        name: name.clone(),
                        discriminators: candidates(&fields, discriminators),
                    });
                    unassigned = true;
                    continue;
                }
            },
            (None, 0) => {
                cx.report(findings::MemberWithoutDiscriminator {
                    marker: member.marker.span.clone(),
                    struct_span: cx.entry.decl.name_span.clone(),
                    field: mf.go_name.clone(),
                    struct_name: cx.struct_name().to_string(),
                });
                continue;
            }
            (None, 1) => 0,
            (None, _) => {
                cx.report(findings::AmbiguousDiscriminator {
                    marker: member.marker.span.clone(),
                    field: mf.go_name.clone(),
                    discriminators: candidates(&fields, discriminators),
                });
                unassigned = true;
                continue;
            }
        };
        groups[target].push(member);
    }
    (groups, unassigned)
}

/// Each discriminator's marker and Go name, for a finding's labels.
fn candidates(fields: &[&FlatField], discriminators: &[&Discriminator]) -> Vec<(Span, String)> {
    discriminators
        .iter()
        .map(|d| (d.marker.span.clone(), fields[d.field].go_name.clone()))
        .collect()
}

/// The discriminator a member names (by Go or JSON name).
fn discriminator_named(
    fields: &[&FlatField],
    discriminators: &[&Discriminator],
    name: &str,
) -> Option<usize> {
    discriminators
        .iter()
        .position(|d| fields[d.field].go_name == name || fields[d.field].json_name == name)
}
