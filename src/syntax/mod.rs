//! The Go front end: tree-sitter-go parses one file (function bodies left out) and
//! `extract` turns the tree into owned [`FileDecls`].
//!
//! Input: a file's text and id. Output: `(FileDecls, Vec<Diagnostic>)`.
//! Must not know: other files, packages, or what any marker means. This is the only module
//! that names `tree_sitter`.

pub mod decls;
pub mod dump;
mod extract;
pub mod literal;
pub mod prescan;

use std::cell::RefCell;

use tree_sitter::{Parser, Point, Range as TsRange};

pub use decls::*;

use crate::diag::Diagnostic;
use crate::source::FileId;

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Parses one Go file and extracts its declarations. Never fails: broken code becomes
/// `syntax/parse-error` diagnostics and the declarations that did parse are kept.
pub fn parse(file: FileId, text: &str) -> (FileDecls, Vec<Diagnostic>) {
    let bodies = prescan::function_bodies(text.as_bytes());
    let tree = PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_go::LANGUAGE.into())
                .expect("the bundled tree-sitter-go grammar matches the tree-sitter version");
            parser
        });
        parser.reset();
        let ranges = included_ranges(text, &bodies);
        // An empty list means "the whole file" to tree-sitter.
        if parser.set_included_ranges(&ranges).is_err() {
            let _ = parser.set_included_ranges(&[]);
        }
        parser.parse(text, None)
    });
    match tree {
        Some(tree) => extract::extract(file, text, &tree),
        None => (FileDecls::default(), Vec::new()),
    }
}

/// Parses the whole file (bodies included): used by the grammar tests to compare.
pub fn parse_tree_has_errors(text: &str) -> bool {
    let mut parser = Parser::new();
    if parser
        .set_language(&tree_sitter_go::LANGUAGE.into())
        .is_err()
    {
        return true;
    }
    let bodies = prescan::function_bodies(text.as_bytes());
    let _ = parser.set_included_ranges(&included_ranges(text, &bodies));
    parser
        .parse(text, None)
        .is_none_or(|tree| tree.root_node().has_error())
}

fn included_ranges(text: &str, excluded: &[std::ops::Range<usize>]) -> Vec<TsRange> {
    if excluded.is_empty() {
        return Vec::new();
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect();
    let point = |offset: usize| {
        let row = match line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        Point {
            row,
            column: offset - line_starts[row],
        }
    };
    let mut ranges = Vec::with_capacity(excluded.len() + 1);
    let mut start = 0usize;
    for hole in excluded {
        if hole.start > start {
            ranges.push(TsRange {
                start_byte: start,
                end_byte: hole.start,
                start_point: point(start),
                end_point: point(hole.start),
            });
        }
        start = hole.end;
    }
    if text.len() > start {
        ranges.push(TsRange {
            start_byte: start,
            end_byte: text.len(),
            start_point: point(start),
            end_point: point(text.len()),
        });
    }
    ranges
}

/// True when the file's build constraint excludes it always (`//go:build ignore`).
pub fn is_build_ignored(text: &str) -> bool {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || (line.starts_with("//") && !line.starts_with("//go:build")) {
            if let Some(rest) = line.strip_prefix("// +build") {
                if rest.split_whitespace().any(|t| t == "ignore") {
                    return true;
                }
            }
            continue;
        }
        if let Some(expr) = line.strip_prefix("//go:build") {
            return expr.trim() == "ignore";
        }
        break;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_ignore_is_detected_only_before_the_package_clause() {
        assert!(is_build_ignored(
            "// Copyright\n\n//go:build ignore\n\npackage main\n"
        ));
        assert!(is_build_ignored("// +build ignore\n\npackage main\n"));
        assert!(!is_build_ignored("//go:build linux\n\npackage main\n"));
        assert!(!is_build_ignored("package main\n//go:build ignore\n"));
    }
}
