//! `union-gen validate --old`: objects paired with their old versions are validated as
//! updates (transition rules run), through the real binary.

use std::fs;
use std::path::Path;

use crate::harness::process::{Outcome, Process};
use crate::harness::{codes, json_diagnostics};

const CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size:
                type: string
                x-kubernetes-validations:
                - rule: self == oldSelf
                  message: value is immutable
";

fn widget(namespace: &str, name: &str, size: &str) -> String {
    format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: {name}\n  namespace: {namespace}\nspec:\n  size: {size}\n"
    )
}

fn validate(dir: &Path, args: &[&str]) -> Outcome {
    let mut full = vec!["validate", "--message-format", "json", "--crd", "crd.yaml"];
    full.extend_from_slice(args);
    Process::union_gen(full).cwd(dir).env("NO_COLOR", "1").run()
}

#[test]
fn old_objects_make_updates_that_run_transition_rules() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("crd.yaml"), CRD).unwrap();
    fs::write(root.join("new.yaml"), widget("ns", "a", "large")).unwrap();
    fs::write(root.join("same.yaml"), widget("ns", "a", "large")).unwrap();
    // Several old objects in one file; only the one with the same identity pairs.
    let old = [
        widget("other", "a", "small"),
        widget("ns", "b", "small"),
        widget("ns", "a", "small"),
    ]
    .join("---\n");
    fs::write(root.join("old.yaml"), old).unwrap();

    // No --old: created, the transition rule skipped with the note.
    let outcome = validate(root, &["new.yaml"]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let diagnostics = json_diagnostics(&outcome.stderr);
    assert_eq!(codes(&diagnostics), ["validate/transition-rule-skipped"]);

    // Old and new equal: valid, no note.
    let outcome = validate(root, &["new.yaml", "--old", "same.yaml"]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        json_diagnostics(&outcome.stderr).is_empty(),
        "{}",
        outcome.stderr
    );

    // Changed: invalid, the API server's message at the field.
    let outcome = validate(root, &["new.yaml", "--old", "old.yaml"]);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    let diagnostics = json_diagnostics(&outcome.stderr);
    assert_eq!(
        codes(&diagnostics),
        ["validate/invalid"],
        "{}",
        outcome.stderr
    );
    let text = diagnostics[0].to_string();
    assert!(
        text.contains(r#"spec.size: Invalid value: \"string\": value is immutable"#),
        "{text}"
    );
    assert!(text.contains("new.yaml"), "{text}");

    // An object without an old one is created; with --old given, no note.
    fs::write(root.join("other.yaml"), widget("ns", "c", "large")).unwrap();
    let outcome = validate(root, &["other.yaml", "--old", "old.yaml"]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        json_diagnostics(&outcome.stderr).is_empty(),
        "{}",
        outcome.stderr
    );
}

/// Validating from Go types whose dependency is not found: the types of that package stay
/// unchecked (any value passes there), and the run says so instead of passing silently.
#[test]
fn a_missing_dependency_of_the_go_types_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(
        root.join("go.mod"),
        "module example.com/m\n\ngo 1.22\n\nrequire k8s.io/apimachinery v0.31.0\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("api")).unwrap();
    fs::write(
        root.join("api/types.go"),
        "// +groupName=example.com\npackage v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n// +kubebuilder:object:root=true\ntype Widget struct {\n\tMetadata metav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSize string `json:\"size\"`\n}\n",
    )
    .unwrap();
    fs::write(
        root.join("w.yaml"),
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  finalizers: {a: b}\nsize: s\n",
    )
    .unwrap();
    let outcome: Outcome = Process::union_gen([
        "validate",
        "--message-format",
        "json",
        "--packages",
        "./api",
        "--",
        "w.yaml",
    ])
    .cwd(root)
    .env("GOMODCACHE", root.join("no-cache"))
    .env_remove("GOPATH")
    .run();
    assert!(
        codes(&json_diagnostics(&outcome.stderr))
            .contains(&"resolve/package-not-found".to_string()),
        "{}",
        outcome.stderr
    );
}

/// `--packages` builds each kind's schema with what controller-gen writes into its CRD from
/// the Go markers (`testdata/validate-kubebuilder`: type-level markers where the type is used,
/// `items:` markers, defaults, optionality, rules): every broken bound is reported, with the
/// API server's messages, and the valid object passes.
#[test]
fn packages_carry_controller_gen_value_markers() {
    let outcome = Process::union_gen([
        "validate",
        "--message-format",
        "json",
        "--output",
        "json",
        "--packages",
        "./testdata/validate-kubebuilder/api/...",
        "--",
        "testdata/validate-kubebuilder/objects.yaml",
    ])
    .run();
    let mut report = String::new();
    for diagnostic in json_diagnostics(&outcome.stderr) {
        report.push_str(&format!(
            "{}:{} {} {}\n",
            diagnostic["line"], diagnostic["column"], diagnostic["code"], diagnostic["message"]
        ));
    }
    for line in outcome.stdout.lines() {
        let verdict: serde_json::Value = serde_json::from_str(line).unwrap();
        report.push_str(&format!(
            "{} {}: valid={}\n",
            verdict["kind"], verdict["name"], verdict["valid"]
        ));
    }
    crate::harness::snapshot("validate_packages_kubebuilder_markers", &report);
}

/// One run's verdicts and causes, a line each, for a snapshot.
fn verdicts(schemas: &[&str], objects: &str) -> String {
    let mut args = vec!["validate", "--message-format", "json", "--output", "json"];
    args.extend_from_slice(schemas);
    args.extend_from_slice(&["--", objects]);
    let outcome = Process::union_gen(args).run();
    let mut report = String::new();
    for line in outcome.stdout.lines() {
        let verdict: serde_json::Value = serde_json::from_str(line).unwrap();
        report.push_str(&format!("{} valid={}\n", verdict["name"], verdict["valid"]));
        for cause in verdict["causes"].as_array().into_iter().flatten() {
            report.push_str(&format!(
                "  {} {}: {}\n",
                cause["field"], cause["reason"], cause["message"]
            ));
        }
    }
    report
}

/// `--packages` gives `runtime.RawExtension`, apiextensions' `JSON` and `runtime.Unknown` the
/// schemas the kind's CRD has (`testdata/validate-raw/crd.yaml`, controller-gen's output) —
/// an embedded object's fields are kept, any JSON value passes, Unknown's Go fields — and
/// leaves a dependency's `+enum` list informational as that CRD does (the project's own list
/// is enforced): both ways give the same verdicts and causes.
#[test]
fn packages_give_embedded_objects_and_dependency_enums_their_crd_schemas() {
    let objects = "testdata/validate-raw/objects.yaml";
    let from_go = verdicts(&["--packages", "./testdata/validate-raw/api/..."], objects);
    let from_crd = verdicts(&["--crd", "testdata/validate-raw/crd.yaml"], objects);
    assert_eq!(from_go, from_crd);
    crate::harness::snapshot("validate_packages_raw_extension_json_unknown", &from_go);
}

/// Rules written with Kubernetes' CEL libraries (the shapes of openshift/api's CRDs):
/// durations compare, `containsCIDR` and `isURL` evaluate as the API server's, and `url()`
/// refusing its input is the rule's evaluation error with cel-go's text.
#[test]
fn kubernetes_cel_libraries_evaluate_as_the_api_servers() {
    const LIBRARY_CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  names: {kind: Gadget, plural: gadgets, singular: gadget, listKind: GadgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              timeout:
                type: string
                x-kubernetes-validations:
                - rule: duration(self) <= duration('15m')
                  message: timeout must be at most 15 minutes
              consoleURL:
                type: string
                x-kubernetes-validations:
                - rule: isURL(self)
                  message: console url must be a valid absolute URL
                - rule: url(self).getScheme() == 'https'
                  message: console url scheme must be https
              networks:
                type: object
                properties:
                  subnets: {type: array, items: {type: string}}
                  excludeSubnets: {type: array, items: {type: string}}
                x-kubernetes-validations:
                - rule: self.excludeSubnets.all(e, self.subnets.exists(s, cidr(s).containsCIDR(cidr(e))))
                  message: excludeSubnets must be subnetworks of the subnets
"#;
    let gadget = |timeout: &str, url: &str, exclude: &str| {
        format!(
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n  namespace: ns\n\
             spec:\n  timeout: {timeout}\n  consoleURL: {url:?}\n  networks:\n    \
             subnets: [192.168.0.0/16]\n    excludeSubnets: [{exclude}]\n"
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("crd.yaml"), LIBRARY_CRD).unwrap();
    fs::write(
        root.join("good.yaml"),
        gadget("90s", "https://a.example.com/x", "192.168.10.0/24"),
    )
    .unwrap();
    fs::write(root.join("bad.yaml"), gadget("100m", " ", "10.0.0.0/8")).unwrap();

    let outcome = validate(root, &["good.yaml"]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        json_diagnostics(&outcome.stderr).is_empty(),
        "{}",
        outcome.stderr
    );

    let outcome = validate(root, &["bad.yaml"]);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    let diagnostics = json_diagnostics(&outcome.stderr);
    assert!(
        codes(&diagnostics).iter().all(|c| c == "validate/invalid"),
        "{}",
        outcome.stderr
    );
    let text = outcome.stderr.replace("\\\"", "\"");
    for expected in [
        r#"spec.timeout: Invalid value: "string": timeout must be at most 15 minutes"#,
        r#"spec.consoleURL: Invalid value: "string": console url must be a valid absolute URL"#,
        r#"spec.consoleURL: Invalid value: "string": URL parse error during conversion from string: parse " ": invalid URI for request evaluating rule: console url scheme must be https"#,
        r#"spec.networks: Invalid value: "object": excludeSubnets must be subnetworks of the subnets"#,
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
}
