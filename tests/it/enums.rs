//! Enum lists as kube-openapi's `parseEnums` builds them (its `enum_test.go` cases, rewritten
//! as our own packages in `testdata/enums-across-packages`): the values of an enum type are
//! the typed constants of every loaded package, the type's own or not; a constant re-exported
//! under another package adds no second value.

use crate::harness::*;

/// (definition, property) → the `enum` list of the v2 document for `packages`.
fn enum_of(packages: &[&str], definition: &str, property: &str) -> Option<Vec<String>> {
    let mut args = vec!["generate", "--v2", "-"];
    args.extend_from_slice(packages);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let defs = definitions(&out);
    let schema = &defs[definition]["properties"][property];
    schema["enum"].as_array().map(|values| {
        values
            .iter()
            .map(|v| v.as_str().expect("string value").to_string())
            .collect()
    })
}

const ROOT: &str = "testdata/enums-across-packages";

#[test]
fn values_in_the_same_and_in_other_packages() {
    let all = format!("{ROOT}/...");
    // "value in same package" + "values in same and different packages".
    assert_eq!(
        enum_of(&[&all], "com.example.enumsacross.kinds.Panel", "shade"),
        Some(vec!["gloss".into(), "matte".into(), "satin".into()])
    );
    // "value in different package": the type's own package declares none.
    assert_eq!(
        enum_of(&[&all], "com.example.enumsacross.users.Board", "finish"),
        Some(vec!["brushed".into()])
    );
}

#[test]
fn reexported_constants_add_no_value() {
    // "aliasing and re-exporting enum from different package".
    let kinds = format!("{ROOT}/kinds");
    let reexport = format!("{ROOT}/reexport");
    assert_eq!(
        enum_of(
            &[&kinds, &reexport],
            "com.example.enumsacross.kinds.Panel",
            "shade"
        ),
        Some(vec!["gloss".into(), "matte".into()])
    );
}

#[test]
fn only_loaded_packages_count() {
    // Without `extra` (nothing imports it) its constants are not seen, as in gengo's universe.
    let kinds = format!("{ROOT}/kinds");
    let users = format!("{ROOT}/users");
    assert_eq!(
        enum_of(
            &[&kinds, &users],
            "com.example.enumsacross.users.Board",
            "shade"
        ),
        Some(vec!["gloss".into(), "matte".into()])
    );
}

/// An enum type without values: openapi-gen's Go output still writes its (empty) list —
/// `enumContext.EnumType` finds the type — and the documents have no `enum`.
#[test]
fn an_enum_without_values_writes_an_empty_go_list() {
    let out = tempfile::tempdir().expect("temporary directory");
    let dir = out.path().to_string_lossy().to_string();
    let (code, _, err) = run(&[
        "openapi-gen",
        "--output-dir",
        &dir,
        "--output-pkg",
        "example.com/enumsacross/generated",
        "--output-file",
        "openapi.go",
        &format!("{ROOT}/kinds"),
    ]);
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_to_string(out.path().join("openapi.go")).expect("written");
    let finish = &file[file.find("\"finish\": {").expect("finish property")..];
    let finish = &finish[..finish.find("\t\t\t\t\t},").expect("end")];
    assert!(finish.contains("Enum:    []interface{}{},"), "{finish}");
    assert!(!finish.contains("Possible enum values"), "{finish}");
    assert_eq!(
        enum_of(
            &[&format!("{ROOT}/kinds")],
            "com.example.enumsacross.kinds.Panel",
            "finish"
        ),
        None
    );
}
