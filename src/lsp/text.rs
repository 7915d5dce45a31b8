//! Positions and names as the protocol has them: LSP positions (line, UTF-16 column) ↔ byte
//! offsets, `file://` URIs ↔ paths, and the editor's incremental edits applied to a buffer.

use std::path::{Path, PathBuf};

use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

/// Where each line of a text starts, to turn byte offsets into LSP positions and back.
/// Columns are UTF-16 code units, the protocol's default (and the only encoding every
/// client supports).
pub struct LineIndex<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> LineIndex<'t> {
        let line_starts = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
            .collect();
        LineIndex { text, line_starts }
    }

    /// The position of a byte offset (clamped to the text, moved back to a character start).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let character: usize = self.text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    pub fn range(&self, bytes: std::ops::Range<usize>) -> Range {
        Range::new(self.position(bytes.start), self.position(bytes.end))
    }

    /// The byte offset of a position; a line past the end is the end of the text, a column
    /// past the end of its line is the line's end (as the protocol asks).
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.line_starts.get(position.line as usize) else {
            return self.text.len();
        };
        let end = self
            .line_starts
            .get(position.line as usize + 1)
            .map_or(self.text.len(), |next| next - 1);
        let line = &self.text[start..end.max(start)];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0usize;
        for (index, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + index;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The text of the line holding `offset`, and where it starts.
    pub fn line_at(&self, offset: usize) -> (usize, &'t str) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let end = memchr::memchr(b'\n', &self.text.as_bytes()[start..])
            .map_or(self.text.len(), |i| start + i);
        (start, &self.text[start..end])
    }
}

/// Applies one change of `textDocument/didChange` to a buffer: a range replaced, or the whole
/// text when the change has no range.
pub fn apply_change(text: &mut String, change: TextDocumentContentChangeEvent) {
    match change.range {
        Some(range) => {
            let index = LineIndex::new(text);
            let start = index.offset(range.start);
            let end = index.offset(range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
        None => *text = change.text,
    }
}

/// The local path a `file://` URI names (`None` for other schemes, which have no package).
pub fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file:///path` or `file://localhost/path`.
    let path = if rest.starts_with('/') {
        rest
    } else {
        rest.strip_prefix("localhost")?
    };
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let decoded = percent_decode(path)?;
    // Windows: `/C:/dir/file.go` → `C:/dir/file.go`.
    let bytes = decoded.as_bytes();
    if cfg!(windows) && bytes.len() > 2 && bytes[0] == b'/' && bytes[2] == b':' {
        return Some(PathBuf::from(&decoded[1..]));
    }
    Some(PathBuf::from(decoded))
}

/// The `file://` URI of a path (absolute; a relative one is taken from the working
/// directory). Only unreserved characters and `/` stay as they are.
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let text = absolute.to_str()?.replace('\\', "/");
    let mut uri = String::from("file://");
    if !text.starts_with('/') {
        uri.push('/');
    }
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(byte as char)
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri.parse().ok()
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "ab\nçd😀e\r\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.position(0), Position::new(0, 0));
        assert_eq!(index.position(3), Position::new(1, 0));
        // ç is 2 bytes, 1 unit; 😀 is 4 bytes, 2 units.
        assert_eq!(index.position(3 + 2 + 1 + 4), Position::new(1, 4));
        for offset in [0, 1, 3, 5, 6, 10, 11, 14, text.len()] {
            assert_eq!(index.offset(index.position(offset)), offset, "{offset}");
        }
        assert_eq!(index.offset(Position::new(1, 100)), 3 + 2 + 1 + 4 + 1);
        assert_eq!(index.offset(Position::new(9, 0)), text.len());
    }

    #[test]
    fn changes_replace_ranges() {
        let mut text = String::from("type A struct {\n}\n");
        apply_change(
            &mut text,
            TextDocumentContentChangeEvent {
                range: Some(Range::new(Position::new(0, 5), Position::new(0, 6))),
                range_length: None,
                text: "Bé".into(),
            },
        );
        assert_eq!(text, "type Bé struct {\n}\n");
    }

    #[test]
    fn uris_round_trip() {
        let path = Path::new("/tmp/a b/ç#.go");
        let uri = path_to_uri(path).expect("absolute path");
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A7%23.go");
        assert_eq!(uri_to_path(&uri).as_deref(), Some(path));
        let other: Uri = "untitled:Untitled-1".parse().expect("a URI");
        assert_eq!(uri_to_path(&other), None);
    }
}
