//! The core of the [`Resolver`]: the queue of definitions (`enqueue`, `touch` for the
//! output closure's edges), a named type's definition and a field's property.

use super::fields::{self, flatten, FlatField};
use super::findings::ResolveFinding;
use super::universe::{GoType, TypeEntry};
use super::{checks, defaults, enums, overrides, validations, well_known, Resolver};
use crate::markers::registry::Kind;
use crate::model::*;
use crate::resolve::hash::HashSet;
use crate::syntax::SchemaMethod;

impl<'a> Resolver<'_, 'a> {
    /// The definition being resolved reaches `name`.
    pub(super) fn touch(&mut self, name: &TypeName) {
        // Called for every property type: one ordered-set look-up, a clone only when new.
        let Some(current) = &self.current else { return };
        if current != name && !self.reached.contains(name) {
            self.reached.insert(name.clone());
        }
    }

    pub(super) fn enqueue(&mut self, name: TypeName, entry: TypeEntry<'a>) {
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

    pub(super) fn definition(
        &mut self,
        name: TypeName,
        entry: TypeEntry<'a>,
    ) -> Option<Definition> {
        let doc: Vec<String> = entry
            .decl
            .doc
            .lines
            .iter()
            .map(|l| l.text.clone())
            .collect();
        let mut markers = validations::of_type(
            self.universe,
            &name,
            entry,
            &mut self.once,
            &mut self.diagnostics,
        );
        if self.options.kubebuilder {
            self.kubebuilder_type(&name, entry, &mut markers.validations);
        }
        let mut dependencies = Vec::new();
        let overrides = overrides::of_type(
            self.universe,
            &name,
            self.options.openapi_gen,
            &mut self.diagnostics,
            &mut dependencies,
        );
        self.enqueue_dependencies(dependencies);
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
        if let Some(body) = self.over_unread_type(&name, entry) {
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
        let def = self.struct_def(&name, entry, fields_entry);
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

    /// The builders define an override's `Dependencies` (`package.Type`) as they define any
    /// reference: the structs and types with a fixed schema among them are enqueued.
    fn enqueue_dependencies(&mut self, dependencies: Vec<String>) {
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
    }

    /// The schema of a struct type (`fields_entry`, the struct `entry` is defined over): its
    /// flattened fields as properties, first one of each JSON name, and its unions.
    fn struct_def(
        &mut self,
        name: &TypeName,
        entry: TypeEntry<'a>,
        fields_entry: TypeEntry<'a>,
    ) -> StructDef {
        let flattened = flatten(self.universe, name, fields_entry);
        for inlined in &flattened.structs {
            self.touch(&inlined.name);
        }
        if let Some(field) = flattened.too_deep {
            let finding = ResolveFinding::InliningTooDeep {
                span: fields::field_span(field),
                owner: name.name.clone(),
            };
            self.diagnostics.push(finding.into_diagnostic());
        }
        for &(field, origin) in &flattened.unresolved_inlines {
            self.report_lost_inline(name, field, origin);
        }
        let mut def = StructDef {
            map_type: fields::schema_marker(&entry.decl.doc, Kind::StructType)
                .and_then(|m| m.marker.value.as_deref())
                .and_then(MapType::from_marker),
            ..StructDef::default()
        };
        let mut seen = HashSet::default();
        let openapi_gen = self.options.openapi_gen;
        let properties = flattened
            .fields
            .iter()
            .filter(|f| f.serialized || (openapi_gen && !f.tag.skip));
        for flat_field in properties {
            if !seen.insert(flat_field.json_name.clone()) {
                continue; // Go's encoding/json: the shallower field wins.
            }
            let mut optional =
                fields::is_optional(flat_field.field, &flat_field.tag, &mut self.diagnostics);
            if self.options.kubebuilder {
                optional = self.kubebuilder_optional(flat_field);
            }
            if !optional {
                def.required.push(flat_field.json_name.clone());
            }
            let property = self.property(flat_field, optional);
            def.properties.push(property);
        }
        def.unions = self.unions.struct_unions(
            self.universe,
            self.enums,
            &flattened,
            &mut self.diagnostics,
            &mut self.once,
        );
        def
    }

    /// The model name kube-openapi's builders key the type by (see
    /// [`Definition::model_name`]): `OpenAPIModelName()`'s literal value, else the
    /// non-empty `+k8s:openapi-model-package` of the type or its package, plus its name.
    fn model_name(&self, name: &TypeName, entry: TypeEntry<'a>) -> Option<String> {
        if let Some(method) = self.universe.method(name, SchemaMethod::ModelName.name()) {
            return method.returns.first().cloned();
        }
        let package = self.universe.package(&name.package)?;
        let value = |doc: &crate::syntax::Doc| {
            doc.marker(Kind::OpenApiModelPackage)
                .and_then(|m| m.marker.value.as_deref())
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        value(&entry.decl.doc)
            .or_else(|| package.package.gengo_package_comments().find_map(value))
            .map(|model_package| format!("{model_package}.{}", name.name))
    }

    /// The definition of a defined type over a type of a package that is not read (`type
    /// URL url.URL`): its own `+kubebuilder:validation:Type` (and `Format`) when it says
    /// what it serialises as, as controller-gen reads them; else its schema is not known
    /// here (the standard library is not read), which is reported, and no definition is
    /// written (the `$ref` names it, as openapi-gen's does).
    fn over_unread_type(
        &mut self,
        name: &TypeName,
        entry: TypeEntry<'a>,
    ) -> Option<DefinitionBody> {
        let GoType::External(over, _) = self.universe.resolve(entry.origin, &entry.decl.ty) else {
            return None;
        };
        let value = |kind: Kind| {
            entry
                .decl
                .doc
                .marker(kind)
                .and_then(|m| m.marker.value.as_deref())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        // openapi-gen writes a definition only for the types of its input packages (with the
        // fields gengo reads from the standard library of the Go it runs with, which are not
        // read here: reported, and refused under openapi-gen); elsewhere only the `$ref`.
        if self.options.openapi_gen {
            let is_input = self
                .universe
                .package(&name.package)
                .is_some_and(|p| p.package.is_input);
            if !is_input {
                return None;
            }
        } else if let Some(ty) = value(Kind::KbType) {
            return Some(DefinitionBody::Custom {
                types: vec![ty],
                format: value(Kind::KbFormat),
            });
        }
        let finding = ResolveFinding::FieldsNotRead {
            span: entry.decl.name_span.clone(),
            name: name.name.clone(),
            over: over.to_string(),
            standard_library: crate::modules::is_standard_library(&over.package),
        };
        self.diagnostics.push(finding.into_diagnostic());
        None
    }

    /// A fixed schema from `OpenAPISchemaType`/`OpenAPISchemaFormat` methods or the table.
    pub(super) fn custom_schema(&self, name: &TypeName) -> Option<DefinitionBody> {
        // openapi-gen's `hasOpenAPIDefinitionMethods`: both methods, or neither counts (a
        // type with `OpenAPISchemaType` alone is generated from its Go shape).
        let type_method = self.universe.method(name, SchemaMethod::SchemaType.name());
        let format_method = self
            .universe
            .method(name, SchemaMethod::SchemaFormat.name());
        if let (Some(types), Some(format)) = (type_method, format_method) {
            return Some(DefinitionBody::Custom {
                types: types.returns.clone(),
                format: format.returns.first().cloned().filter(|f| !f.is_empty()),
            });
        }
        well_known::schema(name)
    }

    pub(super) fn property(&mut self, flat: &FlatField<'a>, optional: bool) -> Property {
        let field = flat.field;
        let doc: Vec<String> = field.doc.lines.iter().map(|l| l.text.clone()).collect();
        let go_type = self.universe.resolve(flat.origin, &field.ty);
        let explicit_enum = enums::explicit_values(&field.doc);
        let ty = self.field_type(flat, &go_type);
        let ty = self.with_explicit_enum(flat, explicit_enum, ty);
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
        let list_map_keys = checks::list_map_keys(&field.doc, list_type);
        self.check_patch_tags(flat);
        let markers = validations::of_field(
            self.universe,
            &field.doc,
            &go_type,
            flat.tag.string,
            &mut self.once,
            &mut self.diagnostics,
        );
        let zero = if flat.tag.string {
            ZeroForm::Opaque
        } else {
            defaults::zero_form(&go_type, &ty)
        };
        let mut property = Property {
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
        };
        if self.options.kubebuilder {
            self.kubebuilder_property(flat, &go_type, &mut property);
        }
        property
    }
}
