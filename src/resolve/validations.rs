//! openapi-gen's value validations and marker extensions of one type or field: the
//! `+k8s:validation:*` markers ([`crate::markers::validation`]) checked against the Go type
//! as `commentTags.ValidateType` checks them, turned into [`Validations`]; and the
//! `+k8s:openapi-gen=x-kubernetes-<name>:<value>` / `+validations=` extensions
//! (kube-openapi's `parseExtensions`).

use super::fields;
use super::once::{Once, OnceKey};
use super::universe::{GoType, Origin, TypeEntry, Universe};
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::Kind;
use crate::markers::validation::{self, CommentTags, Parsed, ProblemKind};
use crate::model::{Limits, MarkerExtension, TypeName, Validations};
use crate::source::Span;
use crate::syntax::{Doc, SchemaMethod, TypeExpr};

/// What the markers of one doc comment add to its schema.
#[derive(Debug, Default)]
pub(super) struct Read {
    pub validations: Option<Box<Validations>>,
    pub extensions: Vec<MarkerExtension>,
}

/// The markers of a type declaration: a struct's (also one whose schema comes from
/// `OpenAPISchemaType`), as openapi-gen reads `t.CommentLines`.
pub(super) fn of_type(
    universe: &Universe<'_>,
    name: &TypeName,
    entry: TypeEntry<'_>,
    reported: &mut Once,
    diagnostics: &mut Vec<Diagnostic>,
) -> Read {
    let doc = &entry.decl.doc;
    let mut out = Vec::new();
    let parsed = parse(doc, &mut out);
    let mut read = Read {
        extensions: extensions(doc, &mut out),
        ..Read::default()
    };
    // openapi-gen's struct extensions read every tag of its table on the type; the patch
    // tags have no other meaning there (Kubernetes puts them on some types).
    for (kind, name) in [
        (Kind::PatchMergeKey, "x-kubernetes-patch-merge-key"),
        (Kind::PatchStrategy, "x-kubernetes-patch-strategy"),
    ] {
        let values: Vec<String> = fields::schema_markers(doc)
            .filter(|m| m.marker.name == kind.name())
            .map(|m| m.marker.value.clone().unwrap_or_default())
            .collect();
        if !values.is_empty() {
            read.extensions.push(MarkerExtension {
                name: name.into(),
                values,
                openapi_gen: false,
            });
        }
    }
    if let Some(parsed) = parsed {
        let shape = shape(universe, GoType::Named(name.clone(), entry), 0);
        check_type(universe, &parsed, &parsed.tags, &shape, "", &mut out);
        let replaced = [SchemaMethod::Definition, SchemaMethod::V3Definition]
            .into_iter()
            .find(|m| universe.method(name, m.name()).is_some())
            .filter(|m| {
                *m == SchemaMethod::Definition
                    || universe
                        .method(name, SchemaMethod::SchemaType.name())
                        .is_none()
            });
        if let Some(method) = replaced {
            let method = method.name();
            out.push(ignored(
                parsed.span_of("").unwrap_or_else(|| entry.decl.name_span.clone()),
                format!(
                    "`{}` has an `{method}()` method, whose schema openapi-gen uses as it is: these value validations are not written",
                    name.name
                ),
            ));
        } else {
            read.validations = to_model(&parsed, &parsed.tags, "", &mut out);
        }
    }
    check_duplicates(doc, &read, &mut out);
    report(out, reported, diagnostics);
    read
}

/// The markers of a struct field of type `ty` (`string_tag`: `json:",string"`).
pub(super) fn of_field(
    universe: &Universe<'_>,
    doc: &Doc,
    ty: &GoType<'_>,
    string_tag: bool,
    reported: &mut Once,
    diagnostics: &mut Vec<Diagnostic>,
) -> Read {
    let mut out = Vec::new();
    let parsed = parse(doc, &mut out);
    let mut read = Read {
        extensions: extensions(doc, &mut out),
        ..Read::default()
    };
    if let Some(parsed) = parsed {
        let shape = shape(universe, ty.clone(), 0);
        check_type(universe, &parsed, &parsed.tags, &shape, "", &mut out);
        if let Some(mut validations) = to_model(&parsed, &parsed.tags, "", &mut out) {
            if string_tag && (!validations.limits.is_empty() || validations.has_nested()) {
                // generateProperty returns before generateValueValidations for `,string`.
                out.push(ignored(
                    parsed.span_of("").unwrap_or_else(|| doc.lines[0].span.clone()),
                    "openapi-gen writes a `json:\",string\"` field as a plain string: these value validations are not written".into(),
                ));
                validations.limits = Limits::default();
                validations.items = None;
                validations.properties.clear();
                validations.additional_properties = None;
            }
            if !validations.rules.is_empty()
                || !validations.limits.is_empty()
                || validations.has_nested()
            {
                read.validations = Some(validations);
            }
        }
    }
    check_duplicates(doc, &read, &mut out);
    report(out, reported, diagnostics);
    read
}

/// Value-validation markers on a type openapi-gen does not read them on (a non-struct type:
/// openapi-gen reads the markers of fields, not of their types).
pub(super) fn on_non_struct(
    doc: &Doc,
    name: &str,
    reported: &mut Once,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(line) = doc
        .lines
        .iter()
        .find(|l| l.text.trim_matches(' ').starts_with(validation::PREFIX))
    else {
        return;
    };
    let finding = ignored(
        line.span.clone(),
        format!("openapi-gen reads value validations on struct types and on fields, not on `{name}`: put them on the fields of this type"),
    );
    report(vec![finding], reported, diagnostics);
}

/// One finding before it becomes a diagnostic.
struct Finding {
    code: Code,
    span: Span,
    message: String,
}

fn ignored(span: Span, message: String) -> Finding {
    Finding {
        code: Code::ValidationIgnored,
        span,
        message,
    }
}

/// Diagnostics of a doc comment are reported once, however many structs inline it.
fn report(findings: Vec<Finding>, reported: &mut Once, diagnostics: &mut Vec<Diagnostic>) {
    for finding in findings {
        let key = OnceKey::Validation(finding.span.clone(), finding.code, finding.message.clone());
        if !reported.first(key, diagnostics.len()) {
            continue;
        }
        let help = match finding.code {
            Code::ValidationMalformed => Some("`+k8s:validation:<key>=<JSON value>`, a bare `<key>` for true, or `<key>>text` (lines joined); `union-gen explain validation/malformed`"),
            Code::ValidationWrongType => Some("lengths and `pattern` are for strings, `minimum`/`maximum`/`multipleOf` for numbers, `*Items` for lists, `*Properties` for maps and structs"),
            _ => None,
        };
        let mut diagnostic = Diagnostic::new(finding.code, finding.span, finding.message);
        if let Some(help) = help {
            diagnostic = diagnostic.with_help(help);
        }
        diagnostics.push(diagnostic);
    }
}

fn parse(doc: &Doc, out: &mut Vec<Finding>) -> Option<Parsed> {
    let lines: Vec<(&str, Span)> = doc
        .lines
        .iter()
        .map(|l| (l.text.as_str(), l.span.clone()))
        .collect();
    let mut problems = Vec::new();
    let parsed = validation::parse(&lines, &mut problems);
    out.extend(problems.into_iter().map(|p| Finding {
        code: match p.kind {
            ProblemKind::Malformed => Code::ValidationMalformed,
            ProblemKind::Invalid => Code::ValidationInvalid,
            ProblemKind::Ignored => Code::ValidationIgnored,
        },
        span: p.span,
        message: p.message,
    }));
    let invalid = out
        .iter()
        .any(|f| matches!(f.code, Code::ValidationMalformed | Code::ValidationInvalid));
    parsed.filter(|_| !invalid)
}

/// The Go type a marker sits on, as `ValidateType` tells types apart.
pub(super) enum Shape<'a> {
    String,
    Integer,
    Number,
    Boolean,
    /// `[]byte`: a string to OpenAPI, and a slice.
    Bytes,
    Array,
    Map,
    /// A named struct (its declaration) or an anonymous one (`None`).
    Struct(Option<(TypeName, TypeEntry<'a>)>),
    /// A struct or interface with schema methods: openapi-gen checks nothing.
    Overridden,
    /// Anything else openapi-gen knows (an interface, `complex128`).
    Other,
    /// A type this tool cannot see (package not loaded, unresolvable): not judged.
    Unknown,
}

fn overridden(universe: &Universe<'_>, name: &TypeName) -> bool {
    let has = |m: SchemaMethod| universe.method(name, m.name()).is_some();
    has(SchemaMethod::Definition)
        || has(SchemaMethod::V3Definition)
        || has(SchemaMethod::V3OneOfTypes)
        || (has(SchemaMethod::SchemaType) && has(SchemaMethod::SchemaFormat))
}

fn builtin_shape(name: &str) -> Shape<'static> {
    match name {
        "string" => Shape::String,
        "int" | "int8" | "int16" | "int32" | "int64" | "uint" | "uint8" | "uint16" | "uint32"
        | "uint64" | "byte" | "rune" | "uintptr" => Shape::Integer,
        "float32" | "float64" => Shape::Number,
        "bool" => Shape::Boolean,
        _ => Shape::Other,
    }
}

/// `resolveAliasAndPtrType` and `OpenAPITypeFormat`, for `ValidateType`.
pub(super) fn shape<'a>(universe: &Universe<'a>, ty: GoType<'a>, depth: usize) -> Shape<'a> {
    if depth > crate::limits::TYPE_DEPTH {
        return Shape::Unknown;
    }
    match ty {
        GoType::Builtin(name) => builtin_shape(name),
        GoType::Named(name, entry) => {
            let underlying = universe.underlying(GoType::Named(name.clone(), entry));
            let struct_like = matches!(underlying, GoType::Struct(..) | GoType::Interface);
            if struct_like && overridden(universe, &name) {
                return Shape::Overridden;
            }
            if let Some(fields_entry) = universe.struct_of(entry) {
                return Shape::Struct(Some((name, fields_entry)));
            }
            shape(
                universe,
                universe.resolve(entry.origin, &entry.decl.ty),
                depth + 1,
            )
        }
        GoType::External(name, _) => match super::well_known::inlined(&name) {
            Some(("string", _)) => Shape::String,
            Some(("integer", _)) => Shape::Integer,
            _ => Shape::Unknown,
        },
        GoType::Pointer(inner) => shape(universe, *inner, depth + 1),
        GoType::Slice(inner) | GoType::Array(inner) => {
            if matches!(*inner, GoType::Builtin("byte") | GoType::Builtin("uint8")) {
                Shape::Bytes
            } else {
                Shape::Array
            }
        }
        GoType::Map(..) => Shape::Map,
        GoType::Struct(..) => Shape::Struct(None),
        GoType::Interface => Shape::Other,
        GoType::Unknown(..) | GoType::Unsupported(..) | GoType::Unresolvable(..) => Shape::Unknown,
    }
}

/// `commentTags.ValidateType`, with openapi-gen's messages; `path` prefixes keys
/// (`properties:name:`) for the spans.
fn check_type(
    universe: &Universe<'_>,
    parsed: &Parsed,
    tags: &CommentTags,
    shape: &Shape<'_>,
    path: &str,
    out: &mut Vec<Finding>,
) {
    if matches!(shape, Shape::Overridden | Shape::Unknown) {
        return;
    }
    let is_array = matches!(shape, Shape::Array | Shape::Bytes);
    let is_map = matches!(shape, Shape::Map);
    let is_struct = matches!(shape, Shape::Struct(_));
    let is_string = matches!(shape, Shape::String | Shape::Bytes);
    let is_numeric = matches!(shape, Shape::Integer | Shape::Number);
    let mut errors = 0;
    let mut wrong = |key: &str, set: bool, allowed: bool, what: &str| {
        if set && !allowed {
            errors += 1;
            out.push(Finding {
                code: Code::ValidationWrongType,
                span: parsed
                    .span_of(&format!("{path}{key}"))
                    .expect("a parsed marker has a key"),
                message: format!("{key} can only be used on {what} types"),
            });
        }
    };
    // openapi-gen's `ValidateType`, in its order. It checks nothing below
    // `additionalProperties:` and `items:` (its recursion sits behind a condition that is
    // never true), so neither does this.
    let (array, map, string, numeric) = (
        (is_array, "array"),
        (is_map, "map"),
        (is_string, "string"),
        (is_numeric, "numeric"),
    );
    let checks = [
        ("maxItems", tags.max_items.is_some(), array),
        ("minItems", tags.min_items.is_some(), array),
        ("uniqueItems", tags.unique_items.is_some(), array),
        (
            "maxProperties",
            tags.max_properties.is_some(),
            (is_map || is_struct, "map"),
        ),
        (
            "minProperties",
            tags.min_properties.is_some(),
            (is_map || is_struct, "map"),
        ),
        ("minLength", tags.min_length.is_some(), string),
        ("maxLength", tags.max_length.is_some(), string),
        ("pattern", tags.pattern.is_some(), string),
        ("minimum", tags.minimum.is_some(), numeric),
        ("maximum", tags.maximum.is_some(), numeric),
        ("multipleOf", tags.multiple_of.is_some(), numeric),
        (
            "exclusiveMinimum",
            tags.exclusive_minimum.is_some(),
            numeric,
        ),
        (
            "exclusiveMaximum",
            tags.exclusive_maximum.is_some(),
            numeric,
        ),
        (
            "additionalProperties",
            tags.additional_properties.is_some(),
            map,
        ),
        ("items", tags.items.is_some(), array),
    ];
    for (key, set, (allowed, what)) in checks {
        wrong(key, set, allowed, what);
    }
    let Some(properties) = &tags.properties else {
        return;
    };
    if !is_struct && !is_map {
        wrong("properties", true, false, "struct");
        return;
    }
    let Shape::Struct(Some((name, entry))) = shape else {
        return;
    };
    if errors > 0 {
        return;
    }
    check_properties(universe, parsed, properties, name, *entry, path, out);
}

/// `properties:<name>:` of a struct's markers: each names a member of the struct `name`
/// (`entry`), whose own tags are checked against its type.
fn check_properties(
    universe: &Universe<'_>,
    parsed: &Parsed,
    properties: &[(String, CommentTags)],
    name: &TypeName,
    entry: TypeEntry<'_>,
    path: &str,
    out: &mut Vec<Finding>,
) {
    for (key, nested) in properties {
        let at = format!("{path}properties:{key}:");
        match member_with_json_name(universe, entry, key, 0) {
            None => out.push(Finding {
                code: Code::ValidationWrongType,
                span: parsed
                    .span_of(&format!("{path}properties:{key}"))
                    .expect("a parsed marker has a key"),
                message: format!(
                    "property used in comment tag {} not found in struct {name}",
                    crate::golit::go_quote(key)
                ),
            }),
            Some((ty, origin)) => {
                let member = self::shape(universe, universe.resolve(origin, ty), 0);
                let before = out.len();
                check_type(universe, parsed, nested, &member, &at, out);
                for finding in &mut out[before..] {
                    finding.message = format!(
                        "failed to validate property {}: {}",
                        crate::golit::go_quote(key),
                        finding.message
                    );
                }
            }
        }
    }
}

/// `memberWithJSONName`: the field whose JSON tag names `key` (a field without a JSON tag
/// has no name here), looking into embedded structs (not through pointers).
fn member_with_json_name<'a>(
    universe: &Universe<'a>,
    entry: TypeEntry<'a>,
    key: &str,
    depth: usize,
) -> Option<(&'a TypeExpr, Origin<'a>)> {
    if depth > crate::limits::EMBEDDING_DEPTH {
        return None;
    }
    let TypeExpr::Struct(members) = &entry.decl.ty else {
        return None;
    };
    for member in members {
        let json = member
            .tag
            .as_deref()
            .and_then(|t| fields::tag_value(t, "json"))
            .map(|raw| raw.split(',').next().unwrap_or(""));
        if json.is_some_and(|name| name == key) {
            return Some((&member.ty, entry.origin));
        }
        if member.names.is_empty() {
            if let GoType::Named(_, embedded) = universe.resolve(entry.origin, &member.ty) {
                if let Some(inner) = universe.struct_of(embedded) {
                    if let Some(found) = member_with_json_name(universe, inner, key, depth + 1) {
                        return Some(found);
                    }
                }
            }
        }
    }
    None
}

/// `commentTags.ValidationSchema`, minus what openapi-gen's Go output never writes
/// (`format`, `nullable`, `enum`: reported as ignored).
fn to_model(
    parsed: &Parsed,
    tags: &CommentTags,
    path: &str,
    out: &mut Vec<Finding>,
) -> Option<Box<Validations>> {
    for (key, set) in [
        ("format", tags.format.is_some()),
        ("nullable", tags.nullable.is_some()),
        ("enum", tags.enum_values.is_some()),
    ] {
        if set {
            let key = format!("{path}{key}");
            out.push(ignored(
                parsed.span_of(&key).expect("a parsed marker has a key"),
                format!("openapi-gen reads `{key}` but its generated Go never writes it: it is not in the schema"),
            ));
        }
    }
    let nested = |tags: &CommentTags, at: &str, out: &mut Vec<Finding>| {
        to_model(parsed, tags, at, out)
            .map(|v| *v)
            .unwrap_or_default()
    };
    let validations = Validations {
        limits: Limits {
            maximum: tags.maximum,
            exclusive_maximum: tags.exclusive_maximum == Some(true),
            minimum: tags.minimum,
            exclusive_minimum: tags.exclusive_minimum == Some(true),
            max_length: tags.max_length,
            min_length: tags.min_length,
            pattern: tags.pattern.clone().filter(|p| !p.is_empty()),
            max_items: tags.max_items,
            min_items: tags.min_items,
            unique_items: tags.unique_items == Some(true),
            multiple_of: tags.multiple_of,
            max_properties: tags.max_properties,
            min_properties: tags.min_properties,
        },
        rules: tags.cel.clone(),
        items: tags
            .items
            .as_ref()
            .map(|t| Box::new(nested(t, &format!("{path}items:"), out))),
        properties: tags
            .properties
            .iter()
            .flatten()
            .map(|(k, t)| (k.clone(), nested(t, &format!("{path}properties:{k}:"), out)))
            .collect(),
        additional_properties: tags
            .additional_properties
            .as_ref()
            .map(|t| Box::new(nested(t, &format!("{path}additionalProperties:"), out))),
        controller_gen: None,
    };
    Some(Box::new(validations))
}

/// kube-openapi's `parseExtensions`: `+k8s:openapi-gen=x-kubernetes-<name>:<value>` in
/// comment order, then `+validations=` (every value). Other tags of its table
/// (`+listType`, …) are the model's own fields.
fn extensions(doc: &Doc, out: &mut Vec<Finding>) -> Vec<MarkerExtension> {
    let mut list = Vec::new();
    for marker in fields::schema_markers(doc) {
        if marker.marker.name != Kind::OpenApiGenMarker.name() {
            continue;
        }
        let Some(value) = marker.marker.value.as_deref() else {
            continue;
        };
        if !value.starts_with("x-") {
            continue;
        }
        match value.split_once(':') {
            Some((name, value)) if name.starts_with("x-kubernetes-") => {
                list.push(MarkerExtension {
                    name: name.to_string(),
                    values: vec![value.to_string()],
                    openapi_gen: true,
                })
            }
            Some((name, _)) => out.push(Finding {
                code: Code::ExtensionMalformed,
                span: marker.value_or_marker_span(),
                message: format!("openapi-gen writes `x-kubernetes-…` extensions only; `{name}` is ignored"),
            }),
            None => out.push(Finding {
                code: Code::ExtensionMalformed,
                span: marker.value_or_marker_span(),
                message: format!("invalid extension value `{value}`: expected `x-kubernetes-<name>:<value>` (openapi-gen skips it)"),
            }),
        }
    }
    let validations: Vec<String> = fields::schema_markers(doc)
        .filter(|m| m.marker.name == Kind::Validations.name())
        .map(|m| m.marker.value.clone().unwrap_or_default())
        .collect();
    if !validations.is_empty() {
        list.push(MarkerExtension {
            name: "x-kubernetes-validations".into(),
            values: validations,
            openapi_gen: false,
        });
    }
    list
}

/// An extension written twice is a Go map literal with a key twice, which does not compile:
/// reported at the second marker that writes it.
fn check_duplicates(doc: &Doc, read: &Read, out: &mut Vec<Finding>) {
    const TAGS: &[(Kind, &str)] = &[
        (Kind::ListType, "x-kubernetes-list-type"),
        (Kind::ListMapKey, "x-kubernetes-list-map-keys"),
        (Kind::MapType, "x-kubernetes-map-type"),
        (Kind::StructType, "x-kubernetes-map-type"),
        (Kind::PatchStrategy, "x-kubernetes-patch-strategy"),
        (Kind::PatchMergeKey, "x-kubernetes-patch-merge-key"),
        (Kind::Validations, "x-kubernetes-validations"),
    ];
    // (name, where, one source may write it on several lines: a tag repeated is one list)
    let mut writers: Vec<(String, Span, Option<Kind>)> = Vec::new();
    for marker in fields::schema_markers(doc) {
        if marker.marker.name == Kind::OpenApiGenMarker.name() {
            if let Some((name, _)) = marker
                .marker
                .value
                .as_deref()
                .and_then(|v| v.split_once(':'))
                .filter(|(n, _)| n.starts_with("x-kubernetes-"))
            {
                writers.push((name.to_string(), marker.span.clone(), None));
            }
        } else if let Some((kind, name)) = TAGS
            .iter()
            .find(|(kind, _)| kind.name() == marker.marker.name)
        {
            writers.push((name.to_string(), marker.span.clone(), Some(*kind)));
        }
    }
    if read
        .validations
        .as_ref()
        .is_some_and(|v| !v.rules.is_empty())
    {
        if let Some(line) = doc.lines.iter().find(|l| {
            l.text
                .trim_matches(' ')
                .starts_with(&format!("{}cel", validation::PREFIX))
        }) {
            writers.push(("x-kubernetes-validations".into(), line.span.clone(), None));
        }
    }
    writers.sort_by_key(|(_, span, _)| span.start);
    let mut seen: Vec<(&str, Option<Kind>)> = Vec::new();
    for (name, span, kind) in &writers {
        let earlier: Vec<&Option<Kind>> = seen
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, k)| k)
            .collect();
        let repeated_tag = kind.is_some() && earlier.iter().all(|k| *k == kind);
        if !earlier.is_empty() && !repeated_tag {
            out.push(Finding {
                code: Code::ExtensionDuplicate,
                span: span.clone(),
                message: format!("`{name}` is written twice here: openapi-gen's generated Go would not compile (a map literal with a duplicate key)"),
            });
        }
        seen.push((name, *kind));
    }
}
