//! The fourth union family, controller-gen's `ExactlyOneOf` / `AtMostOneOf` /
//! `AtLeastOneOf`: the exact rules generated, names read as JSON names, and `crd` not
//! repeating the rule controller-gen already wrote. (Its diagnostics are cases under
//! `testdata/unions/broken/`.)

use crate::harness::cases::Case;
use crate::harness::{definitions, run};

// --- controller-gen's ExactlyOneOf / AtMostOneOf / AtLeastOneOf ---------------------------

const CONTROLLER_GEN: &str = "testdata/unions-controller-gen";

/// `generate --cel --v2 -` of the controller-gen unions: (definition name, rules) of each
/// definition with rules; no definition gets `x-kubernetes-unions`.
fn controller_gen_rules() -> Vec<(String, Vec<(String, String)>)> {
    let pattern = format!("{CONTROLLER_GEN}/...");
    let (code, out, err) = run(&["generate", "--cel", "--v2", "-", &pattern]);
    assert_eq!(code, 0, "{err}");
    let mut found = Vec::new();
    for (name, schema) in &definitions(&out) {
        assert!(schema.get("x-kubernetes-unions").is_none(), "{name}");
        let Some(rules) = schema["x-kubernetes-validations"].as_array() else {
            continue;
        };
        let rules = rules
            .iter()
            .map(|r| {
                (
                    r["rule"].as_str().unwrap().to_string(),
                    r["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let short = name.rsplit('.').next().unwrap().to_string();
        found.push((short, rules));
    }
    found
}

#[test]
fn controller_gen_unions_become_rules() {
    let rule = |r: &str, m: &str| (r.to_string(), m.to_string());
    assert_eq!(
        controller_gen_rules(),
        vec![
            (
                "Probe".to_string(),
                vec![
                    // The block above the doc comment (AtMostOneOf) comes first, as
                    // controller-gen orders AtMostOneOf before AtLeastOneOf; `tcp` and `udp`
                    // are in both unions, which controller-gen allows.
                    rule(
                        "(has(self.tcp) ? 1 : 0) + (has(self.udp) ? 1 : 0) <= 1",
                        "at most one of tcp, udp may be set"
                    ),
                    // `exec` comes from the inlined ProbeCommon.
                    rule(
                        "has(self.tcp) || has(self.udp) || has(self.exec)",
                        "at least one of tcp, udp, exec must be set"
                    ),
                ]
            ),
            (
                "Source".to_string(),
                vec![rule(
                    // `inline` is a plain string with omitempty: present is set, the
                    // marker's meaning (controller-gen's `has()`), not "non-empty".
                    "(has(self.configMap) ? 1 : 0) + (has(self.secret) ? 1 : 0) + (has(self.inline) ? 1 : 0) == 1",
                    "exactly one of configMap, secret, inline must be set"
                )]
            ),
        ]
    );
    let pattern = format!("{CONTROLLER_GEN}/...");
    let (code, _, err) = run(&["check", "--message-format", "json", &pattern]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn controller_gen_union_names_are_json_names() {
    let case = Case::load("testdata/unions/broken/unknown-member").expect("the case loads");
    let d = case.only("union/unknown-member");
    assert!(d["message"].as_str().unwrap().contains("`Secret`"), "{d}");
    assert!(
        d["help"].as_str().unwrap().contains("configMap, secret"),
        "{d}"
    );
}

/// `crd` adds no rule for a union the manifest already enforces with controller-gen's own
/// rule, in any of its spellings (compared by meaning); without it, the rule is added.
#[test]
fn crd_does_not_repeat_controller_gen_rules() {
    let manifest = format!("{CONTROLLER_GEN}/config/widgets.yaml");
    let packages = format!("{CONTROLLER_GEN}/...");
    let (code, out, err) = run(&["crd", "--verify", &manifest, "--packages", &packages]);
    assert_eq!(code, 0, "{out}{err}");

    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(&manifest).unwrap();
    let start = text
        .find("                x-kubernetes-validations:\n                - message: exactly")
        .unwrap();
    let end = text
        .find("            type: object\n        required")
        .unwrap();
    let without = dir.path().join("widgets.yaml");
    std::fs::write(&without, format!("{}{}", &text[..start], &text[end..])).unwrap();
    let (code, out, err) = run(&[
        "crd",
        "--verify",
        without.to_str().unwrap(),
        "--packages",
        &packages,
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("+                  rule: '(has(self.configMap) ? 1 : 0) + (has(self.secret) ? 1 : 0) + (has(self.inline) ? 1 : 0) == 1'"),
        "{out}"
    );
    assert!(!out.contains("has(self.tcp)"), "{out}");
}
