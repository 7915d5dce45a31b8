//! union-gen: Go API types with marker comments → OpenAPI v2/v3 documents with `enum` lists
//! and `x-kubernetes-unions`, union checks, and CEL rules that enforce unions.
//!
//! The pipeline runs one way (see ARCHITECTURE.md):
//! `discover` → `load` + [`syntax`] → [`resolve`] → [`schema`] → `emit`, with
//! diagnostics collected as values and rendered once by [`diag`]. `pipeline` runs it on a
//! plain configuration; `crd` patches CRD manifests with its model; `write` and
//! `verify` are the only ways results reach the disk or are compared with it. [`cli`] is
//! the command layer on top: the only module that parses a command line.

// The surface: only what the binary, the tests (`tests/it/`) and the fuzz targets (`fuzz/`)
// use; every other module and item is private to the crate, so the compiler reports what
// nothing uses. Public, and who needs it:
// - `cli`: `run` (the binary), `run_with_output` (the tests, in-process), `args::Cli` (the
//   generated flag reference and man page), `openapi_gen_flags` (openapi-gen's usage text);
// - `diag` (`ALL_CODES`, `Code`, `Diagnostic`) and `source` (`FileId`, `SourceMap`): the
//   diagnostics and grammar tests, the docs' code pages;
// - `syntax` (`parse`, `dump`), `markers` (`parse_marker`), `golit`, `resolve`: the grammar and
//   property tests and the fuzz targets;
// - `model`, `schema` (`schema::cel`): the property tests of the union rules;
// - `discover`, `modules`: the lsp and robustness tests;
// - `kube_yaml`, `cel_limits`, `limits`, `validate` (`rules`, `schema`): the fuzz targets;
// - `manifests`, `controller_gen_versions` (`Behaviour`): the rbac/webhook generators' tests;
//   `yaml_v2_bytes` below: `examples/yaml_v2.rs`.
pub mod cel_limits;
pub mod cli;
pub mod controller_gen_versions;
mod crd;
pub mod diag;
pub mod discover;
mod emit;
mod exit;
pub mod golit;
mod gosort;
mod kube_openapi_versions;
pub mod kube_yaml;
pub mod limits;
mod load;
mod lsp;
pub mod manifests;
pub mod markers;
pub mod model;
pub mod modules;
mod pipeline;
pub mod resolve;
pub mod schema;
pub mod source;
pub mod syntax;
pub mod validate;
mod verify;
mod write;

pub use cli::{run, run_with_output};

/// A JSON value as controller-gen's YAML (gopkg.in/yaml.v2), or the error text when it nests
/// too deep: for `examples/yaml_v2.rs`, union-gen's side of `scripts/compare-yaml-v2/`.
pub fn yaml_v2_bytes(value: &serde_json::Value) -> Result<Vec<u8>, String> {
    emit::yaml_v2::to_bytes(value).map_err(|too_deep| too_deep.to_string())
}
