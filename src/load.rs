//! Loading: reads the discovered packages' files (in parallel), checks encoding and build
//! constraints, and parses them with the syntax front end.
//!
//! Input: [`discover::Package`]s. Output: [`LoadedPackage`]s, the [`SourceMap`] and
//! diagnostics. Must not know: what declarations mean.

use std::path::PathBuf;

use rayon::prelude::*;

use crate::diag::{Code, Diagnostic};
use crate::discover::{Package, WalkError};
use crate::resolve::{LoadedFile, LoadedPackage};
use crate::source::{SourceFile, SourceMap, Span};
use crate::syntax;

pub struct Loaded {
    pub packages: Vec<LoadedPackage>,
    pub sources: SourceMap,
    pub diagnostics: Vec<Diagnostic>,
}

enum ReadResult {
    Text(String),
    NotUtf8 { valid_prefix: String },
    Unreadable(String),
}

fn read(path: &PathBuf) -> ReadResult {
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(mut text) => {
                // A UTF-8 BOM is not part of Go source; blank it so offsets stay the same.
                if text.starts_with('\u{feff}') {
                    text.replace_range(0..3, "   ");
                }
                ReadResult::Text(text)
            }
            Err(error) => {
                let valid = error.utf8_error().valid_up_to();
                let bytes = error.into_bytes();
                ReadResult::NotUtf8 {
                    valid_prefix: String::from_utf8_lossy(&bytes[..valid]).into_owned(),
                }
            }
        },
        Err(error) => ReadResult::Unreadable(error.to_string()),
    }
}

pub fn load(packages: &[Package], walk_errors: &[WalkError]) -> Loaded {
    let mut sources = SourceMap::default();
    let mut diagnostics = Vec::new();
    for error in walk_errors {
        diagnostics.push(Diagnostic::without_location(
            Code::IoUnreadable,
            format!(
                "cannot read directory {}: {}",
                error.path.display(),
                error.message
            ),
        ));
    }
    let paths: Vec<&PathBuf> = packages.iter().flat_map(|p| p.files.iter()).collect();
    let contents: Vec<ReadResult> = paths.par_iter().map(|path| read(path)).collect();

    // Ids are assigned in file order so that output never depends on thread timing.
    let mut jobs = Vec::with_capacity(paths.len());
    for (path, content) in paths.iter().zip(contents) {
        match content {
            ReadResult::Text(text) => {
                let ignored = syntax::is_build_ignored(&text);
                let id = sources.add(SourceFile::new((*path).clone(), text));
                jobs.push((id, !ignored));
            }
            ReadResult::NotUtf8 { valid_prefix } => {
                let offset = valid_prefix.len();
                let id = sources.add(SourceFile::new((*path).clone(), valid_prefix));
                diagnostics.push(
                    Diagnostic::new(
                        Code::IoNotUtf8,
                        Span::new(id, offset..offset),
                        format!("{} is not valid UTF-8", path.display()),
                    )
                    .with_help("Go source files must be UTF-8; re-encode the file"),
                );
                jobs.push((id, false));
            }
            ReadResult::Unreadable(message) => {
                let id = sources.add(SourceFile::new((*path).clone(), String::new()));
                diagnostics.push(
                    Diagnostic::new(
                        Code::IoUnreadable,
                        Span::new(id, 0..0),
                        format!("cannot read {}: {message}", path.display()),
                    )
                    .with_help("check the file's permissions"),
                );
                jobs.push((id, false));
            }
        }
    }
    let parsed: Vec<Option<(syntax::FileDecls, Vec<Diagnostic>)>> = jobs
        .par_iter()
        .map(|(id, parse)| parse.then(|| syntax::parse(*id, &sources.get(*id).text)))
        .collect();

    let mut results = jobs.iter().map(|(id, _)| *id).zip(parsed);
    let mut loaded = Vec::with_capacity(packages.len());
    let mut warned_no_module = false;
    for package in packages {
        let mut files = Vec::new();
        for (id, result) in results.by_ref().take(package.files.len()) {
            if let Some((decls, file_diagnostics)) = result {
                diagnostics.extend(file_diagnostics);
                files.push(LoadedFile { id, decls });
            }
        }
        if !package.has_module && !warned_no_module {
            warned_no_module = true;
            diagnostics.push(Diagnostic::without_location(
                Code::ResolveNoGoMod,
                format!(
                    "no go.mod above {}; import paths are taken relative to the working directory (e.g. `{}`)",
                    package.dir.display(),
                    package.import_path
                ),
            ));
        }
        // Files of another package in the same directory (e.g. `package main` tools) are skipped.
        let main_name = files
            .first()
            .map(|f: &LoadedFile| f.decls.package_name.clone())
            .unwrap_or_default();
        files.retain(|f| f.decls.package_name == main_name || f.decls.package_name.is_empty());
        loaded.push(LoadedPackage {
            import_path: package.import_path.clone(),
            is_input: true,
            files,
        });
    }
    Loaded {
        packages: loaded,
        sources,
        diagnostics,
    }
}
