//! Walks a tree-sitter-go tree and copies out what later stages read: package clause,
//! imports, type and const declarations, doc comments with their markers, and the few
//! literal-returning methods that override schemas.
//!
//! One [`Extractor`] walks the file; its `impl` is split by what it reads: [`errors`] parse
//! errors, [`comments`] doc comments and markers, [`types`] type declarations and struct
//! fields, [`consts`] const declarations, [`schema_methods`] the kept methods' bodies. This
//! file holds the walk over the file's top-level nodes, imports, and the nesting bound
//! every recursive reading shares.

mod comments;
mod consts;
mod errors;
mod schema_methods;
mod types;

use std::sync::OnceLock;

use tree_sitter::{Node, Tree};

use super::compact::Offsets;
use super::decls::*;
use crate::diag::{Code, Diagnostic};
use crate::golit as literal;
use crate::limits::SYNTAX_NESTING;
use crate::source::{FileId, Span};
use crate::syntax::struct_body::{BodyKind, BodyNode};
use comments::is_plus_build;

/// A node among its siblings, as the doc-comment rules read it: a node of the tree, or one
/// of a struct body read without the parser ([`BodyNode`]).
trait Sibling: Copy {
    fn is_comment(self) -> bool;
    fn is_field(self) -> bool;
    fn start_row(self) -> usize;
    fn end_row(self) -> usize;
    /// Its bytes in the file.
    fn file_range(self, extractor: &Extractor) -> std::ops::Range<usize>;
}

impl Sibling for Node<'_> {
    fn is_comment(self) -> bool {
        self.kind_name() == "comment"
    }

    fn is_field(self) -> bool {
        self.kind_name() == "field_declaration"
    }

    fn start_row(self) -> usize {
        self.start_position().row
    }

    fn end_row(self) -> usize {
        self.end_position().row
    }

    fn file_range(self, extractor: &Extractor) -> std::ops::Range<usize> {
        extractor.range(self)
    }
}

impl Sibling for &BodyNode {
    fn is_comment(self) -> bool {
        self.kind == BodyKind::Comment
    }

    fn is_field(self) -> bool {
        matches!(self.kind, BodyKind::Field(_))
    }

    fn start_row(self) -> usize {
        self.start_row
    }

    fn end_row(self) -> usize {
        self.end_row
    }

    fn file_range(self, _: &Extractor) -> std::ops::Range<usize> {
        self.range.clone()
    }
}

/// `skipped`: the top-level declarations the pre-scan left out of the tree (function and
/// method bodies, `var` declarations), which still own the doc comments above them.
/// `bodies`: the struct bodies read without the parser (the offset of each one's `{`, its
/// nodes), left out of the tree.
pub fn extract(
    file: FileId,
    src: &str,
    tree: &Tree,
    offsets: &Offsets,
    skipped: &[std::ops::Range<usize>],
    bodies: Vec<(usize, Vec<BodyNode>, usize)>,
) -> (FileDecls, Vec<Diagnostic>) {
    let mut extractor = Extractor {
        file,
        src,
        offsets,
        bodies,
        skipped_rows: skipped_rows(src, skipped),
        decls: FileDecls::default(),
        diagnostics: Vec::new(),
        const_groups: 0,
        depth: 0,
        too_deep_reported: false,
    };
    let root = tree.root_node();
    extractor.report_errors(root);
    extractor.source_file(root);
    (extractor.decls, extractor.diagnostics)
}

/// Every `comment` node of the tree, in order, as one doc (see [`crate::syntax::all_comments`]).
pub fn all_comments(file: FileId, src: &str, tree: &Tree) -> Doc {
    let extractor = Extractor {
        file,
        src,
        offsets: &Offsets::default(),
        bodies: Vec::new(),
        skipped_rows: Vec::new(),
        decls: FileDecls::default(),
        diagnostics: Vec::new(),
        const_groups: 0,
        depth: 0,
        too_deep_reported: false,
    };
    let mut comments = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        if cursor.node().kind_name() == "comment" {
            comments.push(cursor.node());
        }
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                break 'walk;
            }
            if cursor.goto_next_sibling() {
                break;
            }
        }
    }
    comments.retain(|c| !is_plus_build(extractor.text(*c)));
    extractor.doc_from_comments(&comments)
}

struct Extractor<'a> {
    file: FileId,
    src: &'a str,
    /// From the offsets of the text the tree was parsed from to `src`'s: every byte offset
    /// of a node is read through [`Extractor::range`].
    offsets: &'a Offsets,
    /// The struct bodies read without the parser, by the offset of their `{`, in order (each
    /// taken when its struct is reached).
    bodies: Vec<(usize, Vec<BodyNode>, usize)>,
    /// First and last row of each declaration the pre-scan left out of the tree.
    skipped_rows: Vec<(usize, usize)>,
    decls: FileDecls,
    diagnostics: Vec<Diagnostic>,
    const_groups: u32,
    /// Current nesting of `type_expr` / `const_expr` calls (see [`SYNTAX_NESTING`]).
    depth: usize,
    too_deep_reported: bool,
}

/// The first and last row of each byte range (ranges in increasing order).
fn skipped_rows(src: &str, skipped: &[std::ops::Range<usize>]) -> Vec<(usize, usize)> {
    let bytes = src.as_bytes();
    let mut row = 0;
    let mut at = 0;
    let mut row_of = |offset: usize| {
        let offset = offset.min(bytes.len()).max(at);
        row += memchr::memchr_iter(b'\n', &bytes[at..offset]).count();
        at = offset;
        row
    };
    skipped
        .iter()
        .map(|range| (row_of(range.start), row_of(range.end)))
        .collect()
}

/// Node kinds and fields read through tables built once: `Node::kind` measures and checks
/// the grammar's C string on every call, `child_by_field_name` searches the grammar's field
/// names on every call (together a tenth of the extraction).
trait NodeExt<'t> {
    fn kind_name(&self) -> &'t str;
    fn field(&self, name: &'static str) -> Option<Node<'t>>;
}

impl<'t> NodeExt<'t> for Node<'t> {
    fn kind_name(&self) -> &'t str {
        static KINDS: OnceLock<Vec<Option<String>>> = OnceLock::new();
        let kinds = KINDS.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_go::LANGUAGE.into();
            (0..language.node_kind_count())
                .map(|id| {
                    let id = u16::try_from(id).ok()?;
                    language.node_kind_for_id(id).map(str::to_string)
                })
                .collect()
        });
        match kinds
            .get(usize::from(self.kind_id()))
            .and_then(Option::as_deref)
        {
            Some(kind) => kind,
            None => self.kind(),
        }
    }

    fn field(&self, name: &'static str) -> Option<Node<'t>> {
        static FIELDS: OnceLock<Vec<(String, u16)>> = OnceLock::new();
        let fields = FIELDS.get_or_init(|| {
            let language: tree_sitter::Language = tree_sitter_go::LANGUAGE.into();
            (1..=language.field_count())
                .filter_map(|id| {
                    let id = u16::try_from(id).ok()?;
                    Some((language.field_name_for_id(id)?.to_string(), id))
                })
                .collect()
        });
        match fields.iter().find(|(field, _)| field == name) {
            Some(&(_, id)) => self.child_by_field_id(id),
            None => self.child_by_field_name(name),
        }
    }
}

fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

fn all_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

impl<'a> Extractor<'a> {
    /// `node`'s bytes in `src`.
    fn range(&self, node: Node) -> std::ops::Range<usize> {
        self.offsets.range(node.byte_range())
    }

    fn start(&self, node: Node) -> usize {
        self.range(node).start
    }

    fn text(&self, node: Node) -> &'a str {
        self.src.get(self.range(node)).unwrap_or("")
    }

    fn span(&self, node: Node) -> Span {
        Span::new(self.file, self.range(node))
    }

    fn source_file(&mut self, root: Node) {
        let children = named_children(root);
        let mut seen_package = false;
        let mut leading_comments = Vec::new();
        // The first comment of each group that is a type's `nearest_doc`.
        let mut type_groups = Vec::new();
        for (index, node) in children.iter().enumerate() {
            match node.kind_name() {
                // `// +build` lines are build constraints, not package doc or markers.
                "comment" if !seen_package && !is_plus_build(self.text(*node)) => {
                    leading_comments.push(*node)
                }
                "package_clause" => {
                    seen_package = true;
                    if let Some(name) = named_children(*node).first() {
                        self.decls.package_name = self.text(*name).to_string();
                    }
                    self.decls.package_doc = self.doc_from_comments(&leading_comments);
                }
                "import_declaration" => self.imports(*node),
                "type_declaration" => {
                    let (doc, detached) = self.doc_above(&children, index);
                    let nearest = self.type_nearest_doc(&children, index, &mut type_groups);
                    self.type_declaration(*node, doc, detached, nearest);
                }
                "const_declaration" => {
                    let (doc, _) = self.doc_above(&children, index);
                    self.const_declaration(*node, doc);
                }
                "method_declaration" => self.method(*node),
                _ => {}
            }
        }
        if !seen_package {
            self.missing_package_clause(&children);
        }
        self.free_markers(&children, &type_groups);
    }

    /// A single-line type declaration's [`TypeDecl::nearest_doc`] (none for a `type ( … )`
    /// group, whose specs carry their own docs); records the group's first comment.
    fn type_nearest_doc(&self, children: &[Node], index: usize, groups: &mut Vec<usize>) -> Doc {
        let grouped = all_children(children[index])
            .iter()
            .any(|n| n.kind_name() == "(");
        if grouped {
            return Doc::default();
        }
        let doc_start = self.doc_start(children, index);
        let nearest = self.nearest_group_above(children, doc_start);
        let Some(first) = nearest.lines.first() else {
            return Doc::default();
        };
        // A declaration the pre-scan left out between the group and the type owns the group.
        let (group_row, doc_row) = (
            self.row_of(first.span.start as usize),
            children[doc_start].start_position().row,
        );
        if self
            .skipped_rows
            .iter()
            .any(|&(start, _)| start > group_row && start < doc_row)
        {
            return Doc::default();
        }
        let first_comment = (0..doc_start)
            .rev()
            .find(|&i| self.start(children[i]) <= first.span.start as usize);
        groups.extend(first_comment);
        nearest
    }

    fn row_of(&self, offset: usize) -> usize {
        let end = offset.min(self.src.len());
        memchr::memchr_iter(b'\n', &self.src.as_bytes()[..end]).count()
    }

    /// [`FileDecls::free_doc`]: the top-level comment groups after the package clause that
    /// are no declaration's doc comment and no type's nearest group.
    fn free_markers(&mut self, children: &[Node], type_groups: &[usize]) {
        let Some(package) = children
            .iter()
            .position(|n| n.kind_name() == "package_clause")
        else {
            return;
        };
        let declaration_rows: Vec<usize> = children
            .iter()
            .filter(|n| !matches!(n.kind_name(), "comment" | "ERROR"))
            .map(|n| n.start_position().row)
            .chain(self.skipped_rows.iter().map(|&(start, _)| start))
            .collect();
        let mut index = package + 1;
        while index < children.len() {
            if children[index].kind_name() != "comment" || comments::is_trailing(children, index) {
                index += 1;
                continue;
            }
            let start = index;
            let mut end_row = children[index].end_position().row;
            index += 1;
            while index < children.len()
                && children[index].kind_name() == "comment"
                && children[index].start_position().row <= end_row + 1
                && !comments::is_trailing(children, index)
            {
                end_row = children[index].end_position().row;
                index += 1;
            }
            let is_doc = declaration_rows.contains(&(end_row + 1));
            if is_doc || type_groups.contains(&start) {
                continue;
            }
            let line_comments: Vec<Node> = children[start..index]
                .iter()
                .copied()
                .filter(|n| self.text(*n).starts_with("//"))
                .collect();
            let doc = self.doc_from_comments(&line_comments);
            let free = &mut self.decls.free_doc;
            free.lines.extend(doc.lines);
            free.markers.extend(doc.markers);
            free.malformed.extend(doc.malformed);
        }
    }

    fn imports(&mut self, node: Node) {
        let mut specs = Vec::new();
        for child in named_children(node) {
            match child.kind_name() {
                "import_spec" => specs.push(child),
                "import_spec_list" => specs.extend(
                    named_children(child)
                        .into_iter()
                        .filter(|n| n.kind_name() == "import_spec"),
                ),
                _ => {}
            }
        }
        for spec in specs {
            let Some(path_node) = spec.field("path") else {
                continue;
            };
            let Ok(path) = literal::unquote(self.text(path_node)) else {
                continue;
            };
            let alias = spec.field("name").map(|n| self.text(n).to_string());
            self.decls.imports.push(Import {
                alias,
                path: String::from_utf8_lossy(&path).into_owned(),
                span: self.span(spec),
            });
        }
    }

    /// Nesting beyond [`SYNTAX_NESTING`]: one `syntax/too-deep` per file; the caller gets an
    /// unsupported placeholder instead of recursing further.
    fn too_deep(&mut self, node: Node) -> bool {
        if self.depth < SYNTAX_NESTING {
            return false;
        }
        if !self.too_deep_reported {
            self.too_deep_reported = true;
            let start = self.start(node);
            let width = self.src.get(start..).and_then(|rest| rest.chars().next());
            let end = start + width.map_or(0, char::len_utf8);
            let span = Span::new(self.file, start..end);
            self.diagnostics.push(
                Diagnostic::new(
                    Code::SyntaxTooDeep,
                    span,
                    format!(
                        "expression nesting deeper than {SYNTAX_NESTING} levels (union-gen's limit \
                         on nested type and constant expressions) is not supported"
                    ),
                )
                .with_help(
                    "name the inner types or constants (`type Inner …`) to flatten the expression",
                ),
            );
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::errors::error_snippet;
    use super::*;
    use crate::source::FileId;

    fn parse(src: &str) -> (FileDecls, Vec<Diagnostic>) {
        crate::syntax::parse(FileId(0), src)
    }

    #[test]
    fn parse_error_messages_stay_on_one_line() {
        let (_, diagnostics) = parse("package p\n\ntype Open struct {\n\tY int `json:\"y\"`\n");
        assert!(!diagnostics.is_empty());
        for d in &diagnostics {
            assert!(
                !d.message.contains('\n'),
                "multi-line message: {:?}",
                d.message
            );
        }
        assert_eq!(error_snippet("const A = \"x\n\ntype B"), "const A = \"x…");
        assert_eq!(error_snippet(" @@@ "), "@@@");
    }

    #[test]
    fn missing_package_clause_is_a_parse_error() {
        let (decls, diagnostics) = parse("// doc\n\ntype T struct{}\n");
        assert_eq!(decls.types.len(), 1);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, Code::SyntaxParseError);
        assert_eq!(diagnostics[0].primary.as_ref().map(|s| s.start), Some(8));
        assert!(parse("package p\n").1.is_empty());
    }

    #[test]
    fn plus_build_lines_are_not_package_doc() {
        let (decls, _) =
            parse("//go:build linux\n// +build linux\n\n// +groupName=x.io\npackage p\n");
        assert!(!decls
            .package_doc
            .markers
            .iter()
            .any(|m| m.marker.name == "build"));
        assert!(decls
            .package_doc
            .has_marker(crate::markers::registry::Kind::GroupName));
        let texts: Vec<&str> = decls
            .package_doc
            .lines
            .iter()
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(texts, vec!["+groupName=x.io"]);
        assert!(is_plus_build("// +build"));
        assert!(!is_plus_build("// +buildTag=x"));
    }

    /// 1,000-deep type and constant expressions overflowed the stack of a worker thread;
    /// nesting beyond SYNTAX_NESTING is one parse error per file.
    #[test]
    fn deep_nesting_is_a_parse_error_not_a_stack_overflow() {
        let n = 1000;
        let field =
            |ty: String| format!("package p\n\ntype T struct {{\n\tA {ty} `json:\"a\"`\n}}\n");
        let cases = [
            field(format!("{}string", "[]".repeat(n))),
            field(format!("{}string", "map[string]".repeat(n))),
            field(format!("{}string", "*".repeat(n))),
            field(format!("{}string{}", "(".repeat(n), ")".repeat(n))),
            field(format!(
                "{}string{}",
                "struct { A ".repeat(n),
                "}".repeat(n)
            )),
            format!(
                "package p\n\nconst A = {}\"a\"{}\n",
                "(\"a\" + ".repeat(n),
                ")".repeat(n)
            ),
            format!(
                "package p\n\nconst A = {}\"a\"{}\n",
                "(".repeat(n),
                ")".repeat(n)
            ),
        ];
        for text in cases {
            // A thread with a small stack, like a worker's.
            let result = std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(move || parse(&text).1)
                .expect("thread starts")
                .join()
                .expect("no stack overflow");
            let too_deep: Vec<_> = result
                .iter()
                .filter(|d| d.message.contains("nesting deeper than"))
                .collect();
            assert_eq!(too_deep.len(), 1, "{result:?}");
        }
        // Depth within the limit is fine.
        let (_, diagnostics) = parse(&field(format!("{}string", "[]".repeat(50))));
        assert!(diagnostics.is_empty());
    }

    /// Found by the `extract` fuzz target: a missing `)` at the end of a file that ends in a
    /// multi-byte character got a span starting inside that character.
    #[test]
    fn end_of_file_errors_point_at_whole_characters() {
        for text in [
            "import(//\u{550}",
            "package p\n\ntype T struct { // é",
            "const A = \"日",
        ] {
            let (_, diagnostics) = parse(text);
            assert!(!diagnostics.is_empty(), "{text:?}");
            for d in &diagnostics {
                let span = d.primary.as_ref().expect("located");
                let (start, end) = (span.start as usize, span.end as usize);
                assert!(start <= end && end <= text.len());
                assert!(
                    text.is_char_boundary(start) && text.is_char_boundary(end),
                    "{text:?}: {start}..{end} for {}",
                    d.message
                );
            }
        }
    }
}
