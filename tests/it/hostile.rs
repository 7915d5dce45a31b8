//! Hostile input beyond the Go syntax (issue 35): each family made by a generator here, at
//! test time (nothing big is committed), run through the real binary. Every case must end
//! with exit 0, 1 or 2 and its diagnostic — no abort, no hang (the harness's hang guard), no
//! memory exhaustion. How fast and how small is measured in `bench/hostile.sh`, not here.
//!
//! Families: Go sources past the read and parse bounds (`limits::GO_SOURCE_BYTES`,
//! `limits::GO_SOURCE_TOKENS`: nested parentheses, NUL bytes, a file larger than union-gen
//! reads), a huge `--go-header-file` (`limits::GO_HEADER_BYTES`), a CRD with 10,000 versions
//! (`crd`, `crd --verify`), and 20,000 diagnostics in the human renderer.

use std::fs;
use std::path::Path;

use crate::harness::process::{Outcome, Process};
use crate::harness::{copy_dir, module};

/// Runs the binary in `dir`; the exit code must be 0, 1 or 2.
fn run(dir: &Path, args: &[&str]) -> Outcome {
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
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
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
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
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
    let outcome = run(
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

/// A `CustomResourceDefinition` of `testdata/crd/shop`'s `Order` with `versions` versions:
/// each named `name(i)`, each with a `spec.size` string property (whose `+enum` list `crd`
/// adds where the version matches the Go type).
fn many_versions(versions: usize, name: impl Fn(usize) -> String) -> String {
    let mut text = String::from(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  \
         name: orders.shop.example.com\nspec:\n  group: shop.example.com\n  names:\n    \
         kind: Order\n    plural: orders\n  scope: Namespaced\n  versions:\n",
    );
    for i in 0..versions {
        text.push_str(&format!(
            "  - name: {}\n    schema:\n      openAPIV3Schema:\n        properties:\n          \
             spec:\n            properties:\n              size:\n                type: \
             string\n            type: object\n        type: object\n    served: true\n    \
             storage: {}\n",
            name(i),
            i == 0
        ));
    }
    text
}

/// A CRD with 10,000 versions hung `crd`. Each version is walked (one plan for the repeated
/// schema), the enum lists are inserted and `--verify`'s diff is made from the known edits.
#[test]
fn a_crd_with_ten_thousand_versions() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join("orders.yaml");
    fs::write(&manifest, many_versions(10_000, |_| "v1".into())).unwrap();
    let args = |verify: bool| {
        let mut args = vec!["crd", "--message-format", "json"];
        if verify {
            args.push("--verify");
        }
        args.extend(["orders.yaml", "--packages", "./..."]);
        args
    };
    let outcome = run(dir.path(), &args(true));
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert_eq!(
        outcome.stdout.matches("\n+                enum:").count(),
        10_000
    );
    let outcome = run(dir.path(), &args(false));
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        outcome.stdout.contains("added 10000 enum list(s)"),
        "{}",
        outcome.stdout
    );
    let outcome = run(dir.path(), &args(true));
    assert_eq!(outcome.code, 0, "{}", outcome.stdout);
}

/// 20,000 diagnostics in one file took minutes in the human renderer (each report read the
/// file from its start): 20,000 versions without a Go type, each a `crd/skipped` warning.
#[test]
fn twenty_thousand_diagnostics_in_the_human_renderer() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join("orders.yaml");
    let text = many_versions(20_000, |i| format!("v{}", i + 2));
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
    let last_line = text.lines().count() - 11;
    assert!(
        outcome
            .stderr
            .contains(&format!("{last_line} │   - name: v20001")),
        "{head}"
    );
    assert_eq!(fs::read_to_string(&manifest).unwrap(), text);
}
