//! What of a file one human report shows: the lines around its spans, copied out of the file,
//! long lines cut to a window around the spans. miette reads a source from its start to find
//! a span's line (and the report needs an owned source): given the whole file, each report
//! cost the file's size, and 20,000 diagnostics in one manifest took minutes. An excerpt
//! costs the lines it shows, so rendering is linear in the number of diagnostics. Control
//! characters of the text shown are made visible: an object's text never reaches the
//! terminal raw.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::source::SourceFile;

/// Lines shown before and after the spans (miette shows one line of context; two more are
/// copied so its context never reaches the excerpt's edge where the file has more lines).
const CONTEXT_LINES: usize = 2;

/// A line longer than this (in bytes) is shown as a window around the spans on it.
const LONG_LINE_BYTES: usize = 400;

/// Bytes of a long line shown before the first span position on it, and after it.
const WINDOW_BEFORE: usize = 120;
const WINDOW_AFTER: usize = 240;

/// Marks where a long line was cut.
const CUT: &str = "…";

/// The lines of a file around some spans, as a miette source.
pub(super) struct Excerpt {
    name: String,
    text: String,
    lines: Vec<ExcerptLine>,
}

/// One line of the excerpt: where it starts in the excerpt, which file line it is, and which
/// bytes of that line it shows.
struct ExcerptLine {
    start: usize,
    /// 0-based line number in the file.
    line: usize,
    /// The excerpt offset of the first byte shown (after a cut mark).
    shown_at: usize,
    /// The file offsets shown: `file_from..file_to`.
    file_from: usize,
    file_to: usize,
    /// 0-based column (in characters) of `file_from` on its line.
    column: usize,
}

impl Excerpt {
    /// The excerpt of `file` showing `spans` (file byte ranges, on lines `first..=last` at
    /// most a few apart: the caller keeps far labels out).
    pub(super) fn new(file: &SourceFile, spans: &[(usize, usize)]) -> Excerpt {
        let line_of = |offset: usize| file.line_col(offset).0 - 1;
        let first = spans.iter().map(|s| line_of(s.0)).min().unwrap_or(0);
        let last = spans.iter().map(|s| line_of(s.0 + s.1)).max().unwrap_or(0);
        let from_line = first.saturating_sub(CONTEXT_LINES);
        let to_line = (last + CONTEXT_LINES).min(file.line_count().saturating_sub(1));
        let mut excerpt = Excerpt {
            name: file.path.display().to_string(),
            text: String::new(),
            lines: Vec::new(),
        };
        for line in from_line..=to_line {
            let range = file.line_range(line);
            let text = &file.text[range.clone()];
            let start = excerpt.text.len();
            if text.len() <= LONG_LINE_BYTES {
                push_visible(&mut excerpt.text, text);
                excerpt.lines.push(ExcerptLine {
                    start,
                    line,
                    shown_at: start,
                    file_from: range.start,
                    file_to: range.end,
                    column: 0,
                });
                continue;
            }
            // Around the first span position on the line (or its start).
            let anchor = spans
                .iter()
                .flat_map(|&(offset, len)| [offset, offset + len])
                .filter(|p| range.contains(p))
                .min()
                .unwrap_or(range.start);
            let content_end = range.end - line_ending_len(text);
            let from = anchor.saturating_sub(WINDOW_BEFORE).max(range.start);
            let from = floor_boundary(&file.text, from);
            let to = floor_boundary(&file.text, (anchor + WINDOW_AFTER).min(content_end));
            if from > range.start {
                excerpt.text.push_str(CUT);
            }
            let shown_at = excerpt.text.len();
            push_visible(&mut excerpt.text, &file.text[from..to]);
            if to < content_end {
                excerpt.text.push_str(CUT);
            }
            excerpt.text.push_str(&file.text[content_end..range.end]);
            excerpt.lines.push(ExcerptLine {
                start,
                line,
                shown_at,
                file_from: from,
                file_to: to,
                column: file.text[range.start..from].chars().count(),
            });
        }
        excerpt
    }

    /// The excerpt offset showing a file offset (clamped into what is shown of its line).
    pub(super) fn offset_of(&self, file_offset: usize) -> usize {
        let index = self
            .lines
            .partition_point(|l| l.file_from <= file_offset)
            .saturating_sub(1);
        let Some(line) = self.lines.get(index) else {
            return 0;
        };
        let clamped = file_offset.clamp(line.file_from, line.file_to);
        line.shown_at + (clamped - line.file_from)
    }

    /// miette's (offset, length) in the excerpt for a file (offset, length).
    pub(super) fn span_of(&self, (offset, len): (usize, usize)) -> (usize, usize) {
        let start = self.offset_of(offset);
        let end = self.offset_of(offset + len).max(start);
        (start, end - start)
    }

    /// The file's 0-based (line, column) of an excerpt offset.
    fn position(&self, offset: usize) -> (usize, usize) {
        let index = self
            .lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1);
        let Some(line) = self.lines.get(index) else {
            return (0, 0);
        };
        let shown = offset.max(line.shown_at).min(self.text.len());
        let shown = floor_boundary(&self.text, shown);
        let chars = self.text[line.shown_at..shown].chars().count();
        (line.line, line.column + chars)
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let contents =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let (line, column) = self.position(contents.span().offset());
        // miette's `line_count` is the line breaks from the source's start to the end of
        // the contents (its reports merge two labels' snippets by it): add the file's lines
        // before the excerpt.
        let before = self.lines.first().map_or(0, |l| l.line);
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            line,
            column,
            contents.line_count() + before,
        )))
    }
}

/// Appends `text` with its control characters (other than tab and line ends) shown as `?`
/// (C0, DEL) or `¿` (C1): each replacement has the byte length of the character it stands
/// for, so offsets and columns stay those of the file.
fn push_visible(out: &mut String, text: &str) {
    for c in text.chars() {
        out.push(match c {
            '\t' | '\n' | '\r' => c,
            c if c.is_control() && c.len_utf8() == 1 => '?',
            c if c.is_control() => '¿',
            c => c,
        });
    }
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The length of a line's ending (`\n` or `\r\n`; 0 for a last line without one).
fn line_ending_len(line: &str) -> usize {
    if line.ends_with("\r\n") {
        2
    } else if line.ends_with('\n') {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile::new("f.yaml".into(), text.into())
    }

    #[test]
    fn shows_the_lines_around_a_span_with_their_numbers() {
        let text: String = (1..=20).map(|i| format!("line {i}\n")).collect();
        let f = file(&text);
        let at = text.find("line 10").unwrap();
        let excerpt = Excerpt::new(&f, &[(at, 4)]);
        assert_eq!(excerpt.text, "line 8\nline 9\nline 10\nline 11\nline 12\n");
        let (offset, len) = excerpt.span_of((at, 4));
        assert_eq!(&excerpt.text[offset..offset + len], "line");
        let contents = excerpt.read_span(&(offset, len).into(), 0, 0).unwrap();
        assert_eq!((contents.line(), contents.column()), (9, 0));
    }

    #[test]
    fn control_characters_are_shown_at_their_own_offsets() {
        let text = "a: \x1b[31m\u{9b}z\nb: 1\n";
        let f = file(text);
        let at = text.find('z').unwrap();
        let excerpt = Excerpt::new(&f, &[(at, 1)]);
        assert_eq!(excerpt.text, "a: ?[31m¿z\nb: 1\n");
        let (offset, len) = excerpt.span_of((at, 1));
        assert_eq!(&excerpt.text[offset..offset + len], "z");
        let contents = excerpt.read_span(&(offset, len).into(), 0, 0).unwrap();
        assert_eq!(contents.column(), f.line_col(at).1 - 1);
    }

    #[test]
    fn cuts_long_lines_to_a_window_and_keeps_true_columns() {
        let long = format!("{}TARGET{}\n", "é".repeat(1000), "x".repeat(5000));
        let text = format!("first\n{long}last\n");
        let f = file(&text);
        let at = text.find("TARGET").unwrap();
        let excerpt = Excerpt::new(&f, &[(at, 6)]);
        assert!(excerpt.text.len() < 1000, "{}", excerpt.text.len());
        assert!(excerpt.text.starts_with("first\n…é"));
        assert!(excerpt.text.ends_with("x…\nlast\n"));
        let (offset, len) = excerpt.span_of((at, 6));
        assert_eq!(&excerpt.text[offset..offset + len], "TARGET");
        let contents = excerpt.read_span(&(offset, len).into(), 0, 0).unwrap();
        assert_eq!((contents.line(), contents.column()), (1, 1000));
        assert_eq!(f.line_col(at), (2, 1001));
    }
}
