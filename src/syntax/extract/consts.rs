//! Const declarations: groups with `iota` and implicit repetition, and constant expressions
//! ([`ConstExpr`]: literals, names, binary chains, conversions), bounded by
//! [`SYNTAX_NESTING`](crate::limits::SYNTAX_NESTING).

use tree_sitter::Node;

use super::NodeExt;

use super::{all_children, named_children, Extractor};
use crate::golit as literal;
use crate::source::Span;
use crate::syntax::decls::*;

impl<'a> Extractor<'a> {
    pub(super) fn const_declaration(&mut self, node: Node, doc: Doc) {
        let group = self.const_groups;
        self.const_groups += 1;
        let children = all_children(node);
        let grouped = children.iter().any(|n| n.kind_name() == "(");
        let mut previous: Option<(Option<TypeExpr>, Vec<ConstExpr>)> = None;
        let mut iota = 0u32;
        for (index, spec) in children.iter().enumerate() {
            if spec.kind_name() != "const_spec" {
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
                .filter(|n| n.kind_name() == "identifier")
                .map(|n| (self.text(n).to_string(), self.span(n)))
                .collect();
            let declared_ty = spec.field("type").map(|t| self.type_expr(t));
            let values: Vec<ConstExpr> = spec
                .field("value")
                .map(|list| {
                    named_children(list)
                        .into_iter()
                        .filter(|n| n.kind_name() != "comment")
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

    pub(super) fn const_expr(&mut self, node: Node) -> ConstExpr {
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

    pub(super) fn const_expr_at_depth(&mut self, node: Node) -> ConstExpr {
        let span = self.span(node);
        match node.kind_name() {
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
            "selector_expression" => match (node.field("operand"), node.field("field")) {
                (Some(operand), Some(field)) if operand.kind_name() == "identifier" => {
                    ConstExpr::Qualified {
                        package: self.text(operand).to_string(),
                        name: self.text(field).to_string(),
                        span,
                    }
                }
                _ => self.unsupported_const(node),
            },
            "binary_expression" => self
                .binary_chain(node)
                .unwrap_or_else(|| self.unsupported_const(node)),
            "parenthesized_expression" => match named_children(node).first() {
                Some(inner) => self.const_expr(*inner),
                None => self.unsupported_const(node),
            },
            "call_expression" => {
                let callee = node.field("function");
                let args = node.field("arguments");
                match (callee, args) {
                    (Some(callee), Some(args)) => ConstExpr::Call {
                        callee: Box::new(self.const_expr(callee)),
                        args: named_children(args)
                            .into_iter()
                            .filter(|n| n.kind_name() != "comment")
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
    pub(super) fn binary_chain(&mut self, node: Node) -> Option<ConstExpr> {
        let mut rest = Vec::new();
        let mut left = node;
        while left.kind_name() == "binary_expression" {
            let (Some(lhs), Some(op), Some(rhs)) = (
                left.field("left"),
                left.field("operator"),
                left.field("right"),
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
    pub(super) fn type_conversion(&mut self, node: Node, span: Span) -> Option<ConstExpr> {
        match (node.field("type"), node.field("operand")) {
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

    pub(super) fn unsupported_const(&self, node: Node) -> ConstExpr {
        ConstExpr::Unsupported {
            text: self.text(node).to_string(),
            span: self.span(node),
        }
    }
}
