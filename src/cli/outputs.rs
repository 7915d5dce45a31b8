//! Output paths that would destroy something: an input of a run (a `.go` file, `go.mod`,
//! `go.work`), or an existing file that union-gen could not have written (a mistyped
//! `--v3 notes.txt`). Such a path is refused (exit 2, before anything is read or written)
//! unless `--force`; a directory always is. (A symbolic link to an input is safe: the link
//! is replaced, never its target: see `write.rs`.)

use std::io::Read;
use std::path::Path;

use crate::pipeline::{Document, Output};

/// Names of the files the go tool (and union-gen) read to find modules and packages.
const GO_MODULE_FILES: &[&str] = &["go.mod", "go.sum", "go.work", "go.work.sum"];

/// How many bytes of an existing file are read to tell what it is.
const SNIFF_BYTES: u64 = 4096;

/// One output file: the flag that named it, its path, what goes into it.
pub(super) struct Target<'a> {
    pub flag: &'static str,
    pub path: &'a Path,
    pub document: Document,
}

/// The file outputs of a `generate`/`check` configuration.
pub(super) fn targets(outputs: &[Output]) -> Vec<Target<'_>> {
    outputs
        .iter()
        .filter_map(|output| match &output.destination {
            crate::pipeline::Destination::File(path) => Some(Target {
                flag: flag(output.document),
                path: path.as_path(),
                document: output.document,
            }),
            crate::pipeline::Destination::Stdout => None,
        })
        .collect()
}

fn flag(document: Document) -> &'static str {
    match document {
        Document::OpenApi(crate::emit::Version::V2, _) => "--v2",
        Document::OpenApi(crate::emit::Version::V3, _) => "--v3",
        Document::ApiRuleReport => "--report",
    }
}

/// What can be told before reading any input: a directory, a Go or module file, an
/// existing file that is not a document of this kind.
pub(super) fn check_paths(targets: &[Target], force: bool) -> anyhow::Result<()> {
    for target in targets {
        let shown = target.path.display();
        let text = target.path.to_string_lossy();
        if text.ends_with('/') || target.path.is_dir() {
            anyhow::bail!(
                "{} {shown}: that is a directory; name the file to write in it \
                 (e.g. {} {}/{})",
                target.flag,
                target.flag,
                text.trim_end_matches('/'),
                example_name(target.document)
            );
        }
        if force {
            continue;
        }
        let name = target
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if GO_MODULE_FILES.contains(&name.as_str())
            || target.path.extension().is_some_and(|e| e == "go")
        {
            anyhow::bail!(
                "{} {shown}: that is a Go source or module file, an input of the run; \
                 refusing to replace it with {} (a mistyped path? --force writes it anyway)",
                target.flag,
                what(target.document)
            );
        }
        if let Some(reason) = foreign(target.path, target.document) {
            anyhow::bail!(
                "{} {shown}: the existing file {reason}, so union-gen did not write it; \
                 refusing to replace it with {} (a mistyped path? remove the file or pass \
                 --force to replace it)",
                target.flag,
                what(target.document)
            );
        }
    }
    Ok(())
}

fn what(document: Document) -> &'static str {
    match document {
        Document::OpenApi(crate::emit::Version::V2, _) => "the Swagger 2.0 document",
        Document::OpenApi(crate::emit::Version::V3, _) => "the OpenAPI v3 document",
        Document::ApiRuleReport => "the API rule report",
    }
}

fn example_name(document: Document) -> &'static str {
    match document {
        Document::OpenApi(crate::emit::Version::V2, _) => "swagger.json",
        Document::OpenApi(crate::emit::Version::V3, _) => "v3.json",
        Document::ApiRuleReport => "violations.report",
    }
}

/// Why an existing regular file cannot be an earlier output of this kind; `None` when it
/// can be (or is empty, absent, or not a regular file: devices are written in place).
fn foreign(path: &Path, document: Document) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|file| file.take(SNIFF_BYTES).read_to_end(&mut head))
        .is_ok();
    if !read {
        // Unreadable: the write will say why, or succeed; nothing to tell here.
        return None;
    }
    let text = String::from_utf8_lossy(&head);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    match document {
        Document::OpenApi(..) => (!looks_like_openapi(text))
            .then_some("is not an OpenAPI document (no top-level `swagger` or `openapi` key)"),
        Document::ApiRuleReport => (!looks_like_report(text, meta.len() <= SNIFF_BYTES))
            .then_some("is not an API rule report (lines `API rule violation: …`)"),
    }
}

/// Top-level keys an OpenAPI document can start with (union-gen writes `swagger` or
/// `openapi` first; Kubernetes' published `swagger.json` starts with `definitions`).
const OPENAPI_KEYS: &[&str] = &[
    "swagger",
    "openapi",
    "definitions",
    "components",
    "paths",
    "info",
];

/// A JSON object whose first key is an OpenAPI key (or that is empty), or YAML with an
/// OpenAPI key at the top level among its first lines.
fn looks_like_openapi(text: &str) -> bool {
    if let Some(rest) = text.strip_prefix('{') {
        let rest = rest.trim_start();
        return rest.starts_with('}')
            || OPENAPI_KEYS
                .iter()
                .any(|key| rest.starts_with(&format!("\"{key}\"")));
    }
    text.lines().any(|line| {
        OPENAPI_KEYS
            .iter()
            .any(|key| line.strip_prefix(key).is_some_and(|r| r.starts_with(':')))
    })
}

/// Lines of openapi-gen's report format (the last line may be cut off by the sniff).
fn looks_like_report(text: &str, whole: bool) -> bool {
    const PREFIX: &str = "API rule violation: ";
    let lines: Vec<&str> = text.lines().collect();
    lines.iter().enumerate().all(|(i, line)| {
        let last_cut = !whole && i + 1 == lines.len();
        line.starts_with(PREFIX) || (last_cut && PREFIX.starts_with(*line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_documents_and_reports() {
        assert!(looks_like_openapi("{\n  \"swagger\": \"2.0\","));
        assert!(looks_like_openapi("{\"openapi\":\"3.0.0\"}"));
        assert!(looks_like_openapi("# generated\nopenapi: 3.0.0\ninfo:\n"));
        assert!(!looks_like_openapi("module example.com/m\n"));
        assert!(!looks_like_openapi("{\n  \"name\": \"x\"}"));
        assert!(!looks_like_openapi(
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"
        ));
        assert!(looks_like_report(
            "API rule violation: names_match,a,B,c\n",
            true
        ));
        assert!(looks_like_report(
            "API rule violation: a\nAPI rule vi",
            false
        ));
        assert!(!looks_like_report(
            "API rule violation: a\nAPI rule vi",
            true
        ));
        assert!(!looks_like_report("package v1\n", true));
    }
}
