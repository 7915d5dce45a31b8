//! A doc comment as controller-gen makes it a description (controller-tools `pkg/markers/
//! zip.go` `extractDoc`): marker comments dropped, the rest through Go's
//! `CommentGroup.Text`, line breaks kept, `TODO` lines dropped and `---` ending it outside
//! fenced code blocks.

use crate::source::SourceMap;
use crate::syntax::{Doc, DocLine};

/// The description controller-gen extracts from `doc`. `paragraphs`: controller-gen v0.16 on
/// (a blank line stays one empty line; `TODO` lines and `---` endings dropped); before, a blank
/// line became `\n` joined with `\n` (two empty lines) and every line was kept.
pub fn extract(doc: &Doc, sources: &SourceMap, paragraphs: bool) -> String {
    let kept: Vec<&DocLine> = doc
        .lines
        .iter()
        .filter(|line| line.block || !line.text.trim_start().starts_with('+'))
        .collect();
    let asterisk = kept.iter().any(|line| line.block);
    let text = comment_text(&kept, sources);
    if !paragraphs {
        let lines: Vec<String> = text
            .iter()
            .map(|line| {
                let line = if asterisk { line.trim() } else { line.as_str() };
                if line.is_empty() {
                    "\n".to_string()
                } else {
                    line.to_string()
                }
            })
            .collect();
        return lines.join("\n");
    }
    let mut out: Vec<&str> = Vec::new();
    let mut inside_code_block = false;
    let trimmed: Vec<String> = text
        .iter()
        .map(|line| {
            if asterisk {
                line.trim().to_string()
            } else {
                line.clone()
            }
        })
        .collect();
    for line in &trimmed {
        if line.starts_with("```") || line.starts_with("~~~") {
            inside_code_block = !inside_code_block;
        }
        if !inside_code_block {
            if line.starts_with("TODO") {
                continue;
            }
            if line.starts_with("---") {
                break;
            }
        }
        out.push(line);
    }
    out.join("\n")
}

/// Go's `CommentGroup.Text` as lines (without its final empty one): comment markers and the
/// first space of a `//` line removed, directives (`//nolint:x`, `//export f`) dropped,
/// trailing white space stripped, leading blank lines removed and runs of blank lines made one.
fn comment_text(lines: &[&DocLine], sources: &SourceMap) -> Vec<String> {
    let mut raw: Vec<String> = Vec::with_capacity(lines.len());
    for line in lines {
        if !line.block && !had_space(line, sources) && is_directive(&line.text) {
            continue;
        }
        raw.push(
            line.text
                .trim_end_matches([' ', '\t', '\n', '\r'])
                .to_string(),
        );
    }
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for line in raw {
        if !line.is_empty() || out.last().is_some_and(|l| !l.is_empty()) {
            out.push(line);
        }
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Whether the `//` of this line was followed by a space (which the syntax stage removed).
fn had_space(line: &DocLine, sources: &SourceMap) -> bool {
    let text = &sources.get(line.span.file).text;
    let start = line.span.start as usize;
    start >= 1 && text.as_bytes().get(start - 1) == Some(&b' ')
}

/// Go's `isDirective` on a `//` comment's text without `//`: `line `, `extern `, `export `, or
/// `[a-z0-9]+:[a-z0-9]`.
fn is_directive(text: &str) -> bool {
    if ["line ", "extern ", "export "]
        .iter()
        .any(|prefix| text.starts_with(prefix))
    {
        return true;
    }
    let bytes = text.as_bytes();
    let Some(colon) = text.find(':') else {
        return false;
    };
    if colon == 0 || colon + 1 >= bytes.len() {
        return false;
    }
    (0..=colon + 1)
        .filter(|&i| i != colon)
        .all(|i| bytes[i].is_ascii_lowercase() || bytes[i].is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives() {
        assert!(is_directive("nolint:gocyclo"));
        assert!(is_directive("export foo"));
        assert!(!is_directive("Note: this"));
        assert!(!is_directive("a:"));
        assert!(!is_directive(":a"));
    }
}
