//! Every bound on input size and recursion, in one place.
//!
//! Invariant: every recursive walk over user input is bounded by one of these, so hostile or
//! absurd input (a thousand-level `[][]…T`, an embedding cycle, constants that double at each
//! step) gives a diagnostic or a truncated result, never a stack overflow or a hang. Real API
//! types stay far below each bound (Kubernetes' deepest: a handful of levels).
//!
//! The stack budget behind the depths: worker threads have rayon's default, Rust's 2 MiB
//! thread stack; the deepest walk ([`SYNTAX_NESTING`] levels of tree-sitter nodes, then
//! resolve, schema and emit recursion over the same depth) stays well inside it.

/// How deep type and constant expressions may nest in the source (`[][]…T`, `*…*T`,
/// `struct{ struct{…} }`, `"a" + ("b" + …)`); deeper is a parse error. Every later stage
/// (resolve, schema, emit and its JSON serialisation, all recursive) relies on it.
pub const SYNTAX_NESTING: usize = 100;

/// Parse errors reported per file before the rest are summarised.
pub const PARSE_ERRORS_PER_FILE: usize = 5;

/// How deep gates may wrap gates in one marker (`+k8s:ifEnabled(A)=+k8s:ifEnabled(B)=…`).
pub const GATE_NESTING: usize = 16;

/// How deep the loader follows a type expression for the packages it names.
pub const LOAD_TYPE_NESTING: usize = 256;

/// How deep a written type and the aliases it goes through are resolved together; deeper
/// types (and alias cycles) resolve to an unsupported type that `resolve` reports.
pub const RESOLVE_DEPTH: usize = 64;

/// How deep named types are followed when building a definition (`type A []B; type B map…`).
pub const TYPE_DEPTH: usize = 64;

/// How many levels of inlined embedded structs are followed, both when flattening a
/// struct's fields and when collecting the unions of embedded structs.
pub const EMBEDDING_DEPTH: usize = 64;

/// How deep one constant's definition may refer to other constants.
pub const CONST_DEPTH: usize = 64;

/// Expression nodes visited while evaluating one constant: constants that refer to others
/// several times (`X1 = X0 + X0; X2 = X1 + X1; …`) grow exponentially.
pub const CONST_EVAL_STEPS: usize = 100_000;

/// Bytes of one constant's value.
pub const CONST_BYTES: usize = 1 << 20;

/// How deep a `+default=` JSON value may nest. The document around it adds a few levels,
/// and re-reading the document (YAML output) must stay within serde_json's limit of 128.
pub const DEFAULT_NESTING: usize = 64;

/// How deep the CEL cost estimate follows a CRD schema (`properties`, `items`,
/// `additionalProperties`) when it builds a node's CEL type; deeper nodes are not estimated.
/// Kubernetes itself refuses schemas nested this deep only through the request size.
pub const SCHEMA_NESTING: usize = 128;

/// How deep a document the controller-gen writers' YAML emitter (`emit/yaml_v2.rs`, recursive)
/// writes: a CRD's schema nests as deep as its types (bounded by [`TYPE_DEPTH`] and
/// [`EMBEDDING_DEPTH`]) plus a few levels per type and the manifest around it.
pub const YAML_NESTING: usize = 512;

/// Worker threads `-j` may ask for: each is an OS thread with its own stack, and more than a
/// few per core only adds contention (a typo such as `-j 100000` would exhaust the system).
pub const JOBS: u16 = 256;

/// Nesting of an object `validate` reads (YAML/JSON) and of the schema walk over it: the API
/// server's JSON decoder refuses objects nested deeper than 10000 levels; real objects are a
/// few dozen deep, and a deeper one would overflow the stack of a recursive walk.
pub const OBJECT_NESTING: usize = 256;
