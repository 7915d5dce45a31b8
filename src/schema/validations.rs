//! Value validations and marker extensions in a schema, as openapi-gen's generated Go makes
//! kube-openapi serve them: the limits on the schema itself, the CEL rules in
//! `x-kubernetes-validations` (before any union rule), the nested `items:` / `properties:` /
//! `additionalProperties:` validations as one `allOf` entry, and `x-kubernetes-*` extensions
//! from `+k8s:openapi-gen=` and `+validations=`.
//!
//! A schema from a method (`OpenAPIV3Definition()`) replaces all of this in the documents it
//! stands for; the caller decides, this module only adds to a base schema.

use super::Schema;
use crate::model::{CelRule, MarkerExtension, Validations};

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
