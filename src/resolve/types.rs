//! A property's type: Go types as OpenAPI schemas (`property_type`), anonymous structs,
//! map keys, and why a type cannot be described ([`TypeProblem`], worded by
//! `report_type_problem`). What one property's walk finds travels in a [`TypeFindings`] the
//! walk is given, reported on the property by `field_type`.

use super::fields::{self, FlatField};
use super::findings::ResolveFinding;
use super::once::OnceKey;
use super::universe::{GoType, Origin, TypeEntry, Unresolvable};
use super::{enums, well_known, Resolver};
use crate::diag::{Code, Diagnostic};
use crate::limits::TYPE_DEPTH;
use crate::model::*;
use crate::resolve::hash::HashSet;
use crate::source::Span;
use crate::syntax::{Field, TypeExpr};

/// Why `property_type` could not build a property's schema.
#[derive(Debug, Clone)]
pub(super) enum TypeProblem {
    /// More than [`TYPE_DEPTH`] named types (or [`crate::limits::RESOLVE_DEPTH`] levels of a
    /// written type with its aliases) deep.
    TooDeep,
    /// A named non-struct type that contains itself (`type L []L`): the named type, where it
    /// is declared.
    Recursive(TypeName, Span),
    /// Aliases that refer to themselves, at the alias reference.
    AliasCycle(Span),
    /// A type OpenAPI (as openapi-gen writes it) cannot express: what it is, where (else the
    /// field).
    Unsupported(String, Option<Span>),
    /// A name no loaded package declares: the name, where it is used.
    Undefined(String, Span),
    /// An instance of a generic type (`Holder[string]`): the generic type's name.
    GenericInstance(String),
}

/// What the walk over one property's type found: reported on the property.
#[derive(Debug, Default)]
pub(super) struct TypeFindings {
    /// The first reason the walk gave up on a part of the type.
    problem: Option<TypeProblem>,
    /// An anonymous struct in a CRD's types, which controller-gen refuses.
    anonymous: bool,
}

impl TypeFindings {
    /// Keeps the first problem only.
    fn give_up(&mut self, problem: TypeProblem) {
        self.problem.get_or_insert(problem);
    }
}

impl<'a> Resolver<'_, 'a> {
    pub(super) fn report_type_problem(&mut self, problem: TypeProblem, flat: &FlatField<'a>) {
        let span = fields::field_span(flat.field);
        let go_name = &flat.go_name;
        let diagnostic = match problem {
            TypeProblem::TooDeep => ResolveFinding::TypeTooDeep {
                span,
                field: go_name.clone(),
            }
            .into_diagnostic(),
            TypeProblem::Recursive(name, decl_span) => Diagnostic::new(
                Code::ResolveRecursiveType,
                span,
                format!(
                    "the type of `{go_name}` is recursive: `{}` contains itself without a struct in between, so its schema would be infinite",
                    name.name
                ),
            )
            .with_label(decl_span, "this type contains itself")
            .with_help("put a struct in the cycle (a struct is a definition, reached by `$ref`)"),
            TypeProblem::AliasCycle(alias_span) => Diagnostic::new(
                Code::ResolveAliasCycle,
                span,
                format!("the type of `{go_name}` goes through aliases that refer to themselves"),
            )
            .with_label(alias_span, "the cycle of aliases passes here")
            .with_help("Go rejects recursive type aliases: make one of them a defined type (`type A B`, without `=`)"),
            TypeProblem::Unsupported(what, at) => Diagnostic::new(
                Code::ResolveUnsupportedType,
                at.unwrap_or_else(|| span.clone()),
                format!("the type of `{go_name}` has {what}, which OpenAPI cannot describe; the property would be the empty schema"),
            )
            .with_label(span, "in this field")
            .with_help("use a type with a JSON form OpenAPI describes (string-keyed maps, slices, structs, strings, numbers, booleans), or leave the field out of JSON (`json:\"-\"`)"),
            TypeProblem::GenericInstance(generic) => Diagnostic::new(
                Code::ResolveGenericInstance,
                span,
                format!("the type of `{go_name}` is an instance of the generic type `{generic}`, which gets no definition (in openapi-gen neither: its `$ref` would dangle); the property is the empty schema (any value)"),
            )
            .with_help("use a non-generic named type for API fields, or describe the field with `+kubebuilder:validation:Type` in a CRD"),
            TypeProblem::Undefined(name, at) => Diagnostic::new(
                Code::ResolveUndefinedType,
                at,
                format!("`{name}` in the type of `{go_name}` is not declared in any loaded package; the property is the empty schema"),
            )
            .with_label(span, "in this field")
            .with_help("declare the type, fix its name, or add its package to the inputs"),
        };
        self.diagnostics.push(diagnostic);
    }

    /// The named non-struct type reachable from `ty` (as `property_type` follows it) that
    /// contains itself, with its declaration's span. Only asked once `property_type` ran out
    /// of depth; iterative, each named type explored once.
    fn recursive_type(&self, ty: GoType<'a>) -> Option<(TypeName, Span)> {
        enum Step<'a> {
            Visit(GoType<'a>),
            Leave(TypeName),
        }
        let mut on_path: HashSet<TypeName> = HashSet::default();
        let mut explored: HashSet<TypeName> = HashSet::default();
        let mut stack = vec![Step::Visit(ty)];
        while let Some(step) = stack.pop() {
            let ty = match step {
                Step::Leave(name) => {
                    on_path.remove(&name);
                    explored.insert(name);
                    continue;
                }
                Step::Visit(ty) => ty,
            };
            match ty {
                GoType::Named(name, entry) => {
                    // Where `property_type` stops: a `$ref` or an enum.
                    let stops = self.universe.struct_of(entry).is_some()
                        || self.enums.values.contains_key(&name)
                        || enums::explicit_values(&entry.decl.doc).is_some()
                        || self.custom_schema(&name).is_some();
                    if stops || explored.contains(&name) {
                        continue;
                    }
                    if on_path.contains(&name) {
                        return Some((name, entry.decl.name_span.clone()));
                    }
                    on_path.insert(name.clone());
                    stack.push(Step::Leave(name));
                    stack.push(Step::Visit(
                        self.universe.resolve(entry.origin, &entry.decl.ty),
                    ));
                }
                GoType::Pointer(inner) | GoType::Slice(inner) | GoType::Array(inner) => {
                    stack.push(Step::Visit(*inner))
                }
                GoType::Map(_, value) => stack.push(Step::Visit(*value)),
                _ => {}
            }
        }
        None
    }

    pub(super) fn property_type(
        &mut self,
        ty: GoType<'a>,
        depth: usize,
        found: &mut TypeFindings,
    ) -> PropertyType {
        if depth > TYPE_DEPTH {
            if found.problem.is_none() {
                found.problem = Some(match self.recursive_type(ty) {
                    Some((name, span)) => TypeProblem::Recursive(name, span),
                    None => TypeProblem::TooDeep,
                });
            }
            return PropertyType::Unsupported;
        }
        match ty {
            GoType::Builtin(name) => {
                let ty = primitive(name);
                if ty == PropertyType::Unsupported {
                    found.give_up(TypeProblem::Unsupported(format!("type `{name}`"), None));
                }
                ty
            }
            GoType::Named(name, entry) => self.named_type(name, entry, depth, found),
            GoType::External(name, span) => self.external_type(name, span, found),
            GoType::Pointer(inner) => self.property_type(*inner, depth + 1, found),
            GoType::Slice(inner) | GoType::Array(inner) => {
                if matches!(*inner, GoType::Builtin("byte") | GoType::Builtin("uint8")) {
                    return PropertyType::Primitive {
                        ty: "string",
                        format: Some("byte"),
                    };
                }
                PropertyType::Array(Box::new(self.property_type(*inner, depth + 1, found)))
            }
            GoType::Map(key, value) => {
                if let Some(key) = self.non_string_key(*key) {
                    found.give_up(key);
                    return PropertyType::Unsupported;
                }
                PropertyType::Map(Box::new(self.property_type(*value, depth + 1, found)))
            }
            GoType::Interface => PropertyType::Any,
            GoType::Unresolvable(why, span) => {
                let problem = match why {
                    Unresolvable::TooDeep => TypeProblem::TooDeep,
                    Unresolvable::AliasCycle => TypeProblem::AliasCycle(span),
                };
                found.give_up(problem);
                PropertyType::Unsupported
            }
            GoType::Unknown(name, span) => {
                found.give_up(TypeProblem::Undefined(name, span));
                PropertyType::Unsupported
            }
            GoType::Unsupported(what, span) => {
                // Types nested too deep to parse are `syntax/parse-error` already.
                if what != "deeply nested type" {
                    found.give_up(TypeProblem::Unsupported(format!("a {what}"), Some(span)));
                }
                PropertyType::Unsupported
            }
            GoType::Struct(fields, origin) => self.anonymous_struct(fields, origin, found),
        }
    }

    /// A field's type (a string for `,string` tags), with the problems found on the way
    /// reported on the field.
    pub(super) fn field_type(
        &mut self,
        flat: &FlatField<'a>,
        go_type: &GoType<'a>,
    ) -> PropertyType {
        let field = flat.field;
        let mut found = TypeFindings::default();
        let ty = if flat.tag.string {
            PropertyType::Primitive {
                ty: "string",
                format: None,
            }
        } else {
            self.property_type(go_type.clone(), 0, &mut found)
        };
        if let Some(problem) = found.problem {
            self.report_type_problem(problem, flat);
        }
        if found.anonymous {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::CrdAnonymousStruct,
                    fields::field_span(field),
                    format!(
                        "the type of `{}` is an anonymous struct, which controller-gen refuses in \
                         a CRD's types (its testdata `inline_struct_error`); union-gen describes it \
                         as the object encoding/json writes",
                        flat.go_name
                    ),
                )
                .with_help("declare a named struct type for the field, as controller-gen requires"),
            );
        }
        ty
    }

    /// A field's `+kubebuilder:validation:Enum` list over its type: written on strings and
    /// enums (replacing an enum type's own list), else reported and left out.
    pub(super) fn with_explicit_enum(
        &mut self,
        flat: &FlatField<'a>,
        explicit_enum: Option<(Vec<String>, Span)>,
        ty: PropertyType,
    ) -> PropertyType {
        match (explicit_enum, ty) {
            (
                Some((values, _)),
                seen @ (PropertyType::Primitive { ty: "string", .. }
                | PropertyType::Enum(..)
                | PropertyType::ExplicitEnum(..)),
            ) => {
                let seen = match seen {
                    PropertyType::ExplicitEnum(_, seen) => *seen,
                    seen => seen,
                };
                PropertyType::ExplicitEnum(enums::with_docs(values, &[]), Box::new(seen))
            }
            (Some((_, span)), ty) => {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::EnumExplicitNotWritten,
                        span,
                        format!(
                            "the `+kubebuilder:validation:Enum` list of `{}` is not written: \
                             union-gen writes explicit enum lists on string fields only",
                            flat.go_name
                        ),
                    )
                    .with_help(
                        "controller-gen writes it into the CRD; for the OpenAPI document, make \
                         the field a string type or leave the list to controller-gen",
                    ),
                );
                ty
            }
            (_, ty) => ty,
        }
    }

    /// A named type: an enum, a `$ref` to its definition (structs, types with a fixed schema),
    /// a named interface, else its underlying type.
    fn named_type(
        &mut self,
        name: TypeName,
        entry: TypeEntry<'a>,
        depth: usize,
        found: &mut TypeFindings,
    ) -> PropertyType {
        self.touch(&name);
        // An enum type without values stays an enum (openapi-gen's Go output writes
        // `Enum: []interface{}{}`); the documents then carry no `enum`.
        // gengo reads the comments (`+enum`) of input packages only: under
        // openapi-gen an enum type of another package is its underlying type.
        let comments_read = !self.options.openapi_gen || self.enums.marked_in_input.contains(&name);
        // …and its constants of input packages only.
        let values = match self.options.openapi_gen {
            true => self.enums.values_from_inputs.get(&name),
            false => None,
        };
        let values = values.or_else(|| self.enums.values.get(&name));
        if let Some(values) = values.filter(|_| comments_read) {
            let explicit = self.enums.explicit.contains(&name);
            return PropertyType::Enum(
                values.clone(),
                EnumOrigin {
                    type_name: name,
                    explicit,
                },
            );
        }
        if let Some((explicit, _)) = enums::explicit_values(&entry.decl.doc) {
            let underlying = self.universe.resolve(entry.origin, &entry.decl.ty);
            let seen = self.property_type(underlying, depth + 1, found);
            return PropertyType::ExplicitEnum(enums::with_docs(explicit, &[]), Box::new(seen));
        }
        if self.custom_schema(&name).is_some()
            || matches!(entry.decl.ty, TypeExpr::Struct(_))
            || self.universe.struct_of(entry).is_some()
        {
            if !entry.decl.type_params.is_empty() {
                // Neither tool defines generic types: the `$ref` would dangle.
                found.give_up(TypeProblem::GenericInstance(name.name.clone()));
                return PropertyType::Unsupported;
            }
            self.enqueue(name.clone(), entry);
            return PropertyType::Ref(name);
        }
        // openapi-gen declares no schema for a named interface (`runtime.Object`)
        // and writes no type for it; `interface{}` itself is "object".
        if matches!(entry.decl.ty, TypeExpr::Interface { .. }) {
            return PropertyType::NamedInterface(name);
        }
        let underlying = self.universe.resolve(entry.origin, &entry.decl.ty);
        // A defined type over a type of a package that is not read (`type URL url.URL`,
        // knative's `apis.URL`): a struct but for the few types with an inlined schema, so
        // it is referred to by its own name, as openapi-gen refers to it.
        if let GoType::External(over, _) = &underlying {
            if well_known::inlined(over).is_none() && !entry.decl.is_alias {
                self.enqueue(name.clone(), entry);
                return PropertyType::Ref(name);
            }
        }
        self.property_type(underlying, depth + 1, found)
    }

    /// A type of a package that is not loaded (or a name a loaded package does not declare):
    /// a well-known schema, else a `$ref` without definition, its package reported once.
    fn external_type(
        &mut self,
        name: TypeName,
        span: Span,
        found: &mut TypeFindings,
    ) -> PropertyType {
        if let Some((ty, format)) = well_known::inlined(&name) {
            return PropertyType::Primitive { ty, format };
        }
        if self.universe.package(&name.package).is_some() {
            // The package is loaded but does not declare the name.
            found.give_up(TypeProblem::Undefined(name.to_string(), span));
            return PropertyType::Unsupported;
        }
        if let Some(body) = well_known::schema(&name) {
            self.touch(&name);
            if self.options.dependency_definitions {
                self.custom.entry(name.clone()).or_insert((body, span));
            }
            return PropertyType::Ref(name);
        }
        if self.once.first(
            OnceKey::MissingPackage(name.package.clone()),
            self.diagnostics.len(),
        ) {
            let finding = ResolveFinding::PackageNotFound {
                span,
                package: name.package.clone(),
                name: name.name.clone(),
                searched: self.searched.get(&name.package).cloned(),
                standard_library: crate::modules::is_standard_library(&name.package),
            };
            self.diagnostics.push(finding.into_diagnostic());
        }
        PropertyType::Ref(name)
    }

    /// An anonymous struct's fields as an inline object (embedded fields are not inlined
    /// there: reported on the property holding the struct; its fields' own findings on
    /// each field).
    fn anonymous_struct(
        &mut self,
        fields: &'a [Field],
        origin: Origin<'a>,
        found: &mut TypeFindings,
    ) -> PropertyType {
        let mut def = StructDef::default();
        for field in fields {
            let tag = fields::json_tag(field.tag.as_deref());
            if field.is_embedded() && tag.name.is_none() {
                found.give_up(TypeProblem::Unsupported(
                    "an embedded field in an anonymous struct".to_string(),
                    Some(field.span.clone()),
                ));
                continue;
            }
            for flat in fields::flat_fields(field, &tag, origin, 0) {
                if !flat.serialized {
                    continue;
                }
                let optional = fields::is_optional(field, &flat.tag, &mut self.diagnostics);
                if !optional {
                    def.required.push(flat.json_name.clone());
                }
                let property = self.property(&flat, optional);
                def.properties.push(property);
            }
        }
        found.anonymous |= self.controller_gen;
        PropertyType::Object(Box::new(def))
    }

    /// openapi-gen writes maps with string keys only (its "map with non-string keys are not
    /// supported by OpenAPI"): the key's type after named types and pointers must be
    /// `string`. A key from a package that is not loaded is not judged.
    fn non_string_key(&self, key: GoType<'a>) -> Option<TypeProblem> {
        let mut current = key;
        for _ in 0..TYPE_DEPTH {
            // A key type with `MarshalText` serialises to a string (controller-gen accepts
            // it); openapi-gen checks the type's name only.
            if let GoType::Named(name, _) = &current {
                if !self.options.openapi_gen && self.universe.method(name, "MarshalText").is_some()
                {
                    return None;
                }
            }
            current = match self.universe.underlying(current) {
                GoType::Pointer(inner) => *inner,
                other => {
                    return match other {
                        GoType::Builtin("string")
                        | GoType::External(..)
                        | GoType::Unresolvable(..)
                        | GoType::Unknown(..) => None,
                        GoType::Builtin(name) => Some(format!("map keys of type `{name}`")),
                        _ => Some("map keys that are not strings".to_string()),
                    }
                    .map(|what| TypeProblem::Unsupported(what, None));
                }
            };
        }
        None
    }
}

/// kube-openapi's table of Go builtins.
pub(super) fn primitive(name: &str) -> PropertyType {
    let (ty, format) = match name {
        "int" | "int16" | "int32" | "uint" | "uint16" | "rune" => ("integer", Some("int32")),
        "int64" | "uint32" | "uint64" => ("integer", Some("int64")),
        "int8" | "uint8" | "byte" => ("integer", Some("byte")),
        "float64" => ("number", Some("double")),
        "float32" => ("number", Some("float")),
        "bool" => ("boolean", None),
        "string" => ("string", None),
        "any" => return PropertyType::Any,
        _ => return PropertyType::Unsupported,
    };
    PropertyType::Primitive { ty, format }
}
