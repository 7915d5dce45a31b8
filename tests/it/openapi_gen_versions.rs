//! `union-gen openapi-gen` writes what the pinned kube-openapi writes: one test per row of
//! `src/kube_openapi_versions.rs`'s table (the version before the change and the one after), each
//! on a few lines of Go, plus the header layouts and the command lines of older versions.

use crate::harness::{definitions, module, run, write_file};

/// Before and after each change (pseudo-versions of real master commits).
const K126: &str = "v0.0.0-20221012153701-172d655c2280";
const K128: &str = "v0.0.0-20230717233707-2695361300d9";
const K129: &str = "v0.0.0-20231010175941-2dd684a91f00";
const K130: &str = "v0.0.0-20240228011516-70dd3763d340";
const K132: &str = "v0.0.0-20241105132330-32ad38e42d3f";
const K133: &str = "v0.0.0-20250318190949-c8a335a9a2ff";
const K134: &str = "v0.0.0-20250710124328-f3f2b991d03b";
const K135: &str = "v0.0.0-20250910181357-589584f1c912";
const MAR26: &str = "v0.0.0-20260317180543-43fb72c5454a";
const NEWEST: &str = "latest";

struct Output {
    code: u8,
    file: String,
    report: String,
    stderr: String,
}

/// `source` (after `package api`) as the package `example.com/m/api`, marked
/// `+k8s:openapi-gen=true` (in `doc.go`, where gengo reads package tags), through `union-gen openapi-gen --kube-openapi-version VERSION`.
fn generate_with(version: &str, source: &str, files: &[(&str, &str)], flags: &[&str]) -> Output {
    let dir = module(&[(
        "api/doc.go",
        format!("// +k8s:openapi-gen=true\npackage api\n\n{source}").as_bytes(),
    )]);
    let root = dir.path();
    for (path, text) in files {
        write_file(root, path, text);
    }
    let out = root.join("out").display().to_string();
    let report = root.join("report.txt").display().to_string();
    let api = root.join("api").display().to_string();
    let mut args = vec![
        "openapi-gen",
        "--kube-openapi-version",
        version,
        "--output-dir",
        &out,
        "--output-pkg",
        "example.com/m/out",
        "-r",
        &report,
    ];
    args.extend_from_slice(flags);
    args.push(&api);
    let (code, _, stderr) = run(&args);
    Output {
        code,
        file: std::fs::read_to_string(root.join("out/generated.openapi.go")).unwrap_or_default(),
        report: std::fs::read_to_string(&report).unwrap_or_default(),
        stderr,
    }
}

fn generate(version: &str, source: &str) -> Output {
    let output = generate_with(version, source, &[], &[]);
    assert_eq!(output.code, 0, "{version}: {}", output.stderr);
    output
}

/// The file without whitespace: gofmt's alignment is not what these tests are about.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_has(output: &Output, snippet: &str) {
    assert!(
        squeezed(&output.file).contains(&squeezed(snippet)),
        "missing `{snippet}` in\n{}",
        output.file
    );
}

fn assert_lacks(output: &Output, snippet: &str) {
    assert!(
        !squeezed(&output.file).contains(&squeezed(snippet)),
        "unexpected `{snippet}` in\n{}",
        output.file
    );
}

#[test]
fn type_default_is_read_since_2023_09_01() {
    let source = "// +default=\"x\"\ntype Mode string\n\ntype S struct {\n\tP *Mode `json:\"p,omitempty\"`\n}\n";
    let old = generate(K128, source);
    let new = generate(K129, source);
    assert_lacks(&old, "Default: \"x\"");
    assert_has(
        &new,
        "\"p\": { SchemaProps: spec.SchemaProps{ Default: \"x\",",
    );
}

#[test]
fn unmarshal_json_structs_lose_their_default_since_2023_10_10() {
    let source = "type T struct {\n\tV string `json:\"v\"`\n}\n\nfunc (t *T) UnmarshalJSON(b []byte) error { return nil }\n\ntype S struct {\n\tA T `json:\"a\"`\n}\n";
    let old = generate(K128, source);
    let new = generate(K129, source);
    assert_has(
        &old,
        "\"a\": { SchemaProps: spec.SchemaProps{ Default: map[string]interface{}{}, Ref: ref(\"example.com/m/api.T\"),",
    );
    assert_has(
        &new,
        "\"a\": { SchemaProps: spec.SchemaProps{ Ref: ref(\"example.com/m/api.T\"),",
    );
}

#[test]
fn byte_slices_are_no_list_type_violation_since_2023_11_13() {
    let source = "type S struct {\n\tData []byte `json:\"data\"`\n}\n";
    let line = "API rule violation: list_type_missing,example.com/m/api,S,Data";
    assert!(generate(K129, source).report.contains(line));
    assert!(!generate(K130, source).report.contains(line));
}

#[test]
fn value_validations_are_written_since_2024_01_03() {
    let source = "type S struct {\n\t// +k8s:validation:minimum=1\n\tN int32 `json:\"n\"`\n}\n";
    assert_lacks(&generate(K129, source), "Minimum:");
    assert_has(&generate(K130, source), "Minimum: ptr.To[float64](1),");
}

const ENUM: &str = "// +enum\ntype Mode string\n\nconst (\n\t// A is a.\n\tA Mode = \"a\"\n)\n\n";

#[test]
fn enums_on_list_items_since_2024_02_23() {
    let source = format!(
        "{ENUM}type S struct {{\n\t// +listType=atomic\n\tModes []Mode `json:\"modes\"`\n}}\n"
    );
    let items = "Items: &spec.SchemaOrArray{ Schema: &spec.Schema{ SchemaProps: spec.SchemaProps{ Default: \"\", Type: []string{\"string\"}, Format: \"\",";
    let old = generate(K129, &source);
    let new = generate(K130, &source);
    assert_has(&old, &format!("{items} }}, }}, }},"));
    assert_has(&new, &format!("{items} Enum: []interface{{}}{{\"a\"}},"));
}

#[test]
fn gengo_v2_header_since_2024_02_28() {
    let old = generate(K129, "type S struct{}\n");
    let new = generate(K130, "type S struct{}\n");
    assert!(old.file.starts_with(
        "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n// Code generated by openapi-gen. DO NOT EDIT.\n\n// This file was autogenerated by openapi-gen. Do not edit it manually!\n\npackage out\n"
    ), "{}", old.file);
    assert!(new.file.starts_with(
        "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n// Code generated by openapi-gen. DO NOT EDIT.\n\npackage out\n"
    ), "{}", new.file);
}

#[test]
fn header_files_are_laid_out_as_gengo_and_gofmt_do() {
    let header = |text: &str, version: &str| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("boilerplate.go.txt");
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let output = generate_with(
            version,
            "type S struct{}\n",
            &[],
            &["--go-header-file", &path],
        );
        assert_eq!(output.code, 0, "{}", output.stderr);
        let end = output.file.find("package out").unwrap();
        output.file[..end].to_string()
    };
    let build = "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n";
    let code = "// Code generated by openapi-gen. DO NOT EDIT.\n\n";
    // With a final newline: a blank line before "Code generated".
    assert_eq!(
        header("/* H */\n", NEWEST),
        format!("{build}/* H */\n\n{code}")
    );
    // Without one: gengo/v2 writes one newline, so no blank line.
    assert_eq!(header("/* H */", NEWEST), format!("{build}/* H */\n{code}"));
    // Empty: the same as no header file.
    assert_eq!(header("", NEWEST), format!("{build}{code}"));
    // gengo v1: a newline only after a non-empty file, and the "autogenerated" line.
    let v1 = "// This file was autogenerated by openapi-gen. Do not edit it manually!\n\n";
    assert_eq!(
        header("/* H */", K129),
        format!("{build}/* H */\n{code}{v1}")
    );
    assert_eq!(header("", K129), format!("{build}{code}{v1}"));
}

#[test]
fn descriptions_are_go_quoted_since_2024_04_23() {
    let source =
        "type S struct {\n\t// Regex: ^\\d+$ and a \\\"word\\\".\n\tF string `json:\"f\"`\n}\n";
    let old = generate(K130, source);
    let new = generate(K132, source);
    assert_has(&old, r#"Description: "Regex: ^\d+$ and a \"word\".","#);
    assert_has(&new, r#"Description: "Regex: ^\\d+$ and a \\\"word\\\".","#);
}

#[test]
fn names_match_without_exemptions_since_2024_09_03() {
    let source =
        "type S struct {\n\tX string `json:\",omitempty\"`\n\tMeta string `json:\"metadata\"`\n}\n";
    let old = generate(K130, source);
    let new = generate(K132, source);
    assert!(!old.report.contains("names_match"), "{}", old.report);
    assert!(
        new.report.contains("names_match,example.com/m/api,S,X"),
        "{}",
        new.report
    );
    assert!(
        new.report.contains("names_match,example.com/m/api,S,Meta"),
        "{}",
        new.report
    );
}

#[test]
fn streaming_list_rules_since_2025_03_18() {
    let files = [(
        "meta/types.go",
        "package meta\n\ntype TypeMeta struct{}\ntype ListMeta struct{}\n",
    )];
    let source = "import \"example.com/m/meta\"\n\ntype S struct{}\n\ntype SList struct {\n\tmeta.ListMeta `json:\"metadata,omitempty\"`\n\tmeta.TypeMeta `json:\",inline\"`\n\t// +listType=atomic\n\tItems []S `json:\"items\"`\n}\n";
    let old = generate_with(K132, source, &files, &[]);
    let new = generate_with(K133, source, &files, &[]);
    assert!(
        !old.report.contains("streaming_list_type"),
        "{}",
        old.report
    );
    assert!(
        new.report
            .contains("streaming_list_type_field_order,example.com/m/api,SList,TypeMeta"),
        "{}",
        new.report
    );
}

#[test]
fn private_types_lose_their_map_entry_since_2025_09_05() {
    let source = "type inner struct {\n\tV string `json:\"v\"`\n}\n\ntype S struct {\n\tI inner `json:\"i\"`\n}\n";
    let entry = "\"example.com/m/api.inner\": schema_examplecom_m_api_inner(ref),";
    assert_has(&generate(K134, source), entry);
    let new = generate(K135, source);
    assert_lacks(&new, entry);
    assert_has(&new, "func schema_examplecom_m_api_inner(");
}

#[test]
fn interface_fields_lose_their_ref_since_2025_09_09() {
    let source = "type Object interface{ Kind() string }\n\ntype S struct {\n\tObj Object `json:\"obj\"`\n}\n";
    assert_has(
        &generate(K134, source),
        "\"obj\": { SchemaProps: spec.SchemaProps{ Ref: ref(\"example.com/m/api.Object\"), }, },",
    );
    let new = generate(K135, source);
    assert_lacks(&new, "ref(\"example.com/m/api.Object\")");
}

#[test]
fn model_names_since_2025_09_10() {
    let source = "type S struct {\n\tV string `json:\"v\"`\n}\n\nfunc (S) OpenAPIModelName() string { return \"io.example.S\" }\n";
    assert_has(
        &generate(K134, source),
        "\"example.com/m/api.S\": schema_examplecom_m_api_S(ref),",
    );
    assert_has(
        &generate(K135, source),
        "api.S{}.OpenAPIModelName(): schema_examplecom_m_api_S(ref),",
    );
}

#[test]
fn embedded_omitempty_fields_are_inlined_since_2026_04_14() {
    let source = "type Base struct {\n\tName string `json:\"name,omitempty\"`\n}\n\ntype S struct {\n\tBase `json:\",omitempty\"`\n\tV string `json:\"v,omitempty\"`\n}\n";
    let old = generate(MAR26, source);
    let new = generate(NEWEST, source);
    let s = |o: &Output| {
        let at = o.file.find("func schema_examplecom_m_api_S(").unwrap();
        o.file[at..].to_string()
    };
    assert!(!s(&old).contains("\"name\""), "{}", s(&old));
    assert!(s(&new).contains("\"name\""), "{}", s(&new));
}

#[test]
fn list_items_and_map_values_lose_their_defaults_since_2026_05_09() {
    let source = "type Sub struct {\n\tV string `json:\"v,omitempty\"`\n}\n\ntype S struct {\n\t// +listType=atomic\n\tNames []string `json:\"names\"`\n\tM map[string]Sub `json:\"m\"`\n}\n";
    let old = generate(MAR26, source);
    let new = generate(NEWEST, source);
    assert_has(
        &old,
        "SchemaProps: spec.SchemaProps{ Default: \"\", Type: []string{\"string\"}, Format: \"\", },",
    );
    assert_has(
        &old,
        "SchemaProps: spec.SchemaProps{ Default: map[string]interface{}{}, Ref: ref(\"example.com/m/api.Sub\"), },",
    );
    assert_lacks(&new, "Default: \"\", Type: []string{\"string\"}");
    assert_has(
        &new,
        "SchemaProps: spec.SchemaProps{ Ref: ref(\"example.com/m/api.Sub\"), },",
    );
}

#[test]
fn unknown_and_too_old_versions_are_warnings() {
    let unknown = generate("v1.2.3", "type S struct{}\n");
    assert!(
        unknown.stderr.contains("not a kube-openapi pseudo-version"),
        "{}",
        unknown.stderr
    );
    assert!(!unknown.file.contains("This file was autogenerated"));
    let old = generate(K126, "type S struct{}\n");
    assert!(old.stderr.contains("older than"), "{}", old.stderr);
    assert!(old.file.contains("This file was autogenerated"));
}

#[test]
fn gengo_v1_and_klog_flags_are_accepted() {
    let dir = module(&[(
        "api/doc.go",
        "// +k8s:openapi-gen=true\npackage api\n\ntype S struct{}\n".as_bytes(),
    )]);
    let root = dir.path();
    std::fs::write(root.join("h.txt"), "// H\n").unwrap();
    let base = root.display().to_string();
    let api = root.join("api").display().to_string();
    let header = root.join("h.txt").display().to_string();
    let (code, _, err) = run(&[
        "openapi-gen",
        "--kube-openapi-version",
        K129,
        "--logtostderr",
        "--alsologtostderr=false",
        "--v",
        "0",
        "--vmodule",
        "x=2",
        "--log_dir",
        "/tmp",
        "--input-dirs",
        &api,
        "--output-base",
        &base,
        "--output-package",
        "out/pkg",
        "-O",
        "zz_generated.openapi",
        "-h",
        &header,
    ]);
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_to_string(root.join("out/pkg/zz_generated.openapi.go")).unwrap();
    assert!(
        file.contains("// H\n\n// Code generated by openapi-gen"),
        "{file}"
    );
    assert!(file.contains("package pkg\n"), "{file}");
}

// Bugs found on real projects (issue #24), newest behaviour.

#[test]
fn output_package_equal_to_an_input_package_writes_its_types_unqualified() {
    let source = "type Amount struct{ v int64 }\n\nfunc (Amount) OpenAPISchemaType() []string { return []string{\"string\"} }\nfunc (Amount) OpenAPISchemaFormat() string { return \"\" }\n\ntype T struct {\n\tA Amount `json:\"a\"`\n}\n\nfunc (T) OpenAPIModelName() string { return \"io.example.T\" }\n";
    let dir = module(&[(
        "api/doc.go",
        format!("// +k8s:openapi-gen=true\npackage api\n\n{source}").as_bytes(),
    )]);
    let root = dir.path();
    let api = root.join("api").display().to_string();
    let (code, _, err) = run(&[
        "openapi-gen",
        "--output-dir",
        &api,
        "--output-pkg",
        "example.com/m/api",
        &api,
    ]);
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_to_string(root.join("api/generated.openapi.go")).unwrap();
    assert!(!file.contains("\"example.com/m/api\""), "{file}");
    assert!(
        squeezed(&file).contains("Type: Amount{}.OpenAPISchemaType(),"),
        "{file}"
    );
    assert!(
        squeezed(&file).contains("T{}.OpenAPIModelName(): schema_examplecom_m_api_T(ref),"),
        "{file}"
    );
}

#[test]
fn raw_message_is_a_byte_string() {
    let source = "import \"encoding/json\"\n\ntype T struct {\n\tRaw json.RawMessage `json:\"raw,omitempty\"`\n}\n";
    let output = generate(NEWEST, source);
    assert_has(&output, "\"raw\": { SchemaProps: spec.SchemaProps{ Type: []string{\"string\"}, Format: \"byte\", }, },");
    assert_lacks(&output, "RawMessage");
}

#[test]
fn a_kubebuilder_enum_keeps_the_enum_paragraph() {
    let source = format!("{ENUM}type T struct {{\n\t// M is a mode.\n\t// +kubebuilder:validation:Enum=a\n\tM Mode `json:\"m,omitempty\"`\n}}\n");
    let output = generate(NEWEST, &source);
    assert_has(
        &output,
        "Description: \"M is a mode.\\n\\nPossible enum values:\\n - `\\\"a\\\"` is a.\",",
    );
}

#[test]
fn enums_of_packages_that_are_not_inputs_are_plain_strings() {
    let files = [(
        "dep/types.go",
        "package dep\n\n// +enum\ntype Policy string\n\nconst Always Policy = \"Always\"\n",
    )];
    let source = "import \"example.com/m/dep\"\n\ntype T struct {\n\t// P is a policy.\n\tP dep.Policy `json:\"p,omitempty\"`\n}\n";
    let output = generate_with(NEWEST, source, &files, &[]);
    assert_eq!(output.code, 0, "{}", output.stderr);
    assert_has(&output, "\"p\": { SchemaProps: spec.SchemaProps{ Description: \"P is a policy.\", Type: []string{\"string\"}, Format: \"\", }, },");
}

#[test]
fn the_report_covers_unexported_types() {
    let source =
        "type amount struct {\n\tValue int64\n}\n\ntype T struct {\n\tA amount `json:\"a\"`\n}\n";
    let output = generate(NEWEST, source);
    assert!(
        output
            .report
            .contains("API rule violation: names_match,example.com/m/api,amount,Value"),
        "{}",
        output.report
    );
}

#[test]
fn a_trailing_comment_describes_the_next_field() {
    let source = "type T struct {\n\tType string `json:\"type\"` // Represents the type.\n\tStringVal string `json:\"stringVal\"`\n}\n";
    let output = generate(NEWEST, source);
    assert_has(
        &output,
        "\"stringVal\": { SchemaProps: spec.SchemaProps{ Description: \"Represents the type.\",",
    );
}

#[test]
fn patch_tags_on_a_type_are_its_extensions() {
    let source = "// +patchStrategy=merge\n// +patchMergeKey=name\ntype S struct {\n\tName string `json:\"name\"`\n}\n";
    let output = generate(NEWEST, source);
    assert_has(
        &output,
        "VendorExtensible: spec.VendorExtensible{ Extensions: spec.Extensions{ \"x-kubernetes-patch-merge-key\": \"name\", \"x-kubernetes-patch-strategy\": \"merge\", }, },",
    );
}

#[test]
fn dot_imported_names_resolve() {
    let files = [(
        "util/util.go",
        "package util\n\ntype Client struct {\n\tName string `json:\"name\"`\n}\n",
    )];
    let source = "import . \"example.com/m/util\"\n\ntype T struct {\n\tClient Client `json:\"client\"`\n}\n";
    let output = generate_with(NEWEST, source, &files, &[]);
    assert_eq!(output.code, 0, "{}", output.stderr);
    assert_has(&output, "Ref: ref(\"example.com/m/util.Client\"),");
}

// `generate` (issue #24, item 3): kube-openapi's builders key a type with a model name by it.

#[test]
fn generate_names_model_named_types_by_their_model_name_under_every_naming() {
    let dir = module(&[("api/doc.go", "// +k8s:openapi-gen=true\npackage api\n".as_bytes()), ("api/types.go", "package api\n\n// +k8s:openapi-model-package=io.example.api\ntype Outer struct {\n\tIn Inner `json:\"in\"`\n\tPlain Plain `json:\"plain\"`\n}\n\ntype Inner struct {\n\tV string `json:\"v\"`\n}\n\nfunc (Inner) OpenAPIModelName() string { return \"io.example.hand.Inner\" }\n\ntype Plain struct {\n\tV string `json:\"v\"`\n}\n".as_bytes())]);
    let root = dir.path();
    let api = root.join("api").display().to_string();
    for (naming, plain) in [
        ("short", "api.Plain"),
        ("go", "example.com/m/api.Plain"),
        ("rest", "com.example.m.api.Plain"),
    ] {
        let out = root.join(format!("{naming}.json")).display().to_string();
        let (code, _, err) = run(&["generate", "--naming", naming, "--v2", &out, &api]);
        assert_eq!(code, 0, "{err}");
        let definitions = definitions(&std::fs::read_to_string(&out).unwrap());
        let mut names: Vec<&str> = definitions.keys().map(String::as_str).collect();
        names.sort();
        let mut want = vec!["io.example.api.Outer", "io.example.hand.Inner", plain];
        want.sort();
        assert_eq!(names, want, "{naming}");
        let outer = &definitions["io.example.api.Outer"]["properties"];
        let reference = |p: &str| {
            let property = &outer[p];
            property["$ref"]
                .as_str()
                .or_else(|| property["allOf"][0]["$ref"].as_str())
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(
            reference("in"),
            "#/definitions/io.example.hand.Inner",
            "{naming}"
        );
        assert!(
            reference("plain").ends_with(&plain.replace('/', "~1")),
            "{naming}"
        );
    }
}
