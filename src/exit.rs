//! Exit codes of the `union-gen` binary.

/// Success; warnings allowed.
pub const SUCCESS: u8 = 0;
/// An error-severity diagnostic, or a `--verify` mismatch.
pub const FAILURE: u8 = 1;
/// Usage, I/O or internal error.
pub const USAGE_OR_IO: u8 = 2;
