//! `--verify`'s report (of `generate` and `crd`): the library's comparison
//! ([`crate::verify`]) printed for people and CI, with the update command from the command
//! line as typed, colour only on a terminal, and the exit code.
//!
//! Report, in one stream so that CI logs keep its order:
//! - all equal: exactly one line, `union-gen: <files> up to date` (exit 0);
//! - otherwise, per differing file: with `--message-format github` an `::error file=…`
//!   workflow command, a note when the file is missing, then the unified diff, so
//!   `… --verify | git apply` performs the update; finally one line naming the update
//!   command (exit 1).

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;

use crate::diag::github_escape;
use crate::exit;
use crate::verify::{self, Style};

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
    /// What the expected bytes are, when that is not obvious (`openapi-gen --verify-only`:
    /// the kube-openapi version whose output they are, and where it was read): said in the
    /// report's last line.
    pub written_as: Option<String>,
}

/// Colour only when stdout is a terminal and `NO_COLOR` is unset.
pub fn style_for_stdout() -> Style {
    use std::io::IsTerminal;
    Style {
        color: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// Compares each file with the bytes an update would write and prints the report; returns
/// the exit code.
pub fn verify(
    files: &[(&Path, &[u8])],
    report_as: &Report,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    verify_known(files, &[], report_as, out, err)
}

/// [`verify`], with the change of each file known where `known` has one (same order as
/// `files`; missing entries are searched for): see [`verify::Known`].
pub fn verify_known(
    files: &[(&Path, &[u8])],
    known: &[Option<verify::Known>],
    report_as: &Report,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    match report(files, known, report_as, out) {
        Ok(code) => code,
        Err(error) => {
            let _ = writeln!(err, "error: {error}");
            exit::USAGE_OR_IO
        }
    }
}

fn report(
    files: &[(&Path, &[u8])],
    known: &[Option<verify::Known>],
    report_as: &Report,
    out: &mut dyn Write,
) -> io::Result<u8> {
    let mut checked = Vec::new();
    let mut n_differing = 0;
    for (index, &(path, bytes)) in files.iter().enumerate() {
        let known = known.get(index).and_then(Option::as_ref);
        let compared = verify::compare_known(path, bytes, known, report_as.style)?;
        checked.push(compared.name.clone());
        let Some(difference) = compared.difference else {
            continue;
        };
        n_differing += 1;
        let name = &compared.name;
        if let Some(annotation) = annotation(report_as.github_annotations, name, &report_as.update)
        {
            writeln!(out, "{annotation}")?;
        }
        if difference.missing {
            writeln!(
                out,
                "union-gen: {name} does not exist; diff against an empty file:"
            )?;
        }
        out.write_all(&difference.diff)?;
    }
    let written_as = report_as
        .written_as
        .as_ref()
        .map_or(String::new(), |what| format!(" ({what})"));
    if n_differing == 0 {
        writeln!(
            out,
            "union-gen: {} up to date{written_as}",
            checked.join(", ")
        )?;
        out.flush()?;
        return Ok(exit::SUCCESS);
    }
    writeln!(
        out,
        "union-gen: {} of {} file(s) out of date{written_as}; to update, run: {}",
        n_differing,
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

/// The command line as typed, without `--verify`, quoted for a POSIX shell. The program is
/// named by its file name (`union-gen`), not by the path it was started from.
pub fn update_command(args: &[OsString]) -> String {
    update_command_without(args, |word| word == "--verify")
}

/// The command line as typed without the options `dropped` says are the verifying ones
/// (before `--`), quoted for a POSIX shell, the program named by its file name.
pub fn update_command_without(args: &[OsString], dropped: impl Fn(&str) -> bool) -> String {
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
        if !options_ended && dropped(&text) {
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
}
