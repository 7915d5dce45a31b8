//! What the union checks found, as typed facts: the families and the shared rules say *what*
//! is wrong with which field and marker; each code is worded here, once, in one function per
//! finding (as rust-analyzer's `hir` diagnostics are plain structs worded by
//! `ide-diagnostics`). Three kinds: [`DiscriminatorFinding`], [`AssignmentFinding`],
//! [`MemberFinding`]; `Context::report` takes any. Adding a finding: a variant with its facts,
//! one arm, one function. Field names are Go names unless said otherwise.

use crate::diag::{Code, Diagnostic, Severity};
use crate::markers::registry::Family;
use crate::source::Span;

/// A problem of a union's discriminator or of the markers across the struct.
pub(super) enum DiscriminatorFinding {
    DiscriminatorIsMember {
        member_marker: Span,
        discriminator_marker: Span,
        field: String,
    },
    MixedMembers {
        member_marker: Span,
        first_marker: Option<Span>,
        field: String,
        family: Family,
        first_family: Family,
        struct_name: String,
    },
    StrayDiscriminator {
        discriminator_marker: Span,
        member_marker: Span,
        field: String,
        /// The discriminator is validation-gen's (`+k8s:unionDiscriminator`).
        declarative: bool,
        members_family: Family,
        struct_name: String,
    },
    MultipleDiscriminators {
        extra_marker: Span,
        first_marker: Span,
        field: String,
    },
    DiscriminatorWithoutMembers {
        marker: Span,
        field_span: Span,
        field: String,
    },
    DiscriminatorNotEnum {
        field_span: Span,
        marker: Span,
        field: String,
    },
    DiscriminatorNotString {
        field_span: Span,
        marker: Span,
        field: String,
    },
    DiscriminatorRequiredness {
        field_span: Span,
        marker: Span,
        field: String,
        problem: &'static str,
    },
}

/// A member that cannot be given its union, or a name a marker gives that does not resolve.
pub(super) enum AssignmentFinding {
    DraftMemberSpelling {
        marker: Span,
        discriminator: String,
    },
    UnknownDiscriminator {
        span: Span,
        field: String,
        name: String,
        /// The struct's discriminators: marker and Go name.
        discriminators: Vec<(Span, String)>,
    },
    UnknownUnion {
        marker: Span,
        field: String,
        name: String,
        /// The declared unions: discriminator marker and union name.
        unions: Vec<(Span, String)>,
    },
    MemberWithoutDiscriminator {
        marker: Span,
        struct_span: Span,
        field: String,
        struct_name: String,
    },
    AmbiguousDiscriminator {
        marker: Span,
        field: String,
        discriminators: Vec<(Span, String)>,
    },
    AmbiguousUnion {
        marker: Span,
        field: String,
        unions: Vec<(Span, String)>,
    },
    OverlappingUnions {
        primary: Span,
        first_membership: Option<Span>,
        field: String,
        unions: usize,
    },
    NestedMember {
        span: Span,
        marker: String,
        name: String,
    },
    UnknownMember {
        span: Span,
        marker: String,
        name: String,
        struct_name: String,
        /// The struct's JSON field names.
        known: Vec<String>,
    },
    NotLoaded {
        marker: Span,
        field: String,
        subfield: bool,
    },
}

/// A problem of one member: its declaration, its value, its place.
pub(super) enum MemberFinding {
    MemberRequired {
        field_span: Span,
        member_marker: Option<Span>,
        field: String,
    },
    MemberNotNilable {
        field_span: Span,
        field: String,
        kind: &'static str,
    },
    DeprecatedNotPointer {
        field_span: Span,
        member_marker: Span,
        field: String,
    },
    JsonIgnored {
        span: Span,
        role: &'static str,
        field: String,
    },
    InlineNamedMember {
        span: Span,
        field: String,
    },
    MemberValueJsonMismatch {
        marker: Span,
        explicit: String,
        json_name: String,
        field: String,
    },
    DuplicateMemberValue {
        marker: Span,
        first_marker: Span,
        first: String,
        field: String,
        value: String,
    },
    MemberValueNotInEnum {
        marker: Span,
        field: String,
        value: String,
        discriminator: Option<String>,
        /// The discriminator's values.
        known: Vec<String>,
        /// The value was written (`+unionMember=X`), not the Go name taken by default.
        written: bool,
    },
    EmbeddedInUnionStruct {
        embed: Span,
        struct_marker: Span,
        struct_name: String,
    },
    DeprecatedInUnionStruct {
        member_marker: Span,
        struct_marker: Span,
        field: String,
        struct_name: String,
    },
    InlinedMarker {
        marker: Span,
        embed: Span,
        role: &'static str,
    },
    RequiredMember {
        required: Span,
        union_marker: Span,
        field: String,
    },
}

impl From<DiscriminatorFinding> for Diagnostic {
    fn from(finding: DiscriminatorFinding) -> Diagnostic {
        match finding {
            DiscriminatorFinding::DiscriminatorIsMember {
                member_marker,
                discriminator_marker,
                field,
            } => discriminator_is_member(member_marker, discriminator_marker, field),
            DiscriminatorFinding::MixedMembers {
                member_marker,
                first_marker,
                field,
                family,
                first_family,
                struct_name,
            } => mixed_members(
                member_marker,
                first_marker,
                field,
                family,
                first_family,
                struct_name,
            ),
            DiscriminatorFinding::StrayDiscriminator {
                discriminator_marker,
                member_marker,
                field,
                declarative,
                members_family,
                struct_name,
            } => stray_discriminator(
                discriminator_marker,
                member_marker,
                field,
                declarative,
                members_family,
                struct_name,
            ),
            DiscriminatorFinding::MultipleDiscriminators {
                extra_marker,
                first_marker,
                field,
            } => multiple_discriminators(extra_marker, first_marker, field),
            DiscriminatorFinding::DiscriminatorWithoutMembers {
                marker,
                field_span,
                field,
            } => discriminator_without_members(marker, field_span, field),
            DiscriminatorFinding::DiscriminatorNotEnum {
                field_span,
                marker,
                field,
            } => discriminator_not_enum(field_span, marker, field),
            DiscriminatorFinding::DiscriminatorNotString {
                field_span,
                marker,
                field,
            } => discriminator_not_string(field_span, marker, field),
            DiscriminatorFinding::DiscriminatorRequiredness {
                field_span,
                marker,
                field,
                problem,
            } => discriminator_requiredness(field_span, marker, field, problem),
        }
    }
}

impl From<AssignmentFinding> for Diagnostic {
    fn from(finding: AssignmentFinding) -> Diagnostic {
        match finding {
            AssignmentFinding::DraftMemberSpelling {
                marker,
                discriminator,
            } => draft_member_spelling(marker, discriminator),
            AssignmentFinding::UnknownDiscriminator {
                span,
                field,
                name,
                discriminators,
            } => unknown_discriminator(span, field, name, discriminators),
            AssignmentFinding::UnknownUnion {
                marker,
                field,
                name,
                unions,
            } => unknown_union(marker, field, name, unions),
            AssignmentFinding::MemberWithoutDiscriminator {
                marker,
                struct_span,
                field,
                struct_name,
            } => member_without_discriminator(marker, struct_span, field, struct_name),
            AssignmentFinding::AmbiguousDiscriminator {
                marker,
                field,
                discriminators,
            } => ambiguous_discriminator(marker, field, discriminators),
            AssignmentFinding::AmbiguousUnion {
                marker,
                field,
                unions,
            } => ambiguous_union(marker, field, unions),
            AssignmentFinding::OverlappingUnions {
                primary,
                first_membership,
                field,
                unions,
            } => overlapping_unions(primary, first_membership, field, unions),
            AssignmentFinding::NestedMember { span, marker, name } => {
                nested_member(span, marker, name)
            }
            AssignmentFinding::UnknownMember {
                span,
                marker,
                name,
                struct_name,
                known,
            } => unknown_member(span, marker, name, struct_name, known),
            AssignmentFinding::NotLoaded {
                marker,
                field,
                subfield,
            } => not_loaded(marker, field, subfield),
        }
    }
}

impl From<MemberFinding> for Diagnostic {
    fn from(finding: MemberFinding) -> Diagnostic {
        match finding {
            MemberFinding::MemberRequired {
                field_span,
                member_marker,
                field,
            } => member_required(field_span, member_marker, field),
            MemberFinding::MemberNotNilable {
                field_span,
                field,
                kind,
            } => member_not_nilable(field_span, field, kind),
            MemberFinding::DeprecatedNotPointer {
                field_span,
                member_marker,
                field,
            } => deprecated_not_pointer(field_span, member_marker, field),
            MemberFinding::JsonIgnored { span, role, field } => json_ignored(span, role, field),
            MemberFinding::InlineNamedMember { span, field } => inline_named_member(span, field),
            MemberFinding::MemberValueJsonMismatch {
                marker,
                explicit,
                json_name,
                field,
            } => member_value_json_mismatch(marker, explicit, json_name, field),
            MemberFinding::DuplicateMemberValue {
                marker,
                first_marker,
                first,
                field,
                value,
            } => duplicate_member_value(marker, first_marker, first, field, value),
            MemberFinding::MemberValueNotInEnum {
                marker,
                field,
                value,
                discriminator,
                known,
                written,
            } => member_value_not_in_enum(marker, field, value, discriminator, known, written),
            MemberFinding::EmbeddedInUnionStruct {
                embed,
                struct_marker,
                struct_name,
            } => embedded_in_union_struct(embed, struct_marker, struct_name),
            MemberFinding::DeprecatedInUnionStruct {
                member_marker,
                struct_marker,
                field,
                struct_name,
            } => deprecated_in_union_struct(member_marker, struct_marker, field, struct_name),
            MemberFinding::InlinedMarker {
                marker,
                embed,
                role,
            } => inlined_marker(marker, embed, role),
            MemberFinding::RequiredMember {
                required,
                union_marker,
                field,
            } => required_member(required, union_marker, field),
        }
    }
}

fn discriminator_is_member(
    member_marker: Span,
    discriminator_marker: Span,
    field: String,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDiscriminatorIsMember,
        member_marker,
        format!("field `{field}` is both a union discriminator and a union member"),
    )
    .with_label(discriminator_marker, "discriminator marker here")
    .with_help("a discriminator names the member that is set; it cannot be a member itself: remove one of the markers")
}

fn mixed_members(
    member_marker: Span,
    first_marker: Option<Span>,
    field: String,
    family: Family,
    first_family: Family,
    struct_name: String,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionMixedDialects,
        member_marker,
        format!(
            "member `{field}` uses the {} markers, but the union of `{struct_name}` already uses the {} markers",
            family.describe(),
            first_family.describe()
        ),
    )
    .with_help("write every union member of the struct in one marker generation");
    match first_marker {
        Some(span) => diagnostic.with_label(
            span,
            format!(
                "the union's first member uses the {} markers",
                first_family.describe()
            ),
        ),
        None => diagnostic,
    }
}

fn stray_discriminator(
    discriminator_marker: Span,
    member_marker: Span,
    field: String,
    declarative: bool,
    members_family: Family,
    struct_name: String,
) -> Diagnostic {
    let (used, expected) = if declarative {
        (Family::Declarative, members_family)
    } else {
        (Family::Kep1027, Family::Declarative)
    };
    Diagnostic::new(
        Code::UnionMixedDialects,
        discriminator_marker,
        format!(
            "discriminator `{field}` uses the {} markers, but the members of `{struct_name}` use the {} markers",
            used.describe(),
            expected.describe()
        ),
    )
    .with_label(member_marker, "member marker of the other generation")
    .with_help(if declarative {
        "write the discriminator as `+unionDiscriminator`, or the members as `+k8s:unionMember`"
    } else {
        "write the discriminator as `+k8s:unionDiscriminator`, or the members as `+unionMember`"
    })
}

fn multiple_discriminators(extra_marker: Span, first_marker: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionMultipleDiscriminators,
        extra_marker,
        format!("second discriminator `{field}` in one union"),
    )
    .with_label(first_marker, "first discriminator")
    .with_help("a union has one discriminator: remove one marker, or split the union (`+unionDiscriminatedBy=` / `union: \"…\"`)")
}

fn discriminator_without_members(marker: Span, field_span: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDiscriminatorWithoutMembers,
        marker,
        format!("discriminator `{field}` has no union members"),
    )
    .with_label(field_span, "discriminator field")
    .with_help("mark the member fields (`+unionMember`, or `+union` on the struct), or remove the discriminator marker")
}

fn member_required(field_span: Span, member_marker: Option<Span>, field: String) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionMemberNotOptional,
        field_span,
        format!("union member `{field}` is required"),
    )
    .with_help("mark it `// +optional` and add `omitempty` to its JSON tag: only the selected member is set");
    match member_marker {
        Some(span) => diagnostic.with_label(span, "union member marker"),
        None => diagnostic,
    }
}

fn member_not_nilable(field_span: Span, field: String, kind: &'static str) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
        Code::UnionMemberNotPointer,
        field_span,
        format!(
            "`+k8s:` union member `{field}` is {kind}: validation-gen accepts only nilable and \
             primitive members (pointer, map, slice, string, number, bool) and fails to generate"
        ),
    )
    .with_help(format!(
        "make it a pointer (`{field} *…`) with `omitempty`, so that unset is `nil`"
    ));
    diagnostic.severity = Severity::Error;
    diagnostic
}

fn deprecated_not_pointer(field_span: Span, member_marker: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionMemberNotPointer,
        field_span,
        format!("`+unionDeprecated` member `{field}` is not a pointer"),
    )
    .with_label(member_marker, "member marker")
    .with_help("make the member a pointer so that unset is distinguishable from the zero value")
}

fn discriminator_not_string(field_span: Span, marker: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDiscriminatorNotString,
        field_span,
        format!("discriminator `{field}` is not a string"),
    )
    .with_label(marker, "marked as discriminator here")
    .with_help("a discriminator holds the selected member's name: give it a string (enum) type")
}

fn json_ignored(span: Span, role: &'static str, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionJsonIgnored,
        span,
        format!("union {role} `{field}` is not serialised (`json:\"-\"`)"),
    )
    .with_help("give the field a JSON name: clients must be able to set it")
}

fn inline_named_member(span: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionJsonIgnored,
        span,
        format!(
            "union member `{field}` has no JSON name for validation-gen: gengo reads \
                     `json:\",inline\"` as inlined, and validation-gen fails (\"is a union member \
                     but has no JSON name\")"
        ),
    )
    .with_help("give the member a JSON name (`json:\"name,omitempty\"`)")
}

fn member_value_json_mismatch(
    marker: Span,
    explicit: String,
    json_name: String,
    field: String,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionMemberValueJsonMismatch,
        marker,
        format!("member value `{explicit}` does not match the JSON name `{json_name}` (ignoring case)"),
    )
    .with_help(format!("a custom value only changes the spelling of the member's JSON name: write e.g. `+unionMember={}`, or drop the value (the default is the Go field name `{field}`)", json_name.to_uppercase()))
}

fn duplicate_member_value(
    marker: Span,
    first_marker: Span,
    first: String,
    field: String,
    value: String,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDuplicateMemberValue,
        marker,
        format!("members `{first}` and `{field}` share the discriminator value `{value}`"),
    )
    .with_label(first_marker, "first member with this value")
    .with_help("give each member its own discriminator value")
}

fn member_value_not_in_enum(
    marker: Span,
    field: String,
    value: String,
    discriminator: Option<String>,
    known: Vec<String>,
    written: bool,
) -> Diagnostic {
    let help = if written {
        format!("use one of: {}", known.join(", "))
    } else {
        // The value was never written: say where it came from.
        format!(
            "without a value, a member's discriminator value is its Go field \
             name `{field}`; write the enum value it stands for, e.g. \
             `+unionMember={}` (the discriminator's values: {})",
            known.first().map(String::as_str).unwrap_or("<value>"),
            known.join(", ")
        )
    };
    Diagnostic::new(
        Code::UnionMemberValueNotInEnum,
        marker,
        format!(
            "member `{field}` has discriminator value `{value}`, which is not a value of discriminator `{}`",
            discriminator.as_deref().unwrap_or("?")
        ),
    )
    .with_help(help)
}

fn discriminator_requiredness(
    field_span: Span,
    marker: Span,
    field: String,
    problem: &'static str,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDiscriminatorRequiredness,
        field_span,
        format!("discriminator `{field}` {problem}"),
    )
    .with_label(marker, "discriminator marker")
    .with_help("see `union-gen explain union/discriminator-requiredness`")
}

fn overlapping_unions(
    primary: Span,
    first_membership: Option<Span>,
    field: String,
    unions: usize,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionOverlappingUnions,
        primary,
        format!("field `{field}` is a member of {unions} unions"),
    )
    .with_help("a field belongs to at most one union: remove the extra member marker");
    match first_membership {
        Some(span) => diagnostic.with_label(span, "first union membership"),
        None => diagnostic,
    }
}

fn embedded_in_union_struct(embed: Span, struct_marker: Span, struct_name: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionEmbeddedInUnionStruct,
        embed,
        format!("`+union` struct `{struct_name}` inlines an embedded struct"),
    )
    .with_label(struct_marker, "the struct is a union here")
    .with_help("move the embedded struct's fields out of the union, or give the embedded field a JSON name")
}

fn deprecated_in_union_struct(
    member_marker: Span,
    struct_marker: Span,
    field: String,
    struct_name: String,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDeprecatedInUnionStruct,
        member_marker,
        format!("`+unionDeprecated` field `{field}` in `+union` struct `{struct_name}`"),
    )
    .with_label(struct_marker, "the struct is a union here")
    .with_help("in a `+union` struct every field is already a member: remove `+unionDeprecated`")
}

fn discriminator_not_enum(field_span: Span, marker: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDiscriminatorNotEnum,
        field_span,
        format!("discriminator `{field}` is not a `+enum` type"),
    )
    .with_label(marker, "discriminator marker")
    .with_help("declare a `+enum` string type listing the members' values and use it for the discriminator")
}

fn draft_member_spelling(marker: Span, discriminator: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionDeprecatedSpelling,
        marker,
        format!("`+unionMember={discriminator}` names the discriminator `{discriminator}`"),
    )
    .with_help(format!(
        "write `+unionMember` and `+unionDiscriminatedBy={discriminator}`"
    ))
}

/// Secondary labels naming each candidate (`discriminator `Type``, `union `u``).
fn candidates(diagnostic: Diagnostic, what: &str, candidates: &[(Span, String)]) -> Diagnostic {
    candidates.iter().fold(diagnostic, |d, (span, name)| {
        d.with_label(span.clone(), format!("{what} `{name}`"))
    })
}

/// `: `a`, `b``, or nothing.
fn names(candidates: &[(Span, String)]) -> String {
    super::rules::list_names(candidates.iter().map(|(_, name)| name.as_str()))
}

fn unknown_discriminator(
    span: Span,
    field: String,
    name: String,
    discriminators: Vec<(Span, String)>,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionUnknownUnion,
        span,
        format!("member `{field}` names discriminator `{name}`, which this struct does not have"),
    );
    candidates(diagnostic, "discriminator", &discriminators).with_help(format!(
        "name a field marked `+unionDiscriminator`{}",
        names(&discriminators)
    ))
}

fn unknown_union(
    marker: Span,
    field: String,
    name: String,
    unions: Vec<(Span, String)>,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionUnknownUnion,
        marker,
        format!(
            "member `{field}` names union `{name}`, which no `+k8s:unionDiscriminator` declares"
        ),
    );
    candidates(diagnostic, "union", &unions)
        .with_help(format!("use one of the declared unions{}", names(&unions)))
}

fn member_without_discriminator(
    marker: Span,
    struct_span: Span,
    field: String,
    struct_name: String,
) -> Diagnostic {
    Diagnostic::new(
        Code::UnionMemberWithoutDiscriminator,
        marker,
        format!("`+unionMember` `{field}` but struct `{struct_name}` has no `+unionDiscriminator`"),
    )
    .with_label(struct_span, "struct without discriminator")
    .with_help("add a `+unionDiscriminator` field (a `+enum` string naming the set member), or use `+k8s:unionMember` for an undiscriminated union")
}

fn ambiguous_discriminator(
    marker: Span,
    field: String,
    discriminators: Vec<(Span, String)>,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionAmbiguousMember,
        marker,
        format!(
            "member `{field}` could belong to any of {} discriminators",
            discriminators.len()
        ),
    );
    candidates(diagnostic, "discriminator", &discriminators).with_help(format!(
        "add `+unionDiscriminatedBy=<field>`{}",
        names(&discriminators)
    ))
}

fn ambiguous_union(marker: Span, field: String, unions: Vec<(Span, String)>) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Code::UnionAmbiguousMember,
        marker,
        format!(
            "member `{field}` does not say which of {} unions it belongs to",
            unions.len()
        ),
    );
    candidates(diagnostic, "union", &unions)
        .with_help(format!("add `union: \"…\"`{}", names(&unions)))
}

fn inlined_marker(marker: Span, embed: Span, role: &'static str) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
        Code::UnionJsonIgnored,
        marker,
        format!("union {role} is an inlined embedded field, which has no JSON name"),
    )
    .with_label(embed, "inlined into the struct")
    .with_help("name the field and give it a JSON name, e.g. `Inner *Inner` with `json:\"inner,omitempty\"`: clients set a member by its JSON name");
    diagnostic.severity = Severity::Error;
    diagnostic
}

fn nested_member(span: Span, marker: String, name: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionUnknownMember,
        span,
        format!("`+{marker}` names `{name}`, a nested field"),
    )
    .with_help("controller-gen rejects nested fields (\"cannot reference nested fields\"): put the marker on the nested field's type")
}

fn unknown_member(
    span: Span,
    marker: String,
    name: String,
    struct_name: String,
    known: Vec<String>,
) -> Diagnostic {
    // controller-gen accepts the name (so no error here), but the rule it writes selects an
    // undefined field and the API server rejects the CRD.
    let mut diagnostic = Diagnostic::new(
        Code::UnionUnknownMember,
        span,
        format!(
            "`+{marker}` names `{name}`, which is not a JSON field name of `{struct_name}`: \
             controller-gen writes `has(self.{name})`, which the API server rejects \
             when the CRD is applied; it is left out of the union here"
        ),
    )
    .with_help(format!(
        "the marker lists JSON names; fields: {}",
        known.join(", ")
    ));
    diagnostic.severity = Severity::Warning;
    diagnostic
}

fn required_member(required: Span, union_marker: Span, field: String) -> Diagnostic {
    Diagnostic::new(
        Code::UnionMemberNotOptional,
        required,
        format!("union member `{field}` is marked required"),
    )
    .with_label(union_marker, "member of this union")
    .with_help("controller-gen rejects a required member (\"cannot be marked as required\"): mark it `+optional`")
}

fn not_loaded(marker: Span, field: String, subfield: bool) -> Diagnostic {
    let message = if subfield {
        format!(
            "the type of `{field}` is in a package that is not loaded: this subfield \
             union is not checked and gets no rule"
        )
    } else {
        format!(
            "the items of `{field}` are of a type whose package is not loaded: this \
             list-item union is not checked and gets no rule"
        )
    };
    Diagnostic::new(Code::UnionItemMember, marker, message)
        .with_help("make the package available (vendor/, replace, the module cache)")
}
