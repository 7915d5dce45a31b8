//! Hostile input (issue 35), each family made by a generator here at test time (nothing big
//! is committed) and run through the real binary: every case ends with exit 0, 1 or 2 and its
//! diagnostic, or the API server's verdict or error text — never a crash, a stack overflow,
//! memory exhaustion or a hang (the harness's hang guard). How fast and how small is measured
//! at full size under a memory limit by `bench/hostile.py` and `scripts/hostile-validate.py`,
//! not here.
//!
//! Families of `validate`: alias bombs, nesting past and below 10,000, CEL rules cel-go
//! refuses, the per-call cost limit, runtime errors, verdicts at the edges, unreadable `--crd`
//! manifests, object files past the run's bound, link loops and FIFOs, escape sequences. Families of the Go front end and `crd`:
//! Go sources past the read and parse bounds (`limits::GO_SOURCE_BYTES`,
//! `limits::GO_SOURCE_TOKENS`: nested parentheses, NUL bytes, a file larger than union-gen
//! reads), a huge `--go-header-file` (`limits::GO_HEADER_BYTES`), a CRD with 10,000 versions
//! (`crd`, `crd --verify`), and 20,000 diagnostics in the human renderer.

use std::fs;
use std::path::Path;

use crate::harness::process::{Outcome, Process};
use crate::harness::{copy_dir, module};

const CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
            properties:
              i: {type: integer}
              l:
                type: array
                items: {type: integer}
                x-kubernetes-validations:
                - rule: RULE
                  messageExpression: \"'\\\\u001b[31mred ' + string(size(self))\"
";

fn widget(spec: &str) -> String {
    format!("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n{spec}")
}

/// Validates `objects` (written to o.yaml) against the CRD with `rule` on `spec.l`.
fn run(rule: &str, objects: &str, human: bool) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let crd = CRD.replace("RULE", &serde_json::to_string(rule).unwrap());
    fs::write(dir.path().join("crd.yaml"), crd).unwrap();
    fs::write(dir.path().join("o.yaml"), objects).unwrap();
    validate_in(dir.path(), &["--crd", "crd.yaml", "o.yaml"], human)
}

fn validate_in(dir: &Path, args: &[&str], human: bool) -> Outcome {
    let mut full = vec!["validate"];
    if !human {
        full.extend(["--message-format", "json"]);
    }
    full.extend_from_slice(args);
    Process::union_gen(full).cwd(dir).env("NO_COLOR", "1").run()
}

fn assert_says(outcome: &Outcome, code: i32, text: &str) {
    assert_eq!(outcome.code, code, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains(text),
        "expected {text:?} in {}",
        outcome.stderr
    );
}

#[test]
fn an_alias_bomb_is_excessive_aliasing() {
    let n = 5000;
    let bomb = format!(
        "  a: &a [{}]\n  b: [{}]\n",
        vec!["1"; n].join(","),
        vec!["*a"; n].join(",")
    );
    assert_says(
        &run("true", &widget(&bomb), false),
        1,
        "document contains excessive aliasing",
    );
}

#[test]
fn nesting_past_ten_thousand_is_refused_and_below_it_validated() {
    let dash = widget(&format!("  x:\n    {}1\n", "- ".repeat(10_001)));
    assert_says(&run("true", &dash, false), 1, "exceeded max depth of 10000");
    let json = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("crd.yaml"), CRD.replace("RULE", "true")).unwrap();
    fs::write(dir.path().join("o.json"), json).unwrap();
    let outcome = validate_in(dir.path(), &["--crd", "crd.yaml", "o.json"], false);
    assert_says(&outcome, 1, "exceeded max depth");
    // 5,000 levels of maps under a preserved field: read and walked (deep-stack thread).
    let deep = format!("  x: {}1{}\n", "{a: ".repeat(5000), "}".repeat(5000));
    let outcome = run("true", &widget(&deep), false);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
}

#[test]
fn rules_cel_go_refuses_are_its_compile_errors() {
    for rule in [
        format!("{} > 0", vec!["1"; 6000].join("+")),
        format!("self{} == 1", ".a".repeat(20_000)),
        format!("self{} == 1", "[0]".repeat(10_000)),
    ] {
        let outcome = run(&rule, &widget("  l: [1]\n"), false);
        assert_says(
            &outcome,
            1,
            "rule compile error: compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded",
        );
    }
}

#[test]
fn a_runaway_rule_is_stopped_at_the_per_call_limit() {
    let items = vec!["1"; 1000].join(",");
    let outcome = run(
        "self.all(x, self.all(y, self.all(z, x + y + z > 0)))",
        &widget(&format!("  l: [{items}]\n")),
        false,
    );
    assert_says(
        &outcome,
        1,
        "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule",
    );
}

#[test]
fn runtime_errors_are_the_api_servers() {
    // Texts as apiextensions-apiserver v0.36.3 gives them (scripts/apiserver-validate).
    for (rule, text) in [
        (
            "self[5] == 1",
            "index out of bounds: 5 evaluating rule: self[5] == 1",
        ),
        ("self[0] / 0 == 1", "division by zero evaluating rule"),
        ("self[0] % 0 == 1", "modulus by zero evaluating rule"),
        (
            "self[0] + 9223372036854775807 > 0",
            "integer overflow evaluating rule",
        ),
        ("self.sum() > 0", "integer overflow evaluating rule"),
        (
            "int('abc') == 1",
            "type conversion error from 'string' to 'int' evaluating rule",
        ),
        (
            "quantity('10E').asInteger() > 0",
            "cannot convert value to integer evaluating rule",
        ),
    ] {
        let outcome = run(rule, &widget("  l: [9223372036854775807, 1]\n"), false);
        assert_says(&outcome, 1, text);
    }
    // Go's ASCII classes: `٣` is no `\d`.
    let outcome = run("'٣'.matches('^\\\\d+$')", &widget("  l: [1]\n"), false);
    assert_says(&outcome, 1, "\\u001b[31mred 1");
}

#[test]
fn verdicts_at_the_edges_are_the_api_servers() {
    let cases = [
        (
            "metadata: null\n",
            "metadata.name: Required value: name or generateName is required",
        ),
        ("  i: .nan\n", "json: unsupported value: NaN"),
        ("  i: 1e20\n", "must be of type integer"),
        ("  i: 18446744073709551615\n", "must be of type integer"),
        ("  i: yes\n", "must be of type integer: \\\"boolean\\\""),
        (
            "  i: 1\nkind: Gadget\n",
            "key \\\"kind\\\" already set in map",
        ),
    ];
    for (spec, text) in cases {
        let object = if spec.starts_with("metadata") {
            format!("apiVersion: example.com/v1\nkind: Widget\n{spec}spec: {{}}\n")
        } else {
            widget(spec)
        };
        assert_says(&run("true", &object, false), 1, text);
    }
    // YAML 1.1 numbers and a byte-order mark, as kubectl reads them.
    let outcome = run("true", &format!("\u{feff}{}", widget("  i: 0x1F\n")), false);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
}

#[test]
fn a_crd_manifest_that_cannot_be_read_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("crd.yaml"), "a: [\n").unwrap();
    fs::write(dir.path().join("o.yaml"), widget("  i: 1\n")).unwrap();
    let outcome = validate_in(dir.path(), &["--crd", "crd.yaml", "o.yaml"], false);
    assert_says(&outcome, 2, "this --crd manifest cannot be read");
}

#[test]
fn walks_never_follow_links_nor_open_fifos() {
    let dir = tempfile::tempdir().unwrap();
    let objects = dir.path().join("objects");
    fs::create_dir(&objects).unwrap();
    fs::write(dir.path().join("crd.yaml"), CRD.replace("RULE", "true")).unwrap();
    fs::write(objects.join("o.yaml"), widget("  i: 1\n")).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(".", objects.join("self")).unwrap();
        std::os::unix::fs::symlink("loop2", objects.join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", objects.join("loop2")).unwrap();
        let fifo = std::ffi::CString::new(objects.join("fifo.yaml").to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    }
    let dir_path = dir.path();
    let outcome = Process::union_gen([
        "validate", "--crd", "crd.yaml", "objects", "--output", "json",
    ])
    .cwd(dir_path)
    .run();
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    // One object, once.
    assert_eq!(outcome.stdout.lines().count(), 1, "{}", outcome.stdout);
}

#[test]
fn object_text_never_reaches_the_terminal_raw() {
    let outcome = run("false", &widget("  l: [1]\n"), true);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert!(!outcome.stderr.contains('\u{1b}'), "{:?}", outcome.stderr);
    assert!(
        outcome.stderr.contains("\\x1b[31mred 1"),
        "{}",
        outcome.stderr
    );
}

// The Go front end and `crd`.

/// Runs the binary in `dir`; the exit code must be 0, 1 or 2.
fn run_in(dir: &Path, args: &[&str]) -> Outcome {
    let outcome = Process::union_gen(args).cwd(dir).run();
    assert!(
        matches!(outcome.code, 0..=2),
        "union-gen {args:?} exited with {} (a panic?):\n{}",
        outcome.code,
        outcome.stderr.chars().take(2000).collect::<String>()
    );
    outcome
}

/// `check` of a module whose `p/types.go` holds `bytes`: exit 2 and `io/unreadable` naming
/// the bound in its message, and the other file of the package still read.
fn assert_go_file_refused(bytes: &[u8], said: &str) {
    let dir = module(&[
        ("p/types.go", bytes),
        (
            "p/ok.go",
            b"package p\n\n// +enum\ntype Mode string\n\nconst ModeA Mode = \"A\"\n",
        ),
    ]);
    let outcome = run_in(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    let diagnostics = outcome.diagnostics();
    let unreadable: Vec<&serde_json::Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "io/unreadable")
        .collect();
    assert_eq!(unreadable.len(), 1, "{}", outcome.stderr);
    let message = unreadable[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains(said), "{message}");
}

/// 50 MB of nested parentheses aborted out of memory inside tree-sitter. Past the token
/// bound (here 3 MB of them), the file is not parsed.
#[test]
fn nested_parentheses_past_the_token_bound_are_refused() {
    let depth = 1_500_000;
    let mut text = String::with_capacity(2 * depth + 32);
    text.push_str("package p\n\nconst X = ");
    text.extend(std::iter::repeat_n('(', depth));
    text.push('1');
    text.extend(std::iter::repeat_n(')', depth));
    text.push('\n');
    assert_go_file_refused(text.as_bytes(), "more than 1000000 tokens");
}

/// 10 MB of NUL bytes named `.go` took 2.2 GB in the parser.
#[test]
fn nul_bytes_past_the_token_bound_are_refused() {
    let mut bytes = b"package p\n\n".to_vec();
    bytes.resize(bytes.len() + 2_000_000, 0);
    assert_go_file_refused(&bytes, "more than 1000000 tokens");
}

/// A file larger than union-gen reads (a sparse file: nothing big is written to disk).
#[test]
fn a_go_file_larger_than_the_read_bound_is_refused() {
    let dir = module(&[(
        "p/ok.go",
        b"package p\n\n// +enum\ntype Mode string\n\nconst ModeA Mode = \"A\"\n",
    )]);
    let big = fs::File::create(dir.path().join("p/huge.go")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    drop(big);
    let outcome = run_in(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome
            .diagnostics()
            .iter()
            .any(|d| d["code"] == "io/unreadable"
                && d["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("larger than union-gen reads (64 MiB)"))),
        "{}",
        outcome.stderr
    );
}

/// A 1 GiB `--go-header-file` aborted; it is an error (exit 2) naming the bound.
#[test]
fn a_huge_header_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let header = dir.path().join("boilerplate.go.txt");
    fs::File::create(&header).unwrap().set_len(1 << 30).unwrap();
    let out = dir.path().join("out");
    let root = std::env::current_dir().unwrap();
    let outcome = run_in(
        &root,
        &[
            "openapi-gen",
            "--output-dir",
            out.to_str().unwrap(),
            "--output-pkg",
            "example.com/out",
            "--go-header-file",
            header.to_str().unwrap(),
            "./testdata/go-output/apis/v1",
        ],
    );
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome
            .stderr
            .contains("larger than union-gen reads (1 MiB)"),
        "{}",
        outcome.stderr
    );
    assert!(!out.exists(), "nothing is written");
}

/// A `CustomResourceDefinition` of `testdata/crd/shop`'s `Order` with `versions` versions,
/// each named `name(i)`, each with the schema `schema` (indented under `openAPIV3Schema:`).
/// Lean, as a hostile manifest may be: the API server reads a CRD of up to 3 MiB
/// (`limits::MAX_REQUEST_BODY_BYTES`), and so does `crd`, patched or not.
fn many_versions(versions: usize, name: impl Fn(usize) -> String, schema: &str) -> String {
    let mut text = String::from(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  \
         name: orders.shop.example.com\nspec:\n  group: shop.example.com\n  names:\n    \
         kind: Order\n    plural: orders\n  scope: Namespaced\n  versions:\n",
    );
    for i in 0..versions {
        text.push_str(&format!(
            "  - name: {}\n    schema:\n      openAPIV3Schema:\n{schema}    served: true\n    \
             storage: {}\n",
            name(i),
            i == 0
        ));
    }
    text
}

/// A `spec.size` string property, whose `+enum` list `crd` adds where the version matches.
const SIZE_SCHEMA: &str =
    "        properties:\n          spec:\n            properties:\n              \
                           size:\n                type: string\n";

/// A CRD with 10,000 versions hung `crd`. Each version is walked (one plan for the repeated
/// schema), the enum lists are inserted and `--verify`'s diff is made from the known edits.
#[test]
fn a_crd_with_ten_thousand_versions() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join("orders.yaml");
    fs::write(
        &manifest,
        many_versions(10_000, |_| "v1".into(), SIZE_SCHEMA),
    )
    .unwrap();
    let args = |verify: bool| {
        let mut args = vec!["crd", "--message-format", "json"];
        if verify {
            args.push("--verify");
        }
        args.extend(["orders.yaml", "--packages", "./..."]);
        args
    };
    let outcome = run_in(dir.path(), &args(true));
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert_eq!(
        outcome.stdout.matches("\n+                enum:").count(),
        10_000
    );
    let outcome = run_in(dir.path(), &args(false));
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        outcome.stdout.contains("added 10000 enum list(s)"),
        "{}",
        outcome.stdout
    );
    let outcome = run_in(dir.path(), &args(true));
    assert_eq!(outcome.code, 0, "{}", outcome.stdout);
}

/// A manifest `crd` reads is read within the API server's bounds (a YAML alias bomb aborted
/// `crd` out of memory at 2.7 GB inside a manifest's ConfigMap; 20,000 levels of `- ` aborted
/// the same way): the file is `crd/not-patchable` (exit 2) with go-yaml's words, untouched.
#[test]
fn a_manifest_past_the_yaml_bounds_is_not_patchable() {
    let crd = fs::read_to_string("testdata/crd/shop/config/crd/bases/shop.example.com_orders.yaml")
        .unwrap();
    let n = 5000;
    let bomb = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: &a [{}]\n  b: [{}]\n",
        vec!["1"; n].join(","),
        vec!["*a"; n].join(",")
    );
    let dashes = format!(
        "kind: ConfigMap\ndata:\n  x:\n    {}1\n",
        "- ".repeat(20_000)
    );
    for (document, said) in [
        (bomb, "document contains excessive aliasing"),
        (dashes, "exceeded max depth of 10000"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(Path::new("testdata/crd/shop"), dir.path());
        let text = format!("{crd}---\n{document}");
        fs::write(dir.path().join("orders.yaml"), &text).unwrap();
        let outcome = run_in(
            dir.path(),
            &[
                "crd",
                "--message-format",
                "json",
                "orders.yaml",
                "--packages",
                "./...",
            ],
        );
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        assert!(
            outcome
                .diagnostics()
                .iter()
                .any(|d| d["code"] == "crd/not-patchable"
                    && d["message"].as_str().is_some_and(|m| m.contains(said))),
            "{}",
            outcome.stderr
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("orders.yaml")).unwrap(),
            text
        );
    }
}

/// A manifest `crd` is given is read only when it is a regular file within
/// `limits::VALIDATE_OBJECT_BYTES`: every object is held parsed until the report (60 MiB of
/// small objects peaked at 1.5 GiB), so one run's object files hold at most 32 MiB: a file
/// past it, or the file that brings the run past it (from stdin too), is an error naming it
/// (exit 2); the files before it are validated. `--crd` manifests are bounded per file.
#[test]
fn object_files_past_the_run_bound_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let crd = CRD.replace("RULE", "\"true\"");
    fs::write(dir.path().join("crd.yaml"), crd).unwrap();
    // 20 MiB each: an object and twenty empty documents of a 1 MiB comment, then NUL
    // bytes (sparse).
    let comment = format!("---\n#{}\n", "x".repeat(1 << 20));
    let first = format!("{}{}", widget("  i: 1\n"), comment.repeat(20));
    fs::write(dir.path().join("first.yaml"), first).unwrap();
    let second = fs::File::create(dir.path().join("second.yaml")).unwrap();
    second.set_len(20 << 20).unwrap();
    drop(second);
    let huge = fs::File::create(dir.path().join("huge.yaml")).unwrap();
    huge.set_len((32 << 20) + 1).unwrap();
    drop(huge);
    let said = "the object files of one run hold at most 32 MiB in all";
    for files in [&["huge.yaml"][..], &["first.yaml", "second.yaml"]] {
        let mut args = vec!["--crd", "crd.yaml", "--output", "json"];
        args.extend_from_slice(files);
        let outcome = validate_in(dir.path(), &args, true);
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        let refused = files.last().unwrap();
        assert!(
            outcome
                .stderr
                .contains(&format!("cannot read {refused}: {said}")),
            "{}",
            outcome.stderr
        );
        // The first file's object was validated.
        assert_eq!(
            outcome.stdout.contains("\"valid\":true"),
            files.len() == 2,
            "{}",
            outcome.stdout
        );
    }
    let big = fs::File::create(dir.path().join("big-crd.yaml")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    drop(big);
    let outcome = validate_in(dir.path(), &["--crd", "big-crd.yaml", "first.yaml"], true);
    assert_says(
        &outcome,
        2,
        "cannot read big-crd.yaml: larger than union-gen reads (64 MiB)",
    );
}

/// `limits::MANIFEST_BYTES`: a FIFO a glob matched blocked the run forever, and a huge file
/// was read whole. Each is an error naming it (exit 2); the other manifests are not written.
#[test]
fn a_fifo_or_huge_manifest_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let big = fs::File::create(dir.path().join("huge.yaml")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    drop(big);
    let mut cases = vec![("huge.yaml", "larger than union-gen reads (64 MiB)")];
    #[cfg(unix)]
    {
        let fifo = std::ffi::CString::new(dir.path().join("pipe.yaml").to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        cases.push(("pipe.yaml", "not a regular file"));
    }
    let bases = "config/crd/bases/shop.example.com_orders.yaml";
    let before = fs::read_to_string(dir.path().join(bases)).unwrap();
    for (manifest, said) in cases {
        let outcome = run_in(
            dir.path(),
            &[
                "crd",
                "--message-format",
                "json",
                bases,
                manifest,
                "--packages",
                "./...",
            ],
        );
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        assert!(
            outcome.stderr.contains(manifest) && outcome.stderr.contains(said),
            "{}",
            outcome.stderr
        );
        assert_eq!(fs::read_to_string(dir.path().join(bases)).unwrap(), before);
    }
}

/// A CRD within the API server's 3 MiB that the enum lists would bring past it is not
/// written: the API server would refuse it. Said as that (not as an internal error of the
/// read-back), exit 2, the manifest as it was.
#[test]
fn a_crd_patched_past_the_request_bound_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join("orders.yaml");
    let schema = format!("{SIZE_SCHEMA}            type: object\n        type: object\n");
    let text = many_versions(10_000, |_| "v1".into(), &schema);
    assert!(text.len() < 3 << 20);
    fs::write(&manifest, &text).unwrap();
    for verify in [false, true] {
        let mut args = vec!["crd", "--message-format", "json"];
        if verify {
            args.push("--verify");
        }
        args.extend(["orders.yaml", "--packages", "./..."]);
        let outcome = run_in(dir.path(), &args);
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        let diagnostics = outcome.diagnostics();
        let message = diagnostics
            .iter()
            .find(|d| d["code"] == "crd/not-patchable")
            .and_then(|d| d["message"].as_str())
            .unwrap_or_default();
        assert!(
            message.contains("with the additions this document is past the API server's bounds")
                && message.contains("limit is 3145728")
                && !message.contains("internal error"),
            "{}",
            outcome.stderr
        );
        assert_eq!(fs::read_to_string(&manifest).unwrap(), text);
    }
}

/// 20,000 diagnostics in one file took minutes in the human renderer (each report read the
/// file from its start): 20,000 versions without a Go type, each a `crd/skipped` warning.
#[test]
fn twenty_thousand_diagnostics_in_the_human_renderer() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join("orders.yaml");
    let text = many_versions(20_000, |i| format!("v{}", i + 2), "        type: object\n");
    fs::write(&manifest, &text).unwrap();
    let outcome = Process::union_gen([
        "crd",
        "--message-format",
        "human",
        "orders.yaml",
        "--packages",
        "./...",
    ])
    .cwd(dir.path())
    .env("NO_COLOR", "1")
    .run();
    let head: String = outcome.stderr.chars().take(2000).collect();
    assert_eq!(outcome.code, 0, "{head}");
    assert_eq!(outcome.stderr.matches("crd/skipped").count(), 20_001);
    // The last report shows its own line and number.
    let last_line = text.lines().count() - 5;
    assert!(
        outcome
            .stderr
            .contains(&format!("{last_line} │   - name: v20001")),
        "{head}"
    );
    assert_eq!(fs::read_to_string(&manifest).unwrap(), text);
}
