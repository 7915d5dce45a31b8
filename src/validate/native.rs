//! What the API server's Go validation of built-in kinds requires beyond their schemas, as far
//! as kubectl-validate also patches it into its built-in schemas (its hand-written
//! `pkg/openapiclient/patches`): a container's `image` (k8s.io/api marks it `+optional` so
//! that tools may fill it in, but `validateContainers` in k8s.io/kubernetes'
//! `pkg/apis/core/validation` requires it of every Pod and pod template). The rest of that Go
//! validation (thousands of checks) is not reproduced.

use serde_json::Value;

/// Definition name → properties the API server requires.
const REQUIRED: &[(&str, &[&str])] = &[("io.k8s.api.core.v1.Container", &["name", "image"])];

/// Adds the required properties of [`REQUIRED`] to the v3 definitions built from Go types.
pub fn patch(definitions: &mut serde_json::Map<String, Value>) {
    for (name, properties) in REQUIRED {
        let Some(Value::Object(definition)) = definitions.get_mut(*name) else {
            continue;
        };
        let required = definition
            .entry("required")
            .or_insert_with(|| Value::Array(Vec::new()));
        let Value::Array(required) = required else {
            continue;
        };
        for property in *properties {
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
    fn a_container_requires_its_image() {
        let mut definitions = serde_json::json!({
            "io.k8s.api.core.v1.Container": {"required": ["name"], "properties": {}},
            "io.k8s.api.core.v1.Pod": {"properties": {}}
        });
        patch(definitions.as_object_mut().unwrap());
        assert_eq!(
            definitions["io.k8s.api.core.v1.Container"]["required"],
            serde_json::json!(["name", "image"])
        );
        assert!(definitions["io.k8s.api.core.v1.Pod"]
            .get("required")
            .is_none());
    }
}
