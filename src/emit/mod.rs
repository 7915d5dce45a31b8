//! Emission: OpenAPI v2 / v3 documents as JSON or YAML bytes, and atomic writes.
//!
//! Input: [`Definitions`]. Output: bytes, and files renamed into place.
//! Must not know: Go, diagnostics, or how schemas were derived.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

mod json;

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
            .and_then(|value| serde_yaml::to_string(&value).ok())
            .unwrap_or(json)
            .into_bytes(),
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so
/// readers never see a partial file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_all_atomically(&[(path, bytes)]).map_err(|(_, error)| error)
}

/// Writes several files so that either all of them change or none does (as far as the file
/// system allows): every temporary file is written and synced first, and only then are they
/// renamed over their targets. On failure, returns the path that failed; the temporary
/// files are removed and no target has changed.
pub fn write_all_atomically(files: &[(&Path, &[u8])]) -> Result<(), (PathBuf, std::io::Error)> {
    let mut staged: Vec<(PathBuf, &Path)> = Vec::with_capacity(files.len());
    let discard = |staged: &[(PathBuf, &Path)]| {
        for (temporary, _) in staged {
            let _ = fs::remove_file(temporary);
        }
    };
    for (path, bytes) in files {
        match stage(path, bytes) {
            Ok(temporary) => staged.push((temporary, path)),
            Err(error) => {
                discard(&staged);
                return Err((path.to_path_buf(), error));
            }
        }
    }
    for (index, (temporary, path)) in staged.iter().enumerate() {
        if let Err(error) = fs::rename(temporary, path) {
            discard(&staged[index..]);
            return Err((path.to_path_buf(), error));
        }
    }
    Ok(())
}

/// Writes `bytes` to a new temporary file next to `path`; returns the temporary's path.
fn stage(path: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    // Unique per process and per call: two outputs may share a file name in one directory.
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let serial = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = dir.join(format!(".{file_name}.{}.{serial}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    match result {
        Ok(()) => Ok(temporary),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(error)
        }
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

    #[test]
    fn atomic_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_atomically(&path, b"{}\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"{}\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(write_atomically(&dir.path().join("missing/out.json"), b"x").is_err());
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

    /// With two outputs, an unwritable second one (a path under a regular file) left the
    /// first one already replaced; now nothing changes unless everything can be written.
    #[test]
    fn all_or_nothing_when_one_output_cannot_be_written() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let first = dir.path().join("v2.json");
        fs::write(&first, "old").expect("write");
        fs::write(dir.path().join("file"), "").expect("write");
        let second = dir.path().join("file/v3.json");
        let result = write_all_atomically(&[(&first, b"new"), (&second, b"new")]);
        assert_eq!(result.map_err(|(path, _)| path), Err(second));
        assert_eq!(fs::read_to_string(&first).expect("read"), "old");
        let names: Vec<_> = fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(names.len(), 2, "no temporary file is left behind");
        write_all_atomically(&[(&first, b"new")]).expect("writable");
        assert_eq!(fs::read_to_string(&first).expect("read"), "new");
    }
}
