//! Marker families and the codes of types this tool cannot represent (issue 12): each case
//! runs `check --message-format json` in-process on a `testdata/` input and asserts the
//! exact diagnostics (code, line, column), or generates and asserts the exact unions/rules.

use serde_json::Value;

/// Runs union-gen in-process; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut full = vec!["union-gen"];
    full.extend_from_slice(args);
    let code = union_gen::run_with_output(full, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("utf-8 stdout"),
        String::from_utf8(err).expect("utf-8 stderr"),
    )
}

/// `check --message-format json <dir>/...`: (exit code, diagnostics).
fn check(dir: &str) -> (u8, Vec<Value>) {
    let pattern = format!("{dir}/...");
    let (code, _, err) = run(&["check", "--message-format", "json", &pattern]);
    let diagnostics = err
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (code, diagnostics)
}

/// (code, line, column) of each diagnostic.
fn located(diagnostics: &[Value]) -> Vec<(String, u64, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_string(),
                d["line"].as_u64().unwrap_or_default(),
                d["column"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

fn assert_only(dir: &str, code: &str, line: u64, column: u64) -> Value {
    let (exit, diagnostics) = check(dir);
    assert_eq!(
        located(&diagnostics),
        vec![(code.to_string(), line, column)],
        "{diagnostics:#?}"
    );
    assert_eq!(exit, 1, "{code} is an error");
    let (_, explanation, _) = run(&["explain", code]);
    assert!(explanation.contains("wrong:"), "{explanation}");
    diagnostics.into_iter().next().unwrap()
}

// --- types the tool cannot represent -----------------------------------------------------

#[test]
fn recursive_non_struct_type() {
    let d = assert_only(
        "testdata/diagnostics/resolve-recursive-type",
        "resolve/recursive-type",
        9,
        2,
    );
    assert_eq!(d["labels"][0]["line"], 4, "{d}");
}

#[test]
fn alias_cycle() {
    assert_only(
        "testdata/diagnostics/resolve-alias-cycle",
        "resolve/alias-cycle",
        10,
        2,
    );
}

#[test]
fn inlining_too_deep() {
    assert_only(
        "testdata/diagnostics/resolve-too-deep",
        "resolve/too-deep",
        261,
        2,
    );
}
