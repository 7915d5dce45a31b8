//! The shared test harness: the in-process runner, the one reader of `--message-format json`
//! diagnostics, the one snapshot helper, and document helpers. The subprocess runner is in
//! [`process`]; diagnostics cases as files (testdata/diagnostics/README.md) are in [`cases`].
//!
//! Tests run with the crate root as working directory, so `testdata/…` paths are relative
//! to it, as the tool prints them.

pub mod cases;
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
    assert_eq!(code, 0, "union-gen {full:?} failed:\n{err}");
    assert!(
        err.is_empty(),
        "unexpected diagnostics for {full:?}:\n{err}"
    );
    out
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

/// The definitions of a v2 (`"v2"`) or v3 document.
pub fn definitions(document: &str, version: &str) -> serde_json::Map<String, Value> {
    let value: Value = serde_json::from_str(document).expect("valid JSON");
    let definitions = match version {
        "v2" => &value["definitions"],
        _ => &value["components"]["schemas"],
    };
    definitions.as_object().expect("definitions object").clone()
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
