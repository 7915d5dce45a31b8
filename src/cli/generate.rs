//! `union-gen generate` and `union-gen check` (a `generate` without outputs): run the
//! pipeline, print its diagnostics, then write the documents — or, with `--verify`, compare
//! them with the files.

use std::io::Write;
use std::path::Path;

use super::{verify, Terminal};
use crate::diag::{self, Code, Diagnostic, Levels, MessageFormat};
use crate::pipeline::{self, Config, Destination};
use crate::{exit, write};

/// What the command line itself found and asked for, before the pipeline runs.
pub(super) struct Before {
    /// `--force`: write over inputs and foreign files (see [`super::outputs`]).
    pub force: bool,
    /// Findings about the command line (deprecated flags), reported with the run's.
    pub findings: Vec<Diagnostic>,
}

pub(super) fn command(
    config: &Config,
    levels: &Levels,
    before: Before,
    terminal: &Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let targets = super::outputs::targets(&config.outputs);
    if !config.verify {
        if let Err(error) = super::outputs::check_paths(&targets, before.force) {
            return super::usage_error(&error, config.message_format, err);
        }
    }
    let mut run = match pipeline::run(config) {
        Ok(run) => run,
        Err(error) => return super::usage_error(&error, config.message_format, err),
    };
    run.diagnostics.splice(0..0, before.findings);
    levels.apply(&mut run.diagnostics);
    let hidden = levels.hide_dependency_warnings(&mut run.diagnostics, &run.dependency_files);
    let _ = diag::render(&run.diagnostics, &run.sources, config.message_format, err);
    if let MessageFormat::Human { .. } = config.message_format {
        if let Some(line) = diag::summary_with_hidden(&run.diagnostics, hidden) {
            let _ = writeln!(err, "{line}");
        }
    }
    if let Some(timings) = &run.timings {
        let _ = writeln!(err, "{timings}");
    }
    if run
        .diagnostics
        .iter()
        .any(|d| d.code == Code::IoUnreadable && d.severity == diag::Severity::Error)
    {
        // An input that cannot be read is an I/O error (docs/src/usage.md, exit codes), not a finding
        // about the code.
        return exit::USAGE_OR_IO;
    }
    if diag::has_errors(&run.diagnostics) {
        return exit::FAILURE;
    }
    let files: Vec<(&Path, &[u8])> = config
        .outputs
        .iter()
        .zip(&run.documents)
        .filter_map(|(output, bytes)| match &output.destination {
            Destination::File(path) => Some((path.as_path(), bytes.as_slice())),
            Destination::Stdout => None,
        })
        .collect();
    if config.verify {
        let report = verify::Report {
            update: verify::update_command(terminal.command_line),
            github_annotations: config.message_format == MessageFormat::Github,
            style: terminal.stdout_style,
        };
        return verify::verify(&files, &report, out, err);
    }
    // Files all or none: every temporary is written, then the devices and stdout, and only
    // when all of that worked are the temporaries renamed into place (a full disk, a closed
    // stdout or an unwritable second output leaves every file as it was).
    let stdout_documents: Vec<&[u8]> = config
        .outputs
        .iter()
        .zip(&run.documents)
        .filter(|(output, _)| output.destination == Destination::Stdout)
        .map(|(_, bytes)| bytes.as_slice())
        .collect();
    let to_stdout = || -> std::io::Result<()> {
        for bytes in &stdout_documents {
            out.write_all(bytes)?;
        }
        out.flush()
    };
    if let Err(failure) = write::all_or_nothing_then(&files, to_stdout) {
        let message = match failure {
            write::Failure::Last(error) => {
                format!("cannot write to stdout: {error}; no file was changed")
            }
            write::Failure::File(path, error) => {
                format!("cannot write {}: {error}", path.display())
            }
        };
        super::report_run(Code::IoUnwritable, &message, config.message_format, err);
        return exit::USAGE_OR_IO;
    }
    exit::SUCCESS
}
