//! `union-gen crd FILE… --packages PATTERN…`: patch the manifests in memory ([`crate::crd`]),
//! print the diagnostics, then write the changed manifests — or, with `--verify`, compare.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{verify, Terminal};
use crate::diag::{self, Code, Levels, MessageFormat};
use crate::{crd, exit, write};

/// How a `crd` run reports and ends.
pub(super) struct How<'a> {
    pub verify_only: bool,
    pub message_format: MessageFormat,
    pub levels: &'a Levels,
}

pub(super) fn command(
    options: &crd::Options,
    how: &How,
    terminal: &Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let message_format = how.message_format;
    let manifests = crd::Manifests::read(&options.files);
    let analysis = crate::pipeline::thread_pool(options.jobs).and_then(|pool| {
        pool.install(|| {
            crate::pipeline::analyse(
                &options.packages,
                crate::resolve::Options {
                    dependency_definitions: true,
                    openapi_gen: false,
                    kubebuilder: false,
                },
                &manifests.roots(),
                crate::resolve::Outside::Drop,
                &mut crate::pipeline::Timings::from_env(),
            )
        })
    });
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(error) => return super::usage_error(&error, message_format, err),
    };
    let mut outcome = crd::run(
        options,
        manifests,
        analysis.loaded,
        analysis.model,
        analysis.diagnostics,
    );
    for message in &outcome.unreadable {
        super::report_run(Code::IoUnreadable, message, message_format, err);
    }
    how.levels.apply(&mut outcome.diagnostics);
    let _ = diag::render(&outcome.diagnostics, &outcome.sources, message_format, err);
    super::print_summary(&outcome.diagnostics, message_format, err);
    if outcome.environment_failed() {
        return exit::USAGE_OR_IO;
    }
    if diag::has_errors(&outcome.diagnostics) {
        return exit::FAILURE;
    }
    let patched: Vec<(&Path, &str, &crd::Patched)> = outcome
        .manifests
        .iter()
        .filter_map(|m| Some((m.path.as_path(), m.text.as_str(), m.patched.as_ref()?)))
        .collect();
    if how.verify_only {
        let files: Vec<(&Path, &[u8])> = patched
            .iter()
            .map(|(path, _, p)| (*path, p.text.as_bytes()))
            .collect();
        // The patch knows its changes: the diff is rendered from them, not searched for.
        let replaced: Vec<Option<Vec<crate::verify::LineEdit>>> = patched
            .iter()
            .map(|(_, _, p)| {
                let edits = p.edits.as_ref()?;
                Some(
                    edits
                        .iter()
                        .map(|e| (e.old.clone(), e.new.clone()))
                        .collect(),
                )
            })
            .collect();
        let known: Vec<Option<crate::verify::Known>> = patched
            .iter()
            .zip(&replaced)
            .map(|((_, text, _), replaced)| {
                Some(crate::verify::Known {
                    from: text.as_bytes(),
                    replaced: replaced.as_deref()?,
                })
            })
            .collect();
        let report = verify::Report {
            update: verify::update_command(terminal.command_line),
            github_annotations: message_format == MessageFormat::Github,
            style: terminal.stdout_style,
            written_as: None,
        };
        return verify::verify_known(&files, &known, &report, out, err);
    }
    write_changed(&patched, options.force, message_format, out, err)
}

/// Writes the manifests the patch changed, each with a line saying what changed. A manifest
/// named by a symbolic link is written through it (the target is patched, the link stays); a
/// read-only one is refused unless `--force`; one that changed since it was read is never
/// replaced ([`write::edit_all_or_nothing`]).
fn write_changed(
    patched: &[(&Path, &str, &crd::Patched)],
    force: bool,
    message_format: MessageFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    // All files or none: a failure on one leaves every manifest as it was.
    let changed: Vec<&(&Path, &str, &crd::Patched)> = patched
        .iter()
        .filter(|(_, text, p)| p.text != *text)
        .collect();
    let targets: Vec<PathBuf> = changed
        .iter()
        .map(|(path, ..)| write::link_target(path))
        .collect();
    if !force {
        let read_only: Vec<&PathBuf> = targets.iter().filter(|t| write::is_read_only(t)).collect();
        for target in &read_only {
            let message = format!(
                "{} is read-only: union-gen does not replace a read-only manifest (make it \
                 writable, or pass --force to replace it; it stays read-only); nothing was \
                 written",
                target.display()
            );
            super::report_run(Code::IoUnwritable, &message, message_format, err);
        }
        if !read_only.is_empty() {
            return exit::USAGE_OR_IO;
        }
    }
    let edits: Vec<write::Edit> = changed
        .iter()
        .zip(&targets)
        .map(|((_, text, p), target)| write::Edit {
            path: target,
            bytes: p.text.as_bytes(),
            read: text.as_bytes(),
        })
        .collect();
    if let Err((path, error)) = write::edit_all_or_nothing(&edits) {
        let message = format!("cannot write {}: {error}", path.display());
        super::report_run(Code::IoUnwritable, &message, message_format, err);
        return exit::USAGE_OR_IO;
    }
    for (path, _, p) in changed {
        let mut stale = String::new();
        if p.rewritten_enums > 0 {
            stale.push_str(&format!(
                "; rewrote {} stale enum list(s)",
                p.rewritten_enums
            ));
        }
        if p.removed_rules > 0 {
            stale.push_str(&format!(
                "; removed {} stale union rule(s)",
                p.removed_rules
            ));
        }
        let _ = writeln!(
            out,
            "union-gen: {}: added {} enum list(s) and {} validation rule(s){stale}",
            path.display(),
            p.enums,
            p.rules
        );
    }
    exit::SUCCESS
}
