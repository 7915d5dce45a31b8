//! The schema in controller-gen's flavour (controller-tools `pkg/crd/schema.go`,
//! `flatten.go`, `known_types.go`): each type's schema from its Go type, doc comment and
//! markers, with references between types, then flattened into one inline schema per kind.
//! What differs from the OpenAPI flavour ([`super::build`]) is controller-gen's own: fields
//! required unless `omitempty`, `+optional` or the package says otherwise, the known types'
//! fixed schemas, descriptions with their line breaks, embedded structs and named types
//! merged through `allOf`, markers applied in controller-gen's order with its refusals.
//!
//! Input: [`Model`] (from `resolve::controller_gen`). Output: [`Props`] per kind and version,
//! and refusals at the Go source. Must not know: files, YAML, the CRD around the schema.

pub mod flatten;
pub mod known;
pub mod markers;
pub mod props;

use std::collections::HashMap;

pub use props::{Additional, Props, Reference};

use crate::controller_gen_versions::Change;
use crate::model::controller_gen::*;
use crate::source::Span;

/// The `crd` generator's options that shape schemas.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The controller-gen release whose output to copy.
    pub behaviour: crate::controller_gen_versions::Behaviour,
    /// `allowDangerousTypes`: floats become `number` instead of a refusal.
    pub allow_dangerous_types: bool,
    /// `ignoreUnexportedFields`.
    pub ignore_unexported_fields: bool,
    /// `generateEmbeddedObjectMeta`: an embedded `ObjectMeta` keeps name, namespace, labels,
    /// annotations and finalizers.
    pub generate_embedded_object_meta: bool,
}

/// Builds and caches schemas as controller-gen's `Parser` does.
pub struct Builder<'m> {
    pub model: &'m Model,
    pub options: Options,
    /// `Parser.Schemata`: each type's own schema (references unresolved).
    schemata: HashMap<TypeId, Props>,
    /// `Flattener.flattenedTypes`.
    flattened_types: HashMap<TypeId, Props>,
    /// `Parser.FlattenedSchemata`.
    flattened: HashMap<TypeId, Props>,
    /// Pointer identities given out (see [`props::Pointers`]).
    pointer_count: u64,
    /// What controller-gen refuses, where (deduplicated when reported).
    pub refusals: Vec<(Span, String)>,
    /// Types in packages union-gen did not load, where they are used.
    pub unresolved: Vec<(Span, String)>,
}

/// The context of a schema being built: its package and the type whose doc and markers
/// apply (`None`: a field's or an element's type).
#[derive(Clone, Copy)]
struct Context<'t> {
    package: usize,
    info: Option<&'t Type>,
}

impl<'m> Builder<'m> {
    pub fn new(model: &'m Model, options: Options) -> Builder<'m> {
        Builder {
            model,
            options,
            schemata: HashMap::new(),
            flattened_types: HashMap::new(),
            flattened: HashMap::new(),
            pointer_count: 0,
            refusals: Vec::new(),
            unresolved: Vec::new(),
        }
    }

    fn has(&self, change: Change) -> bool {
        self.options.behaviour.has(change)
    }

    fn ty(&self, id: TypeId) -> &'m Type {
        &self.model.packages[id.package].types[id.name]
    }

    fn refuse(&mut self, span: &Span, message: impl Into<String>) {
        let message = message.into();
        if !self
            .refusals
            .iter()
            .any(|(s, m)| s == span && *m == message)
        {
            self.refusals.push((span.clone(), message));
        }
    }

    fn refuse_type(&mut self, id: TypeId, message: String) {
        let span = self.ty(id).span.clone();
        self.refuse(&span, message);
    }

    /// The fully flattened schema of a type (`NeedFlattenedSchemaFor`), cached.
    pub fn flattened_schema(&mut self, id: TypeId) -> Option<Props> {
        if let Some(found) = self.flattened.get(&id) {
            return Some(found.clone());
        }
        self.need_schema_for(id, None);
        let mut schema = self.flatten_type(id)?;
        // `FlattenEmbedded` works on a deep copy.
        schema.renumber(&mut self.pointer_count, 0);
        let mut conflicts = Vec::new();
        let merge = flatten::Merge {
            validations: self.has(Change::MergeValidations),
            enums: self.has(Change::EnumsAndImmutability),
        };
        flatten::flatten_embedded(&mut schema, merge, &mut conflicts, 0);
        for conflict in conflicts {
            self.refuse_type(id, conflict);
        }
        self.flattened.insert(id, schema.clone());
        Some(schema)
    }

    /// `NeedSchemaFor`: the type's own schema, a fixed one for a known type.
    pub(crate) fn need_schema_for(&mut self, id: TypeId, at: Option<&Span>) {
        if self.schemata.contains_key(&id) {
            return;
        }
        let package = &self.model.packages[id.package];
        let ty = &package.types[id.name];
        let protocol_default = !self.has(Change::NoProtocolDefault);
        match known::schema(
            &package.path,
            &ty.name,
            self.options.generate_embedded_object_meta,
            protocol_default,
        ) {
            Some(Ok(fixed)) => {
                self.schemata.insert(id, fixed);
                return;
            }
            Some(Err(())) => {
                let span = at.cloned().unwrap_or_else(|| ty.span.clone());
                let message = format!("unknown type \"{}\".{}", package.path, ty.name);
                self.refuse(&span, message);
                return;
            }
            None => {}
        }
        // A recursive type finds this empty schema while its own is built.
        self.schemata.insert(id, Props::default());
        let schema = self.info_to_schema(id);
        self.schemata.insert(id, schema);
    }

    /// `infoToSchema`: a type with `MarshalJSON` takes its schema from its markers when they
    /// give a type; one with `MarshalText` is a string; else the schema of its Go type.
    fn info_to_schema(&mut self, id: TypeId) -> Props {
        let ty = self.ty(id);
        let context = Context {
            package: id.package,
            info: Some(ty),
        };
        if ty.marshals_json {
            let mut schema = Props::default();
            self.apply_markers(&ty.markers, &mut schema, Some(ty), &ty.expr_span);
            if !schema.ty.is_empty() {
                return schema;
            }
        } else if ty.marshals_text {
            let mut schema = Props::of_type("string");
            self.apply_markers(&ty.markers, &mut schema, Some(ty), &ty.expr_span);
            if schema.ty != "string" {
                let message = format!(
                    "{:?} implements encoding.TextMarshaler but schema type is not string: {:?}",
                    ty.name, schema.ty
                );
                self.refuse(&ty.expr_span, message);
            }
            return schema;
        }
        self.type_to_schema(context, &ty.expr)
    }

    fn apply_markers(&mut self, list: &[Marker], props: &mut Props, ty: Option<&Type>, at: &Span) {
        for refusal in markers::apply(list, props, ty, &self.options.behaviour) {
            self.refuse(at, refusal);
        }
    }

    /// `typeToSchema`: the schema of a written type, then the context type's description and
    /// markers.
    fn type_to_schema(&mut self, context: Context<'m>, expr: &'m Expr) -> Props {
        let element = Context {
            package: context.package,
            info: None,
        };
        let mut props = match expr {
            Expr::Ident { .. } => self.local_named(context, expr),
            Expr::Selector { .. } => self.named(context, expr),
            Expr::Array { .. } => self.array(context, expr),
            Expr::Map { .. } => self.map(context, expr),
            Expr::Pointer(inner, _) => self.type_to_schema(element, inner),
            Expr::Struct {
                fields,
                top_level,
                span,
            } => self.structure(context, fields, *top_level, span),
            Expr::Interface(span) => {
                self.refuse(span, "interface type is not supported in CRD schemas; consider using an explicit type or apiextensionsv1.JSON instead");
                return Props::default();
            }
            Expr::Unsupported(what, span) => {
                self.refuse(span, format!("unsupported AST kind {}", ast_kind(what)));
                return Props::default();
            }
        };
        props.description = context.info.map(|t| t.doc.clone()).unwrap_or_default();
        if let Some(info) = context.info {
            self.apply_markers(&info.markers, &mut props, Some(info), expr.span());
        }
        props
    }

    /// A reference to a type from a schema of `package`.
    fn reference(&self, package: usize, id: TypeId) -> Reference {
        let target = &self.model.packages[id.package];
        let name = &target.types[id.name].name;
        let text = if package == id.package {
            format!("#/definitions/{name}")
        } else {
            format!("#/definitions/{}~0{name}", target.path.replace('/', "~1"))
        };
        Reference {
            id: Some(id),
            text,
            unresolved: None,
        }
    }

    /// `localNamedToSchema`: a builtin, a local or dot-imported named type, an alias.
    fn local_named(&mut self, context: Context<'m>, expr: &'m Expr) -> Props {
        let Expr::Ident { name, ty, span } = expr else {
            return Props::default();
        };
        match ty {
            Ident::Unknown => {
                self.refuse(span, format!("unknown type {name}"));
                Props::default()
            }
            Ident::Basic(basic) => {
                let (ty, format) = self.builtin(basic, span);
                Props {
                    ty,
                    format,
                    ..Props::default()
                }
            }
            Ident::BasicAlias { alias, basic } => {
                let (ty, format) = self.builtin(basic, span);
                self.need_schema_for(*alias, Some(span));
                Props {
                    ty,
                    format,
                    reference: Some(self.reference(context.package, *alias)),
                    ..Props::default()
                }
            }
            Ident::Interface => {
                self.refuse(span, format!("cannot generate schema for {name}; interface type is not supported in CRD schemas, consider using an explicit type or apiextensionsv1.JSON instead"));
                Props::default()
            }
            Ident::UnsupportedAlias(rhs) => {
                self.refuse(
                    span,
                    format!(
                        "unsupported type {} for identifier {name}",
                        go_types_kind(rhs)
                    ),
                );
                Props::default()
            }
            Ident::External { package, name } => self.external(span, package, name),
            Ident::Named { id, basic } => {
                self.need_schema_for(*id, Some(span));
                let mut props = Props {
                    reference: Some(self.reference(context.package, *id)),
                    ..Props::default()
                };
                if *basic && self.has(Change::OneOfOrder) {
                    // controller-gen computes the named type's schema for its type and format.
                    let named = self.info_to_schema(*id);
                    props.ty = named.ty;
                    props.format = named.format;
                }
                props
            }
        }
    }

    /// `namedToSchema`: `pkg.Name`, a reference.
    fn named(&mut self, context: Context<'m>, expr: &'m Expr) -> Props {
        let Expr::Selector {
            qualifier,
            name,
            ty,
            span,
        } = expr
        else {
            return Props::default();
        };
        match ty {
            Ident::Named { id, .. } | Ident::BasicAlias { alias: id, .. } => {
                self.need_schema_for(*id, Some(span));
                Props {
                    reference: Some(self.reference(context.package, *id)),
                    ..Props::default()
                }
            }
            Ident::Interface => {
                self.refuse(span, format!("cannot generate schema for {qualifier}.{name}; interface type is not supported in CRD schemas, consider using an explicit type or apiextensionsv1.JSON instead"));
                Props::default()
            }
            Ident::External { package, name } => self.external(span, package, name),
            _ => {
                self.refuse(span, format!("unknown type {qualifier}.{name}"));
                Props::default()
            }
        }
    }

    /// A type in a package union-gen did not load: its schema cannot be written.
    fn external(&mut self, span: &Span, package: &str, name: &str) -> Props {
        let what = format!("{package}.{name}");
        if !self.unresolved.iter().any(|(s, w)| s == span && *w == what) {
            self.unresolved.push((span.clone(), what.clone()));
        }
        Props {
            reference: Some(Reference {
                id: None,
                text: format!("#/definitions/{}~0{name}", package.replace('/', "~1")),
                unresolved: Some(what),
            }),
            ..Props::default()
        }
    }

    /// `builtinToType`: the JSON type and format of a predeclared type.
    fn builtin(&mut self, basic: &str, span: &Span) -> (String, String) {
        let ty = match basic {
            "bool" => "boolean",
            "string" => "string",
            "int" | "int8" | "int16" | "int32" | "int64" | "uint" | "uint8" | "uint16"
            | "uint32" | "uint64" | "uintptr" | "byte" | "rune" => "integer",
            "float32" | "float64" if self.options.allow_dangerous_types => "number",
            "float32" | "float64" => {
                self.refuse(span, "found float, the usage of which is highly discouraged, as support for them varies across languages. Please consider serializing your float as string instead. If you are really sure you want to use them, re-run with crd:allowDangerousTypes=true");
                return (String::new(), String::new());
            }
            other => {
                self.refuse(span, format!("unsupported type {other:?}"));
                return (String::new(), String::new());
            }
        };
        let format = match basic {
            "int32" | "uint32" | "rune" => "int32",
            "int64" | "uint64" => "int64",
            _ => "",
        };
        (ty.to_string(), format.to_string())
    }

    /// `arrayToSchema`: `[]byte` is a base64 string, else an array of the element's schema.
    fn array(&mut self, context: Context<'m>, expr: &'m Expr) -> Props {
        let Expr::Array {
            elem, byte_slice, ..
        } = expr
        else {
            return Props::default();
        };
        if *byte_slice {
            return Props {
                ty: "string".into(),
                format: "byte".into(),
                ..Props::default()
            };
        }
        let element = Context {
            package: context.package,
            info: None,
        };
        let items = self.type_to_schema(element, elem);
        Props {
            ty: "array".into(),
            items: Some(Box::new(items)),
            ..Props::default()
        }
    }

    /// `mapToSchema`: string keys only; the value's schema as `additionalProperties`.
    fn map(&mut self, context: Context<'m>, expr: &'m Expr) -> Props {
        let Expr::Map {
            key,
            key_span,
            value,
            ..
        } = expr
        else {
            return Props::default();
        };
        if let Err(key) = key {
            self.refuse(key_span, format!("map keys must be strings, not {key}"));
            return Props::default();
        }
        let element = Context {
            package: context.package,
            info: None,
        };
        let value_schema = match value.as_ref() {
            Expr::Ident { .. } => self.local_named(element, value),
            Expr::Selector { .. } => self.named(element, value),
            Expr::Array { .. } => self.array(element, value),
            Expr::Pointer(..) | Expr::Map { .. } => self.type_to_schema(element, value),
            Expr::Interface(span) => {
                self.refuse(span, "interface type is not supported as map value in CRD schemas; consider using an explicit type or apiextensionsv1.JSON instead");
                return Props::default();
            }
            other => {
                let kind = match other {
                    Expr::Struct { .. } => "*ast.StructType".to_string(),
                    Expr::Unsupported(what, _) => ast_kind(what),
                    _ => "*ast.BadExpr".to_string(),
                };
                self.refuse(
                    other.span(),
                    format!("not a supported map value type: {kind}"),
                );
                return Props::default();
            }
        };
        Props {
            ty: "object".into(),
            additional_properties: Some(Additional {
                schema: Some(Box::new(value_schema)),
                allows: true,
            }),
            ..Props::default()
        }
    }

    /// `structToSchema`: the fields as properties (embedded ones as `allOf` entries), which
    /// are required, the one-of constraints' checks, the immutable optional fields' rules.
    fn structure(
        &mut self,
        context: Context<'m>,
        fields: &'m [Field],
        top_level: bool,
        span: &Span,
    ) -> Props {
        let mut props = Props {
            ty: "object".into(),
            properties: Some(Default::default()),
            ..Props::default()
        };
        let Some(info) = context.info.filter(|_| top_level) else {
            self.refuse(
                span,
                "encountered non-top-level struct (possibly embedded), those aren't allowed",
            );
            return props;
        };
        let Some(one_of) = self.one_of_fields(info, span) else {
            return props;
        };
        let optional_default = self.model.packages[context.package].optional_default;
        let mut immutable = Vec::new();
        for field in fields {
            match self.field(context, info, field, &one_of, optional_default, &mut props) {
                FieldOutcome::Next => {}
                FieldOutcome::Immutable(name) => immutable.push(name),
                FieldOutcome::Stop => return props,
            }
        }
        if let Some(required) = props.required.as_mut() {
            required.sort();
        }
        for name in immutable {
            if props.required.as_ref().is_some_and(|r| r.contains(&name)) {
                continue;
            }
            props
                .x_validations
                .get_or_insert_with(Vec::new)
                .push(crate::model::CelRule {
                    rule: format!("!has(oldSelf.{name}) || has(self.{name})"),
                    message: format!("field {name} is immutable once set"),
                    ..crate::model::CelRule::default()
                });
        }
        props
    }

    /// The fields named by the type's one-of markers (`None`: a marker names a nested field,
    /// refused, and the struct has no properties).
    fn one_of_fields(&mut self, info: &Type, span: &Span) -> Option<Vec<String>> {
        let mut names = Vec::new();
        for prefix in ["ExactlyOneOf", "AtMostOneOf", "AtLeastOneOf"] {
            let marker_name = format!("kubebuilder:validation:{prefix}");
            for marker in info.markers.iter().filter(|m| m.name == marker_name) {
                let fields = match &marker.value {
                    MarkerValue::ExactlyOneOf(f)
                    | MarkerValue::AtMostOneOf(f)
                    | MarkerValue::AtLeastOneOf(f) => f,
                    _ => continue,
                };
                let nested: Vec<&str> = fields
                    .iter()
                    .filter(|f| f.contains('.'))
                    .map(String::as_str)
                    .collect();
                if !nested.is_empty() {
                    self.refuse(
                        span,
                        format!(
                            "{marker_name}: cannot reference nested fields: {}",
                            nested.join(",")
                        ),
                    );
                    return None;
                }
                names.extend(fields.iter().cloned());
            }
        }
        Some(names)
    }

    fn field(
        &mut self,
        context: Context<'m>,
        info: &Type,
        field: &'m Field,
        one_of: &[String],
        optional_default: bool,
        props: &mut Props,
    ) -> FieldOutcome {
        let exported = field.name.chars().next().is_some_and(char::is_uppercase);
        if !field.name.is_empty() && self.options.ignore_unexported_fields && !exported {
            return FieldOutcome::Next;
        }
        let Some(json) = &field.json else {
            let message = format!(
                "encountered struct field {:?} without JSON tag in type {:?}",
                field.name, info.name
            );
            self.refuse(&field.span, message);
            return FieldOutcome::Next;
        };
        let options: Vec<&str> = json.split(',').collect();
        if options == ["-"] {
            return FieldOutcome::Next;
        }
        let omit_empty = options[1..].contains(&"omitempty");
        let name = options[0].to_string();
        let inline = options[1..].contains(&"inline") || name.is_empty();
        let in_one_of = one_of.contains(&name);
        let required = |props: &mut Props, name: &str| {
            props
                .required
                .get_or_insert_with(Vec::new)
                .push(name.to_string());
        };
        let marked = |n: &str| has(&field.markers, n);
        if !self.has(Change::ExplicitPresence) {
            // controller-gen before v0.16: the package default decides, a marker only the
            // other way.
            let is_required = if optional_default {
                marked("kubebuilder:validation:Required")
            } else {
                !inline
                    && !omit_empty
                    && !marked("kubebuilder:validation:Optional")
                    && !marked("optional")
            };
            if is_required {
                required(props, &name);
            }
        } else if marked("kubebuilder:validation:Optional") {
        } else if marked("kubebuilder:validation:Required") {
            if in_one_of {
                return self.one_of_required(field, &name, "cannot be marked as required");
            }
            required(props, &name);
        } else if marked("optional") || marked("k8s:optional") {
        } else if marked("required") || marked("k8s:required") {
            if in_one_of {
                return self.one_of_required(field, &name, "cannot be marked as required");
            }
            required(props, &name);
        } else if !optional_default && !inline && !omit_empty {
            if in_one_of {
                return self.one_of_required(field, &name, "must have omitempty tag");
            }
            required(props, &name);
        }
        let element = Context {
            package: context.package,
            info: None,
        };
        let mut schema = if marked("kubebuilder:validation:Schemaless") {
            Props::default()
        } else {
            self.type_to_schema(element, &field.expr)
        };
        schema.description = field.doc.clone();
        // Field markers see the enclosing type as their context (`+k8s:enum` refuses).
        self.apply_markers(&field.markers, &mut schema, None, &field.span);
        if inline {
            props.all_of.push(schema);
            return FieldOutcome::Next;
        }
        let immutable = marked("k8s:immutable");
        props
            .properties
            .get_or_insert_with(Default::default)
            .insert(name.clone(), schema);
        if immutable {
            FieldOutcome::Immutable(name)
        } else {
            FieldOutcome::Next
        }
    }

    fn one_of_required(&mut self, field: &Field, name: &str, why: &str) -> FieldOutcome {
        self.refuse(
            &field.span,
            format!("field {name} is part of OneOf constraint and {why}"),
        );
        FieldOutcome::Stop
    }
}

/// What reading one field did to the struct's schema.
enum FieldOutcome {
    Next,
    /// A property marked `+k8s:immutable`.
    Immutable(String),
    /// A refusal that ends the struct's schema (controller-gen returns it as it is).
    Stop,
}

/// Go's `%T` of an AST node syntax did not keep (`*ast.ChanType`, `*ast.FuncType`, …).
fn ast_kind(what: &str) -> String {
    if what.starts_with("*ast.") {
        return what.to_string();
    }
    match what {
        "channel" => "*ast.ChanType",
        "function" => "*ast.FuncType",
        "generic type" => "*ast.IndexExpr",
        _ => "*ast.BadExpr",
    }
    .to_string()
}

/// Go's `%T` of the `go/types` type an alias stands for.
fn go_types_kind(written: &str) -> &'static str {
    if written.starts_with("[]") {
        "*types.Slice"
    } else if written.starts_with('[') {
        "*types.Array"
    } else if written.starts_with("map[") {
        "*types.Map"
    } else if written.starts_with('*') {
        "*types.Pointer"
    } else if written.starts_with("struct") {
        "*types.Struct"
    } else {
        "*types.Basic"
    }
}
