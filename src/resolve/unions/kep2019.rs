//! The 2019 union KEP as kube-openapi reads it: `+union` on a struct makes every other field
//! a member (with an optional `+unionDiscriminator`), or `+unionDeprecated` fields form a
//! member-level union. At most one member is set; the discriminator's "values" are the
//! members' Go names, labels rather than real values (SPEC §5).

use super::context::{Context, Discriminator, Member};
use super::family::{Found, UnionFamily};
use super::findings;
use super::rules::{check_common, gated, report_multiple, without_members, MemberRule};

use crate::markers::registry::{Family, Kind, MarkerDef};
use crate::model::{
    Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning, UnionMember,
};
use crate::syntax::{SpannedMarker, TypeExpr};

/// At most one member, non-zero; the discriminator's values are labels; openapi-gen lists
/// these.
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Label,
    listed: Listed::Always,
};

/// `+union` on a struct: every other field a member.
pub(super) struct StructUnion;

impl UnionFamily for StructUnion {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        vec![Kind::Union.def(), Kind::UnionDiscriminator.def()]
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    fn before_inlined(&self) -> bool {
        true
    }

    fn unions(&self, cx: &mut Context, found: &Found) -> Vec<Union> {
        let Some(marker) = found.struct_union() else {
            return Vec::new();
        };
        vec![struct_union(
            cx,
            marker,
            &found.plain_discriminators(),
            &found.members,
        )]
    }
}

/// `+unionDeprecated` fields of a struct without `+union`: a member-level union.
pub(super) struct DeprecatedMembers;

impl UnionFamily for DeprecatedMembers {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        vec![Kind::UnionDeprecated.def(), Kind::UnionDiscriminator.def()]
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    fn unions(&self, cx: &mut Context, found: &Found) -> Vec<Union> {
        let deprecated = found.members_in(Family::Union2019);
        if found.struct_marker.is_some() || deprecated.is_empty() {
            return Vec::new();
        }
        let with_kep1027 = found.families.contains(&Family::Kep1027);
        vec![deprecated_union(
            cx,
            &found.plain_discriminators(),
            &deprecated,
            with_kep1027,
        )]
    }
}

/// The union of a `+union` struct (`struct_marker`). Fields that also carry `+unionMember`
/// (OpenShift's style) do not change that: openapi-gen reads only `+union` there, and the
/// 2019 semantics (optional discriminator, at most one) apply; those fields become the
/// union's `named_members`. Then the checks judge exactly those fields, the ones the CEL rule
/// counts: a required `name` or an inlined embedded struct beside them is not a member
/// (openapi-gen lists every field in `fields-to-discriminateBy` but only logs its own
/// complaints, and fails on none of them).
fn struct_union(
    cx: &mut Context,
    struct_marker: &SpannedMarker,
    plain_discriminators: &[&Discriminator],
    members: &[Member],
) -> Union {
    let named: Vec<usize> = members
        .iter()
        .filter(|m| m.family == Family::Kep1027)
        .map(|m| m.field)
        .collect();
    let embeds = if named.is_empty() { cx.embeds } else { &[] };
    for field in embeds {
        cx.report(findings::EmbeddedInUnionStruct {
            embed: field.span.clone(),
            struct_marker: struct_marker.span.clone(),
            struct_name: cx.struct_name().to_string(),
        });
    }
    for member in members.iter().filter(|m| m.family == Family::Union2019) {
        cx.report(findings::DeprecatedInUnionStruct {
            member_marker: member.marker.span.clone(),
            struct_marker: struct_marker.span.clone(),
            field: cx.field(member.field).go_name.clone(),
            struct_name: cx.struct_name().to_string(),
        });
    }
    report_multiple(cx, plain_discriminators);
    let discriminator = plain_discriminators.first().map(|d| d.field);
    let mut union = Union {
        meaning: MEANING,
        gated: gated(
            std::iter::once(struct_marker)
                .chain(discriminator.map(|_| plain_discriminators[0].marker)),
        ),
        discriminator: discriminator.map(|i| cx.field(i).json_name.clone()),
        members: Vec::new(),
        empty_values: Vec::new(),
        count: Count::AtMostOne,
        named_members: members
            .iter()
            .filter(|m| m.family == Family::Kep1027)
            .map(|m| cx.field(m.field).json_name.clone())
            .collect(),
        items: None,
        subfield: None,
    };
    let mut member_fields = Vec::new();
    for (index, mf) in cx.fields.iter().enumerate() {
        if Some(index) == discriminator
            || mf.field.doc.has_marker(Kind::UnionDeprecated)
            || mf.tag.skip
        {
            continue;
        }
        member_fields.push(index);
        union.members.push(UnionMember {
            json_name: mf.json_name.clone(),
            value: mf.go_name.clone(),
            optional: false,
            gated: false,
        });
    }
    let judged = if named.is_empty() {
        &member_fields
    } else {
        &named
    };
    check_common(
        cx,
        discriminator.map(|i| (i, plain_discriminators[0].marker)),
        judged,
        MemberRule::Optional,
    );
    if union.members.is_empty() {
        if let Some(d) = plain_discriminators.first() {
            // openapi-gen emits `{"discriminator": …, "fields-to-discriminateBy": {}}`.
            without_members(d.marker, cx.field(d.field), cx.diagnostics);
        }
    }
    union
}

/// The member-level union of `+unionDeprecated` fields (`deprecated`). A plain discriminator
/// is its discriminator, unless the struct also has KEP-1027 members (`with_kep1027`), whose
/// union it then is.
fn deprecated_union(
    cx: &mut Context,
    plain_discriminators: &[&Discriminator],
    deprecated: &[&Member],
    with_kep1027: bool,
) -> Union {
    let discriminator = if with_kep1027 {
        None
    } else {
        plain_discriminators.first().copied()
    };
    if !with_kep1027 {
        report_multiple(cx, plain_discriminators);
    }
    let member_fields: Vec<usize> = deprecated.iter().map(|m| m.field).collect();
    for member in deprecated {
        let mf = cx.field(member.field);
        if !matches!(mf.field.ty, TypeExpr::Pointer(_)) {
            cx.report(findings::DeprecatedNotPointer {
                field_span: mf.span.clone(),
                member_marker: member.marker.span.clone(),
                field: mf.go_name.clone(),
            });
        }
    }
    check_common(
        cx,
        discriminator.map(|d| (d.field, d.marker)),
        &member_fields,
        MemberRule::Optional,
    );
    Union {
        meaning: MEANING,
        gated: gated(
            deprecated
                .iter()
                .map(|m| m.marker)
                .chain(discriminator.map(|d| d.marker)),
        ),
        discriminator: discriminator.map(|d| cx.field(d.field).json_name.clone()),
        members: deprecated
            .iter()
            .map(|m| UnionMember {
                json_name: cx.field(m.field).json_name.clone(),
                value: cx.field(m.field).go_name.clone(),
                optional: false,
                gated: m.marker.marker.is_gated(),
            })
            .collect(),
        empty_values: Vec::new(),
        count: Count::AtMostOne,
        named_members: Vec::new(),
        items: None,
        subfield: None,
    }
}
