//! What gengo (openapi-gen's parser) reads, found on real projects: `union-gen openapi-gen`
//! sees a Go package as gengo sees it. Each test is a few lines reproducing one project's
//! difference.

use crate::harness::{module, run};

/// `union-gen openapi-gen` over `packages` (directories of the module `example.com/m` made of
/// `files`); (exit code, the written file, stderr).
fn openapi_gen_in(files: &[(&str, &str)], packages: &[&str]) -> (u8, String, String) {
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (*p, t.as_bytes())).collect();
    let dir = module(&files);
    let root = dir.path();
    let out = root.join("out").display().to_string();
    let mut args = vec![
        "openapi-gen",
        "--output-dir",
        &out,
        "--output-pkg",
        "example.com/m/out",
        "--output-file",
        "zz_generated.openapi.go",
        "-r",
        "/dev/null",
    ];
    let packages: Vec<String> = packages
        .iter()
        .map(|p| root.join(p).display().to_string())
        .collect();
    args.extend(packages.iter().map(String::as_str));
    let (code, _, stderr) = run(&args);
    let file =
        std::fs::read_to_string(root.join("out/zz_generated.openapi.go")).unwrap_or_default();
    (code, file, stderr)
}

/// gengo fully processes the packages named on the command line only: constants of a
/// package that is merely imported are not enum values (CDI's v1alpha1 run: the
/// `FromStorageProfile` constant of its v1beta1 package is not in `volumeMode`'s list).
#[test]
fn enum_values_come_from_input_packages_only() {
    let mode = "// +k8s:openapi-gen=true\npackage mode\n\n// +enum\ntype Mode string\n\n\
                const Block Mode = \"Block\"\n";
    let extra = "package extra\n\nimport \"example.com/m/mode\"\n\n\
                 const FromProfile mode.Mode = \"FromProfile\"\n\n// +k8s:openapi-gen=true\n\
                 type Other struct {\n\tM mode.Mode `json:\"m\"`\n}\n";
    let api = "// +k8s:openapi-gen=true\npackage api\n\nimport (\n\t\"example.com/m/extra\"\n\t\
               \"example.com/m/mode\"\n)\n\ntype T struct {\n\tM mode.Mode `json:\"m\"`\n\t\
               O extra.Other `json:\"o\"`\n}\n";
    let files = [
        ("mode/doc.go", mode),
        ("extra/types.go", extra),
        ("api/doc.go", api),
    ];
    let (code, file, err) = openapi_gen_in(&files, &["api", "mode"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        file.contains("Enum:        []interface{}{\"Block\"}"),
        "{file}"
    );
    assert!(!file.contains("FromProfile"), "{file}");
    // With the package of the constant among the inputs, the value is listed.
    let (code, file, err) = openapi_gen_in(&files, &["api", "mode", "extra"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        file.contains("Enum:        []interface{}{\"Block\", \"FromProfile\"}"),
        "{file}"
    );
}

/// gengo reads package tags from `doc.go` only, from every comment group of that file
/// (before or after the package clause): a `+k8s:openapi-gen=true` above the package clause
/// of another file selects nothing.
#[test]
fn package_tags_come_from_doc_go_only() {
    let types = "package api\n\ntype A struct {\n\tX string `json:\"x\"`\n}\n\n\
                 // +k8s:openapi-gen=true\ntype B struct {\n\tY string `json:\"y\"`\n}\n";
    // The tag above another file's package clause: only the type tagged itself.
    let tagged_elsewhere = format!("// +k8s:openapi-gen=true\n\n{types}");
    let (code, file, err) = openapi_gen_in(&[("api/types.go", &tagged_elsewhere)], &["api"]);
    assert_eq!(code, 0, "{err}");
    assert!(file.contains("schema_examplecom_m_api_B("), "{file}");
    assert!(!file.contains("schema_examplecom_m_api_A("), "{file}");
    // In doc.go, before the package clause, after it, or in a block comment: the package.
    for doc in [
        "// +k8s:openapi-gen=true\n\n// Package api is an API.\npackage api\n",
        "// Package api is an API.\npackage api\n\n// +k8s:openapi-gen=true\n",
        "/*\nCopyright.\n*/\n\npackage api // import \"example.com/m/api\"\n\n/* +k8s:openapi-gen=true */\n",
    ] {
        let (code, file, err) =
            openapi_gen_in(&[("api/types.go", types), ("api/doc.go", doc)], &["api"]);
        assert_eq!(code, 0, "{doc}: {err}");
        assert!(file.contains("schema_examplecom_m_api_A("), "{doc}: {file}");
    }
    // `generate` follows the same reading: `=false` in doc.go (after the package clause)
    // opts the package out; above another file's package clause it does not.
    let generate = |files: &[(&str, &str)]| {
        let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (*p, t.as_bytes())).collect();
        let dir = module(&files);
        let api = dir.path().join("api").display().to_string();
        let (code, out, err) = run(&["generate", "--v2", "-", &api]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let out = generate(&[
        ("api/types.go", types),
        ("api/doc.go", "package api\n\n// +k8s:openapi-gen=false\n"),
    ]);
    assert!(!out.contains("api.A\""), "{out}");
    let out = generate(&[(
        "api/types.go",
        &format!("// +k8s:openapi-gen=false\n\n{types}"),
    )]);
    assert!(out.contains("api.A\""), "{out}");
}

/// A defined type over a struct of a package that is not read (`type URL url.URL`,
/// knative's `apis.URL`, which kserve's types use) is referred to by its own name, as
/// openapi-gen refers to it, never as the struct it is defined over; its own
/// `+kubebuilder:validation:Type` says what its definition is.
#[test]
fn defined_types_over_unread_structs_keep_their_name() {
    let apis = "package apis\n\nimport \"net/url\"\n\n// URL is a url.URL with JSON methods.\n\
                // +kubebuilder:validation:Type=string\ntype URL url.URL\n";
    let api = "package api\n\nimport \"example.com/m/apis\"\n\ntype Status struct {\n\t\
               Address *apis.URL `json:\"address,omitempty\"`\n}\n";
    let files = [
        ("apis/url.go", apis),
        ("api/doc.go", "// +k8s:openapi-gen=true\npackage api\n"),
        ("api/types.go", api),
    ];
    let (code, file, err) = openapi_gen_in(&files, &["api"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        file.contains("Ref: ref(\"example.com/m/apis.URL\")"),
        "{file}"
    );
    assert!(file.contains("\"example.com/m/apis.URL\"}"), "{file}");
    assert!(!file.contains("net/url"), "{file}");
    // With its package an input, openapi-gen writes the fields it reads from the standard
    // library of the Go it runs with: not read here, so refused rather than written wrong.
    let mut with_apis = files.to_vec();
    with_apis.push(("apis/doc.go", "// +k8s:openapi-gen=true\npackage apis\n"));
    let (code, file, err) = openapi_gen_in(&with_apis, &["api", "apis"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(file, "");
    assert!(err.contains("resolve/standard-library-type"), "{err}");
    let owned: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (*p, t.as_bytes())).collect();
    let dir = module(&owned);
    let root = dir.path().display().to_string();
    let (code, out, err) = run(&[
        "generate",
        "--naming",
        "go",
        "--v2",
        "-",
        &format!("{root}/..."),
    ]);
    assert_eq!(code, 0, "{err}");
    let document = crate::harness::definitions(&out);
    assert_eq!(
        document["example.com/m/apis.URL"]["type"],
        serde_json::json!("string"),
        "{out}"
    );
    assert_eq!(
        document["example.com/m/api.Status"]["properties"]["address"]["$ref"],
        serde_json::json!("#/definitions/example.com~1m~1apis.URL")
    );
    assert!(!err.contains("net/url"), "{err}");
    // Without the marker its schema is unknown here: said so, at the type.
    let bare = apis.replace("// +kubebuilder:validation:Type=string\n", "");
    let dir = module(&[
        ("apis/url.go", bare.as_bytes()),
        ("api/types.go", api.as_bytes()),
    ]);
    let root = dir.path().display().to_string();
    let (code, _, err) = run(&["generate", "--v2", "-", &format!("{root}/...")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`URL` is defined over `net/url.URL`, whose schema is not known"),
        "{err}"
    );
}

/// kube-openapi's unit cases that openapi-gen refuses, in document mode (README, "Deliberate
/// differences"): a struct's zero value is `{}`, an anonymous struct's too, so a `+default`
/// of `{"foo": 5}` on a required anonymous struct is `field/default-not-zero`
/// (TestFailingDefaultEnforced); a `map[int]string` a definition needs is an error
/// (TestFailingSample2), on a root nothing refers to a `resolve/left-out` warning.
#[test]
fn kube_openapi_failing_cases_in_document_mode() {
    let source =
        "package foo\n\ntype Blah struct {\n\t// +default={\"foo\": 5}\n\tStruct struct {\n\t\t\
                  foo int\n\t}\n}\n\ntype Holder struct {\n\tM Maps `json:\"m\"`\n}\n\n\
                  type Maps struct {\n\tStringToArray map[int]string\n}\n\ntype Root struct {\n\t\
                  Keys map[int]string\n}\n";
    let dir = module(&[("foo/foo.go", source.as_bytes())]);
    let foo = dir.path().join("foo").display().to_string();
    let (code, _, err) = run(&["check", "--message-format", "json", &foo]);
    assert_eq!(code, 1, "{err}");
    let found: Vec<(String, String, u64)> = crate::harness::json_diagnostics(&err)
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let has = |code: &str, severity: &str, line: u64| {
        found.contains(&(code.to_string(), severity.to_string(), line))
    };
    assert!(has("field/default-not-zero", "warning", 4), "{found:?}");
    assert!(has("resolve/unsupported-type", "error", 15), "{found:?}");
    assert!(has("resolve/left-out", "warning", 18), "{found:?}");
}

/// Warnings located in a dependency's files (here `vendor/`) are not the user's to fix: not
/// shown unless `--show-dependency-warnings`, but counted in the summary line (as cargo
/// caps the lints of dependencies). The standard library is never "not found".
#[test]
fn dependency_warnings_are_counted_not_shown() {
    let dep = "package dep\n\nimport \"example.org/missing\"\n\ntype D struct {\n\t\
               X missing.Thing `json:\"x\"`\n}\n";
    let api = "package api\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/dep\"\n)\n\n\
               type T struct {\n\tD dep.D `json:\"d\"`\n\tH http.Header `json:\"h\"`\n}\n";
    let dir = module(&[
        ("api/types.go", api.as_bytes()),
        ("vendor/example.com/dep/dep.go", dep.as_bytes()),
        (
            "vendor/modules.txt",
            b"# example.com/dep v1.0.0\n## explicit; go 1.22\nexample.com/dep\n",
        ),
    ]);
    let root = dir.path();
    std::fs::write(
        root.join("go.mod"),
        "module example.com/m\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
    )
    .unwrap();
    let api = root.join("api").display().to_string();
    let (code, _, err) = run(&["check", &api]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("example.org/missing"), "{err}");
    assert!(!err.contains("`net/http` was not found"), "{err}");
    assert!(err.contains("resolve/standard-library-type"), "{err}");
    assert!(
        err.contains("union-gen: 0 errors, 1 warning (1 more in dependencies, not shown"),
        "{err}"
    );
    let (code, _, err) = run(&["check", "--show-dependency-warnings", &api]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("package `example.org/missing` was not found"),
        "{err}"
    );
    assert!(err.contains("union-gen: 0 errors, 2 warnings;"), "{err}");
}
