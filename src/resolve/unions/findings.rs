//! What the union checks found, as typed facts: the families and the shared rules say *what*
//! is wrong with which field and marker; each code is worded here, once, one `From<…> for
//! Diagnostic` per finding (as rust-analyzer's `hir` diagnostics are plain structs worded by
//! `ide-diagnostics`); `Context::report` takes any of them. Adding a finding: a struct with its
//! facts and its `From`. Field names are Go names unless said otherwise.

use crate::diag::{Code, Diagnostic, Severity};
use crate::markers::registry::Family;
use crate::source::Span;

/// `union/discriminator-is-member`.
pub(super) struct DiscriminatorIsMember {
    pub member_marker: Span,
    pub discriminator_marker: Span,
    pub field: String,
}

/// `union/mixed-dialects`: a member in another generation than the struct's first one.
pub(super) struct MixedMembers {
    pub member_marker: Span,
    pub first_marker: Option<Span>,
    pub field: String,
    pub family: Family,
    pub first_family: Family,
    pub struct_name: String,
}

/// `union/mixed-dialects`: a discriminator of one generation, members of another.
pub(super) struct StrayDiscriminator {
    pub discriminator_marker: Span,
    pub member_marker: Span,
    pub field: String,
    /// The discriminator is validation-gen's (`+k8s:unionDiscriminator`).
    pub declarative: bool,
    pub members_family: Family,
    pub struct_name: String,
}

/// `union/multiple-discriminators`.
pub(super) struct MultipleDiscriminators {
    pub extra_marker: Span,
    pub first_marker: Span,
    pub field: String,
}

/// `union/discriminator-without-members` (a warning: the tools accept it).
pub(super) struct DiscriminatorWithoutMembers {
    pub marker: Span,
    pub field_span: Span,
    pub field: String,
}

/// `union/discriminator-not-enum`: a KEP-1027 discriminator.
pub(super) struct DiscriminatorNotEnum {
    pub field_span: Span,
    pub marker: Span,
    pub field: String,
}

/// `union/discriminator-not-string`.
pub(super) struct DiscriminatorNotString {
    pub field_span: Span,
    pub marker: Span,
    pub field: String,
}

/// `union/discriminator-requiredness`.
pub(super) struct DiscriminatorRequiredness {
    pub field_span: Span,
    pub marker: Span,
    pub field: String,
    pub problem: &'static str,
}

/// `union/deprecated-spelling`: the draft KEP's `+unionMember=<discriminator>`.
pub(super) struct DraftMemberSpelling {
    pub marker: Span,
    pub discriminator: String,
}

/// `union/unknown-union`: `+unionDiscriminatedBy=` names no discriminator of the struct.
pub(super) struct UnknownDiscriminator {
    pub span: Span,
    pub field: String,
    pub name: String,
    /// The struct's discriminators: marker and Go name.
    pub discriminators: Vec<(Span, String)>,
}

/// `union/unknown-union`: `union: "…"` names no `+k8s:unionDiscriminator`'s union.
pub(super) struct UnknownUnion {
    pub marker: Span,
    pub field: String,
    pub name: String,
    /// The declared unions: discriminator marker and union name.
    pub unions: Vec<(Span, String)>,
}

/// `union/member-without-discriminator`.
pub(super) struct MemberWithoutDiscriminator {
    pub marker: Span,
    pub struct_span: Span,
    pub field: String,
    pub struct_name: String,
}

/// `union/ambiguous-member`: several discriminators, none named.
pub(super) struct AmbiguousDiscriminator {
    pub marker: Span,
    pub field: String,
    pub discriminators: Vec<(Span, String)>,
}

/// `union/ambiguous-member`: several `k8s:` unions, none named.
pub(super) struct AmbiguousUnion {
    pub marker: Span,
    pub field: String,
    pub unions: Vec<(Span, String)>,
}

/// `union/overlapping-unions`.
pub(super) struct OverlappingUnions {
    pub primary: Span,
    pub first_membership: Option<Span>,
    pub field: String,
    pub unions: usize,
}

/// `union/unknown-member`: controller-gen's marker names a nested field.
pub(super) struct NestedMember {
    pub span: Span,
    pub marker: String,
    pub name: String,
}

/// `union/unknown-member` (a warning): controller-gen's marker names no JSON field.
pub(super) struct UnknownMember {
    pub span: Span,
    pub marker: String,
    pub name: String,
    pub struct_name: String,
    /// The struct's JSON field names.
    pub known: Vec<String>,
}

/// `union/item-member` (a warning): the type holding a list-item union's items (or a
/// subfield union's fields) of `field` is in a package not loaded.
pub(super) struct NotLoaded {
    pub marker: Span,
    pub field: String,
    pub subfield: bool,
}

/// `union/member-not-optional`.
pub(super) struct MemberRequired {
    pub field_span: Span,
    pub member_marker: Option<Span>,
    pub field: String,
}

/// `union/member-not-pointer`: a `k8s:` member validation-gen refuses (`kind`: "a struct").
pub(super) struct MemberNotNilable {
    pub field_span: Span,
    pub field: String,
    pub kind: &'static str,
}

/// `union/member-not-pointer`: a `+unionDeprecated` member.
pub(super) struct DeprecatedNotPointer {
    pub field_span: Span,
    pub member_marker: Span,
    pub field: String,
}

/// `union/json-ignored`: `json:"-"` on a member or discriminator (`role`).
pub(super) struct JsonIgnored {
    pub span: Span,
    pub role: &'static str,
    pub field: String,
}

/// `union/json-ignored`: a named `k8s:` member without a JSON name for validation-gen: no
/// `json` key in its tag (`untagged`), or an empty name (`json:",inline"`, `json:",omitempty"`).
pub(super) struct InlineNamedMember {
    pub span: Span,
    pub field: String,
    pub untagged: bool,
}

/// `union/member-value-json-mismatch`.
pub(super) struct MemberValueJsonMismatch {
    pub marker: Span,
    pub explicit: String,
    pub json_name: String,
    pub field: String,
}

/// `union/duplicate-member-value`.
pub(super) struct DuplicateMemberValue {
    pub marker: Span,
    pub first_marker: Span,
    pub first: String,
    pub field: String,
    pub value: String,
}

/// `union/member-value-not-in-enum`.
pub(super) struct MemberValueNotInEnum {
    pub marker: Span,
    pub field: String,
    pub value: String,
    pub discriminator: Option<String>,
    /// The discriminator's values.
    pub known: Vec<String>,
    /// The value was written (`+unionMember=X`), not the Go name taken by default.
    pub written: bool,
}

/// `union/embedded-in-union-struct`.
pub(super) struct EmbeddedInUnionStruct {
    pub embed: Span,
    pub struct_marker: Span,
    pub struct_name: String,
}

/// `union/deprecated-in-union-struct`.
pub(super) struct DeprecatedInUnionStruct {
    pub member_marker: Span,
    pub struct_marker: Span,
    pub field: String,
    pub struct_name: String,
}

/// `union/json-ignored`: a `k8s:` union marker on an inlined embedded field.
pub(super) struct InlinedMarker {
    pub marker: Span,
    pub embed: Span,
    pub role: &'static str,
}

/// `union/member-not-optional`: a controller-gen member marked required.
pub(super) struct RequiredMember {
    pub required: Span,
    pub union_marker: Span,
    pub field: String,
}

impl From<DiscriminatorIsMember> for Diagnostic {
    fn from(finding: DiscriminatorIsMember) -> Diagnostic {
        let DiscriminatorIsMember {
            member_marker,
            discriminator_marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionDiscriminatorIsMember,
            member_marker,
            format!("field `{field}` is both a union discriminator and a union member"),
        )
        .with_label(discriminator_marker, "discriminator marker here")
        .with_help("a discriminator names the member that is set; it cannot be a member itself: remove one of the markers")
    }
}

impl From<MixedMembers> for Diagnostic {
    fn from(finding: MixedMembers) -> Diagnostic {
        let MixedMembers {
            member_marker,
            first_marker,
            field,
            family,
            first_family,
            struct_name,
        } = finding;
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
}

impl From<StrayDiscriminator> for Diagnostic {
    fn from(finding: StrayDiscriminator) -> Diagnostic {
        let StrayDiscriminator {
            discriminator_marker,
            member_marker,
            field,
            declarative,
            members_family,
            struct_name,
        } = finding;
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
}

impl From<MultipleDiscriminators> for Diagnostic {
    fn from(finding: MultipleDiscriminators) -> Diagnostic {
        let MultipleDiscriminators {
            extra_marker,
            first_marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionMultipleDiscriminators,
            extra_marker,
            format!("second discriminator `{field}` in one union"),
        )
        .with_label(first_marker, "first discriminator")
        .with_help("a union has one discriminator: remove one marker, or split the union (`+unionDiscriminatedBy=` / `union: \"…\"`)")
    }
}

impl From<DiscriminatorWithoutMembers> for Diagnostic {
    fn from(finding: DiscriminatorWithoutMembers) -> Diagnostic {
        let DiscriminatorWithoutMembers {
            marker,
            field_span,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionDiscriminatorWithoutMembers,
            marker,
            format!("discriminator `{field}` has no union members"),
        )
        .with_label(field_span, "discriminator field")
        .with_help("mark the member fields (`+unionMember`, or `+union` on the struct), or remove the discriminator marker")
    }
}

impl From<MemberRequired> for Diagnostic {
    fn from(finding: MemberRequired) -> Diagnostic {
        let MemberRequired {
            field_span,
            member_marker,
            field,
        } = finding;
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
}

impl From<MemberNotNilable> for Diagnostic {
    fn from(finding: MemberNotNilable) -> Diagnostic {
        let MemberNotNilable {
            field_span,
            field,
            kind,
        } = finding;
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
}

impl From<DeprecatedNotPointer> for Diagnostic {
    fn from(finding: DeprecatedNotPointer) -> Diagnostic {
        let DeprecatedNotPointer {
            field_span,
            member_marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionMemberNotPointer,
            field_span,
            format!("`+unionDeprecated` member `{field}` is not a pointer"),
        )
        .with_label(member_marker, "member marker")
        .with_help("make the member a pointer so that unset is distinguishable from the zero value")
    }
}

impl From<DiscriminatorNotString> for Diagnostic {
    fn from(finding: DiscriminatorNotString) -> Diagnostic {
        let DiscriminatorNotString {
            field_span,
            marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionDiscriminatorNotString,
            field_span,
            format!("discriminator `{field}` is not a string"),
        )
        .with_label(marker, "marked as discriminator here")
        .with_help("a discriminator holds the selected member's name: give it a string (enum) type")
    }
}

impl From<JsonIgnored> for Diagnostic {
    fn from(finding: JsonIgnored) -> Diagnostic {
        let JsonIgnored { span, role, field } = finding;
        Diagnostic::new(
            Code::UnionJsonIgnored,
            span,
            format!("union {role} `{field}` is not serialised (`json:\"-\"`)"),
        )
        .with_help("give the field a JSON name: clients must be able to set it")
    }
}

impl From<InlineNamedMember> for Diagnostic {
    fn from(finding: InlineNamedMember) -> Diagnostic {
        let InlineNamedMember {
            span,
            field,
            untagged,
        } = finding;
        let message = if untagged {
            format!(
                "union member `{field}` has no `json` tag: validation-gen fails (\"is a union \
                 member but has no JSON struct field tag\"), although encoding/json writes it \
                 as `{field}`"
            )
        } else {
            format!(
                "union member `{field}` has no JSON name for validation-gen: its `json` tag names \
                 none (gengo reads `json:\",inline\"` as inlined), and validation-gen fails \
                 (\"is a union member but has no JSON name\")"
            )
        };
        Diagnostic::new(Code::UnionJsonIgnored, span, message)
            .with_help("give the member a JSON name (`json:\"name,omitempty\"`)")
    }
}

impl From<MemberValueJsonMismatch> for Diagnostic {
    fn from(finding: MemberValueJsonMismatch) -> Diagnostic {
        let MemberValueJsonMismatch {
            marker,
            explicit,
            json_name,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionMemberValueJsonMismatch,
            marker,
            format!("member value `{explicit}` does not match the JSON name `{json_name}` (ignoring case)"),
        )
        .with_help(format!("a custom value only changes the spelling of the member's JSON name: write e.g. `+unionMember={}`, or drop the value (the default is the Go field name `{field}`)", json_name.to_uppercase()))
    }
}

impl From<DuplicateMemberValue> for Diagnostic {
    fn from(finding: DuplicateMemberValue) -> Diagnostic {
        let DuplicateMemberValue {
            marker,
            first_marker,
            first,
            field,
            value,
        } = finding;
        Diagnostic::new(
            Code::UnionDuplicateMemberValue,
            marker,
            format!("members `{first}` and `{field}` share the discriminator value `{value}`"),
        )
        .with_label(first_marker, "first member with this value")
        .with_help("give each member its own discriminator value")
    }
}

impl From<MemberValueNotInEnum> for Diagnostic {
    fn from(finding: MemberValueNotInEnum) -> Diagnostic {
        let MemberValueNotInEnum {
            marker,
            field,
            value,
            discriminator,
            known,
            written,
        } = finding;
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
}

impl From<DiscriminatorRequiredness> for Diagnostic {
    fn from(finding: DiscriminatorRequiredness) -> Diagnostic {
        let DiscriminatorRequiredness {
            field_span,
            marker,
            field,
            problem,
        } = finding;
        Diagnostic::new(
            Code::UnionDiscriminatorRequiredness,
            field_span,
            format!("discriminator `{field}` {problem}"),
        )
        .with_label(marker, "discriminator marker")
        .with_help("see `union-gen explain union/discriminator-requiredness`")
    }
}

impl From<OverlappingUnions> for Diagnostic {
    fn from(finding: OverlappingUnions) -> Diagnostic {
        let OverlappingUnions {
            primary,
            first_membership,
            field,
            unions,
        } = finding;
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
}

impl From<EmbeddedInUnionStruct> for Diagnostic {
    fn from(finding: EmbeddedInUnionStruct) -> Diagnostic {
        let EmbeddedInUnionStruct {
            embed,
            struct_marker,
            struct_name,
        } = finding;
        Diagnostic::new(
            Code::UnionEmbeddedInUnionStruct,
            embed,
            format!("`+union` struct `{struct_name}` inlines an embedded struct"),
        )
        .with_label(struct_marker, "the struct is a union here")
        .with_help("move the embedded struct's fields out of the union, or give the embedded field a JSON name")
    }
}

impl From<DeprecatedInUnionStruct> for Diagnostic {
    fn from(finding: DeprecatedInUnionStruct) -> Diagnostic {
        let DeprecatedInUnionStruct {
            member_marker,
            struct_marker,
            field,
            struct_name,
        } = finding;
        Diagnostic::new(
            Code::UnionDeprecatedInUnionStruct,
            member_marker,
            format!("`+unionDeprecated` field `{field}` in `+union` struct `{struct_name}`"),
        )
        .with_label(struct_marker, "the struct is a union here")
        .with_help(
            "in a `+union` struct every field is already a member: remove `+unionDeprecated`",
        )
    }
}

impl From<DiscriminatorNotEnum> for Diagnostic {
    fn from(finding: DiscriminatorNotEnum) -> Diagnostic {
        let DiscriminatorNotEnum {
            field_span,
            marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionDiscriminatorNotEnum,
            field_span,
            format!("discriminator `{field}` is not a `+enum` type"),
        )
        .with_label(marker, "discriminator marker")
        .with_help("declare a `+enum` string type listing the members' values and use it for the discriminator")
    }
}

impl From<DraftMemberSpelling> for Diagnostic {
    fn from(finding: DraftMemberSpelling) -> Diagnostic {
        let DraftMemberSpelling {
            marker,
            discriminator,
        } = finding;
        Diagnostic::new(
            Code::UnionDeprecatedSpelling,
            marker,
            format!("`+unionMember={discriminator}` names the discriminator `{discriminator}`"),
        )
        .with_help(format!(
            "write `+unionMember` and `+unionDiscriminatedBy={discriminator}`"
        ))
    }
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

impl From<UnknownDiscriminator> for Diagnostic {
    fn from(finding: UnknownDiscriminator) -> Diagnostic {
        let UnknownDiscriminator {
            span,
            field,
            name,
            discriminators,
        } = finding;
        let diagnostic = Diagnostic::new(
            Code::UnionUnknownUnion,
            span,
            format!(
                "member `{field}` names discriminator `{name}`, which this struct does not have"
            ),
        );
        candidates(diagnostic, "discriminator", &discriminators).with_help(format!(
            "name a field marked `+unionDiscriminator`{}",
            names(&discriminators)
        ))
    }
}

impl From<UnknownUnion> for Diagnostic {
    fn from(finding: UnknownUnion) -> Diagnostic {
        let UnknownUnion {
            marker,
            field,
            name,
            unions,
        } = finding;
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
}

impl From<MemberWithoutDiscriminator> for Diagnostic {
    fn from(finding: MemberWithoutDiscriminator) -> Diagnostic {
        let MemberWithoutDiscriminator {
            marker,
            struct_span,
            field,
            struct_name,
        } = finding;
        Diagnostic::new(
            Code::UnionMemberWithoutDiscriminator,
            marker,
            format!("`+unionMember` `{field}` but struct `{struct_name}` has no `+unionDiscriminator`"),
        )
        .with_label(struct_span, "struct without discriminator")
        .with_help("add a `+unionDiscriminator` field (a `+enum` string naming the set member), or use `+k8s:unionMember` for an undiscriminated union")
    }
}

impl From<AmbiguousDiscriminator> for Diagnostic {
    fn from(finding: AmbiguousDiscriminator) -> Diagnostic {
        let AmbiguousDiscriminator {
            marker,
            field,
            discriminators,
        } = finding;
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
}

impl From<AmbiguousUnion> for Diagnostic {
    fn from(finding: AmbiguousUnion) -> Diagnostic {
        let AmbiguousUnion {
            marker,
            field,
            unions,
        } = finding;
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
}

impl From<InlinedMarker> for Diagnostic {
    fn from(finding: InlinedMarker) -> Diagnostic {
        let InlinedMarker {
            marker,
            embed,
            role,
        } = finding;
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
}

impl From<NestedMember> for Diagnostic {
    fn from(finding: NestedMember) -> Diagnostic {
        let NestedMember { span, marker, name } = finding;
        Diagnostic::new(
            Code::UnionUnknownMember,
            span,
            format!("`+{marker}` names `{name}`, a nested field"),
        )
        .with_help("controller-gen rejects nested fields (\"cannot reference nested fields\"): put the marker on the nested field's type")
    }
}

impl From<UnknownMember> for Diagnostic {
    fn from(finding: UnknownMember) -> Diagnostic {
        let UnknownMember {
            span,
            marker,
            name,
            struct_name,
            known,
        } = finding;
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
}

impl From<RequiredMember> for Diagnostic {
    fn from(finding: RequiredMember) -> Diagnostic {
        let RequiredMember {
            required,
            union_marker,
            field,
        } = finding;
        Diagnostic::new(
            Code::UnionMemberNotOptional,
            required,
            format!("union member `{field}` is marked required"),
        )
        .with_label(union_marker, "member of this union")
        .with_help("controller-gen rejects a required member (\"cannot be marked as required\"): mark it `+optional`")
    }
}

impl From<NotLoaded> for Diagnostic {
    fn from(finding: NotLoaded) -> Diagnostic {
        let NotLoaded {
            marker,
            field,
            subfield,
        } = finding;
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
}
