//! Diagnostics as values: every stage pushes [`Diagnostic`]s into a list; `render` turns the
//! sorted list into human (miette), JSON-lines or GitHub output once, at the end.
//!
//! Input: diagnostics from any stage plus the [`SourceMap`]. Output: text on a writer.
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

/// True when any diagnostic is an error (the run then exits 1 and writes nothing).
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}
