//! openapi-gen's Go text of value validations and marker extensions:
//! `generateValueValidations` (its field order, `ptr.To[int64](…)` with the
//! `k8s.io/utils/ptr` import, `Pattern` as a JSON string, `AllOf` written by
//! `generateSchema`) and `emitExtensions` (`+k8s:openapi-gen=` extensions first, in comment
//! order, then the other extensions, CEL rules as one `%#v` line).

use super::layout::{Element, Node};
use super::value;
use super::Imports;
use crate::golit::go_quote;
use crate::model::{MarkerExtension, Validations};

const PTR: &str = "k8s.io/utils/ptr";

/// The `SchemaProps` elements of `generateValueValidations`.
pub(super) fn value_validations(
    imports: &mut Imports,
    validations: Option<&Validations>,
) -> Vec<Element> {
    let Some(validations) = validations else {
        return Vec::new();
    };
    // `+k8s:validation:<limit>` has been read since 2024-01-03.
    if !crate::kube_openapi_versions::has(crate::kube_openapi_versions::Change::ValueValidations) {
        return Vec::new();
    }
    let limits = &validations.limits;
    let mut elements = Vec::new();
    let ptr = |imports: &mut Imports, ty: &str, text: String| {
        format!("{}.To[{ty}]({text})", imports.name(PTR))
    };
    if let Some(n) = limits.minimum {
        elements.push(Element::line(
            "Minimum",
            ptr(imports, "float64", value::go_float(n)),
        ));
    }
    if let Some(n) = limits.maximum {
        elements.push(Element::line(
            "Maximum",
            ptr(imports, "float64", value::go_float(n)),
        ));
    }
    if limits.exclusive_minimum {
        elements.push(Element::line("ExclusiveMinimum", "true"));
    }
    if limits.exclusive_maximum {
        elements.push(Element::line("ExclusiveMaximum", "true"));
    }
    for (key, n) in [
        ("MinLength", limits.min_length),
        ("MaxLength", limits.max_length),
        ("MinProperties", limits.min_properties),
        ("MaxProperties", limits.max_properties),
    ] {
        if let Some(n) = n {
            elements.push(Element::line(key, ptr(imports, "int64", n.to_string())));
        }
    }
    if let Some(pattern) = &limits.pattern {
        elements.push(Element::line("Pattern", crate::emit::json_string(pattern)));
    }
    if let Some(n) = limits.multiple_of {
        elements.push(Element::line(
            "MultipleOf",
            ptr(imports, "float64", value::go_float(n)),
        ));
    }
    for (key, n) in [
        ("MinItems", limits.min_items),
        ("MaxItems", limits.max_items),
    ] {
        if let Some(n) = n {
            elements.push(Element::line(key, ptr(imports, "int64", n.to_string())));
        }
    }
    if limits.unique_items {
        elements.push(Element::line("UniqueItems", "true"));
    }
    if validations.has_nested() {
        let entry = Node::block("{", all_of_entry(imports, validations));
        elements.push(Element::pair(
            "AllOf",
            Node::block("[]spec.Schema{", vec![Element::bare(entry)]),
        ));
    }
    elements
}

/// `generateSchema` of the `allOf` entry: `SchemaProps` with `Properties` (sorted),
/// `AdditionalProperties`, `Items`.
fn all_of_entry(imports: &mut Imports, validations: &Validations) -> Vec<Element> {
    let mut props = Vec::new();
    if !validations.properties.is_empty() {
        let properties = validations
            .properties
            .iter()
            .map(|(name, v)| Element::pair(go_quote(name), Node::block("{", schema(imports, v))))
            .collect();
        props.push(Element::pair(
            "Properties",
            Node::block("map[string]spec.Schema{", properties),
        ));
    }
    if let Some(v) = &validations.additional_properties {
        props.push(super::additional_properties(Node::block(
            "&spec.Schema{",
            schema(imports, v),
        )));
    }
    if let Some(v) = &validations.items {
        props.push(Element::pair(
            "Items",
            Node::block(
                "&spec.SchemaOrArray{",
                vec![Element::pair(
                    "Schema",
                    Node::block("&spec.Schema{", schema(imports, v)),
                )],
            ),
        ));
    }
    vec![Element::pair(
        "SchemaProps",
        Node::block("spec.SchemaProps{", props),
    )]
}

/// `generateSchema` of a nested schema: `SchemaProps` when it has any, then its rules.
fn schema(imports: &mut Imports, validations: &Validations) -> Vec<Element> {
    let mut elements = Vec::new();
    let props = value_validations(imports, Some(validations));
    if !props.is_empty() {
        elements.push(Element::pair(
            "SchemaProps",
            Node::block("spec.SchemaProps{", props),
        ));
    }
    if !validations.rules.is_empty() {
        let rules = rules_value(validations);
        elements.push(Element::pair(
            "VendorExtensible",
            vendor_extensible(vec![Element::line(
                go_quote(crate::schema::cel::EXTENSION),
                value::sharp_v(&rules),
            )]),
        ));
    }
    elements
}

fn rules_value(validations: &Validations) -> serde_json::Value {
    serde_json::Value::Array(
        validations
            .rules
            .iter()
            .map(crate::schema::validations::rule_json)
            .collect(),
    )
}

fn vendor_extensible(elements: Vec<Element>) -> Node {
    Node::block(
        "spec.VendorExtensible{",
        vec![Element::pair(
            "Extensions",
            Node::block("spec.Extensions{", elements),
        )],
    )
}

/// `VendorExtensible: spec.VendorExtensible{Extensions: spec.Extensions{…}}` of a definition
/// or property: `+k8s:openapi-gen=` extensions in comment order (the value as written, in
/// quotes), then the schema's other extensions by name; `x-kubernetes-validations` from CEL
/// markers as one `%#v` line.
pub(super) fn extensions_node(
    extensions: &[(String, serde_json::Value)],
    markers: &[MarkerExtension],
    validations: Option<&Validations>,
) -> Option<Node> {
    if extensions.is_empty() {
        return None;
    }
    let mut elements = Vec::new();
    let mut first: Vec<&str> = Vec::new();
    for extension in markers.iter().filter(|e| e.openapi_gen) {
        elements.push(Element::line(
            go_quote(&extension.name),
            format!("\"{}\"", extension.values.concat()),
        ));
        first.push(&extension.name);
    }
    let has_rules = validations.is_some_and(|v| !v.rules.is_empty());
    let mut rest: Vec<&(String, serde_json::Value)> = extensions
        .iter()
        .filter(|(k, _)| !first.contains(&k.as_str()))
        .collect();
    rest.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, value) in rest {
        let node = if has_rules && key == crate::schema::cel::EXTENSION {
            Node::Line(value::sharp_v(value))
        } else {
            value::extension_node(value)
        };
        elements.push(Element::pair(go_quote(key), node));
    }
    Some(vendor_extensible(elements))
}
