//! controller-gen's value markers, for the schemas `validate --packages` builds
//! ([`super::Options::kubebuilder`]): what controller-gen writes into a CRD from
//! `+kubebuilder:validation:<Marker>` (also as `items:<Marker>` for list items, on fields and
//! types), `+kubebuilder:default` / `+default`, `+nullable`, `+kubebuilder:pruning:
//! PreserveUnknownFields`, `+kubebuilder:validation:Schemaless`/`EmbeddedResource`,
//! `+k8s:immutable`, and its optionality (`+kubebuilder:validation:Required`/`Optional`, the
//! package's `+kubebuilder:validation:Optional`, `+required`/`+optional`/`+k8s:…`,
//! `omitempty`/`omitzero`), read as controller-tools reads them (`pkg/crd/markers/
//! validation.go`, `pkg/crd/schema.go`).
//!
//! A named type's markers apply where the type is used: a struct's (and a type with a fixed
//! schema) on its definition, with those of the structs it inlines or is defined over
//! (controller-gen's flattened `allOf`), a non-struct type's on every property, list item and map value
//! of that type. The result is [`ControllerGen`] in the model's [`Validations`]; `schema`
//! writes it on the schema node, its items and its map values.
//!
//! What controller-gen refuses is `kubebuilder/invalid` (the marker is left out), what it
//! writes and this tool cannot is `kubebuilder/not-supported`.

pub(in crate::resolve) mod values;

use super::fields::{self, FlatField};
use super::once::OnceKey;
use super::universe::{GoType, TypeEntry};
use super::validations::{shape, Shape};
use super::Resolver;
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::Kind;
use crate::model::{ControllerGen, DefaultValue, Property, Validations};
use crate::source::Span;
use crate::syntax::{Doc, SpannedMarker};

const VALIDATION: &str = "kubebuilder:validation:";
const ITEMS: &str = "kubebuilder:validation:items:";

/// The value markers of `ValidationMarkers` (field, type, and `items:` forms).
const VALUE_MARKERS: &[&str] = &[
    "Maximum",
    "Minimum",
    "ExclusiveMaximum",
    "ExclusiveMinimum",
    "MultipleOf",
    "MinProperties",
    "MaxProperties",
    "MaxLength",
    "MinLength",
    "Pattern",
    "MaxItems",
    "MinItems",
    "UniqueItems",
    "Enum",
    "Format",
    "Type",
    "XPreserveUnknownFields",
    "XEmbeddedResource",
    "XIntOrString",
    "XValidation",
];

/// Where markers sit: controller-gen reads its field-only markers (`+nullable`, defaults,
/// `Schemaless`, `EmbeddedResource`, `+k8s:immutable`) on fields alone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Field,
    Type,
}

/// One problem with a marker, before it becomes a diagnostic.
struct Problem {
    code: Code,
    span: Span,
    message: String,
}

/// What one doc comment's markers say.
#[derive(Default)]
struct Read {
    own: ControllerGen,
    items: ControllerGen,
    /// `+kubebuilder:default` (stomps), else `+default` (JSON).
    default: Option<serde_json::Value>,
    problems: Vec<Problem>,
}

/// The schema types markers are checked against (`None`: a type this tool cannot tell).
struct Types {
    ty: Option<String>,
    int_or_string: bool,
    /// The items' type, for a list (`None`: not a list).
    items: Option<Option<String>>,
}

impl<'a> Resolver<'_, 'a> {
    /// A definition's type-level markers (a struct, or a type with a fixed schema).
    pub(super) fn kubebuilder_type(
        &mut self,
        name: &crate::model::TypeName,
        entry: TypeEntry<'a>,
        validations: &mut Option<Box<Validations>>,
    ) {
        let docs = [&entry.decl.detached_doc, &entry.decl.doc];
        let schema_type = match self.custom_schema(name) {
            Some(crate::model::DefinitionBody::Custom { types, .. }) => types.first().cloned(),
            _ => Some("object".to_string()),
        };
        let (ty, int_or_string) = prescan(&docs);
        let types = Types {
            ty: ty.or(schema_type),
            int_or_string,
            items: None,
        };
        let mut read = read_docs(&docs, Place::Type, &types);
        self.report_kubebuilder(std::mem::take(&mut read.problems));
        let mut own = read.own;
        // The structs it inlines (embedded without a JSON name) and the one it is defined over
        // (`type A B`): controller-gen's `allOf` of their schemas, flattened into this one,
        // brings their type-level markers along.
        if let Some(fields_entry) = self.universe.struct_of(entry) {
            let flattened = fields::flatten(self.universe, name, fields_entry);
            for inlined in &flattened.structs {
                if std::ptr::eq(inlined.entry.decl, entry.decl) {
                    continue;
                }
                let docs = [&inlined.entry.decl.detached_doc, &inlined.entry.decl.doc];
                let (ty, int_or_string) = prescan(&docs);
                let types = Types {
                    ty: ty.or(Some("object".to_string())),
                    int_or_string,
                    items: None,
                };
                let mut read = read_docs(&docs, Place::Type, &types);
                self.report_kubebuilder(std::mem::take(&mut read.problems));
                own.overlay(&read.own);
            }
        }
        store(validations, own);
    }

    /// A property's markers: its type's (a non-struct named type's, through pointers, list
    /// items and map values), the field's over them, the field's default and optionality.
    pub(super) fn kubebuilder_property(
        &mut self,
        flat: &FlatField<'a>,
        go_type: &GoType<'a>,
        property: &mut Property,
    ) {
        let mut cg = self.type_markers(go_type.clone(), 0);
        let docs = [&flat.field.doc];
        let types = self.types_of(&docs, go_type, &cg);
        let list = types.items.is_some();
        let mut read = read_docs(&docs, Place::Field, &types);
        self.report_kubebuilder(std::mem::take(&mut read.problems));
        cg.overlay(&read.own);
        if read.items != ControllerGen::default() {
            cg.items
                .get_or_insert_with(Box::default)
                .overlay(&read.items);
        }
        property.default = read.default.map(|mut value| {
            if list && value == serde_json::json!({}) {
                value = serde_json::json!([]);
            }
            DefaultValue::Json(value.to_string())
        });
        store(&mut property.validations, cg);
    }

    /// The types the markers of `docs` on a node of Go type `ty` (whose type's markers are
    /// `below`) are checked against.
    fn types_of(&self, docs: &[&Doc], ty: &GoType<'a>, below: &ControllerGen) -> Types {
        let (marked, int_or_string) = prescan(docs);
        let ty_name = marked
            .or_else(|| below.ty.clone())
            .or_else(|| self.schema_type(ty));
        let items = (ty_name.as_deref() == Some("array")).then(|| {
            below
                .items
                .as_ref()
                .and_then(|i| i.ty.clone())
                .or_else(|| list_items(self, ty).and_then(|i| self.schema_type(&i)))
        });
        Types {
            ty: ty_name,
            int_or_string: int_or_string || below.int_or_string,
            items,
        }
    }

    /// Whether controller-gen leaves a field out of `required` (`schema.go`'s `structToSchema`).
    pub(super) fn kubebuilder_optional(&self, flat: &FlatField<'a>) -> bool {
        let doc = &flat.field.doc;
        let has = |kind: Kind| fields::schema_markers(doc).any(|m| m.marker.name == kind.name());
        if has(Kind::KbOptional) {
            return true;
        }
        if has(Kind::KbRequired) {
            return false;
        }
        if has(Kind::Optional) || has(Kind::K8sOptional) {
            return true;
        }
        if has(Kind::Required) || has(Kind::K8sRequired) {
            return false;
        }
        let package_optional = self.universe.package(flat.origin.package).is_some_and(|p| {
            p.package
                .files
                .iter()
                .any(|f| f.decls.package_doc.has_marker(Kind::KbOptional))
        });
        let omitzero = flat
            .field
            .tag
            .as_deref()
            .and_then(|t| fields::tag_value(t, "json"))
            .is_some_and(|json| json.split(',').skip(1).any(|o| o == "omitzero"));
        package_optional || flat.tag.omitempty || omitzero
    }

    /// The markers of the named non-struct types `ty` goes through (a struct or a type with a
    /// fixed schema is a definition, which carries its own).
    fn type_markers(&mut self, ty: GoType<'a>, depth: usize) -> ControllerGen {
        if depth > crate::limits::TYPE_DEPTH {
            return ControllerGen::default();
        }
        let nested =
            |inner: ControllerGen| (inner != ControllerGen::default()).then(|| Box::new(inner));
        match ty {
            GoType::Pointer(inner) => self.type_markers(*inner, depth + 1),
            GoType::Slice(inner) | GoType::Array(inner)
                if !matches!(*inner, GoType::Builtin("byte" | "uint8")) =>
            {
                ControllerGen {
                    items: nested(self.type_markers(*inner, depth + 1)),
                    ..ControllerGen::default()
                }
            }
            GoType::Map(_, value) => ControllerGen {
                additional_properties: nested(self.type_markers(*value, depth + 1)),
                ..ControllerGen::default()
            },
            GoType::Named(name, entry) => {
                if self.universe.struct_of(entry).is_some() || self.custom_schema(&name).is_some() {
                    return ControllerGen::default();
                }
                let underlying = self.universe.resolve(entry.origin, &entry.decl.ty);
                let mut cg = self.type_markers(underlying.clone(), depth + 1);
                let docs = [&entry.decl.detached_doc, &entry.decl.doc];
                let types = self.types_of(&docs, &underlying, &cg);
                let mut read = read_docs(&docs, Place::Type, &types);
                self.report_kubebuilder(std::mem::take(&mut read.problems));
                cg.overlay(&read.own);
                if read.items != ControllerGen::default() {
                    cg.items
                        .get_or_insert_with(Box::default)
                        .overlay(&read.items);
                }
                cg
            }
            _ => ControllerGen::default(),
        }
    }

    /// The OpenAPI type controller-gen gives a Go type, when this tool can tell.
    fn schema_type(&self, ty: &GoType<'a>) -> Option<String> {
        let name = match shape(self.universe, ty.clone(), 0) {
            Shape::String | Shape::Bytes => "string",
            Shape::Integer => "integer",
            Shape::Number => "number",
            Shape::Boolean => "boolean",
            Shape::Array => "array",
            Shape::Map | Shape::Struct(_) => "object",
            Shape::Overridden | Shape::Other | Shape::Unknown => return None,
        };
        Some(name.to_string())
    }

    fn report_kubebuilder(&mut self, problems: Vec<Problem>) {
        for problem in problems {
            let key =
                OnceKey::Validation(problem.span.clone(), problem.code, problem.message.clone());
            if !self.once.first(key, self.diagnostics.len()) {
                continue;
            }
            let help = match problem.code {
                Code::KubebuilderInvalid => "controller-gen fails on this marker when it generates the CRD; the schema `validate --packages` builds leaves it out",
                _ => "validate against the generated CRD (`--crd`) to have it checked",
            };
            self.diagnostics
                .push(Diagnostic::new(problem.code, problem.span, problem.message).with_help(help));
        }
    }
}

/// A `Type` marker and an `XIntOrString` one among `docs` (controller-gen applies them before
/// the others, which are checked against them).
fn prescan(docs: &[&Doc]) -> (Option<String>, bool) {
    let mut ty = None;
    let mut int_or_string = false;
    for marker in docs.iter().flat_map(|d| fields::schema_markers(d)) {
        match marker.marker.name.strip_prefix(VALIDATION) {
            Some("Type") => {
                ty = marker
                    .marker
                    .value
                    .as_deref()
                    .and_then(|v| values::string(v).ok())
            }
            Some("XIntOrString") => int_or_string = true,
            _ => {}
        }
    }
    (ty, int_or_string)
}

/// The element type of a list type (through pointers and named non-struct types).
fn list_items<'a>(resolver: &Resolver<'_, 'a>, ty: &GoType<'a>) -> Option<GoType<'a>> {
    let mut next = ty.clone();
    for _ in 0..crate::limits::TYPE_DEPTH {
        next = match next {
            GoType::Pointer(inner) => *inner,
            GoType::Named(_, entry) if resolver.universe.struct_of(entry).is_none() => {
                resolver.universe.resolve(entry.origin, &entry.decl.ty)
            }
            GoType::Slice(inner) | GoType::Array(inner) => return Some(*inner),
            _ => return None,
        };
    }
    None
}

/// Puts `cg` into the model's validations, unless it says nothing.
fn store(validations: &mut Option<Box<Validations>>, cg: ControllerGen) {
    if cg != ControllerGen::default() {
        validations.get_or_insert_with(Box::default).controller_gen = Some(Box::new(cg));
    }
}

/// The markers of doc comments in order (a type's detached block, then its doc comment),
/// each checked against `types` before it counts.
fn read_docs(docs: &[&Doc], place: Place, types: &Types) -> Read {
    let mut read = Read::default();
    let mut kubebuilder_default = None;
    for doc in docs {
        for marker in fields::schema_markers(doc) {
            read_marker(marker, place, types, &mut read, &mut kubebuilder_default);
        }
        for (error, span) in &doc.malformed {
            let ours = |n: &str| {
                n.starts_with(VALIDATION)
                    || crate::markers::registry::Kind::from_name(n)
                        .is_some_and(crate::markers::registry::Kind::validate_only)
            };
            if error.name.as_deref().is_some_and(ours) {
                read.problems.push(problem(
                    Code::KubebuilderInvalid,
                    span.clone(),
                    format!("malformed marker: {}", error.message),
                ));
            }
        }
    }
    if kubebuilder_default.is_some() {
        read.default = kubebuilder_default;
    }
    read
}

fn problem(code: Code, span: Span, message: String) -> Problem {
    Problem {
        code,
        span,
        message,
    }
}

/// One marker into `read` (`kubebuilder_default` apart: it wins over `+default`).
fn read_marker(
    marker: &SpannedMarker,
    place: Place,
    types: &Types,
    read: &mut Read,
    kubebuilder_default: &mut Option<serde_json::Value>,
) {
    let m = &marker.marker;
    let name = m.name.as_str();
    let value = m.value.as_deref();
    let span = marker.value_or_marker_span();
    let field = place == Place::Field;
    let invalid = |message: String| problem(Code::KubebuilderInvalid, span.clone(), message);
    let value_name = name
        .strip_prefix(ITEMS)
        .map(|rest| (rest, true))
        .or_else(|| name.strip_prefix(VALIDATION).map(|rest| (rest, false)));
    if let Some((rest, items)) = value_name {
        if !items && field && matches!(rest, "EmbeddedResource" | "Schemaless") {
            read.own.embedded_resource |= rest == "EmbeddedResource";
            read.own.schemaless |= rest == "Schemaless";
            return;
        }
        let mut one = ControllerGen::default();
        if let Err(message) = value_marker(rest, value, &mut one) {
            // `XValidation:rule=…` is named without its first argument.
            let shown = match rest.split_once(':') {
                Some((base, _)) => &name[..name.len() - rest.len() + base.len()],
                None => name,
            };
            read.problems.push(invalid(format!("+{shown}: {message}")));
            return;
        }
        let (target, ty) = match (items, &types.items) {
            (false, _) => (&mut read.own, types.ty.as_deref()),
            (true, Some(items_type)) => (&mut read.items, items_type.as_deref()),
            (true, None) => {
                let found = types.ty.as_deref().unwrap_or("an unknown type");
                read.problems.push(invalid(format!(
                    "must apply {name} to an array value, found {found}"
                )));
                return;
            }
        };
        let int_or_string = !items && types.int_or_string;
        match check_node(&mut one, ty, int_or_string) {
            Err(message) => read.problems.push(invalid(message)),
            Ok(Some(message)) => {
                read.problems
                    .push(problem(Code::KubebuilderNotSupported, span, message));
                target.overlay(&one);
            }
            Ok(None) => target.overlay(&one),
        }
        return;
    }
    match Kind::from_name(name) {
        Some(Kind::KbPreserveUnknownFields) => read.own.preserve_unknown_fields = true,
        Some(Kind::Nullable) if field => read.own.nullable = true,
        Some(Kind::K8sImmutable) if field => read.own.rules.push(crate::model::CelRule {
            rule: "self == oldSelf".into(),
            message: "field is immutable".into(),
            ..Default::default()
        }),
        Some(Kind::KbDefault) if field => match value.map(values::any) {
            Some(Ok(v)) => *kubebuilder_default = Some(v),
            None => read.problems.push(invalid(
                "+kubebuilder:default: missing argument \"\"".into(),
            )),
            Some(Err(message)) => read
                .problems
                .push(invalid(format!("+kubebuilder:default: {message}"))),
        },
        Some(Kind::Default) if field => {
            let text = value.unwrap_or("").trim();
            // controller-gen skips `ref(…)`; a value that is not JSON is also `check`'s
            // `marker/malformed`.
            if !text.starts_with("ref(") {
                match serde_json::from_str::<serde_json::Value>(text) {
                    Ok(v) => read.default = Some(v),
                    Err(e) => read.problems.push(invalid(format!("+default: {e}"))),
                }
            }
        }
        _ => {}
    }
}

/// One `ValidationMarkers` marker (`rest`: its name after `kubebuilder:validation:` or
/// `…:items:`) into `cg`; unknown names are another tool's (controller-gen ignores them too).
fn value_marker(rest: &str, value: Option<&str>, cg: &mut ControllerGen) -> Result<(), String> {
    let (base, argument) = match rest.split_once(':') {
        Some((base, argument)) => (base, Some(argument)),
        None => (rest, None),
    };
    if !VALUE_MARKERS.contains(&base) || (argument.is_some() && base != "XValidation") {
        return Ok(());
    }
    if matches!(
        base,
        "XPreserveUnknownFields" | "XEmbeddedResource" | "XIntOrString"
    ) {
        if let Some(value) = value.filter(|v| !v.trim().is_empty()) {
            return Err(format!("extra arguments provided: {value:?}"));
        }
        cg.preserve_unknown_fields |= base == "XPreserveUnknownFields";
        cg.embedded_resource |= base == "XEmbeddedResource";
        cg.int_or_string |= base == "XIntOrString";
        return Ok(());
    }
    let Some(value) = value else {
        return Err("missing argument \"\"".into());
    };
    let l = &mut cg.limits;
    match base {
        "XValidation" => {
            let arguments = match argument {
                Some(first) => format!("{first}={value}"),
                None => value.to_string(),
            };
            cg.rules.push(values::rule(&arguments)?);
        }
        "Maximum" => l.maximum = Some(values::number(value)?),
        "Minimum" => l.minimum = Some(values::number(value)?),
        "MultipleOf" => l.multiple_of = Some(values::number(value)?),
        "ExclusiveMaximum" => l.exclusive_maximum = values::boolean(value)?,
        "ExclusiveMinimum" => l.exclusive_minimum = values::boolean(value)?,
        "UniqueItems" => l.unique_items = values::boolean(value)?,
        "MinProperties" => l.min_properties = Some(values::integer(value)?),
        "MaxProperties" => l.max_properties = Some(values::integer(value)?),
        "MaxLength" => l.max_length = Some(values::integer(value)?),
        "MinLength" => l.min_length = Some(values::integer(value)?),
        "MaxItems" => l.max_items = Some(values::integer(value)?),
        "MinItems" => l.min_items = Some(values::integer(value)?),
        "Pattern" => {
            let pattern = values::string(value)?;
            crate::markers::validation::check_go_regexp(&pattern)
                .map_err(|e| format!("invalid pattern {pattern:?}: {e}"))?;
            l.pattern = Some(pattern).filter(|p| !p.is_empty());
        }
        "Format" => cg.format = Some(values::string(value)?),
        "Type" => cg.ty = Some(values::string(value)?),
        _ => {
            let list = values::list(value)?;
            let strings: Vec<String> = list
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            if strings.len() != list.len() {
                // Reported by `check_node` (a marker on a string field, `Enum=1;2`, too).
                cg.enum_values = Some(vec![
                    NOT_STRINGS.into(),
                    serde_json::Value::from(list).to_string(),
                ]);
            } else {
                cg.enum_values = Some(strings);
            }
        }
    }
    Ok(())
}

/// Marks an `Enum` whose values are not all strings (its JSON follows): never written.
const NOT_STRINGS: &str = "\0not strings";

/// controller-gen's checks of one marker's result against the schema type it applies to
/// (`None`: a type this tool cannot tell), with its messages: `Err` fails the marker,
/// `Ok(Some)` is what is left out as not supported.
fn check_node(
    one: &mut ControllerGen,
    ty: Option<&str>,
    int_or_string: bool,
) -> Result<Option<String>, String> {
    let l = &one.limits;
    let numeric = matches!(ty, None | Some("integer" | "number"));
    let textual = matches!(ty, None | Some("string")) || int_or_string;
    let array = matches!(ty, None | Some("array"));
    let object = matches!(ty, None | Some("object"));
    let found = ty.unwrap_or_default();
    let numbers = [
        ("maximum", l.maximum),
        ("minimum", l.minimum),
        ("multipleof", l.multiple_of),
    ];
    for (what, value) in numbers {
        let Some(value) = value else { continue };
        if !numeric {
            return Err(format!(
                "must apply {what} to a numeric value, found {found}"
            ));
        }
        if ty == Some("integer") && value.fract() != 0.0 {
            return Err(format!(
                "cannot apply non-integral {what} validation ({value}) to integer value"
            ));
        }
    }
    let flags = [
        ("exclusivemaximum", l.exclusive_maximum),
        ("exclusiveminimum", l.exclusive_minimum),
    ];
    if let Some((what, _)) = flags.iter().find(|(_, set)| *set).filter(|_| !numeric) {
        return Err(format!(
            "must apply {what} to a numeric value, found {found}"
        ));
    }
    let strings = [
        ("maxlength", l.max_length.is_some()),
        ("minlength", l.min_length.is_some()),
        ("pattern", l.pattern.is_some()),
    ];
    if let Some((what, _)) = strings.iter().find(|(_, set)| *set).filter(|_| !textual) {
        return Err(format!(
            "must apply {what} to a textual value, found type {found:?}"
        ));
    }
    let lists = [
        ("maxitem", l.max_items.is_some()),
        ("minitems", l.min_items.is_some()),
        ("uniqueitems", l.unique_items),
    ];
    if let Some((what, _)) = lists.iter().find(|(_, set)| *set).filter(|_| !array) {
        return Err(format!("must apply {what} to an array"));
    }
    let objects = [
        ("maxproperties", l.max_properties.is_some()),
        ("minproperties", l.min_properties.is_some()),
    ];
    if let Some((what, _)) = objects.iter().find(|(_, set)| *set).filter(|_| !object) {
        return Err(format!("must apply {what} to an object"));
    }
    if let Some(values) = &one.enum_values {
        if values.first().map(String::as_str) == Some(NOT_STRINGS) {
            let json = values.get(1).cloned().unwrap_or_default();
            one.enum_values = None;
            return Ok(Some(format!(
                "`Enum` values that are not strings ({json}) are not written into the schema built from the Go types"
            )));
        }
    }
    Ok(None)
}
