//! Rendering of the collected diagnostics: miette's graphical report, JSON lines, or GitHub
//! workflow commands. The only place that builds `miette` reports.

use std::io::{self, Write};

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use super::{Diagnostic, Severity};
use crate::source::{SourceMap, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageFormat {
    /// miette's graphical report, coloured when `color` is true.
    Human {
        color: bool,
    },
    Json,
    Github,
}

/// Sorts the diagnostics (file, position, code) and writes them in the chosen format.
pub fn render(
    diagnostics: &[Diagnostic],
    sources: &SourceMap,
    format: MessageFormat,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by(|a, b| sort_key(a, sources).cmp(&sort_key(b, sources)));
    sorted.dedup();
    for diagnostic in sorted {
        match format {
            MessageFormat::Human { color } => write_human(diagnostic, sources, color, out)?,
            MessageFormat::Json => write_json(diagnostic, sources, out)?,
            MessageFormat::Github => write_github(diagnostic, sources, out)?,
        }
    }
    Ok(())
}

fn sort_key(d: &Diagnostic, sources: &SourceMap) -> (String, u32, &'static str, String) {
    match &d.primary {
        Some(span) => (
            sources.get(span.file).path.display().to_string(),
            span.start,
            d.code.as_str(),
            d.message.clone(),
        ),
        None => (String::new(), 0, d.code.as_str(), d.message.clone()),
    }
}

struct Location {
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

fn locate(span: &Span, sources: &SourceMap) -> Location {
    let file = sources.get(span.file);
    let (line, column) = file.line_col(span.start as usize);
    let (end_line, end_column) = file.line_col(span.end as usize);
    Location {
        file: file.path.display().to_string(),
        line,
        column,
        end_line,
        end_column,
    }
}

fn write_json(d: &Diagnostic, sources: &SourceMap, out: &mut dyn Write) -> io::Result<()> {
    let mut object = serde_json::Map::new();
    object.insert("code".into(), d.code.as_str().into());
    object.insert("severity".into(), d.severity.as_str().into());
    object.insert("message".into(), d.message.clone().into());
    match &d.primary {
        Some(span) => {
            let at = locate(span, sources);
            object.insert("file".into(), at.file.into());
            object.insert("line".into(), at.line.into());
            object.insert("column".into(), at.column.into());
            object.insert("end_line".into(), at.end_line.into());
            object.insert("end_column".into(), at.end_column.into());
        }
        None => {
            // The same keys as a located finding, so a consumer can rely on each.
            for key in ["file", "line", "column", "end_line", "end_column"] {
                object.insert(key.into(), serde_json::Value::Null);
            }
        }
    }
    object.insert(
        "help".into(),
        d.help.clone().map_or(serde_json::Value::Null, Into::into),
    );
    let labels: Vec<serde_json::Value> = d
        .labels
        .iter()
        .map(|(span, label)| {
            let at = locate(span, sources);
            serde_json::json!({"file": at.file, "line": at.line, "column": at.column, "label": label})
        })
        .collect();
    object.insert("labels".into(), labels.into());
    // The code's page of the manual (rust-analyzer's `DiagnosticCode::url`).
    object.insert("url".into(), d.code.url().into());
    writeln!(out, "{}", serde_json::Value::Object(object))
}

/// Escapes per GitHub's workflow-command rules (data: `%`, CR, LF; properties also `:` `,`).
pub(crate) fn github_escape(text: &str, property: bool) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '\r' => escaped.push_str("%0D"),
            '\n' => escaped.push_str("%0A"),
            ':' if property => escaped.push_str("%3A"),
            ',' if property => escaped.push_str("%2C"),
            _ => escaped.push(c),
        }
    }
    escaped
}

fn write_github(d: &Diagnostic, sources: &SourceMap, out: &mut dyn Write) -> io::Result<()> {
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut message = escape_controls(&d.message);
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(&escape_controls(help));
    }
    let title = github_escape(d.code.as_str(), true);
    match &d.primary {
        Some(span) => {
            let at = locate(span, sources);
            writeln!(
                out,
                "::{command} file={},line={},col={},endLine={},endColumn={},title={title}::{}",
                github_escape(&at.file, true),
                at.line,
                at.column,
                at.end_line,
                at.end_column,
                github_escape(&message, false)
            )
        }
        None => writeln!(
            out,
            "::{command} title={title}::{}",
            github_escape(&message, false)
        ),
    }
}

/// Spans over more lines than this are shown by their first line only, with a label
/// naming the last (a syntax error can span the rest of a file).
const MAX_SNIPPET_LINES: usize = 6;

/// The (offset, length) miette shows for `span`, and the label saying where a shortened
/// span ends.
fn snippet(span: &Span, file: &crate::source::SourceFile) -> ((usize, usize), Option<String>) {
    let (start, end) = (span.start as usize, span.end as usize);
    let (first_line, _) = file.line_col(start);
    // The line of the span's last character (a span ending with a newline ends there).
    let (last_line, _) = file.line_col(end.saturating_sub(1).max(start));
    if last_line - first_line < MAX_SNIPPET_LINES {
        return ((start, end - start), None);
    }
    let first_end = file.text[start..end]
        .find('\n')
        .map_or(end, |offset| start + offset);
    (
        (start, first_end - start),
        Some(format!("through line {last_line}")),
    )
}

fn write_human(
    d: &Diagnostic,
    sources: &SourceMap,
    color: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut report = MietteDiagnostic::new(escape_controls(&d.message))
        .with_code(d.code.as_str())
        .with_severity(match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        });
    let mut help = d.help.as_deref().map(escape_controls);
    let mut source = None;
    if let Some(primary) = &d.primary {
        let file = sources.get(primary.file);
        let (at, through) = snippet(primary, file);
        let mut labels = vec![LabeledSpan::new_primary_with_span(through, at)];
        for (span, label) in &d.labels {
            if span.file == primary.file {
                let (at, through) = snippet(span, file);
                let label = match through {
                    Some(through) => format!("{label} ({through})"),
                    None => label.clone(),
                };
                labels.push(LabeledSpan::new_with_span(Some(label), at));
            } else {
                // miette shows one source per report: name the other file in the help.
                let at = locate(span, sources);
                let note = format!("{label} ({}:{}:{})", at.file, at.line, at.column);
                help = Some(match help {
                    Some(h) => format!("{h}\nnote: {note}"),
                    None => format!("note: {note}"),
                });
            }
        }
        source = Some(Window::around(
            file,
            labels.iter().map(|l| (l.offset(), l.offset() + l.len())),
        ));
        report = report.with_labels(labels);
    }
    if let Some(help) = help {
        report = report.with_help(help);
    }
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut text = String::new();
    let rendered = match source {
        Some(source) => {
            let report = miette::Report::new(report).with_source_code(source);
            handler.render_report(&mut text, report.as_ref())
        }
        None => handler.render_report(&mut text, &report),
    };
    if rendered.is_err() {
        text = format!(
            "{}[{}]: {}\n",
            d.severity.as_str(),
            d.code.as_str(),
            d.message
        );
    }
    writeln!(out, "{text}")
}

/// Lines shown around a diagnostic's spans (miette shows one; a margin for its context).
const WINDOW_LINES: usize = 3;

/// The part of a file a human report shows: the lines around its spans, control characters
/// made visible, with the file's own line numbers. miette reads a whole source from its start
/// for every report; a window keeps rendering linear in the number of diagnostics.
struct Window {
    name: String,
    text: String,
    /// Byte offset of `text` in the file, and its 0-based line.
    start: usize,
    first_line: usize,
}

impl Window {
    fn around(
        file: &crate::source::SourceFile,
        spans: impl Iterator<Item = (usize, usize)>,
    ) -> Window {
        let text = &file.text;
        let (mut low, mut high) = (usize::MAX, 0);
        for (from, to) in spans {
            low = low.min(from);
            high = high.max(to);
        }
        let (low, high) = (
            low.min(text.len()),
            high.min(text.len()).max(low.min(text.len())),
        );
        let bytes = text.as_bytes();
        let mut start = low;
        for _ in 0..=WINDOW_LINES {
            match memchr::memrchr(b'\n', &bytes[..start]) {
                Some(newline) => start = newline,
                None => {
                    start = 0;
                    break;
                }
            }
        }
        if start > 0 {
            start += 1;
        }
        let mut end = high;
        for _ in 0..=WINDOW_LINES {
            match memchr::memchr(b'\n', &bytes[end.min(bytes.len())..]) {
                Some(newline) => end = (end + newline + 1).min(bytes.len()),
                None => {
                    end = bytes.len();
                    break;
                }
            }
        }
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let (first_line, _) = file.line_col(start);
        Window {
            name: file.path.display().to_string(),
            text: visible(&text[start..end]),
            start,
            first_line: first_line - 1,
        }
    }
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let offset = span
            .offset()
            .saturating_sub(self.start)
            .min(self.text.len());
        let local = SourceSpan::new(offset.into(), span.len().min(self.text.len() - offset));
        let contents = self.text.as_str().read_span(&local, before, after)?;
        let at = contents.span();
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            SourceSpan::new((at.offset() + self.start).into(), at.len()),
            contents.line() + self.first_line,
            contents.column(),
            // miette's own reading counts the lines from the start of the source.
            contents.line_count() + self.first_line,
        )))
    }
}

/// Source text with its control characters (other than tab and line ends) shown as `?`, one
/// per byte so that offsets stay: an object's text never reaches the terminal raw.
fn visible(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let hidden = c.is_control() && !matches!(c, '\t' | '\n' | '\r');
            let (keep, width) = if hidden {
                (None, c.len_utf8())
            } else {
                (Some(c), 0)
            };
            keep.into_iter().chain(std::iter::repeat_n('?', width))
        })
        .collect()
}

/// A message with its control characters (other than line ends and tabs) escaped as Go
/// escapes them (`\x1b`, `\u009b`): escape sequences from an object or a rule's message
/// never reach the terminal.
pub(crate) fn escape_controls(text: &str) -> String {
    if !text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\t'))
    {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(
            escape_controls("a\x1b[31mb\u{9b}c\nd"),
            "a\\x1b[31mb\\u009bc\nd"
        );
        assert_eq!(visible("a\x1b[31m\u{9b}z\n"), "a?[31m??z\n");
    }

    #[test]
    fn github_escaping_follows_workflow_command_rules() {
        assert_eq!(github_escape("a%b\r\nc:d,e", false), "a%25b%0D%0Ac:d,e");
        assert_eq!(github_escape("a%b\r\nc:d,e", true), "a%25b%0D%0Ac%3Ad%2Ce");
    }
}
