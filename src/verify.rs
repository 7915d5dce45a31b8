//! Compares the bytes an update would write with the files on disk (`--verify` of `generate`
//! and `crd`).
//!
//! Input: (path, bytes) pairs (already made in memory) and the files on disk, which are only
//! read. Output: per file, whether it differs and, when it does, a unified diff (`--- a/<path>`,
//! `+++ b/<path>`, `/dev/null` for a missing file) of the exact bytes on disk against the exact
//! bytes the update would write, so that applying the diffs performs the update. How the
//! result is reported (annotations, the update command, the exit code) is the command
//! layer's (`cli/verify.rs`); nothing here reads the command line, the terminal or the
//! environment.

use std::io::{self, Write};
use std::path::Path;

use similar::{ChangeTag, TextDiff};

/// How diffs are rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// ANSI colours: red removals, green additions, cyan hunk headers.
    pub color: bool,
}

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// One file compared with the bytes an update would write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    /// The path as it is displayed.
    pub name: String,
    /// `None` when the file holds exactly the bytes.
    pub difference: Option<Difference>,
}

/// How a file differs from the bytes an update would write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The file does not exist (the diff is against an empty file).
    pub missing: bool,
    /// The unified diff of the file against the bytes, rendered in the [`Style`] asked for.
    pub diff: Vec<u8>,
}

/// Compares each file with its bytes, in order; an unreadable file (other than a missing one)
/// is an error naming it, and the files after it are not read.
pub fn compare<'a>(
    files: &'a [(&'a Path, &'a [u8])],
    style: Style,
) -> impl Iterator<Item = io::Result<Compared>> + 'a {
    files
        .iter()
        .map(move |&(path, bytes)| compare_file(path, bytes, style))
}

/// Compares one file with the bytes an update would write.
pub fn compare_file(path: &Path, bytes: &[u8], style: Style) -> io::Result<Compared> {
    let name = path.display().to_string();
    let existing = match std::fs::read(path) {
        Ok(existing) => Some(existing),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => {
            return Err(io::Error::new(
                error.kind(),
                format!("cannot read {name}: {error}"),
            ))
        }
    };
    if existing.as_deref() == Some(bytes) {
        return Ok(Compared {
            name,
            difference: None,
        });
    }
    let mut diff = Vec::new();
    write_diff(&mut diff, &name, existing.as_deref(), bytes, style)?;
    Ok(Compared {
        difference: Some(Difference {
            missing: existing.is_none(),
            diff,
        }),
        name,
    })
}

/// A unified diff of `old` (absent: empty, shown as `/dev/null`) against `new`, line by
/// line over the exact text.
fn write_diff(
    out: &mut dyn Write,
    name: &str,
    old: Option<&[u8]>,
    new: &[u8],
    style: Style,
) -> io::Result<()> {
    let paint = |out: &mut dyn Write, colour: &str, text: &[u8]| -> io::Result<()> {
        if style.color {
            out.write_all(colour.as_bytes())?;
            out.write_all(text)?;
            out.write_all(RESET.as_bytes())
        } else {
            out.write_all(text)
        }
    };
    let old_header = match old {
        Some(_) => format!("--- a/{name}"),
        None => "--- /dev/null".to_string(),
    };
    paint(out, BOLD, old_header.as_bytes())?;
    out.write_all(b"\n")?;
    paint(out, BOLD, format!("+++ b/{name}").as_bytes())?;
    out.write_all(b"\n")?;
    // Documents are UTF-8; a file on disk that is not shows U+FFFD where its bytes are
    // invalid (the comparison itself is of bytes).
    let old = String::from_utf8_lossy(old.unwrap_or_default());
    let new = String::from_utf8_lossy(new);
    let diff = TextDiff::from_lines(old.as_ref(), new.as_ref());
    let unified = diff.unified_diff();
    let mut any_hunk = false;
    for hunk in unified.iter_hunks() {
        any_hunk = true;
        paint(out, CYAN, hunk.header().to_string().as_bytes())?;
        out.write_all(b"\n")?;
        for change in hunk.iter_changes() {
            let (tag, colour) = match change.tag() {
                ChangeTag::Delete => (b'-', Some(RED)),
                ChangeTag::Insert => (b'+', Some(GREEN)),
                ChangeTag::Equal => (b' ', None),
            };
            let value = change.value().as_bytes();
            let (text, terminated) = match value.strip_suffix(b"\n") {
                Some(text) => (text, true),
                None => (value, false),
            };
            let mut line = Vec::with_capacity(text.len() + 1);
            line.push(tag);
            line.extend_from_slice(text);
            match colour {
                Some(colour) => paint(out, colour, &line)?,
                None => out.write_all(&line)?,
            }
            out.write_all(b"\n")?;
            if !terminated {
                out.write_all(b"\\ No newline at end of file\n")?;
            }
        }
    }
    if !any_hunk {
        // Only possible for an empty document against a missing file.
        out.write_all(b"(no lines: the file would be created empty)\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_missing_final_newline_and_colours() {
        let mut out = Vec::new();
        write_diff(&mut out, "x", Some(b"a\nb"), b"a\nc\n", Style::default()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
        );
        let mut out = Vec::new();
        write_diff(&mut out, "x", None, b"a\n", Style { color: true }).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\x1b[1m--- /dev/null\x1b[0m\n\x1b[1m+++ b/x\x1b[0m\n\
             \x1b[36m@@ -0,0 +1 @@\x1b[0m\n\x1b[32m+a\x1b[0m\n"
        );
    }
}
