//! The stable diagnostic codes and their default severities. Each code's text is one
//! Markdown file, `docs/src/codes/<family>/<name>.md` (rustc's `error_codes/E0001.md`): a
//! `# family/name` heading, a one-line summary, then the explanation with a wrong and a right
//! example. `explain`, `explain all`, the manual's code pages and its code table all read it.

use super::Severity;

macro_rules! codes {
    ($( $variant:ident = $family:literal / $name:literal, $severity:ident; )*) => {
        /// A stable diagnostic code (`family/name`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $( $variant, )* }

        /// Every code, in documentation order.
        pub const ALL_CODES: &[Code] = &[ $( Code::$variant, )* ];

        impl Code {
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => concat!($family, "/", $name), )* }
            }

            pub fn default_severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }

            /// The code's Markdown file, as written.
            pub fn document(self) -> &'static str {
                match self {
                    $( Code::$variant => include_str!(
                        concat!("../../docs/src/codes/", $family, "/", $name, ".md")
                    ), )*
                }
            }

            /// The code's page, relative to the repository root.
            pub fn page(self) -> &'static str {
                match self {
                    $( Code::$variant => concat!("docs/src/codes/", $family, "/", $name, ".md"), )*
                }
            }

            pub fn from_name(name: &str) -> Option<Code> {
                match name { $( concat!($family, "/", $name) => Some(Code::$variant), )* _ => None }
            }
        }
    };
}

codes! {
    EnumNotString = "enum" / "not-string", Error;
    EnumNoValues = "enum" / "no-values", Warning;
    EnumUntypedConstant = "enum" / "untyped-constant", Warning;
    EnumUnevaluableConstant = "enum" / "unevaluable-constant", Warning;
    EnumExplicitMismatch = "enum" / "explicit-mismatch", Warning;
    EnumExplicitNotWritten = "enum" / "explicit-not-written", Warning;
    MarkerMalformed = "marker" / "malformed", Error;
    MarkerMisplaced = "marker" / "misplaced", Error;
    MarkerUnknownSimilar = "marker" / "unknown-similar", Warning;
    FieldDefaultNotZero = "field" / "default-not-zero", Warning;
    FieldOptionalAndRequired = "field" / "optional-and-required", Error;
    FieldPatchTagsMismatch = "field" / "patch-tags-mismatch", Error;
    ValidationMalformed = "validation" / "malformed", Error;
    ValidationInvalid = "validation" / "invalid", Error;
    ValidationWrongType = "validation" / "wrong-type", Error;
    ValidationIgnored = "validation" / "ignored", Warning;
    ExtensionMalformed = "extension" / "malformed", Warning;
    ExtensionDuplicate = "extension" / "duplicate", Error;
    CrdAnonymousStruct = "crd" / "anonymous-struct", Warning;
    SyntaxTooDeep = "syntax" / "too-deep", Error;
    SyntaxParseError = "syntax" / "parse-error", Error;
    IoNotUtf8 = "io" / "not-utf8", Error;
    IoUnreadable = "io" / "unreadable", Error;
    GoUnsupported = "go" / "unsupported", Error;
    IoUnwritable = "io" / "unwritable", Error;
    CliUsage = "cli" / "usage", Error;
    ControllerGenUnsupportedGenerator = "controller-gen" / "unsupported-generator", Error;
    ControllerGenInvalid = "controller-gen" / "invalid", Error;
    ControllerGenUnresolved = "controller-gen" / "unresolved", Error;
    ControllerGenUnknownMarker = "controller-gen" / "unknown-marker", Error;
    ControllerGenVersionUnknown = "controller-gen" / "version-unknown", Warning;
    MarkerIgnored = "marker" / "ignored", Warning;
    RbacInvalid = "rbac" / "invalid", Error;
    RbacUnstableOutput = "rbac" / "unstable-output", Warning;
    WebhookInvalid = "webhook" / "invalid", Error;
    CliDeprecatedFlag = "cli" / "deprecated-flag", Warning;
    ResolvePackageNotFound = "resolve" / "package-not-found", Warning;
    ResolveStandardLibraryType = "resolve" / "standard-library-type", Warning;
    ResolveNoGoMod = "resolve" / "no-go-mod", Warning;
    ResolveNameCollision = "resolve" / "name-collision", Error;
    ResolveRecursiveType = "resolve" / "recursive-type", Error;
    ResolveAliasCycle = "resolve" / "alias-cycle", Error;
    ResolveTooDeep = "resolve" / "too-deep", Error;
    ResolveUnsupportedType = "resolve" / "unsupported-type", Error;
    ResolveLeftOut = "resolve" / "left-out", Warning;
    ResolveUndefinedType = "resolve" / "undefined-type", Warning;
    ResolveUnreadableSchemaMethod = "resolve" / "unreadable-schema-method", Error;
    ResolveGenericInstance = "resolve" / "generic-instance", Warning;
    ResolveUnresolvedDefaultRef = "resolve" / "unresolved-default-ref", Warning;
    UnionUnknownMember = "union" / "unknown-member", Error;
    UnionMultipleDiscriminators = "union" / "multiple-discriminators", Error;
    UnionDiscriminatorNotString = "union" / "discriminator-not-string", Error;
    UnionDiscriminatorNotEnum = "union" / "discriminator-not-enum", Warning;
    UnionDiscriminatorWithoutMembers = "union" / "discriminator-without-members", Warning;
    UnionDiscriminatorRequiredness = "union" / "discriminator-requiredness", Error;
    UnionMemberNotOptional = "union" / "member-not-optional", Error;
    UnionMemberNotPointer = "union" / "member-not-pointer", Warning;
    UnionDuplicateMemberValue = "union" / "duplicate-member-value", Error;
    UnionDiscriminatorIsMember = "union" / "discriminator-is-member", Error;
    UnionMemberValueNotInEnum = "union" / "member-value-not-in-enum", Error;
    UnionMemberValueJsonMismatch = "union" / "member-value-json-mismatch", Warning;
    UnionUnknownUnion = "union" / "unknown-union", Error;
    UnionAmbiguousMember = "union" / "ambiguous-member", Error;
    UnionMemberWithoutDiscriminator = "union" / "member-without-discriminator", Error;
    UnionEmbeddedInUnionStruct = "union" / "embedded-in-union-struct", Error;
    UnionDeprecatedInUnionStruct = "union" / "deprecated-in-union-struct", Error;
    UnionMixedDialects = "union" / "mixed-dialects", Error;
    UnionJsonIgnored = "union" / "json-ignored", Error;
    UnionDeprecatedSpelling = "union" / "deprecated-spelling", Warning;
    UnionItemMember = "union" / "item-member", Warning;
    UnionItemSelector = "union" / "item-selector", Error;
    UnionOverlappingUnions = "union" / "overlapping-unions", Error;
    CelUnenforceable = "cel" / "unenforceable", Warning;
    CelUnboundedList = "cel" / "unbounded-list", Warning;
    CelOverBudget = "cel" / "over-budget", Error;
    CelRejectsValid = "cel" / "rejects-valid", Error;
    CelDoesNotCompile = "cel" / "does-not-compile", Error;
    CrdNotPatchable = "crd" / "not-patchable", Error;
    CrdSkipped = "crd" / "skipped", Warning;
    CrdDependencyEnumsSkipped = "crd" / "dependency-enums-skipped", Warning;
    ValidateInvalid = "validate" / "invalid", Error;
    ValidateUnknownKind = "validate" / "unknown-kind", Warning;
    ValidateUnreadableObject = "validate" / "unreadable-object", Error;
    ValidateUnknownField = "validate" / "unknown-field", Warning;
    ValidateRuleNotEvaluated = "validate" / "rule-not-evaluated", Warning;
    ValidateTransitionRuleSkipped = "validate" / "transition-rule-skipped", Warning;
    KubebuilderInvalid = "kubebuilder" / "invalid", Error;
    KubebuilderNotSupported = "kubebuilder" / "not-supported", Warning;
}

impl Code {
    /// The one-line summary: the paragraph after the heading.
    pub fn summary(self) -> &'static str {
        self.parts().0
    }

    /// Rationale with a wrong and a right example, printed by `union-gen explain`.
    pub fn explanation(self) -> &'static str {
        self.parts().1
    }

    /// Where the code's page is: under the package's `repository` when Cargo.toml names one,
    /// else the page's path in the repository.
    pub fn url(self) -> String {
        match env!("CARGO_PKG_REPOSITORY") {
            "" => self.page().to_string(),
            repository => format!(
                "{}/blob/main/{}",
                repository.trim_end_matches('/'),
                self.page()
            ),
        }
    }

    /// (summary, explanation) of the Markdown file: `# name`, blank, summary, blank, rest.
    fn parts(self) -> (&'static str, &'static str) {
        let text = self.document();
        let after_heading = text.split_once("\n\n").map_or("", |(_, rest)| rest);
        match after_heading.split_once("\n\n") {
            Some((summary, explanation)) => (summary.trim(), explanation),
            None => (after_heading.trim(), ""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_code_explains_itself() {
        for code in ALL_CODES {
            assert_eq!(Code::from_name(code.as_str()), Some(*code));
            assert_eq!(
                code.document().lines().next(),
                Some(format!("# {}", code.as_str()).as_str()),
                "{}: the page starts with its code",
                code.page()
            );
            assert!(
                !code.summary().is_empty() && !code.summary().contains('\n'),
                "{}: a one-line summary after the heading",
                code.page()
            );
            assert!(code.explanation().len() > 40, "{}", code.as_str());
            // Each explanation has a wrong and a right example.
            assert!(
                code.explanation().contains("\nwrong:\n")
                    && code.explanation().contains("\nright:\n"),
                "{} lacks a wrong/right example",
                code.as_str()
            );
        }
    }
}
