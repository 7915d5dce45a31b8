//! kube-openapi compatibility: our own Go inputs with the shapes of kube-openapi's
//! integration fixtures (`testdata/kube-openapi-compat`), snapshotted with `--naming short`.
//! `scripts/compare-kube-openapi-golden.py` compares the same output with kube-openapi's
//! goldens when a kube-openapi checkout is at hand.

use crate::harness::{json_diagnostics, run, snapshot};

fn generate(version_flag: &str) -> String {
    let (code, out, err) = run(&[
        "generate",
        "--naming",
        "short",
        "--info-title",
        "Integration Test",
        "--info-version",
        "1.0",
        "--message-format",
        "json",
        version_flag,
        "-",
        "testdata/kube-openapi-compat/...",
    ]);
    assert_eq!(code, 0, "stderr: {err}");
    // The fixtures' `+unionDeprecated` members are plain ints: two warnings, nothing else.
    let codes: Vec<(String, u64)> = json_diagnostics(&err)
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default().to_string(),
                d["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        codes,
        [
            ("union/member-not-pointer".to_string(), 25),
            ("union/member-not-pointer".to_string(), 27)
        ]
    );
    out
}

#[test]
fn kube_openapi_fixtures_v2() {
    let text = generate("--v2");
    snapshot("compat__kube_openapi_v2", &text);
}

#[test]
fn kube_openapi_fixtures_v3() {
    let text = generate("--v3");
    snapshot("compat__kube_openapi_v3", &text);
}

#[test]
fn union_order_follows_kube_openapi() {
    let document: serde_json::Value = serde_json::from_str(&generate("--v2")).unwrap();
    let unions = &document["definitions"]["uniontype.InlinedUnion"]["x-kubernetes-unions"];
    let discriminators: Vec<&serde_json::Value> = unions
        .as_array()
        .unwrap()
        .iter()
        .map(|u| &u["discriminator"])
        .collect();
    // Embedded `+union` struct first, then the embedded member-level union, then its own.
    assert_eq!(
        discriminators,
        [
            &serde_json::json!("unionType"),
            &serde_json::json!("type"),
            &serde_json::Value::Null
        ]
    );
    assert_eq!(
        unions[2]["fields-to-discriminateBy"],
        serde_json::json!({"field1": "Field1", "field2": "Field2"})
    );
}
