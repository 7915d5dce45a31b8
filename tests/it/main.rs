//! The integration tests: one test binary (ripgrep's layout), one module per area, and the
//! shared [`harness`] (in-process and subprocess runners, `generate` and `openapi-gen`
//! wrappers, the JSON diagnostics reader, the one reader of a document's definitions, the
//! snapshot helper, scratch modules, diagnostics cases as files): a module needing one of
//! these uses the harness's, never a copy of its own. Snapshots are in `snapshots/`.

// Tests write their scratch files and print what they compare.
#![allow(clippy::disallowed_methods, clippy::print_stdout, clippy::print_stderr)]

mod harness;

mod cel;
mod command_line;
mod compat;
mod controller_gen;
mod crd;
mod dependencies;
mod diagnostics;
mod dialects;
mod docs;
mod e2e;
mod enums;
mod gengo_reads;
mod go_output;
mod grammar;
mod hostile;
mod lsp;
mod manifests;
mod openapi_gen_versions;
mod parity;
mod properties;
mod robustness;
mod schema_methods;
mod tidy;
mod unions;
mod validate;
mod validation_gen;
mod workflow;
mod write_safety;
