//! `union-gen generate` and `union-gen check` (a `generate` without outputs): run the
//! pipeline, print its diagnostics, then write the documents — or, with `--verify`, compare
//! them with the files.

use std::io::Write;
use std::path::Path;

use super::Terminal;
use crate::diag::{self, Code, Levels, MessageFormat};
use crate::pipeline::{self, Config, Destination};
use crate::{exit, verify, write};

pub(super) fn command(
    config: &Config,
    levels: &Levels,
    terminal: &Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut run = match pipeline::run(config) {
        Ok(run) => run,
        Err(error) => return super::usage_error(&error, config.message_format, err),
    };
    levels.apply(&mut run.diagnostics);
    let _ = diag::render(&run.diagnostics, &run.sources, config.message_format, err);
    super::print_summary(&run.diagnostics, config.message_format, err);
    if let Some(timings) = &run.timings {
        let _ = writeln!(err, "{timings}");
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
            update: verify::update_hint(terminal.command_line, std::path::Path::new(".")),
            github_annotations: config.message_format == MessageFormat::Github,
            style: terminal.stdout_style,
        };
        return verify::verify(&files, &report, out, err);
    }
    // Files first, all or none (an unwritable second output must not leave the first one
    // changed); then stdout.
    if let Err((path, error)) = write::all_or_nothing(&files) {
        let message = format!("cannot write {}: {error}", path.display());
        super::report_run(Code::IoUnwritable, &message, config.message_format, err);
        return exit::USAGE_OR_IO;
    }
    for (output, bytes) in config.outputs.iter().zip(&run.documents) {
        if let Destination::Stdout = output.destination {
            if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
                return exit::USAGE_OR_IO;
            }
        }
    }
    exit::SUCCESS
}
