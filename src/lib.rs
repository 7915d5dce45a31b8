//! union-gen: Go API types with marker comments → OpenAPI v2/v3 documents with `enum` lists
//! and `x-kubernetes-unions`, union checks, and CEL rules that enforce unions.
//!
//! The pipeline runs one way (see ARCHITECTURE.md):
//! [`discover`] → [`load`] + [`syntax`] → [`resolve`] → [`schema`] → [`emit`], with
//! diagnostics collected as values and rendered once by [`diag`]. [`pipeline`] runs it on a
//! plain configuration; [`crd`] patches CRD manifests with its model; [`write`] and
//! [`verify`] are the only ways results reach the disk or are compared with it. [`cli`] is
//! the command layer on top: the only module that parses a command line.

pub mod cli;
pub mod controller_gen_versions;
pub mod crd;
pub mod diag;
pub mod discover;
pub mod emit;
pub mod exit;
pub mod golit;
pub mod gosort;
pub mod kube_openapi_versions;
pub mod limits;
pub mod load;
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
pub mod verify;
pub mod write;

pub use cli::{run, run_with_output};
