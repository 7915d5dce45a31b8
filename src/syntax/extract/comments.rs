//! Doc comments: the comment block above a declaration (and the detached one a blank line
//! above it), its lines with their markers, same-line trailing comments, `//go:build` lines.

use super::{Extractor, Sibling};
use crate::markers::{self, CommentKind};
use crate::source::Span;
use crate::syntax::decls::*;

impl<'a> Extractor<'a> {
    /// Doc comment directly above `siblings[index]`, and the block one blank line above it.
    pub(super) fn doc_above<S: Sibling>(&self, siblings: &[S], index: usize) -> (Doc, Doc) {
        let target_row = siblings[index].start_row();
        let (attached, first) = self.comment_block_ending_at(siblings, index, target_row);
        let mut detached = Vec::new();
        let next_row = match attached.first() {
            Some(c) => c.start_row(),
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
    pub(super) fn comment_block_ending_at<S: Sibling>(
        &self,
        siblings: &[S],
        end: usize,
        row: usize,
    ) -> (Vec<S>, usize) {
        let mut block = Vec::new();
        let mut expected_end_row = row;
        let mut index = end;
        while index > 0 {
            let candidate = siblings[index - 1];
            if !candidate.is_comment() || candidate.end_row() + 1 != expected_end_row {
                break;
            }
            if index >= 2 && siblings[index - 2].end_row() == candidate.start_row() {
                break; // a trailing comment of the previous line
            }
            block.push(candidate);
            expected_end_row = candidate.start_row();
            index -= 1;
        }
        block.reverse();
        (block, index)
    }

    pub(super) fn doc_from_comments<S: Sibling>(&self, comments: &[S]) -> Doc {
        self.doc_of_kind(comments, None)
    }

    /// A doc from comments of one kind (`None`: each comment's own, `//` or `/* */`).
    pub(super) fn doc_of_kind<S: Sibling>(&self, comments: &[S], kind: Option<CommentKind>) -> Doc {
        let mut doc = Doc {
            // A `//` comment is one line.
            lines: Vec::with_capacity(comments.len()),
            ..Doc::default()
        };
        for comment in comments {
            let range = comment.file_range(self);
            let text = self.src.get(range.clone()).unwrap_or("");
            let kind = kind.unwrap_or(if text.starts_with("/*") {
                CommentKind::Block
            } else {
                CommentKind::Line
            });
            for (text, start) in comment_lines(text, range.start) {
                let span = Span::new(self.file, start..start + text.len());
                self.push_doc_line(&mut doc, text, span, kind);
            }
        }
        doc
    }

    pub(super) fn push_doc_line(&self, doc: &mut Doc, text: &str, span: Span, kind: CommentKind) {
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
            block: kind == CommentKind::Block,
        });
    }
}

/// go/ast's `isDirective` (what `CommentGroup.Text`, and so gengo's doc comments, leave out):
/// the text after `//` starts with `line `, `extern ` or `export `, or is
/// `[a-z0-9]+:[a-z0-9]…` (`//go:generate`, `//nolint:staticcheck`; argo-workflows' trailing
/// `//nolint:` comments are no field's description).
fn is_directive(text: &str) -> bool {
    if ["line ", "extern ", "export "]
        .iter()
        .any(|p| text.starts_with(p))
    {
        return true;
    }
    let bytes = text.as_bytes();
    let Some(colon) = text.find(':') else {
        return false;
    };
    let word = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    colon > 0
        && bytes.len() > colon + 1
        && bytes[..colon].iter().all(word)
        && word(&bytes[colon + 1])
}

impl<'a> Extractor<'a> {
    /// The comment group closest above `siblings[index]` (a declaration, or the first line of
    /// its doc comment), however many blank lines between: contiguous comments going up from
    /// the nearest comment before `index`, stopping at any other node (the previous
    /// declaration) and leaving out a same-line comment of a code line. Empty when a node
    /// comes first.
    pub(super) fn nearest_group_above<S: Sibling>(&self, siblings: &[S], index: usize) -> Doc {
        let Some(last) = index.checked_sub(1) else {
            return Doc::default();
        };
        let candidate = siblings[last];
        if !candidate.is_comment() || is_trailing(siblings, last) {
            return Doc::default();
        }
        let end_row = candidate.end_row() + 1;
        let (block, _) = self.comment_block_ending_at(siblings, index, end_row);
        self.doc_from_comments(&block)
    }

    /// The index of the first comment of the doc comment directly above `siblings[index]`
    /// (`index` itself when it has none).
    pub(super) fn doc_start<S: Sibling>(&self, siblings: &[S], index: usize) -> usize {
        let row = siblings[index].start_row();
        self.comment_block_ending_at(siblings, index, row).1
    }
}

/// A same-line comment after a code line (`A int // x`).
pub(super) fn is_trailing<S: Sibling>(siblings: &[S], index: usize) -> bool {
    index > 0
        && siblings[index].is_comment()
        && !siblings[index - 1].is_comment()
        && siblings[index - 1].end_row() == siblings[index].start_row()
}

/// A legacy build constraint line (`// +build linux,amd64`).
pub(super) fn is_plus_build(comment: &str) -> bool {
    comment
        .strip_prefix("// +build")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
}

/// Splits a comment into its lines of text, with the offset of each line's text.
/// `// text` loses `//` and one space (as Go's `CommentGroup.Text` does); directives
/// (`//go:build`, `//line`, `//nolint:errcheck`: [`is_directive`]) are dropped.
pub(super) fn comment_lines(comment: &str, start: usize) -> Vec<(&str, usize)> {
    if let Some(rest) = comment.strip_prefix("//") {
        if is_directive(rest) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_are_go_asts() {
        for directive in [
            "go:generate x",
            "nolint:staticcheck",
            "line a.go:1",
            "export F",
            "k8s:x",
        ] {
            assert!(is_directive(directive), "{directive}");
        }
        for text in [
            "nolint",
            "Nolint:x",
            "go: x",
            ":x",
            "+k8s:openapi-gen=true",
            "a:",
            "a_b:c",
        ] {
            assert!(!is_directive(text), "{text}");
        }
        assert!(comment_lines("//nolint:staticcheck", 0).is_empty());
        assert_eq!(comment_lines("// nolint:staticcheck", 0).len(), 1);
    }
}
