//! Dependency look-up end to end (SPEC §3): types referenced from packages that are not
//! inputs are found in the module's `vendor/`, through `replace` directives, in other input
//! modules (go.work) and in the module cache, and a package found nowhere gives
//! `resolve/package-not-found` once. Inputs are the modules under `testdata/deps/`; the fake
//! module cache is `testdata/deps/gomodcache/`. Every Go file there was written for these
//! tests (stand-ins for `k8s.io/api` and apimachinery included).
//!
//! The binary runs as a subprocess so that each case gets its own `GOMODCACHE`/`GOPATH`
//! without touching this process's environment. Snapshots: `snapshots/deps__*.snap`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::harness::process::{Outcome, Process};
use crate::harness::{assert_clean, copy_dir, json_diagnostics, parse_json, schemas_of, snapshot};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fake_cache() -> PathBuf {
    root().join("testdata/deps/gomodcache")
}

/// Runs the binary from the crate root with the given cache environment.
fn run_with_env(args: &[&str], env: &[(&str, &Path)]) -> Outcome {
    let mut process = Process::union_gen(args)
        .env("NO_COLOR", "1")
        .env_remove("GOMODCACHE")
        .env_remove("GOPATH")
        .env_remove("GOFLAGS");
    for (name, value) in env {
        process = process.env(name, value);
    }
    process.run()
}

/// Runs with `GOMODCACHE` pointing at the fake module cache.
fn run(args: &[&str]) -> Outcome {
    run_with_env(args, &[("GOMODCACHE", &fake_cache())])
}

/// `generate` that must succeed without any diagnostic; returns stdout.
fn generate(args: &[&str]) -> String {
    let mut full = vec!["generate", "--message-format", "json"];
    full.extend_from_slice(args);
    let output = run(&full);
    assert_clean(&full, output.code, &output.stderr);
    output.stdout
}

/// Every `$ref` anywhere in the document.
fn collect_refs(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item) {
                    ("$ref", Value::String(target)) => {
                        out.insert(target.clone());
                    }
                    _ => collect_refs(item, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, out)),
        _ => {}
    }
}

/// Definition names that some `$ref` points at but the document does not define.
fn dangling_refs(document: &Value) -> BTreeSet<String> {
    let prefix = if document.get("swagger").is_some() {
        "#/definitions/"
    } else {
        "#/components/schemas/"
    };
    let defined = schemas_of(document);
    let mut refs = BTreeSet::new();
    collect_refs(document, &mut refs);
    refs.into_iter()
        .map(|target| {
            target
                .strip_prefix(prefix)
                .unwrap_or_else(|| panic!("`{target}` does not start with `{prefix}`"))
                .to_string()
        })
        .filter(|name| !defined.contains_key(name))
        .collect()
}

fn assert_no_dangling_refs(document: &Value) {
    let dangling = dangling_refs(document);
    assert!(dangling.is_empty(), "dangling $refs: {dangling:?}");
}

fn property<'d>(document: &'d Value, definition: &str, name: &str) -> &'d Value {
    schemas_of(document)
        .get(definition)
        .unwrap_or_else(|| panic!("no definition {definition}"))
        .pointer(&format!("/properties/{name}"))
        .unwrap_or_else(|| panic!("{definition} has no property {name}"))
}

/// The `$ref` of a property: direct, or v3's `allOf: [{$ref}]` wrapper (used when the
/// property has a description or default next to it).
fn ref_of(property: &Value) -> &str {
    property
        .get("$ref")
        .or_else(|| property.pointer("/allOf/0/$ref"))
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no $ref in {property}"))
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("string"))
        .collect()
}

fn property_names(document: &Value, definition: &str) -> Vec<String> {
    schemas_of(document)[definition]["properties"]
        .as_object()
        .expect("properties")
        .keys()
        .cloned()
        .collect()
}

// ---------------------------------------------------------------------------------------
// (a) vendor/: a CRD module with stand-ins of k8s.io/api and apimachinery in vendor/.

const VENDORED: &str = "testdata/deps/vendored/...";
const GIZMO: &str = "com.example.vendored.apis.v1.Gizmo";
const GIZMO_SPEC: &str = "com.example.vendored.apis.v1.GizmoSpec";
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
const TIME: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Time";

/// Facts of the vendored scenario that hold in v2 and v3 (with `--deps-definitions include`).
fn check_vendored(document: &Value, ref_prefix: &str) {
    // The CRD's enum fields get the values of the vendored `+enum` types.
    let pull_policy = property(document, GIZMO_SPEC, "pullPolicy");
    assert_eq!(pull_policy["type"], "string");
    assert_eq!(
        strings(&pull_policy["enum"]),
        ["Always", "IfNotPresent", "Never"]
    );
    let description = pull_policy["description"].as_str().unwrap();
    assert!(
        description
            .contains("Possible enum values:\n - `\"Always\"` fetches the image every time."),
        "{description}"
    );
    assert_eq!(
        strings(&property(document, GIZMO_SPEC, "fallbacks")["items"]["enum"]),
        ["Always", "IfNotPresent", "Never"]
    );
    // Values declared in another file of the vendored package.
    assert_eq!(
        strings(&property(document, GIZMO_SPEC, "protocols")["additionalProperties"]["enum"]),
        ["TCP", "UDP"]
    );

    // Dependency structs get definitions, also those reached only through a dependency.
    assert_eq!(
        ref_of(property(document, GIZMO, "metadata")),
        format!("{ref_prefix}{OBJECT_META}")
    );
    assert_eq!(
        property_names(document, OBJECT_META),
        ["creationTimestamp", "labels", "name", "ownerReferences"]
    );
    let defined = schemas_of(document);
    for name in [
        "io.k8s.api.core.v1.LocalObjectReference",
        "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference",
    ] {
        assert!(defined.contains_key(name), "no definition {name}");
    }
    // Only referenced dependency types: not every struct of the vendored packages.
    assert!(!defined.contains_key("io.k8s.api.core.v1.Unreferenced"));
    // Inline TypeMeta fields are merged into the CRD.
    assert_eq!(
        property_names(document, GIZMO),
        ["apiVersion", "kind", "metadata", "spec"]
    );

    // Time: string/date-time from its OpenAPISchemaType/OpenAPISchemaFormat methods.
    assert_eq!(defined[TIME]["type"], "string");
    assert_eq!(defined[TIME]["format"], "date-time");
    assert!(defined[TIME].get("properties").is_none());
    // Duration's vendored method says `go-duration` (the built-in table has no format): the
    // source was read, not the table.
    let duration = &defined["io.k8s.apimachinery.pkg.apis.meta.v1.Duration"];
    assert_eq!(duration["format"], "go-duration");
    // intstr is not vendored: the built-in table gives its schema, without a warning.
    let int_or_string = &defined["io.k8s.apimachinery.pkg.util.intstr.IntOrString"];
    assert_eq!(int_or_string["format"], "int-or-string");

    assert_no_dangling_refs(document);
}

#[test]
fn vendored_v2() {
    let text = generate(&["--v2", "-", VENDORED]);
    snapshot("deps__vendored_v2", &text);
    check_vendored(&parse_json(&text), "#/definitions/");
}

#[test]
fn vendored_v3() {
    let text = generate(&["--v3", "-", VENDORED]);
    snapshot("deps__vendored_v3", &text);
    let document = parse_json(&text);
    assert_eq!(document["openapi"], "3.0.0");
    check_vendored(&document, "#/components/schemas/");
}

/// The vendored packages are found whatever the module cache holds (vendor/ comes first).
#[test]
fn vendored_without_module_cache() {
    let empty = tempfile::tempdir().unwrap();
    let output = run_with_env(
        &[
            "generate",
            "--v2",
            "-",
            "--message-format",
            "json",
            VENDORED,
        ],
        &[("GOMODCACHE", empty.path())],
    );
    assert_eq!(output.code, 0, "{}", output.stderr);
    assert!(output.stderr.is_empty(), "{}", output.stderr);
    assert_eq!(output.stdout, generate(&["--v2", "-", VENDORED]));
}

// ---------------------------------------------------------------------------------------
// (f) --deps-definitions ref|include on the vendored scenario.

#[test]
fn vendored_deps_definitions_ref() {
    let text = generate(&["--v2", "-", "--deps-definitions", "ref", VENDORED]);
    snapshot("deps__vendored_v2_deps_ref", &text);
    let document = parse_json(&text);
    // Only the input package's structs are defined...
    let defined: Vec<&String> = schemas_of(&document).keys().collect();
    assert_eq!(defined, [GIZMO, GIZMO_SPEC]);
    // ...the dependency types stay `$ref`s to their would-be definitions...
    assert_eq!(
        dangling_refs(&document),
        BTreeSet::from(
            [
                "io.k8s.api.core.v1.LocalObjectReference",
                "io.k8s.apimachinery.pkg.apis.meta.v1.Duration",
                OBJECT_META,
                TIME,
                "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
            ]
            .map(String::from)
        )
    );
    assert_eq!(
        ref_of(property(&document, GIZMO, "metadata")),
        format!("#/definitions/{OBJECT_META}")
    );
    // ...and enums of dependency packages are still inlined with their values.
    assert_eq!(
        strings(&property(&document, GIZMO_SPEC, "pullPolicy")["enum"]),
        ["Always", "IfNotPresent", "Never"]
    );
}

#[test]
fn deps_definitions_include_is_the_default() {
    let default = generate(&["--v2", "-", VENDORED]);
    let include = generate(&["--v2", "-", "--deps-definitions", "include", VENDORED]);
    assert_eq!(default, include);
    assert_no_dangling_refs(&parse_json(&include));
}

// ---------------------------------------------------------------------------------------
// (b) The module cache: `!`-escaped capitals, +incompatible versions, the required version.

const MODCACHE: &str = "testdata/deps/modcache/apis/v1";
const GADGET: &str = "com.github.Example.Widgets.pkg.gadgets.Gadget";
const WORKSHOP: &str = "com.example.modcache.apis.v1.Workshop";

#[test]
fn modcache_v2() {
    let text = generate(&["--v2", "-", MODCACHE]);
    snapshot("deps__modcache_v2", &text);
    let document = parse_json(&text);
    // github.com/Example/Widgets v1.2.3 is read from `github.com/!example/!widgets@v1.2.3`,
    // not from the v1.2.2 folder next to it.
    assert_eq!(property_names(&document, GADGET), ["color", "size"]);
    assert_eq!(
        strings(&property(&document, GADGET, "size")["enum"]),
        ["Large", "Small"]
    );
    // example.org/old v2.0.0+incompatible; its constants are built from a constant of a
    // third package (example.org/old/base), loaded only for that.
    assert_eq!(
        strings(&property(&document, WORKSHOP, "paint")["enum"]),
        ["old-blue", "old-red"]
    );
    assert_eq!(
        strings(&property(&document, GADGET, "color")["enum"]),
        ["old-blue", "old-red"]
    );
    assert!(!text.contains("WrongVersion"));
    assert_no_dangling_refs(&document);
}

/// `$GOPATH/pkg/mod` (first GOPATH entry) when GOMODCACHE is unset.
#[cfg(unix)]
#[test]
fn modcache_through_gopath() {
    let gopath = tempfile::tempdir().unwrap();
    fs::create_dir(gopath.path().join("pkg")).unwrap();
    std::os::unix::fs::symlink(fake_cache(), gopath.path().join("pkg/mod")).unwrap();
    let other = tempfile::tempdir().unwrap();
    let list = std::env::join_paths([gopath.path(), other.path()]).unwrap();
    let output = run_with_env(
        &[
            "generate",
            "--v2",
            "-",
            "--message-format",
            "json",
            MODCACHE,
        ],
        &[("GOPATH", Path::new(&list))],
    );
    assert_eq!(output.code, 0, "{}", output.stderr);
    assert!(output.stderr.is_empty(), "{}", output.stderr);
    assert_eq!(output.stdout, generate(&["--v2", "-", MODCACHE]));
}

/// An empty cache: each package gets one warning naming the escaped cache folder searched.
#[test]
fn modcache_empty_cache_warns_with_escaped_paths() {
    let empty = tempfile::tempdir().unwrap();
    let output = run_with_env(
        &[
            "generate",
            "--v2",
            "-",
            "--message-format",
            "json",
            MODCACHE,
        ],
        &[("GOMODCACHE", empty.path())],
    );
    assert_eq!(output.code, 0, "{}", output.stderr);
    let warnings = json_diagnostics(&output.stderr);
    let helps: Vec<&str> = warnings
        .iter()
        .map(|w| {
            assert_eq!(w["code"], "resolve/package-not-found");
            w["help"].as_str().unwrap()
        })
        .collect();
    assert_eq!(helps.len(), 2, "{}", output.stderr);
    let cache = empty.path().display().to_string();
    assert!(helps.iter().any(|h| h.contains(&format!(
        "{cache}/github.com/!example/!widgets@v1.2.3/pkg/gadgets"
    ))));
    assert!(helps.iter().any(|h| h.contains(&format!(
        "{cache}/example.org/old@v2.0.0+incompatible/colors"
    ))));
}

// ---------------------------------------------------------------------------------------
// (c) replace directives: a local directory, and another module's version in the cache.

#[test]
fn replaced_v2() {
    let text = generate(&["--v2", "-", "testdata/deps/replaced/apis/v1"]);
    snapshot("deps__replaced_v2", &text);
    let document = parse_json(&text);
    let depot = "com.example.replaced.apis.v1.Depot";
    // `replace example.com/shared => ../shared-local` wins over the cache's v0.1.0.
    assert_eq!(
        strings(&property(&document, depot, "shelf")["enum"]),
        ["LocalHigh", "LocalLow"]
    );
    assert_eq!(
        property_names(&document, "com.example.shared.types.Label"),
        ["text"]
    );
    // `example.com/legacy v1.0.0 => example.com/Modern v2.1.0` reads `!modern@v2.1.0`.
    assert_eq!(
        strings(&property(&document, depot, "mode")["enum"]),
        ["Fast", "Safe"]
    );
    // `example.com/pinned v0.4.0 => ../nowhere` does not match the required v0.5.0.
    assert_eq!(
        strings(&property(&document, depot, "tier")["enum"]),
        ["Bronze", "Gold"]
    );
    assert!(!text.contains("FromCache") && !text.contains("Legacy\""));
    assert_no_dangling_refs(&document);
}

// ---------------------------------------------------------------------------------------
// (d) A package that exists nowhere.

#[test]
fn missing_package_warns_once_and_keeps_the_ref() {
    let output = run(&[
        "generate",
        "--v2",
        "-",
        "--message-format",
        "json",
        "testdata/deps/missing/apis/v1",
    ]);
    assert_eq!(output.code, 0, "{}", output.stderr);
    snapshot("deps__missing_v2", &output.stdout);

    let warnings = json_diagnostics(&output.stderr);
    assert_eq!(warnings.len(), 2, "{}", output.stderr);
    // example.com/nowhere/things: four references, one warning, at the first reference.
    let things = &warnings[0];
    assert_eq!(things["code"], "resolve/package-not-found");
    assert_eq!(things["severity"], "warning");
    assert_eq!(things["file"], "testdata/deps/missing/apis/v1/types.go");
    assert_eq!(
        (things["line"].as_u64(), things["column"].as_u64()),
        (Some(12), Some(8))
    );
    assert!(things["message"]
        .as_str()
        .unwrap()
        .contains("`example.com/nowhere/things`"));
    let help = things["help"].as_str().unwrap();
    let module = fs::canonicalize(root().join("testdata/deps/missing")).unwrap();
    let cache = fake_cache();
    for place in [
        format!("{}/vendor/example.com/nowhere/things", module.display()),
        format!("{}/example.com/nowhere@v0.0.1/things", cache.display()),
    ] {
        assert!(help.contains(&place), "`{place}` not in help: {help}");
    }
    // example.net/unrequired/stuff: no require covers it, and the help says so.
    let stuff = &warnings[1];
    assert_eq!(stuff["code"], "resolve/package-not-found");
    assert_eq!(
        (stuff["line"].as_u64(), stuff["column"].as_u64()),
        (Some(21), Some(8))
    );
    assert!(stuff["message"]
        .as_str()
        .unwrap()
        .contains("`example.net/unrequired/stuff`"));
    let help = stuff["help"].as_str().unwrap();
    assert!(
        help.contains(&format!("no `require` in {}/go.mod", module.display())),
        "{help}"
    );

    // The `$ref`s stay, to the would-be definition names.
    let document = parse_json(&output.stdout);
    assert_eq!(
        dangling_refs(&document),
        BTreeSet::from(
            [
                "com.example.nowhere.things.Other",
                "com.example.nowhere.things.Thing",
                "net.example.unrequired.stuff.Extra",
            ]
            .map(String::from)
        )
    );
    let holder = "com.example.missing.apis.v1.Holder";
    assert_eq!(
        ref_of(&property(&document, holder, "third")["items"]),
        "#/definitions/com.example.nowhere.things.Thing"
    );
}

/// The human format names the code and the places searched too.
#[test]
fn missing_package_human_help() {
    let output = run(&["check", "testdata/deps/missing/apis/v1"]);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let (report, summary) = output
        .stderr
        .rsplit_once("union-gen: ")
        .expect("a summary line");
    assert_eq!(report.matches("resolve/package-not-found").count(), 2);
    assert!(summary.starts_with("0 errors, 2 warnings;"), "{summary}");
    assert!(output.stderr.contains("looked in:"), "{}", output.stderr);
}

// ---------------------------------------------------------------------------------------
// (e) go.work: `use ./api ./crd`, crd imports api's package.

const WS_CRD: &str = "testdata/deps/workspace/crd/apis/v1";
const JOB: &str = "com.example.ws.crd.apis.v1.Job";

fn check_workspace(document: &Value) {
    // From the workspace's ./api, not from the published copy in the cache.
    assert_eq!(
        strings(&property(document, JOB, "target")["enum"]),
        ["Done", "Pending"]
    );
    assert_eq!(
        property_names(document, "com.example.ws.api.v1.Status"),
        ["phase"]
    );
    // Required only by crd/go.mod: found in the cache.
    assert_eq!(
        strings(&property(document, JOB, "size")["enum"]),
        ["Large", "Small"]
    );
    assert_no_dangling_refs(document);
}

#[test]
fn workspace_v2() {
    let text = generate(&["--v2", "-", WS_CRD]);
    snapshot("deps__workspace_v2", &text);
    assert!(!text.contains("FromCache"));
    check_workspace(&parse_json(&text));
}

/// Both workspace modules as inputs: each module's imports are looked up through its own
/// go.mod (crd's cache dependency is not in api's go.mod).
#[test]
fn workspace_all_modules() {
    let text = generate(&["--v2", "-", "testdata/deps/workspace/..."]);
    check_workspace(&parse_json(&text));
    assert_eq!(text, generate(&["--v2", "-", WS_CRD]));
}

/// Without the go.work the cache's published copy of the api module is what is found: the
/// workspace is what made the difference above.
#[test]
fn workspace_without_go_work_uses_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    for module in ["api", "crd"] {
        copy_dir(
            &root().join("testdata/deps/workspace").join(module),
            &dir.path().join(module),
        );
    }
    let crd = dir.path().join("crd/apis/v1");
    let text = generate(&["--v2", "-", crd.to_str().unwrap()]);
    let document = parse_json(&text);
    assert_eq!(
        strings(&property(&document, JOB, "target")["enum"]),
        ["FromCache"]
    );
    assert_eq!(
        property_names(&document, "com.example.ws.api.v1.Status"),
        ["fromCache"]
    );
}

// ---------------------------------------------------------------------------------------
// Several independent modules in one run.

/// Each module's imports go through its own vendor/, replaces and requires; the output does
/// not depend on the thread count.
#[test]
fn several_modules_in_one_run() {
    let inputs = [MODCACHE, "testdata/deps/replaced/apis/v1", VENDORED];
    let mut args = vec!["--v2", "-", "-j", "1"];
    args.extend(inputs);
    let text = generate(&args);
    let document = parse_json(&text);
    assert_eq!(
        strings(&property(&document, GIZMO_SPEC, "pullPolicy")["enum"]),
        ["Always", "IfNotPresent", "Never"]
    );
    assert!(schemas_of(&document).contains_key(OBJECT_META));
    assert_eq!(
        strings(&property(&document, GADGET, "size")["enum"]),
        ["Large", "Small"]
    );
    assert_eq!(
        strings(&property(&document, "com.example.replaced.apis.v1.Depot", "mode")["enum"]),
        ["Fast", "Safe"]
    );
    assert_no_dangling_refs(&document);
    args[3] = "4";
    assert_eq!(text, generate(&args));
}

/// Packages named by import path, as `kube_codegen.sh` passes them to openapi-gen: from the
/// working directory's module (its own packages, vendor/, the module cache at the version its
/// go.mod requires), each with the import path it was asked for.
#[test]
fn packages_named_by_import_path() {
    let names = |dir: &str, patterns: &[&str]| -> Vec<String> {
        let mut args = vec!["generate", "--v2", "-", "--naming", "go"];
        args.extend_from_slice(patterns);
        let output = Process::union_gen(&args)
            .cwd(&root().join(dir))
            .env("NO_COLOR", "1")
            .env("GOMODCACHE", fake_cache())
            .env_remove("GOPATH")
            .run();
        assert_eq!(output.code, 0, "{patterns:?}: {}", output.stderr);
        schemas_of(&parse_json(&output.stdout))
            .keys()
            .cloned()
            .collect()
    };
    // The main module's own package and a package of the module cache (the version go.mod
    // requires, v1.2.3, whose capital letters are escaped on disk).
    let found = names(
        "testdata/deps/modcache",
        &[
            "example.com/modcache/apis/v1",
            "github.com/Example/Widgets/pkg/gadgets",
        ],
    );
    assert!(
        found
            .iter()
            .any(|n| n.starts_with("example.com/modcache/apis/v1.")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|n| n.starts_with("github.com/Example/Widgets/pkg/gadgets.")),
        "{found:?}"
    );
    // A vendored package keeps its import path (not the vendoring module's).
    let found = names("testdata/deps/vendored", &["k8s.io/api/core/v1"]);
    assert!(
        found.contains(&"k8s.io/api/core/v1.LocalObjectReference".to_string()),
        "{found:?}"
    );
    // A name that is neither a directory nor a package is a usage error naming both.
    let output = Process::union_gen(["check", "example.com/modcache/nothing/here"])
        .cwd(&root().join("testdata/deps/modcache"))
        .env("GOMODCACHE", fake_cache())
        .run();
    assert_eq!(output.code, 2, "{}", output.stderr);
    assert!(
        output
            .stderr
            .contains("no such directory, and no package of that import path"),
        "{}",
        output.stderr
    );
}

/// `import . "pkg"`: a name used unqualified may be the dot-imported package's (velero's e2e
/// tests): it resolves there, a `$ref`, not an undefined type with the empty schema.
#[test]
fn dot_imported_names_resolve() {
    let (code, out, err) = crate::harness::run(&[
        "generate",
        "--message-format",
        "json",
        "--v2",
        "-",
        "testdata/deps/dotimport/a",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(json_diagnostics(&err).is_empty(), "{err}");
    let document: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        document["definitions"]["com.example.dot.a.Outer"]["properties"]["in"]["$ref"],
        "#/definitions/com.example.dot.b.Inner"
    );
    assert_eq!(
        document["definitions"]["com.example.dot.b.Inner"]["properties"]["name"]["type"],
        "string"
    );
}
