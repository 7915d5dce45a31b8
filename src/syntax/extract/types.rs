//! Type declarations: `type` specs, type expressions ([`TypeExpr`], bounded by
//! [`SYNTAX_NESTING`](crate::limits::SYNTAX_NESTING)) and struct fields with their tags and docs.

use tree_sitter::Node;

use super::NodeExt;

use super::comments::is_trailing;
use super::{all_children, named_children, Extractor, Sibling};
use crate::golit as literal;
use crate::markers::{self, CommentKind};
use crate::source::Span;
use crate::syntax::decls::*;
use crate::syntax::struct_body::{BodyKind, BodyNode, ParsedType};

impl<'a> Extractor<'a> {
    pub(super) fn type_declaration(&mut self, node: Node, doc: Doc, detached: Doc, nearest: Doc) {
        let children = all_children(node);
        let specs: Vec<usize> = children
            .iter()
            .enumerate()
            .filter(|(_, n)| matches!(n.kind_name(), "type_spec" | "type_alias"))
            .map(|(i, _)| i)
            .collect();
        let grouped = children.iter().any(|n| n.kind_name() == "(");
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
            let spec_nearest = if grouped {
                Doc::default()
            } else {
                nearest.clone()
            };
            self.type_spec(spec, spec_doc, spec_detached, spec_nearest);
        }
    }

    pub(super) fn type_spec(&mut self, spec: Node, doc: Doc, detached_doc: Doc, nearest_doc: Doc) {
        let (Some(name), Some(ty)) = (spec.field("name"), spec.field("type")) else {
            return;
        };
        let type_params = spec
            .field("type_parameters")
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
            .map_or(self.start(spec), |line| {
                (line.span.start as usize).min(self.start(spec))
            });
        self.decls.types.push(TypeDecl {
            extent: Span::new(self.file, start..self.range(spec).end),
            name: self.text(name).to_string(),
            name_span: self.span(name),
            type_params,
            is_alias: spec.kind_name() == "type_alias",
            ty,
            doc,
            detached_doc,
            nearest_doc,
        });
    }

    pub(super) fn type_expr(&mut self, node: Node) -> TypeExpr {
        if self.too_deep(node) {
            return self.unsupported(node, "deeply nested type");
        }
        self.depth += 1;
        let ty = self.type_expr_at_depth(node);
        self.depth -= 1;
        ty
    }

    pub(super) fn type_expr_at_depth(&mut self, node: Node) -> TypeExpr {
        match node.kind_name() {
            "type_identifier" | "identifier" => TypeExpr::Named {
                package: None,
                name: self.text(node).to_string(),
                args: Vec::new(),
                span: self.span(node),
            },
            "qualified_type" => TypeExpr::Named {
                package: node.field("package").map(|n| self.text(n).to_string()),
                name: node
                    .field("name")
                    .map(|n| self.text(n).to_string())
                    .unwrap_or_default(),
                args: Vec::new(),
                span: self.span(node),
            },
            "generic_type" => {
                let base = node.field("type").map(|n| self.type_expr(n));
                let args: Vec<TypeExpr> = node
                    .field("type_arguments")
                    .map(|list| {
                        named_children(list)
                            .into_iter()
                            .filter_map(|elem| {
                                let inner = if elem.kind_name() == "type_elem" {
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
            "slice_type" => match node.field("element") {
                Some(inner) => TypeExpr::Slice(Box::new(self.type_expr(inner))),
                None => self.unsupported(node, "slice"),
            },
            "array_type" | "implicit_length_array_type" => match node.field("element") {
                Some(inner) => TypeExpr::Array(Box::new(self.type_expr(inner))),
                None => self.unsupported(node, "array"),
            },
            "map_type" => match (node.field("key"), node.field("value")) {
                (Some(key), Some(value)) => TypeExpr::Map(
                    Box::new(self.type_expr(key)),
                    Box::new(self.type_expr(value)),
                ),
                _ => self.unsupported(node, "map"),
            },
            "struct_type" => TypeExpr::Struct(self.struct_fields(node)),
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

    pub(super) fn unsupported(&self, node: Node, what: &str) -> TypeExpr {
        TypeExpr::Unsupported {
            what: what.to_string(),
            span: self.span(node),
        }
    }

    /// A struct type's fields: from the body the pre-scan read, else from the tree.
    fn struct_fields(&mut self, node: Node) -> Vec<Field> {
        let Some(list) = named_children(node)
            .into_iter()
            .find(|n| n.kind_name() == "field_declaration_list")
        else {
            return Vec::new();
        };
        match self.take_body(self.start(list)) {
            Some(nodes) => {
                let nodes: Vec<&BodyNode> = nodes.iter().collect();
                self.fields_of(&nodes, Self::parsed_field, |_| false)
            }
            None => {
                let children = named_children(list);
                self.fields_of(&children, Self::field, |node| node.has_error())
            }
        }
    }

    /// The body the pre-scan read whose `{` is at `open`, if any (taken: read once).
    fn take_body(&mut self, open: usize) -> Option<Vec<BodyNode>> {
        let index = self
            .bodies
            .binary_search_by_key(&open, |(at, _, _)| *at)
            .ok()?;
        Some(std::mem::take(&mut self.bodies[index].1))
    }

    /// A struct's fields from its body's nodes (the tree's, or those the pre-scan read),
    /// each built by `field`; `has_error` tells a node to skip.
    fn fields_of<S: Sibling>(
        &mut self,
        children: &[S],
        field: fn(&mut Self, S, Doc) -> Option<Field>,
        has_error: fn(S) -> bool,
    ) -> Vec<Field> {
        let mut fields = Vec::new();
        for (index, &node) in children.iter().enumerate() {
            match () {
                () if node.is_field() => {
                    if has_error(node) {
                        continue;
                    }
                    let (mut doc, detached) = self.doc_above(children, index);
                    let go_doc = doc.clone();
                    let nearest =
                        self.nearest_group_above(children, self.doc_start(children, index));
                    // gengo gives a field the comment group ending on the line above it: the
                    // same-line comment after the previous field, when it has no doc of its
                    // own (controller-gen ignores such a comment).
                    if doc.lines.is_empty()
                        && index >= 1
                        && is_trailing(children, index - 1)
                        && children[index - 1].end_row() + 1 == node.start_row()
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
                    if let Some(mut field) = field(self, node, doc) {
                        if field.doc.lines != go_doc.lines
                            || field.doc.markers.len() != go_doc.markers.len()
                        {
                            field.go_doc = Some(go_doc);
                        }
                        field.nearest_doc = nearest;
                        fields.push(field);
                    }
                }
                () if node.is_comment() && is_trailing(children, index) => {
                    let next_field = children
                        .get(index + 1)
                        .filter(|next| next.is_field() && next.start_row() == node.end_row() + 1);
                    self.trailing_comment(node, next_field.is_some());
                }
                () => {}
            }
        }
        fields
    }

    /// The markers of a same-line comment after a field that no tool reads: all of them when
    /// no field follows on the next line, else those controller-gen owns (gengo gives the
    /// others to the next field).
    pub(super) fn trailing_comment<S: Sibling>(&mut self, comment: S, next_field: bool) {
        let doc = self.doc_of_kind(&[comment], Some(CommentKind::Line));
        self.decls
            .trailing_markers
            .extend(doc.markers.into_iter().filter(|m| {
                let text = &self.src[m.span.start as usize..m.span.end as usize];
                !next_field || !markers::read_in(CommentKind::Trailing, text, &m.marker.name)
            }));
    }

    /// A field declaration the pre-scan read, as [`Extractor::field`] reads the tree's.
    fn parsed_field(&mut self, node: &BodyNode, doc: Doc) -> Option<Field> {
        let BodyKind::Field(field) = &node.kind else {
            return None;
        };
        let span = |range: &std::ops::Range<usize>| Span::new(self.file, range.clone());
        let names = field
            .names
            .iter()
            .map(|name| (self.src[name.clone()].to_string(), span(name)))
            .collect();
        let mut ty = self.parsed_type(&field.ty);
        if field.embedded_pointer {
            ty = TypeExpr::Pointer(Box::new(ty));
        }
        let tag = field
            .tag
            .as_ref()
            .and_then(|tag| literal::unquote(&self.src[tag.clone()]).ok());
        Some(Field {
            names,
            ty,
            tag: tag.map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
            tag_span: field.tag.as_ref().map(span),
            doc,
            go_doc: None,
            nearest_doc: Doc::default(),
            span: span(&node.range),
        })
    }

    fn parsed_type(&self, ty: &ParsedType) -> TypeExpr {
        let inner = |ty: &ParsedType| Box::new(self.parsed_type(ty));
        match ty {
            ParsedType::Named {
                package,
                name,
                span,
            } => TypeExpr::Named {
                package: package.as_ref().map(|p| self.src[p.clone()].to_string()),
                name: self.src[name.clone()].to_string(),
                args: Vec::new(),
                span: Span::new(self.file, span.clone()),
            },
            ParsedType::Pointer(ty) => TypeExpr::Pointer(inner(ty)),
            ParsedType::Slice(ty) => TypeExpr::Slice(inner(ty)),
            ParsedType::Array(ty) => TypeExpr::Array(inner(ty)),
            ParsedType::Map(key, value) => TypeExpr::Map(inner(key), inner(value)),
            ParsedType::EmptyInterface => TypeExpr::Interface { empty: true },
        }
    }

    pub(super) fn field(&mut self, node: Node, doc: Doc) -> Option<Field> {
        let ty_node = node.field("type")?;
        let mut cursor = node.walk();
        let names: Vec<(String, Span)> = node
            .children_by_field_name("name", &mut cursor)
            .map(|n| (self.text(n).to_string(), self.span(n)))
            .collect();
        let mut ty = self.type_expr(ty_node);
        if names.is_empty() && all_children(node).iter().any(|n| n.kind_name() == "*") {
            ty = TypeExpr::Pointer(Box::new(ty));
        }
        let tag_node = node.field("tag");
        let tag = tag_node.and_then(|t| literal::unquote(self.text(t)).ok());
        Some(Field {
            names,
            ty,
            tag: tag.map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
            tag_span: tag_node.map(|t| self.span(t)),
            doc,
            go_doc: None,
            nearest_doc: Doc::default(),
            span: self.span(node),
        })
    }
}
