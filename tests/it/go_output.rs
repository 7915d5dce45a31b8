//! The Go output (`union-gen openapi-gen`, openapi-gen's command line): the file openapi-gen
//! writes, snapshotted for our own inputs (`testdata/go-output`, `testdata/kube-openapi-compat`),
//! checked to parse with the tree-sitter-go front end and, where `gofmt` is installed, to be
//! gofmt-stable. `scripts/compare-openapi-gen-go.py` compares it with kube-openapi's golden.

use std::path::Path;

use crate::harness::{copy_dir, openapi_gen, openapi_gen_as, run, snapshot};

/// gofmt leaves the file as it is; skipped (with a note) where Go is not installed.
fn assert_gofmt_stable(text: &str) {
    let Ok(mut child) = std::process::Command::new("gofmt")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        println!("note: gofmt is not installed; the gofmt-stability check is skipped");
        return;
    };
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(text.as_bytes()).expect("write to gofmt");
    }
    let output = child.wait_with_output().expect("gofmt runs");
    assert!(
        output.status.success(),
        "gofmt: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let formatted = String::from_utf8(output.stdout).expect("UTF-8");
    if formatted != text {
        let diff = similar::TextDiff::from_lines(text, formatted.as_str())
            .unified_diff()
            .header("union-gen", "gofmt")
            .to_string();
        panic!("the Go output is not gofmt-stable:\n{diff}");
    }
}

fn assert_well_formed(text: &str) {
    assert!(
        !union_gen::syntax::parse_tree_has_errors(text),
        "tree-sitter-go finds errors in the Go output"
    );
    assert_gofmt_stable(text);
}

#[test]
fn shop_api_as_openapi_gen_writes_it() {
    let (code, file, err) = openapi_gen(
        &[
            "--go-header-file",
            "testdata/go-output/header.txt",
            "-v",
            "0",
        ],
        &["./testdata/go-output/apis/..."],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "openapi-gen prints nothing without -v");
    assert_well_formed(&file);
    snapshot("go_output__shop", &file);
}

#[test]
fn kube_openapi_shapes() {
    let (code, file, err) = openapi_gen(&[], &["./testdata/kube-openapi-compat/..."]);
    assert_eq!(code, 0, "{err}");
    assert_well_formed(&file);
    snapshot("go_output__kube_openapi_compat", &file);
}

#[test]
fn invoked_as_openapi_gen_it_is_the_command() {
    let (code, via_name, err) = openapi_gen_as(
        "/usr/local/bin/openapi-gen",
        &[],
        &["./testdata/kube-openapi-compat/listtype"],
    );
    assert_eq!(code, 0, "{err}");
    let (_, via_subcommand, _) = openapi_gen(&[], &["./testdata/kube-openapi-compat/listtype"]);
    assert_eq!(via_name, via_subcommand);
    assert!(via_name.contains("func GetOpenAPIDefinitions(ref common.ReferenceCallback)"));
}

#[test]
fn header_year_is_replaced() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let header = dir.path().join("boilerplate.go.txt");
    std::fs::write(&header, "/*\nCopyright YEAR Someone.\n*/\n").expect("write header");
    let header = header.to_string_lossy().to_string();
    let (code, file, err) = openapi_gen(
        &["--go-header-file", &header],
        &["./testdata/kube-openapi-compat/listtype"],
    );
    assert_eq!(code, 0, "{err}");
    let line = file.lines().nth(4).expect("header line");
    assert!(line.starts_with("Copyright 20"), "{line}");
    assert!(!file.contains("YEAR"));
}

#[test]
fn unknown_flags_are_named() {
    let (code, _, err) = run(&[
        "openapi-gen",
        "--output-dir",
        "x",
        "--output-pkg",
        "p",
        "--bounding-dirs",
        "k8s.io/api",
        "--no-such-flag=x",
        "./testdata/go-output/apis/v1",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not supported by union-gen: --bounding-dirs, k8s.io/api")
            || err.contains("--bounding-dirs"),
        "{err}"
    );
    assert!(err.contains("--no-such-flag=x"), "{err}");
}

#[test]
fn report_filename_writes_the_api_rule_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let report = dir.path().join("violations.report");
    let (code, _, err) = run(&[
        "openapi-gen",
        "--output-dir",
        out.to_str().unwrap(),
        "--output-pkg",
        "example.com/generated",
        "--report-filename",
        report.to_str().unwrap(),
        "./testdata/kube-openapi-compat-extra/listtype",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.join("generated.openapi.go").is_file());
    let text = std::fs::read_to_string(&report).expect("the report is written");
    assert!(
        text.contains(
            "API rule violation: names_match,example.com/compatextra/listtype,UntypedList,Field"
        ),
        "{text}"
    );
}

#[test]
fn missing_output_flags_are_errors() {
    let (code, _, err) = run(&["openapi-gen", "./testdata/go-output/apis/v1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--output-dir must be specified"), "{err}");
    let (code, out, _) = run(&["openapi-gen", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--output-model-name-file"), "{out}");
}

/// `+k8s:validation:*` value validations and `+k8s:openapi-gen=x-kubernetes-*` extensions:
/// kube-openapi's generator tests (TestMarkerComments, TestCELMarkerComments,
/// TestMultilineCELMarkerComments, TestNestedMarkers, TestMarkerCommentsCustomDefsV3,
/// TestMarkerCommentsV3OneOfTypes, TestSimple's and TestExtensions' extensions) and its
/// integration package `valuevalidation`, each rewritten as a package of
/// `testdata/value-validations`.
#[test]
fn value_validations_as_openapi_gen_writes_them() {
    let (code, file, err) = openapi_gen(&[], &["./testdata/value-validations/..."]);
    assert_eq!(code, 0, "{err}");
    assert_well_formed(&file);
    assert!(file.contains("\tptr \"k8s.io/utils/ptr\"\n"), "{file}");
    snapshot("go_output__value_validations", &file);
}

/// The same packages in a v2 document: the limits, rules and `allOf` entries openapi-gen's Go
/// file makes kube-openapi serve (Counter's `OpenAPIDefinition()` is not read yet: its markers
/// are reported and left out).
#[test]
fn value_validations_in_documents() {
    let (code, json, err) = run(&["generate", "--v2", "-", "./testdata/value-validations/..."]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`Counter` has an `OpenAPIDefinition()` method") && err.contains("1 warning"),
        "{err}"
    );
    snapshot("go_output__value_validations_v2", &json);
    let v3 = crate::harness::generate(&["--v3", "-", "./testdata/value-validations/nested"]);
    snapshot("go_output__value_validations_nested_v3", &v3);
}

/// `+default=ref(Const)` is written by name, with the constant's package imported, as
/// openapi-gen writes it; the JSON documents carry its value.
#[test]
fn ref_defaults_are_written_by_name() {
    let (code, file, err) = openapi_gen(&[], &["./testdata/go-output/refdefault"]);
    assert_eq!(code, 0, "{err}");
    assert!(file.contains("Default:     refdefault.ModeFast,"), "{file}");
    assert!(
        file.contains("refdefault \"example.com/shop/refdefault\""),
        "{file}"
    );
    // Constants that cannot be looked up: Go by name (the output package's unqualified),
    // the documents without a default (a warning).
    assert!(file.contains("Default:     DefaultSpeed,"), "{file}");
    assert!(file.contains("Default:     modes.Turbo,"), "{file}");
    assert!(
        file.contains("modes \"example.com/elsewhere/modes\""),
        "{file}"
    );
    assert!(
        !file.contains("\"example.com/shop/generated/openapi\""),
        "{file}"
    );
    let (code, json, err) = run(&["generate", "--v2", "-", "testdata/go-output/refdefault"]);
    assert_eq!(code, 0, "{err}");
    assert!(json.contains("\"default\": \"Fast\""), "{json}");
    assert_eq!(json.matches("\"default\"").count(), 1, "{json}");
    let warnings = err
        .lines()
        .filter(|l| *l == "resolve/unresolved-default-ref");
    assert_eq!(warnings.count(), 2, "{err}");
}

/// A default other than the zero value on a field a Go client always sends: openapi-gen
/// refuses the type, so `union-gen openapi-gen` does (elsewhere it is a warning).
#[test]
fn a_default_that_never_applies_fails_the_go_output() {
    let (code, file, err) = openapi_gen(&[], &["./testdata/diagnostics/field-default-not-zero"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(file, "", "nothing is written");
    assert!(err.contains("field/default-not-zero"), "{err}");
}

/// A trailing slash on `--output-pkg` (metrics-server's Makefile) names the package as Go's
/// `path.Base` does.
#[test]
fn output_package_with_a_trailing_slash() {
    let (code, file, err) = openapi_gen(
        &["--output-pkg", "example.com/shop/generated/openapi/"],
        &["./testdata/go-output/refdefault"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(file.contains("\npackage openapi\n"), "{file}");
}

/// openapi-gen (gengo) loads with the `ignore_autogenerated` build tag and reads the comments
/// of its input packages only: a dependency's generated `OpenAPIModelName` and its
/// `+k8s:openapi-model-package` are not seen, so its types are referred to by string; as an
/// input, the package's model names are used.
#[test]
fn model_names_of_dependencies_as_openapi_gen_sees_them() {
    let (code, file, err) = openapi_gen(&[], &["./testdata/go-output/modelnames/user"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        file.contains("ref(\"example.com/shop/modelnames/dep.Blob\")"),
        "{file}"
    );
    let (code, file, err) = openapi_gen(
        &[],
        &[
            "./testdata/go-output/modelnames/user",
            "./testdata/go-output/modelnames/dep",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        file.contains("ref(dep.Blob{}.OpenAPIModelName())"),
        "{file}"
    );
}

/// Copies `testdata/go-output/{go.mod,modelnames}` into a temporary module (the model-name
/// files are written into the packages' own directories).
fn model_names_module() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::copy("testdata/go-output/go.mod", dir.path().join("go.mod")).expect("copy go.mod");
    copy_dir(
        Path::new("testdata/go-output/modelnames"),
        &dir.path().join("modelnames"),
    );
    dir
}

/// `--output-model-name-file`: one file per input package with `+k8s:openapi-model-package`
/// (the package's value, or a type's own), public structs only, none in a `--readonly-pkg`;
/// the definitions are keyed by the methods the file declares.
#[test]
fn model_name_files_are_written_into_tagged_packages() {
    let module = model_names_module();
    let root = module.path();
    let packages = root.join("modelnames").join("...");
    let (code, file, err) = openapi_gen(
        &[
            "--output-model-name-file",
            "zz_generated.model_name.go",
            "--readonly-pkg",
            "example.com/shop/other,example.com/shop/modelnames/vendored",
        ],
        &[packages.to_str().expect("UTF-8 path")],
    );
    assert_eq!(code, 0, "{err}");
    let read = |package: &str| {
        std::fs::read_to_string(
            root.join("modelnames")
                .join(package)
                .join("zz_generated.model_name.go"),
        )
        .ok()
    };
    let catalog = read("catalog").expect("catalog's model-name file");
    let orders = read("orders").expect("orders' model-name file (a type has the marker)");
    assert_eq!(read("vendored"), None, "--readonly-pkg: no file");
    assert_well_formed(&catalog);
    assert_well_formed(&orders);
    snapshot("go_output__model_names_catalog", &catalog);
    snapshot("go_output__model_names_orders", &orders);
    assert!(
        file.contains("catalog.Price{}.OpenAPIModelName():")
            && file.contains("\"example.com/shop/modelnames/orders.Draft\":"),
        "{file}"
    );
    // A second run reads the files it wrote (generated: openapi-gen does not see them) and
    // writes the same.
    let (code, again, err) = openapi_gen(
        &[
            "--output-model-name-file",
            "zz_generated.model_name.go",
            "--readonly-pkg=example.com/shop/modelnames/vendored",
        ],
        &[packages.to_str().expect("UTF-8 path")],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, file);
    assert_eq!(read("catalog").as_deref(), Some(catalog.as_str()));
}

/// Without `--output-model-name-file` nothing is written into the input packages, and the
/// markers still decide the keys (openapi-gen assumes the methods are or will be generated).
#[test]
fn model_name_markers_name_keys_without_the_flag() {
    let module = model_names_module();
    let packages = module.path().join("modelnames").join("...");
    let (code, file, err) = openapi_gen(&[], &[packages.to_str().expect("UTF-8 path")]);
    assert_eq!(code, 0, "{err}");
    assert!(!module
        .path()
        .join("modelnames/catalog/zz_generated.model_name.go")
        .exists());
    assert!(file.contains("orders.Ref{}.OpenAPIModelName():"), "{file}");
    assert!(
        file.contains("ref(orders.Ref{}.OpenAPIModelName())"),
        "{file}"
    );
}

/// A named interface field has no type (openapi-gen declares no schema for interfaces:
/// meta/v1 `InternalEvent.Object`), a list of one is refused (openapi-gen fails on it), and
/// `interface{}` is an object, as in kube-openapi's type table.
#[test]
fn named_interface_fields_as_openapi_gen_writes_them() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let write = |body: &str| {
        std::fs::write(
            dir.path().join("doc.go"),
            format!(
                "// +k8s:openapi-gen=true\npackage p\n\ntype Shape interface{{ Area() float64 }}\n\n\
                 type Drawing struct {{\n{body}}}\n"
            ),
        )
        .expect("write input");
    };
    write("\tMain Shape `json:\"main\"`\n\tSkipped []Shape `json:\"-\"`\n\tCells []interface{} `json:\"cells\"`\n");
    let (code, file, err) = openapi_gen(&[], &[dir.path().to_str().expect("UTF-8 path")]);
    assert_eq!(code, 0, "{err}");
    let main = &file[file.find("\"main\": {").expect("main property")..];
    let main = &main[..main.find("\t\t\t\t\t},").expect("end")];
    assert!(!main.contains("Type:"), "{main}");
    let cells = &file[file.find("\"cells\": {").expect("cells property")..];
    assert!(cells.contains("Type:   []string{\"object\"},"), "{cells}");
    write("\tShapes []Shape `json:\"shapes\"`\n");
    let (code, file, err) = openapi_gen(&[], &[dir.path().to_str().expect("UTF-8 path")]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(file, "");
    assert!(
        err.contains("a list or map of a named interface type"),
        "{err}"
    );
}

/// `+k8s:openapi-gen=true` and `=false` both on the package (apimachinery's testapigroup/v1):
/// openapi-gen looks for a `true` value and generates the package.
#[test]
fn a_package_tagged_true_and_false_is_generated() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(
        dir.path().join("doc.go"),
        "// +k8s:openapi-gen=true\n// +k8s:openapi-gen=false\npackage p\n",
    )
    .expect("write doc.go");
    std::fs::write(
        dir.path().join("types.go"),
        "package p\n\ntype Carton struct {\n\tSize int `json:\"size\"`\n}\n",
    )
    .expect("write types.go");
    let (code, file, err) = openapi_gen(&[], &[dir.path().to_str().expect("UTF-8 path")]);
    assert_eq!(code, 0, "{err}");
    assert!(file.contains("func schema_"), "{file}");
    assert!(
        file.contains("_Carton(ref common.ReferenceCallback)"),
        "{file}"
    );
}

/// An anonymous struct field: the documents write it inline; openapi-gen's Go output would
/// refer to a definition that does not exist, so the Go output refuses it, naming the type.
#[test]
fn anonymous_structs_are_refused_by_the_go_output() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(
        dir.path().join("doc.go"),
        "// +k8s:openapi-gen=true\npackage p\n\ntype Crate struct {\n\tSize struct {\n\t\tWidth int `json:\"width\"`\n\t} `json:\"size\"`\n}\n",
    )
    .expect("write input");
    let (code, file, err) = openapi_gen(&[], &[dir.path().to_str().expect("UTF-8 path")]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(file, "");
    assert!(err.contains("an anonymous struct"), "{err}");
}
