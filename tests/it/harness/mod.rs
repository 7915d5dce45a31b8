//! The shared test harness: the in-process runner, the one reader of `--message-format json`
//! diagnostics, the one snapshot helper, the one reader of a document's definitions, and
//! scratch modules. The subprocess runner is in
//! [`process`]; diagnostics cases as files (testdata/diagnostics/README.md) are in [`cases`].
//!
//! Tests run with the crate root as working directory, so `testdata/…` paths are relative
//! to it, as the tool prints them.

pub mod cases;
pub mod lsp;
pub mod process;

use serde_json::Value;

/// Runs `union-gen args...` in-process (`union_gen::run_with_output`): (exit code, stdout,
/// stderr). The writers are not terminals, so the output has no colour.
pub fn run(args: &[&str]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut argv = vec!["union-gen"];
    argv.extend_from_slice(args);
    let code = union_gen::run_with_output(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("stdout is UTF-8"),
        String::from_utf8(err).expect("stderr is UTF-8"),
    )
}

/// `generate` that must succeed without any diagnostic; returns stdout.
pub fn generate(args: &[&str]) -> String {
    let mut full = vec!["generate"];
    full.extend_from_slice(args);
    let (code, out, err) = run(&full);
    assert_clean(&full, code.into(), &err);
    out
}

/// A run that must succeed without any diagnostic: exit 0 and nothing on stderr.
pub fn assert_clean(args: &[&str], code: i32, stderr: &str) {
    assert_eq!(code, 0, "union-gen {args:?} failed:\n{stderr}");
    assert!(
        stderr.is_empty(),
        "unexpected diagnostics for {args:?}:\n{stderr}"
    );
}

/// What `generate --message-format json ARGS` did, in-process.
pub struct Generated {
    pub code: u8,
    /// The document on stdout (`Null` when nothing was written there).
    pub document: Value,
    pub diagnostics: Vec<Value>,
    pub stderr: String,
}

/// `generate --message-format json ARGS` with the document on stdout (`--v2 -` or `--v3 -`
/// among `args`).
pub fn generate_json(args: &[&str]) -> Generated {
    let mut full = vec!["generate", "--message-format", "json"];
    full.extend_from_slice(args);
    let (code, out, err) = run(&full);
    Generated {
        code,
        document: if out.is_empty() {
            Value::Null
        } else {
            parse_json(&out)
        },
        diagnostics: json_diagnostics(&err),
        stderr: err,
    }
}

/// The diagnostics of a `--message-format json` run: one JSON object per stderr line, each
/// with a non-empty `code`, `severity` and `message`. Any other line fails the test.
pub fn json_diagnostics(stderr: &str) -> Vec<Value> {
    stderr
        .lines()
        .map(|line| {
            let diagnostic: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("stderr line is not a JSON diagnostic ({e}): {line}"));
            for key in ["code", "severity", "message"] {
                assert!(
                    diagnostic[key].as_str().is_some_and(|v| !v.is_empty()),
                    "diagnostic without `{key}`: {line}"
                );
            }
            diagnostic
        })
        .collect()
}

/// The codes of JSON diagnostics, in order.
pub fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().expect("code").to_string())
        .collect()
}

/// Asserts that `text` equals the insta snapshot `snapshots/<name>.snap`.
pub fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// Runs `union-gen openapi-gen` in-process (as argv[0] `argv0`: `union-gen`, or `openapi-gen`
/// as when installed under that name) with `flags` and `packages`, writing the Go file of the
/// package `example.com/shop/generated/openapi` into a temporary directory; returns (exit
/// code, the written file or "", stderr).
pub fn openapi_gen_as(argv0: &str, flags: &[&str], packages: &[&str]) -> (u8, String, String) {
    let out = tempfile::tempdir().expect("temporary directory");
    let out_dir = out.path().join("generated").to_string_lossy().to_string();
    let mut args: Vec<&str> = Vec::new();
    if argv0 == "union-gen" {
        args.push("openapi-gen");
    }
    args.extend_from_slice(&[
        "--output-dir",
        &out_dir,
        "--output-pkg",
        "example.com/shop/generated/openapi",
        "--output-file",
        "zz_generated.openapi.go",
    ]);
    args.extend_from_slice(flags);
    args.extend_from_slice(packages);
    let (code, err) = if argv0 == "union-gen" {
        let (code, _, err) = run(&args);
        (code, err)
    } else {
        let mut argv = vec![argv0];
        argv.extend_from_slice(&args);
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let code = union_gen::run_with_output(argv, &mut stdout, &mut stderr);
        (code, String::from_utf8(stderr).expect("UTF-8"))
    };
    let file =
        std::fs::read_to_string(std::path::Path::new(&out_dir).join("zz_generated.openapi.go"))
            .unwrap_or_default();
    (code, file, err)
}

/// [`openapi_gen_as`] as `union-gen openapi-gen`.
pub fn openapi_gen(flags: &[&str], packages: &[&str]) -> (u8, String, String) {
    openapi_gen_as("union-gen", flags, packages)
}

/// A JSON document.
pub fn parse_json(text: &str) -> Value {
    serde_json::from_str(text).expect("valid JSON")
}

/// The definitions of a v2 document or the schemas of a v3 one.
pub fn schemas_of(document: &Value) -> &serde_json::Map<String, Value> {
    document
        .get("definitions")
        .or_else(|| document.pointer("/components/schemas"))
        .and_then(Value::as_object)
        .expect("definitions or components.schemas")
}

/// The definitions of a v2 or v3 JSON document's text.
pub fn definitions(document: &str) -> serde_json::Map<String, Value> {
    schemas_of(&parse_json(document)).clone()
}

/// The message of a caught panic, first line only.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let message = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panicked".to_string());
    message.lines().next().unwrap_or_default().to_string()
}

/// Copies the directory tree `from` to `to`.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Writes `bytes` to `path` under `root`, creating its directories.
pub fn write_file(root: &std::path::Path, path: &str, bytes: impl AsRef<[u8]>) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().expect("a parent")).expect("create directories");
    std::fs::write(full, bytes).expect("write file");
}

/// A module `example.com/m` (Go 1.22) in a temporary directory, with the given files.
pub fn module(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    write_file(dir.path(), "go.mod", b"module example.com/m\n\ngo 1.22\n");
    for (path, bytes) in files {
        write_file(dir.path(), path, bytes);
    }
    dir
}
