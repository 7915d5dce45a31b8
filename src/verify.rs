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

use std::ops::Range;

use similar::udiff::UnifiedHunkHeader;
use similar::{ChangeTag, DiffOp, TextDiff};

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

/// A file's change known to the caller: the text it was made from, and the line ranges of
/// that text (0-based, split after each `\n`, end exclusive) replaced by line ranges of the
/// new bytes, in order; every other line is kept. The diff is then rendered from it, in time
/// linear in the lines, instead of searched for (Myers' search costs the lines times the
/// changes: minutes for a manifest with thousands of changes).
pub struct Known<'a> {
    pub from: &'a [u8],
    pub replaced: &'a [LineEdit],
}

/// Lines of the old text (a range) replaced by lines of the new one.
pub type LineEdit = (Range<usize>, Range<usize>);

/// Compares one file with the bytes an update would write; an unreadable file (other than a
/// missing one) is an error naming it. With a `known` change, the diff is rendered from it
/// when the file still holds `known.from` (else it is searched for, as without one).
pub fn compare_known(
    path: &Path,
    bytes: &[u8],
    known: Option<&Known>,
    style: Style,
) -> io::Result<Compared> {
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
    let known = known.filter(|k| existing.as_deref() == Some(k.from));
    let mut diff = Vec::new();
    write_diff(&mut diff, &name, existing.as_deref(), bytes, known, style)?;
    Ok(Compared {
        difference: Some(Difference {
            missing: existing.is_none(),
            diff,
        }),
        name,
    })
}

/// A unified diff of `old` (absent: empty, shown as `/dev/null`) against `new`, line by
/// line over the exact text: from the `known` change when given and consistent with the
/// lines, else searched for.
fn write_diff(
    out: &mut dyn Write,
    name: &str,
    old: Option<&[u8]>,
    new: &[u8],
    known: Option<&Known>,
    style: Style,
) -> io::Result<()> {
    let old_header = match old {
        Some(_) => format!("--- a/{name}"),
        None => "--- /dev/null".to_string(),
    };
    paint(out, style, BOLD, old_header.as_bytes())?;
    out.write_all(b"\n")?;
    paint(out, style, BOLD, format!("+++ b/{name}").as_bytes())?;
    out.write_all(b"\n")?;
    // Documents are UTF-8; a file on disk that is not shows U+FFFD where its bytes are
    // invalid (the comparison itself is of bytes).
    let old = String::from_utf8_lossy(old.unwrap_or_default());
    let new = String::from_utf8_lossy(new);
    let known = known.and_then(|k| {
        let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
        let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
        let ops = known_ops(k.replaced, &old_lines, &new_lines)?;
        Some((
            similar::group_diff_ops(ops, CONTEXT_LINES),
            old_lines,
            new_lines,
        ))
    });
    // similar's lines end at `\n`, `\r\n` or a lone `\r`; the known change's at `\n`.
    let searched;
    let (groups, old_lines, new_lines) = match known {
        Some((groups, old_lines, new_lines)) => (groups, old_lines, new_lines),
        None => {
            searched = TextDiff::from_lines(old.as_ref(), new.as_ref());
            let groups = searched.grouped_ops(CONTEXT_LINES);
            let old_lines = searched.old_slices().to_vec();
            let new_lines = searched.new_slices().to_vec();
            (groups, old_lines, new_lines)
        }
    };
    if groups.is_empty() {
        // Only possible for an empty document against a missing file.
        out.write_all(b"(no lines: the file would be created empty)\n")?;
    }
    for group in groups {
        write_hunk(out, &group, &old_lines, &new_lines, style)?;
    }
    Ok(())
}

/// Lines of context around each change, as `diff -u` shows.
const CONTEXT_LINES: usize = 3;

fn paint(out: &mut dyn Write, style: Style, colour: &str, text: &[u8]) -> io::Result<()> {
    if style.color {
        out.write_all(colour.as_bytes())?;
        out.write_all(text)?;
        out.write_all(RESET.as_bytes())
    } else {
        out.write_all(text)
    }
}

/// One hunk: its `@@` header and its lines.
fn write_hunk(
    out: &mut dyn Write,
    ops: &[DiffOp],
    old_lines: &[&str],
    new_lines: &[&str],
    style: Style,
) -> io::Result<()> {
    paint(
        out,
        style,
        CYAN,
        UnifiedHunkHeader::new(ops).to_string().as_bytes(),
    )?;
    out.write_all(b"\n")?;
    for op in ops {
        for change in op.iter_changes(old_lines, new_lines) {
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
                Some(colour) => paint(out, style, colour, &line)?,
                None => out.write_all(&line)?,
            }
            out.write_all(b"\n")?;
            if !terminated {
                out.write_all(b"\\ No newline at end of file\n")?;
            }
        }
    }
    Ok(())
}

/// The diff operations of a known change of `old` into `new` lines; `None` when the ranges
/// do not fit them (out of order, or not covering the lines as kept lines would). A
/// replaced region of at most [`REFINED_LINES`] lines is diffed line by line (a rewritten
/// list shows the one value that changed, as a searched diff would).
fn known_ops(replaced: &[LineEdit], old: &[&str], new: &[&str]) -> Option<Vec<DiffOp>> {
    let mut ops = Vec::with_capacity(replaced.len() * 2 + 1);
    let (mut old_at, mut new_at) = (0usize, 0usize);
    for (old_range, new_range) in replaced {
        let kept = old_range.start.checked_sub(old_at)?;
        let fits = new_range.start.checked_sub(new_at)? == kept
            && old_range.start <= old_range.end
            && new_range.start <= new_range.end
            && old_range.end <= old.len()
            && new_range.end <= new.len();
        if !fits {
            return None;
        }
        if kept > 0 {
            ops.push(DiffOp::Equal {
                old_index: old_at,
                new_index: new_at,
                len: kept,
            });
        }
        let (old_index, new_index) = (old_range.start, new_range.start);
        match (old_range.len(), new_range.len()) {
            (0, 0) => {}
            (0, new_len) => ops.push(DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            }),
            (old_len, 0) => ops.push(DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            }),
            (old_len, new_len) if old_len + new_len > REFINED_LINES => ops.push(DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            }),
            _ => {
                let region = similar::capture_diff_slices(
                    similar::Algorithm::Myers,
                    &old[old_range.clone()],
                    &new[new_range.clone()],
                );
                ops.extend(
                    region
                        .into_iter()
                        .map(|op| shifted(op, old_index, new_index)),
                );
            }
        }
        old_at = old_range.end;
        new_at = new_range.end;
    }
    let kept = old.len().checked_sub(old_at)?;
    if new.len().checked_sub(new_at)? != kept {
        return None;
    }
    if kept > 0 {
        ops.push(DiffOp::Equal {
            old_index: old_at,
            new_index: new_at,
            len: kept,
        });
    }
    Some(merge_equal_runs(ops))
}

/// Adjacent `Equal` operations as one (a region's diff may start or end with one), so hunks
/// split at long unchanged runs as a searched diff's do.
fn merge_equal_runs(ops: Vec<DiffOp>) -> Vec<DiffOp> {
    let mut merged: Vec<DiffOp> = Vec::with_capacity(ops.len());
    for op in ops {
        if let (Some(DiffOp::Equal { len, .. }), DiffOp::Equal { len: more, .. }) =
            (merged.last_mut(), &op)
        {
            *len += more;
            continue;
        }
        merged.push(op);
    }
    merged
}

/// A replaced region larger than this (old and new lines together) is shown as replaced
/// whole: the line-by-line search costs its lines times its changes.
const REFINED_LINES: usize = 2000;

/// An operation of a region's diff, in the coordinates of the whole texts.
fn shifted(op: DiffOp, old_by: usize, new_by: usize) -> DiffOp {
    match op {
        DiffOp::Equal {
            old_index,
            new_index,
            len,
        } => DiffOp::Equal {
            old_index: old_index + old_by,
            new_index: new_index + new_by,
            len,
        },
        DiffOp::Delete {
            old_index,
            old_len,
            new_index,
        } => DiffOp::Delete {
            old_index: old_index + old_by,
            old_len,
            new_index: new_index + new_by,
        },
        DiffOp::Insert {
            old_index,
            new_index,
            new_len,
        } => DiffOp::Insert {
            old_index: old_index + old_by,
            new_index: new_index + new_by,
            new_len,
        },
        DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } => DiffOp::Replace {
            old_index: old_index + old_by,
            old_len,
            new_index: new_index + new_by,
            new_len,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known change gives the diff a search gives: replaced regions are diffed line by
    /// line, unchanged runs split hunks the same way.
    #[test]
    fn a_known_change_renders_as_the_searched_diff() {
        let old: String = (0..40).map(|i| format!("line {i}\n")).collect();
        let mut new_lines: Vec<String> = old.lines().map(|l| format!("{l}\n")).collect();
        // Line 5 replaced by two lines (one the same), 2 inserted before 20, 30 removed.
        new_lines.splice(5..6, ["new a\n".to_string(), "line 5\n".to_string()]);
        new_lines.splice(21..21, ["x\n".to_string(), "y\n".to_string()]);
        new_lines.remove(33);
        let new: String = new_lines.concat();
        let replaced = [(5..6, 5..7), (20..20, 21..23), (30..31, 33..33)];
        let known = Known {
            from: old.as_bytes(),
            replaced: &replaced,
        };
        let render = |known: Option<&Known>| {
            let mut out = Vec::new();
            write_diff(
                &mut out,
                "f",
                Some(old.as_bytes()),
                new.as_bytes(),
                known,
                Style::default(),
            )
            .unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(render(Some(&known)), render(None));
        // Ranges that do not fit the texts fall back to the search.
        let wrong = [(5..6, 9..10)];
        let known = Known {
            from: old.as_bytes(),
            replaced: &wrong,
        };
        assert_eq!(render(Some(&known)), render(None));
    }

    #[test]
    fn diff_marks_missing_final_newline_and_colours() {
        let mut out = Vec::new();
        write_diff(
            &mut out,
            "x",
            Some(b"a\nb"),
            b"a\nc\n",
            None,
            Style::default(),
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
        );
        let mut out = Vec::new();
        write_diff(&mut out, "x", None, b"a\n", None, Style { color: true }).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\x1b[1m--- /dev/null\x1b[0m\n\x1b[1m+++ b/x\x1b[0m\n\
             \x1b[36m@@ -0,0 +1 @@\x1b[0m\n\x1b[32m+a\x1b[0m\n"
        );
    }
}
