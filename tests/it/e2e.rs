//! End-to-end scenarios: the Go packages under `testdata/<scenario>/` through the whole
//! pipeline (`union_gen::run_with_output`), with the documents snapshotted under
//! `snapshots/e2e__*.snap`.

use crate::harness::*;

use std::fs;
use std::path::Path;

/// v2 and v3 of one scenario, each snapshotted as `e2e__<name>_v2` / `_v3`.
fn scenario(name: &str, pattern: &str, extra: &[&str]) {
    for version in ["v2", "v3"] {
        let flag = format!("--{version}");
        let mut args = vec![flag.as_str(), "-"];
        args.extend_from_slice(extra);
        args.push(pattern);
        let text = generate(&args);
        assert!(text.ends_with("}\n"), "JSON ends with a newline");
        assert!(!definitions(&text).is_empty());
        snapshot(&format!("e2e__{name}_{version}"), &text);
    }
}

#[test]
fn example() {
    scenario("example", "testdata/example/...", &[]);
}

#[test]
fn enums() {
    scenario("enums", "testdata/enums/...", &[]);
}

#[test]
fn unions2019() {
    scenario("unions2019", "testdata/unions2019/...", &[]);
}

#[test]
fn unions2019_order_of_x_kubernetes_unions() {
    // Own `+union` (none on Home), then the inlined embedded structs in field order
    // (Feeding, Pet, *Undiscriminated), then Home's own `+unionDeprecated` members; Estate
    // inlines Home (recursively) and appends its own member-level union last.
    let text = generate(&["--v2", "-", "testdata/unions2019/..."]);
    let defs = definitions(&text);
    let members = |def: &str| -> Vec<Vec<String>> {
        defs[def]["x-kubernetes-unions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                u["fields-to-discriminateBy"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .cloned()
                    .collect()
            })
            .collect()
    };
    let home = vec![
        vec!["bowl".to_string(), "hand".to_string()],
        vec!["cat".to_string(), "dog".to_string()],
        vec!["left".to_string(), "right".to_string()],
        vec!["balcony".to_string(), "garden".to_string()],
    ];
    assert_eq!(members("com.example.unions2019.apis.v1.Home"), home);
    let mut estate = home;
    estate.push(vec!["pond".to_string(), "pool".to_string()]);
    assert_eq!(members("com.example.unions2019.apis.v1.Estate"), estate);
}

#[test]
fn naming_rest() {
    scenario("naming_rest", "testdata/naming/...", &["--naming", "rest"]);
}

#[test]
fn naming_short() {
    scenario(
        "naming_short",
        "testdata/naming/...",
        &["--naming", "short"],
    );
}

#[test]
fn naming_default_is_rest() {
    assert_eq!(
        generate(&["--v2", "-", "testdata/naming/..."]),
        generate(&["--v2", "-", "--naming", "rest", "testdata/naming/..."])
    );
}

/// `--naming go` is not snapshotted: its `$ref`s are wrong (see
/// `naming_go_refs_escape_slashes`). The definition names themselves are right.
#[test]
fn naming_go_definition_names() {
    for version in ["v2", "v3"] {
        let flag = format!("--{version}");
        let text = generate(&[&flag, "-", "--naming", "go", "testdata/naming/..."]);
        let names: Vec<String> = definitions(&text).keys().cloned().collect();
        assert_eq!(
            names,
            [
                "example.com/naming/apis/apps/v1.Deployment",
                "example.com/naming/apis/batch/v1.JobTemplate",
                "example.com/naming/internal/deep/nested/v1alpha1.Extra",
            ]
        );
    }
}

/// With `--naming go` the definition names contain `/`, and a `$ref` is a JSON Pointer
/// (RFC 6901), where `/` inside a name must be written `~1`.
#[test]
fn naming_go_refs_escape_slashes() {
    let text = generate(&["--v2", "-", "--naming", "go", "testdata/naming/..."]);
    assert!(
        text.contains(
            r##""$ref": "#/definitions/example.com~1naming~1apis~1batch~1v1.JobTemplate""##
        ),
        "{text}"
    );
    let text = generate(&["--v3", "-", "--naming", "go", "testdata/naming/..."]);
    assert!(
        text.contains(
            r##""$ref": "#/components/schemas/example.com~1naming~1apis~1batch~1v1.JobTemplate""##
        ),
        "{text}"
    );
}

#[test]
fn schemas() {
    scenario("schemas", "testdata/schemas/...", &[]);
}

#[test]
fn schemas_openapi_gen_false_on_type_and_package() {
    let text = generate(&["--v2", "-", "testdata/schemas/..."]);
    let defs = definitions(&text);
    assert!(!defs.keys().any(|k| k.ends_with(".Hidden")), "type opt-out");
    assert!(
        !defs.keys().any(|k| k.contains(".hidden.")),
        "package opt-out"
    );
    assert!(!defs.keys().any(|k| k.ends_with(".unexportedType")));
}

#[test]
fn yaml_output() {
    let text = generate(&["--v3", "-", "--format", "yaml", "testdata/example/..."]);
    let yaml: serde_json::Value = yaml_serde::from_str(&text).expect("valid YAML");
    let json: serde_json::Value =
        serde_json::from_str(&generate(&["--v3", "-", "testdata/example/..."])).unwrap();
    assert_eq!(yaml, json, "YAML and JSON carry the same document");
    snapshot("e2e__example_v3_yaml", &text);
}

#[test]
fn title_and_version_set_info() {
    let text = generate(&[
        "--v2",
        "-",
        "--info-title",
        "Widgets",
        "--info-version",
        "v1.2.3",
        "testdata/naming/...",
    ]);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        value["info"],
        serde_json::json!({"title": "Widgets", "version": "v1.2.3"})
    );
}

#[test]
fn deterministic_whatever_the_thread_count() {
    for scenario in ["example", "enums", "unions2019", "naming", "schemas"] {
        let pattern = format!("testdata/{scenario}/...");
        for version in ["--v2", "--v3"] {
            let outputs: Vec<String> = ["1", "2", "8"]
                .iter()
                .map(|jobs| generate(&[version, "-", "-j", jobs, &pattern]))
                .collect();
            assert_eq!(outputs[0], outputs[1], "{scenario} {version}: -j 1 vs -j 2");
            assert_eq!(outputs[0], outputs[2], "{scenario} {version}: -j 1 vs -j 8");
        }
    }
}

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn failing_run_leaves_existing_output_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("openapi.json");
    // An earlier document (a file that is not one is refused before the run), damaged.
    let original = b"{\"openapi\": \"previous content\"}\n\xff not even JSON\n";
    fs::write(&path, original).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    }
    let before = fs::metadata(&path).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let target = path.to_str().unwrap();
    let (code, out, err) = run(&[
        "generate",
        "--v3",
        target,
        "--message-format",
        "json",
        "testdata/diagnostics/enum-not-string/...",
    ]);
    assert_eq!(code, 1, "an error diagnostic exits 1; stderr:\n{err}");
    assert!(out.is_empty());
    assert_eq!(codes(&json_diagnostics(&err)), ["enum/not-string"]);
    assert_eq!(fs::read(&path).unwrap(), original, "file untouched");
    let after = fs::metadata(&path).unwrap();
    assert_eq!(after.permissions(), before.permissions(), "mode untouched");
    assert_eq!(
        after.modified().unwrap(),
        before.modified().unwrap(),
        "mtime untouched"
    );
    assert_eq!(dir_entries(dir.path()), ["openapi.json"], "no stray files");
}

/// A committed `0644` document regenerated by a user with umask `077` stayed `0644`: the
/// replaced file keeps its mode (the temporary it is renamed from starts out `0600`).
#[cfg(unix)]
#[test]
fn regenerating_keeps_the_documents_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("openapi.json");
    fs::write(&path, "{}\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
    let (code, _, err) = run(&[
        "generate",
        "--v3",
        path.to_str().unwrap(),
        "testdata/example/...",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_ne!(fs::read(&path).unwrap(), b"{}\n", "regenerated");
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o644);
    assert_eq!(dir_entries(dir.path()), ["openapi.json"], "no stray files");
}

#[test]
fn failing_run_creates_no_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let v2 = dir.path().join("swagger.json");
    let v3 = dir.path().join("v3.json");
    let (code, _, _) = run(&[
        "generate",
        "--v2",
        v2.to_str().unwrap(),
        "--v3",
        v3.to_str().unwrap(),
        "testdata/diagnostics/field-optional-and-required/...",
    ]);
    assert_eq!(code, 1);
    assert!(dir_entries(dir.path()).is_empty());
}

#[test]
fn writes_v2_and_v3_files() {
    let dir = tempfile::tempdir().unwrap();
    let v2 = dir.path().join("swagger.json");
    let v3 = dir.path().join("openapi.yaml");
    fs::write(&v3, "openapi: old content\n").unwrap();
    let out = generate(&[
        "--v2",
        v2.to_str().unwrap(),
        "--v3",
        v3.to_str().unwrap(),
        "testdata/example/...",
    ]);
    assert!(out.is_empty(), "nothing on stdout when both go to files");
    assert_eq!(
        fs::read_to_string(&v2).unwrap(),
        generate(&["--v2", "-", "testdata/example/..."])
    );
    // The format follows the extension.
    assert_eq!(
        fs::read_to_string(&v3).unwrap(),
        generate(&["--v3", "-", "--format", "yaml", "testdata/example/..."])
    );
    assert_eq!(dir_entries(dir.path()), ["openapi.yaml", "swagger.json"]);
}

#[test]
fn v3_to_stdout_by_default() {
    assert_eq!(
        generate(&["testdata/example/..."]),
        generate(&["--v3", "-", "testdata/example/..."])
    );
}

#[test]
fn verify_accepts_up_to_date_files_and_reports_stale_ones() {
    let dir = tempfile::tempdir().unwrap();
    let v2 = dir.path().join("swagger.json");
    let target = v2.to_str().unwrap();
    generate(&["--v2", target, "testdata/example/..."]);
    let (code, _, _) = run(&[
        "generate",
        "--verify",
        "--v2",
        target,
        "testdata/example/...",
    ]);
    assert_eq!(code, 0);
    fs::write(&v2, "{}\n").unwrap();
    let (code, out, _) = run(&[
        "generate",
        "--verify",
        "--v2",
        target,
        "testdata/example/...",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("+++ b/"), "unified diff: {out}");
    assert_eq!(
        fs::read_to_string(&v2).unwrap(),
        "{}\n",
        "--verify writes nothing"
    );
}

// ---------------------------------------------------------------------------------------
// Regressions found while writing these scenarios.

/// In v2, kube-openapi writes `$ref` before the `x-*` extensions (Schema's JSON key order:
/// ..., `$schema`, `$ref`, then `x-*` sorted).
#[test]
fn v2_ref_comes_before_extensions() {
    let text = generate(&["--v2", "-", "testdata/bugs/ref-key-order/..."]);
    let defs = definitions(&text);
    let pinned = defs["com.example.bugs.refkeyorder.api.Widget"]["properties"]["pinned"]
        .as_object()
        .unwrap();
    let keys: Vec<&str> = pinned.keys().map(String::as_str).collect();
    assert_eq!(keys, ["description", "$ref", "x-kubernetes-map-type"]);
}

/// `Mode(strings.ToUpper("loud"))` is not a constant expression: a call into a package
/// that is not loaded may be a function, so it is not evaluated.
#[test]
fn function_call_is_not_an_enum_value() {
    let (code, out, err) = run(&[
        "generate",
        "--v2",
        "-",
        "--message-format",
        "json",
        "testdata/bugs/call-in-enum-const/...",
    ]);
    assert_eq!(code, 0);
    assert!(
        codes(&json_diagnostics(&err)).contains(&"enum/unevaluable-constant".to_string()),
        "{err}"
    );
    let defs = definitions(&out);
    assert_eq!(
        defs["com.example.bugs.callinenumconst.api.Settings"]["properties"]["mode"]["enum"],
        serde_json::json!(["Fast"])
    );
}

/// A documented choice (docs/src/choices.md): an embedded struct
/// without a JSON tag is inlined, as Go's encoding/json serialises it. (openapi-gen would
/// make it a property named after the type.)
#[test]
fn untagged_embedded_struct_is_inlined_like_encoding_json() {
    let text = generate(&["--v2", "-", "testdata/bugs/untagged-embedded/..."]);
    let defs = definitions(&text);
    let outer = &defs["com.example.bugs.untaggedembedded.api.Outer"];
    assert!(outer["properties"].get("Meta").is_none(), "{outer}");
    assert!(outer["properties"].get("kind").is_some(), "{outer}");
}

/// A documented choice: field names follow encoding/json. `json:",omitempty"` keeps the Go
/// name, `json:"-,"` names the field `-`. (openapi-gen skips both.)
#[test]
fn json_names_follow_encoding_json() {
    let text = generate(&["--v2", "-", "testdata/bugs/empty-json-name/..."]);
    let defs = definitions(&text);
    let object = &defs["com.example.bugs.emptyjsonname.api.Object"]["properties"];
    assert!(object.get("NoName").is_some(), "{object}");
    let dashed = &defs["com.example.bugs.emptyjsonname.api.Dashed"]["properties"];
    assert!(dashed.get("-").is_some(), "{dashed}");
}

/// Kubernetes reads YAML as YAML 1.1 (go-yaml v2): plain `off` and a key `y` would be
/// booleans there. The YAML output quotes them (JSON and YAML 1.2 content is unchanged).
#[test]
fn yaml_output_quotes_yaml11_booleans() {
    let text = generate(&[
        "--v3",
        "-",
        "--format",
        "yaml",
        "testdata/bugs/yaml11-words/...",
    ]);
    assert!(text.contains("\n          - 'off'\n"), "{text}");
    assert!(text.contains("\n        'y':\n"), "{text}");
    assert!(text.contains("\n      - 'y'\n"), "{text}");
    assert!(text.contains("\n          - any\n"), "{text}");
    let json = generate(&["--v3", "-", "testdata/bugs/yaml11-words/..."]);
    let from_yaml: serde_json::Value = yaml_serde::from_str(&text).unwrap();
    let from_json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(from_yaml, from_json);
}
