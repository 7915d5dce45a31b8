//! `union-gen validate OBJECT_FILE… --crd MANIFEST / --packages PATTERN…`: validate the objects
//! ([`crate::validate`]), print the diagnostics (and, with `--output json`, one line per
//! object on stdout); exit 1 when an object is invalid.

use std::io::Write;

use crate::diag::{self, Code, Levels, MessageFormat};
use crate::{exit, validate};

pub(super) fn command(
    options: &validate::Options,
    format: MessageFormat,
    levels: &Levels,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut outcome = match validate::run(options) {
        Ok(outcome) => outcome,
        Err(error) => return super::usage_error(&error, format, err),
    };
    for message in &outcome.unreadable {
        super::report_run(Code::IoUnreadable, message, format, err);
    }
    levels.apply(&mut outcome.diagnostics);
    let _ = diag::render(&outcome.diagnostics, &outcome.sources, format, err);
    super::print_summary(&outcome.diagnostics, format, err);
    if json {
        for verdict in &outcome.verdicts {
            let file = outcome.sources.get(verdict.file);
            let (line, column) = file.line_col(verdict.offset);
            let causes: Vec<serde_json::Value> = verdict
                .causes
                .iter()
                .flatten()
                .map(|(cause, at)| {
                    let (line, column) = file.line_col(*at);
                    serde_json::json!({
                        "field": cause.field,
                        "reason": cause.reason.as_str(),
                        "message": cause.message,
                        "line": line,
                        "column": column,
                    })
                })
                .collect();
            let line = serde_json::json!({
                "file": file.path.display().to_string(),
                "line": line,
                "column": column,
                "apiVersion": verdict.api_version,
                "kind": verdict.kind,
                "name": verdict.name,
                "valid": verdict.valid(),
                "causes": causes,
            });
            let _ = writeln!(out, "{line}");
        }
    }
    if std::env::var_os("UNION_GEN_TIMINGS").is_some() {
        let _ = writeln!(
            err,
            "union-gen timings: validate={:.1}ms objects={}",
            outcome.validate_seconds * 1000.0,
            outcome.verdicts.len()
        );
    }
    if !outcome.unreadable.is_empty() {
        return exit::USAGE_OR_IO;
    }
    if diag::has_errors(&outcome.diagnostics) {
        return exit::FAILURE;
    }
    exit::SUCCESS
}
