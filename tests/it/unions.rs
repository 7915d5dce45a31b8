//! Unions in all three marker generations (SPEC §5): the valid packages under
//! `testdata/unions/dialects/` in every `--union-format`. Snapshots: `snapshots/unions__*.snap`.
//! The broken packages under `testdata/unions/broken/` are diagnostics cases
//! (`testdata/diagnostics/README.md`), checked in `diagnostics.rs`.

use crate::harness::{definitions, generate, snapshot};

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
    let schemas = definitions(&v3("kep1027"));
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
    let both = definitions(&v3("both"));
    let list = definitions(&v3("list"));
    let kep = definitions(&v3("kep1027"));
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
    let schemas = definitions(&v3("list"));
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

/// A member value nobody wrote is the Go field name: the help says so and shows the marker
/// to write; a written value gets the plain list of allowed values.
#[test]
fn member_value_not_in_enum_help_names_the_default() {
    use crate::harness::cases::Case;
    let case = Case::load("testdata/unions/broken/member-value-not-in-enum-defaulted").unwrap();
    let d = case.only("union/member-value-not-in-enum");
    let help = d["help"].as_str().unwrap();
    assert!(help.contains("its Go field name `GitRepository`"), "{help}");
    assert!(help.contains("`+unionMember=Git`"), "{help}");
    let case = Case::load("testdata/unions/broken/member-value-not-in-enum").unwrap();
    let d = case.only("union/member-value-not-in-enum");
    assert_eq!(d["help"], "use one of: Git, Hg", "{d}");
}

/// validation-gen's own acceptance: plain value members without `omitempty`, a discriminator
/// value without a member, gated members (left out of the schema and of the rules).
#[test]
fn declarative_unions_as_validation_gen_accepts_them() {
    let (code, out, err) = crate::harness::run(&[
        "generate",
        "--cel",
        "--v2",
        "-",
        "testdata/unions-declarative/...",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let document: Value = serde_json::from_str(&out).unwrap();
    let definition =
        |name: &str| &document["definitions"][format!("com.example.unions-declarative.v1.{name}")];
    assert_eq!(
        definition("Plain")["x-kubernetes-unions"],
        serde_json::json!([{"fields-to-discriminateBy": {"a": "A", "b": "B"}}])
    );
    // "Set" is "not zero" for members serialised without omitempty.
    assert_eq!(
        definition("Plain")["x-kubernetes-validations"][0]["rule"],
        "((has(self.a) && self.a != '') ? 1 : 0) + ((has(self.b) && self.b != 0) ? 1 : 0) == 1"
    );
    assert_eq!(
        definition("Disc")["x-kubernetes-unions"],
        serde_json::json!([{"discriminator": "kind", "fields-to-discriminateBy": {"a": "A", "b": "B"}}])
    );
    let gated = definition("Gated");
    assert!(gated.get("x-kubernetes-unions").is_none(), "{gated:#}");
    assert!(gated.get("x-kubernetes-validations").is_none(), "{gated:#}");
}

/// The resolved unions of every dialect fixture, as `dump model` prints them: a small,
/// reviewable statement of members, values, counts and gating.
#[test]
fn dialect_unions_as_the_model_holds_them() {
    let (code, out, err) = crate::harness::run(&["dump", "model", "testdata/unions/dialects/..."]);
    assert_eq!(code, 0, "{err}");
    let unions: String = out
        .lines()
        .filter(|l| !l.starts_with("  ") || l.starts_with("  union "))
        .map(|l| format!("{l}\n"))
        .collect();
    snapshot("unions__dialects_model", &unions);
}
