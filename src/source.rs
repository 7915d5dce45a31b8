//! Source files loaded for a run: ids, display paths, text, and byte → line/column mapping.
//!
//! Positions everywhere else are byte ranges (`Span`); line and column are computed only
//! when a diagnostic is rendered.

use std::ops::Range;
use std::path::PathBuf;

/// Index of a file in the [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A byte range in one file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, bytes: Range<usize>) -> Span {
        Span {
            file,
            start: bytes.start as u32,
            end: bytes.end as u32,
        }
    }

    pub fn bytes(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One loaded file.
#[derive(Debug)]
pub struct SourceFile {
    /// Path as given or discovered (relative to the working directory when possible).
    pub path: PathBuf,
    pub text: String,
    /// Built on first use: only files with diagnostics need it.
    line_starts: std::sync::OnceLock<Vec<u32>>,
    /// Characters before every [`CHAR_CHECKPOINT_BYTES`]-th byte, built on first use.
    char_checkpoints: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    pub fn new(path: PathBuf, text: String) -> SourceFile {
        SourceFile {
            path,
            text,
            line_starts: std::sync::OnceLock::new(),
            char_checkpoints: std::sync::OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i as u32 + 1))
                .collect()
        })
    }

    /// 1-based line and column (column counted in characters) of a byte offset. The cost is
    /// a binary search plus at most [`CHAR_CHECKPOINT_BYTES`] bytes counted, however long
    /// the line (a minified file is one line; counting from its start for each of thousands
    /// of diagnostics was quadratic).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line_starts = self.line_starts();
        let line_idx = match line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let line_start = line_starts[line_idx] as usize;
        let mut col_end = offset;
        while !self.text.is_char_boundary(col_end) {
            col_end -= 1;
        }
        let column = self.chars_before(col_end) - self.chars_before(line_start) + 1;
        (line_idx + 1, column)
    }

    /// The number of lines (a last line without `\n` counts; an empty file has one).
    pub fn line_count(&self) -> usize {
        self.line_starts().len()
    }

    /// The byte range of 0-based line `line`, its line ending included.
    pub fn line_range(&self, line: usize) -> Range<usize> {
        let starts = self.line_starts();
        let start = starts.get(line).map_or(self.text.len(), |&s| s as usize);
        let end = starts
            .get(line + 1)
            .map_or(self.text.len(), |&s| s as usize);
        start..end
    }

    /// Characters before `offset` (a char boundary): from the nearest checkpoint.
    fn chars_before(&self, offset: usize) -> usize {
        // A character starts at every byte that is not a UTF-8 continuation byte.
        let starts = |bytes: &[u8]| bytes.iter().filter(|&&b| (b as i8) >= -0x40).count();
        let checkpoints = self.char_checkpoints.get_or_init(|| {
            let bytes = self.text.as_bytes();
            let mut counts = Vec::with_capacity(bytes.len() / CHAR_CHECKPOINT_BYTES + 2);
            let mut chars = 0usize;
            for chunk in bytes.chunks(CHAR_CHECKPOINT_BYTES) {
                counts.push(chars);
                chars += starts(chunk);
            }
            // Before the end: every `offset / CHAR_CHECKPOINT_BYTES` has an entry.
            counts.push(chars);
            counts
        });
        let index = offset / CHAR_CHECKPOINT_BYTES;
        let from = index * CHAR_CHECKPOINT_BYTES;
        checkpoints[index] + starts(&self.text.as_bytes()[from..offset])
    }
}

/// Every this many bytes, [`SourceFile`] remembers how many characters came before, so a
/// column is counted from there rather than from its line's start.
const CHAR_CHECKPOINT_BYTES: usize = 4096;

/// All files of a run, indexed by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn text(&self, span: &Span) -> &str {
        let file = self.get(span.file);
        file.text.get(span.bytes()).unwrap_or("")
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// Reads a file only when it is a regular file (after symlinks): opening a FIFO blocks until
/// a writer appears, and a device may never end.
pub fn read_regular_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    std::fs::read(path)
}

/// [`read_regular_file`], refusing a file larger than `max` bytes ([`read_at_most`]).
pub fn read_regular_file_at_most(path: &std::path::Path, max: u64) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > max {
        // Known too large without reading it.
        return Err(too_large(max));
    }
    // Sized from the metadata (and one byte for the end-of-file probe): `take` hides the
    // file's size from `read_to_end`, whose doubling buffer was copied a dozen times per file.
    let capacity = usize::try_from(meta.len()).map_or(0, |len| len.saturating_add(1));
    read_into_at_most(
        std::fs::File::open(path)?,
        max,
        Vec::with_capacity(capacity),
    )
}

/// Reads a file (or a device, a pipe: a path the user named) of at most `max` bytes; a
/// longer one is an `InvalidData` error saying so, and no more than `max + 1` bytes are read.
pub fn read_at_most(path: &std::path::Path, max: u64) -> std::io::Result<Vec<u8>> {
    read_all_at_most(std::fs::File::open(path)?, max)
}

/// [`read_at_most`] from any reader (stdin).
pub fn read_all_at_most(reader: impl std::io::Read, max: u64) -> std::io::Result<Vec<u8>> {
    read_into_at_most(reader, max, Vec::new())
}

/// [`read_all_at_most`] into `bytes` (empty, with the capacity the caller expects to need).
fn read_into_at_most(
    reader: impl std::io::Read,
    max: u64,
    mut bytes: Vec<u8>,
) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    reader.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

fn too_large(max: u64) -> std::io::Error {
    let limit = if max >= 1 << 20 {
        format!("{} MiB", max >> 20)
    } else {
        format!("{max} bytes")
    };
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("larger than union-gen reads ({limit})"),
    )
}

/// The regular files directly in `dir` that `accept` takes, in name order (none when `dir`
/// cannot be read): the build files (Makefiles, `hack/` scripts) a tool's pinned version is
/// looked for in.
pub fn files_in(dir: &std::path::Path, accept: impl Fn(&std::path::Path) -> bool) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file() && accept(path))
        .collect();
    found.sort();
    found
}

/// [`read_regular_file`] as UTF-8 text (go.mod, go.work).
pub fn read_regular_text(path: &std::path::Path) -> std::io::Result<String> {
    String::from_utf8(read_regular_file(path)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let file = SourceFile::new("a.go".into(), "ab\nçd\r\nx".into());
        assert_eq!(file.line_col(0), (1, 1));
        assert_eq!(file.line_col(3), (2, 1));
        assert_eq!(file.line_col(5), (2, 2));
        assert_eq!(file.line_col(8), (3, 1));
        assert_eq!(file.line_col(100), (3, 2));
    }

    /// Columns on a line longer than a checkpoint, and at the end of a text whose length is
    /// a multiple of one, are counted as from the line's start.
    #[test]
    fn columns_on_long_lines_match_a_plain_count() {
        let line = "aé€𝄞".repeat(3000);
        let text = format!("x\n{line}\n{}", "b".repeat(CHAR_CHECKPOINT_BYTES * 2 - 2));
        let file = SourceFile::new("a.go".into(), text.clone());
        for offset in (0..=text.len())
            .filter(|&o| text.is_char_boundary(o))
            .step_by(7)
        {
            let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let expected = text[start..offset].chars().count() + 1;
            assert_eq!(file.line_col(offset).1, expected, "offset {offset}");
        }
        assert_eq!(file.line_col(text.len()).1, CHAR_CHECKPOINT_BYTES * 2 - 1);
        let exact = SourceFile::new("b.go".into(), "c".repeat(CHAR_CHECKPOINT_BYTES * 2));
        assert_eq!(
            exact.line_col(CHAR_CHECKPOINT_BYTES * 2),
            (1, CHAR_CHECKPOINT_BYTES * 2 + 1)
        );
    }
}
