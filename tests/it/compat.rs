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

/// Schema-override methods as kube-openapi's builders serve them (the `custom` and
/// `valuevalidation` fixtures of its integration golden, as our own inputs): the
/// `OpenAPIDefinition()` body in v2 (and in v3 without `OpenAPIV3Definition()`), the
/// `OpenAPIV3Definition()` body in v3, and `oneOf` for `OpenAPIV3OneOfTypes()` in v3.
#[test]
fn schema_methods_per_version() {
    let defs = |version: &str| {
        let flag = format!("--{version}");
        // Foo4's markers are ignored beside its OpenAPIDefinition(): a warning.
        let (code, out, err) = crate::harness::run(&[
            "generate",
            &flag,
            "-",
            "--naming",
            "short",
            "testdata/kube-openapi-compat-extra/custom",
            "testdata/kube-openapi-compat-extra/valuevalidation",
        ]);
        assert_eq!(code, 0, "{err}");
        crate::harness::definitions(&out)
    };
    let (v2, v3) = (defs("v2"), defs("v3"));
    let json = |v: &serde_json::Value| serde_json::to_string(v).expect("JSON");
    assert_eq!(json(&v2["custom.Bak"]), r#"{"type":"integer"}"#);
    assert_eq!(json(&v3["custom.Bak"]), r#"{"type":"integer"}"#);
    assert_eq!(json(&v2["custom.Bac"]), r#"{"type":"string"}"#);
    assert_eq!(json(&v3["custom.Bac"]), r#"{"type":"object"}"#);
    assert_eq!(json(&v2["custom.Bal"]), r#"{"type":"string"}"#);
    assert_eq!(
        json(&v2["custom.Bah"]),
        r#"{"type":"test-type","format":"test-format"}"#
    );
    assert_eq!(json(&v3["custom.Bah"]), r#"{"type":"object"}"#);
    let foo3 = json(&v3["valuevalidation.Foo3"]);
    assert!(
        foo3.contains(r#""oneOf":[{"type":"number"},{"type":"string"}]"#),
        "{foo3}"
    );
    assert!(!foo3.contains(r#""type":"string","#), "{foo3}");
    assert!(json(&v2["valuevalidation.Foo3"]).contains(r#""type":"string""#));
}
