//! Parity with kube-openapi's openapi-gen on constructs measured on real code (issue 14):
//! each case is our own small Go package under `testdata/parity/`, and the assertions name
//! what openapi-gen writes for the same shape (read from its source, `pkg/generators`).

use serde_json::Value;

use crate::harness::generate_json;

/// `generate --naming short --v2 -` on one package of `testdata/parity`: exit code, the
/// definitions, and the diagnostics as JSON lines.
fn generate(package: &str) -> (u8, Value, Vec<Value>) {
    let dir = format!("testdata/parity/{package}");
    let run = generate_json(&["--naming", "short", "--v2", "-", &dir]);
    (
        run.code,
        run.document["definitions"].clone(),
        run.diagnostics,
    )
}

/// Kubernetes writes `+listMapKey=type` and `+k8s:listMapKey=type` on one field: one key.
/// Gated markers (`+k8s:alpha(…)=+k8s:listMapKey`, `=+k8s:required`, `=+k8s:enum`,
/// `+k8s:ifEnabled(G)=…`) leave the schema as if they were absent (SPEC §3).
#[test]
fn gated_and_doubled_markers() {
    let (code, definitions, diagnostics) = generate("gated");
    assert_eq!(code, 0, "{diagnostics:?}");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let status = &definitions["gated.Status"];
    let properties = &status["properties"];
    let keys = |name: &str| properties[name]["x-kubernetes-list-map-keys"].clone();
    assert_eq!(keys("conditions"), serde_json::json!(["type"]));
    assert_eq!(keys("pairs"), serde_json::json!(["type", "name"]));
    assert_eq!(keys("declarative"), serde_json::json!(["name"]));
    assert_eq!(keys("gated"), Value::Null);
    assert_eq!(properties["gated"]["x-kubernetes-list-type"], "atomic");
    // A gated `+k8s:enum` makes no enum.
    assert_eq!(properties["operation"]["enum"], Value::Null);
    assert_eq!(properties["operation"]["type"], "string");
    // Optionality from ungated markers and `omitempty` only; no gated default.
    assert_eq!(
        status["required"],
        serde_json::json!(["endpoints", "flagged"])
    );
    assert_eq!(properties["flagged"]["default"], "");
    // `+k8s:listMapKey` on an atomic list (for `+k8s:unique=map`) makes no keys.
    let pools = &definitions["gated.Pools"]["properties"]["summary"];
    assert_eq!(pools["x-kubernetes-list-type"], "atomic");
    assert_eq!(pools["x-kubernetes-list-map-keys"], Value::Null);
    // A union whose markers are gated is not listed.
    let attribute = &definitions["gated.Attribute"];
    assert_eq!(attribute["x-kubernetes-unions"], Value::Null);
    assert_eq!(attribute["properties"]["int"]["type"], "integer"); // `+k8s:shadow=` is a gate too: read, listed by `dump model`, never in the schema.
    assert_eq!(
        definitions["gated.Shadowed"]["x-kubernetes-unions"],
        Value::Null
    );
    let (code, model, err) = crate::harness::run(&[
        "dump",
        "model",
        "--type",
        "Shadowed",
        "testdata/parity/gated",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        model.contains("union exactly-one set=non-zero values=select listed=unless-openapi-gen gated members: a=A,gated b=B,gated"),
        "{model}"
    );
}

/// `type MatchCondition v1.MatchCondition` (a defined type over another package's struct) is
/// its own definition with the source's fields, and `$ref`s name it; an alias is the source.
#[test]
fn defined_type_over_another_struct() {
    let (code, definitions, diagnostics) = generate("defined");
    assert_eq!(code, 0, "{diagnostics:?}");
    let defined = &definitions["defined.MatchCondition"];
    assert_eq!(
        defined["description"],
        "MatchCondition is this version's condition: its own definition, with v1's fields."
    );
    assert_eq!(
        defined["required"],
        serde_json::json!(["name", "expression"])
    );
    assert_eq!(
        defined["properties"],
        definitions["v1.MatchCondition"]["properties"]
    );
    assert_eq!(
        definitions["defined.Again"]["properties"],
        defined["properties"]
    );
    assert_eq!(
        definitions["defined.Renamed"]["properties"],
        definitions["defined.Local"]["properties"]
    );
    let webhook = &definitions["defined.Webhook"]["properties"];
    assert_eq!(
        webhook["conditions"]["items"]["$ref"],
        "#/definitions/defined.MatchCondition"
    );
    assert_eq!(webhook["again"]["$ref"], "#/definitions/defined.Again");
    assert_eq!(webhook["renamed"]["$ref"], "#/definitions/defined.Renamed");
    assert_eq!(
        webhook["aliased"]["$ref"],
        "#/definitions/v1.MatchCondition"
    );
    assert!(definitions.get("defined.Alias").is_none());
}

fn codes_at(diagnostics: &[Value]) -> Vec<(String, String, u64, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_string(),
                d["severity"].as_str().unwrap_or_default().to_string(),
                d["line"].as_u64().unwrap_or_default(),
                d["column"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

/// Zero-value defaults as kube-openapi's `TestMustEnforceDefaultStruct` expects them: a type
/// with a fixed schema and no `UnmarshalJSON` gets the zero value of its Go shape; and
/// `+default=ref(pkg.Const)` loads a package nothing imports, or says why it cannot.
#[test]
fn defaults_like_openapi_gen() {
    let (code, definitions, diagnostics) = generate("defaults");
    assert_eq!(code, 0, "{diagnostics:?}");
    let blah = &definitions["defaults.Blah"]["properties"];
    assert_eq!(blah["Embedded"]["default"], 0);
    assert_eq!(blah["NoUnmarshal"]["default"], serde_json::json!({}));
    assert_eq!(blah["Regular"]["default"], serde_json::json!({}));
    assert_eq!(blah["PointerUnmarshal"].get("default"), None);
    assert_eq!(blah["StructUnmarshal"].get("default"), None);
    let refs = &definitions["defaults.Refs"]["properties"];
    assert_eq!(refs["unimported"]["default"], "TCP");
    assert_eq!(refs["local"]["default"], "local");
    assert_eq!(refs["external"].get("default"), None);
    assert_eq!(
        codes_at(&diagnostics),
        [(
            "resolve/unresolved-default-ref".to_string(),
            "warning".to_string(),
            60,
            14
        )]
    );
}

/// An embedded non-struct type without a tag is a property named after the type.
#[test]
fn embedded_non_struct_is_a_property() {
    let (code, definitions, diagnostics) = generate("embedded");
    assert_eq!(code, 0, "{diagnostics:?}");
    let holder = &definitions["embedded.Holder"];
    assert_eq!(holder["required"], serde_json::json!(["name", "Int64"]));
    assert_eq!(holder["properties"]["Int64"]["format"], "int64");
}

/// The new codes' broken inputs report what their annotations say (the same inputs the
/// diagnostics harness reads).
#[test]
fn unsupported_and_undefined_types_and_unresolved_refs_are_reported() {
    let check = |dir: &str| {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let path = format!("testdata/diagnostics/{dir}");
        let code = union_gen::run_with_output(
            [
                "union-gen",
                "check",
                "--message-format",
                "json",
                path.as_str(),
            ],
            &mut out,
            &mut err,
        );
        let diagnostics: Vec<Value> = String::from_utf8_lossy(&err)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        (code, codes_at(&diagnostics))
    };
    let entry = |code: &str, severity: &str, line, column| {
        (code.to_string(), severity.to_string(), line, column)
    };
    assert_eq!(
        check("resolve-unsupported-type"),
        (
            1,
            vec![
                entry("resolve/unsupported-type", "error", 5, 2),
                entry("resolve/unsupported-type", "error", 8, 9),
                // the embedded struct in Wrapper's anonymous struct (the testdata's `^@3`)
                entry("resolve/unsupported-type", "error", 25, 3)
            ]
        )
    );
    assert_eq!(
        check("resolve-undefined-type"),
        (0, vec![entry("resolve/undefined-type", "warning", 5, 10)])
    );
    assert_eq!(
        check("resolve-unresolved-default-ref"),
        (
            0,
            vec![entry("resolve/unresolved-default-ref", "warning", 10, 14)]
        )
    );
}

/// `--report FILE` writes openapi-gen's API rule violation report (`--report-filename`).
#[test]
fn api_rule_report_in_openapi_gen_format() {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = union_gen::run_with_output(
        [
            "union-gen",
            "check",
            "--report",
            "-",
            "testdata/kube-openapi-compat-extra/...",
        ],
        &mut out,
        &mut err,
    );
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    let report = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 16, "{report}");
    assert_eq!(
        lines[0],
        "API rule violation: list_type_missing,example.com/compatextra/defaults,Defaulted,List"
    );
    assert!(lines.contains(
        &"API rule violation: names_match,example.com/compatextra/listtype,UntypedList,Field"
    ));
    // A report and a document both on stdout is refused.
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = union_gen::run_with_output(
        [
            "union-gen",
            "generate",
            "--report",
            "-",
            "testdata/kube-openapi-compat-extra/...",
        ],
        &mut out,
        &mut err,
    );
    assert_eq!(code, 2);
    assert!(out.is_empty());
}
