//! Value validations and marker extensions in a schema, as openapi-gen's generated Go makes
//! kube-openapi serve them: the limits on the schema itself, the CEL rules in
//! `x-kubernetes-validations` (before any union rule), the nested `items:` / `properties:` /
//! `additionalProperties:` validations as one `allOf` entry, and `x-kubernetes-*` extensions
//! from `+k8s:openapi-gen=` and `+validations=`.
//!
//! A schema from a method (`OpenAPIV3Definition()`) replaces all of this in the documents it
//! stands for; the caller decides, this module only adds to a base schema.

use super::Schema;
use crate::model::{CelRule, ControllerGen, MarkerExtension, Validations};

/// Adds `validations` and `extensions` to `schema` (a definition or a property).
pub fn apply(
    schema: &mut Schema,
    validations: Option<&Validations>,
    extensions: &[MarkerExtension],
) {
    for extension in extensions {
        schema
            .extensions
            .push((extension.name.clone(), extension.value()));
    }
    let Some(validations) = validations else {
        return;
    };
    schema.limits = validations.limits.clone();
    if validations.has_nested() {
        schema.all_of.push(nested(validations));
    }
    if !validations.rules.is_empty() {
        schema.extensions.push((
            super::cel::EXTENSION.into(),
            serde_json::Value::Array(validations.rules.iter().map(rule_json).collect()),
        ));
    }
    if let Some(markers) = &validations.controller_gen {
        controller_gen(schema, markers);
    }
}

/// controller-gen's markers on a node as controller-gen writes them into a CRD (for
/// `validate --packages` only): on the node itself, its items and its map values.
fn controller_gen(schema: &mut Schema, markers: &ControllerGen) {
    if markers.schemaless {
        *schema = Schema {
            description: schema.description.take(),
            ..Schema::default()
        };
        return;
    }
    if let Some(ty) = &markers.ty {
        // A `Type` other than `object` replaces the generated schema's shape (a struct with
        // its own JSON form, `+kubebuilder:validation:Type=string`).
        if ty != "object" {
            schema.reference = None;
            schema.literal_reference = None;
            schema.properties.clear();
            schema.required.clear();
            schema.additional_properties = None;
        }
        schema.types = Some(ty.clone())
            .filter(|t| !t.is_empty())
            .into_iter()
            .collect();
    }
    schema.limits.overlay(&markers.limits);
    if let Some(values) = &markers.enum_values {
        schema.enum_values = values.clone();
    }
    if let Some(format) = &markers.format {
        schema.format = Some(format.clone());
    }
    schema.nullable |= markers.nullable;
    for (set, name) in [
        (markers.int_or_string, "x-kubernetes-int-or-string"),
        (markers.embedded_resource, "x-kubernetes-embedded-resource"),
        (
            markers.preserve_unknown_fields,
            "x-kubernetes-preserve-unknown-fields",
        ),
    ] {
        if set && !schema.extensions.iter().any(|(key, _)| key == name) {
            schema.extensions.push((name.into(), true.into()));
        }
    }
    if !markers.rules.is_empty() {
        let rules = markers.rules.iter().map(rule_json);
        match schema
            .extensions
            .iter_mut()
            .find(|(key, _)| key == super::cel::EXTENSION)
        {
            Some((_, serde_json::Value::Array(existing))) => existing.extend(rules),
            _ => schema.extensions.push((
                super::cel::EXTENSION.into(),
                serde_json::Value::Array(rules.collect()),
            )),
        }
    }
    if let (Some(items), Some(schema_items)) = (&markers.items, schema.items.as_deref_mut()) {
        controller_gen(schema_items, items);
    }
    if let (Some(values), Some(schema_values)) = (
        &markers.additional_properties,
        schema.additional_properties.as_deref_mut(),
    ) {
        controller_gen(schema_values, values);
    }
}

/// The `allOf` entry: only `items`, `properties` and `additionalProperties`, each a schema of
/// its own validations.
fn nested(validations: &Validations) -> Schema {
    Schema {
        items: validations.items.as_ref().map(|v| Box::new(own_schema(v))),
        properties: validations
            .properties
            .iter()
            .map(|(name, v)| (name.clone(), own_schema(v)))
            .collect(),
        additional_properties: validations
            .additional_properties
            .as_ref()
            .map(|v| Box::new(own_schema(v))),
        ..Schema::default()
    }
}

/// A nested schema: limits, rules, and its own `allOf` entry.
fn own_schema(validations: &Validations) -> Schema {
    let mut schema = Schema::default();
    apply(&mut schema, Some(validations), &[]);
    schema
}

/// One rule as `encoding/json` writes a `CELTag` (empty strings left out), keys sorted as a
/// decoded map is written.
pub fn rule_json(rule: &CelRule) -> serde_json::Value {
    let mut entries: Vec<(&str, serde_json::Value)> = Vec::new();
    let mut text = |key: &'static str, value: &str| {
        if !value.is_empty() {
            entries.push((key, value.into()));
        }
    };
    text("fieldPath", &rule.field_path);
    text("message", &rule.message);
    text("messageExpression", &rule.message_expression);
    text("reason", &rule.reason);
    text("rule", &rule.rule);
    if let Some(optional) = rule.optional_old_self {
        entries.push(("optionalOldSelf", optional.into()));
    }
    entries.sort_by(|a, b| a.0.cmp(b.0));
    serde_json::Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}
