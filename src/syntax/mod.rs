//! The Go front end: tree-sitter-go parses one file (function bodies left out, and the
//! middles of comments and literals: [`compact`]) and `extract` turns the tree into owned
//! [`FileDecls`].
//!
//! Input: a file's text and id. Output: `(FileDecls, Vec<Diagnostic>)`.
//! Must not know: other files, packages, or what any marker means. This is the only module
//! that names `tree_sitter`.

mod compact;
pub(crate) mod decls;
pub mod dump;
mod extract;
mod model_name;
pub(crate) mod package_markers;
pub(crate) mod prescan;
mod schema_method;
mod struct_body;

use std::cell::RefCell;

use tree_sitter::{Parser, Point, Range as TsRange};

pub use decls::*;
pub use schema_method::SchemaMethod;

use crate::diag::Diagnostic;
use crate::limits;
use crate::source::FileId;
use compact::Offsets;

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Parses one Go file and extracts its declarations. Never fails: broken code becomes
/// `syntax/parse-error` diagnostics and the declarations that did parse are kept. A file past
/// the parser's bound ([`TooLarge`]) gives no declarations; [`parse_within_bounds`] says so.
pub fn parse(file: FileId, text: &str) -> (FileDecls, Vec<Diagnostic>) {
    parse_within_bounds(file, text).unwrap_or_default()
}

/// A file whose declarations (outside function bodies and `var`s) hold more than
/// [`limits::GO_SOURCE_TOKENS`] tokens: it is not given to the parser, whose tree would not
/// fit in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    pub tokens: usize,
}

/// [`parse`], or `Err` for a file past the parser's bound.
pub fn parse_within_bounds(
    file: FileId,
    text: &str,
) -> Result<(FileDecls, Vec<Diagnostic>), TooLarge> {
    let limit = limits::GO_SOURCE_TOKENS;
    let scan = prescan::scan(text.as_bytes(), limit);
    if scan.tokens > limit {
        return Err(TooLarge { tokens: limit });
    }
    Ok(read_scanned(file, text, &scan, struct_bodies(text, &scan)))
}

/// The declarations of `text`, pre-scanned, with `bodies` ([`struct_bodies`]) read without
/// the parser — unless the tree without them has an error: then every body is parsed.
fn read_scanned(
    file: FileId,
    text: &str,
    scan: &prescan::Scan,
    bodies: Vec<StructBody>,
) -> (FileDecls, Vec<Diagnostic>) {
    let parsed = match bodies.is_empty() {
        false => {
            parse_without_bodies(text, scan, &bodies).map(|(tree, offsets)| (tree, offsets, bodies))
        }
        true => None,
    };
    let parsed = parsed
        .or_else(|| parse_scanned(text, scan).map(|(tree, offsets)| (tree, offsets, Vec::new())));
    match parsed {
        Some((tree, offsets, bodies)) => {
            let (mut decls, diagnostics) =
                extract::extract(file, text, &tree, &offsets, &scan.declarations, bodies);
            if !scan.model_names.is_empty() {
                let read = scan.model_names.iter().map(|m| m.decl(file, text));
                decls.methods.extend(read);
                // In file order, as the extraction walks the tree.
                decls.methods.sort_by_key(|method| method.span.start);
            }
            (decls, diagnostics)
        }
        None => (FileDecls::default(), Vec::new()),
    }
}

/// A struct body read without the parser: the offset of its `{`, its nodes, the offset of
/// its `}`.
type StructBody = (usize, Vec<struct_body::BodyNode>, usize);

/// The struct bodies of `scan` read without the parser ([`struct_body`]).
fn struct_bodies(text: &str, scan: &prescan::Scan) -> Vec<StructBody> {
    let bytes = text.as_bytes();
    let (mut row, mut counted_to) = (0, 0);
    let mut bodies = Vec::new();
    for &open in &scan.struct_opens {
        row += memchr::memchr_iter(b'\n', &bytes[counted_to..open]).count();
        counted_to = open;
        if let Some((nodes, close)) = struct_body::parse(bytes, open, row) {
            // An empty body is as cheap to parse as to leave out.
            if !nodes.is_empty() {
                bodies.push((open, nodes, close));
            }
        }
    }
    bodies
}

/// [`parse_scanned`] with the interiors of `bodies` left out too; `None` when that tree has
/// an error (the file is then parsed with its bodies, so that its errors are those
/// tree-sitter recovers from with them).
fn parse_without_bodies(
    text: &str,
    scan: &prescan::Scan,
    bodies: &[StructBody],
) -> Option<(tree_sitter::Tree, Offsets)> {
    let interiors: Vec<_> = bodies
        .iter()
        .map(|(open, _, close)| open + 1..*close)
        .collect();
    let mut holes = Vec::with_capacity(scan.holes.len() + interiors.len());
    holes.extend(scan.holes.iter().cloned());
    holes.extend(interiors.iter().cloned());
    holes.sort_by_key(|hole| hole.start);
    // Disjoint by construction (a body is inside a type declaration); checked, not assumed.
    if holes.windows(2).any(|pair| pair[1].start < pair[0].end) {
        return None;
    }
    let middles = prescan::outside(scan.middles.clone(), &interiors);
    let (tree, offsets) = parse_compacted(text, &holes, &middles)?;
    (!tree.root_node().has_error()).then_some((tree, offsets))
}

/// `text` without `middles`, parsed without `holes` (in order, disjoint); `None` for a
/// file with a NUL byte (see [`parse_scanned`]) or when the parser gives up.
fn parse_compacted(
    text: &str,
    holes: &[std::ops::Range<usize>],
    middles: &[std::ops::Range<usize>],
) -> Option<(tree_sitter::Tree, Offsets)> {
    if memchr::memchr(0, text.as_bytes()).is_some() {
        return None;
    }
    let compacted = compact::Compacted::new(text, middles);
    let offsets = compacted.offsets;
    let holes: Vec<_> = holes
        .iter()
        .map(|hole| offsets.to_compacted(hole.start)..offsets.to_compacted(hole.end))
        .collect();
    let tree = parse_tree_of(&compacted.text, &holes)?;
    Some((tree, offsets))
}

/// The tree extraction reads, and how its offsets map to `text`'s: the text the pre-scan
/// keeps, parsed without the middles of its comments and literals ([`compact`]); a file
/// with a syntax error is parsed again with them, so that its errors are those tree-sitter
/// recovers from in the file itself (its error costs count bytes). A file with a NUL byte is
/// parsed as it is: tree-sitter ends a comment or literal there (an error a middle left out
/// would hide).
fn parse_scanned(text: &str, scan: &prescan::Scan) -> Option<(tree_sitter::Tree, Offsets)> {
    if !scan.middles.is_empty() && memchr::memchr(0, text.as_bytes()).is_none() {
        let (tree, offsets) = parse_compacted(text, &scan.holes, &scan.middles)?;
        if !tree.root_node().has_error() {
            return Some((tree, offsets));
        }
    }
    Some((parse_tree_of(text, &scan.holes)?, Offsets::default()))
}

/// Every comment of a file, before or after the package clause, inside declarations and
/// function bodies included, as one [`Doc`]: gengo's package comments (`Package.Comments`:
/// every comment group of a package's `doc.go`, where it reads package tags such as
/// `+k8s:openapi-gen=true`). The whole file is parsed (no body is left out); the walk is a
/// cursor loop, linear in the tree.
pub fn all_comments(file: FileId, text: &str) -> Doc {
    let tree = PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(new_parser);
        parser.reset();
        let _ = parser.set_included_ranges(&[]);
        parser.parse(text, None)
    });
    match tree {
        Some(tree) => extract::all_comments(file, text, &tree),
        None => Doc::default(),
    }
}

fn new_parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_go::LANGUAGE.into())
        .expect("the bundled tree-sitter-go grammar matches the tree-sitter version");
    parser
}

/// Whether the tree the extraction sees (what the pre-scan leaves in) has ERROR or MISSING
/// nodes: the grammar tests assert this is false for every `grammar-tests/ok` snippet.
pub fn parse_tree_has_errors(text: &str) -> bool {
    parse_scanned(text, &prescan::scan(text.as_bytes(), usize::MAX))
        .is_none_or(|(tree, _)| tree.root_node().has_error())
}

/// The tree of `text` without `bodies`, with this thread's reused parser.
fn parse_tree_of(text: &str, bodies: &[std::ops::Range<usize>]) -> Option<tree_sitter::Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(new_parser);
        parser.reset();
        let ranges = included_ranges(text, bodies);
        // An empty list means "the whole file" to tree-sitter.
        if parser.set_included_ranges(&ranges).is_err() {
            let _ = parser.set_included_ranges(&[]);
        }
        parser.parse(text, None)
    })
}

fn included_ranges(text: &str, excluded: &[std::ops::Range<usize>]) -> Vec<TsRange> {
    if excluded.is_empty() {
        return Vec::new();
    }
    // Boundaries come in increasing order: count newlines incrementally (memchr is SIMD).
    let bytes = text.as_bytes();
    let mut cursor = Point { row: 0, column: 0 };
    let mut cursor_offset = 0usize;
    let mut point = |offset: usize| {
        let segment = &bytes[cursor_offset..offset];
        let newlines = memchr::memchr_iter(b'\n', segment).count();
        cursor = match memchr::memrchr(b'\n', segment) {
            Some(last) => Point {
                row: cursor.row + newlines,
                column: segment.len() - last - 1,
            },
            None => Point {
                row: cursor.row,
                column: cursor.column + segment.len(),
            },
        };
        cursor_offset = offset;
        cursor
    };
    let mut ranges = Vec::with_capacity(excluded.len() + 1);
    let mut start = 0usize;
    for hole in excluded {
        if hole.start > start {
            let start_point = point(start);
            ranges.push(TsRange {
                start_byte: start,
                end_byte: hole.start,
                start_point,
                end_point: point(hole.start),
            });
        }
        start = hole.end;
    }
    if text.len() > start {
        let start_point = point(start);
        ranges.push(TsRange {
            start_byte: start,
            end_byte: text.len(),
            start_point,
            end_point: point(text.len()),
        });
    }
    ranges
}

/// True when the file's build constraint excludes it always (`//go:build ignore`).
pub fn is_build_ignored(text: &str) -> bool {
    build_constraint(text) == Some("ignore")
}

/// True for a generated Kubernetes file (`//go:build !ignore_autogenerated`): openapi-gen
/// (gengo) loads with that tag set, so it never sees such a file's declarations.
pub fn is_autogenerated(text: &str) -> bool {
    build_constraint(text) == Some("!ignore_autogenerated")
}

/// The file header's build constraint expression (`//go:build` before the package clause;
/// a legacy `// +build ignore` line counts as `ignore`). Only whole-expression comparisons
/// are made with it: the expression is not evaluated.
fn build_constraint(text: &str) -> Option<&str> {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || (line.starts_with("//") && !line.starts_with("//go:build")) {
            if let Some(rest) = line.strip_prefix("// +build") {
                if rest.split_whitespace().any(|t| t == "ignore") {
                    return Some("ignore");
                }
            }
            continue;
        }
        return line.strip_prefix("//go:build").map(str::trim);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the extraction reads with the pre-scan's holes (declarations, their blank lines
    /// and docs) against with the declarations alone left out: the same, file by file.
    fn same_extraction_without_docs(paths: Vec<std::path::PathBuf>) -> usize {
        let mut checked = 0;
        for path in go_files(paths) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let scan = prescan::scan(text.as_bytes(), usize::MAX);
            let read = |holes: &[std::ops::Range<usize>]| {
                let tree = parse_tree_of(&text, holes).expect("parsed");
                format!(
                    "{:?}",
                    extract::extract(
                        FileId(0),
                        &text,
                        &tree,
                        &Offsets::default(),
                        &scan.declarations,
                        Vec::new()
                    )
                )
            };
            assert_eq!(read(&scan.holes), read(&scan.declarations), "{path:?}");
            checked += 1;
        }
        checked
    }

    #[test]
    fn leaving_out_docs_of_left_out_declarations_changes_no_extraction() {
        assert!(same_extraction_without_docs(vec!["testdata".into()]) > 100);
    }

    /// The `.go` files under `paths` (the syntax tests' corpus: testdata, or trees given).
    pub(super) fn go_files(paths: Vec<std::path::PathBuf>) -> Vec<std::path::PathBuf> {
        let mut files = paths;
        let mut found = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if path.extension().is_some_and(|e| e == "go") {
                found.push(path);
            }
        }
        found
    }

    /// What the extraction reads (declarations, spans, diagnostics) from the tree of the text
    /// without the middles of comments and literals against from the tree of the text itself:
    /// the same, file by file. Returns how many files were parsed compacted.
    fn same_extraction_compacted(paths: Vec<std::path::PathBuf>) -> usize {
        let texts = go_files(paths).into_iter();
        texts
            .filter_map(|path| std::fs::read_to_string(path).ok())
            .filter(|text| same_extraction_compacted_text(text))
            .count()
    }

    /// [`same_extraction_compacted`] of one text: whether it was parsed compacted.
    fn same_extraction_compacted_text(text: &str) -> bool {
        let scan = prescan::scan(text.as_bytes(), usize::MAX);
        let (tree, offsets) = parse_scanned(text, &scan).expect("parsed");
        let whole = parse_tree_of(text, &scan.holes).expect("parsed");
        let read = |tree: &tree_sitter::Tree, offsets: &Offsets| {
            let extracted = extract::extract(
                FileId(0),
                text,
                tree,
                offsets,
                &scan.declarations,
                Vec::new(),
            );
            format!("{extracted:?}")
        };
        assert_eq!(
            read(&tree, &offsets),
            read(&whole, &Offsets::default()),
            "{text:?}"
        );
        !scan.middles.is_empty() && !tree.root_node().has_error()
    }

    /// A pseudo-random number below its argument, from `seed` (xorshift: reproducible).
    fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
        move |bound| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        }
    }

    /// `text` with a character taken out, or one of `pieces` put in, somewhere from `from` on.
    fn broken(
        text: &str,
        from: usize,
        pieces: &[&str],
        random: &mut impl FnMut(usize) -> usize,
    ) -> String {
        let mut broken = text.to_string();
        let mut at = from + random(broken.len() + 1 - from);
        while !broken.is_char_boundary(at) {
            at -= 1;
        }
        if random(3) == 0 && at < broken.len() {
            broken.remove(at);
        } else {
            broken.insert_str(at, pieces[random(pieces.len())]);
        }
        broken
    }

    /// Broken files (a byte that opens or closes a comment, literal or line put in or taken
    /// out of the testdata files): where the pre-scan's lexing and tree-sitter's part, the
    /// compacted tree has an error and the file is parsed whole, or reads the same.
    #[test]
    fn broken_files_read_the_same_compacted() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let bytes = ["\"", "`", "'", "/", "*", "\n", "\\", "/*", "//", "\0"];
        let mut valid = 0;
        for path in go_files(vec!["testdata".into()]) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for _ in 0..8 {
                let broken = broken(&text, 0, &bytes, &mut random);
                valid += usize::from(same_extraction_compacted_text(&broken));
            }
        }
        assert!(valid > 100, "{valid}");
    }

    /// What the extraction reads with the struct bodies the pre-scan read ([`struct_body`])
    /// against with every body parsed: the same. Returns whether a body was read.
    fn same_extraction_with_bodies_text(text: &str) -> bool {
        let scan = prescan::scan(text.as_bytes(), usize::MAX);
        let bodies = struct_bodies(text, &scan);
        let read = !bodies.is_empty();
        let with = read_scanned(FileId(0), text, &scan, bodies);
        let without = read_scanned(FileId(0), text, &scan, Vec::new());
        assert_eq!(format!("{with:?}"), format!("{without:?}"), "{text:?}");
        read
    }

    #[test]
    fn struct_bodies_read_without_the_parser_change_no_extraction() {
        let files = go_files(vec!["testdata".into()]);
        let read = files
            .iter()
            .filter_map(|path| std::fs::read_to_string(path).ok())
            .filter(|text| same_extraction_with_bodies_text(text))
            .count();
        assert!(read > 100, "{read}");
    }

    /// Broken struct bodies (a token, comment, line end or quote put in or taken out of the
    /// testdata files' bodies): read here only where the tree would read them the same.
    #[test]
    fn broken_struct_bodies_read_the_same() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let pieces = [
            " ",
            "\n",
            "// c\n",
            "/* b */",
            "/* m\n l */",
            ";",
            "*",
            "[]",
            "[3]",
            "[...]",
            "map[string]",
            "interface{}",
            "`json:\"x\"`",
            "\"t\\\"\"",
            ".",
            "p.",
            "_",
            "(",
            "{",
            "}",
            ",",
            "\r",
            "ä",
            "struct{}",
            "T[int]",
            "chan ",
            "= 1",
            "`a\nb`",
            "\0",
        ];
        let mut read = 0;
        for path in go_files(vec!["testdata".into()]) {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let scan = prescan::scan(text.as_bytes(), usize::MAX);
            let Some(&open) = scan.struct_opens.first() else {
                continue;
            };
            for _ in 0..8 {
                let broken = broken(&text, open + 1, &pieces, &mut random);
                read += usize::from(same_extraction_with_bodies_text(&broken));
            }
        }
        assert!(read > 100, "{read}");
    }

    #[test]
    fn leaving_out_the_middles_of_comments_and_literals_changes_no_extraction() {
        assert!(same_extraction_compacted(vec!["testdata".into()]) > 100);
    }

    /// A file with a syntax error is parsed with its comments whole: tree-sitter's error
    /// recovery weighs skipped bytes, so its errors are those of the file itself.
    #[test]
    fn a_file_with_a_syntax_error_is_parsed_whole() {
        let text = "package p\n\n// A long comment that would be left out.\ntype T struct {\n\tA int `json:\"a\"`\n\tB int = // a comment\n}\n";
        let scan = prescan::scan(text.as_bytes(), usize::MAX);
        assert_eq!(scan.middles.len(), 3);
        let (tree, offsets) = parse_scanned(text, &scan).expect("parsed");
        assert!(tree.root_node().has_error());
        assert_eq!(offsets.range(10..20), 10..20, "not compacted");
        let (_, diagnostics) = parse(FileId(0), text);
        assert!(!diagnostics.is_empty());
    }

    /// tree-sitter ends a comment or string at a NUL byte: the error stays.
    #[test]
    fn a_nul_byte_in_a_comment_or_literal_stays_an_error() {
        for text in [
            "package p\n\n// Doc a\0bcd efg.\ntype T int\n",
            "package p\n\nconst C = \"a\0bcd\"\n",
            "package p\n\nconst C = `a\0bcd`\n",
        ] {
            let scan = prescan::scan(text.as_bytes(), usize::MAX);
            assert_eq!(scan.middles.len(), 1, "{text:?}");
            assert!(parse_tree_has_errors(text), "{text:?}");
            assert!(!parse(FileId(0), text).1.is_empty(), "{text:?}");
        }
    }

    /// A comment node keeps its bytes in the file, its middle left out of the parse.
    #[test]
    fn comments_keep_their_spans() {
        let text = "package p\n\n// Doc é.\r\n// +k8s:marker=x\ntype T struct {\n\tA int `json:\"a\"` // ü field\n}\n";
        let scan = prescan::scan(text.as_bytes(), usize::MAX);
        assert_eq!(scan.middles.len(), 4);
        let (decls, diagnostics) = parse(FileId(0), text);
        assert!(diagnostics.is_empty());
        let ty = &decls.types[0];
        let lines: Vec<&str> = ty
            .doc
            .lines
            .iter()
            .map(|line| &text[line.span.start as usize..line.span.end as usize])
            .collect();
        assert_eq!(lines, vec!["Doc é.", "+k8s:marker=x"]);
        assert_eq!(ty.doc.markers.len(), 1);
        let extent = ty.extent.start as usize..ty.extent.end as usize;
        assert_eq!(extent, text.find("Doc").unwrap()..text.len() - 1);
    }

    /// The same on the trees named by `UNION_GEN_SYNTAX_TREES` (`:`-separated; real API
    /// repositories): `cargo test --lib -- --ignored same_extraction_on_trees`.
    #[test]
    #[ignore]
    fn same_extraction_on_trees() {
        let trees = std::env::var("UNION_GEN_SYNTAX_TREES").unwrap_or_default();
        let paths: Vec<_> = std::env::split_paths(&trees).collect();
        let checked = same_extraction_without_docs(paths.clone());
        let compacted = same_extraction_compacted(paths);
        eprintln!("{checked} files, {compacted} parsed compacted");
        assert!(checked > 0);
    }

    #[test]
    fn included_ranges_carry_row_and_column() {
        let text = "package p\nfunc f() {\n}\ntype T int\n";
        let hole = std::ops::Range { start: 10, end: 22 };
        let ranges = included_ranges(text, std::slice::from_ref(&hole));
        assert_eq!(ranges[0].end_point, Point { row: 1, column: 0 });
        assert_eq!(ranges[1].start_byte, 22);
        assert_eq!(ranges[1].start_point, Point { row: 2, column: 1 });
        assert_eq!(ranges[1].end_point, Point { row: 4, column: 0 });
    }

    #[test]
    fn build_ignore_is_detected_only_before_the_package_clause() {
        assert!(is_build_ignored(
            "// Copyright\n\n//go:build ignore\n\npackage main\n"
        ));
        assert!(is_build_ignored("// +build ignore\n\npackage main\n"));
        assert!(!is_build_ignored("//go:build linux\n\npackage main\n"));
        assert!(!is_build_ignored("package main\n//go:build ignore\n"));
    }

    #[test]
    fn generated_files_are_those_openapi_gen_builds_without() {
        assert!(is_autogenerated(
            "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\npackage v1\n"
        ));
        assert!(!is_autogenerated("//go:build linux\n\npackage v1\n"));
        assert!(!is_autogenerated(
            "package v1\n\n//go:build !ignore_autogenerated\n"
        ));
    }

    #[test]
    fn schema_methods_are_found_by_receiver() {
        let text = "package p\n\tfunc (Bac) OpenAPIDefinition() common.OpenAPIDefinition {\n}\nfunc (b *Bal) OpenAPIV3Definition() common.OpenAPIDefinition { return x }\nfunc (m Bam) OpenAPIModelName() string { return \"a.b\" }\nfunc (T) String() string { return \"\" }\n";
        let (decls, _) = parse(FileId(0), text);
        let found: Vec<(&str, &str)> = decls
            .methods
            .iter()
            .map(|m| (m.receiver.as_str(), m.name.as_str()))
            .collect();
        assert_eq!(
            found,
            vec![
                ("Bac", "OpenAPIDefinition"),
                ("Bal", "OpenAPIV3Definition"),
                ("Bam", "OpenAPIModelName"),
            ]
        );
    }
}
