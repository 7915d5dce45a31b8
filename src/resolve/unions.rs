//! Unions of a struct in all three marker generations (2019 KEP, KEP-1027 `+unionMember`,
//! declarative validation `+k8s:unionMember`), with every structural rule of SPEC §5 checked.
//!
//! Output order follows kube-openapi: the struct's own `+union`, then the unions of each
//! inlined embedded struct (recursively, in field order), then the struct's member-level
//! unions.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::enums::Enums;
use super::fields::{self, is_inlined, json_tag, JsonTag};
use super::universe::{GoType, TypeEntry, Universe};
use crate::diag::{Code, Diagnostic};
use crate::model::{TypeName, Union, UnionDialect, UnionMember};
use crate::source::Span;
use crate::syntax::{Field, SpannedMarker, TypeExpr};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dialect {
    Legacy2019,
    Kep1027,
    Declarative,
}

impl Dialect {
    fn describe(self) -> &'static str {
        match self {
            Dialect::Legacy2019 => "2019 KEP (`+union`/`+unionDeprecated`)",
            Dialect::Kep1027 => "KEP-1027 (`+unionMember`)",
            Dialect::Declarative => "declarative validation (`+k8s:unionMember`)",
        }
    }
}

/// A serialised field of the struct with its union markers.
struct MarkedField<'a> {
    field: &'a Field,
    go_name: String,
    json_name: String,
    tag: JsonTag,
    span: Span,
}

struct Discriminator<'a> {
    field: usize,
    marker: &'a SpannedMarker,
    /// `union:` argument of `+k8s:unionDiscriminator`.
    union_name: Option<String>,
    dialect_declarative: bool,
}

struct Member<'a> {
    field: usize,
    marker: &'a SpannedMarker,
    dialect: Dialect,
    /// Explicit discriminator value (`=X`, `memberName:`).
    value: Option<String>,
    optional_flag: bool,
    /// `+unionDiscriminatedBy=`, `union:`.
    union_name: Option<String>,
    zero_or_one: bool,
}

/// Unions per struct, computed once; diagnostics are reported on first computation.
#[derive(Default)]
pub struct UnionCache {
    own: HashMap<TypeName, OwnUnions>,
}

#[derive(Clone, Default)]
struct OwnUnions {
    /// The 2019 `+union` struct union.
    struct_union: Option<Union>,
    /// Member-level unions (2019 `+unionDeprecated`, KEP-1027, declarative).
    member_unions: Vec<Union>,
}

impl UnionCache {
    /// All unions of a definition, in kube-openapi's order.
    pub fn struct_unions(
        &mut self,
        universe: &Universe,
        enums: &Enums,
        name: &TypeName,
        entry: TypeEntry,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<Union> {
        let mut unions = Vec::new();
        let mut visited = HashSet::new();
        self.collect(
            universe,
            enums,
            name,
            entry,
            diagnostics,
            &mut unions,
            (&mut visited, 0),
        );
        unions
    }

    #[allow(clippy::too_many_arguments)]
    fn collect(
        &mut self,
        universe: &Universe,
        enums: &Enums,
        name: &TypeName,
        entry: TypeEntry,
        diagnostics: &mut Vec<Diagnostic>,
        unions: &mut Vec<Union>,
        (visited, depth): (&mut HashSet<TypeName>, usize),
    ) {
        // Each struct once per definition: embedding cycles (`type E struct{ E }`) and
        // diamonds would otherwise make this walk exponential.
        if depth > crate::limits::EMBEDDING_DEPTH || !visited.insert(name.clone()) {
            return;
        }
        let TypeExpr::Struct(fields) = &entry.decl.ty else {
            return;
        };
        let own = match self.own.get(name) {
            Some(own) => own.clone(),
            None => {
                let own = own_unions(universe, enums, entry, fields, diagnostics);
                self.own.insert(name.clone(), own.clone());
                own
            }
        };
        unions.extend(own.struct_union);
        for field in fields {
            let tag = json_tag(field.tag.as_deref());
            if !is_inlined(field, &tag) {
                continue;
            }
            if let Some((embedded_name, embedded)) =
                universe.underlying_named(entry.origin, &field.ty)
            {
                self.collect(
                    universe,
                    enums,
                    &embedded_name,
                    embedded,
                    diagnostics,
                    unions,
                    (&mut *visited, depth + 1),
                );
            }
        }
        unions.extend(own.member_unions);
    }
}

fn own_unions(
    universe: &Universe,
    enums: &Enums,
    entry: TypeEntry,
    fields: &[Field],
    diagnostics: &mut Vec<Diagnostic>,
) -> OwnUnions {
    let struct_marker = entry.decl.doc.marker("union");
    let mut marked: Vec<MarkedField> = Vec::new();
    let mut embedded_fields: Vec<&Field> = Vec::new();
    for field in fields {
        let tag = json_tag(field.tag.as_deref());
        if is_inlined(field, &tag) {
            embedded_fields.push(field);
            continue;
        }
        let names: Vec<(String, Span)> = if field.is_embedded() {
            fields::embedded_type_name(&field.ty)
                .map(|n| vec![(n, field.span.clone())])
                .unwrap_or_default()
        } else {
            field.names.clone()
        };
        for (go_name, span) in names {
            marked.push(MarkedField {
                field,
                json_name: tag.name.clone().unwrap_or_else(|| go_name.clone()),
                go_name,
                tag: tag.clone(),
                span,
            });
        }
    }

    let mut discriminators: Vec<Discriminator> = Vec::new();
    let mut members: Vec<Member> = Vec::new();
    for (index, mf) in marked.iter().enumerate() {
        for m in &mf.field.doc.markers {
            let marker = &m.marker;
            match marker.name.as_str() {
                "unionDiscriminator" => discriminators.push(Discriminator {
                    field: index,
                    marker: m,
                    union_name: None,
                    dialect_declarative: false,
                }),
                "k8s:unionDiscriminator" => discriminators.push(Discriminator {
                    field: index,
                    marker: m,
                    union_name: Some(marker.arg("union").unwrap_or("").to_string()),
                    dialect_declarative: true,
                }),
                "unionDeprecated" => members.push(Member {
                    field: index,
                    marker: m,
                    dialect: Dialect::Legacy2019,
                    value: None,
                    optional_flag: false,
                    union_name: None,
                    zero_or_one: false,
                }),
                "unionMember" => {
                    let mut parts = marker
                        .value
                        .as_deref()
                        .unwrap_or("")
                        .split(',')
                        .map(str::trim);
                    let value = parts.next().filter(|v| !v.is_empty()).map(str::to_string);
                    let mut flags: Vec<&str> = parts.collect();
                    flags.extend(marker.flags.iter().map(String::as_str));
                    let by = marker_value(mf.field, "unionDiscriminatedBy");
                    members.push(Member {
                        field: index,
                        marker: m,
                        dialect: Dialect::Kep1027,
                        value,
                        optional_flag: flags.contains(&"optional"),
                        union_name: by,
                        zero_or_one: false,
                    });
                }
                "k8s:unionMember" | "k8s:zeroOrOneOfMember" => members.push(Member {
                    field: index,
                    marker: m,
                    dialect: Dialect::Declarative,
                    value: marker.arg("memberName").map(str::to_string),
                    optional_flag: false,
                    union_name: marker.arg("union").map(str::to_string),
                    zero_or_one: marker.name == "k8s:zeroOrOneOfMember",
                }),
                _ => {}
            }
        }
    }

    // One field cannot be both.
    for d in &discriminators {
        if let Some(member) = members.iter().find(|m| m.field == d.field) {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionDiscriminatorIsMember,
                    member.marker.span.clone(),
                    format!("field `{}` is both a union discriminator and a union member", marked[d.field].go_name),
                )
                .with_label(d.marker.span.clone(), "discriminator marker here")
                .with_help("a discriminator names the member that is set; it cannot be a member itself: remove one of the markers"),
            );
        }
    }
    members.retain(|m| !discriminators.iter().any(|d| d.field == m.field));

    // One marker generation per struct.
    let dialects: BTreeSet<Dialect> = members.iter().map(|m| m.dialect).collect();
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
                    marked[other.field].go_name,
                    other.dialect.describe(),
                    entry.decl.name,
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
            diagnostics.push(diagnostic);
        }
    }

    // A discriminator of one generation whose members are all of another.
    if let Some(first) = members.first() {
        let stray = if dialects == BTreeSet::from([Dialect::Declarative]) {
            discriminators.iter().find(|d| !d.dialect_declarative)
        } else if !dialects.contains(&Dialect::Declarative) {
            discriminators.iter().find(|d| d.dialect_declarative)
        } else {
            None
        };
        if let Some(d) = stray {
            let (used, expected) = if d.dialect_declarative {
                (Dialect::Declarative, first.dialect)
            } else {
                (Dialect::Kep1027, Dialect::Declarative)
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionMixedDialects,
                    d.marker.span.clone(),
                    format!(
                        "discriminator `{}` uses the {} markers, but the members of `{}` use the {} markers",
                        marked[d.field].go_name,
                        used.describe(),
                        entry.decl.name,
                        expected.describe()
                    ),
                )
                .with_label(first.marker.span.clone(), "member marker of the other generation")
                .with_help(if d.dialect_declarative {
                    "write the discriminator as `+unionDiscriminator`, or the members as `+k8s:unionMember`"
                } else {
                    "write the discriminator as `+k8s:unionDiscriminator`, or the members as `+unionMember`"
                }),
            );
        }
    }

    let mut out = OwnUnions::default();
    let plain_discriminators: Vec<&Discriminator> = discriminators
        .iter()
        .filter(|d| !d.dialect_declarative)
        .collect();

    // 2019: `+union` on the struct, every other field a member. Fields that also carry
    // `+unionMember` (OpenShift's style) do not change that: openapi-gen reads only `+union`
    // there, and the 2019 semantics (optional discriminator, at most one) apply (SPEC §5).
    // (A `+union` struct with `k8s:` members is a `k8s:` union: validation-gen ignores `+union`.)
    let struct_union = struct_marker.filter(|_| !dialects.contains(&Dialect::Declarative));
    if let Some(struct_marker) = struct_union {
        for field in &embedded_fields {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionEmbeddedInUnionStruct,
                    field.span.clone(),
                    format!("`+union` struct `{}` inlines an embedded struct", entry.decl.name),
                )
                .with_label(struct_marker.span.clone(), "the struct is a union here")
                .with_help("move the embedded struct's fields out of the union, or give the embedded field a JSON name"),
            );
        }
        for member in members.iter().filter(|m| m.dialect == Dialect::Legacy2019) {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionDeprecatedInUnionStruct,
                    member.marker.span.clone(),
                    format!("`+unionDeprecated` field `{}` in `+union` struct `{}`", marked[member.field].go_name, entry.decl.name),
                )
                .with_label(struct_marker.span.clone(), "the struct is a union here")
                .with_help("in a `+union` struct every field is already a member: remove `+unionDeprecated`"),
            );
        }
        report_multiple(&plain_discriminators, &marked, diagnostics);
        let discriminator = plain_discriminators.first().map(|d| d.field);
        let mut union = Union {
            dialect: UnionDialect::Legacy2019,
            gated: gated(
                std::iter::once(struct_marker)
                    .chain(discriminator.map(|_| plain_discriminators[0].marker)),
            ),
            discriminator: discriminator.map(|i| marked[i].json_name.clone()),
            members: Vec::new(),
            empty_values: Vec::new(),
            exactly_one: false,
            named_members: members
                .iter()
                .filter(|m| m.dialect == Dialect::Kep1027)
                .map(|m| marked[m.field].json_name.clone())
                .collect(),
        };
        let mut member_fields = Vec::new();
        for (index, mf) in marked.iter().enumerate() {
            if Some(index) == discriminator
                || mf.field.doc.has_marker("unionDeprecated")
                || mf.tag.skip
            {
                continue;
            }
            member_fields.push(index);
            union.members.push(UnionMember {
                json_name: mf.json_name.clone(),
                value: mf.go_name.clone(),
                optional: false,
            });
        }
        check_common(
            universe,
            entry,
            &marked,
            discriminator.map(|i| (i, plain_discriminators[0].marker)),
            &member_fields,
            diagnostics,
        );
        if union.members.is_empty() {
            if let Some(d) = plain_discriminators.first() {
                // openapi-gen emits `{"discriminator": …, "fields-to-discriminateBy": {}}`.
                without_members(d.marker, &marked[d.field], diagnostics);
            }
        }
        out.struct_union = Some(union);
    }

    // 2019 member-level union: `+unionDeprecated` fields.
    let deprecated: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Legacy2019)
        .collect();
    if struct_marker.is_none() && !deprecated.is_empty() {
        let discriminator = if dialects.contains(&Dialect::Kep1027) {
            None
        } else {
            plain_discriminators.first().copied()
        };
        if !dialects.contains(&Dialect::Kep1027) {
            report_multiple(&plain_discriminators, &marked, diagnostics);
        }
        let member_fields: Vec<usize> = deprecated.iter().map(|m| m.field).collect();
        for member in &deprecated {
            let mf = &marked[member.field];
            if !matches!(mf.field.ty, TypeExpr::Pointer(_)) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionMemberNotPointer,
                        mf.span.clone(),
                        format!("`+unionDeprecated` member `{}` is not a pointer", mf.go_name),
                    )
                    .with_label(member.marker.span.clone(), "member marker")
                    .with_help("make the member a pointer so that unset is distinguishable from the zero value"),
                );
            }
        }
        check_common(
            universe,
            entry,
            &marked,
            discriminator.map(|d| (d.field, d.marker)),
            &member_fields,
            diagnostics,
        );
        out.member_unions.push(Union {
            dialect: UnionDialect::Legacy2019,
            gated: gated(
                deprecated
                    .iter()
                    .map(|m| m.marker)
                    .chain(discriminator.map(|d| d.marker)),
            ),
            discriminator: discriminator.map(|d| marked[d.field].json_name.clone()),
            members: deprecated
                .iter()
                .map(|m| UnionMember {
                    json_name: marked[m.field].json_name.clone(),
                    value: marked[m.field].go_name.clone(),
                    optional: false,
                })
                .collect(),
            empty_values: Vec::new(),
            exactly_one: false,
            named_members: Vec::new(),
        });
    }

    // KEP-1027: `+unionMember` tied to `+unionDiscriminator` fields.
    let kep: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Kep1027 && struct_union.is_none())
        .collect();
    if !kep.is_empty() {
        out.member_unions.extend(kep1027_unions(
            universe,
            enums,
            entry,
            &marked,
            &plain_discriminators,
            &kep,
            diagnostics,
        ));
    }

    // Declarative validation: `+k8s:unionMember` / `+k8s:zeroOrOneOfMember` grouped by `union:`.
    let declarative: Vec<&Member> = members
        .iter()
        .filter(|m| m.dialect == Dialect::Declarative)
        .collect();
    let declarative_discriminators: Vec<&Discriminator> = discriminators
        .iter()
        .filter(|d| d.dialect_declarative)
        .collect();
    if !declarative.is_empty() || !declarative_discriminators.is_empty() {
        out.member_unions.extend(declarative_unions(
            universe,
            enums,
            entry,
            &marked,
            &declarative_discriminators,
            &declarative,
            diagnostics,
        ));
    }

    // A plain discriminator that nothing uses.
    if struct_marker.is_none() && members.is_empty() {
        for d in &plain_discriminators {
            // kube-openapi accepts this (and emits no union), so it is a warning here.
            without_members(d.marker, &marked[d.field], diagnostics);
        }
    }

    check_overlaps(&out, &marked, &members, diagnostics);
    out
}

/// Whether any of a union's markers sits behind a feature gate (`+k8s:alpha(…)=`,
/// `+k8s:ifEnabled(G)=`, …).
fn gated<'m>(markers: impl IntoIterator<Item = &'m SpannedMarker>) -> bool {
    markers.into_iter().any(|m| !m.marker.gates.is_empty())
}

/// Secondary labels from an iterator (the related discriminators of a diagnostic).
trait WithLabels {
    fn with_labels(self, labels: impl Iterator<Item = (Span, String)>) -> Self;
}

impl WithLabels for Diagnostic {
    fn with_labels(self, labels: impl Iterator<Item = (Span, String)>) -> Self {
        labels.fold(self, |d, (span, label)| d.with_label(span, label))
    }
}

fn marker_value(field: &Field, name: &str) -> Option<String> {
    field.doc.marker(name).and_then(|m| m.marker.value.clone())
}

fn report_multiple(
    discriminators: &[&Discriminator],
    marked: &[MarkedField],
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let [first, rest @ ..] = discriminators {
        for extra in rest {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionMultipleDiscriminators,
                    extra.marker.span.clone(),
                    format!("second discriminator `{}` in one union", marked[extra.field].go_name),
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
fn without_members(marker: &SpannedMarker, field: &MarkedField, diagnostics: &mut Vec<Diagnostic>) {
    let diagnostic = Diagnostic::new(
        Code::UnionDiscriminatorWithoutMembers,
        marker.span.clone(),
        format!("discriminator `{}` has no union members", field.go_name),
    )
    .with_label(field.span.clone(), "discriminator field")
    .with_help("mark the member fields (`+unionMember`, or `+union` on the struct), or remove the discriminator marker");
    diagnostics.push(diagnostic);
}

/// Rules every dialect shares: discriminator is a serialised string, members are optional
/// and serialised.
fn check_common(
    universe: &Universe,
    entry: TypeEntry,
    marked: &[MarkedField],
    discriminator: Option<(usize, &SpannedMarker)>,
    member_fields: &[usize],
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some((index, marker)) = discriminator {
        let mf = &marked[index];
        check_string(universe, entry, mf, marker, diagnostics);
        json_ignored(mf, "discriminator", diagnostics);
    }
    for &index in member_fields {
        let mf = &marked[index];
        json_ignored(mf, "member", diagnostics);
        let mut scratch = Vec::new();
        if !fields::is_optional(mf.field, &mf.tag, &mut scratch) {
            let mut diagnostic = Diagnostic::new(
                Code::UnionMemberNotOptional,
                mf.span.clone(),
                format!("union member `{}` is required", mf.go_name),
            )
            .with_help("mark it `// +optional` and add `omitempty` to its JSON tag: only the selected member is set");
            if let Some(marker) = mf.field.doc.markers.iter().find(|m| {
                matches!(
                    m.marker.name.as_str(),
                    "unionMember" | "unionDeprecated" | "k8s:unionMember" | "k8s:zeroOrOneOfMember"
                )
            }) {
                diagnostic = diagnostic.with_label(marker.span.clone(), "union member marker");
            }
            diagnostics.push(diagnostic);
        }
    }
}

fn check_string(
    universe: &Universe,
    entry: TypeEntry,
    mf: &MarkedField,
    marker: &SpannedMarker,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut resolved = universe.resolve(entry.origin, &mf.field.ty);
    if let GoType::Pointer(inner) = resolved {
        resolved = *inner;
    }
    let is_string = match universe.underlying(resolved) {
        GoType::Builtin(name) => name == "string",
        GoType::External(..) | GoType::Unknown(..) => true,
        _ => false,
    };
    if !is_string {
        diagnostics.push(
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

fn json_ignored(mf: &MarkedField, role: &str, diagnostics: &mut Vec<Diagnostic>) {
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

/// The enum values of a discriminator's type, if it is an enum.
fn discriminator_enum<'e>(
    universe: &Universe,
    enums: &'e Enums,
    entry: TypeEntry,
    mf: &MarkedField,
) -> Option<&'e [crate::model::EnumValue]> {
    let mut resolved = universe.resolve(entry.origin, &mf.field.ty);
    if let GoType::Pointer(inner) = resolved {
        resolved = *inner;
    }
    match resolved {
        GoType::Named(name, _) => enums.values.get(&name).map(Vec::as_slice),
        _ => None,
    }
}

fn member_values(
    marked: &[MarkedField],
    members: &[&Member],
    enum_values: Option<&[crate::model::EnumValue]>,
    discriminator_name: Option<&str>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<UnionMember> {
    let mut seen: HashMap<String, &Member> = HashMap::new();
    let mut out = Vec::new();
    for member in members {
        let mf = &marked[member.field];
        let value = member.value.clone().unwrap_or_else(|| mf.go_name.clone());
        // KEP-1027: a custom `+unionMember=<value>` should match the member's JSON name
        // case-insensitively (`+unionMember=ALPHA` on `json:"alpha"`).
        if let (Some(explicit), Dialect::Kep1027) = (&member.value, member.dialect) {
            if !explicit.eq_ignore_ascii_case(&mf.json_name) {
                diagnostics.push(
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
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionDuplicateMemberValue,
                    member.marker.span.clone(),
                    format!(
                        "members `{}` and `{}` share the discriminator value `{value}`",
                        marked[previous.field].go_name, mf.go_name
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
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionMemberValueNotInEnum,
                        member.marker.span.clone(),
                        format!(
                            "member `{}` has discriminator value `{value}`, which is not a value of discriminator `{}`",
                            mf.go_name,
                            discriminator_name.unwrap_or("?")
                        ),
                    )
                    .with_help(format!("use one of: {}", known.join(", "))),
                );
            }
        }
        out.push(UnionMember {
            json_name: mf.json_name.clone(),
            value,
            optional: member.optional_flag,
        });
    }
    out
}

fn empty_values(
    enum_values: Option<&[crate::model::EnumValue]>,
    members: &[UnionMember],
) -> Vec<String> {
    enum_values
        .unwrap_or_default()
        .iter()
        .filter(|v| !members.iter().any(|m| m.value == v.value))
        .map(|v| v.value.clone())
        .collect()
}

fn kep1027_unions(
    universe: &Universe,
    enums: &Enums,
    entry: TypeEntry,
    marked: &[MarkedField],
    discriminators: &[&Discriminator],
    members: &[&Member],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Union> {
    let mut groups: Vec<Vec<&Member>> = vec![Vec::new(); discriminators.len()];
    // A member that could not be assigned (ambiguous, unknown union) may have been meant for
    // a discriminator that now looks empty: do not report that as a second error.
    let mut unassigned = false;
    let find = |name: &str| {
        discriminators
            .iter()
            .position(|d| marked[d.field].go_name == name || marked[d.field].json_name == name)
    };
    let is_enum_value = |value: &str| {
        discriminators.iter().any(|d| {
            discriminator_enum(universe, enums, entry, &marked[d.field])
                .is_some_and(|vs| vs.iter().any(|v| v.value == value))
        })
    };
    let mut adjusted: Vec<Member> = Vec::new();
    for member in members {
        let mut member = Member {
            field: member.field,
            marker: member.marker,
            dialect: member.dialect,
            value: member.value.clone(),
            optional_flag: member.optional_flag,
            union_name: member.union_name.clone(),
            zero_or_one: member.zero_or_one,
        };
        // The draft KEP's `+unionMember=<discriminator>` spelling.
        if let Some(value) = member.value.clone() {
            if member.union_name.is_none() && find(&value).is_some() && !is_enum_value(&value) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionDeprecatedSpelling,
                        member.marker.span.clone(),
                        format!("`+unionMember={value}` names the discriminator `{value}`"),
                    )
                    .with_help(format!(
                        "write `+unionMember` and `+unionDiscriminatedBy={value}`"
                    )),
                );
                member.union_name = Some(value);
                member.value = None;
            }
        }
        adjusted.push(member);
    }
    for member in &adjusted {
        let mf = &marked[member.field];
        let target = match (&member.union_name, discriminators.len()) {
            (Some(name), _) => match find(name) {
                Some(index) => index,
                None => {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::UnionUnknownUnion,
                            mf.field.doc.marker("unionDiscriminatedBy").map(|m| m.span.clone()).unwrap_or(member.marker.span.clone()),
                            format!("member `{}` names discriminator `{name}`, which this struct does not have", mf.go_name),
                        )
                        .with_labels(discriminators.iter().map(|d| (d.marker.span.clone(), format!("discriminator `{}`", marked[d.field].go_name))))
                        .with_help(format!(
                            "name a field marked `+unionDiscriminator`{}",
                            list_names(discriminators.iter().map(|d| marked[d.field].go_name.as_str()))
                        )),
                    );
                    unassigned = true;
                    continue;
                }
            },
            (None, 0) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionMemberWithoutDiscriminator,
                        member.marker.span.clone(),
                        format!("`+unionMember` `{}` but struct `{}` has no `+unionDiscriminator`", mf.go_name, entry.decl.name),
                    )
                    .with_label(entry.decl.name_span.clone(), "struct without discriminator")
                    .with_help("add a `+unionDiscriminator` field (a `+enum` string naming the set member), or use `+k8s:unionMember` for an undiscriminated union"),
                );
                continue;
            }
            (None, 1) => 0,
            (None, _) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionAmbiguousMember,
                        member.marker.span.clone(),
                        format!(
                            "member `{}` could belong to any of {} discriminators",
                            mf.go_name,
                            discriminators.len()
                        ),
                    )
                    .with_labels(discriminators.iter().map(|d| {
                        (
                            d.marker.span.clone(),
                            format!("discriminator `{}`", marked[d.field].go_name),
                        )
                    }))
                    .with_help(format!(
                        "add `+unionDiscriminatedBy=<field>`{}",
                        list_names(
                            discriminators
                                .iter()
                                .map(|d| marked[d.field].go_name.as_str())
                        )
                    )),
                );
                unassigned = true;
                continue;
            }
        };
        groups[target].push(member);
    }
    let mut unions = Vec::new();
    for (d, group) in discriminators.iter().zip(groups) {
        let mf = &marked[d.field];
        let enum_values = discriminator_enum(universe, enums, entry, mf);
        if enum_values.is_none() {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnionDiscriminatorNotEnum,
                    mf.span.clone(),
                    format!("discriminator `{}` is not a `+enum` type", mf.go_name),
                )
                .with_label(d.marker.span.clone(), "discriminator marker")
                .with_help("declare a `+enum` string type listing the members' values and use it for the discriminator"),
            );
        }
        check_requiredness(mf, d.marker, enum_values, diagnostics);
        let member_fields: Vec<usize> = group.iter().map(|m| m.field).collect();
        check_common(
            universe,
            entry,
            marked,
            Some((d.field, d.marker)),
            &member_fields,
            diagnostics,
        );
        if group.is_empty() {
            if !unassigned {
                without_members(d.marker, mf, diagnostics);
            }
            continue;
        }
        let union_members =
            member_values(marked, &group, enum_values, Some(&mf.go_name), diagnostics);
        let mut scratch = Vec::new();
        let required = !fields::is_optional(mf.field, &mf.tag, &mut scratch);
        unions.push(Union {
            dialect: UnionDialect::Kep1027,
            gated: gated(group.iter().map(|m| m.marker).chain([d.marker])),
            discriminator: Some(mf.json_name.clone()),
            empty_values: empty_values(enum_values, &union_members),
            named_members: Vec::new(),
            members: union_members,
            exactly_one: required,
        });
    }
    unions
}

fn list_names<'n>(names: impl Iterator<Item = &'n str>) -> String {
    let names: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(": {}", names.join(", "))
    }
}

/// KEP-1027: the discriminator is required, unless its enum has `""` (then `omitempty`) or it
/// has a `+default` (then optional and `omitempty`).
fn check_requiredness(
    mf: &MarkedField,
    marker: &SpannedMarker,
    enum_values: Option<&[crate::model::EnumValue]>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut scratch = Vec::new();
    let optional = fields::is_optional(mf.field, &mf.tag, &mut scratch);
    let has_default = mf.field.doc.has_marker("default");
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

fn declarative_unions(
    universe: &Universe,
    enums: &Enums,
    entry: TypeEntry,
    marked: &[MarkedField],
    discriminators: &[&Discriminator],
    members: &[&Member],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Union> {
    let mut by_name: Vec<(&str, &Discriminator)> = Vec::new();
    for d in discriminators {
        let name = d.union_name.as_deref().unwrap_or("");
        if let Some((_, first)) = by_name.iter().find(|(n, _)| *n == name) {
            report_multiple(&[first, d], marked, diagnostics);
            continue;
        }
        by_name.push((name, d));
    }
    // Groups keyed by (kind, union name), in order of first appearance.
    let mut groups: Vec<((bool, String), Vec<&Member>)> = Vec::new();
    let mut unassigned = false;
    for member in members {
        let mf = &marked[member.field];
        let name = match (&member.union_name, by_name.len()) {
            (Some(name), _) => {
                if !by_name.is_empty()
                    && !member.zero_or_one
                    && !by_name.iter().any(|(n, _)| n == name)
                {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::UnionUnknownUnion,
                            member.marker.span.clone(),
                            format!("member `{}` names union `{name}`, which no `+k8s:unionDiscriminator` declares", mf.go_name),
                        )
                        .with_labels(by_name.iter().map(|(n, d)| (d.marker.span.clone(), format!("union `{n}`"))))
                        .with_help(format!("use one of the declared unions{}", list_names(by_name.iter().map(|(n, _)| *n)))),
                    );
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
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnionAmbiguousMember,
                        member.marker.span.clone(),
                        format!(
                            "member `{}` does not say which of {} unions it belongs to",
                            mf.go_name,
                            by_name.len()
                        ),
                    )
                    .with_labels(
                        by_name
                            .iter()
                            .map(|(n, d)| (d.marker.span.clone(), format!("union `{n}`"))),
                    )
                    .with_help(format!(
                        "add `union: \"…\"`{}",
                        list_names(by_name.iter().map(|(n, _)| *n))
                    )),
                );
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
    let mut unions = Vec::new();
    for (name, d) in &by_name {
        if !unassigned && !groups.iter().any(|((zero, n), _)| !zero && n == name) {
            without_members(d.marker, &marked[d.field], diagnostics);
        }
    }
    for ((zero_or_one, name), group) in groups {
        let discriminator = if zero_or_one {
            None
        } else {
            by_name.iter().find(|(n, _)| *n == name).map(|(_, d)| *d)
        };
        let enum_values = discriminator
            .and_then(|d| discriminator_enum(universe, enums, entry, &marked[d.field]));
        let member_fields: Vec<usize> = group.iter().map(|m| m.field).collect();
        check_common(
            universe,
            entry,
            marked,
            discriminator.map(|d| (d.field, d.marker)),
            &member_fields,
            diagnostics,
        );
        let union_members = member_values(
            marked,
            &group,
            enum_values,
            discriminator.map(|d| marked[d.field].go_name.as_str()),
            diagnostics,
        );
        unions.push(Union {
            dialect: UnionDialect::Declarative,
            gated: gated(
                group
                    .iter()
                    .map(|m| m.marker)
                    .chain(discriminator.map(|d| d.marker)),
            ),
            discriminator: discriminator.map(|d| marked[d.field].json_name.clone()),
            empty_values: empty_values(enum_values, &union_members),
            named_members: Vec::new(),
            members: union_members,
            exactly_one: !zero_or_one,
        });
    }
    unions
}

/// A field belongs to at most one union.
fn check_overlaps(
    out: &OwnUnions,
    marked: &[MarkedField],
    members: &[Member],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for union in out.struct_union.iter().chain(&out.member_unions) {
        for member in &union.members {
            *count.entry(member.json_name.as_str()).or_default() += 1;
        }
    }
    let mut reported = BTreeSet::new();
    for (json_name, n) in count {
        if n < 2 || !reported.insert(json_name.to_string()) {
            continue;
        }
        let Some(index) = marked.iter().position(|m| m.json_name == json_name) else {
            continue;
        };
        let markers: Vec<&Member> = members.iter().filter(|m| m.field == index).collect();
        let primary = markers
            .get(1)
            .or(markers.first())
            .map(|m| m.marker.span.clone())
            .unwrap_or(marked[index].span.clone());
        let mut diagnostic = Diagnostic::new(
            Code::UnionOverlappingUnions,
            primary,
            format!(
                "field `{}` is a member of {n} unions",
                marked[index].go_name
            ),
        )
        .with_help("a field belongs to at most one union: remove the extra member marker");
        if let Some(first) = markers.first() {
            if markers.len() > 1 {
                diagnostic =
                    diagnostic.with_label(first.marker.span.clone(), "first union membership");
            }
        }
        diagnostics.push(diagnostic);
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
