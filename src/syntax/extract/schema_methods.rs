//! The methods the parser keeps ([`is_kept_method`]): their receiver, and for the schema
//! overrides the returned composite literal as a [`GoValue`] tree.

use tree_sitter::Node;

use super::NodeExt;

use super::{named_children, Extractor};
use crate::golit as literal;
use crate::limits::SYNTAX_NESTING;
use crate::syntax::decls::*;
use crate::syntax::prescan::is_kept_method;

impl<'a> Extractor<'a> {
    pub(super) fn method(&mut self, node: Node) {
        let Some(name_node) = node.field("name") else {
            return;
        };
        let name = self.text(name_node);
        if !is_kept_method(name.as_bytes()) {
            return;
        }
        let receiver = node
            .field("receiver")
            .and_then(|list| named_children(list).into_iter().next())
            .and_then(|param| param.field("type"))
            .map(|ty| match self.type_expr(ty) {
                TypeExpr::Pointer(inner) => *inner,
                other => other,
            });
        let Some(TypeExpr::Named { name: receiver, .. }) = receiver else {
            return;
        };
        let Some(body) = node.field("body") else {
            return;
        };
        let mut returns = Vec::new();
        let mut value = None;
        let mut statements = named_children(body);
        statements.retain(|s| s.kind_name() != "comment");
        if statements.len() == 1 && statements[0].kind_name() == "statement_list" {
            statements = named_children(statements[0]);
            statements.retain(|s| s.kind_name() != "comment");
        }
        if let [statement] = statements.as_slice() {
            if statement.kind_name() == "return_statement" {
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
    pub(super) fn go_value(&self, node: Node, depth: usize) -> GoValue {
        if depth > SYNTAX_NESTING {
            return GoValue::Other(self.span(node));
        }
        match node.kind_name() {
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
                let operand = node.field("operand");
                let operator = node.field("operator").map(|o| self.text(o));
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
                let (ty, body) = if node.kind_name() == "composite_literal" {
                    let ty = node.field("type").map(|t| self.text(t));
                    (ty.unwrap_or("").to_string(), node.field("body"))
                } else {
                    (String::new(), Some(node))
                };
                let Some(body) = body else {
                    return GoValue::Other(self.span(node));
                };
                let elements = named_children(body)
                    .into_iter()
                    .filter(|e| e.kind_name() != "comment")
                    .map(|element| match element.kind_name() {
                        "keyed_element" => {
                            let key = element.field("key").map(|k| self.go_value(k, depth + 1));
                            let value = element
                                .field("value")
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
                let func = node.field("type").map_or("", |t| self.text(t)).to_string();
                let args = node
                    .field("operand")
                    .map(|operand| vec![self.go_value(operand, depth + 1)])
                    .unwrap_or_default();
                GoValue::Call { func, args }
            }
            "call_expression" => {
                let func = node
                    .field("function")
                    .map_or("", |f| self.text(f))
                    .to_string();
                let args = node
                    .field("arguments")
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

    pub(super) fn string_literals(&self, node: Node, out: &mut Vec<String>, depth: usize) {
        if depth > SYNTAX_NESTING {
            return;
        }
        for child in named_children(node) {
            match child.kind_name() {
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
