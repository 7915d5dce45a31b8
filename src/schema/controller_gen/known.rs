//! The types controller-gen gives fixed schemas (controller-tools `pkg/crd/known_types.go`):
//! apimachinery's `Time`, `Quantity`, `IntOrString`, `RawExtension`, … For each package with
//! such types, whether its other types are read from source (`AddPackage`) or unknown.

use std::collections::BTreeMap;

use super::props::{Additional, Props};

/// The package's fixed schema for `name`, when it has one; `None` when the type is read from
/// source. `Err(())`: the package's other types are unknown to controller-gen (it never reads
/// the package: `resource`, `intstr`).
pub fn schema(
    package: &str,
    name: &str,
    embedded_object_meta: bool,
    protocol_default: bool,
) -> Option<Result<Props, ()>> {
    let fixed = match (package, name) {
        // controller-gen before v0.16.1.
        ("k8s.io/api/core/v1", "Protocol") if protocol_default => {
            let mut protocol = Props {
                ty: "string".into(),
                default: Some("TCP".into()),
                ..Props::default()
            };
            protocol.pointers.default = super::props::fresh_pointer();
            protocol
        }
        ("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta") => {
            if embedded_object_meta {
                object_meta()
            } else {
                Props::of_type("object")
            }
        }
        ("k8s.io/apimachinery/pkg/apis/meta/v1", "Time" | "MicroTime") => Props {
            ty: "string".into(),
            format: "date-time".into(),
            ..Props::default()
        },
        ("k8s.io/apimachinery/pkg/apis/meta/v1", "Duration") => Props::of_type("string"),
        ("k8s.io/apimachinery/pkg/apis/meta/v1", "Fields") => Props {
            ty: "object".into(),
            additional_properties: Some(Additional {
                schema: None,
                allows: true,
            }),
            ..Props::default()
        },
        ("k8s.io/apimachinery/pkg/api/resource", "Quantity") => Props {
            x_int_or_string: true,
            any_of: vec![Props::of_type("integer"), Props::of_type("string")],
            pattern: r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$".into(),
            ..Props::default()
        },
        ("k8s.io/apimachinery/pkg/api/resource", _) => return Some(Err(())),
        ("k8s.io/apimachinery/pkg/runtime", "RawExtension") => Props {
            ty: "object".into(),
            x_preserve_unknown_fields: Some(true),
            ..Props::default()
        },
        ("k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", "Unstructured") => {
            Props::of_type("object")
        }
        ("k8s.io/apimachinery/pkg/util/intstr", "IntOrString") => Props {
            x_int_or_string: true,
            any_of: vec![Props::of_type("integer"), Props::of_type("string")],
            ..Props::default()
        },
        ("k8s.io/apimachinery/pkg/util/intstr", _) => return Some(Err(())),
        (
            "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
            | "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
            "JSON",
        ) => Props {
            x_preserve_unknown_fields: Some(true),
            ..Props::default()
        },
        _ => return None,
    };
    Some(Ok(fixed))
}

/// `crd:generateEmbeddedObjectMeta=true`: the allow-listed properties of `ObjectMeta`.
fn object_meta() -> Props {
    let strings = || Props::of_type("string");
    let string_map = || Props {
        ty: "object".into(),
        additional_properties: Some(Additional {
            schema: Some(Box::new(strings())),
            allows: true,
        }),
        ..Props::default()
    };
    let properties: BTreeMap<String, Props> = [
        ("name".to_string(), strings()),
        ("namespace".to_string(), strings()),
        ("annotations".to_string(), string_map()),
        ("labels".to_string(), string_map()),
        (
            "finalizers".to_string(),
            Props {
                ty: "array".into(),
                items: Some(Box::new(strings())),
                ..Props::default()
            },
        ),
    ]
    .into_iter()
    .collect();
    Props {
        ty: "object".into(),
        properties: Some(properties),
        ..Props::default()
    }
}
