//! The integration tests: one test binary (ripgrep's layout), one module per area, and the
//! shared [`harness`] (in-process and subprocess runners, the JSON diagnostics reader, the
//! snapshot helper, diagnostics cases as files). Snapshots are in `snapshots/`.

mod harness;

mod cel;
mod command_line;
mod compat;
mod crd;
mod dependencies;
mod diagnostics;
mod dialects;
mod e2e;
mod enums;
mod go_output;
mod grammar;
mod openapi_gen_versions;
mod parity;
mod properties;
mod robustness;
mod schema_methods;
mod unions;
mod validate;
mod validation_gen;
mod workflow;
