//! Diagnostics as values: every stage pushes [`Diagnostic`]s into a list; `render` turns the
//! sorted list into human (miette), JSON-lines or GitHub output once, at the end.
//!
//! Input: diagnostics from any stage plus the [`SourceMap`](crate::source::SourceMap). Output: text on a writer.
//! Must not know: how diagnostics were found.

mod codes;
mod render;

pub use codes::{Code, ALL_CODES};
pub(crate) use render::github_escape;
pub use render::{render, MessageFormat};

use crate::source::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding, located by byte spans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Where the problem is; `None` only for findings about the run itself (no file).
    pub primary: Option<Span>,
    /// Related places, each with a short label.
    pub labels: Vec<(Span, String)>,
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity.
    pub fn new(code: Code, primary: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.default_severity(),
            message: message.into(),
            primary: Some(primary),
            labels: Vec::new(),
            help: None,
        }
    }

    pub fn without_location(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.default_severity(),
            message: message.into(),
            primary: None,
            labels: Vec::new(),
            help: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.labels.push((span, label.into()));
        self
    }
}

/// The line after a human report: `union-gen: 2 errors, 1 warning` and where to read more;
/// `None` without diagnostics.
pub fn summary(diagnostics: &[Diagnostic]) -> Option<String> {
    summary_with_hidden(diagnostics, 0)
}

/// [`summary`], also counting the warnings of dependencies that were not shown
/// ([`Levels::hide_dependency_warnings`]).
pub fn summary_with_hidden(diagnostics: &[Diagnostic], hidden: usize) -> Option<String> {
    if diagnostics.is_empty() {
        return (hidden > 0).then(|| {
            format!(
                "union-gen: 0 errors, 0 warnings ({hidden} in dependencies, not shown: \
                 --show-dependency-warnings shows them)"
            )
        });
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = diagnostics.len() - errors;
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    let example = codes.first().copied().unwrap_or("CODE");
    let more = if codes.len() == 1 {
        format!("`union-gen explain {example}` tells why and how to fix it")
    } else {
        "`union-gen explain CODE` tells why and how to fix each".to_string()
    };
    let hidden = match hidden {
        0 => String::new(),
        n => format!(" ({n} more in dependencies, not shown: --show-dependency-warnings)"),
    };
    Some(format!(
        "union-gen: {}, {}{hidden}; {more}",
        count(errors, "error"),
        count(warnings, "warning")
    ))
}

/// True when any diagnostic is an error (the run then exits 1 and writes nothing).
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// `--deny` / `--allow`: which warnings become errors, and which are not reported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Levels {
    /// `--deny warnings`: every warning is an error.
    pub deny_warnings: bool,
    /// `--deny CODE`: these codes are errors.
    pub deny: Vec<Code>,
    /// `--allow CODE`: these (warning) codes are not reported.
    pub allow: Vec<Code>,
    /// `--show-dependency-warnings`: warnings located in dependencies' files are shown too
    /// (by default they are counted only, as cargo caps the lints of dependencies).
    pub show_dependency_warnings: bool,
}

impl Levels {
    /// Reads `--deny` / `--allow` values. Only warnings can be allowed: an error means the
    /// output would be wrong, so it cannot be switched off.
    pub fn parse(deny: &[String], allow: &[String]) -> Result<Levels, String> {
        let code = |name: &str| {
            Code::from_name(name).ok_or_else(|| {
                let hint = nearest_code(name)
                    .map(|c| format!(" (did you mean `{}`?)", c.as_str()))
                    .unwrap_or_default();
                format!(
                    "unknown diagnostic code `{name}`{hint}; `union-gen explain all` lists them"
                )
            })
        };
        let mut levels = Levels::default();
        for name in deny {
            if name == "warnings" {
                levels.deny_warnings = true;
            } else {
                levels.deny.push(code(name)?);
            }
        }
        for name in allow {
            let allowed = code(name)?;
            if allowed.default_severity() == Severity::Error {
                return Err(format!(
                    "`{name}` is an error, which cannot be allowed: only warnings can"
                ));
            }
            if levels.deny.contains(&allowed) {
                return Err(format!("`{name}` is both denied and allowed"));
            }
            levels.allow.push(allowed);
        }
        Ok(levels)
    }

    /// Takes out the warnings located in `dependency_files` unless they are asked for; how
    /// many. Errors always stay: they block the output, whoever's code they are in.
    pub fn hide_dependency_warnings(
        &self,
        diagnostics: &mut Vec<Diagnostic>,
        dependency_files: &std::collections::HashSet<crate::source::FileId>,
    ) -> usize {
        if self.show_dependency_warnings {
            return 0;
        }
        let before = diagnostics.len();
        diagnostics.retain(|d| {
            d.severity == Severity::Error
                || !d
                    .primary
                    .as_ref()
                    .is_some_and(|span| dependency_files.contains(&span.file))
        });
        before - diagnostics.len()
    }

    /// Applies the levels to a run's diagnostics.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        diagnostics.retain(|d| !self.allow.contains(&d.code));
        for d in diagnostics.iter_mut() {
            if self.deny_warnings || self.deny.contains(&d.code) {
                d.severity = Severity::Error;
            }
        }
    }
}

/// The code nearest to a misspelt one (`explain`, `--deny`, `--allow`), if any is close:
/// at most a third of the name's characters differ.
pub fn nearest_code(name: &str) -> Option<Code> {
    ALL_CODES
        .iter()
        .map(|code| (strsim::levenshtein(name, code.as_str()), *code))
        .filter(|(distance, _)| *distance * 3 <= name.chars().count().max(3))
        .min_by_key(|(distance, code)| (*distance, code.as_str()))
        .map(|(_, code)| code)
}
