//! What the API server's Go validation of built-in kinds requires beyond their schemas, as far
//! as kubectl-validate also patches it into its built-in schemas (its hand-written
//! `pkg/openapiclient/patches`): a container's `image` (k8s.io/api marks it `+optional` so
//! that tools may fill it in, but `validateContainers` in k8s.io/kubernetes'
//! `pkg/apis/core/validation` requires it of every Pod and pod template). The rest of that Go
//! validation (thousands of checks) is not reproduced.
//!
//! Only built-in kinds (k8s.io/api's) get it: a custom resource that embeds a `Container` is
//! validated by its CRD's schema alone, where `image` stays optional. So the built-in kinds
//! read copies of the definitions, named with [`BUILT_IN`], whose `$ref`s lead to copies too.

use serde_json::Value;

/// Definition name → properties the API server requires.
const REQUIRED: &[(&str, &[&str])] = &[("io.k8s.api.core.v1.Container", &["name", "image"])];

/// The prefix of the definitions built-in kinds read.
pub const BUILT_IN: &str = "built-in:";

/// Whether a Go package's kinds are built-in (k8s.io/api's, served by the API server itself).
pub fn is_built_in(package: &str) -> bool {
    package.starts_with("k8s.io/api/")
}

/// Adds, when a definition of `REQUIRED` is present, a copy of every definition named with
/// [`BUILT_IN`], `$ref`s to the copies, with the required properties of `REQUIRED`.
pub fn add_built_in_copies(definitions: &mut serde_json::Map<String, Value>) {
    if !REQUIRED
        .iter()
        .any(|(name, _)| definitions.contains_key(*name))
    {
        return;
    }
    let copies: Vec<(String, Value)> = definitions
        .iter()
        .map(|(name, definition)| {
            let mut copy = definition.clone();
            rename_refs(&mut copy);
            if let Some((_, properties)) = REQUIRED.iter().find(|(n, _)| n == name) {
                require(&mut copy, properties);
            }
            (format!("{BUILT_IN}{name}"), copy)
        })
        .collect();
    definitions.extend(copies);
}

fn rename_refs(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, child) in object.iter_mut() {
                match child {
                    Value::String(reference) if key == "$ref" => {
                        if let Some((base, name)) = reference.rsplit_once('/') {
                            *reference = format!("{base}/{BUILT_IN}{name}");
                        }
                    }
                    _ => rename_refs(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(rename_refs),
        _ => {}
    }
}

fn require(definition: &mut Value, properties: &[&str]) {
    let Value::Object(definition) = definition else {
        return;
    };
    let required = definition
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(required) = required {
        for property in properties {
            if !required.iter().any(|r| r == property) {
                required.push(Value::String(property.to_string()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_kinds_require_a_containers_image() {
        let mut definitions = serde_json::json!({
            "io.k8s.api.core.v1.Container": {"required": ["name"], "properties": {}},
            "io.k8s.api.core.v1.PodSpec": {"properties": {"containers": {
                "type": "array",
                "items": {"allOf": [{"$ref": "#/components/schemas/io.k8s.api.core.v1.Container"}]}
            }}}
        });
        add_built_in_copies(definitions.as_object_mut().unwrap());
        // The definitions custom resources read are unchanged.
        assert_eq!(
            definitions["io.k8s.api.core.v1.Container"]["required"],
            serde_json::json!(["name"])
        );
        assert_eq!(
            definitions["built-in:io.k8s.api.core.v1.Container"]["required"],
            serde_json::json!(["name", "image"])
        );
        assert_eq!(
            definitions["built-in:io.k8s.api.core.v1.PodSpec"]["properties"]["containers"]["items"]
                ["allOf"][0]["$ref"],
            "#/components/schemas/built-in:io.k8s.api.core.v1.Container"
        );
        assert!(is_built_in("k8s.io/api/core/v1"));
        assert!(!is_built_in("sigs.k8s.io/jobset/api/jobset/v1alpha2"));
    }

    #[test]
    fn without_a_container_nothing_is_copied() {
        let mut definitions = serde_json::json!({"a.B": {"type": "object"}});
        add_built_in_copies(definitions.as_object_mut().unwrap());
        assert_eq!(definitions.as_object().unwrap().len(), 1);
    }
}
