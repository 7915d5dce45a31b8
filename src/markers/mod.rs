//! Go marker comments: their syntax ([`parse`]) and what this tool knows about each name
//! ([`registry`]: family, placement, value grammar, wrappers).
//!
//! Input: one comment line's text. Output: a [`Marker`] (syntax), and for a known name its
//! [`registry::MarkerDef`]. Must not know: where a comment sits in a file (that is `syntax`),
//! types or unions (that is `resolve`).

pub mod parse;
pub mod registry;
pub mod validation;

pub use parse::{parse_marker, Gate, Marker, MarkerArg, MarkerError};
