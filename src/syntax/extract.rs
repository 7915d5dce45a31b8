//! Walks a tree-sitter-go tree and copies out what later stages read: package clause,
//! imports, type and const declarations, doc comments with their markers, and the few
//! literal-returning methods that override schemas.

use tree_sitter::{Node, Tree};

use super::decls::*;
use super::prescan::is_kept_method;
use crate::diag::{Code, Diagnostic};
use crate::golit as literal;
use crate::limits::{PARSE_ERRORS_PER_FILE, SYNTAX_NESTING};
use crate::markers::{self, CommentKind};
use crate::source::{FileId, Span};

pub fn extract(file: FileId, src: &str, tree: &Tree) -> (FileDecls, Vec<Diagnostic>) {
    let mut extractor = Extractor {
        file,
        src,
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

struct Extractor<'a> {
    file: FileId,
    src: &'a str,
    decls: FileDecls,
    diagnostics: Vec<Diagnostic>,
    const_groups: u32,
    /// Current nesting of `type_expr` / `const_expr` calls (see [`SYNTAX_NESTING`]).
    depth: usize,
    too_deep_reported: bool,
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
    fn text(&self, node: Node) -> &'a str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn span(&self, node: Node) -> Span {
        Span::new(self.file, node.byte_range())
    }

    fn report_errors(&mut self, root: Node) {
        if !root.has_error() {
            return;
        }
        let mut cursor = root.walk();
        let mut count = 0;
        'walk: loop {
            let node = cursor.node();
            let mut descend = node.has_error();
            if node.is_error() || node.is_missing() {
                descend = false;
                count += 1;
                if count <= PARSE_ERRORS_PER_FILE {
                    let message = if node.is_missing() {
                        format!("syntax error: missing {}", describe_kind(node.kind()))
                    } else {
                        format!(
                            "syntax error: unexpected `{}`",
                            error_snippet(self.text(node))
                        )
                    };
                    let mut span = self.span(node);
                    if span.start == span.end
                        && span.end as usize >= self.src.len()
                        && span.start > 0
                    {
                        // Point at the last character (not byte: fuzzing found a span
                        // inside a multi-byte character, `import(//Ր`).
                        let mut start = span.start as usize - 1;
                        while !self.src.is_char_boundary(start) {
                            start -= 1;
                        }
                        span.start = start as u32;
                    }
                    self.diagnostics.push(
                        Diagnostic::new(Code::SyntaxParseError, span, message).with_help(
                            "fix the Go syntax; declarations that do not parse are left out of the output",
                        ),
                    );
                }
            }
            if descend && cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    continue 'walk;
                }
                if !cursor.goto_parent() {
                    break 'walk;
                }
            }
        }
    }

    fn source_file(&mut self, root: Node) {
        let children = named_children(root);
        let mut seen_package = false;
        let mut leading_comments = Vec::new();
        for (index, node) in children.iter().enumerate() {
            match node.kind() {
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
                    self.type_declaration(*node, doc, detached);
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
    }

    /// tree-sitter-go accepts a file without `package` clause; Go does not.
    fn missing_package_clause(&mut self, children: &[Node]) {
        let span = match children.iter().find(|n| n.kind() != "comment") {
            Some(node) => {
                let start = node.start_byte();
                let line_len = self.src[start..]
                    .find(['\r', '\n'])
                    .unwrap_or(self.src.len() - start);
                Span::new(self.file, start..start + line_len)
            }
            None => Span::new(self.file, 0..0),
        };
        self.diagnostics.push(
            Diagnostic::new(
                Code::SyntaxParseError,
                span,
                "syntax error: missing `package` clause",
            )
            .with_help("every Go file starts with `package <name>` (after comments)"),
        );
    }

    /// Doc comment directly above `siblings[index]`, and the block one blank line above it.
    fn doc_above(&self, siblings: &[Node], index: usize) -> (Doc, Doc) {
        let target_row = siblings[index].start_position().row;
        let (attached, first) = self.comment_block_ending_at(siblings, index, target_row);
        let mut detached = Vec::new();
        let next_row = match attached.first() {
            Some(c) => c.start_position().row,
            None => target_row,
        };
        if first > 0 && next_row >= 2 {
            // Exactly one blank line between the blocks.
            let (block, _) = self.comment_block_ending_at(siblings, first, next_row - 1);
            if !block.is_empty() {
                detached = block;
            }
        }
        (
            self.doc_from_comments(&attached),
            self.doc_from_comments(&detached),
        )
    }

    /// The comments ending on the row before `row`, contiguous, going up from
    /// `siblings[..end]`; trailing comments of code lines are not part of it.
    fn comment_block_ending_at<'t>(
        &self,
        siblings: &[Node<'t>],
        end: usize,
        row: usize,
    ) -> (Vec<Node<'t>>, usize) {
        let mut block = Vec::new();
        let mut expected_end_row = row;
        let mut index = end;
        while index > 0 {
            let candidate = siblings[index - 1];
            if candidate.kind() != "comment" || candidate.end_position().row + 1 != expected_end_row
            {
                break;
            }
            if index >= 2
                && siblings[index - 2].end_position().row == candidate.start_position().row
            {
                break; // a trailing comment of the previous line
            }
            block.push(candidate);
            expected_end_row = candidate.start_position().row;
            index -= 1;
        }
        block.reverse();
        (block, index)
    }

    fn doc_from_comments(&self, comments: &[Node]) -> Doc {
        self.doc_of_kind(comments, None)
    }

    /// A doc from comments of one kind (`None`: each comment's own, `//` or `/* */`).
    fn doc_of_kind(&self, comments: &[Node], kind: Option<CommentKind>) -> Doc {
        let mut doc = Doc::default();
        for comment in comments {
            let text = self.text(*comment);
            let kind = kind.unwrap_or(if text.starts_with("/*") {
                CommentKind::Block
            } else {
                CommentKind::Line
            });
            for (text, start) in comment_lines(text, comment.start_byte()) {
                let span = Span::new(self.file, start..start + text.len());
                self.push_doc_line(&mut doc, text, span, kind);
            }
        }
        doc
    }

    fn push_doc_line(&self, doc: &mut Doc, text: &str, span: Span, kind: CommentKind) {
        let parsed = markers::parse_marker(text).filter(|parsed| {
            let name = match parsed {
                Ok(marker) => Some(marker.name.as_str()),
                Err(error) => error.name.as_deref(),
            };
            markers::read_in(kind, text, name.unwrap_or(""))
        });
        match parsed {
            Some(Ok(marker)) => {
                let marker_span = Span::new(
                    self.file,
                    span.start as usize + marker.span.start..span.start as usize + marker.span.end,
                );
                doc.markers.push(SpannedMarker {
                    marker,
                    span: marker_span,
                    text_offset: span.start,
                });
            }
            Some(Err(error)) => {
                let error_span = Span::new(
                    self.file,
                    span.start as usize + error.span.start..span.start as usize + error.span.end,
                );
                doc.malformed.push((error, error_span));
            }
            None => {}
        }
        doc.lines.push(DocLine {
            text: text.to_string(),
            span,
        });
    }

    fn imports(&mut self, node: Node) {
        let mut specs = Vec::new();
        for child in named_children(node) {
            match child.kind() {
                "import_spec" => specs.push(child),
                "import_spec_list" => specs.extend(
                    named_children(child)
                        .into_iter()
                        .filter(|n| n.kind() == "import_spec"),
                ),
                _ => {}
            }
        }
        for spec in specs {
            let Some(path_node) = spec.child_by_field_name("path") else {
                continue;
            };
            let Ok(path) = literal::unquote(self.text(path_node)) else {
                continue;
            };
            let alias = spec
                .child_by_field_name("name")
                .map(|n| self.text(n).to_string());
            self.decls.imports.push(Import {
                alias,
                path: String::from_utf8_lossy(&path).into_owned(),
                span: self.span(spec),
            });
        }
    }

    fn type_declaration(&mut self, node: Node, doc: Doc, detached: Doc) {
        let children = all_children(node);
        let specs: Vec<usize> = children
            .iter()
            .enumerate()
            .filter(|(_, n)| matches!(n.kind(), "type_spec" | "type_alias"))
            .map(|(i, _)| i)
            .collect();
        let grouped = children.iter().any(|n| n.kind() == "(");
        for &index in &specs {
            let spec = children[index];
            let (mut spec_doc, mut spec_detached) = if grouped {
                self.doc_above(&children, index)
            } else {
                (Doc::default(), Doc::default())
            };
            if !grouped || (specs.len() == 1 && spec_doc.lines.is_empty()) {
                spec_doc = doc.clone();
                spec_detached = detached.clone();
            }
            if spec.has_error() {
                continue;
            }
            self.type_spec(spec, spec_doc, spec_detached);
        }
    }

    fn type_spec(&mut self, spec: Node, doc: Doc, detached_doc: Doc) {
        let (Some(name), Some(ty)) = (
            spec.child_by_field_name("name"),
            spec.child_by_field_name("type"),
        ) else {
            return;
        };
        let type_params = spec
            .child_by_field_name("type_parameters")
            .map(|list| {
                named_children(list)
                    .into_iter()
                    .flat_map(|decl| {
                        let mut cursor = decl.walk();
                        decl.children_by_field_name("name", &mut cursor)
                            .map(|n| self.text(n).to_string())
                            .collect::<Vec<_>>()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let ty = self.type_expr(ty);
        let start = [&detached_doc, &doc]
            .iter()
            .find_map(|d| d.lines.first())
            .map_or(spec.start_byte(), |line| {
                (line.span.start as usize).min(spec.start_byte())
            });
        self.decls.types.push(TypeDecl {
            extent: Span::new(self.file, start..spec.end_byte()),
            name: self.text(name).to_string(),
            name_span: self.span(name),
            type_params,
            is_alias: spec.kind() == "type_alias",
            ty,
            doc,
            detached_doc,
        });
    }

    /// Nesting beyond [`SYNTAX_NESTING`]: one `syntax/too-deep` per file; the caller gets an
    /// unsupported placeholder instead of recursing further.
    fn too_deep(&mut self, node: Node) -> bool {
        if self.depth < SYNTAX_NESTING {
            return false;
        }
        if !self.too_deep_reported {
            self.too_deep_reported = true;
            let start = node.start_byte();
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

    fn type_expr(&mut self, node: Node) -> TypeExpr {
        if self.too_deep(node) {
            return self.unsupported(node, "deeply nested type");
        }
        self.depth += 1;
        let ty = self.type_expr_at_depth(node);
        self.depth -= 1;
        ty
    }

    fn type_expr_at_depth(&mut self, node: Node) -> TypeExpr {
        match node.kind() {
            "type_identifier" | "identifier" => TypeExpr::Named {
                package: None,
                name: self.text(node).to_string(),
                args: Vec::new(),
                span: self.span(node),
            },
            "qualified_type" => TypeExpr::Named {
                package: node
                    .child_by_field_name("package")
                    .map(|n| self.text(n).to_string()),
                name: node
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_string())
                    .unwrap_or_default(),
                args: Vec::new(),
                span: self.span(node),
            },
            "generic_type" => {
                let base = node.child_by_field_name("type").map(|n| self.type_expr(n));
                let args: Vec<TypeExpr> = node
                    .child_by_field_name("type_arguments")
                    .map(|list| {
                        named_children(list)
                            .into_iter()
                            .filter_map(|elem| {
                                let inner = if elem.kind() == "type_elem" {
                                    named_children(elem).into_iter().next()?
                                } else {
                                    elem
                                };
                                Some(self.type_expr(inner))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                match base {
                    Some(TypeExpr::Named {
                        package,
                        name,
                        span,
                        ..
                    }) => TypeExpr::Named {
                        package,
                        name,
                        args,
                        span,
                    },
                    _ => self.unsupported(node, "generic type"),
                }
            }
            "pointer_type" => match named_children(node).first() {
                Some(inner) => TypeExpr::Pointer(Box::new(self.type_expr(*inner))),
                None => self.unsupported(node, "pointer"),
            },
            "slice_type" => match node.child_by_field_name("element") {
                Some(inner) => TypeExpr::Slice(Box::new(self.type_expr(inner))),
                None => self.unsupported(node, "slice"),
            },
            "array_type" | "implicit_length_array_type" => {
                match node.child_by_field_name("element") {
                    Some(inner) => TypeExpr::Array(Box::new(self.type_expr(inner))),
                    None => self.unsupported(node, "array"),
                }
            }
            "map_type" => match (
                node.child_by_field_name("key"),
                node.child_by_field_name("value"),
            ) {
                (Some(key), Some(value)) => TypeExpr::Map(
                    Box::new(self.type_expr(key)),
                    Box::new(self.type_expr(value)),
                ),
                _ => self.unsupported(node, "map"),
            },
            "struct_type" => {
                let fields = named_children(node)
                    .into_iter()
                    .find(|n| n.kind() == "field_declaration_list")
                    .map(|list| self.fields(list))
                    .unwrap_or_default();
                TypeExpr::Struct(fields)
            }
            "interface_type" => TypeExpr::Interface {
                empty: node.named_child_count() == 0,
            },
            "parenthesized_type" => match named_children(node).first() {
                Some(inner) => self.type_expr(*inner),
                None => self.unsupported(node, "type"),
            },
            "channel_type" => self.unsupported(node, "channel"),
            "function_type" => self.unsupported(node, "function"),
            other => {
                let what = other.replace('_', " ");
                self.unsupported(node, &what)
            }
        }
    }

    fn unsupported(&self, node: Node, what: &str) -> TypeExpr {
        TypeExpr::Unsupported {
            what: what.to_string(),
            span: self.span(node),
        }
    }

    fn fields(&mut self, list: Node) -> Vec<Field> {
        let children = named_children(list);
        let mut fields = Vec::new();
        for (index, node) in children.iter().enumerate() {
            match node.kind() {
                "field_declaration" => {
                    if node.has_error() {
                        continue;
                    }
                    let (mut doc, detached) = self.doc_above(&children, index);
                    // gengo gives a field the comment group ending on the line above it: the
                    // same-line comment after the previous field, when it has no doc of its
                    // own (controller-gen ignores such a comment).
                    if doc.lines.is_empty()
                        && index >= 1
                        && is_trailing(&children, index - 1)
                        && children[index - 1].end_position().row + 1 == node.start_position().row
                    {
                        doc = self
                            .doc_of_kind(&children[index - 1..index], Some(CommentKind::Trailing));
                    }
                    // controller-gen also reads a field's markers from the comment block
                    // above its doc comment (kubebuilder projects write them so). Only a
                    // block of nothing but markers counts: a block with prose is a section
                    // comment or a commented-out field ("tombstone") whose markers are not
                    // meant for this field.
                    let only_markers =
                        detached.lines.len() == detached.markers.len() + detached.malformed.len();
                    if only_markers
                        && (!detached.markers.is_empty() || !detached.malformed.is_empty())
                    {
                        let mut markers = detached.markers;
                        markers.append(&mut doc.markers);
                        doc.markers = markers;
                        let mut malformed = detached.malformed;
                        malformed.append(&mut doc.malformed);
                        doc.malformed = malformed;
                    }
                    if let Some(field) = self.field(*node, doc) {
                        fields.push(field);
                    }
                }
                "comment" if is_trailing(&children, index) => {
                    let next_field = children.get(index + 1).filter(|next| {
                        next.kind() == "field_declaration"
                            && next.start_position().row == node.end_position().row + 1
                    });
                    self.trailing_comment(*node, next_field.is_some());
                }
                _ => {}
            }
        }
        fields
    }

    /// The markers of a same-line comment after a field that no tool reads: all of them when
    /// no field follows on the next line, else those controller-gen owns (gengo gives the
    /// others to the next field).
    fn trailing_comment(&mut self, comment: Node, next_field: bool) {
        let doc = self.doc_of_kind(&[comment], Some(CommentKind::Line));
        self.decls
            .trailing_markers
            .extend(doc.markers.into_iter().filter(|m| {
                let text = &self.src[m.span.start as usize..m.span.end as usize];
                !next_field || !markers::read_in(CommentKind::Trailing, text, &m.marker.name)
            }));
    }

    fn field(&mut self, node: Node, doc: Doc) -> Option<Field> {
        let ty_node = node.child_by_field_name("type")?;
        let mut cursor = node.walk();
        let names: Vec<(String, Span)> = node
            .children_by_field_name("name", &mut cursor)
            .map(|n| (self.text(n).to_string(), self.span(n)))
            .collect();
        let mut ty = self.type_expr(ty_node);
        if names.is_empty() && all_children(node).iter().any(|n| n.kind() == "*") {
            ty = TypeExpr::Pointer(Box::new(ty));
        }
        let tag_node = node.child_by_field_name("tag");
        let tag = tag_node.and_then(|t| literal::unquote(self.text(t)).ok());
        Some(Field {
            names,
            ty,
            tag: tag.map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
            tag_span: tag_node.map(|t| self.span(t)),
            doc,
            span: self.span(node),
        })
    }

    fn const_declaration(&mut self, node: Node, doc: Doc) {
        let group = self.const_groups;
        self.const_groups += 1;
        let children = all_children(node);
        let grouped = children.iter().any(|n| n.kind() == "(");
        let mut previous: Option<(Option<TypeExpr>, Vec<ConstExpr>)> = None;
        let mut iota = 0u32;
        for (index, spec) in children.iter().enumerate() {
            if spec.kind() != "const_spec" {
                continue;
            }
            let spec_doc = if grouped {
                self.doc_above(&children, index).0
            } else {
                doc.clone()
            };
            let mut cursor = spec.walk();
            let names: Vec<(String, Span)> = spec
                .children_by_field_name("name", &mut cursor)
                .filter(|n| n.kind() == "identifier")
                .map(|n| (self.text(n).to_string(), self.span(n)))
                .collect();
            let declared_ty = spec.child_by_field_name("type").map(|t| self.type_expr(t));
            let values: Vec<ConstExpr> = spec
                .child_by_field_name("value")
                .map(|list| {
                    named_children(list)
                        .into_iter()
                        .filter(|n| n.kind() != "comment")
                        .map(|v| self.const_expr(v))
                        .collect()
                })
                .unwrap_or_default();
            let (ty, values, implicit) = if values.is_empty() && declared_ty.is_none() {
                match &previous {
                    Some((ty, values)) => (ty.clone(), values.clone(), true),
                    None => (None, Vec::new(), false),
                }
            } else {
                (declared_ty, values, false)
            };
            if !implicit {
                previous = Some((ty.clone(), values.clone()));
            }
            if !spec.has_error() {
                self.decls.consts.push(ConstSpec {
                    names,
                    ty,
                    values,
                    iota,
                    implicit,
                    group,
                    doc: spec_doc,
                    span: self.span(*spec),
                });
            }
            iota += 1;
        }
    }

    fn const_expr(&mut self, node: Node) -> ConstExpr {
        if self.too_deep(node) {
            return ConstExpr::Unsupported {
                text: String::new(),
                span: self.span(node),
            };
        }
        self.depth += 1;
        let expr = self.const_expr_at_depth(node);
        self.depth -= 1;
        expr
    }

    fn const_expr_at_depth(&mut self, node: Node) -> ConstExpr {
        let span = self.span(node);
        match node.kind() {
            "interpreted_string_literal" | "raw_string_literal" => {
                match literal::unquote(self.text(node)) {
                    Ok(bytes) => ConstExpr::Str(bytes),
                    Err(_) => self.unsupported_const(node),
                }
            }
            "int_literal" => match literal::parse_int(self.text(node)) {
                Some(value) => ConstExpr::Int(value),
                None => self.unsupported_const(node),
            },
            "iota" => ConstExpr::Iota,
            "identifier" => {
                let name = self.text(node);
                if name == "iota" {
                    ConstExpr::Iota
                } else {
                    ConstExpr::Ident(name.to_string(), span)
                }
            }
            "selector_expression" => {
                match (
                    node.child_by_field_name("operand"),
                    node.child_by_field_name("field"),
                ) {
                    (Some(operand), Some(field)) if operand.kind() == "identifier" => {
                        ConstExpr::Qualified {
                            package: self.text(operand).to_string(),
                            name: self.text(field).to_string(),
                            span,
                        }
                    }
                    _ => self.unsupported_const(node),
                }
            }
            "binary_expression" => self
                .binary_chain(node)
                .unwrap_or_else(|| self.unsupported_const(node)),
            "parenthesized_expression" => match named_children(node).first() {
                Some(inner) => self.const_expr(*inner),
                None => self.unsupported_const(node),
            },
            "call_expression" => {
                let callee = node.child_by_field_name("function");
                let args = node.child_by_field_name("arguments");
                match (callee, args) {
                    (Some(callee), Some(args)) => ConstExpr::Call {
                        callee: Box::new(self.const_expr(callee)),
                        args: named_children(args)
                            .into_iter()
                            .filter(|n| n.kind() != "comment")
                            .map(|a| self.const_expr(a))
                            .collect(),
                        span,
                    },
                    _ => self.unsupported_const(node),
                }
            }
            "type_conversion_expression" => self
                .type_conversion(node, span)
                .unwrap_or_else(|| self.unsupported_const(node)),
            _ => self.unsupported_const(node),
        }
    }

    /// A chain `a op b op c`, read down its left spine without recursion: one level deep.
    fn binary_chain(&mut self, node: Node) -> Option<ConstExpr> {
        let mut rest = Vec::new();
        let mut left = node;
        while left.kind() == "binary_expression" {
            let (Some(lhs), Some(op), Some(rhs)) = (
                left.child_by_field_name("left"),
                left.child_by_field_name("operator"),
                left.child_by_field_name("right"),
            ) else {
                return None;
            };
            let op = BinaryOp::from_text(self.text(op))?;
            rest.push((op, rhs));
            left = lhs;
        }
        let first = Box::new(self.const_expr(left));
        let rest = rest
            .into_iter()
            .rev()
            .map(|(op, rhs)| (op, self.const_expr(rhs)))
            .collect();
        Some(ConstExpr::Binary { first, rest })
    }

    /// `T(x)` as a call of the type's name.
    fn type_conversion(&mut self, node: Node, span: Span) -> Option<ConstExpr> {
        match (
            node.child_by_field_name("type"),
            node.child_by_field_name("operand"),
        ) {
            (Some(ty), Some(operand)) => {
                let callee = match self.type_expr(ty) {
                    TypeExpr::Named {
                        package: None,
                        name,
                        span,
                        ..
                    } => ConstExpr::Ident(name, span),
                    TypeExpr::Named {
                        package: Some(package),
                        name,
                        span,
                        ..
                    } => ConstExpr::Qualified {
                        package,
                        name,
                        span,
                    },
                    _ => self.unsupported_const(node),
                };
                Some(ConstExpr::Call {
                    callee: Box::new(callee),
                    args: vec![self.const_expr(operand)],
                    span,
                })
            }
            _ => None,
        }
    }

    fn unsupported_const(&self, node: Node) -> ConstExpr {
        ConstExpr::Unsupported {
            text: self.text(node).to_string(),
            span: self.span(node),
        }
    }

    fn method(&mut self, node: Node) {
        let Some(name_node) = node.child_by_field_name("name") else {
            return;
        };
        let name = self.text(name_node);
        if !is_kept_method(name.as_bytes()) {
            return;
        }
        let receiver = node
            .child_by_field_name("receiver")
            .and_then(|list| named_children(list).into_iter().next())
            .and_then(|param| param.child_by_field_name("type"))
            .map(|ty| match self.type_expr(ty) {
                TypeExpr::Pointer(inner) => *inner,
                other => other,
            });
        let Some(TypeExpr::Named { name: receiver, .. }) = receiver else {
            return;
        };
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        let mut returns = Vec::new();
        let mut value = None;
        let mut statements = named_children(body);
        statements.retain(|s| s.kind() != "comment");
        if statements.len() == 1 && statements[0].kind() == "statement_list" {
            statements = named_children(statements[0]);
            statements.retain(|s| s.kind() != "comment");
        }
        if let [statement] = statements.as_slice() {
            if statement.kind() == "return_statement" {
                self.string_literals(*statement, &mut returns, 0);
                if let [list] = named_children(*statement).as_slice() {
                    if let [expression] = named_children(*list).as_slice() {
                        value = Some(self.go_value(*expression, 0));
                    }
                }
            }
        }
        self.decls.methods.push(MethodDecl {
            receiver,
            name: name.to_string(),
            span: self.span(name_node),
            returns,
            value,
        });
    }

    /// A schema method's returned expression as a [`GoValue`] (literals, composite literals,
    /// names, calls), bounded by [`SYNTAX_NESTING`].
    fn go_value(&self, node: Node, depth: usize) -> GoValue {
        if depth > SYNTAX_NESTING {
            return GoValue::Other(self.span(node));
        }
        match node.kind() {
            "interpreted_string_literal" | "raw_string_literal" => {
                match literal::unquote(self.text(node)) {
                    Ok(bytes) => GoValue::String(String::from_utf8_lossy(&bytes).into_owned()),
                    Err(_) => GoValue::Other(self.span(node)),
                }
            }
            "int_literal" | "float_literal" => GoValue::Number(self.text(node).to_string()),
            "true" => GoValue::Bool(true),
            "false" => GoValue::Bool(false),
            "nil" => GoValue::Nil,
            "identifier" | "field_identifier" | "selector_expression" | "qualified_type" => {
                GoValue::Name(self.text(node).to_string())
            }
            "parenthesized_expression" | "literal_element" => match named_children(node).as_slice()
            {
                [inner] => self.go_value(*inner, depth + 1),
                _ => GoValue::Other(self.span(node)),
            },
            "unary_expression" => {
                let operand = node.child_by_field_name("operand");
                let operator = node.child_by_field_name("operator").map(|o| self.text(o));
                match (operator, operand.map(|o| self.go_value(o, depth + 1))) {
                    (Some("&"), Some(GoValue::Composite { ty, elements })) => GoValue::Composite {
                        ty: format!("&{ty}"),
                        elements,
                    },
                    (Some("-"), Some(GoValue::Number(n))) => GoValue::Number(format!("-{n}")),
                    _ => GoValue::Other(self.span(node)),
                }
            }
            "composite_literal" | "literal_value" => {
                let (ty, body) = if node.kind() == "composite_literal" {
                    let ty = node.child_by_field_name("type").map(|t| self.text(t));
                    (
                        ty.unwrap_or("").to_string(),
                        node.child_by_field_name("body"),
                    )
                } else {
                    (String::new(), Some(node))
                };
                let Some(body) = body else {
                    return GoValue::Other(self.span(node));
                };
                let elements = named_children(body)
                    .into_iter()
                    .filter(|e| e.kind() != "comment")
                    .map(|element| match element.kind() {
                        "keyed_element" => {
                            let key = element
                                .child_by_field_name("key")
                                .map(|k| self.go_value(k, depth + 1));
                            let value = element
                                .child_by_field_name("value")
                                .map_or(GoValue::Other(self.span(element)), |v| {
                                    self.go_value(v, depth + 1)
                                });
                            (key, value)
                        }
                        _ => (None, self.go_value(element, depth + 1)),
                    })
                    .collect();
                GoValue::Composite { ty, elements }
            }
            // `pkg.F(x)` and `T(x)` may parse as a conversion to a qualified type.
            "type_conversion_expression" => {
                let func = node
                    .child_by_field_name("type")
                    .map_or("", |t| self.text(t))
                    .to_string();
                let args = node
                    .child_by_field_name("operand")
                    .map(|operand| vec![self.go_value(operand, depth + 1)])
                    .unwrap_or_default();
                GoValue::Call { func, args }
            }
            "call_expression" => {
                let func = node
                    .child_by_field_name("function")
                    .map_or("", |f| self.text(f))
                    .to_string();
                let args = node
                    .child_by_field_name("arguments")
                    .map(|a| {
                        named_children(a)
                            .into_iter()
                            .map(|arg| self.go_value(arg, depth + 1))
                            .collect()
                    })
                    .unwrap_or_default();
                GoValue::Call { func, args }
            }
            _ => GoValue::Other(self.span(node)),
        }
    }

    fn string_literals(&self, node: Node, out: &mut Vec<String>, depth: usize) {
        if depth > SYNTAX_NESTING {
            return;
        }
        for child in named_children(node) {
            match child.kind() {
                "interpreted_string_literal" | "raw_string_literal" => {
                    if let Ok(bytes) = literal::unquote(self.text(child)) {
                        out.push(String::from_utf8_lossy(&bytes).into_owned());
                    }
                }
                _ => self.string_literals(child, out, depth + 1),
            }
        }
    }
}

/// The first line of an ERROR node's text, trimmed and cut to 40 characters, for messages.
fn error_snippet(text: &str) -> String {
    let first_line = text.trim_start().lines().next().unwrap_or("");
    let mut snippet: String = first_line.trim_end().chars().take(40).collect();
    if snippet.len() < first_line.trim_end().len() || text.trim().lines().nth(1).is_some() {
        snippet.push('…');
    }
    snippet
}

/// A same-line comment after a code line (`A int // x`).
fn is_trailing(siblings: &[Node], index: usize) -> bool {
    index > 0
        && siblings[index].kind() == "comment"
        && siblings[index - 1].kind() != "comment"
        && siblings[index - 1].end_position().row == siblings[index].start_position().row
}

/// A legacy build constraint line (`// +build linux,amd64`).
fn is_plus_build(comment: &str) -> bool {
    comment
        .strip_prefix("// +build")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
}

/// Splits a comment into its lines of text, with the offset of each line's text.
/// `// text` loses `//` and one space (as Go's `CommentGroup.Text` does); directives
/// (`//go:build`, `//line`) are dropped.
fn comment_lines(comment: &str, start: usize) -> Vec<(&str, usize)> {
    if let Some(rest) = comment.strip_prefix("//") {
        if rest.starts_with("go:") || rest.starts_with("line ") {
            return Vec::new();
        }
        let rest = rest.strip_suffix('\r').unwrap_or(rest);
        let (text, skip) = match rest.strip_prefix(' ') {
            Some(t) => (t, 3),
            None => (rest, 2),
        };
        return vec![(text, start + skip)];
    }
    let Some(inner) = comment
        .strip_prefix("/*")
        .map(|c| c.strip_suffix("*/").unwrap_or(c))
    else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut offset = start + 2;
    for line in inner.split('\n') {
        let text = line.strip_suffix('\r').unwrap_or(line);
        lines.push((text, offset));
        offset += line.len() + 1;
    }
    lines
}

/// Words for a grammar node kind, for messages (`type_identifier` → "type name").
fn describe_kind(kind: &str) -> String {
    match kind {
        "type_identifier" => "a type name".into(),
        "field_identifier" => "a field name".into(),
        "package_identifier" => "a package name".into(),
        "identifier" => "a name".into(),
        k if k.chars().all(|c| !c.is_alphanumeric()) => format!("`{k}`"),
        k => format!("a {}", k.replace('_', " ")),
    }
}

#[cfg(test)]
mod tests {
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
        assert!(!decls.package_doc.has_marker("build"));
        assert!(decls.package_doc.has_marker("groupName"));
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
