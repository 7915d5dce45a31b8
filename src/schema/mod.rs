//! Schema building: the [`ApiModel`] becomes OpenAPI schema trees, once for both v2 and v3
//! (which differ only in `$ref` prefixes and wrapping, handled by `emit`).
//!
//! Input: `ApiModel` and the naming scheme. Output: [`Definitions`].
//! Must not know: Go syntax, source files, or how documents are written.

pub mod cel;
pub(crate) mod controller_gen;
pub(crate) mod description;
pub(crate) mod validations;

use crate::diag::{Code, Diagnostic};
use crate::golit::go_quote;
use crate::model::*;
use rayon::prelude::*;

/// How definition names are formed from Go names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// `io.k8s.api.core.v1.Pod`.
    Rest,
    /// `k8s.io/api/core/v1.Pod`.
    Go,
    /// `v1.Pod`.
    Short,
}

/// How unions are written (SPEC §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnionFormat {
    List,
    Kep1027,
    Both,
    /// The list shape, for the unions openapi-gen reads: `+union` structs (2019 KEP) only;
    /// it reads no `+unionMember` or `+k8s:unionMember`.
    OpenApiGen,
}

/// One OpenAPI schema node. Field order is kube-openapi's JSON key order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schema {
    pub description: Option<String>,
    pub types: Vec<String>,
    /// Only from schema-override method bodies (`Nullable: true`).
    pub nullable: bool,
    pub format: Option<String>,
    /// Only from schema-override method bodies.
    pub title: Option<String>,
    pub default: Option<serde_json::Value>,
    /// Value validations (`+k8s:validation:*`), written between `default` and `enum`.
    pub limits: Limits,
    pub enum_values: Vec<String>,
    pub required: Vec<String>,
    pub items: Option<Box<Schema>>,
    /// The nested value validations' entry (`items:`, `properties:`, `additionalProperties:`).
    pub all_of: Vec<Schema>,
    /// `OpenAPIV3OneOfTypes` (v3), or a schema-override method body.
    pub one_of: Vec<Schema>,
    /// Only from schema-override method bodies.
    pub any_of: Vec<Schema>,
    /// Sorted by name.
    pub properties: Vec<(String, Schema)>,
    pub additional_properties: Option<Box<Schema>>,
    /// `additionalProperties: false` (only from schema-override method bodies).
    pub additional_properties_denied: bool,
    /// `x-` keys, sorted.
    pub extensions: Vec<(String, serde_json::Value)>,
    /// Definition name this schema refers to.
    pub reference: Option<String>,
    /// A `$ref` written as it is (`spec.MustCreateRef("#/definitions/…")` in a method body).
    pub literal_reference: Option<String>,
    /// A definition's schema in the v3 document where it differs (`OpenAPIV3Definition()`,
    /// `OpenAPIV3OneOfTypes()`).
    pub v3: Option<Box<Schema>>,
}

/// All definitions, sorted by name.
pub type Definitions = Vec<(String, Schema)>;

/// The definition name of a Go type.
pub fn definition_name(name: &TypeName, naming: Naming) -> String {
    match naming {
        Naming::Go => format!("{}.{}", name.package, name.name),
        Naming::Short => {
            let last = name.package.rsplit('/').next().unwrap_or(&name.package);
            format!("{last}.{}", name.name)
        }
        Naming::Rest => {
            let mut parts = name.package.split('/');
            let first = parts.next().unwrap_or("");
            let mut out: Vec<String> = if first.contains('.') {
                first.split('.').rev().map(str::to_string).collect()
            } else {
                vec![first.to_string()]
            };
            out.extend(parts.map(str::to_string));
            out.push(name.name.clone());
            out.join(".")
        }
    }
}

/// The schemas of a model, and what went wrong building them.
pub struct Built {
    pub definitions: Definitions,
    /// Definition-name collisions (`resolve/name-collision`) and, with `cel`, the union rules
    /// not written (`cel/*`), each on its Go type.
    pub diagnostics: Vec<Diagnostic>,
}

/// Builds every definition's schema.
pub fn build(model: &ApiModel, naming: Naming, unions: UnionFormat, cel: bool) -> Built {
    let mut built = Built {
        definitions: Vec::with_capacity(model.definitions.len()),
        diagnostics: Vec::new(),
    };
    let mut owners: std::collections::HashMap<String, &TypeName> = std::collections::HashMap::new();
    let structs: std::collections::HashMap<&TypeName, &crate::model::StructDef> = model
        .definitions
        .iter()
        .filter_map(|d| match &d.body {
            DefinitionBody::Struct(def) => Some((&d.name, def)),
            DefinitionBody::Custom { .. } => None,
        })
        .collect();
    let held = |name: &TypeName| structs.get(name).copied();
    // kube-openapi's builders key a type with a model name by it, whatever the naming.
    let renamed: std::collections::HashMap<String, &str> = model
        .definitions
        .iter()
        .filter_map(|d| Some((definition_name(&d.name, naming), d.model_name.as_deref()?)))
        .collect();
    // Names first, in order (the first of two definitions with one name keeps it); then the
    // schemas, each on its own, in parallel.
    let mut named = Vec::with_capacity(model.definitions.len());
    for definition in &model.definitions {
        let name = model_definition_name(definition, naming);
        let collision = owners
            .insert(name.clone(), &definition.name)
            .map(|previous| name_collision(previous, definition, &name));
        named.push((name, definition, collision));
    }
    let schemas: Vec<_> = named
        .into_par_iter()
        .map(|(name, definition, collision)| {
            if let Some(collision) = collision {
                return (None, vec![collision]);
            }
            let plan = match (&definition.body, cel) {
                (DefinitionBody::Struct(def), true) => cel::struct_plan(def, &held),
                _ => cel::Plan::default(),
            };
            let findings = plan
                .findings
                .iter()
                .map(|f| f.diagnostic(&definition.name.name, definition.span.clone()))
                .collect();
            let mut schema = definition_schema(definition, naming, unions, plan.rules);
            if !renamed.is_empty() {
                rename_references(&mut schema, &renamed);
            }
            (Some((name, schema)), findings)
        })
        .collect();
    for (definition, diagnostics) in schemas {
        built.definitions.extend(definition);
        built.diagnostics.extend(diagnostics);
    }
    built.definitions.sort_by(|a, b| a.0.cmp(&b.0));
    built
}

/// Two definitions with one name: the second is left out.
fn name_collision(previous: &TypeName, definition: &Definition, name: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ResolveNameCollision,
        definition.span.clone(),
        format!(
            "`{previous}` and `{}` get the same definition name `{name}`",
            definition.name
        ),
    )
    .with_help("use `--naming rest` or `--naming go`, which keep the whole import path")
}

/// A definition's name: its model name when it has one ([`Definition::model_name`]), else
/// the naming's.
pub fn model_definition_name(definition: &Definition, naming: Naming) -> String {
    definition
        .model_name
        .clone()
        .unwrap_or_else(|| definition_name(&definition.name, naming))
}

/// References to renamed definitions follow them.
fn rename_references(schema: &mut Schema, renamed: &std::collections::HashMap<String, &str>) {
    if let Some(reference) = &mut schema.reference {
        if let Some(to) = renamed.get(reference.as_str()) {
            *reference = to.to_string();
        }
    }
    let boxed = [
        schema.items.as_deref_mut(),
        schema.additional_properties.as_deref_mut(),
        schema.v3.as_deref_mut(),
    ];
    for inner in boxed.into_iter().flatten() {
        rename_references(inner, renamed);
    }
    for inner in schema
        .all_of
        .iter_mut()
        .chain(schema.one_of.iter_mut())
        .chain(schema.any_of.iter_mut())
        .chain(schema.properties.iter_mut().map(|(_, s)| s))
    {
        rename_references(inner, renamed);
    }
}

fn text(lines: &[String]) -> Option<String> {
    let description = description::description(&description::normalize_lines(lines));
    (!description.is_empty()).then_some(description)
}

/// A definition's schema: the generated one, or what its schema methods supply, per version.
fn definition_schema(
    definition: &Definition,
    naming: Naming,
    unions: UnionFormat,
    rules: Vec<cel::Rule>,
) -> Schema {
    let overrides = &definition.overrides;
    let generated = generated_schema(definition, naming, unions, rules);
    let v3 = match (&overrides.v3, &overrides.v3_one_of) {
        (Some(v3), _) => Some(from_json(v3)),
        (None, Some(types)) => Some(Schema {
            types: Vec::new(),
            one_of: types
                .iter()
                .map(|t| Schema {
                    types: vec![t.clone()],
                    ..Schema::default()
                })
                .collect(),
            ..generated.clone()
        }),
        (None, None) => None,
    };
    let mut schema = match &overrides.v2 {
        Some(v2) => from_json(v2),
        None => generated,
    };
    schema.v3 = v3.filter(|v3| *v3 != schema).map(Box::new);
    schema
}

/// A schema-override method's body (kube-openapi's JSON keys, as `resolve` read it).
fn from_json(value: &serde_json::Value) -> Schema {
    use serde_json::Value;
    let Value::Object(map) = value else {
        return Schema::default();
    };
    let strings = |v: &Value| -> Vec<String> {
        match v {
            Value::String(s) => vec![s.clone()],
            Value::Array(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    };
    let schemas = |v: &Value| -> Vec<Schema> {
        v.as_array()
            .map(|items| items.iter().map(from_json).collect())
            .unwrap_or_default()
    };
    // kube-openapi's `SchemaProps` marshal with `omitempty`: an empty string is no value.
    let text = |v: &Value| v.as_str().filter(|s| !s.is_empty()).map(str::to_string);
    let mut schema = Schema::default();
    for (key, v) in map {
        match key.as_str() {
            "description" => schema.description = text(v),
            "type" => schema.types = strings(v),
            "nullable" => schema.nullable = v.as_bool() == Some(true),
            "format" => schema.format = text(v),
            "title" => schema.title = text(v),
            "default" => schema.default = Some(v.clone()),
            "enum" => schema.enum_values = strings(v),
            "required" => schema.required = strings(v),
            "items" => schema.items = Some(Box::new(from_json(v))),
            "allOf" => schema.all_of = schemas(v),
            "oneOf" => schema.one_of = schemas(v),
            "anyOf" => schema.any_of = schemas(v),
            "properties" => {
                if let Value::Object(properties) = v {
                    schema.properties = properties
                        .iter()
                        .map(|(name, p)| (name.clone(), from_json(p)))
                        .collect();
                    schema.properties.sort_by(|a, b| a.0.cmp(&b.0));
                }
            }
            "additionalProperties" => match v {
                Value::Bool(false) => schema.additional_properties_denied = true,
                Value::Bool(true) => {
                    schema.additional_properties = Some(Box::new(Schema::default()));
                }
                _ => schema.additional_properties = Some(Box::new(from_json(v))),
            },
            "$ref" => schema.literal_reference = v.as_str().map(str::to_string),
            "pattern" => schema.limits.pattern = text(v),
            "maximum" => schema.limits.maximum = v.as_f64(),
            "minimum" => schema.limits.minimum = v.as_f64(),
            "multipleOf" => schema.limits.multiple_of = v.as_f64(),
            "exclusiveMaximum" => schema.limits.exclusive_maximum = v.as_bool() == Some(true),
            "exclusiveMinimum" => schema.limits.exclusive_minimum = v.as_bool() == Some(true),
            "uniqueItems" => schema.limits.unique_items = v.as_bool() == Some(true),
            "maxLength" => schema.limits.max_length = v.as_i64(),
            "minLength" => schema.limits.min_length = v.as_i64(),
            "maxItems" => schema.limits.max_items = v.as_i64(),
            "minItems" => schema.limits.min_items = v.as_i64(),
            "maxProperties" => schema.limits.max_properties = v.as_i64(),
            "minProperties" => schema.limits.min_properties = v.as_i64(),
            key if key.starts_with("x-") => schema.extensions.push((key.to_string(), v.clone())),
            _ => {}
        }
    }
    schema.extensions.sort_by(|a, b| a.0.cmp(&b.0));
    schema
}

/// The schema openapi-gen generates for a definition (no method overrides).
fn generated_schema(
    definition: &Definition,
    naming: Naming,
    unions: UnionFormat,
    rules: Vec<cel::Rule>,
) -> Schema {
    let mut schema = Schema {
        description: text(&definition.doc),
        ..Schema::default()
    };
    match &definition.body {
        DefinitionBody::Custom { types, format } => {
            schema.types = types.clone();
            schema.format = format.clone();
            validations::apply(
                &mut schema,
                definition.validations.as_deref(),
                &definition.extensions,
            );
            schema.extensions.sort_by(|a, b| a.0.cmp(&b.0));
        }
        DefinitionBody::Struct(def) => {
            schema.types = vec!["object".into()];
            schema.required = def.required.clone();
            let mut properties: Vec<(String, Schema)> = def
                .properties
                .iter()
                .map(|p| {
                    (
                        p.json_name.clone(),
                        property_schema(p, naming, &def.unions, unions),
                    )
                })
                .collect();
            properties.sort_by(|a, b| a.0.cmp(&b.0));
            schema.properties = properties;
            if let Some(map_type) = &def.map_type {
                schema
                    .extensions
                    .push(("x-kubernetes-map-type".into(), map_type.as_str().into()));
            }
            validations::apply(
                &mut schema,
                definition.validations.as_deref(),
                &definition.extensions,
            );
            let listed: Vec<Union> = def
                .unions
                .iter()
                .filter(|u| {
                    unions != UnionFormat::OpenApiGen
                        || u.meaning.listed == Listed::Always
                        || definition.doc.iter().any(|l| l.trim() == "+union")
                })
                .filter_map(served_union)
                .collect();
            if !listed.is_empty() && unions != UnionFormat::Kep1027 {
                schema
                    .extensions
                    .push(("x-kubernetes-unions".into(), union_list(&listed)));
            }
            append_validations(
                &mut schema.extensions,
                rules.iter().map(cel::Rule::to_json).collect(),
            );
            schema.extensions.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }
    schema
}

/// A union as the schema lists it, or `None` (its family says [`Listed::Never`]).
/// Gated markers count as absent (SPEC §3): a gated member is left out, and a union whose
/// members are all gated, or whose own marker (discriminator, `+union`) is, is not listed.
fn served_union(union: &Union) -> Option<Union> {
    if union.meaning.listed == Listed::Never {
        return None;
    }
    let gated_members = union.members.iter().filter(|m| m.gated).count();
    if union.gated && gated_members == 0 {
        return None; // the gate is on the discriminator or the `+union` marker
    }
    if gated_members > 0 && gated_members == union.members.len() {
        return None;
    }
    let mut served = union.clone();
    served.members.retain(|m| !m.gated);
    Some(served)
}

/// Appends rules to `x-kubernetes-validations`, after any the schema already has.
fn append_validations(
    extensions: &mut Vec<(String, serde_json::Value)>,
    rules: Vec<serde_json::Value>,
) {
    if rules.is_empty() {
        return;
    }
    match extensions.iter_mut().find(|(key, _)| key == cel::EXTENSION) {
        Some((_, serde_json::Value::Array(existing))) => existing.extend(rules),
        _ => extensions.push((cel::EXTENSION.into(), serde_json::Value::Array(rules))),
    }
}

/// `x-kubernetes-unions` in the list shape kube-openapi's schemaconv reads.
fn union_list(unions: &[Union]) -> serde_json::Value {
    let list = unions
        .iter()
        .map(|union| {
            let mut object = serde_json::Map::new();
            if let Some(discriminator) = &union.discriminator {
                object.insert("discriminator".into(), discriminator.clone().into());
            }
            let mut members: Vec<(&String, &String)> = union
                .members
                .iter()
                .map(|m| (&m.json_name, &m.value))
                .collect();
            members.sort();
            let fields: serde_json::Map<String, serde_json::Value> = members
                .into_iter()
                .map(|(k, v)| (k.clone(), v.clone().into()))
                .collect();
            object.insert("fields-to-discriminateBy".into(), fields.into());
            serde_json::Value::Object(object)
        })
        .collect();
    serde_json::Value::Array(list)
}

/// `x-kubernetes-unions` in the KEP-1027 shape, on the discriminator's property.
fn union_field_members(union: &Union) -> serde_json::Value {
    let mut entries: Vec<(String, serde_json::Value)> = union
        .members
        .iter()
        .map(|m| {
            let mut member = serde_json::Map::new();
            member.insert("name".into(), m.json_name.clone().into());
            member.insert("optional".into(), m.optional.into());
            (m.value.clone(), serde_json::Value::Object(member))
        })
        .collect();
    entries.extend(
        union
            .empty_values
            .iter()
            .map(|v| (v.clone(), serde_json::Value::Null)),
    );
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let field_members: serde_json::Map<String, serde_json::Value> = entries.into_iter().collect();
    serde_json::json!({ "fieldMembers": field_members })
}

/// A property's description: its doc, and for an enum type the "Possible enum values"
/// paragraph (openapi-gen's `enumType.DescriptionLines`).
pub(crate) fn property_description(doc: &[String], ty: &PropertyType) -> Option<String> {
    let mut doc = doc.to_vec();
    let enum_values = match ty {
        PropertyType::Enum(values, _) if !values.is_empty() => Some(values),
        _ => None,
    };
    if let Some(values) = enum_values {
        let mut lines: Vec<String> = values
            .iter()
            .map(|v| {
                format!(" - `{}` {}", go_quote(&v.value), v.doc)
                    .trim_end()
                    .to_string()
            })
            .collect();
        lines.sort();
        doc = description::normalize_lines(&doc);
        doc.push(String::new());
        doc.push("Possible enum values:".into());
        doc.extend(lines);
    }
    text(&doc)
}

fn property_schema(
    property: &Property,
    naming: Naming,
    unions: &[Union],
    union_format: UnionFormat,
) -> Schema {
    let mut schema = type_schema(&property.ty, naming);
    schema.description = property_description(&property.doc, &property.ty);
    schema.default = property.default.as_ref().and_then(DefaultValue::to_json);
    let mut extensions: Vec<(String, serde_json::Value)> = Vec::new();
    if let Some(list_type) = &property.list_type {
        extensions.push(("x-kubernetes-list-type".into(), list_type.as_str().into()));
    }
    if !property.list_map_keys.is_empty() {
        extensions.push((
            "x-kubernetes-list-map-keys".into(),
            property.list_map_keys.clone().into(),
        ));
    }
    if let Some(map_type) = &property.map_type {
        extensions.push(("x-kubernetes-map-type".into(), map_type.as_str().into()));
    }
    if let Some(strategy) = &property.patch_strategy {
        extensions.push((
            "x-kubernetes-patch-strategy".into(),
            strategy.clone().into(),
        ));
    }
    if let Some(key) = &property.patch_merge_key {
        extensions.push(("x-kubernetes-patch-merge-key".into(), key.clone().into()));
    }
    validations::apply(
        &mut schema,
        property.validations.as_deref(),
        &property.extensions,
    );
    extensions.append(&mut schema.extensions);
    if !matches!(union_format, UnionFormat::List | UnionFormat::OpenApiGen) {
        if let Some(union) = unions
            .iter()
            .filter_map(served_union)
            .find(|u| u.discriminator.as_deref() == Some(property.json_name.as_str()))
        {
            extensions.push(("x-kubernetes-unions".into(), union_field_members(&union)));
        }
    }
    extensions.sort_by(|a, b| a.0.cmp(&b.0));
    schema.extensions = extensions;
    schema
}

fn type_schema(ty: &PropertyType, naming: Naming) -> Schema {
    match ty {
        PropertyType::Primitive { ty, format } => Schema {
            types: vec![ty.to_string()],
            format: format.map(str::to_string),
            ..Schema::default()
        },
        PropertyType::Enum(values, _) | PropertyType::ExplicitEnum(values, _) => Schema {
            types: vec!["string".into()],
            enum_values: values.iter().map(|v| v.value.clone()).collect(),
            ..Schema::default()
        },
        PropertyType::Ref(name) => Schema {
            reference: Some(definition_name(name, naming)),
            ..Schema::default()
        },
        PropertyType::Array(inner) => Schema {
            types: vec!["array".into()],
            items: Some(Box::new(type_schema(inner, naming))),
            ..Schema::default()
        },
        PropertyType::Map(inner) => Schema {
            types: vec!["object".into()],
            additional_properties: Some(Box::new(type_schema(inner, naming))),
            ..Schema::default()
        },
        PropertyType::Any => Schema {
            types: vec!["object".into()],
            ..Schema::default()
        },
        PropertyType::Object(def) => {
            let mut properties: Vec<(String, Schema)> = def
                .properties
                .iter()
                .map(|p| {
                    (
                        p.json_name.clone(),
                        property_schema(p, naming, &[], UnionFormat::List),
                    )
                })
                .collect();
            properties.sort_by(|a, b| a.0.cmp(&b.0));
            Schema {
                types: vec!["object".into()],
                required: def.required.clone(),
                properties,
                ..Schema::default()
            }
        }
        // No type: what openapi-gen writes for a named interface.
        PropertyType::NamedInterface(_) | PropertyType::Unsupported => Schema::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_definitions_three_ways() {
        let name = TypeName {
            package: "k8s.io/api/core/v1".into(),
            name: "Pod".into(),
        };
        assert_eq!(
            definition_name(&name, Naming::Rest),
            "io.k8s.api.core.v1.Pod"
        );
        assert_eq!(definition_name(&name, Naming::Go), "k8s.io/api/core/v1.Pod");
        assert_eq!(definition_name(&name, Naming::Short), "v1.Pod");
        let local = TypeName {
            package: "example/apis".into(),
            name: "T".into(),
        };
        assert_eq!(definition_name(&local, Naming::Rest), "example.apis.T");
    }
}
