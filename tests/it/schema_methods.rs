//! Types that give their own schema through methods (`OpenAPIDefinition()`,
//! `OpenAPIV3Definition()`, `OpenAPISchemaType()`/`OpenAPISchemaFormat()`,
//! `OpenAPIV3OneOfTypes()`): kube-openapi's `pkg/generators/openapi_test.go` cases
//! (`TestCustomDef`, `TestCustomDefV3`, `TestCustomDefV2AndV3`, `TestCustomDefs`,
//! `TestCustomDefsV3`, `TestV3OneOfTypes`) rewritten as our own packages under
//! `testdata/schema-methods/`, checked against what the peer test expects of openapi-gen's
//! Go output, and what kube-openapi's builders then serve in each document.

use serde_json::{json, Value};

use crate::harness::{definitions, generate, openapi_gen, snapshot};

const ROOT: &str = "./testdata/schema-methods";

/// One case of openapi_test.go: the generated map entry and function openapi-gen's test
/// expects (our package and type names in place of its `foo.Blah`), and what the builders
/// serve from them.
struct Case {
    peer_test: &'static str,
    package: &'static str,
    type_name: &'static str,
    /// The map entry's value.
    call: &'static str,
    /// The `schema_…` function, or `None` where the entry calls the type's own method.
    function: Option<&'static str>,
    v2: Value,
    v3: Value,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            peer_test: "TestCustomDef",
            package: "v2only",
            type_name: "Stamp",
            call: "v2only.Stamp{}.OpenAPIDefinition(),",
            function: None,
            v2: json!({"type": "string", "format": "date-time"}),
            v3: json!({"type": "string", "format": "date-time"}),
        },
        Case {
            peer_test: "TestCustomDefV3",
            package: "v3only",
            type_name: "Moment",
            call: "v3only.Moment{}.OpenAPIV3Definition(),",
            function: None,
            v2: json!({"type": "string", "format": "date-time"}),
            v3: json!({"type": "string", "format": "date-time"}),
        },
        Case {
            peer_test: "TestCustomDefV2AndV3",
            package: "both",
            type_name: "Instant",
            call: "common.EmbedOpenAPIDefinitionIntoV2Extension(both.Instant{}.OpenAPIV3Definition(), both.Instant{}.OpenAPIDefinition()),",
            function: None,
            // The bodies differ (v3 adds `Nullable`), so each document shows which it serves.
            v2: json!({"type": "string", "format": "date-time"}),
            v3: json!({"type": "string", "nullable": true, "format": "date-time"}),
        },
        Case {
            peer_test: "TestCustomDefs",
            package: "typeformat",
            type_name: "Deadline",
            call: "schema_examplecom_schemamethods_typeformat_Deadline(ref),",
            function: Some(
                "func schema_examplecom_schemamethods_typeformat_Deadline(ref common.ReferenceCallback) common.OpenAPIDefinition {
return common.OpenAPIDefinition{
Schema: spec.Schema{
SchemaProps: spec.SchemaProps{
Description: \"Deadline is a point in time written as text.\",
Type:typeformat.Deadline{}.OpenAPISchemaType(),
Format:typeformat.Deadline{}.OpenAPISchemaFormat(),
},
},
}
}",
            ),
            v2: json!({"description": "Deadline is a point in time written as text.", "type": "string", "format": "date-time"}),
            v3: json!({"description": "Deadline is a point in time written as text.", "type": "string", "format": "date-time"}),
        },
        Case {
            peer_test: "TestCustomDefsV3",
            package: "typeformatv3",
            type_name: "Expiry",
            call: "schema_examplecom_schemamethods_typeformatv3_Expiry(ref),",
            function: Some(
                "func schema_examplecom_schemamethods_typeformatv3_Expiry(ref common.ReferenceCallback) common.OpenAPIDefinition {
return common.EmbedOpenAPIDefinitionIntoV2Extension(typeformatv3.Expiry{}.OpenAPIV3Definition(), common.OpenAPIDefinition{
Schema: spec.Schema{
SchemaProps: spec.SchemaProps{
Description: \"Expiry is a point in time, with its own v3 schema.\",
Type:typeformatv3.Expiry{}.OpenAPISchemaType(),
Format:typeformatv3.Expiry{}.OpenAPISchemaFormat(),
},
},
})
}",
            ),
            v2: json!({"description": "Expiry is a point in time, with its own v3 schema.", "type": "string", "format": "date-time"}),
            v3: json!({"type": "string", "format": "date-time"}),
        },
        Case {
            peer_test: "TestV3OneOfTypes",
            package: "oneof",
            type_name: "Amount",
            call: "schema_examplecom_schemamethods_oneof_Amount(ref),",
            function: Some(
                "func schema_examplecom_schemamethods_oneof_Amount(ref common.ReferenceCallback) common.OpenAPIDefinition {
return common.EmbedOpenAPIDefinitionIntoV2Extension(common.OpenAPIDefinition{
Schema: spec.Schema{
SchemaProps: spec.SchemaProps{
Description: \"Amount is a number or its text.\",
OneOf:common.GenerateOpenAPIV3OneOfSchema(oneof.Amount{}.OpenAPIV3OneOfTypes()),
Format:oneof.Amount{}.OpenAPISchemaFormat(),
},
},
},common.OpenAPIDefinition{
Schema: spec.Schema{
SchemaProps: spec.SchemaProps{
Description: \"Amount is a number or its text.\",
Type:oneof.Amount{}.OpenAPISchemaType(),
Format:oneof.Amount{}.OpenAPISchemaFormat(),
},
},
})
}",
            ),
            v2: json!({"description": "Amount is a number or its text.", "type": "string", "format": "date-time"}),
            v3: json!({"description": "Amount is a number or its text.", "format": "date-time", "oneOf": [{"type": "string"}, {"type": "number"}]}),
        },
    ]
}

/// Go text without whitespace: the peer's expectations are unformatted, ours gofmt's.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The Go output of one package (openapi-gen's command line).
fn go_output(package: &str) -> String {
    let (code, file, err) = openapi_gen(&[], &[&format!("{ROOT}/{package}")]);
    assert_eq!(code, 0, "{err}");
    file
}

#[test]
fn kube_openapi_custom_definition_cases_agree() {
    let v2 = definitions(&generate(&["--v2", "-", &format!("{ROOT}/...")]));
    let v3 = definitions(&generate(&["--v3", "-", &format!("{ROOT}/...")]));
    let mut disagreements = Vec::new();
    let cases = cases();
    for case in &cases {
        let key = format!(
            "com.example.schemamethods.{}.{}",
            case.package, case.type_name
        );
        let file = squeeze(&go_output(case.package));
        let entry = squeeze(&format!(
            "\"example.com/schemamethods/{}.{}\": {}",
            case.package, case.type_name, case.call
        ));
        if !file.contains(&entry) {
            disagreements.push(format!("{}: map entry {}", case.peer_test, case.call));
        }
        match case.function {
            Some(function) if !file.contains(&squeeze(function)) => {
                disagreements.push(format!("{}: function", case.peer_test))
            }
            None if file.contains("funcschema_") => {
                disagreements.push(format!("{}: a function is written", case.peer_test))
            }
            _ => {}
        }
        if v2.get(&key) != Some(&case.v2) {
            disagreements.push(format!("{}: v2 {:?}", case.peer_test, v2.get(&key)));
        }
        if v3.get(&key) != Some(&case.v3) {
            disagreements.push(format!("{}: v3 {:?}", case.peer_test, v3.get(&key)));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements over {} cases:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
}

#[test]
fn documents_of_schema_methods() {
    let pattern = format!("{ROOT}/...");
    snapshot(
        "schema_methods__v2",
        &generate(&["--naming", "short", "--v2", "-", &pattern]),
    );
    snapshot(
        "schema_methods__v3",
        &generate(&["--naming", "short", "--v3", "-", &pattern]),
    );
}

#[test]
fn go_output_of_schema_methods() {
    snapshot("schema_methods__go_bodies", &go_output("bodies"));
}

/// A lone `OpenAPISchemaType` counts for nothing (openapi-gen's `hasOpenAPIDefinitionMethods`
/// wants the format too): the struct is described from its fields, in both outputs.
#[test]
fn schema_type_without_format_is_ignored() {
    let v2 = definitions(&generate(&["--v2", "-", &format!("{ROOT}/typeformat")]));
    let window = &v2["com.example.schemamethods.typeformat.Window"];
    assert_eq!(window["type"], "object");
    assert_eq!(window["properties"]["start"]["type"], "string");
    let file = go_output("typeformat");
    assert!(!file.contains("Window{}.OpenAPISchemaType()"), "{file}");
    assert!(file.contains("func schema_examplecom_schemamethods_typeformat_Window("));
}

/// `Dependencies` of a method's definition add those definitions, as the builders do: the
/// `shared` package is loaded (a `json:"-"` field names it) but no property refers to `Hop`.
#[test]
fn dependencies_of_a_written_definition_are_defined() {
    let v3 = definitions(&generate(&["--v3", "-", &format!("{ROOT}/bodies")]));
    assert!(v3.contains_key("com.example.schemamethods.shared.Hop"));
    let without = definitions(&generate(&[
        "--v3",
        "-",
        "--deps-definitions",
        "ref",
        &format!("{ROOT}/bodies"),
    ]));
    assert!(!without.contains_key("com.example.schemamethods.shared.Hop"));
    let next = &v3["com.example.schemamethods.bodies.Bounds"]["properties"]["next"];
    // builder3's WrapRefs: a `$ref` with a sibling moves into `allOf`.
    assert_eq!(
        next,
        &json!({"description": "The next segment.", "allOf": [{"$ref": "#/components/schemas/example.com.schemamethods.bodies.Segment"}]})
    );
}
