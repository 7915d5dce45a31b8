//! Go marker comments: their syntax (`parse`) and what this tool knows about each name
//! ([`registry`]: family, placement, value grammar, wrappers).
//!
//! Input: one comment line's text. Output: a [`Marker`] (syntax), and for a known name its
//! [`registry::MarkerDef`]. Must not know: where a comment sits in a file (that is `syntax`),
//! types or unions (that is `resolve`).

pub(crate) mod controller_gen;
pub(crate) mod meaning;
pub(crate) mod parse;
// Public although only the crate reads it: clippy would otherwise ask to rename
// `registry::Value::MemberValue` (the marker's own name), in a file every helper edits.
pub mod registry;
pub(crate) mod validation;

pub use parse::{parse_marker, Gate, Marker, MarkerArg, MarkerError};

/// The kind of comment a line comes from: the tools read markers from different ones
/// (docs/research/comment-attachment.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentKind {
    /// `// …` above a declaration: every tool reads its markers.
    Line,
    /// A line of `/* … */`: gengo (openapi-gen) reads it when its text starts with `+` after
    /// spaces (not tabs, not ` * `); controller-gen never reads markers there.
    Block,
    /// A same-line comment after a field, given to the field on the next line: gengo reads it
    /// as that field's doc comment; controller-gen ignores it.
    Trailing,
}

/// Whether the tool that owns the marker `name` reads it on a line of this kind of comment.
/// `text` is the line as written (after `//`, or inside `/* */`).
pub fn read_in(kind: CommentKind, text: &str, name: &str) -> bool {
    let controller_gen = name.starts_with("kubebuilder:");
    match kind {
        CommentKind::Line => true,
        CommentKind::Block => !controller_gen && text.trim_start_matches(' ').starts_with('+'),
        CommentKind::Trailing => !controller_gen,
    }
}

/// `XValidation`'s `reason`, as controller-gen checks it: empty, or one of the four field
/// error types the API server accepts (`ApplyToSchema` and the marker's own check alike).
pub fn check_x_validation_reason(reason: &str) -> Result<(), String> {
    const REASONS: [&str; 4] = [
        "FieldValueRequired",
        "FieldValueInvalid",
        "FieldValueForbidden",
        "FieldValueDuplicate",
    ];
    if reason.is_empty() || REASONS.contains(&reason) {
        return Ok(());
    }
    Err(format!(
        "invalid reason {reason}, valid values are {}, {}, {} and {}",
        REASONS[0], REASONS[1], REASONS[2], REASONS[3]
    ))
}
