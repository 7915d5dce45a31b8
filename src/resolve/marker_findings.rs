//! What the marker checks found, as typed facts, each worded here once (the marker codes
//! `marker/malformed`, `marker/misplaced`, `marker/unknown-similar`; the union codes are worded
//! in `unions/findings.rs`).

use crate::diag::{Code, Diagnostic, Severity};
use crate::markers::registry::Place;
use crate::source::Span;

/// One problem of a marker as written.
pub(crate) enum MarkerFinding {
    /// A known marker written after a field, where no tool reads it (a warning).
    Trailing { span: Span, name: String },
    /// The marker parser's complaint about a known marker.
    Malformed {
        span: Span,
        name: String,
        message: String,
    },
    /// A marker whose placement is wrong here (`place`: where it was found).
    Misplaced {
        span: Span,
        name: &'static str,
        place: Place,
    },
    /// A union member under `+k8s:eachVal=` / `+k8s:eachKey=`.
    MemberUnderEach {
        span: Span,
        wrapper: String,
        member: &'static str,
    },
    /// `+default=` nested deeper than the limit.
    DefaultTooDeep { span: Span, limit: usize },
    /// `+default=` that is neither JSON nor `ref(…)`.
    DefaultNotJson { span: Span, value: String },
    /// A marker of a word list without its value.
    MissingValue {
        span: Span,
        name: String,
        example: &'static str,
    },
    /// A word not in the marker's list.
    InvalidValue {
        span: Span,
        name: String,
        value: String,
        allowed: &'static [&'static str],
    },
    /// validation-gen's argument of the wrong type (unquoted where a string is wanted).
    ArgumentNotString {
        span: Span,
        marker: String,
        argument: String,
        got: &'static str,
        value: String,
    },
    /// validation-gen's unknown or positional argument.
    UnknownArgument {
        span: Span,
        marker: String,
        /// "an unknown argument `x`" / "a positional argument `x`".
        what: String,
        allowed: Vec<String>,
    },
    /// `+k8s:subfield(…)=` on a field whose type is not a struct.
    SubfieldNotStruct { wrapper: Span, holder: String },
    /// `+k8s:subfield(m)=` names no field of the type.
    SubfieldUnknown {
        wrapper: Span,
        subfield: String,
        type_name: String,
    },
    /// An unknown name close to a known one; `union`: the known one declares union members.
    UnknownSimilar {
        span: Span,
        name: String,
        known: &'static str,
        union: bool,
    },
}

impl MarkerFinding {
    pub fn into_diagnostic(self) -> Diagnostic {
        match self {
            MarkerFinding::Trailing { span, name } => trailing(span, name),
            MarkerFinding::Malformed {
                span,
                name,
                message,
            } => Diagnostic::new(
                Code::MarkerMalformed,
                span,
                format!("malformed `+{name}` marker: {message}"),
            )
            .with_help("see `union-gen explain marker/malformed` for the accepted syntax"),
            MarkerFinding::Misplaced { span, name, place } => misplaced(span, name, place),
            MarkerFinding::MemberUnderEach {
                span,
                wrapper,
                member,
            } => member_under_each(span, wrapper, member),
            MarkerFinding::DefaultTooDeep { span, limit } => Diagnostic::new(
                Code::MarkerMalformed,
                span,
                format!("`+default=` nests arrays and objects deeper than {limit} levels"),
            )
            .with_help("a default is a JSON value embedded in the schema; flatten it"),
            MarkerFinding::DefaultNotJson { span, value } => Diagnostic::new(
                Code::MarkerMalformed,
                span,
                format!("`+default={value}` is not a JSON value"),
            )
            .with_help("write the default as JSON (`+default=\"text\"`, `+default=3`) or `+default=ref(ConstName)`"),
            MarkerFinding::MissingValue {
                span,
                name,
                example,
            } => Diagnostic::new(
                Code::MarkerMalformed,
                span,
                format!("`+{name}` needs a value"),
            )
            .with_help(format!("write `+{name}={example}`")),
            MarkerFinding::InvalidValue {
                span,
                name,
                value,
                allowed,
            } => invalid_value(span, name, value, allowed),
            MarkerFinding::ArgumentNotString {
                span,
                marker,
                argument,
                got,
                value,
            } => Diagnostic::new(
                Code::MarkerMalformed,
                span,
                format!(
                    "`+{marker}` argument `{argument}` has the wrong type: got {got}, want \
                     string (validation-gen fails to generate)"
                ),
            )
            .with_help(format!("quote it: `{argument}: \"{value}\"`")),
            MarkerFinding::UnknownArgument {
                span,
                marker,
                what,
                allowed,
            } => unknown_argument(span, marker, what, allowed),
            MarkerFinding::UnknownSimilar {
                span,
                name,
                known,
                union,
            } => unknown_similar(span, name, known, union),
            MarkerFinding::SubfieldNotStruct { wrapper, holder } => Diagnostic::new(
                Code::MarkerMisplaced,
                wrapper,
                format!(
                    "`+k8s:subfield(…)=` names a field of `{holder}`'s type, which is not a \
                     struct: there is no field to make a union member"
                ),
            )
            .with_help("put the union markers on a field whose type is a struct"),
            MarkerFinding::SubfieldUnknown {
                wrapper,
                subfield,
                type_name,
            } => Diagnostic::new(
                Code::MarkerMalformed,
                wrapper,
                format!(
                    "`+k8s:subfield({subfield})=`: `{type_name}` has no field with JSON name \
                     `{subfield}`"
                ),
            )
            .with_help("name a field of the field's struct type by its JSON name"),
        }
    }
}

fn invalid_value(
    span: Span,
    name: String,
    value: String,
    allowed: &'static [&'static str],
) -> Diagnostic {
    Diagnostic::new(
        Code::MarkerMalformed,
        span,
        format!("`{value}` is not a valid value of `+{name}`"),
    )
    .with_help(format!("valid values: {}", allowed.join(", ")))
}

fn trailing(span: Span, name: String) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
        Code::MarkerMisplaced,
        span,
        format!("`+{name}` is written after the field, where no tool reads it"),
    )
    .with_help(format!(
        "move `// +{name}` to its own line above the field it is meant for"
    ));
    diagnostic.severity = Severity::Warning;
    diagnostic
}

fn misplaced(span: Span, name: &'static str, place: Place) -> Diagnostic {
    let (here, belongs) = match place {
        Place::Field => ("a field", "the type declaration"),
        Place::Type => ("a type", "a field of the struct"),
        _ => ("a constant", "a type or a field"),
    };
    Diagnostic::new(
        Code::MarkerMisplaced,
        span,
        format!("`+{name}` has no meaning on {here}"),
    )
    .with_help(format!("`+{name}` belongs on {belongs}"))
}

fn member_under_each(span: Span, wrapper: String, member: &'static str) -> Diagnostic {
    Diagnostic::new(
        Code::MarkerMisplaced,
        span,
        format!(
            "`+{wrapper}=+{member}`: a union member needs a field or a list item to select, \
             and validation-gen fails here (\"list-item union member has no list selector \
             in context\")"
        ),
    )
    .with_help("select the items with `+k8s:item(key: \"value\")=` instead")
}

fn unknown_argument(span: Span, marker: String, what: String, allowed: Vec<String>) -> Diagnostic {
    let allowed: Vec<String> = allowed.iter().map(|a| format!("`{a}: \"…\"`")).collect();
    Diagnostic::new(
        Code::MarkerMalformed,
        span,
        format!("`+{marker}` has {what}: validation-gen fails to generate"),
    )
    .with_help(format!("`+{marker}` takes only {}", allowed.join(", ")))
}

fn unknown_similar(span: Span, name: String, known: &'static str, union: bool) -> Diagnostic {
    // A misspelt union marker silently changes the union: say what is lost.
    let message = if union {
        format!(
            "unknown marker `+{name}` is ignored, so what `+{known}` would declare is not part \
             of any union"
        )
    } else {
        format!("unknown marker `+{name}`")
    };
    Diagnostic::new(Code::MarkerUnknownSimilar, span, message)
        .with_help(format!("did you mean `+{known}`?"))
}
