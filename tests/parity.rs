//! Parity with kube-openapi's openapi-gen on constructs measured on real code (issue 14):
//! each case is our own small Go package under `testdata/parity/`, and the assertions name
//! what openapi-gen writes for the same shape (read from its source, `pkg/generators`).

use serde_json::Value;

/// `generate --naming short --v2 -` on one package of `testdata/parity`: exit code, the
/// definitions, and the diagnostics as JSON lines.
fn generate(package: &str) -> (u8, Value, Vec<Value>) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let dir = format!("testdata/parity/{package}");
    let code = union_gen::run_with_output(
        [
            "union-gen",
            "generate",
            "--naming",
            "short",
            "--message-format",
            "json",
            "--v2",
            "-",
            dir.as_str(),
        ],
        &mut out,
        &mut err,
    );
    let diagnostics = String::from_utf8_lossy(&err)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l}")))
        .collect();
    let document: Value = if out.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&out).expect("v2 document")
    };
    (code, document["definitions"].clone(), diagnostics)
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
    // A union whose markers are gated is not listed.
    let attribute = &definitions["gated.Attribute"];
    assert_eq!(attribute["x-kubernetes-unions"], Value::Null);
    assert_eq!(attribute["properties"]["int"]["type"], "integer");
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
