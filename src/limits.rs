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

/// How deep a document the controller-gen writers' YAML emitter (`emit/yaml_v2/`, recursive)
/// writes: a CRD's schema nests as deep as its types (bounded by [`TYPE_DEPTH`] and
/// [`EMBEDDING_DEPTH`]) plus a few levels per type and the manifest around it.
pub const YAML_NESTING: usize = 512;

/// Worker threads `-j` may ask for: each is an OS thread with its own stack, and more than a
/// few per core only adds contention (a typo such as `-j 100000` would exhaust the system).
pub const JOBS: u16 = 256;

/// Nesting of an object `validate` reads (YAML/JSON) and of every walk over it, and of a
/// manifest `crd` reads: go-yaml's scanner refuses YAML nested deeper (`max_flow_level`,
/// `max_indents`: "exceeded max depth of 10000") and the API server's JSON decoder (Go's
/// `encoding/json` `maxNestingDepth`) JSON nested deeper.
pub const OBJECT_NESTING: usize = 10_000;

/// Bytes of one document (an object, a List, one document of a stream, a manifest's CRD): the
/// API server's `MaxRequestBodyBytes` (3 MiB, k8s.io/apiserver `pkg/server/config.go`,
/// `DefaultMaxRequestSizeBytes`); a larger request is refused ("Request entity too large").
pub const MAX_REQUEST_BODY_BYTES: usize = 3 * 1024 * 1024;

/// go-yaml v2's alias-expansion budget (`decode.go`, `alias_ratio_range_low`/`_high`, which
/// kubectl's YAML reading applies): in a document of up to 400,000 decoded nodes 99% may come
/// from aliases, scaling down to 10% at 4,000,000; past it, "document contains excessive
/// aliasing".
pub const YAML_ALIAS_RATIO_RANGE: (u64, u64) = (400_000, 4_000_000);

/// cel-go's parser recursion bound (`parser.MaxRecursionDepth`'s default, 250; Kubernetes sets
/// none of its own, its `TestCELMaxRecursionDepth` pins it): deeper expressions are refused
/// with "expression recursion limit exceeded: 250" or "max recursion depth exceeded".
pub const CEL_MAX_RECURSION_DEPTH: usize = 250;

/// cel-go's parser size bound (`parser.ExpressionSizeCodePointLimit`'s default): code points of
/// one CEL expression.
pub const CEL_EXPRESSION_SIZE_CODE_POINT_LIMIT: usize = 100_000;

/// The API server's runtime cost limit of one CEL rule evaluation (k8s.io/apiserver
/// `pkg/apis/cel/config.go` `PerCallLimit`): past it, "operation cancelled: actual cost limit
/// exceeded" and no further rule of the object runs.
pub const CEL_PER_CALL_LIMIT: u64 = 1_000_000;

/// The API server's runtime cost budget of all CEL rules of one object (`RuntimeCELCostBudget`):
/// past it, "validation failed due to running out of cost budget".
pub const CEL_RUNTIME_COST_BUDGET: u64 = 10_000_000;

/// Bytes of one Go source file read: larger files are `io/unreadable` (skipped, exit 2).
/// The biggest Go files in the wild (generated protobuf and OpenAPI code, cloud SDK models)
/// are a few MiB to about 15 MiB; every file read stays in memory for the run's diagnostics.
pub const GO_SOURCE_BYTES: u64 = 64 << 20;

/// Tokens (and comments) of one Go file the parser is given, after the pre-scan leaves out
/// function bodies and `var` declarations (with their doc comments): more is
/// `io/unreadable`. tree-sitter's tree costs up to about 220 bytes per token on hostile
/// input (10 MB of `;` took 2.2 GB, 50 MB of nested parentheses aborted out of memory),
/// so this keeps one parse near 200 MB, two parallel workers within 1 GiB. Real type declarations are a few bytes per token: a
/// million tokens is 4-6 MB of them, ten times Kubernetes' biggest `types.go`.
pub const GO_SOURCE_TOKENS: usize = 1_000_000;

/// Bytes of a `--go-header-file` (a license header of a few lines) read: more is an error
/// (exit 2), not an abort out of memory.
pub const GO_HEADER_BYTES: u64 = 1 << 20;

/// Bytes of one manifest file `crd` reads: more is an error naming it (exit 2), nothing
/// read further. Each document of it is at most [`MAX_REQUEST_BODY_BYTES`], as the API
/// server reads a CRD; a file holds twenty-one of the largest, and stays in memory with its
/// patched copy for the run (a few times its size in all, within 1 GiB).
pub const MANIFEST_BYTES: u64 = 64 << 20;

/// Bytes of the object files (and `--old` files, and stdin) one `validate` run reads, in all:
/// more is `io/unreadable` for the file that would pass it (exit 2). Every object stays in
/// memory, parsed with the position of each node, until the run's report: 60 MiB of small
/// ConfigMaps peaked at 1.5 GiB. Real object sets (a project's samples, a rendered chart) are a
/// few MiB; `--crd` manifests are bounded per file by [`MANIFEST_BYTES`], as `crd` reads them.
pub const VALIDATE_OBJECT_BYTES: u64 = 32 << 20;

/// Threads writing and syncing the temporaries of one run's output files at once (a
/// controller-gen run may write hundreds of CRDs): the wait for fsync overlaps without a
/// thread per file.
pub const STAGING_THREADS: usize = 8;

/// How deep `validate` walks a directory of objects (the go tool's walk has no bound but the
/// file system's; links are not followed, so only real nesting counts).
pub const WALK_DEPTH: usize = 64;

/// Directory entries `validate` looks at in one walk, files and directories together: a
/// bound on the time a walk of a huge tree (`validate /`) takes before anything is read.
pub const WALK_ENTRIES: usize = 1_000_000;

/// The stack of the thread that holds and walks objects nested up to [`OBJECT_NESTING`]
/// (`validate`'s run, the reader's tests and fuzz target): the walks over an object (defaults,
/// schema, pruning, CEL values) and dropping it recurse once per level; cel's parser needs
/// tens of MiB at cel-go's nesting bound. Only the pages touched are committed.
pub const DEEP_STACK_BYTES: usize = 256 << 20;

/// Runs `f` on a thread with a [`DEEP_STACK_BYTES`] stack and returns what it returns (a
/// panic in it is resumed here); `Err` when no such thread can be started.
pub fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("deep-stack".into())
            .stack_size(DEEP_STACK_BYTES)
            .spawn_scoped(scope, f)?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
