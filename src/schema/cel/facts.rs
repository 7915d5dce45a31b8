//! What the rules rest on: each field's Go zero form, kind, default and allowed values, as
//! the schema (or a CRD manifest's own schema) says.

use std::collections::HashMap;

use crate::model::{PropertyType, StructDef, ZeroForm};

/// The JSON type of a property, as far as rules and witnesses need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    String,
    Integer,
    Number,
    Boolean,
    List,
    Map,
    Object,
    Any,
}

impl ValueKind {
    pub(super) fn of(ty: &PropertyType) -> ValueKind {
        match ty {
            PropertyType::Primitive { ty, .. } => ValueKind::from_schema_type(ty),
            PropertyType::Enum(..) | PropertyType::ExplicitEnum(..) => ValueKind::String,
            PropertyType::Ref(_) | PropertyType::Object(_) => ValueKind::Object,
            PropertyType::Array(_) => ValueKind::List,
            PropertyType::Map(_) => ValueKind::Map,
            PropertyType::Any | PropertyType::NamedInterface(_) | PropertyType::Unsupported => {
                ValueKind::Any
            }
        }
    }

    /// From an OpenAPI `type`.
    pub fn from_schema_type(ty: &str) -> ValueKind {
        match ty {
            "string" => ValueKind::String,
            "integer" => ValueKind::Integer,
            "number" => ValueKind::Number,
            "boolean" => ValueKind::Boolean,
            "array" => ValueKind::List,
            "object" => ValueKind::Object,
            _ => ValueKind::Any,
        }
    }
}

/// What the rules and the self-check know of one property of a struct: from the Go model,
/// overlaid with a CRD manifest's own `enum`, `default` and `required` by `crd`.
#[derive(Debug, Clone)]
pub struct FieldFacts {
    pub zero: ZeroForm,
    pub kind: ValueKind,
    pub omitempty: bool,
    /// The string values the schema allows (`enum`), when it lists them.
    pub allowed: Option<Vec<String>>,
    pub default: Option<serde_json::Value>,
    pub required: bool,
    /// The list's `maxItems`, which bounds the cost of a rule over its items.
    pub max_items: Option<i64>,
}

impl FieldFacts {
    /// A non-empty string default: the value the API server gives the field when it is absent.
    pub(super) fn string_default(&self) -> Option<&str> {
        self.default
            .as_ref()
            .and_then(serde_json::Value::as_str)
            .filter(|v| !v.is_empty())
    }

    /// Whether the API accepts the discriminator value `value`.
    pub(super) fn allows(&self, value: &str) -> bool {
        self.allowed
            .as_ref()
            .is_none_or(|values| values.iter().any(|v| v == value))
    }
}

/// A struct's properties by JSON name.
#[derive(Debug, Clone, Default)]
pub struct StructFacts {
    fields: HashMap<String, FieldFacts>,
    /// The facts of the struct a property holds, for the subfield unions declared on it
    /// ([`Union::subfield`](crate::model::Union::subfield)).
    pub(super) nested: HashMap<String, StructFacts>,
}

impl StructFacts {
    pub fn from_model(def: &StructDef) -> StructFacts {
        let fields = def
            .properties
            .iter()
            .map(|p| {
                let facts = FieldFacts {
                    zero: p.zero,
                    kind: ValueKind::of(&p.ty),
                    omitempty: p.omitempty,
                    allowed: match &p.ty {
                        PropertyType::Enum(values, _) | PropertyType::ExplicitEnum(values, _)
                            if !values.is_empty() =>
                        {
                            Some(values.iter().map(|v| v.value.clone()).collect())
                        }
                        _ => None,
                    },
                    default: p
                        .default
                        .as_ref()
                        .and_then(crate::model::DefaultValue::to_json),
                    required: def.required.contains(&p.json_name),
                    max_items: p.validations.as_ref().and_then(|v| v.limits.max_items),
                };
                (p.json_name.clone(), facts)
            })
            .collect();
        StructFacts {
            fields,
            nested: HashMap::new(),
        }
    }

    /// These facts, with `facts` for the struct held by the property `field`.
    pub fn with_nested(mut self, field: &str, facts: StructFacts) -> StructFacts {
        self.nested.insert(field.to_string(), facts);
        self
    }

    /// Facts given field by field (tests, and callers with their own schema).
    pub fn from_fields(fields: impl IntoIterator<Item = (String, FieldFacts)>) -> StructFacts {
        StructFacts {
            fields: fields.into_iter().collect(),
            nested: HashMap::new(),
        }
    }

    pub fn get(&self, name: &str) -> Option<&FieldFacts> {
        self.fields.get(name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut FieldFacts> {
        self.fields.get_mut(name)
    }
}
