//! Resolution: types across packages, enum values, unions, field semantics and the rule
//! checks, producing the [`ApiModel`] and diagnostics.
//!
//! Input: the loaded packages' [`FileDecls`](crate::syntax::FileDecls). Output:
//! `(ApiModel, Vec<Diagnostic>)`. Must not know: tree-sitter, OpenAPI's JSON shape,
//! definition naming or output formats.

pub mod api_rules;
pub mod closure;
pub mod enums;
pub mod fields;
mod markers_check;
mod overrides;
mod unions;
pub mod universe;
mod validations;
mod well_known;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

pub use universe::{LoadedFile, LoadedPackage};

use crate::diag::{Code, Diagnostic, Severity};
use crate::limits::TYPE_DEPTH;
use crate::markers::registry::Kind;
use crate::model::*;
use crate::source::Span;
use crate::syntax::{Field, SpannedMarker, TypeExpr};
pub use closure::{Closure, Outside, Roots};
use enums::Enums;
use fields::{flatten, FlatField};
use universe::{GoType, Origin, TypeEntry, Universe, Unresolvable};

/// What `resolve` includes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Definitions for struct types of dependency packages that inputs reference (else they
    /// stay `$ref`s to definitions the user provides).
    pub dependency_definitions: bool,
    /// The input types as openapi-gen's Go output reads them: only the struct types it selects
    /// (`+k8s:openapi-gen=true` on the type, or on its package without `=false` on the type),
    /// unexported ones included (it writes a function for each, though its definitions map
    /// leaves them out), and unexported fields as properties (encoding/json ignores them;
    /// openapi-gen does not).
    pub openapi_gen: bool,
}

/// Resolves what `roots` reach in the loaded packages into the API model, and says what that
/// is ([`Closure`]): the definitions, and every type they reached on the way.
pub fn resolve(
    packages: &[LoadedPackage],
    missing: &BTreeMap<String, Vec<String>>,
    options: Options,
    roots: &Roots,
) -> (ApiModel, Closure, Vec<Diagnostic>) {
    let universe = Universe::build(packages);
    let mut diagnostics = Vec::new();
    markers_check::check(packages, &mut diagnostics);
    let enums = enums::deduce(&universe, &mut diagnostics);
    let mut resolver = Resolver {
        universe: &universe,
        enums: &enums,
        diagnostics,
        queue: VecDeque::new(),
        queued: HashSet::new(),
        custom: BTreeMap::new(),
        missing_packages: BTreeSet::new(),
        lost_inlines: HashSet::new(),
        searched: missing,
        unions: unions::UnionCache::default(),
        options,
        type_problem: None,
        reported_defaults: HashSet::new(),
        reported_validations: HashSet::new(),
        current: None,
        edges: HashMap::new(),
        controller_gen: matches!(roots, Roots::Kinds(_)),
        anonymous: false,
    };
    for path in &universe.order {
        let package = &universe.packages[path];
        if !package.package.is_input {
            continue;
        }
        let mut names: Vec<_> = package.types.iter().collect();
        names.sort_by_key(|(name, _)| **name);
        for (name, entry) in names {
            if universe.struct_of(*entry).is_none() {
                validations::on_non_struct(
                    &entry.decl.doc,
                    name,
                    &mut resolver.reported_validations,
                    &mut resolver.diagnostics,
                );
            }
        }
    }
    let roots = roots.types(&universe, packages);
    for root in &roots {
        if let Some(entry) = universe
            .package(&root.package)
            .and_then(|p| p.types.get(root.name.as_str()).copied())
        {
            resolver.enqueue(root.clone(), entry);
        }
    }
    let mut definitions = Vec::new();
    // Roots whose own fields OpenAPI cannot describe, with the findings that say why.
    let mut undescribable: BTreeMap<TypeName, Vec<Diagnostic>> = BTreeMap::new();
    while let Some((name, entry)) = resolver.queue.pop_front() {
        let before = resolver.diagnostics.len();
        resolver.current = Some(name.clone());
        let definition = resolver.definition(name.clone(), entry);
        resolver.current = None;
        let unsupported = resolver.diagnostics[before..]
            .iter()
            .any(|d| d.code == Code::ResolveUnsupportedType && d.severity == Severity::Error);
        // openapi-gen fails on a type it cannot write: no root is left out there.
        if unsupported && !options.openapi_gen {
            let own = resolver.diagnostics.split_off(before);
            let (why, rest): (Vec<_>, Vec<_>) = own
                .into_iter()
                .partition(|d| d.code == Code::ResolveUnsupportedType);
            resolver.diagnostics.extend(rest);
            undescribable.insert(name, why);
        }
        if let Some(definition) = definition {
            definitions.push(definition);
        }
    }
    for (name, (body, span)) in std::mem::take(&mut resolver.custom) {
        definitions.push(Definition {
            overrides: well_known::overrides(&name),
            name,
            doc: Vec::new(),
            body,
            span,
            validations: None,
            extensions: Vec::new(),
            model_name: None,
        });
    }
    let spans: BTreeMap<&TypeName, &Span> =
        definitions.iter().map(|d| (&d.name, &d.span)).collect();
    let (closure, findings) = closure::close(
        &roots,
        &closure::Api::read(packages),
        &resolver.edges,
        undescribable,
        &spans,
    );
    let mut diagnostics = resolver.diagnostics;
    diagnostics.extend(findings);
    definitions.retain(|d| closure.types.contains(&d.name));
    definitions.sort_by(|a, b| a.name.cmp(&b.name));
    (ApiModel { definitions }, closure, diagnostics)
}

struct Resolver<'u, 'a> {
    universe: &'u Universe<'a>,
    enums: &'u Enums,
    diagnostics: Vec<Diagnostic>,
    queue: VecDeque<(TypeName, TypeEntry<'a>)>,
    queued: HashSet<TypeName>,
    /// Well-known types whose source is not loaded, defined from the built-in table.
    custom: BTreeMap<TypeName, (DefinitionBody, Span)>,
    missing_packages: BTreeSet<String>,
    /// Embedded types of packages not found whose lost fields were reported (once each:
    /// without a module cache every CRD type inlines `metav1.TypeMeta`).
    lost_inlines: HashSet<TypeName>,
    /// Where each package that could not be found was looked for.
    searched: &'u BTreeMap<String, Vec<String>>,
    unions: unions::UnionCache,
    options: Options,
    /// Set by `property_type` when it gives up on a type; reported once per property.
    type_problem: Option<TypeProblem>,
    /// `+default=ref(…)` markers already reported (a struct inlined in several is walked
    /// once per struct).
    reported_defaults: HashSet<Span>,
    /// Value-validation and extension findings already reported (see `validations`).
    reported_validations: validations::Reported,
    /// The definition being resolved, and the types each definition reached (its field
    /// types, enums, inlined structs): the edges of the output closure.
    current: Option<TypeName>,
    edges: HashMap<TypeName, BTreeSet<TypeName>>,
    /// The roots are CRD kinds, which controller-gen generated: an anonymous struct they reach
    /// is one controller-gen refuses (set by `anonymous_struct`, reported per property).
    controller_gen: bool,
    anonymous: bool,
}

/// Why `property_type` could not build a property's schema.
#[derive(Debug, Clone)]
enum TypeProblem {
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

impl<'u, 'a> Resolver<'u, 'a> {
    /// The definition being resolved reaches `name`.
    fn touch(&mut self, name: &TypeName) {
        if let Some(current) = &self.current {
            if current != name {
                self.edges
                    .entry(current.clone())
                    .or_default()
                    .insert(name.clone());
            }
        }
    }

    fn enqueue(&mut self, name: TypeName, entry: TypeEntry<'a>) {
        self.touch(&name);
        let is_input = self
            .universe
            .package(&name.package)
            .is_some_and(|p| p.package.is_input);
        if !is_input && !self.options.dependency_definitions {
            return;
        }
        if self.queued.insert(name.clone()) {
            self.queue.push_back((name, entry));
        }
    }

    fn definition(&mut self, name: TypeName, entry: TypeEntry<'a>) -> Option<Definition> {
        let doc: Vec<String> = entry
            .decl
            .doc
            .lines
            .iter()
            .map(|l| l.text.clone())
            .collect();
        let markers = validations::of_type(
            self.universe,
            &name,
            entry,
            &mut self.reported_validations,
            &mut self.diagnostics,
        );
        let mut dependencies = Vec::new();
        let overrides = overrides::of_type(
            self.universe,
            &name,
            self.options.openapi_gen,
            &mut self.diagnostics,
            &mut dependencies,
        );
        // The builders define an override's `Dependencies` as they define any reference.
        for dependency in dependencies {
            if let Some((package, type_name)) = dependency.rsplit_once('.') {
                let entry = self
                    .universe
                    .package(package)
                    .and_then(|p| p.types.get(type_name).copied());
                if let Some(entry) = entry {
                    let dependency = TypeName {
                        package: package.to_string(),
                        name: type_name.to_string(),
                    };
                    if self.universe.struct_of(entry).is_some()
                        || self.custom_schema(&dependency).is_some()
                    {
                        self.enqueue(dependency, entry);
                    }
                }
            }
        }
        let model_name = self.model_name(&name, entry);
        if let Some(body) = self.custom_schema(&name) {
            return Some(Definition {
                model_name,
                name,
                doc,
                body,
                span: entry.decl.name_span.clone(),
                validations: markers.validations,
                extensions: markers.extensions,
                overrides,
            });
        }
        // A defined type over another struct (`type MatchCondition v1.MatchCondition`) has
        // that struct's fields, under its own name and doc comment.
        let fields_entry = self.universe.struct_of(entry)?;
        let flattened = flatten(self.universe, &name, fields_entry);
        for inlined in &flattened.structs {
            self.touch(&inlined.name);
        }
        if let Some(field) = flattened.too_deep {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::ResolveTooDeep,
                    fields::field_span(field),
                    format!(
                        "`{}` inlines embedded structs more than {} levels deep, which is not supported",
                        name.name,
                        crate::limits::EMBEDDING_DEPTH
                    ),
                )
                .with_help("give the deep embedded field a JSON name, or flatten the chain of embedded structs"),
            );
        }
        for &(field, origin) in &flattened.unresolved_inlines {
            self.report_lost_inline(&name, field, origin);
        }
        let mut def = StructDef {
            map_type: fields::schema_marker(&entry.decl.doc, Kind::StructType)
                .and_then(|m| m.marker.value.as_deref())
                .and_then(MapType::from_marker),
            ..StructDef::default()
        };
        let mut seen = HashSet::new();
        let openapi_gen = self.options.openapi_gen;
        let properties = flattened
            .fields
            .iter()
            .filter(|f| f.serialized || (openapi_gen && !f.tag.skip));
        for flat_field in properties {
            if !seen.insert(flat_field.json_name.clone()) {
                continue; // Go's encoding/json: the shallower field wins.
            }
            let optional =
                fields::is_optional(flat_field.field, &flat_field.tag, &mut self.diagnostics);
            if !optional {
                def.required.push(flat_field.json_name.clone());
            }
            let property = self.property(flat_field, optional);
            def.properties.push(property);
        }
        def.unions =
            self.unions
                .struct_unions(self.universe, self.enums, &flattened, &mut self.diagnostics);
        Some(Definition {
            name,
            doc,
            body: DefinitionBody::Struct(def),
            span: entry.decl.name_span.clone(),
            validations: markers.validations,
            extensions: markers.extensions,
            overrides,
            model_name,
        })
    }

    /// The model name kube-openapi's builders key the type by (see
    /// [`Definition::model_name`]): `OpenAPIModelName()`'s literal value, else the
    /// non-empty `+k8s:openapi-model-package` of the type or its package, plus its name.
    fn model_name(&self, name: &TypeName, entry: TypeEntry<'a>) -> Option<String> {
        if let Some(method) = self.universe.method(name, "OpenAPIModelName") {
            return method.returns.first().cloned();
        }
        let package = self.universe.package(&name.package)?;
        let value = |doc: &crate::syntax::Doc| {
            doc.marker("k8s:openapi-model-package")
                .and_then(|m| m.marker.value.as_deref())
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        value(&entry.decl.doc)
            .or_else(|| {
                package
                    .package
                    .files
                    .iter()
                    .find_map(|f| value(&f.decls.package_doc))
            })
            .map(|model_package| format!("{model_package}.{}", name.name))
    }

    /// A fixed schema from `OpenAPISchemaType`/`OpenAPISchemaFormat` methods or the table.
    fn custom_schema(&self, name: &TypeName) -> Option<DefinitionBody> {
        // openapi-gen's `hasOpenAPIDefinitionMethods`: both methods, or neither counts (a
        // type with `OpenAPISchemaType` alone is generated from its Go shape).
        let type_method = self.universe.method(name, "OpenAPISchemaType");
        let format_method = self.universe.method(name, "OpenAPISchemaFormat");
        if let (Some(types), Some(format)) = (type_method, format_method) {
            return Some(DefinitionBody::Custom {
                types: types.returns.clone(),
                format: format.returns.first().cloned().filter(|f| !f.is_empty()),
            });
        }
        well_known::schema(name)
    }

    fn property(&mut self, flat: &FlatField<'a>, optional: bool) -> Property {
        let field = flat.field;
        let doc: Vec<String> = field.doc.lines.iter().map(|l| l.text.clone()).collect();
        let go_type = self.universe.resolve(flat.origin, &field.ty);
        let explicit_enum = enums::explicit_values(&field.doc);
        let ty = if flat.tag.string {
            PropertyType::Primitive {
                ty: "string",
                format: None,
            }
        } else {
            self.property_type(go_type.clone(), 0)
        };
        if let Some(problem) = self.type_problem.take() {
            self.report_type_problem(problem, flat);
        }
        if std::mem::take(&mut self.anonymous) {
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
        let ty = match (explicit_enum, ty) {
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
        };
        let default = if flat.tag.string {
            None
        } else {
            self.default_value(flat, &go_type, optional)
        };
        let element_defaults = if flat.tag.string
            || crate::kube_openapi_versions::has(
                crate::kube_openapi_versions::Change::NoElementDefaults,
            ) {
            Vec::new()
        } else {
            self.element_defaults(go_type.clone())
        };
        let value_of = |kind: Kind| {
            fields::schema_marker(&field.doc, kind).and_then(|m| m.marker.value.as_deref())
        };
        let list_type = value_of(Kind::ListType)
            .or_else(|| value_of(Kind::K8sListType))
            .and_then(ListType::from_marker);
        let list_map_keys = list_map_keys(&field.doc, list_type);
        self.check_patch_tags(flat);
        let markers = validations::of_field(
            self.universe,
            &field.doc,
            &go_type,
            flat.tag.string,
            &mut self.reported_validations,
            &mut self.diagnostics,
        );
        let zero = if flat.tag.string {
            ZeroForm::Opaque
        } else {
            zero_form(&go_type, &ty)
        };
        Property {
            json_name: flat.json_name.clone(),
            doc,
            ty,
            default,
            element_defaults,
            list_type,
            list_map_keys,
            map_type: value_of(Kind::MapType)
                .or_else(|| value_of(Kind::StructType))
                .and_then(MapType::from_marker),
            patch_strategy: value_of(Kind::PatchStrategy).map(str::to_string),
            patch_merge_key: value_of(Kind::PatchMergeKey).map(str::to_string),
            zero,
            omitempty: flat.tag.omitempty,
            validations: markers.validations,
            extensions: markers.extensions,
        }
    }

    fn report_type_problem(&mut self, problem: TypeProblem, flat: &FlatField<'a>) {
        let span = fields::field_span(flat.field);
        let go_name = &flat.go_name;
        let diagnostic = match problem {
            TypeProblem::TooDeep => Diagnostic::new(
                Code::ResolveTooDeep,
                span,
                format!(
                    "the type of `{go_name}` nests deeper than {TYPE_DEPTH} levels (through named types and aliases), which is not supported"
                ),
            )
            .with_help("break the chain of named types and aliases"),
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
        let mut on_path: HashSet<TypeName> = HashSet::new();
        let mut explored: HashSet<TypeName> = HashSet::new();
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

    /// An inlined embedded struct whose package was not loaded: its fields are missing from
    /// `owner`'s schema. Said once per embedded type, at its first use, naming the fields
    /// where they are known (the apimachinery types every CRD embeds).
    fn report_lost_inline(&mut self, owner: &TypeName, field: &'a Field, origin: Origin<'a>) {
        let GoType::External(name, span) = self.universe.resolve(origin, &field.ty) else {
            return;
        };
        if !self.lost_inlines.insert(name.clone()) {
            return;
        }
        const KNOWN: &[(&str, &str, &str)] = &[
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "TypeMeta",
                "apiVersion, kind",
            ),
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "ListMeta",
                "selfLink, resourceVersion, continue, remainingItemCount",
            ),
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "ObjectMeta",
                "name, namespace, labels, annotations, and the rest of the object metadata",
            ),
        ];
        let lost = KNOWN
            .iter()
            .find(|(package, type_name, _)| name.package == *package && name.name == *type_name)
            .map_or_else(
                || "its fields are".to_string(),
                |(_, _, fields)| format!("its fields ({fields}) are"),
            );
        self.diagnostics.push(
            Diagnostic::new(
                Code::ResolvePackageNotFound,
                span,
                format!(
                    "`{}` inlines `{}` from package `{}`, which was not found: {lost} missing from its schema (and from every other struct that inlines it)",
                    owner.name, name.name, name.package
                ),
            )
            .with_help("fill the module cache (`go mod download`), vendor the module (`go mod vendor`), or add the package to the inputs"),
        );
    }

    /// openapi-gen requires the `patchStrategy`/`patchMergeKey` struct tags to equal the markers.
    fn check_patch_tags(&mut self, flat: &FlatField<'a>) {
        let field = flat.field;
        for key in [Kind::PatchStrategy.name(), Kind::PatchMergeKey.name()] {
            let tag_value = field
                .tag
                .as_deref()
                .and_then(|t| fields::tag_value(t, key))
                .unwrap_or("");
            let marker = field.doc.marker(key);
            let marker_value = marker.and_then(|m| m.marker.value.as_deref()).unwrap_or("");
            if tag_value == marker_value {
                continue;
            }
            let primary = match (&field.tag_span, marker) {
                (_, Some(m)) => m.span.clone(),
                (Some(span), None) => span.clone(),
                (None, None) => fields::field_span(field),
            };
            let mut diagnostic = Diagnostic::new(
                Code::FieldPatchTagsMismatch,
                primary,
                format!(
                    "field `{}`: marker `+{key}={marker_value}` and struct tag `{key}:\"{tag_value}\"` differ",
                    flat.go_name
                ),
            )
            .with_help(format!("make the `{key}` struct tag and the `+{key}=` marker equal (or remove both)"));
            if let (Some(span), Some(_)) = (&field.tag_span, marker) {
                diagnostic = diagnostic.with_label(span.clone(), "struct tag here");
            }
            // One side missing: openapi-gen fails on it, controller-gen ignores patch tags
            // (custom resources have no strategic merge patch), so only a warning. Two
            // different values are contradictory for every tool: an error.
            if tag_value.is_empty() || marker_value.is_empty() {
                diagnostic.severity = crate::diag::Severity::Warning;
                diagnostic
                    .message
                    .push_str(" (openapi-gen stops on this; controller-gen ignores patch tags)");
            }
            self.diagnostics.push(diagnostic);
        }
    }

    fn property_type(&mut self, ty: GoType<'a>, depth: usize) -> PropertyType {
        if depth > TYPE_DEPTH {
            if self.type_problem.is_none() {
                self.type_problem = Some(match self.recursive_type(ty) {
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
                    self.type_problem
                        .get_or_insert(TypeProblem::Unsupported(format!("type `{name}`"), None));
                }
                ty
            }
            GoType::Named(name, entry) => {
                self.touch(&name);
                // An enum type without values stays an enum (openapi-gen's Go output writes
                // `Enum: []interface{}{}`); the documents then carry no `enum`.
                // gengo reads the comments (`+enum`) of input packages only: under
                // openapi-gen an enum type of another package is its underlying type.
                let comments_read =
                    !self.options.openapi_gen || self.enums.marked_in_input.contains(&name);
                if let Some(values) = self.enums.values.get(&name).filter(|_| comments_read) {
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
                    let seen = self.property_type(underlying, depth + 1);
                    return PropertyType::ExplicitEnum(
                        enums::with_docs(explicit, &[]),
                        Box::new(seen),
                    );
                }
                if self.custom_schema(&name).is_some()
                    || matches!(entry.decl.ty, TypeExpr::Struct(_))
                    || self.universe.struct_of(entry).is_some()
                {
                    if !entry.decl.type_params.is_empty() {
                        // Neither tool defines generic types: the `$ref` would dangle.
                        self.type_problem
                            .get_or_insert(TypeProblem::GenericInstance(name.name.clone()));
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
                self.property_type(underlying, depth + 1)
            }
            GoType::External(name, span) => {
                if let Some((ty, format)) = well_known::inlined(&name) {
                    return PropertyType::Primitive { ty, format };
                }
                if self.universe.package(&name.package).is_some() {
                    // The package is loaded but does not declare the name.
                    self.type_problem
                        .get_or_insert(TypeProblem::Undefined(name.to_string(), span));
                    return PropertyType::Unsupported;
                }
                if let Some(body) = well_known::schema(&name) {
                    self.touch(&name);
                    if self.options.dependency_definitions {
                        self.custom.entry(name.clone()).or_insert((body, span));
                    }
                    return PropertyType::Ref(name);
                }
                if self.missing_packages.insert(name.package.clone()) {
                    let help = match self.searched.get(&name.package) {
                        Some(places) if !places.is_empty() => format!(
                            "looked in: {}; vendor it (`go mod vendor`), add a `replace`, or fill the module cache (`go mod download`)",
                            places.join(", ")
                        ),
                        _ if crate::modules::is_standard_library(&name.package) => {
                            "standard-library packages are not loaded; only well-known types (time.Time) have built-in schemas".to_string()
                        }
                        _ => "add the package to the inputs, vendor it, or fill the module cache (`go mod download`)".to_string(),
                    };
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::ResolvePackageNotFound,
                            span,
                            format!("package `{}` was not found; `{}` stays a `$ref` without definition", name.package, name.name),
                        )
                        .with_help(help),
                    );
                }
                PropertyType::Ref(name)
            }
            GoType::Pointer(inner) => self.property_type(*inner, depth + 1),
            GoType::Slice(inner) | GoType::Array(inner) => {
                if matches!(*inner, GoType::Builtin("byte") | GoType::Builtin("uint8")) {
                    return PropertyType::Primitive {
                        ty: "string",
                        format: Some("byte"),
                    };
                }
                PropertyType::Array(Box::new(self.property_type(*inner, depth + 1)))
            }
            GoType::Map(key, value) => {
                if let Some(key) = self.non_string_key(*key) {
                    self.type_problem.get_or_insert(key);
                    return PropertyType::Unsupported;
                }
                PropertyType::Map(Box::new(self.property_type(*value, depth + 1)))
            }
            GoType::Interface => PropertyType::Any,
            GoType::Unresolvable(why, span) => {
                let problem = match why {
                    Unresolvable::TooDeep => TypeProblem::TooDeep,
                    Unresolvable::AliasCycle => TypeProblem::AliasCycle(span),
                };
                self.type_problem.get_or_insert(problem);
                PropertyType::Unsupported
            }
            GoType::Unknown(name, span) => {
                self.type_problem
                    .get_or_insert(TypeProblem::Undefined(name, span));
                PropertyType::Unsupported
            }
            GoType::Unsupported(what, span) => {
                // Types nested too deep to parse are `syntax/parse-error` already.
                if what != "deeply nested type" {
                    self.type_problem
                        .get_or_insert(TypeProblem::Unsupported(format!("a {what}"), Some(span)));
                }
                PropertyType::Unsupported
            }
            GoType::Struct(fields, origin) => self.anonymous_struct(fields, origin),
        }
    }

    /// An anonymous struct's fields as an inline object (embedded fields are not inlined
    /// there: reported).
    fn anonymous_struct(&mut self, fields: &'a [Field], origin: Origin<'a>) -> PropertyType {
        let mut def = StructDef::default();
        let saved_problem = self.type_problem.take();
        for field in fields {
            let tag = fields::json_tag(field.tag.as_deref());
            if field.is_embedded() && tag.name.is_none() {
                self.type_problem.get_or_insert(TypeProblem::Unsupported(
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
        let problem = self.type_problem.take();
        self.type_problem = saved_problem.or(problem);
        // After the inner fields: the finding is the property's holding this struct.
        self.anonymous |= self.controller_gen;
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

    /// `+default=` (field, then the type chain), else openapi-gen's enforced zero value.
    fn default_value(
        &mut self,
        flat: &FlatField<'a>,
        ty: &GoType<'a>,
        _optional: bool,
    ) -> Option<DefaultValue> {
        let explicit = self.explicit_default(flat.field, flat.origin, ty);
        let enforced = self.enforced_default(ty.clone(), flat.tag.omitempty, 0);
        match (explicit, enforced) {
            (Some((DefaultValue::Json(json), marker)), Some(zero)) => {
                if !same_json(&json, &zero) {
                    self.report_default_not_zero(flat, marker, &json, &zero);
                }
                Some(DefaultValue::Json(json))
            }
            (Some((DefaultValue::Json(json), ..)), None) => Some(DefaultValue::Json(json)),
            (_, Some(zero)) => Some(zero),
            (explicit, None) => explicit.map(|(value, ..)| value),
        }
    }

    /// kube-openapi before 2026-05-09 (`generateSliceProperty`/`generateMapProperty`): each
    /// list item or map value gets its type's `+default` (through pointers and aliases), else
    /// the enforced zero value of a non-omitempty field of its type; one per nesting level.
    fn element_defaults(&mut self, ty: GoType<'a>) -> Vec<Option<DefaultValue>> {
        let mut out = Vec::new();
        let mut next = ty;
        for _ in 0..TYPE_DEPTH {
            let element = match next {
                GoType::Pointer(inner) => {
                    next = *inner;
                    continue;
                }
                GoType::Named(_, entry) if self.universe.struct_of(entry).is_none() => {
                    next = self.universe.resolve(entry.origin, &entry.decl.ty);
                    continue;
                }
                GoType::Slice(inner) | GoType::Array(inner)
                    if !matches!(*inner, GoType::Builtin("byte" | "uint8")) =>
                {
                    *inner
                }
                GoType::Map(_, value) => *value,
                _ => break,
            };
            let explicit = self.type_default(element.clone());
            let enforced = self.enforced_default(element.clone(), false, 0);
            out.push(match (explicit, enforced) {
                (Some(DefaultValue::Json(json)), _) => Some(DefaultValue::Json(json)),
                (_, Some(zero)) => Some(zero),
                (explicit, None) => explicit,
            });
            next = element;
        }
        out
    }

    /// The `+default` of a type chain (the type, then through pointers and named non-struct
    /// types), without diagnostics.
    fn type_default(&mut self, ty: GoType<'a>) -> Option<DefaultValue> {
        // Before 2023-09-01 only the element type's own comment was read.
        let chain =
            crate::kube_openapi_versions::has(crate::kube_openapi_versions::Change::TypeDefault);
        let mut next = ty;
        for _ in 0..TYPE_DEPTH {
            match next {
                GoType::Pointer(_) if !chain => return None,
                GoType::Pointer(inner) => next = *inner,
                GoType::Named(_, entry) => {
                    if let Some(marker) = fields::schema_marker(&entry.decl.doc, Kind::Default) {
                        let value = marker.marker.value.as_deref()?;
                        if let Some((package, name)) = crate::markers::registry::default_ref(value)
                        {
                            return Some(DefaultValue::Const {
                                package: package.unwrap_or(entry.origin.package).to_string(),
                                name: name.to_string(),
                                value: None,
                            });
                        }
                        serde_json::from_str::<serde_json::Value>(value).ok()?;
                        return Some(DefaultValue::Json(value.to_string()));
                    }
                    if !chain || matches!(entry.decl.ty, TypeExpr::Struct(_)) {
                        return None;
                    }
                    next = self.universe.resolve(entry.origin, &entry.decl.ty);
                }
                _ => return None,
            }
        }
        None
    }

    /// openapi-gen's `generateDefault`: a field that is neither a pointer nor `omitempty`
    /// always carries its zero value on the wire, so any other default is an error there.
    fn report_default_not_zero(
        &mut self,
        flat: &FlatField<'a>,
        marker: &'a SpannedMarker,
        json: &str,
        zero: &DefaultValue,
    ) {
        let is_input = |p: &str| self.universe.package(p).is_some_and(|p| p.package.is_input);
        if !is_input(flat.origin.package) || !self.reported_defaults.insert(marker.span.clone()) {
            return;
        }
        let zero = zero.to_json().unwrap_or_default();
        let field = flat.go_name.as_str();
        let mut diagnostic = Diagnostic::new(
            Code::FieldDefaultNotZero,
            marker.value_or_marker_span(),
            format!(
                "`+default={json}` applies to `{field}`, which is neither a pointer nor \
                 `omitempty`: a Go client always sends it, `{zero}` when unset, so the default \
                 never applies (openapi-gen rejects it)"
            ),
        )
        .with_help(format!(
            "make `{field}` a pointer or add `omitempty` to its JSON tag, or remove the default"
        ));
        // A default read from the field's type: point at the field too.
        if !flat
            .field
            .doc
            .markers
            .iter()
            .any(|m| std::ptr::eq(m, marker))
        {
            diagnostic = diagnostic.with_label(fields::field_span(flat.field), "this field");
        }
        self.diagnostics.push(diagnostic);
    }

    /// The `+default` marker of the field, else of its type chain: the value and the marker.
    fn explicit_default(
        &mut self,
        field: &'a Field,
        origin: Origin<'a>,
        ty: &GoType<'a>,
    ) -> Option<(DefaultValue, &'a SpannedMarker)> {
        let mut doc = &field.doc;
        let mut doc_origin = origin;
        let mut next = ty.clone();
        for _ in 0..TYPE_DEPTH {
            if let Some(marker) = fields::schema_marker(doc, Kind::Default) {
                return self
                    .default_from_marker(marker, doc_origin)
                    .map(|v| (v, marker));
            }
            // Before 2023-09-01 only the field's own `+default` counted.
            if !crate::kube_openapi_versions::has(crate::kube_openapi_versions::Change::TypeDefault)
            {
                return None;
            }
            match next {
                GoType::Pointer(inner) => next = *inner,
                GoType::Named(_, entry) => {
                    doc = &entry.decl.doc;
                    doc_origin = entry.origin;
                    next = if matches!(entry.decl.ty, TypeExpr::Struct(_)) {
                        GoType::Interface
                    } else {
                        self.universe.resolve(entry.origin, &entry.decl.ty)
                    };
                    if let Some(marker) = fields::schema_marker(doc, Kind::Default) {
                        return self
                            .default_from_marker(marker, doc_origin)
                            .map(|v| (v, marker));
                    }
                }
                _ => return None,
            }
        }
        None
    }

    fn default_from_marker(
        &mut self,
        marker: &'a SpannedMarker,
        origin: Origin<'a>,
    ) -> Option<DefaultValue> {
        let value = marker.marker.value.as_deref()?;
        if let Some((package, name)) = crate::markers::registry::default_ref(value) {
            let package = package.unwrap_or(origin.package);
            let problem = match self.universe.package(package) {
                None => match self.searched.get(package) {
                    Some(places) if !places.is_empty() => format!(
                        "package `{package}` was not found (looked in: {})",
                        places.join(", ")
                    ),
                    _ => format!("package `{package}` is not loaded"),
                },
                Some(loaded) => match loaded.consts.get(name).copied() {
                    None => format!("package `{package}` has no constant `{name}`"),
                    Some(entry) => match enums::evaluate_const(self.universe, entry, 0) {
                        Ok(bytes) => {
                            return Some(DefaultValue::Const {
                                package: package.to_string(),
                                name: name.to_string(),
                                value: Some(String::from_utf8_lossy(&bytes).into_owned()),
                            })
                        }
                        Err(_) => {
                            format!("`{name}` is not a string constant this tool can evaluate")
                        }
                    },
                },
            };
            self.report_default_ref(marker, origin, value, problem);
            // openapi-gen writes the name into Go without looking the constant up.
            return Some(DefaultValue::Const {
                package: package.to_string(),
                name: name.to_string(),
                value: None,
            });
        }
        if crate::markers::registry::json_nesting(value) > crate::limits::DEFAULT_NESTING {
            return None; // reported by `markers_check`
        }
        serde_json::from_str::<serde_json::Value>(value).ok()?;
        Some(DefaultValue::Json(value.to_string()))
    }

    /// `resolve/unresolved-default-ref`, once per marker, for markers of input packages.
    fn report_default_ref(
        &mut self,
        marker: &SpannedMarker,
        origin: Origin<'a>,
        value: &str,
        problem: String,
    ) {
        let is_input = self
            .universe
            .package(origin.package)
            .is_some_and(|p| p.package.is_input);
        if !is_input || !self.reported_defaults.insert(marker.span.clone()) {
            return;
        }
        self.diagnostics.push(
            Diagnostic::new(
                Code::ResolveUnresolvedDefaultRef,
                marker.value_or_marker_span(),
                format!("`+default={value}` names no constant: {problem}; the default is left out"),
            )
            .with_help("name a string constant as `ref(Name)` (same package) or `ref(import/path.Name)`; openapi-gen writes the reference into Go code, which would not compile"),
        );
    }

    fn enforced_default(
        &self,
        ty: GoType<'a>,
        omitempty: bool,
        depth: usize,
    ) -> Option<DefaultValue> {
        if depth > TYPE_DEPTH {
            return None;
        }
        match ty {
            GoType::Named(name, entry) => {
                // openapi-gen's `implementsCustomUnmarshalling`: a struct that unmarshals
                // itself (`runtime.RawExtension`) has no zero value to enforce. A type with a
                // fixed schema but no `UnmarshalJSON` gets the zero value of its Go shape (`0`
                // for `type Duration struct{ Int64 }`, `{}` for a struct), as openapi-gen
                // writes.
                let unmarshals_itself = self.universe.method(&name, "UnmarshalJSON").is_some();
                // Before 2023-10-10 every struct got `{}` (`metav1.Time` too).
                let checked = crate::kube_openapi_versions::has(
                    crate::kube_openapi_versions::Change::UnmarshalJsonNoDefault,
                );
                if checked && unmarshals_itself && self.universe.struct_of(entry).is_some() {
                    return None;
                }
                if checked
                    && self.custom_schema(&name).is_some()
                    && (unmarshals_itself
                        || self.universe.method(&name, "OpenAPISchemaType").is_none())
                {
                    return None;
                }
                // A defined type over another struct has that struct's fields (and its own
                // methods, checked above).
                match self.universe.struct_of(entry) {
                    Some(struct_entry) => {
                        if let TypeExpr::Struct(fields) = &struct_entry.decl.ty {
                            if let [only] = fields.as_slice() {
                                if only.is_embedded() {
                                    let inner =
                                        self.universe.resolve(struct_entry.origin, &only.ty);
                                    return self.enforced_default(inner, omitempty, depth + 1);
                                }
                            }
                        }
                        Some(DefaultValue::EmptyObject)
                    }
                    None => {
                        let underlying = self.universe.resolve(entry.origin, &entry.decl.ty);
                        self.enforced_default(underlying, omitempty, depth + 1)
                    }
                }
            }
            // Unknown shape: no zero value to enforce.
            GoType::External(..) => None,
            GoType::Builtin(name) if !omitempty => match primitive(name) {
                PropertyType::Primitive { ty: "string", .. } => Some(DefaultValue::EmptyString),
                PropertyType::Primitive { ty: "boolean", .. } => Some(DefaultValue::False),
                PropertyType::Primitive {
                    ty: "integer" | "number",
                    ..
                } => Some(DefaultValue::Zero),
                _ => None,
            },
            _ => None,
        }
    }
}

/// `x-kubernetes-list-map-keys` of a field: its ungated `+listMapKey` markers, in order, or
/// when it has none and is a map list, its ungated `+k8s:listMapKey` ones. openapi-gen reads
/// only the legacy marker; Kubernetes writes both forms on one field (`+listMapKey=name` and
/// `+k8s:listMapKey=name`), which are one fact, not two keys (SPEC §3), and writes
/// `+k8s:listMapKey` alone on atomic lists for validation-gen's `+k8s:unique=map`.
fn list_map_keys(doc: &crate::syntax::Doc, list_type: Option<ListType>) -> Vec<String> {
    let keys = |kind: Kind| -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        for marker in fields::schema_markers(doc).filter(|m| m.marker.name == kind.name()) {
            if let Some(value) = &marker.marker.value {
                if !keys.contains(value) {
                    keys.push(value.clone());
                }
            }
        }
        keys
    };
    let legacy = keys(Kind::ListMapKey);
    if legacy.is_empty() && list_type == Some(ListType::Map) {
        keys(Kind::K8sListMapKey)
    } else {
        legacy
    }
}

/// Whether a `+default` JSON text equals an enforced zero value as openapi-gen compares them
/// (`reflect.DeepEqual` of decoded JSON: numbers by value).
fn same_json(json: &str, zero: &DefaultValue) -> bool {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(json) else {
        return true; // malformed: reported by `markers_check`
    };
    match (zero.to_json(), value) {
        (Some(serde_json::Value::Number(a)), serde_json::Value::Number(b)) => {
            a.as_f64() == b.as_f64()
        }
        (Some(zero), value) => zero == value,
        (None, _) => true,
    }
}

/// The JSON form of a field's zero value, from its Go type and the schema made of it.
fn zero_form(go_type: &GoType, ty: &PropertyType) -> ZeroForm {
    match (go_type, ty) {
        (GoType::Pointer(_) | GoType::Interface, _)
        | (_, PropertyType::Any | PropertyType::NamedInterface(_)) => ZeroForm::Absent,
        // A named type is a plain value here only when its schema was inlined from a Go
        // builtin: a `$ref`, a well-known external type (`metav1.Duration` writes "0s") or an
        // unsupported one marshals its own way.
        (GoType::External(..), _) => ZeroForm::Opaque,
        (
            GoType::Builtin(_) | GoType::Named(..) | GoType::Slice(_) | GoType::Map(..),
            PropertyType::Primitive { .. }
            | PropertyType::Enum(..)
            | PropertyType::ExplicitEnum(..)
            | PropertyType::Array(_)
            | PropertyType::Map(_),
        ) => ZeroForm::Empty,
        _ => ZeroForm::Opaque,
    }
}

/// kube-openapi's table of Go builtins.
fn primitive(name: &str) -> PropertyType {
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::diag::Code;
    use crate::source::FileId;

    /// Resolves one input package made of `text` (import path `example.com/p`).
    pub(crate) fn resolve_text(text: &str) -> (ApiModel, Vec<Diagnostic>) {
        let (decls, syntax) = crate::syntax::parse(FileId(0), text);
        assert!(syntax.is_empty(), "{syntax:?}");
        let package = LoadedPackage {
            import_path: "example.com/p".into(),
            is_input: true,
            files: vec![LoadedFile {
                id: FileId(0),
                decls,
            }],
        };
        let options = Options {
            dependency_definitions: false,
            openapi_gen: false,
        };
        let (model, _, diagnostics) =
            resolve(&[package], &BTreeMap::new(), options, &Roots::InputStructs);
        (model, diagnostics)
    }

    pub(crate) fn codes(diagnostics: &[Diagnostic]) -> Vec<Code> {
        diagnostics.iter().map(|d| d.code).collect()
    }

    /// A chain of 5,000 aliases, each one level deeper (`type T0 = []T1`), overflowed the
    /// stack: nesting through aliases is now bounded and reported on the field.
    #[test]
    fn deep_alias_chains_are_reported_not_overflowed() {
        let mut text = String::from("package p\n\ntype S struct {\n\tA T0 `json:\"a\"`\n}\n");
        for i in 0..5000 {
            text.push_str(&format!("type T{i} = []T{}\n", i + 1));
        }
        text.push_str("type T5000 string\n");
        let (_, diagnostics) = resolve_text(&text);
        assert_eq!(codes(&diagnostics), vec![Code::ResolveTooDeep]);
        assert!(diagnostics[0].message.contains("deeper than"));
    }

    /// Recursive non-struct types and alias cycles cannot be inlined: a diagnostic, no hang.
    #[test]
    fn recursive_non_struct_types_are_reported() {
        for (decl, code) in [
            ("type L []L", Code::ResolveRecursiveType),
            ("type L map[string]L", Code::ResolveRecursiveType),
            ("type L *L", Code::ResolveRecursiveType),
            (
                "type L []M\ntype M map[string]L",
                Code::ResolveRecursiveType,
            ),
            ("type L = H\ntype H = L", Code::ResolveAliasCycle),
            ("type L = []L", Code::ResolveAliasCycle),
            (
                "type L = []H\ntype H = map[string]L",
                Code::ResolveAliasCycle,
            ),
        ] {
            let text = format!("package p\n\n{decl}\n\ntype S struct {{\n\tL L `json:\"l\"`\n}}\n");
            let (_, diagnostics) = resolve_text(&text);
            assert_eq!(codes(&diagnostics), vec![code], "{decl}");
        }
        // A long chain that ends in a cycle is recursive, a long chain without one too deep.
        let mut chain = String::from("package p\n\ntype S struct {\n\tA A0 `json:\"a\"`\n}\n");
        for i in 0..100 {
            chain.push_str(&format!("type A{i} []A{}\n", i + 1));
        }
        let (_, diagnostics) = resolve_text(&format!("{chain}type A100 string\n"));
        assert_eq!(codes(&diagnostics), vec![Code::ResolveTooDeep]);
        let (_, diagnostics) = resolve_text(&format!("{chain}type A100 []A99\n"));
        assert_eq!(codes(&diagnostics), vec![Code::ResolveRecursiveType]);
        // Recursion through a struct is a `$ref`: fine.
        let (model, diagnostics) = resolve_text(
            "package p\n\ntype T struct {\n\tA []T `json:\"a\"`\n\tB *T `json:\"b\"`\n}\n",
        );
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(model.definitions.len(), 1);
    }
}
