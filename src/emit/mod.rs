//! Emission: OpenAPI v2 / v3 documents as JSON or YAML bytes.
//!
//! Input: [`Definitions`]. Output: bytes ([`crate::write`] puts them into files).
//! Must not know: Go, diagnostics, or how schemas were derived.

pub(crate) mod crd;
pub(crate) mod go;
mod json;
pub(crate) mod yaml11;
pub(crate) mod yaml_v2;

use crate::schema::Definitions;

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

/// A JSON string as Go's `encoding/json` writes it (HTML-safe escapes included).
pub(crate) fn json_string(value: &str) -> String {
    json::string(value)
}

/// A `$ref` is a JSON Pointer (RFC 6901): `~` and `/` inside a name are escaped.
fn ref_path(name: &str, version: Version) -> String {
    let name = name.replace('~', "~0").replace('/', "~1");
    match version {
        Version::V2 => format!("#/definitions/{name}"),
        Version::V3 => format!("#/components/schemas/{name}"),
    }
}

/// Serialises a document: JSON pretty-printed with 2 spaces and a final newline, or YAML
/// (converted from the same JSON, so both carry the same content in the same key order).
pub fn to_bytes(
    definitions: &Definitions,
    version: Version,
    info: &Info,
    format: Format,
) -> Vec<u8> {
    let json = json::document(definitions, version, info);
    match format {
        Format::Json => json.into_bytes(),
        // JSON is YAML: should the conversion ever fail (serde_json's nesting limit of 128
        // when re-reading), the JSON text is still a correct document, never an empty one.
        Format::Yaml => serde_json::from_str::<serde_json::Value>(&json)
            .ok()
            .and_then(|value| yaml_serde::to_string(&value).ok())
            .map(|yaml| yaml11::quote_specials(&yaml))
            .unwrap_or(json)
            .into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::schema::Schema;

    fn document_with(schema: Schema, version: Version) -> serde_json::Value {
        let info = Info {
            title: "t".into(),
            version: "v".into(),
        };
        let bytes = to_bytes(
            &vec![("a.A".to_string(), schema)],
            version,
            &info,
            Format::Json,
        );
        let document: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        match version {
            Version::V2 => document["definitions"]["a.A"].clone(),
            Version::V3 => document["components"]["schemas"]["a.A"].clone(),
        }
    }

    #[test]
    fn v3_wraps_refs_with_siblings_and_v2_keeps_them_side_by_side() {
        let schema = Schema {
            description: Some("d".into()),
            reference: Some("a.B".into()),
            ..Schema::default()
        };
        assert_eq!(
            document_with(schema.clone(), Version::V3).to_string(),
            r##"{"description":"d","allOf":[{"$ref":"#/components/schemas/a.B"}]}"##
        );
        assert_eq!(
            document_with(schema, Version::V2).to_string(),
            r##"{"description":"d","$ref":"#/definitions/a.B"}"##
        );
        let bare = Schema {
            reference: Some("a.B".into()),
            ..Schema::default()
        };
        assert_eq!(
            document_with(bare, Version::V3).to_string(),
            r##"{"$ref":"#/components/schemas/a.B"}"##
        );
    }

    #[test]
    fn escapes_like_go_and_json_pointers() {
        let schema = Schema {
            description: Some("a <b> & c".into()),
            ..Schema::default()
        };
        let info = Info {
            title: "t".into(),
            version: "v".into(),
        };
        let text = String::from_utf8(to_bytes(
            &vec![("a.A".to_string(), schema)],
            Version::V2,
            &info,
            Format::Json,
        ))
        .unwrap();
        assert!(text.contains(r#""a \u003cb\u003e \u0026 c""#), "{text}");
        assert!(text.ends_with("}\n"));
        assert_eq!(
            ref_path("k8s.io/api/core/v1.Pod", Version::V2),
            "#/definitions/k8s.io~1api~1core~1v1.Pod"
        );
    }

    /// YAML output was converted by re-reading the JSON, whose nesting limit (128) made a
    /// deep document come out as an empty file; now it falls back to the JSON text.
    #[test]
    fn yaml_of_a_deep_document_is_never_empty() {
        let mut schema = Schema::default();
        for _ in 0..200 {
            schema = Schema {
                items: Some(Box::new(schema)),
                ..Schema::default()
            };
        }
        let info = Info {
            title: "t".into(),
            version: "v".into(),
        };
        let definitions = vec![("a.A".to_string(), schema)];
        let yaml = to_bytes(&definitions, Version::V3, &info, Format::Yaml);
        let json = to_bytes(&definitions, Version::V3, &info, Format::Json);
        assert_eq!(yaml, json, "JSON text, a YAML document too");
    }
}
