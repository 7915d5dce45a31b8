//! Parse errors: tree-sitter's ERROR and MISSING nodes, and a file without `package` clause,
//! become `syntax/parse-error` diagnostics at the node (at most [`PARSE_ERRORS_PER_FILE`]).

use tree_sitter::Node;

use super::NodeExt;

use super::Extractor;
use crate::diag::{Code, Diagnostic};
use crate::limits::PARSE_ERRORS_PER_FILE;
use crate::source::Span;

impl<'a> Extractor<'a> {
    pub(super) fn report_errors(&mut self, root: Node) {
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
                        format!("syntax error: missing {}", describe_kind(node.kind_name()))
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

    /// tree-sitter-go accepts a file without `package` clause; Go does not.
    pub(super) fn missing_package_clause(&mut self, children: &[Node]) {
        let span = match children.iter().find(|n| n.kind_name() != "comment") {
            Some(node) => {
                let start = self.start(*node);
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
}

/// The first line of an ERROR node's text, trimmed and cut to 40 characters, for messages.
pub(super) fn error_snippet(text: &str) -> String {
    let first_line = text.trim_start().lines().next().unwrap_or("");
    let mut snippet: String = first_line.trim_end().chars().take(40).collect();
    if snippet.len() < first_line.trim_end().len() || text.trim().lines().nth(1).is_some() {
        snippet.push('…');
    }
    snippet
}

/// Words for a grammar node kind, for messages (`type_identifier` → "type name").
pub(super) fn describe_kind(kind: &str) -> String {
    match kind {
        "type_identifier" => "a type name".into(),
        "field_identifier" => "a field name".into(),
        "package_identifier" => "a package name".into(),
        "identifier" => "a name".into(),
        k if k.chars().all(|c| !c.is_alphanumeric()) => format!("`{k}`"),
        k => format!("a {}", k.replace('_', " ")),
    }
}
