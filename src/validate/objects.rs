//! Reading what `validate` checks: files and directories of objects (YAML streams, Lists,
//! JSON) through the bottom layer's [`crate::kube_yaml`] reader — Kubernetes' YAML, the API
//! server's bounds, positions of every key and item — into [`Object`]s; a document that cannot
//! be read is a diagnostic and the others are still read.
//!
//! Directories are walked as the go tool walks a tree ([`walk`]): symbolic links are never
//! followed, FIFOs, sockets and devices never opened, names starting with `.` or `_` and
//! `testdata` skipped, and the walk bounded in depth and in entries.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::diag::{Code, Diagnostic};
use crate::kube_yaml::{self, Duplicate, Positions};
use crate::limits;
use crate::source::{FileId, SourceFile, SourceMap, Span};

pub use crate::kube_yaml::Seg;

/// One object to validate, with its place.
pub struct Object {
    pub file: FileId,
    /// Byte offset of the object in its file.
    pub offset: usize,
    /// Path of the object inside its document (`items[3]` of a List).
    pub prefix: Vec<Seg>,
    pub positions: Arc<Positions>,
    pub value: Value,
    /// Keys given twice in the object (paths relative to it), as strict decoding reports them.
    pub duplicates: Vec<Duplicate>,
}

impl Object {
    /// Where a path of the object is in its file: its node, else its nearest located parent,
    /// else the object's start.
    pub fn locate(&self, path: &[Seg]) -> usize {
        let mut full = self.prefix.clone();
        full.extend(path.iter().cloned());
        self.positions.find(&full).unwrap_or(self.offset)
    }
}

/// Files and directories → files (directories walked for YAML and JSON, sorted); a path that
/// does not exist is unreadable.
pub fn expand(paths: &[PathBuf], unreadable: &mut Vec<String>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(path.clone());
            continue;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => out.extend(walk(path)),
            Ok(_) => out.push(path.clone()),
            Err(e) => unreadable.push(format!("cannot read {}: {e}", path.display())),
        }
    }
    out
}

/// The YAML and JSON files under `dir`, sorted, walked as the go tool walks a package tree:
/// links not followed (a link to `.` or a loop gives nothing twice and never hangs), only
/// regular files kept (a FIFO named `x.yaml` would block the read forever), hidden (`.`),
/// `_`-prefixed and `testdata` names skipped, at most [`limits::WALK_DEPTH`] levels and
/// [`limits::WALK_ENTRIES`] entries.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .max_depth(limits::WALK_DEPTH)
        .into_iter()
        .filter_entry(|entry| {
            entry.depth() == 0 || {
                let name = entry.file_name().to_string_lossy();
                !(name.starts_with('.') || name.starts_with('_') || name == "testdata")
            }
        })
        .take(limits::WALK_ENTRIES)
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "yaml" | "yml" | "json"))
        })
        .collect();
    found.sort();
    found
}

/// A file's text (`-`: stdin) as kubectl reads it ([`kube_yaml::decode_text`]), within
/// `budget`; `None` with one message in `unreadable` when it cannot be read.
pub fn read(path: &Path, budget: &mut Budget, unreadable: &mut Vec<String>) -> Option<String> {
    let stdin = path.as_os_str() == "-";
    // A regular file only (a FIFO or a device could block forever), its size checked first.
    let bytes = if stdin {
        crate::source::read_all_at_most(std::io::stdin(), budget.left)
    } else {
        crate::source::read_regular_file_at_most(path, budget.left)
    };
    let shown = if stdin {
        "stdin".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData && budget.per_run => {
            unreadable.push(format!(
                "cannot read {shown}: the object files of one run hold at most {} MiB in all, \
                 and this one would pass it: validate them in several runs",
                limits::VALIDATE_OBJECT_BYTES >> 20
            ));
            return None;
        }
        Err(e) => {
            unreadable.push(format!("cannot read {shown}: {e}"));
            return None;
        }
    };
    if budget.per_run {
        budget.left -= bytes.len() as u64;
    }
    let text = kube_yaml::decode_text(bytes);
    if text.is_none() {
        unreadable.push(format!("{} is not UTF-8 or UTF-16 text", path.display()));
    }
    text
}

/// The bytes a read may take: what is left of the run's [`limits::VALIDATE_OBJECT_BYTES`]
/// for object files, [`limits::MANIFEST_BYTES`] for each `--crd` manifest.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    left: u64,
    per_run: bool,
}

impl Budget {
    /// The object files' budget: one for the run.
    pub fn objects() -> Budget {
        Budget {
            left: limits::VALIDATE_OBJECT_BYTES,
            per_run: true,
        }
    }

    /// A manifest's: the same for each file.
    pub fn manifest() -> Budget {
        Budget {
            left: limits::MANIFEST_BYTES,
            per_run: false,
        }
    }
}

/// Reads every object of the files; unreadable documents become diagnostics.
pub fn read_objects(
    files: &[PathBuf],
    budget: &mut Budget,
    sources: &mut SourceMap,
    unreadable: &mut Vec<String>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Object> {
    let mut out = Vec::new();
    for path in expand(files, unreadable) {
        let Some(text) = read(&path, budget, unreadable) else {
            continue;
        };
        let shown = if path.as_os_str() == "-" {
            PathBuf::from("<stdin>")
        } else {
            path.clone()
        };
        let id = sources.add(SourceFile::new(shown, text));
        for document in kube_yaml::documents(&sources.get(id).text) {
            let positions = Arc::new(document.positions);
            match document.value {
                Err(error) => diagnostics.push(unreadable_document(id, &error, false)),
                Ok(value) => push_document_objects(
                    &mut out,
                    id,
                    document.start,
                    positions,
                    value,
                    document.duplicates,
                ),
            }
        }
    }
    out
}

/// A document that cannot be read, in kubectl's words (`manifest`: of a `--crd` manifest,
/// whose schemas would then be missing).
pub fn unreadable_document(
    file: FileId,
    error: &kube_yaml::ReadError,
    manifest: bool,
) -> Diagnostic {
    let what = if manifest {
        "this --crd manifest cannot be read: "
    } else {
        ""
    };
    Diagnostic::new(
        Code::ValidateUnreadableObject,
        Span::new(file, error.offset..error.offset),
        format!("{what}error converting YAML to JSON: {}", error.message),
    )
}

/// An object without `apiVersion` or `kind`.
pub fn without_kind(span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::ValidateUnreadableObject,
        span,
        "the object has no `apiVersion` or `kind`: its schema cannot be chosen",
    )
}

/// The objects of one document: its items if it is a List (each located on its own), else
/// the document itself.
fn push_document_objects(
    out: &mut Vec<Object>,
    file: FileId,
    start: usize,
    positions: Arc<Positions>,
    value: Value,
    duplicates: Vec<Duplicate>,
) {
    let is_list = value
        .get("kind")
        .and_then(Value::as_str)
        .is_some_and(|k| k.ends_with("List"))
        && value.get("items").is_some_and(Value::is_array);
    if !is_list {
        out.push(Object {
            file,
            offset: start,
            prefix: Vec::new(),
            positions,
            value,
            duplicates,
        });
        return;
    }
    let Value::Object(mut list) = value else {
        return;
    };
    let Some(Value::Array(items)) = list.remove("items") else {
        return;
    };
    // kubectl sends a List's items one by one: each item's duplicate keys are its own.
    let mut per_item: Vec<Vec<Duplicate>> = vec![Vec::new(); items.len()];
    for mut duplicate in duplicates {
        if let [Seg::Key(items_key), Seg::Index(i), ..] = duplicate.path.as_slice() {
            if items_key == "items" && *i < per_item.len() {
                let i = *i;
                duplicate.path.drain(..2);
                per_item[i].push(duplicate);
            }
        }
    }
    for ((i, item), duplicates) in items.into_iter().enumerate().zip(per_item) {
        let prefix = vec![Seg::Key("items".into()), Seg::Index(i)];
        let offset = positions.find(&prefix).unwrap_or(start);
        out.push(Object {
            file,
            offset,
            prefix,
            positions: positions.clone(),
            value: item,
            duplicates,
        });
    }
}
