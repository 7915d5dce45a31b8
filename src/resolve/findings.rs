//! The resolver's findings whose codes more than one concern raises, as typed facts worded
//! here once: a package not found (a type's, an inlined struct's) and nesting too deep (a
//! type's chain of names, a chain of inlined structs). Codes raised in one place only are
//! worded there (`types::TypeProblem`, `enums`, `defaults`, …).

use crate::diag::{Code, Diagnostic};
use crate::limits::{EMBEDDING_DEPTH, TYPE_DEPTH};
use crate::source::Span;

pub(super) enum ResolveFinding {
    /// `resolve/package-not-found`: a type of a package that was not found (once per package);
    /// `searched`: where it was looked for. For a standard-library package,
    /// `resolve/standard-library-type`: never "not found", only not read.
    PackageNotFound {
        span: Span,
        package: String,
        name: String,
        searched: Option<Vec<String>>,
        standard_library: bool,
    },
    /// `resolve/package-not-found` (`resolve/standard-library-type` for the standard
    /// library): an inlined embedded struct of such a package; `lost` names what is missing
    /// ("its fields are", "apiVersion, kind are").
    InlineNotFound {
        span: Span,
        owner: String,
        package: String,
        name: String,
        lost: String,
        standard_library: bool,
    },
    /// `resolve/package-not-found` (`resolve/standard-library-type` for the standard
    /// library): a defined type over a type of a package that is not read (`type URL
    /// url.URL`), whose definition needs that type's fields.
    FieldsNotRead {
        span: Span,
        name: String,
        over: String,
        standard_library: bool,
    },
    /// `resolve/too-deep`: a field's type through more named types and aliases than allowed.
    TypeTooDeep { span: Span, field: String },
    /// `resolve/too-deep`: embedded structs inlined deeper than allowed.
    InliningTooDeep { span: Span, owner: String },
}

impl ResolveFinding {
    pub fn into_diagnostic(self) -> Diagnostic {
        match self {
            ResolveFinding::PackageNotFound {
                span,
                package,
                name,
                searched,
                standard_library,
            } => {
                if standard_library {
                    return Diagnostic::new(
                        Code::ResolveStandardLibraryType,
                        span,
                        format!("`{package}.{name}` is a standard-library type without a built-in schema: the standard library is not read, so it stays a `$ref` without definition"),
                    )
                    .with_help("give the field a type with a schema; only well-known standard-library types (time.Time, time.Duration, json.RawMessage) have built-in schemas");
                }
                let help = match searched {
                    Some(places) if !places.is_empty() => format!(
                        "looked in: {}; vendor it (`go mod vendor`), add a `replace`, or fill the module cache (`go mod download`)",
                        places.join(", ")
                    ),
                    _ => "add the package to the inputs, vendor it, or fill the module cache (`go mod download`)".to_string(),
                };
                Diagnostic::new(
                    Code::ResolvePackageNotFound,
                    span,
                    format!("package `{package}` was not found; `{name}` stays a `$ref` without definition"),
                )
                .with_help(help)
            }
            ResolveFinding::InlineNotFound {
                span,
                owner,
                package,
                name,
                lost,
                standard_library,
            } => inline_not_found(span, &owner, &package, &name, &lost, standard_library),
            ResolveFinding::FieldsNotRead {
                span,
                name,
                over,
                standard_library,
            } => {
                let (read, code) = if standard_library {
                    ("the standard library is not read", Code::ResolveStandardLibraryType)
                } else {
                    ("its package was not found", Code::ResolvePackageNotFound)
                };
                Diagnostic::new(
                    code,
                    span,
                    format!(
                        "`{name}` is defined over `{over}`, whose schema is not known ({read}): `{name}` stays a `$ref` without definition"
                    ),
                )
                .with_help(format!(
                    "say what `{name}` serialises as: `OpenAPISchemaType`/`OpenAPISchemaFormat` methods (read by openapi-gen too), or, for `generate`, `+kubebuilder:validation:Type=string` on it"
                ))
            }
            ResolveFinding::TypeTooDeep { span, field } => Diagnostic::new(
                Code::ResolveTooDeep,
                span,
                format!(
                    "the type of `{field}` nests deeper than {TYPE_DEPTH} levels (through named types and aliases), which is not supported"
                ),
            )
            .with_help("break the chain of named types and aliases"),
            ResolveFinding::InliningTooDeep { span, owner } => Diagnostic::new(
                Code::ResolveTooDeep,
                span,
                format!(
                    "`{owner}` inlines embedded structs more than {EMBEDDING_DEPTH} levels deep, which is not supported"
                ),
            )
            .with_help("give the deep embedded field a JSON name, or flatten the chain of embedded structs"),
        }
    }
}

/// [`ResolveFinding::InlineNotFound`]'s diagnostic.
fn inline_not_found(
    span: Span,
    owner: &str,
    package: &str,
    name: &str,
    lost: &str,
    standard_library: bool,
) -> Diagnostic {
    if standard_library {
        return Diagnostic::new(
            Code::ResolveStandardLibraryType,
            span,
            format!(
                "`{owner}` inlines `{package}.{name}`, a standard-library type: the standard library is not read, so any exported fields of `{name}` are missing from `{owner}`'s schema (`sync.Mutex` and the like have none)"
            ),
        )
        .with_help("keep the embedded type out of the serialised struct (a named, unexported field such as `mu sync.Mutex`), or give the struct a type with a schema");
    }
    Diagnostic::new(
        Code::ResolvePackageNotFound,
        span,
        format!(
            "`{owner}` inlines `{name}` from package `{package}`, which was not found: {lost} missing from its schema (and from every other struct that inlines it)"
        ),
    )
    .with_help("fill the module cache (`go mod download`), vendor the module (`go mod vendor`), or add the package to the inputs")
}
