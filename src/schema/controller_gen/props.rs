//! controller-gen's schema node (apiextensions/v1 `JSONSchemaProps`, the fields it writes),
//! and its JSON as Go's `encoding/json` writes it (`omitempty` everywhere; the YAML writer
//! sorts the keys).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::model::controller_gen::TypeId;
use crate::model::CelRule;

/// A `$ref` to a type's definition: the type, and the reference text controller-gen writes
/// (`#/definitions/Name` in the same package, `#/definitions/path~1to~1pkg~0Name` else), which
/// its walker compares to stop at cycles.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    pub id: Option<TypeId>,
    pub text: String,
    /// A type union-gen could not load (its package was not found): `package.Name`.
    pub unresolved: Option<String>,
}

/// `additionalProperties`: a schema, or `true`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Additional {
    pub schema: Option<Box<Props>>,
    pub allows: bool,
}

/// One schema node.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Props {
    pub reference: Option<Reference>,
    pub description: String,
    pub ty: String,
    pub format: String,
    pub title: String,
    pub default: Option<Value>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: String,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: bool,
    pub multiple_of: Option<f64>,
    pub enum_values: Vec<Value>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    /// `None`: Go's nil slice (flattening tells nil from empty).
    pub required: Option<Vec<String>>,
    pub items: Option<Box<Props>>,
    pub all_of: Vec<Props>,
    pub any_of: Vec<Props>,
    /// `None`: Go's nil map (a struct's schema has an empty map).
    pub properties: Option<BTreeMap<String, Props>>,
    pub additional_properties: Option<Additional>,
    pub external_docs: Option<(String, String)>,
    pub example: Option<Value>,
    pub nullable: bool,
    pub x_preserve_unknown_fields: Option<bool>,
    pub x_embedded_resource: bool,
    pub x_int_or_string: bool,
    pub x_list_map_keys: Option<Vec<String>>,
    pub x_list_type: Option<String>,
    pub x_map_type: Option<String>,
    pub x_validations: Option<Vec<CelRule>>,
    /// Which pointer each pointer-valued field of Go's struct holds (see [`Pointers`]).
    pub pointers: Pointers,
}

/// Go's pointer identity for the fields `JSONSchemaProps` holds by pointer. controller-gen's
/// flattening takes two set pointer fields as equal only when they are the same pointer: a
/// value merged twice from one origin is kept once, while two equal values from different
/// places move to an `allOf` pair. A copy of a node keeps its pointers (Go copies the struct);
/// [`Props::renumber`] gives every pointer of a tree a new identity as `JSONSchemaProps`'
/// hand-written `DeepCopy` does, which keeps `Default` and `XListType` (set once, by the
/// marker, [`fresh_pointer`]: every copy of a type's schema shares them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pointers {
    pub reference: u64,
    pub default: u64,
    pub maximum: u64,
    pub minimum: u64,
    pub max_length: u64,
    pub min_length: u64,
    pub max_items: u64,
    pub min_items: u64,
    pub multiple_of: u64,
    pub max_properties: u64,
    pub min_properties: u64,
    pub items: u64,
    pub x_list_type: u64,
}

/// A new pointer identity (for the fields `DeepCopy` does not copy).
pub fn fresh_pointer() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1 << 40);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Props {
    /// Go's `DeepCopy`: every pointer of the tree but `default` and `x_list_type` becomes a new
    /// one (`next` counts them).
    pub fn renumber(&mut self, next: &mut u64, depth: usize) {
        if depth > crate::limits::SCHEMA_NESTING * 4 {
            return;
        }
        let mut fresh = |set: bool| {
            if set {
                *next += 1;
                *next
            } else {
                0
            }
        };
        self.pointers = Pointers {
            reference: fresh(self.reference.is_some()),
            default: self.pointers.default,
            maximum: fresh(self.maximum.is_some()),
            minimum: fresh(self.minimum.is_some()),
            max_length: fresh(self.max_length.is_some()),
            min_length: fresh(self.min_length.is_some()),
            max_items: fresh(self.max_items.is_some()),
            min_items: fresh(self.min_items.is_some()),
            multiple_of: fresh(self.multiple_of.is_some()),
            max_properties: fresh(self.max_properties.is_some()),
            min_properties: fresh(self.min_properties.is_some()),
            items: fresh(self.items.is_some()),
            x_list_type: self.pointers.x_list_type,
        };
        if let Some(items) = self.items.as_deref_mut() {
            items.renumber(next, depth + 1);
        }
        for entry in self.all_of.iter_mut().chain(self.any_of.iter_mut()) {
            entry.renumber(next, depth + 1);
        }
        if let Some(properties) = self.properties.as_mut() {
            for property in properties.values_mut() {
                property.renumber(next, depth + 1);
            }
        }
        if let Some(schema) = self
            .additional_properties
            .as_mut()
            .and_then(|a| a.schema.as_deref_mut())
        {
            schema.renumber(next, depth + 1);
        }
    }

    pub fn of_type(ty: &str) -> Props {
        Props {
            ty: ty.to_string(),
            ..Props::default()
        }
    }

    /// The value limits and `enum`, as `JSONSchemaProps` writes them.
    fn limits_json(&self, map: &mut Map<String, Value>) {
        let text = |map: &mut Map<String, Value>, key: &str, value: &str| {
            if !value.is_empty() {
                map.insert(key.into(), value.into());
            }
        };
        let number = |map: &mut Map<String, Value>, key: &str, value: Option<f64>| {
            if let Some(value) = value {
                map.insert(key.into(), float(value));
            }
        };
        let integer = |map: &mut Map<String, Value>, key: &str, value: Option<i64>| {
            if let Some(value) = value {
                map.insert(key.into(), value.into());
            }
        };
        let flag = |map: &mut Map<String, Value>, key: &str, value: bool| {
            if value {
                map.insert(key.into(), true.into());
            }
        };
        number(map, "maximum", self.maximum);
        flag(map, "exclusiveMaximum", self.exclusive_maximum);
        number(map, "minimum", self.minimum);
        flag(map, "exclusiveMinimum", self.exclusive_minimum);
        integer(map, "maxLength", self.max_length);
        integer(map, "minLength", self.min_length);
        text(map, "pattern", &self.pattern);
        integer(map, "maxItems", self.max_items);
        integer(map, "minItems", self.min_items);
        flag(map, "uniqueItems", self.unique_items);
        number(map, "multipleOf", self.multiple_of);
        if !self.enum_values.is_empty() {
            map.insert("enum".into(), Value::Array(self.enum_values.clone()));
        }
        integer(map, "maxProperties", self.max_properties);
        integer(map, "minProperties", self.min_properties);
    }

    /// The node as JSON (`json.Marshal` of `JSONSchemaProps`).
    pub fn to_json(&self) -> Value {
        let mut map = Map::new();
        let text = |map: &mut Map<String, Value>, key: &str, value: &str| {
            if !value.is_empty() {
                map.insert(key.into(), value.into());
            }
        };
        if let Some(reference) = &self.reference {
            map.insert("$ref".into(), reference.text.clone().into());
        }
        text(&mut map, "description", &self.description);
        text(&mut map, "type", &self.ty);
        text(&mut map, "format", &self.format);
        text(&mut map, "title", &self.title);
        if let Some(default) = &self.default {
            map.insert("default".into(), default.clone());
        }
        self.limits_json(&mut map);
        let flag = |map: &mut Map<String, Value>, key: &str, value: bool| {
            if value {
                map.insert(key.into(), true.into());
            }
        };
        if let Some(required) = self.required.as_ref().filter(|r| !r.is_empty()) {
            map.insert("required".into(), required.clone().into());
        }
        if let Some(items) = &self.items {
            map.insert("items".into(), items.to_json());
        }
        let list = |map: &mut Map<String, Value>, key: &str, schemas: &[Props]| {
            if !schemas.is_empty() {
                map.insert(
                    key.into(),
                    Value::Array(schemas.iter().map(Props::to_json).collect()),
                );
            }
        };
        list(&mut map, "allOf", &self.all_of);
        list(&mut map, "anyOf", &self.any_of);
        if let Some(properties) = self.properties.as_ref().filter(|p| !p.is_empty()) {
            let properties: Map<String, Value> = properties
                .iter()
                .map(|(name, schema)| (name.clone(), schema.to_json()))
                .collect();
            map.insert("properties".into(), Value::Object(properties));
        }
        if let Some(additional) = &self.additional_properties {
            let value = match &additional.schema {
                Some(schema) => schema.to_json(),
                None => additional.allows.into(),
            };
            map.insert("additionalProperties".into(), value);
        }
        if let Some((url, description)) = &self.external_docs {
            let mut docs = Map::new();
            text(&mut docs, "description", description);
            text(&mut docs, "url", url);
            map.insert("externalDocs".into(), Value::Object(docs));
        }
        if let Some(example) = &self.example {
            map.insert("example".into(), example.clone());
        }
        flag(&mut map, "nullable", self.nullable);
        if let Some(preserve) = self.x_preserve_unknown_fields {
            map.insert(
                "x-kubernetes-preserve-unknown-fields".into(),
                preserve.into(),
            );
        }
        flag(
            &mut map,
            "x-kubernetes-embedded-resource",
            self.x_embedded_resource,
        );
        flag(&mut map, "x-kubernetes-int-or-string", self.x_int_or_string);
        if let Some(keys) = self.x_list_map_keys.as_ref().filter(|k| !k.is_empty()) {
            map.insert("x-kubernetes-list-map-keys".into(), keys.clone().into());
        }
        if let Some(list_type) = &self.x_list_type {
            map.insert("x-kubernetes-list-type".into(), list_type.clone().into());
        }
        if let Some(map_type) = &self.x_map_type {
            map.insert("x-kubernetes-map-type".into(), map_type.clone().into());
        }
        if let Some(rules) = self.x_validations.as_ref().filter(|r| !r.is_empty()) {
            map.insert(
                "x-kubernetes-validations".into(),
                Value::Array(rules.iter().map(rule_json).collect()),
            );
        }
        Value::Object(map)
    }
}

/// A float64 field as JSON (the YAML writer formats it as Go does).
fn float(value: f64) -> Value {
    serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number)
}

/// An `x-kubernetes-validations` entry (`ValidationRule`: `rule` always, the rest when set).
pub fn rule_json(rule: &CelRule) -> Value {
    let mut map = Map::new();
    map.insert("rule".into(), rule.rule.clone().into());
    for (key, value) in [
        ("message", &rule.message),
        ("messageExpression", &rule.message_expression),
        ("reason", &rule.reason),
        ("fieldPath", &rule.field_path),
    ] {
        if !value.is_empty() {
            map.insert(key.into(), value.clone().into());
        }
    }
    if let Some(optional) = rule.optional_old_self {
        map.insert("optionalOldSelf".into(), optional.into());
    }
    Value::Object(map)
}
