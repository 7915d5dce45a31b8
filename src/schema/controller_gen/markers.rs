//! controller-gen's schema markers applied to a node (controller-tools `pkg/crd/markers`
//! `ApplyToSchema`), in its order: by priority (`Type`, `XIntOrString`, `listType`, `+default`
//! first; `+kubebuilder:default` after `+default`; the one-of markers after `XValidation`),
//! comment order among equals; `items:` markers on the list's items after the others.

use serde_json::Value;

use super::props::{fresh_pointer, Props};
use crate::controller_gen_versions::{Behaviour, Change};
use crate::model::controller_gen::{Marker, MarkerValue, Type};
use crate::model::CelRule;

/// controller-tools' `ApplyPriority` of a marker (lower first).
fn priority(value: &MarkerValue, behaviour: &Behaviour) -> i64 {
    match value {
        // Before v0.20 both one-of markers came right after `XValidation`.
        MarkerValue::ExactlyOneOf(_) if !behaviour.has(Change::OneOfOrder) => 11,
        MarkerValue::Type(_) | MarkerValue::XIntOrString | MarkerValue::ListType(_) => 9,
        MarkerValue::KubernetesDefault(_) => 9,
        MarkerValue::AtMostOneOf(_) => 11,
        MarkerValue::ExactlyOneOf(_) => 12,
        MarkerValue::AtLeastOneOf(_) => 13,
        _ => 10,
    }
}

/// Whether the marker changes schemas (controller-tools' `SchemaMarker`).
fn is_schema_marker(value: &MarkerValue) -> bool {
    !matches!(
        value,
        MarkerValue::Presence
            | MarkerValue::Schemaless
            | MarkerValue::SubresourceStatus
            | MarkerValue::SubresourceScale { .. }
            | MarkerValue::PrintColumn(_)
            | MarkerValue::Resource { .. }
            | MarkerValue::StorageVersion
            | MarkerValue::SkipVersion
            | MarkerValue::UnservedVersion
            | MarkerValue::DeprecatedVersion { .. }
            | MarkerValue::Metadata { .. }
            | MarkerValue::SelectableField { .. }
            | MarkerValue::Text(_)
    )
}

const ITEMS_PREFIX: &str = "kubebuilder:validation:items:";

/// An error from applying a marker, in controller-gen's words.
pub type Refusal = String;

/// Applies `markers` to `props` (`applyMarkers`); `ty`: the type whose markers they are (for
/// `+k8s:enum`). Returns the refusals.
pub fn apply(
    markers: &[Marker],
    props: &mut Props,
    ty: Option<&Type>,
    behaviour: &Behaviour,
) -> Vec<Refusal> {
    let mut own: Vec<&Marker> = Vec::new();
    let mut items: Vec<&Marker> = Vec::new();
    for marker in markers.iter().filter(|m| is_schema_marker(&m.value)) {
        if marker.name.starts_with(ITEMS_PREFIX) {
            items.push(marker);
        } else {
            own.push(marker);
        }
    }
    own.sort_by_key(|m| priority(&m.value, behaviour));
    items.sort_by_key(|m| priority(&m.value, behaviour));
    let mut refusals = Vec::new();
    for marker in own {
        if let Err(refusal) = apply_one(&marker.value, props, ty, behaviour) {
            refusals.push(refusal);
        }
    }
    for marker in items {
        match props.items.as_deref_mut() {
            Some(items_schema) if props.ty == "array" => {
                if let Err(refusal) = apply_one(&marker.value, items_schema, ty, behaviour) {
                    refusals.push(refusal);
                }
            }
            _ => refusals.push(format!(
                "must apply {} to an array value, found {}",
                marker.name, props.ty
            )),
        }
    }
    refusals
}

fn numeric(props: &Props) -> bool {
    props.ty == "integer" || props.ty == "number"
}

fn textual(props: &Props) -> bool {
    props.ty == "string" || props.x_int_or_string
}

fn integral(value: f64) -> bool {
    value.is_finite() && value.trunc() == value
}

/// Go's `%v` of a float64 (`2.5`, `1e+21`).
fn go_float(value: f64) -> String {
    crate::golit::go_float(value)
}

fn apply_one(
    value: &MarkerValue,
    props: &mut Props,
    ty: Option<&Type>,
    behaviour: &Behaviour,
) -> Result<(), Refusal> {
    match value {
        MarkerValue::Maximum(_)
        | MarkerValue::Minimum(_)
        | MarkerValue::MultipleOf(_)
        | MarkerValue::ExclusiveMaximum(_)
        | MarkerValue::ExclusiveMinimum(_) => numeric_limit(value, props),
        MarkerValue::MaxLength(_) | MarkerValue::MinLength(_) | MarkerValue::Pattern(_) => {
            text_limit(value, props, behaviour)
        }
        MarkerValue::MaxItems(_)
        | MarkerValue::MinItems(_)
        | MarkerValue::UniqueItems(_)
        | MarkerValue::MinProperties(_)
        | MarkerValue::MaxProperties(_) => count_limit(value, props),
        MarkerValue::ListType(_)
        | MarkerValue::ListMapKey(_)
        | MarkerValue::MapType(_)
        | MarkerValue::StructType(_)
        | MarkerValue::ExternalDocs { .. } => topology(value, props),
        _ => value_marker(value, props, ty),
    }
}

/// `Maximum`, `Minimum`, `MultipleOf`, `ExclusiveMaximum`, `ExclusiveMinimum`: numbers only.
fn numeric_limit(value: &MarkerValue, props: &mut Props) -> Result<(), Refusal> {
    match value {
        MarkerValue::Maximum(v) | MarkerValue::Minimum(v) | MarkerValue::MultipleOf(v) => {
            let (name, word) = match value {
                MarkerValue::Maximum(_) => ("maximum", "maximum"),
                MarkerValue::Minimum(_) => ("minimum", "minimum"),
                _ => ("multipleof", "multipleof"),
            };
            if !numeric(props) {
                return Err(format!(
                    "must apply {name} to a numeric value, found {}",
                    props.ty
                ));
            }
            if props.ty == "integer" && !integral(*v) {
                return Err(format!(
                    "cannot apply non-integral {word} validation ({}) to integer value",
                    go_float(*v)
                ));
            }
            match value {
                MarkerValue::Maximum(_) => props.maximum = Some(*v),
                MarkerValue::Minimum(_) => props.minimum = Some(*v),
                _ => props.multiple_of = Some(*v),
            }
        }
        MarkerValue::ExclusiveMaximum(b) | MarkerValue::ExclusiveMinimum(b) => {
            let maximum = matches!(value, MarkerValue::ExclusiveMaximum(_));
            if !numeric(props) {
                let name = if maximum {
                    "exclusivemaximum"
                } else {
                    "exclusiveminimum"
                };
                return Err(format!(
                    "must apply {name} to a numeric value, found {}",
                    props.ty
                ));
            }
            if maximum {
                props.exclusive_maximum = *b;
            } else {
                props.exclusive_minimum = *b;
            }
        }
        _ => {}
    }
    Ok(())
}

/// `MaxLength`, `MinLength`, `Pattern`: strings (and `XIntOrString` from v0.17.2).
fn text_limit(
    value: &MarkerValue,
    props: &mut Props,
    behaviour: &Behaviour,
) -> Result<(), Refusal> {
    match value {
        MarkerValue::MaxLength(n) | MarkerValue::MinLength(n) => {
            let max = matches!(value, MarkerValue::MaxLength(_));
            if !behaviour.has(Change::IntOrStringText) && props.ty != "string" {
                let name = if max { "maxlength" } else { "minlength" };
                return Err(format!("must apply {name} to a string"));
            }
            if !textual(props) {
                let name = if max { "maxlength" } else { "minlength" };
                return Err(format!(
                    "must apply {name} to a textual value, found type {:?}",
                    props.ty
                ));
            }
            if max {
                props.max_length = Some(*n);
            } else {
                props.min_length = Some(*n);
            }
        }
        MarkerValue::Pattern(pattern) => {
            if !behaviour.has(Change::IntOrStringText) && !textual(props) {
                return Err("must apply pattern to a `string` or `IntOrString`".into());
            }
            if !textual(props) {
                return Err(format!(
                    "must apply pattern to a textual value, found type {:?}",
                    props.ty
                ));
            }
            props.pattern = pattern.clone();
        }
        _ => {}
    }
    Ok(())
}

/// `MaxItems`, `MinItems`, `UniqueItems` on arrays; `MinProperties`, `MaxProperties` on objects.
fn count_limit(value: &MarkerValue, props: &mut Props) -> Result<(), Refusal> {
    match value {
        MarkerValue::MaxItems(n) | MarkerValue::MinItems(n) => {
            let max = matches!(value, MarkerValue::MaxItems(_));
            if props.ty != "array" {
                return Err(if max {
                    "must apply maxitem to an array".into()
                } else {
                    "must apply minitems to an array".into()
                });
            }
            if max {
                props.max_items = Some(*n);
            } else {
                props.min_items = Some(*n);
            }
        }
        MarkerValue::UniqueItems(b) => {
            if props.ty != "array" {
                return Err("must apply uniqueitems to an array".into());
            }
            props.unique_items = *b;
        }
        MarkerValue::MinProperties(n) | MarkerValue::MaxProperties(n) => {
            let min = matches!(value, MarkerValue::MinProperties(_));
            if props.ty != "object" {
                return Err(if min {
                    "must apply minproperties to an object".into()
                } else {
                    "must apply maxproperties to an object".into()
                });
            }
            if min {
                props.min_properties = Some(*n);
            } else {
                props.max_properties = Some(*n);
            }
        }
        _ => {}
    }
    Ok(())
}

/// `listType`, `listMapKey`, `mapType`, `structType`, `externalDocs`.
fn topology(value: &MarkerValue, props: &mut Props) -> Result<(), Refusal> {
    match value {
        MarkerValue::ListType(list_type) => {
            if props.ty != "array" {
                return Err(format!(
                    "must apply listType to an array, found {}",
                    props.ty
                ));
            }
            if !matches!(list_type.as_str(), "map" | "set" | "atomic") {
                return Err(r#"ListType must be either "map", "set" or "atomic""#.into());
            }
            props.x_list_type = Some(list_type.clone());
            props.pointers.x_list_type = fresh_pointer();
        }
        MarkerValue::ListMapKey(key) => {
            if props.ty != "array" {
                return Err(format!(
                    "must apply listMapKey to an array, found {}",
                    props.ty
                ));
            }
            if props.x_list_type.as_deref() != Some("map") {
                return Err("must apply listMapKey to an associative-list".into());
            }
            props
                .x_list_map_keys
                .get_or_insert_with(Vec::new)
                .push(key.clone());
        }
        MarkerValue::MapType(map_type) => {
            if props.ty != "object" {
                return Err("must apply mapType to an object".into());
            }
            if !matches!(map_type.as_str(), "atomic" | "granular") {
                return Err(r#"MapType must be either "granular" or "atomic""#.into());
            }
            props.x_map_type = Some(map_type.clone());
        }
        MarkerValue::StructType(struct_type) => {
            if props.ty != "object" && !props.ty.is_empty() {
                return Err("must apply structType to an object; either explicitly set or defaulted through an empty schema type".into());
            }
            if !matches!(struct_type.as_str(), "atomic" | "granular") {
                return Err(r#"StructType must be either "granular" or "atomic""#.into());
            }
            props.x_map_type = Some(struct_type.clone());
        }
        MarkerValue::ExternalDocs { url, description } => {
            if !is_request_uri(url) {
                return Err(format!(
                    "invalid url {url:?} in kubebuilder:externalDocs marker: parse {url:?}: invalid URI for request"
                ));
            }
            props.external_docs = Some((url.clone(), description.clone()));
        }
        _ => {}
    }
    Ok(())
}

/// The markers that set a value whatever the schema's type (and the rule markers).
fn value_marker(value: &MarkerValue, props: &mut Props, ty: Option<&Type>) -> Result<(), Refusal> {
    match value {
        MarkerValue::Enum(values) => props.enum_values = values.clone(),
        MarkerValue::Format(format) => props.format = format.clone(),
        MarkerValue::Type(ty) => props.ty = ty.clone(),
        MarkerValue::Nullable => props.nullable = true,
        MarkerValue::Default(default) => {
            let empty_object = matches!(default, Value::Object(m) if m.is_empty());
            props.default = Some(if props.ty == "array" && empty_object {
                Value::Array(Vec::new())
            } else {
                default.clone()
            });
            props.pointers.default = fresh_pointer();
        }
        MarkerValue::KubernetesDefault(Some(default)) if !default.is_null() => {
            props.default = Some(default.clone());
            props.pointers.default = fresh_pointer();
        }
        MarkerValue::Example(example) => props.example = Some(example.clone()),
        MarkerValue::Title(title) => match title {
            Value::Null => {}
            Value::String(title) => props.title = title.clone(),
            other => return Err(format!("expected string, got {}", go_type_name(other))),
        },
        MarkerValue::XPreserveUnknownFields => props.x_preserve_unknown_fields = Some(true),
        MarkerValue::XEmbeddedResource => props.x_embedded_resource = true,
        MarkerValue::XIntOrString => props.x_int_or_string = true,
        MarkerValue::XValidation(rule) => x_validation(rule.clone(), props)?,
        MarkerValue::Immutable => props
            .x_validations
            .get_or_insert_with(Vec::new)
            .push(CelRule {
                rule: "self == oldSelf".into(),
                message: "field is immutable".into(),
                ..CelRule::default()
            }),
        MarkerValue::AtMostOneOf(fields) => one_of(
            fields,
            "<= 1",
            "at most one of the fields in",
            "may be set",
            props,
        )?,
        MarkerValue::ExactlyOneOf(fields) => one_of(
            fields,
            "== 1",
            "exactly one of the fields in",
            "must be set",
            props,
        )?,
        MarkerValue::AtLeastOneOf(fields) => one_of(
            fields,
            ">= 1",
            "at least one of the fields in",
            "must be set",
            props,
        )?,
        MarkerValue::K8sEnum => k8s_enum(props, ty)?,
        MarkerValue::K8sEnumField => {
            return Err("k8s:enum must be set on a type, not a field".into())
        }
        _ => {}
    }
    Ok(())
}

/// `XValidation.ApplyToSchema`: the reason must be one of the four.
fn x_validation(rule: CelRule, props: &mut Props) -> Result<(), Refusal> {
    crate::markers::check_x_validation_reason(&rule.reason)?;
    props.x_validations.get_or_insert_with(Vec::new).push(rule);
    Ok(())
}

/// The one-of markers' rule: `[has(self.a),has(self.b)].filter(x,x==true).size() <op>`, and
/// message `… the fields in [a b] …` (Go's `%v` of a slice).
fn one_of(
    fields: &[String],
    op: &str,
    message: &str,
    verb: &str,
    props: &mut Props,
) -> Result<(), Refusal> {
    if fields.is_empty() {
        return Ok(());
    }
    let has: Vec<String> = fields.iter().map(|f| format!("has(self.{f})")).collect();
    let rule = CelRule {
        rule: format!("[{}].filter(x,x==true).size() {op}", has.join(",")),
        message: format!("{message} [{}] {verb}", fields.join(" ")),
        ..CelRule::default()
    };
    x_validation(rule, props)
}

/// `+k8s:enum` on a string type: its string constants, sorted by their JSON.
fn k8s_enum(props: &mut Props, ty: Option<&Type>) -> Result<(), Refusal> {
    let Some(ty) = ty else {
        return Err("k8s:enum requires type context".into());
    };
    let mut values: Vec<String> = ty
        .enum_values
        .iter()
        .map(|v| Value::String(v.clone()).to_string())
        .collect();
    values.sort();
    if values.is_empty() {
        return Err(format!("no enum values found for type {}", ty.name));
    }
    props.ty = "string".into();
    props.enum_values = values
        .iter()
        .filter_map(|json| serde_json::from_str(json).ok())
        .collect();
    Ok(())
}

/// Go's `url.ParseRequestURI` accepts it: an absolute URL (`scheme:…`) or an absolute path.
fn is_request_uri(url: &str) -> bool {
    if url.starts_with('/') {
        return true;
    }
    let Some((scheme, _)) = url.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

/// Go's `%T` of a value read from a marker.
fn go_type_name(value: &Value) -> &'static str {
    match value {
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "int",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
        Value::Null => "<nil>",
    }
}
