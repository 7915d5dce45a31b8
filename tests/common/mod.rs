//! Helpers shared by the in-process integration tests: run the command line, snapshot text,
//! read definitions out of a document.

// Each test binary uses a subset of these helpers.
#![allow(dead_code)]

/// Runs the command line in-process: (exit code, stdout, stderr).
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

/// An insta snapshot stored in the top-level `snapshots/` directory.
pub fn snapshot(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, text);
    });
}

/// The definitions of a v2 (`"v2"`) or v3 document.
pub fn definitions(document: &str, version: &str) -> serde_json::Map<String, serde_json::Value> {
    let value: serde_json::Value = serde_json::from_str(document).expect("valid JSON");
    let definitions = match version {
        "v2" => &value["definitions"],
        _ => &value["components"]["schemas"],
    };
    definitions.as_object().expect("definitions object").clone()
}
