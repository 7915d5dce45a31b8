//! Emission: OpenAPI v2 / v3 documents as JSON or YAML bytes, and atomic writes.
//!
//! Input: [`Definitions`]. Output: bytes, and files renamed into place.
//! Must not know: Go, diagnostics, or how schemas were derived.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::schema::{Definitions, Schema};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V2,
    V3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
}

/// `info` of the documents.
#[derive(Debug, Clone)]
pub struct Info {
    pub title: String,
    pub version: String,
}

/// The whole document as a JSON value, keys in kube-openapi's order.
pub fn document(definitions: &Definitions, version: Version, info: &Info) -> Value {
    let mut root = Map::new();
    let info = serde_json::json!({"title": info.title, "version": info.version});
    let schemas: Map<String, Value> = definitions
        .iter()
        .map(|(name, schema)| (name.clone(), schema_value(schema, version)))
        .collect();
    match version {
        Version::V2 => {
            root.insert("swagger".into(), "2.0".into());
            root.insert("info".into(), info);
            root.insert("paths".into(), Value::Object(Map::new()));
            root.insert("definitions".into(), Value::Object(schemas));
        }
        Version::V3 => {
            root.insert("openapi".into(), "3.0.0".into());
            root.insert("info".into(), info);
            root.insert("paths".into(), Value::Object(Map::new()));
            let mut components = Map::new();
            components.insert("schemas".into(), Value::Object(schemas));
            root.insert("components".into(), Value::Object(components));
        }
    }
    Value::Object(root)
}

/// A `$ref` is a JSON Pointer (RFC 6901): `~` and `/` inside a name are escaped.
fn ref_path(name: &str, version: Version) -> String {
    let name = name.replace('~', "~0").replace('/', "~1");
    match version {
        Version::V2 => format!("#/definitions/{name}"),
        Version::V3 => format!("#/components/schemas/{name}"),
    }
}

/// One schema node. In v3 a `$ref` with siblings moves into `allOf` (kube-openapi's
/// builder3 does the same); in v2 siblings sit next to `$ref`.
pub fn schema_value(schema: &Schema, version: Version) -> Value {
    let mut object = Map::new();
    if let Some(description) = &schema.description {
        object.insert("description".into(), description.clone().into());
    }
    match schema.types.as_slice() {
        [] => {}
        [one] => {
            object.insert("type".into(), one.clone().into());
        }
        many => {
            object.insert("type".into(), many.to_vec().into());
        }
    }
    if let Some(format) = &schema.format {
        object.insert("format".into(), format.clone().into());
    }
    if let Some(default) = &schema.default {
        object.insert("default".into(), default.clone());
    }
    if !schema.enum_values.is_empty() {
        object.insert("enum".into(), schema.enum_values.clone().into());
    }
    if !schema.required.is_empty() {
        object.insert("required".into(), schema.required.clone().into());
    }
    if let Some(items) = &schema.items {
        object.insert("items".into(), schema_value(items, version));
    }
    let has_siblings = !object.is_empty() || !schema.extensions.is_empty();
    if let (Some(reference), Version::V3, true) = (&schema.reference, version, has_siblings) {
        object.insert(
            "allOf".into(),
            serde_json::json!([{ "$ref": ref_path(reference, version) }]),
        );
    }
    if !schema.properties.is_empty() {
        let properties: Map<String, Value> = schema
            .properties
            .iter()
            .map(|(name, property)| (name.clone(), schema_value(property, version)))
            .collect();
        object.insert("properties".into(), Value::Object(properties));
    }
    if let Some(additional) = &schema.additional_properties {
        object.insert(
            "additionalProperties".into(),
            schema_value(additional, version),
        );
    }
    // kube-openapi's (jsonv2) order: schema keys, `$ref`, then the `x-` extensions.
    if let Some(reference) = &schema.reference {
        if version == Version::V2 || !has_siblings {
            object.insert("$ref".into(), ref_path(reference, version).into());
        }
    }
    for (key, value) in &schema.extensions {
        object.insert(key.clone(), value.clone());
    }
    Value::Object(object)
}

/// Serialises a document: JSON pretty-printed with 2 spaces and a final newline, or YAML.
pub fn to_bytes(document: &Value, format: Format) -> Vec<u8> {
    match format {
        Format::Json => {
            let text = serde_json::to_string_pretty(document).unwrap_or_default();
            let mut bytes = go_json_escapes(&text).into_bytes();
            bytes.push(b'\n');
            bytes
        }
        Format::Yaml => serde_yaml::to_string(document)
            .unwrap_or_default()
            .into_bytes(),
    }
}

/// Go's encoding/json (and so Kubernetes' published specs) escapes `<`, `>`, `&`, U+2028 and
/// U+2029 in strings. None of them can appear outside a string in JSON, so a textual
/// replacement is exact.
fn go_json_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 64);
    let mut start = 0;
    for (index, &byte) in bytes.iter().enumerate() {
        let escape = match byte {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            b'&' => "\\u0026",
            // U+2028 and U+2029 are E2 80 A8 / E2 80 A9 in UTF-8.
            0xE2 if bytes.get(index + 1) == Some(&0x80) && bytes.get(index + 2) == Some(&0xA8) => {
                "\\u2028"
            }
            0xE2 if bytes.get(index + 1) == Some(&0x80) && bytes.get(index + 2) == Some(&0xA9) => {
                "\\u2029"
            }
            _ => continue,
        };
        out.push_str(&text[start..index]);
        out.push_str(escape);
        start = if byte == 0xE2 { index + 3 } else { index + 1 };
    }
    out.push_str(&text[start..]);
    out
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so
/// readers never see a partial file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let temporary = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v3_wraps_refs_with_siblings_and_v2_keeps_them_side_by_side() {
        let schema = Schema {
            description: Some("d".into()),
            reference: Some("a.B".into()),
            ..Schema::default()
        };
        assert_eq!(
            serde_json::to_string(&schema_value(&schema, Version::V3)).unwrap(),
            r##"{"description":"d","allOf":[{"$ref":"#/components/schemas/a.B"}]}"##
        );
        assert_eq!(
            serde_json::to_string(&schema_value(&schema, Version::V2)).unwrap(),
            r##"{"description":"d","$ref":"#/definitions/a.B"}"##
        );
        let bare = Schema {
            reference: Some("a.B".into()),
            ..Schema::default()
        };
        assert_eq!(
            serde_json::to_string(&schema_value(&bare, Version::V3)).unwrap(),
            r##"{"$ref":"#/components/schemas/a.B"}"##
        );
    }

    #[test]
    fn escapes_like_go_and_json_pointers() {
        let value = serde_json::json!({"d": "a <b> & c"});
        let text = String::from_utf8(to_bytes(&value, Format::Json)).unwrap();
        assert!(text.contains(r#""a \u003cb\u003e \u0026 c""#), "{text}");
        assert_eq!(go_json_escapes("x\u{2028}y\u{2029}é"), "x\\u2028y\\u2029é");
        assert_eq!(
            ref_path("k8s.io/api/core/v1.Pod", Version::V2),
            "#/definitions/k8s.io~1api~1core~1v1.Pod"
        );
    }

    #[test]
    fn atomic_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_atomically(&path, b"{}\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"{}\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(write_atomically(&dir.path().join("missing/out.json"), b"x").is_err());
    }
}
