//! Diagnostics: every case under `testdata/diagnostics/` and `testdata/unions/broken/` reports
//! exactly the diagnostics its annotations name (format: `testdata/diagnostics/README.md`),
//! every code has a case, and what the annotations cannot say (a help text, an output, an
//! environment no committed file can give). Plus snapshots of the human and GitHub renderings
//! (`snapshots/diagnostics__*.snap`).

use std::fs;

use serde_json::Value;

use crate::harness::cases::{self, Case};
use crate::harness::{generate, panic_message, run, snapshot};

/// A lower bound on the number of cases, so that a moved directory cannot make the suite
/// pass vacuously.
const MIN_CASES: usize = 45;

/// Codes whose cases are built at test time, because no committed file can produce them:
/// (code, the test that builds the case).
const GENERATED_CASES: &[(&str, &str)] = &[
    ("io/unreadable", "io_unreadable"),
    ("resolve/no-go-mod", "resolve_no_go_mod"),
];

/// Loads and checks the case in `dir`: the problems, each naming the case.
fn check_case(dir: &str) -> Vec<String> {
    let outcome = std::panic::catch_unwind(|| match Case::load(dir) {
        Ok(case) => case.check(),
        Err(problems) => problems,
    });
    outcome
        .unwrap_or_else(|panic| vec![panic_message(panic.as_ref())])
        .into_iter()
        .map(|problem| format!("{dir}: {problem}"))
        .collect()
}

fn assert_no_problems(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} problem(s):\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

#[test]
fn every_case_reports_exactly_its_annotations() {
    let dirs = cases::discover();
    assert!(
        dirs.len() >= MIN_CASES,
        "{} cases, expected at least {MIN_CASES}",
        dirs.len()
    );
    assert_no_problems(dirs.iter().flat_map(|dir| check_case(dir)).collect());
}

/// Every code has a case annotated with it, at least one of them with the severity of the
/// SPEC's tables ([`cases::spec_severity`], independent of the tool's code table).
#[test]
fn every_code_has_a_case_with_its_spec_severity() {
    let mut annotated: Vec<(String, String)> = Vec::new();
    for dir in cases::discover() {
        if let Ok(case) = Case::load(&dir) {
            annotated.extend(case.expected.into_iter().map(|d| (d.code, d.severity)));
        }
    }
    let mut missing = Vec::new();
    for code in union_gen::diag::ALL_CODES {
        let name = code.as_str();
        let severity = cases::spec_severity(name);
        if GENERATED_CASES.iter().any(|(c, _)| *c == name) {
            continue;
        }
        if !annotated.iter().any(|(c, s)| c == name && s == severity) {
            missing.push(format!("{name} ({severity})"));
        }
    }
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
    for (code, _) in GENERATED_CASES {
        assert!(
            union_gen::diag::ALL_CODES
                .iter()
                .any(|c| c.as_str() == *code),
            "{code} is not a code any more"
        );
    }
}

/// A case in a temporary directory: the files, then `check` against its `expect.txt`.
fn temporary_case(dir: &std::path::Path) -> Vec<String> {
    check_case(&dir.display().to_string())
}

#[test]
fn io_unreadable() {
    // A dangling symbolic link cannot be read, whatever the privileges.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("go.mod"), "module example.com/unreadable\n").unwrap();
    std::os::unix::fs::symlink("missing.go", dir.path().join("types.go")).unwrap();
    fs::write(
        dir.path().join(cases::EXPECT_FILE),
        "exit: 2\nio/unreadable types.go:1:1\n",
    )
    .unwrap();
    assert_no_problems(temporary_case(dir.path()));

    // A file without read permission (root reads it anyway: then only the link is checked).
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("go.mod"), "module example.com/unreadable\n").unwrap();
    let file = dir.path().join("types.go");
    fs::write(&file, "package api\n").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&file).is_ok() {
        eprintln!("skipped the permission case: running with privileges that ignore them");
        return;
    }
    fs::write(
        dir.path().join(cases::EXPECT_FILE),
        "exit: 2\nio/unreadable types.go:1:1\n",
    )
    .unwrap();
    let problems = temporary_case(dir.path());
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    assert_no_problems(problems);
}

#[test]
fn resolve_no_go_mod() {
    let dir = tempfile::tempdir().unwrap();
    assert!(
        dir.path().ancestors().all(|a| !a.join("go.mod").exists()),
        "the temporary directory must not be inside a module"
    );
    fs::write(
        dir.path().join("types.go"),
        "package api\n\n// Thing is a thing.\ntype Thing struct {\n\tName string `json:\"name\"`\n}\n",
    )
    .unwrap();
    fs::write(dir.path().join(cases::EXPECT_FILE), "resolve/no-go-mod\n").unwrap();
    assert_no_problems(temporary_case(dir.path()));
}

// ---------------------------------------------------------------------------------------
// What the annotations do not say.

#[test]
fn marker_unknown_similar_suggests_the_known_marker() {
    let case = Case::load("testdata/diagnostics/marker-unknown-similar").unwrap();
    let d = case.only("marker/unknown-similar");
    assert!(d["help"].as_str().unwrap().contains("+optional"), "{d}");
}

/// A misspelt union marker is a warning, so the message must say what it costs.
#[test]
fn a_misspelt_union_marker_says_the_field_left_its_union() {
    let case = Case::load("testdata/diagnostics/marker-unknown-similar-union").unwrap();
    let d = case.only("marker/unknown-similar");
    let message = d["message"].as_str().unwrap();
    assert!(message.contains("is not part of any union"), "{d}");
    assert!(d["help"].as_str().unwrap().contains("+unionMember"), "{d}");
    let case = Case::load("testdata/diagnostics/marker-unknown-similar").unwrap();
    let d = case.only("marker/unknown-similar");
    assert!(!d["message"].as_str().unwrap().contains("union"), "{d}");
}

/// Without the module cache an inlined `metav1.TypeMeta` would silently lose its fields: the
/// warning names them.
#[test]
fn a_lost_inline_names_its_fields() {
    let case = Case::load("testdata/diagnostics/resolve-package-not-found-inline").unwrap();
    let d = case.only("resolve/package-not-found");
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("`Widget` inlines `TypeMeta`")
            && message.contains("its fields (apiVersion, kind) are missing"),
        "{d}"
    );
}

#[test]
fn io_not_utf8_input_stays_invalid() {
    // types.go has a Latin-1 `é` (byte 0xE9) at line 3, column 7.
    let bytes = fs::read("testdata/diagnostics/io-not-utf8/types.go").unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the input must stay invalid UTF-8"
    );
}

#[test]
fn resolve_name_collision_only_under_short_naming() {
    // The case runs `--naming short`; the full names do not collide.
    let pattern = "testdata/diagnostics/resolve-name-collision/...";
    let (code, out, err) = run(&["generate", "--naming", "rest", "--v2", "-", pattern]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("com.example.diagnostics.resolve-name-collision.a.v1.Thing"));
    assert!(out.contains("com.example.diagnostics.resolve-name-collision.b.v1.Thing"));
}

/// A `+union` struct whose only field is the discriminator: a warning, and the union is still
/// written, as openapi-gen writes it.
#[test]
fn union_discriminator_without_members_is_still_written() {
    let (code, out, err) = run(&[
        "generate",
        "--v2",
        "-",
        "--naming",
        "short",
        "testdata/unions/broken/discriminator-without-members-union-struct",
    ]);
    assert_eq!(code, 0, "{err}");
    let document: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        document["definitions"]["discriminator-without-members-union-struct.Pick"]
            ["x-kubernetes-unions"],
        serde_json::json!([{"discriminator": "kind", "fields-to-discriminateBy": {}}])
    );
}

#[test]
fn every_code_is_explained() {
    let (code, out, _) = run(&["explain", "all"]);
    assert_eq!(code, 0);
    for line in out.lines() {
        let name = line.split_whitespace().next().unwrap();
        let (code, text, _) = run(&["explain", name]);
        assert_eq!(code, 0);
        assert!(text.starts_with(name), "{text}");
    }
}

#[test]
fn explain_every_code() {
    let mut failures = Vec::new();
    for code in union_gen::diag::ALL_CODES {
        let (exit, out, err) = run(&["explain", code.as_str()]);
        if exit != 0 || !out.contains(code.as_str()) || !err.is_empty() {
            failures.push(format!(
                "{}: exit {exit}, stdout {out:?}, stderr {err:?}",
                code.as_str()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// controller-gen reads `name:=value` as `name=value`: no "did you mean", and the value is used
/// (an explicit list in its declared order, as controller-gen writes it).
#[test]
fn colon_equals_is_controller_gens_equals() {
    let out = generate(&[
        "--v3",
        "-",
        "--naming",
        "short",
        "testdata/markers/colon-equals",
    ]);
    let document: Value = serde_json::from_str(&out).expect("JSON");
    let speed = &document["components"]["schemas"]["colonequals.Drink"]["properties"]["speed"];
    assert_eq!(
        speed["enum"],
        serde_json::json!(["Slow", "Fast"]),
        "declared order: {speed}"
    );
    assert_eq!(speed["default"], "Fast", "{speed}");
}

// ---------------------------------------------------------------------------------------
// Renderings, of the cases without their annotation lines.

fn rendered(pattern: &str, format: &str) -> String {
    let (_, out, err) = cases::render(pattern, format);
    assert!(out.is_empty());
    assert!(!err.is_empty());
    err
}

#[test]
fn human_rendering() {
    for (dir, name) in [
        ("enum-not-string", "diagnostics__human_enum_not_string"),
        (
            "field-optional-and-required",
            "diagnostics__human_field_optional_and_required",
        ),
        ("marker-malformed", "diagnostics__human_marker_malformed"),
        (
            "syntax-parse-error",
            "diagnostics__human_syntax_parse_error",
        ),
    ] {
        let text = rendered(&format!("testdata/diagnostics/{dir}/..."), "human");
        assert!(!text.contains('\u{1b}'), "no colour outside a terminal");
        snapshot(name, &text);
    }
}

#[test]
fn github_rendering() {
    let text = rendered(
        "testdata/diagnostics/field-patch-tags-mismatch/...",
        "github",
    );
    assert!(text.starts_with("::error file="), "{text}");
    snapshot("diagnostics__github_field_patch_tags_mismatch", &text);
}

/// The human rendering of one union case.
fn human(dir: &str) -> String {
    let (code, out, err) = cases::render(&format!("testdata/unions/broken/{dir}"), "human");
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("help:"), "{err}");
    assert!(err.contains("╭─["), "source snippet: {err}");
    err
}

#[test]
fn human_member_not_optional() {
    let text = human("member-not-optional");
    assert!(text.contains("Resource *string"), "{text}");
    assert!(text.contains("union member marker"), "{text}");
    snapshot("unions__human_member_not_optional", &text);
}

#[test]
fn human_duplicate_member_value() {
    let text = human("duplicate-member-value");
    assert!(text.contains("first member with this value"), "{text}");
    snapshot("unions__human_duplicate_member_value", &text);
}

#[test]
fn human_ambiguous_member() {
    let text = human("ambiguous-member");
    assert!(text.contains("discriminator `Read`"), "{text}");
    assert!(text.contains("discriminator `Write`"), "{text}");
    snapshot("unions__human_ambiguous_member", &text);
}

#[test]
fn human_mixed_dialects() {
    let text = human("mixed-dialects");
    assert!(
        text.contains("the union's first member uses the KEP-1027"),
        "{text}"
    );
    snapshot("unions__human_mixed_dialects", &text);
}
