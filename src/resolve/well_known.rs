//! Schemas of well-known apimachinery and standard-library types, used when their source is
//! not loaded (their `OpenAPISchemaType`/`OpenAPISchemaFormat` methods are read otherwise).

use crate::model::{DefinitionBody, TypeName};

const TABLE: &[(&str, &str, &str, Option<&str>)] = &[
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "Time",
        "string",
        Some("date-time"),
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "MicroTime",
        "string",
        Some("date-time"),
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "Duration",
        "string",
        None,
    ),
    (
        "k8s.io/apimachinery/pkg/util/intstr",
        "IntOrString",
        "string",
        Some("int-or-string"),
    ),
    (
        "k8s.io/apimachinery/pkg/api/resource",
        "Quantity",
        "string",
        None,
    ),
    ("time", "Time", "string", Some("date-time")),
];

pub fn schema(name: &TypeName) -> Option<DefinitionBody> {
    TABLE
        .iter()
        .find(|(package, ty, _, _)| *package == name.package && *ty == name.name)
        .map(|(_, _, ty, format)| DefinitionBody::Custom {
            types: vec![ty.to_string()],
            format: format.map(str::to_string),
        })
}

/// The `OpenAPIV3OneOfTypes` of the table's types (v3 serves `oneOf` in place of `type`).
pub fn overrides(name: &TypeName) -> crate::model::Overrides {
    let one_of: &[&str] = match (name.package.as_str(), name.name.as_str()) {
        ("k8s.io/apimachinery/pkg/util/intstr", "IntOrString") => &["integer", "string"],
        ("k8s.io/apimachinery/pkg/api/resource", "Quantity") => &["string", "number"],
        _ => return crate::model::Overrides::default(),
    };
    crate::model::Overrides {
        v3_one_of: Some(one_of.iter().map(|t| t.to_string()).collect()),
        ..crate::model::Overrides::default()
    }
}

/// Named non-struct types of common dependencies, inlined as openapi-gen inlines them.
const INLINED: &[(&str, &str, &str, Option<&str>)] = &[
    ("k8s.io/apimachinery/pkg/types", "UID", "string", None),
    ("k8s.io/apimachinery/pkg/types", "NodeName", "string", None),
    (
        "k8s.io/apimachinery/pkg/api/resource",
        "Format",
        "string",
        None,
    ),
    ("time", "Duration", "integer", Some("int64")),
    // `type RawMessage []byte`: kube-openapi's type table maps `[]byte` to a byte string.
    ("encoding/json", "RawMessage", "string", Some("byte")),
];

/// The primitive a well-known non-struct type inlines to.
pub fn inlined(name: &TypeName) -> Option<(&'static str, Option<&'static str>)> {
    INLINED
        .iter()
        .find(|(package, ty, _, _)| *package == name.package && *ty == name.name)
        .map(|(_, _, ty, format)| (*ty, *format))
}
