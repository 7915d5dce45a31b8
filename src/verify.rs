//! `--verify` (of `generate` and `crd`): compares the bytes an update would write with the
//! files on disk.
//!
//! Input: (path, bytes) pairs (already made in memory), the command line as typed. Output: a
//! report on stdout and an exit code. Nothing on disk is touched: files are only read.
//!
//! Report, in one stream so that CI logs keep its order:
//! - all equal: exactly one line, `union-gen: <files> up to date` (exit 0);
//! - otherwise, per differing file: with `--message-format github` an `::error file=…`
//!   workflow command, a note when the file is missing, then a unified diff (`--- a/<path>`,
//!   `+++ b/<path>`, `/dev/null` for a missing file) of the exact bytes on disk against the
//!   exact bytes the update would write, so `… --verify | git apply` performs the update;
//!   finally one line naming the update command (exit 1).

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;

use similar::{ChangeTag, TextDiff};

use crate::diag::github_escape;
use crate::exit;

/// How the report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// ANSI colours: red removals, green additions, cyan hunk headers.
    pub color: bool,
}

impl Style {
    /// Colour only when stdout is a terminal and `NO_COLOR` is unset.
    pub fn for_stdout() -> Style {
        use std::io::IsTerminal;
        Style {
            color: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// How the report is addressed.
#[derive(Debug, Clone)]
pub struct Report {
    /// What to run to update the files: [`update_command`]. (An earlier version named a
    /// `hack/update-*.sh` it found instead, with this command line as what the script
    /// "runs", which it could not know: a script passing other flags, or a verify run with
    /// `--report`, made the hint wrong. A verify script names its update script itself.)
    pub update: String,
    /// `::error` workflow commands for GitHub Actions (`--message-format github`).
    pub github_annotations: bool,
    pub style: Style,
}

/// Compares each file with the bytes an update would write and prints the report.
pub fn verify(
    files: &[(&Path, &[u8])],
    report_as: &Report,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    match report(files, report_as, out) {
        Ok(code) => code,
        Err(error) => {
            let _ = writeln!(err, "error: {error}");
            exit::USAGE_OR_IO
        }
    }
}

fn report(files: &[(&Path, &[u8])], report_as: &Report, out: &mut dyn Write) -> io::Result<u8> {
    let mut checked = Vec::new();
    let mut differing = Vec::new();
    for &(path, bytes) in files {
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
        checked.push(name.clone());
        if existing.as_deref() == Some(bytes) {
            continue;
        }
        differing.push((name, existing));
        let (name, existing) = differing.last().expect("just pushed");
        if let Some(annotation) = annotation(report_as.github_annotations, name, &report_as.update)
        {
            writeln!(out, "{annotation}")?;
        }
        if existing.is_none() {
            writeln!(
                out,
                "union-gen: {name} does not exist; diff against an empty file:"
            )?;
        }
        write_diff(out, name, existing.as_deref(), bytes, report_as.style)?;
    }
    if differing.is_empty() {
        writeln!(out, "union-gen: {} up to date", checked.join(", "))?;
        out.flush()?;
        return Ok(exit::SUCCESS);
    }
    writeln!(
        out,
        "union-gen: {} of {} file(s) out of date; to update, run: {}",
        differing.len(),
        checked.len(),
        report_as.update
    )?;
    out.flush()?;
    Ok(exit::FAILURE)
}

/// The `::error` workflow command for a differing file, with `--message-format github`.
fn annotation(github: bool, name: &str, update: &str) -> Option<String> {
    github.then(|| {
        format!(
            "::error file={},title=union-gen/verify::{}",
            github_escape(name, true),
            github_escape(&format!("{name} is out of date; run {update}"), false)
        )
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

/// The command line as typed, without `--verify`, quoted for a POSIX shell. The program is
/// named by its file name (`union-gen`), not by the path it was started from.
pub fn update_command(args: &[OsString]) -> String {
    let mut words = Vec::new();
    let mut options_ended = false;
    for (index, arg) in args.iter().enumerate() {
        let text = arg.to_string_lossy();
        if index == 0 {
            let program = Path::new(arg)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "union-gen".into());
            words.push(shell_quote(&program));
            continue;
        }
        if !options_ended && text == "--verify" {
            continue;
        }
        if text == "--" {
            options_ended = true;
        }
        words.push(shell_quote(&text));
    }
    words.join(" ")
}

/// Quotes `word` for a POSIX shell when it holds anything but unambiguous characters.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%^".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn update_command_drops_verify_and_quotes() {
        assert_eq!(
            update_command(&os(&[
                "/usr/local/bin/union-gen",
                "generate",
                "--verify",
                "--v2",
                "a b/swagger.json",
                "./...",
            ])),
            "union-gen generate --v2 'a b/swagger.json' ./..."
        );
        assert_eq!(
            update_command(&os(&[
                "union-gen",
                "generate",
                "--v3",
                "it's",
                "--",
                "--verify"
            ])),
            r"union-gen generate --v3 'it'\''s' -- --verify"
        );
    }

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
