//! What `--packages` schemas hold where the Go types alone do not say what the API server
//! checks — the schemas of a custom resource's CRD as controller-gen writes it:
//!
//! - types whose JSON is not their Go fields ([`KNOWN`], controller-tools'
//!   `pkg/crd/known_types.go`): `runtime.RawExtension` (its fields are `json:"-"`; it holds
//!   an embedded object of any kind: an object whose fields are kept, never unknown),
//!   apiextensions' `JSON` (any JSON value), `unstructured.Unstructured` (an object).
//!   `runtime.Unknown` is not among them: controller-gen and openapi-gen both describe its Go
//!   fields (`apiVersion`, `kind`, the required `ContentEncoding` and `ContentType`), which is
//!   the schema Kubernetes serves for it.
//! - the deduced lists of dependencies' `+enum` types ([`without_dependency_enums`]):
//!   controller-gen reads no `+enum`, and `union-gen crd` adds only the project's own lists
//!   (`crd/dependency-enums-skipped`), so the API server accepts a custom resource's
//!   `imagePullPolicy: Sometimes` inside a pod template. Built-in kinds keep the lists: the
//!   API server's own validation of Pods refuses such values.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::model::{ApiModel, DefinitionBody, PropertyType, StructDef};

/// (definition name under REST naming, the schema controller-gen writes for the type, as JSON).
const KNOWN: &[(&str, &str)] = &[
    (
        "io.k8s.apimachinery.pkg.runtime.RawExtension",
        r#"{"type": "object", "x-kubernetes-preserve-unknown-fields": true}"#,
    ),
    (
        "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON",
        r#"{"x-kubernetes-preserve-unknown-fields": true}"#,
    ),
    (
        "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.JSON",
        r#"{"x-kubernetes-preserve-unknown-fields": true}"#,
    ),
    (
        "io.k8s.apimachinery.pkg.apis.meta.v1.unstructured.Unstructured",
        r#"{"type": "object"}"#,
    ),
];

/// Replaces the definitions of [`KNOWN`] types by controller-gen's schemas (descriptions
/// kept).
pub fn apply(definitions: &mut Map<String, Value>) {
    for (name, schema) in KNOWN {
        let Some(definition) = definitions.get_mut(*name) else {
            continue;
        };
        let Ok(mut replacement) = serde_json::from_str::<Value>(schema) else {
            continue;
        };
        if let (Some(description), Value::Object(object)) =
            (definition.get("description").cloned(), &mut replacement)
        {
            object.insert("description".into(), description);
        }
        *definition = replacement;
    }
}

/// The model with the deduced lists of `+enum` types outside `project` (the packages of the
/// project's own modules) turned into plain strings; `None` when it has none.
pub fn without_dependency_enums(model: &ApiModel, project: &BTreeSet<String>) -> Option<ApiModel> {
    let mut changed = false;
    let mut stripped = model.clone();
    for definition in &mut stripped.definitions {
        if let DefinitionBody::Struct(def) = &mut definition.body {
            changed |= strip_struct(def, project);
        }
    }
    changed.then_some(stripped)
}

fn strip_struct(def: &mut StructDef, project: &BTreeSet<String>) -> bool {
    let mut changed = false;
    for property in &mut def.properties {
        changed |= strip(&mut property.ty, project);
    }
    changed
}

/// Walks one property's type; the depth is the Go type's nesting, bounded by the syntax depth
/// the parser allows (`limits::SYNTAX_NESTING`).
fn strip(ty: &mut PropertyType, project: &BTreeSet<String>) -> bool {
    match ty {
        PropertyType::Enum(_, origin)
            if !origin.explicit && !project.contains(&origin.type_name.package) =>
        {
            *ty = PropertyType::Primitive {
                ty: "string",
                format: None,
            };
            true
        }
        PropertyType::Array(inner) | PropertyType::Map(inner) => strip(inner, project),
        PropertyType::Object(def) => strip_struct(def, project),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn known_schemas_are_json() {
        for (_, schema) in KNOWN {
            assert!(serde_json::from_str::<Value>(schema).unwrap().is_object());
        }
    }

    #[test]
    fn known_types_get_controller_gens_schemas() {
        let mut definitions = json!({
            "io.k8s.apimachinery.pkg.runtime.RawExtension": {"description": "d", "type": "object"},
            "io.k8s.apimachinery.pkg.runtime.Unknown": {"type": "object", "required": ["ContentType"]},
        });
        let definitions = definitions.as_object_mut().unwrap();
        apply(definitions);
        assert_eq!(
            definitions["io.k8s.apimachinery.pkg.runtime.RawExtension"],
            json!({"description": "d", "type": "object", "x-kubernetes-preserve-unknown-fields": true})
        );
        assert_eq!(
            definitions["io.k8s.apimachinery.pkg.runtime.Unknown"]["required"],
            json!(["ContentType"])
        );
    }
}
