//! Unions in all three marker generations (SPEC §5): the valid packages under
//! `testdata/unions/dialects/` in every `--union-format`, and one broken package per
//! `union/*` rule under `testdata/unions/broken/<code>[-variant]/`, checked through
//! `check --message-format json` (code, severity, line, column of the primary span) and
//! through `generate` (exit code, output file untouched on errors).
//! Snapshots: `snapshots/unions__*.snap`.

mod common;

use common::*;

use std::fs;

use serde_json::Value;

const DIALECTS: &str = "testdata/unions/dialects/...";

fn v3(union_format: &str) -> String {
    generate(&[
        "--v3",
        "-",
        "--naming",
        "short",
        "--union-format",
        union_format,
        DIALECTS,
    ])
}

fn schemas(document: &str) -> serde_json::Map<String, Value> {
    let value: Value = serde_json::from_str(document).expect("valid JSON");
    value["components"]["schemas"]
        .as_object()
        .expect("components.schemas")
        .clone()
}

// ---------------------------------------------------------------------------------------
// Valid unions: documents.

#[test]
fn dialects_v3_list() {
    snapshot("unions__dialects_v3_list", &v3("list"));
}

#[test]
fn dialects_v3_kep1027() {
    snapshot("unions__dialects_v3_kep1027", &v3("kep1027"));
}

#[test]
fn dialects_v3_both() {
    snapshot("unions__dialects_v3_both", &v3("both"));
}

#[test]
fn legacy_v2_list() {
    let text = generate(&[
        "--v2",
        "-",
        "--naming",
        "short",
        "testdata/unions/dialects/legacy",
    ]);
    snapshot("unions__legacy_v2_list", &text);
}

#[test]
fn list_is_the_default_union_format() {
    let default = generate(&["--v3", "-", "--naming", "short", DIALECTS]);
    assert_eq!(default, v3("list"));
}

#[test]
fn kep1027_field_members_mark_empty_members_with_null() {
    let schemas = schemas(&v3("kep1027"));
    // Recreate is an enum value without a member field: `null`.
    let rollout = &schemas["kep1027.Rollout"];
    assert_eq!(
        rollout["properties"]["type"]["x-kubernetes-unions"],
        serde_json::json!({
            "fieldMembers": {
                "Gradual": {"name": "gradual", "optional": false},
                "Recreate": null
            }
        })
    );
    // kep1027 replaces the struct-level list.
    assert!(rollout.get("x-kubernetes-unions").is_none(), "{rollout:#}");

    // Every member spelling, and "" (an optional discriminator's "no member") as null.
    let fetch = &schemas["kep1027.Fetch"]["properties"]["kind"]["x-kubernetes-unions"];
    assert_eq!(
        *fetch,
        serde_json::json!({
            "fieldMembers": {
                "": null,
                "BUNDLE": {"name": "bundle", "optional": false},
                "Local": {"name": "local", "optional": true},
                "MIRROR": {"name": "mirror", "optional": true},
                "Repo": {"name": "repo", "optional": false}
            }
        })
    );

    // Two discriminators in one struct: each property carries its own union.
    let pipe = &schemas["kep1027.Pipe"]["properties"];
    assert_eq!(
        pipe["input"]["x-kubernetes-unions"]["fieldMembers"],
        serde_json::json!({
            "File": {"name": "file", "optional": false},
            "Queue": {"name": "queue", "optional": false}
        })
    );
    assert_eq!(
        pipe["output"]["x-kubernetes-unions"]["fieldMembers"],
        serde_json::json!({
            "Drop": null,
            "SINK": {"name": "sink", "optional": true},
            "Topic": {"name": "topic", "optional": false}
        })
    );

    // Declarative discriminator: `memberName` gives the value, Nowhere has no member.
    let route = &schemas["declarative.Route"]["properties"]["target"]["x-kubernetes-unions"];
    assert_eq!(
        route["fieldMembers"],
        serde_json::json!({
            "Nowhere": null,
            "Redirect": {"name": "redirect", "optional": false},
            "Svc": {"name": "service", "optional": false}
        })
    );
}

#[test]
fn both_writes_list_and_field_members() {
    let both = schemas(&v3("both"));
    let list = schemas(&v3("list"));
    let kep = schemas(&v3("kep1027"));
    let rollout = &both["kep1027.Rollout"];
    assert_eq!(
        rollout["x-kubernetes-unions"],
        serde_json::json!([{
            "discriminator": "type",
            "fields-to-discriminateBy": {"gradual": "Gradual"}
        }])
    );
    assert_eq!(
        rollout["properties"]["type"]["x-kubernetes-unions"]["fieldMembers"]["Recreate"],
        Value::Null
    );
    // `both` is exactly the union of the two shapes, definition by definition.
    for (name, schema) in &both {
        assert_eq!(
            schema.get("x-kubernetes-unions"),
            list[name].get("x-kubernetes-unions"),
            "{name}: list shape"
        );
        for (property, value) in schema["properties"].as_object().into_iter().flatten() {
            assert_eq!(
                value.get("x-kubernetes-unions"),
                kep[name]["properties"][property].get("x-kubernetes-unions"),
                "{name}.{property}: kep1027 shape"
            );
        }
    }
}

#[test]
fn union_order_struct_then_embedded_then_own_members() {
    let schemas = schemas(&v3("list"));
    let machine = &schemas["embedded.Machine"]["x-kubernetes-unions"];
    assert_eq!(
        *machine,
        serde_json::json!([
            {"discriminator": "powerKind", "fields-to-discriminateBy": {"battery": "Battery", "mains": "Mains"}},
            {"fields-to-discriminateBy": {"fan": "Fan", "water": "Water"}},
            {"fields-to-discriminateBy": {"manual": "Manual", "warranty": "Warranty"}}
        ])
    );
    // `+union` with `+k8s:unionMember` fields: exactly those fields.
    assert_eq!(
        schemas["declarative.Payload"]["x-kubernetes-unions"],
        serde_json::json!([{"fields-to-discriminateBy": {"binary": "Binary", "text": "Text"}}])
    );
    // Gated markers never change the schema (SPEC §3): the gated
    // `+k8s:beta(...)=+k8s:optional` leaves `socket` required (its tag has no omitempty), and
    // the gated `+k8s:alpha(...)=+k8s:unionMember` leaves it out of the listed union.
    let endpoint = &schemas["declarative.Endpoint"];
    assert_eq!(
        endpoint["required"],
        serde_json::json!(["socket"]),
        "{endpoint:#}"
    );
    assert_eq!(
        endpoint["x-kubernetes-unions"],
        serde_json::json!([{"fields-to-discriminateBy": {"service": "Service", "url": "URL"}}])
    );
}

// ---------------------------------------------------------------------------------------
// Broken packages: one rule each.

struct Expectation {
    dir: &'static str,
    code: &'static str,
    severity: &'static str,
    line: u64,
    column: u64,
}

const fn expect(
    dir: &'static str,
    code: &'static str,
    severity: &'static str,
    line: u64,
    column: u64,
) -> Expectation {
    Expectation {
        dir,
        code,
        severity,
        line,
        column,
    }
}

const BROKEN: &[Expectation] = &[
    expect(
        "multiple-discriminators",
        "union/multiple-discriminators",
        "error",
        9,
        5,
    ),
    expect(
        "discriminator-not-string",
        "union/discriminator-not-string",
        "error",
        8,
        2,
    ),
    expect(
        "discriminator-not-enum",
        "union/discriminator-not-enum",
        "warning",
        7,
        2,
    ),
    expect(
        "discriminator-without-members",
        "union/discriminator-without-members",
        "warning",
        25,
        5,
    ),
    expect(
        "discriminator-without-members-declarative",
        "union/discriminator-without-members",
        "warning",
        5,
        5,
    ),
    expect(
        "discriminator-without-members-warning",
        "union/discriminator-without-members",
        "warning",
        5,
        5,
    ),
    expect(
        "discriminator-requiredness-optional",
        "union/discriminator-requiredness",
        "error",
        16,
        2,
    ),
    expect(
        "discriminator-requiredness-omitempty",
        "union/discriminator-requiredness",
        "error",
        16,
        2,
    ),
    expect(
        "discriminator-requiredness-default",
        "union/discriminator-requiredness",
        "error",
        17,
        2,
    ),
    expect(
        "member-not-optional",
        "union/member-not-optional",
        "error",
        21,
        2,
    ),
    expect(
        "member-not-pointer",
        "union/member-not-pointer",
        "warning",
        10,
        2,
    ),
    expect(
        "duplicate-member-value",
        "union/duplicate-member-value",
        "error",
        23,
        5,
    ),
    expect(
        "discriminator-is-member",
        "union/discriminator-is-member",
        "error",
        15,
        5,
    ),
    expect(
        "member-value-not-in-enum",
        "union/member-value-not-in-enum",
        "error",
        23,
        5,
    ),
    expect(
        "member-value-json-mismatch",
        "union/member-value-json-mismatch",
        "warning",
        17,
        5,
    ),
    expect("unknown-union", "union/unknown-union", "error", 21, 5),
    expect("unknown-member", "union/unknown-member", "error", 4, 41),
    expect(
        "unknown-union-declarative",
        "union/unknown-union",
        "error",
        11,
        5,
    ),
    expect("ambiguous-member", "union/ambiguous-member", "error", 31, 5),
    expect(
        "ambiguous-member-declarative",
        "union/ambiguous-member",
        "error",
        17,
        5,
    ),
    expect(
        "member-without-discriminator",
        "union/member-without-discriminator",
        "error",
        5,
        5,
    ),
    expect(
        "member-without-discriminator",
        "union/member-without-discriminator",
        "error",
        8,
        5,
    ),
    expect(
        "embedded-in-union-struct",
        "union/embedded-in-union-struct",
        "error",
        17,
        2,
    ),
    expect(
        "deprecated-in-union-struct",
        "union/deprecated-in-union-struct",
        "error",
        8,
        5,
    ),
    expect("mixed-dialects", "union/mixed-dialects", "error", 20, 5),
    expect(
        "mixed-dialects-discriminator",
        "union/mixed-dialects",
        "error",
        5,
        5,
    ),
    expect("json-ignored", "union/json-ignored", "error", 22, 15),
    expect(
        "overlapping-unions",
        "union/overlapping-unions",
        "error",
        9,
        5,
    ),
    expect(
        "deprecated-spelling",
        "union/deprecated-spelling",
        "warning",
        17,
        5,
    ),
];

fn broken_dir(dir: &str) -> String {
    format!("testdata/unions/broken/{dir}")
}

/// `check --message-format json` on one package: (exit code, diagnostics).
fn check_json(dir: &str) -> (u8, Vec<Value>) {
    let (code, out, err) = run(&["check", "--message-format", "json", &broken_dir(dir)]);
    assert!(out.is_empty(), "check writes nothing to stdout: {out}");
    let diagnostics = err
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (code, diagnostics)
}

fn describe(diagnostics: &[Value]) -> String {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "    {} {} {}:{}:{} {}",
                d["code"].as_str().unwrap_or("?"),
                d["severity"].as_str().unwrap_or("?"),
                d["file"].as_str().unwrap_or("?"),
                d["line"],
                d["column"],
                d["message"].as_str().unwrap_or("?")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn broken_packages_report_their_rule_at_the_right_place() {
    let mut failures = Vec::new();
    for e in BROKEN {
        let (exit, diagnostics) = check_json(e.dir);
        let found = diagnostics.iter().find(|d| {
            d["code"] == e.code
                && d["line"].as_u64() == Some(e.line)
                && d["column"].as_u64() == Some(e.column)
        });
        match found {
            None => failures.push(format!(
                "{}: expected {} at {}:{}, got:\n{}",
                e.dir,
                e.code,
                e.line,
                e.column,
                describe(&diagnostics)
            )),
            Some(d) => {
                if d["severity"] != e.severity {
                    failures.push(format!(
                        "{}: {} has severity {}, expected {}",
                        e.dir, e.code, d["severity"], e.severity
                    ));
                }
                let file = d["file"].as_str().unwrap_or("");
                if !file.starts_with(&broken_dir(e.dir)) || !file.ends_with("types.go") {
                    failures.push(format!("{}: diagnostic file is {file}", e.dir));
                }
                if d["help"].as_str().is_none_or(str::is_empty) {
                    failures.push(format!("{}: {} has no help", e.dir, e.code));
                }
            }
        }
        let has_error = diagnostics.iter().any(|d| d["severity"] == "error");
        let expected_exit = if has_error { 1 } else { 0 };
        if exit != expected_exit {
            failures.push(format!("{}: check exited {exit}", e.dir));
        }
        // A warning package is otherwise clean: its rule is the only thing wrong with it.
        if e.severity == "warning" && diagnostics.len() != 1 {
            failures.push(format!(
                "{}: expected only the warning, got:\n{}",
                e.dir,
                describe(&diagnostics)
            ));
        }
    }
    if !failures.is_empty() {
        panic!("{} failure(s):\n{}", failures.len(), failures.join("\n"));
    }
}

#[test]
fn every_union_code_has_a_broken_package() {
    let covered: Vec<&str> = BROKEN.iter().map(|e| e.code).collect();
    let missing: Vec<&str> = union_gen::diag::ALL_CODES
        .iter()
        .map(|c| c.as_str())
        .filter(|c| c.starts_with("union/") && !covered.contains(c))
        .collect();
    assert!(
        missing.is_empty(),
        "union codes without a broken package: {missing:?}"
    );
}

#[test]
fn broken_packages_have_no_unrelated_errors() {
    // Each error package reports only its own code (several times at most), not a cascade.
    let mut failures = Vec::new();
    for e in BROKEN {
        let (_, diagnostics) = check_json(e.dir);
        let others: Vec<Value> = diagnostics
            .iter()
            .filter(|d| d["code"] != e.code)
            .cloned()
            .collect();
        if !others.is_empty() {
            failures.push(format!("{}:\n{}", e.dir, describe(&others)));
        }
    }
    if !failures.is_empty() {
        panic!("unrelated diagnostics:\n{}", failures.join("\n"));
    }
}

#[test]
fn generate_on_broken_packages_fails_and_writes_nothing() {
    let mut failures = Vec::new();
    for e in BROKEN {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("openapi.json");
        let before = b"previous content\n";
        fs::write(&path, before).expect("write old output");
        let target = path.to_str().expect("UTF-8 path");
        let (code, out, _) = run(&[
            "generate",
            "--v3",
            target,
            "--message-format",
            "json",
            &broken_dir(e.dir),
        ]);
        let after = fs::read(&path).expect("output still exists");
        let entries = fs::read_dir(dir.path()).expect("list temp dir").count();
        if !out.is_empty() {
            failures.push(format!("{}: stdout is not empty: {out}", e.dir));
        }
        if e.severity == "error" {
            if code != 1 {
                failures.push(format!("{}: generate exited {code}, expected 1", e.dir));
            }
            if after != before {
                failures.push(format!("{}: output file changed", e.dir));
            }
            if entries != 1 {
                failures.push(format!("{}: {entries} files left in the output dir", e.dir));
            }
        } else {
            // Warnings do not stop generation.
            if code != 0 {
                failures.push(format!("{}: generate exited {code}, expected 0", e.dir));
            }
            if after == before || !after.starts_with(b"{") {
                failures.push(format!("{}: output not written", e.dir));
            }
        }
    }
    if !failures.is_empty() {
        panic!("{} failure(s):\n{}", failures.len(), failures.join("\n"));
    }
}

/// The human rendering of one broken package.
fn human(dir: &str) -> String {
    let (code, out, err) = run(&["check", "--message-format", "human", &broken_dir(dir)]);
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
