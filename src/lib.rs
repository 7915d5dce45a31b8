//! union-gen: Go API types with marker comments → OpenAPI v2/v3 documents with `enum` lists
//! and `x-kubernetes-unions`, union checks, and CEL rules that enforce unions.
//!
//! The pipeline runs one way (see ARCHITECTURE.md):
//! `discover` → `load` + [`syntax`] → [`resolve`] → [`schema`] → `emit`, with
//! diagnostics collected as values and rendered once by [`diag`]. [`pipeline`] runs it on a
//! plain configuration; [`crd`] patches CRD manifests with its model; `write` and
//! `verify` are the only ways results reach the disk or are compared with it. [`cli`] is
//! the command layer on top: the only module that parses a command line.

// The surface: what the binary (`run`), the tests and the fuzz targets use; the other stages
// are private to the crate. `crd`, `kube_openapi_versions`, `pipeline` and `validate` are
// still public: private, they show items nothing uses yet (to remove with their owners);
// `limits` is public for the documentation of the bounds that public items link to.
pub mod cel_limits;
pub mod cli;
pub mod controller_gen_versions;
pub mod crd;
pub mod diag;
pub mod discover;
mod emit;
mod exit;
pub mod golit;
pub mod gosort;
pub mod kube_openapi_versions;
pub mod kube_yaml;
pub mod limits;
mod load;
mod lsp;
pub mod manifests;
pub mod markers;
pub mod model;
pub mod modules;
pub mod pipeline;
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
