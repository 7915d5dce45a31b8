//! `union-gen crd`: patching controller-gen CRD manifests of `testdata/crd/shop/` (a
//! kubebuilder-style project: `+groupName` in `api/v1/groupversion_info.go`, an enum field, a
//! slice and a map of enums, a 2019 `+union`, a `+k8s:unionMember` union, nested structs) in a
//! temporary copy.
//!
//! Asserted: the diff holds only added lines, and those are exactly `enum` lists and
//! `x-kubernetes-validations` entries; removing them gives back the original bytes; the
//! patched YAML is the original structure plus those keys; a second run changes nothing;
//! `--verify` exits 1 before and 0 after; the added rules compile and accept a valid and reject
//! an invalid object with the `cel` crate; a flow-style CRD is refused (exit 2, file kept).
//! Snapshots: `snapshots/crd__*.snap`.

use std::fs;
use std::path::{Path, PathBuf};

use crate::harness::{codes, json_diagnostics, run, snapshot};
use cel::{Context, Program, Value as CelValue};
use serde_json::json;
use yaml_serde::Value;

const PACKAGES: &str = "testdata/crd/shop/...";
const CRD: &str = "testdata/crd/shop/config/crd/bases/shop.example.com_orders.yaml";

/// A copy of `source` in a fresh temporary directory.
fn copy(source: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(Path::new(source).file_name().unwrap());
    fs::copy(source, &path).unwrap();
    (dir, path)
}

/// `crd` with JSON diagnostics: (exit, stdout, diagnostic codes).
fn crd(extra: &[&str], file: &Path, packages: &str) -> (u8, String, Vec<String>) {
    let file = file.to_str().unwrap();
    let mut args = vec!["crd", "--message-format", "json"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&[file, "--packages", packages]);
    let (code, out, err) = run(&args);
    (code, out, codes(&json_diagnostics(&err)))
}

/// Every YAML document of `text` (separated by `---` lines), parsed; empty ones left out.
fn documents(text: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "---" {
            out.push(std::mem::take(&mut current));
        } else {
            current.push_str(line);
        }
    }
    out.push(current);
    out.iter()
        .map(|d| yaml_serde::from_str::<Value>(d).unwrap())
        .filter(|v| !v.is_null())
        .collect()
}

/// Removes every `enum` and `x-kubernetes-validations` key, recursively.
fn without_additions(value: &Value) -> Value {
    match value {
        Value::Mapping(map) => Value::Mapping(
            map.iter()
                .filter(|(k, _)| {
                    !matches!(k.as_str(), Some("enum") | Some("x-kubernetes-validations"))
                })
                .map(|(k, v)| (k.clone(), without_additions(v)))
                .collect(),
        ),
        Value::Sequence(items) => Value::Sequence(items.iter().map(without_additions).collect()),
        other => other.clone(),
    }
}

#[test]
fn patches_only_by_adding_enum_lists_and_rules() {
    let original = fs::read_to_string(CRD).unwrap();
    let (dir, path) = copy(CRD);

    // --verify before: exit 1, the diff, the file untouched.
    let (code, diff, codes) = crd(&["--verify"], &path, PACKAGES);
    assert_eq!(code, 1, "{diff}");
    assert_eq!(codes, ["crd/skipped"], "only the Kettle CRD has no Go type");
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
    let diff = diff.replace(dir.path().to_str().unwrap(), "<tmp>");
    snapshot("crd__shop_orders_verify_diff", &diff);

    // The diff only adds lines, and they are enum lists and validation rules.
    let body: Vec<&str> = diff
        .lines()
        .filter(|l| !l.starts_with("--- ") && !l.starts_with("+++ ") && !l.starts_with("@@"))
        .filter(|l| !l.starts_with("union-gen: "))
        .collect();
    assert!(
        body.iter()
            .all(|l| l.starts_with('+') || l.starts_with(' ')),
        "only context and added lines:\n{diff}"
    );
    let added: Vec<&str> = body
        .iter()
        .filter_map(|l| l.strip_prefix('+'))
        .map(str::trim_start)
        .collect();
    assert!(!added.is_empty());
    let mut block = "";
    for line in &added {
        if *line == "enum:" || *line == "x-kubernetes-validations:" {
            block = line;
            continue;
        }
        let ok = match block {
            "enum:" => line.starts_with("- ") && !line.contains(": "),
            "x-kubernetes-validations:" => {
                line.starts_with("- message: ") || line.starts_with("rule: ")
            }
            _ => false,
        };
        assert!(ok, "unexpected added line `{line}` in block `{block}`");
    }
    assert_eq!(added.iter().filter(|l| **l == "enum:").count(), 7);
    assert_eq!(
        added.iter().filter(|l| l.starts_with("rule: ")).count(),
        3,
        "one Delivery rule, two Payment rules"
    );

    // Patch.
    let (code, out, codes) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    assert_eq!(codes, ["crd/skipped"]);
    assert!(
        out.contains("added 7 enum list(s) and 3 validation rule(s)"),
        "{out}"
    );
    let patched = fs::read_to_string(&path).unwrap();
    snapshot("crd__shop_orders_patched", &patched);

    // Every original byte is kept: dropping the added lines gives the original back.
    let mut kept = String::new();
    let mut added_lines = added.iter().peekable();
    for line in patched.split_inclusive('\n') {
        if added_lines
            .peek()
            .is_some_and(|a| line.trim_start().trim_end_matches('\n') == **a)
        {
            added_lines.next();
            continue;
        }
        kept.push_str(line);
    }
    assert!(
        added_lines.peek().is_none(),
        "every added line found in order"
    );
    assert_eq!(kept, original);
    assert!(patched.contains("# Reviewed by hand: Payment is a KEP-1027 union (+unionMember)."));
    assert!(patched.contains("description: \"Order is the Schema for the orders API.\""));

    // Structure: the original plus exactly the added keys.
    let (before, after) = (documents(&original), documents(&patched));
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(&without_additions(a), b);
    }

    // A second run changes nothing; --verify agrees.
    let (code, out, _) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(fs::read_to_string(&path).unwrap(), patched);
    let (code, out, _) = crd(&["--verify"], &path, PACKAGES);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("up to date"), "{out}");
}

/// The schema at `spec.versions[0].schema.openAPIV3Schema` + `path` of the first document.
fn schema<'a>(document: &'a Value, path: &[&str]) -> &'a Value {
    let mut node = &document["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
    for key in path {
        node = &node[*key];
    }
    node
}

fn rules(schema: &Value) -> Vec<Program> {
    schema["x-kubernetes-validations"]
        .as_sequence()
        .expect("rules")
        .iter()
        .map(|r| {
            let rule = r["rule"].as_str().unwrap();
            Program::compile(rule).unwrap_or_else(|e| panic!("`{rule}` does not parse: {e}"))
        })
        .collect()
}

fn accepts(programs: &[Program], object: serde_json::Value) -> bool {
    let mut context = Context::default();
    context.add_variable_from_value("self", cel::to_value(object).unwrap());
    programs.iter().all(|p| match p.execute(&context) {
        Ok(CelValue::Bool(verdict)) => verdict,
        other => panic!("a rule gave {other:?}"),
    })
}

#[test]
fn added_rules_hold_on_valid_and_invalid_objects() {
    let (_dir, path) = copy(CRD);
    let (code, _, _) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    let documents = documents(&fs::read_to_string(&path).unwrap());
    let order = &documents[0];
    assert_eq!(
        schema(order, &["properties", "spec", "properties", "size", "enum"]),
        &yaml_serde::from_str::<Value>("[Large, Medium, Small]").unwrap()
    );

    let payment = rules(schema(
        order,
        &["properties", "spec", "properties", "payment"],
    ));
    assert_eq!(payment.len(), 2);
    for (object, valid) in [
        (json!({"method": "Card", "card": {"token": "t"}}), true),
        (json!({"method": "Voucher", "voucher": "v"}), true),
        (json!({"method": "Cash"}), true),
        (json!({"method": "Card", "voucher": "v"}), false),
        (json!({"method": "Card"}), false),
        (
            json!({"method": "Voucher", "card": {"token": "t"}, "voucher": "v"}),
            false,
        ),
        (json!({"method": "Cash", "card": {"token": "t"}}), false),
    ] {
        assert_eq!(accepts(&payment, object.clone()), valid, "{object}");
    }

    let delivery = rules(schema(
        order,
        &["properties", "spec", "properties", "delivery"],
    ));
    assert_eq!(delivery.len(), 1);
    assert!(accepts(&delivery, json!({"pickup": {"counter": 1}})));
    assert!(!accepts(
        &delivery,
        json!({"pickup": {"counter": 1}, "courier": {"address": "a"}})
    ));
    assert!(!accepts(&delivery, json!({})));

    // The Kettle CRD has no Go type and is unchanged.
    assert_eq!(
        documents[1],
        self::documents(&fs::read_to_string(CRD).unwrap())[1]
    );
}

#[test]
fn crlf_files_get_crlf_lines() {
    let (dir, path) = copy(CRD);
    let lf_patched = {
        let (code, _, _) = crd(&[], &path, PACKAGES);
        assert_eq!(code, 0);
        fs::read_to_string(&path).unwrap()
    };
    let crlf = dir.path().join("crlf.yaml");
    fs::write(
        &crlf,
        fs::read_to_string(CRD).unwrap().replace('\n', "\r\n"),
    )
    .unwrap();
    let (code, _, _) = crd(&[], &crlf, PACKAGES);
    assert_eq!(code, 0);
    assert_eq!(
        fs::read_to_string(&crlf).unwrap(),
        lf_patched.replace('\n', "\r\n")
    );
}

#[test]
fn flow_style_is_refused_and_the_file_kept() {
    let source = "testdata/diagnostics/crd-not-patchable/crd.yaml";
    let (_dir, path) = copy(source);
    let (code, out, codes) = crd(&[], &path, "testdata/diagnostics/crd-not-patchable/...");
    assert_eq!(code, 2, "{out}");
    assert_eq!(codes, ["crd/not-patchable"]);
    assert_eq!(fs::read(&path).unwrap(), fs::read(source).unwrap());
    let (code, _, codes) = crd(
        &["--verify"],
        &path,
        "testdata/diagnostics/crd-not-patchable/...",
    );
    assert_eq!(
        (code, codes.as_slice()),
        (2, ["crd/not-patchable".to_string()].as_slice())
    );
}

#[test]
fn a_version_without_go_type_is_skipped_with_a_warning() {
    let source = "testdata/diagnostics/crd-skipped/crd.yaml";
    let (_dir, path) = copy(source);
    let (code, out, codes) = crd(&[], &path, "testdata/diagnostics/crd-skipped/...");
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(codes, ["crd/skipped"]);
    assert_eq!(fs::read(&path).unwrap(), fs::read(source).unwrap());
}

#[test]
fn existing_rules_are_not_repeated() {
    // One of Payment's rules written by hand (as `+kubebuilder:validation:XValidation`
    // would): only the other one is added.
    let (dir, _) = copy(CRD);
    let path = dir.path().join("hand.yaml");
    let text = fs::read_to_string(CRD).unwrap().replace(
        "                required:\n                - method\n                type: object\n",
        "                required:\n                - method\n                type: object\n                \
         x-kubernetes-validations:\n                - message: by hand\n                  \
         rule: '!has(self.method)||self.method == ''''|| (self.method==''Card''\n                    \
         ? has(self.card) : !has(self.card))'\n",
    );
    assert!(text.contains("by hand"));
    fs::write(&path, &text).unwrap();
    let (code, out, _) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    assert!(out.contains("and 2 validation rule(s)"), "{out}");
    let patched = fs::read_to_string(&path).unwrap();
    let payment = schema(
        &documents(&patched)[0],
        &["properties", "spec", "properties", "payment"],
    )["x-kubernetes-validations"]
        .as_sequence()
        .unwrap()
        .clone();
    let messages: Vec<&str> = payment
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "by hand",
            "voucher must be set when method is 'Voucher', and only then"
        ]
    );
}

/// Rules are compared as parsed CEL: union-gen's own rule written by hand with other white
/// space, parentheses and quotes is the rule union-gen would write (kept, not repeated), and
/// a rule in the form union-gen wrote before its rules rested on the Go fields' zero forms
/// (`has(self.d) && self.d == 'V' ? has(self.m) : !has(self.m)`) is replaced.
#[test]
fn a_rule_written_another_way_is_recognised() {
    let (dir, _) = copy(CRD);
    let path = dir.path().join("spelled.yaml");
    let card = "card must be set when method is 'Card', and only then";
    let voucher = "voucher must be set when method is 'Voucher', and only then";
    let text = fs::read_to_string(CRD).unwrap().replace(
        "                required:\n                - method\n                type: object\n",
        &format!(
            "                required:\n                - method\n                type: object\n                \
             x-kubernetes-validations:\n                - message: {card}\n                  \
             rule: |-\n                    (!has(self.method) || self.method == \"\")\n                    \
             || ((self.method == \"Card\") ? has(self.card) : (!has(self.card)))\n                \
             - message: {voucher}\n                  \
             rule: 'has(self.method) && self.method == ''Voucher'' ? has(self.voucher) : !has(self.voucher)'\n"
        ),
    );
    assert!(text.contains(card) && text.contains(voucher));
    fs::write(&path, &text).unwrap();
    let (code, out, _) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    assert!(
        out.contains("and 2 validation rule(s); removed 1 stale union rule(s)"),
        "{out}"
    );
    let patched = fs::read_to_string(&path).unwrap();
    let payment = schema(
        &documents(&patched)[0],
        &["properties", "spec", "properties", "payment"],
    )["x-kubernetes-validations"]
        .as_sequence()
        .unwrap()
        .clone();
    let rules: Vec<(&str, &str)> = payment
        .iter()
        .map(|r| (r["message"].as_str().unwrap(), r["rule"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rules,
        [
            (
                card,
                "(!has(self.method) || self.method == \"\")\n|| ((self.method == \"Card\") ? has(self.card) : (!has(self.card)))"
            ),
            (
                voucher,
                "!has(self.method) || self.method == '' || (self.method == 'Voucher' ? has(self.voucher) : !has(self.voucher))"
            ),
        ]
    );
    let (code, out, _) = crd(&[], &path, PACKAGES);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
}

/// A `Gateway` CRD of `testdata/crd/budget`: `spec.routes` (items: a six-member union, rule
/// cost 12) and `spec.pairs` (a two-member union, rule cost 4) with the given `maxItems`;
/// `filler` rules `has(self.name)` (cost 1) on the items of a list of `maxItems: 10000000`
/// that no Go field describes (10,000,000 each: at the per-rule limit, not over); a root rule
/// `has(self.spec)` (cost 1) when `root_rule`.
fn budget_crd(routes: Option<u64>, pairs: Option<u64>, filler: usize, root_rule: bool) -> String {
    let max = |m: Option<u64>, indent: &str| {
        m.map(|m| format!("{indent}maxItems: {m}\n"))
            .unwrap_or_default()
    };
    let members = |names: &[&str]| {
        names
            .iter()
            .map(|m| {
                format!(
                    "                    {m}:\n                      properties:\n                        \
                     name:\n                          type: string\n                      type: object\n"
                )
            })
            .collect::<String>()
    };
    let mut filler_rules = String::new();
    for i in 0..filler {
        filler_rules.push_str(&format!(
            "                  - message: filler {i}\n                    rule: has(self.name)\n"
        ));
    }
    let filler_list = if filler == 0 {
        String::new()
    } else {
        format!(
            "          filler:\n            items:\n              properties:\n                name:\n                  \
             type: string\n              type: object\n              x-kubernetes-validations:\n{}            \
             maxItems: 10000000\n            type: array\n",
            filler_rules.replace("                  - ", "              - ").replace("                    rule", "                rule")
        )
    };
    let root = if root_rule {
        "        x-kubernetes-validations:\n        - message: root\n          rule: has(self.spec)\n"
    } else {
        ""
    };
    format!(
        "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  \
         name: gateways.budget.example.com\nspec:\n  group: budget.example.com\n  names:\n    \
         kind: Gateway\n    plural: gateways\n  scope: Namespaced\n  versions:\n  - name: v1\n    \
         schema:\n      openAPIV3Schema:\n        properties:\n{filler_list}          spec:\n            \
         properties:\n              pairs:\n                items:\n                  properties:\n{}                  \
         type: object\n{}                type: array\n              routes:\n                items:\n                  \
         properties:\n{}                  type: object\n{}                type: array\n            type: object\n        \
         type: object\n{root}    served: true\n    storage: true\n",
        members(&["left", "right"]),
        max(pairs, "                "),
        members(&["a", "b", "c", "d", "e", "f"]),
        max(routes, "                "),
    )
}

/// Runs `crd` on `text` in a temporary file: (exit, diagnostics as JSON, the file after).
fn budget_run(text: &str) -> (u8, Vec<serde_json::Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gateway.yaml");
    fs::write(&path, text).unwrap();
    let (code, _, err) = run(&[
        "crd",
        "--message-format",
        "json",
        path.to_str().unwrap(),
        "--packages",
        "testdata/crd/budget/...",
    ]);
    (
        code,
        json_diagnostics(&err),
        fs::read_to_string(&path).unwrap(),
    )
}

fn rule_messages(text: &str, list: &str) -> Vec<String> {
    let document = &documents(text)[0];
    let items = schema(
        document,
        &["properties", "spec", "properties", list, "items"],
    );
    items["x-kubernetes-validations"]
        .as_sequence()
        .map(|rules| {
            rules
                .iter()
                .map(|r| r["message"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// SPEC §6, second law, per rule: the six-member union's rule costs 12 per route, so with
/// `maxItems: M` on `routes` it costs 12 × M: 833,333 → 9,999,996 is written, 833,334 →
/// 10,000,008 is refused (`cel/over-budget`, nothing written), as is the list without
/// `maxItems` (12 × 3,145,728 / (2 + 1) = 12,582,912).
#[test]
fn a_rule_over_the_per_rule_limit_is_not_written() {
    let (code, diagnostics, text) = budget_run(&budget_crd(Some(833_333), Some(8), 0, false));
    assert_eq!(code, 0, "{diagnostics:?}");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(
        rule_messages(&text, "routes"),
        ["exactly one of a, b, c, d, e, f must be set"]
    );
    assert_eq!(
        rule_messages(&text, "pairs"),
        ["exactly one of left, right must be set"]
    );

    for (routes, estimate, fix) in [
        (
            Some(833_334),
            "10,000,008",
            "lower the `maxItems` of `spec.routes` to 833333",
        ),
        (
            None,
            "12,582,912",
            "give the list `spec.routes` `maxItems: 833333`",
        ),
    ] {
        let original = budget_crd(routes, Some(8), 0, false);
        let (code, diagnostics, text) = budget_run(&original);
        assert_eq!(code, 1, "{diagnostics:?}");
        assert_eq!(codes(&diagnostics), ["cel/over-budget"]);
        let message = diagnostics[0]["message"].as_str().unwrap();
        assert!(
            message.contains(estimate) && message.contains("10,000,000"),
            "{message}"
        );
        let help = diagnostics[0]["help"].as_str().unwrap();
        assert!(help.contains(fix), "{help}");
        assert_eq!(text, original, "nothing is written on an error");
    }
}

/// Per version: nine manifest rules at 10,000,000 each, the routes' rule at 12 × 8 = 96 and
/// the pairs' rule at 4 × 2,499,976 = 9,999,904 make 100,000,000, the limit: written. One more manifest rule of cost 1 at
/// the root makes 100,000,001: union-gen's rules for the version are not written
/// (`cel/over-budget` on the version). The manifest's rules alone over the limit are a
/// warning.
#[test]
fn a_version_over_the_per_crd_limit_gets_no_rules() {
    let (code, diagnostics, text) = budget_run(&budget_crd(Some(8), Some(2_499_976), 9, false));
    assert_eq!(code, 0, "{diagnostics:?}");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(
        rule_messages(&text, "pairs"),
        ["exactly one of left, right must be set"]
    );

    let original = budget_crd(Some(8), Some(2_499_976), 9, true);
    let (code, diagnostics, text) = budget_run(&original);
    assert_eq!(code, 1, "{diagnostics:?}");
    assert_eq!(codes(&diagnostics), ["cel/over-budget"]);
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.contains("100,000,001") && message.contains("90,000,001 + union-gen's 10,000,000"),
        "{message}"
    );
    assert_eq!(text, original);

    // Eleven manifest rules: 110,000,000 without union-gen's: a warning; the rules are written.
    let (code, diagnostics, text) = budget_run(&budget_crd(Some(8), Some(8), 11, false));
    assert_eq!(code, 0, "{diagnostics:?}");
    assert_eq!(codes(&diagnostics), ["cel/over-budget"]);
    assert_eq!(diagnostics[0]["severity"], "warning");
    assert_eq!(
        rule_messages(&text, "pairs"),
        ["exactly one of left, right must be set"]
    );
}

/// The closure issue's reproduction (`testdata/crd/closure`): beside the CRD kind sit an
/// anonymous struct field, a test fake with a function field, Go's set idiom and a kubebuilder
/// marker inside a block comment. controller-gen and openapi-gen accept the package; so does
/// union-gen: `check` exits 0 with one warning (the fake is left out), and `crd` adds Widget's
/// enum list and nothing else.
#[test]
fn what_no_crd_reaches_is_not_judged() {
    let (code, _, err) = run(&[
        "check",
        "--message-format",
        "json",
        "testdata/crd/closure/...",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        codes(&json_diagnostics(&err)),
        ["resolve/left-out"],
        "{err}"
    );

    let (_dir, file) = copy("testdata/crd/closure/config/crd/example.com_widgets.yaml");
    let (code, _, found) = crd(&[], &file, "testdata/crd/closure/...");
    assert_eq!(code, 0, "{found:?}");
    assert!(found.is_empty(), "{found:?}");
    let before =
        fs::read_to_string("testdata/crd/closure/config/crd/example.com_widgets.yaml").unwrap();
    let after = fs::read_to_string(&file).unwrap();
    let added: Vec<&str> = after
        .lines()
        .filter(|line| !before.lines().any(|b| b == *line))
        .map(str::trim)
        .collect();
    // The block-comment `Enum=DSM` of ModuleType is not a marker (controller-gen reads `//`
    // lines only): no list from it, and Mode's list is the only addition.
    assert_eq!(added, ["enum:", "- Fast", "- Slow"], "{after}");
}

/// Without `--packages`, `crd` also looks in the modules nested under the current directory:
/// CRD types often sit in a nested `api/` module of the controller's repository
/// (cluster-api, the flux controllers, prometheus-operator), where `./...` stops.
#[test]
fn crd_finds_the_types_in_a_nested_api_module_by_default() {
    use crate::harness::process::Process;
    let repo = tempfile::tempdir().unwrap();
    fs::write(
        repo.path().join("go.mod"),
        "module example.com/controller\n\ngo 1.22\n",
    )
    .unwrap();
    fs::write(
        repo.path().join("main.go"),
        "package main\n\nfunc main() {}\n",
    )
    .unwrap();
    crate::harness::copy_dir(Path::new("testdata/crd/closure"), &repo.path().join("api"));
    let manifest = "api/config/crd/example.com_widgets.yaml";
    let outcome = Process::union_gen(["crd", "--message-format", "json", manifest])
        .cwd(repo.path())
        .run();
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(!outcome.has("crd/skipped"), "{}", outcome.stderr);
    let patched = fs::read_to_string(repo.path().join(manifest)).unwrap();
    assert!(patched.contains("- Fast\n"), "{patched}");
}

/// `testdata/crd/paint`: a `Can` CRD whose Go types use the project's `+enum` `Color`, an
/// explicit `Finish` (`+kubebuilder:validation:Enum`, whose list controller-gen wrote), and the
/// `+enum` types of a dependency module (`k8s.io/api`, reached by a `replace` to a directory
/// with its own go.mod): `TaintEffect` directly and inside `[]Toleration`.
const PAINT: &str = "testdata/crd/paint/...";
const CANS: &str = "testdata/crd/paint/config/paint.example.com_cans.yaml";

fn enum_of(document: &Value, path: &[&str]) -> Option<Vec<String>> {
    let mut full = path.to_vec();
    full.push("enum");
    schema(document, &full).as_sequence().map(|values| {
        values
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    })
}

/// SPEC §4: a dependency's enum lists are informational; `crd` adds the project's own and
/// says once per run (however many manifests) which lists it left out; `--dependency-enums`
/// adds them too. controller-gen's explicit list is left as it is.
#[test]
fn dependency_enums_get_a_list_only_on_opt_in() {
    let (dir, path) = copy(CANS);
    let second = dir.path().join("second.yaml");
    fs::copy(CANS, &second).unwrap();
    let (code, _, err) = run(&[
        "crd",
        "--message-format",
        "json",
        path.to_str().unwrap(),
        second.to_str().unwrap(),
        "--packages",
        PAINT,
    ]);
    assert_eq!(code, 0, "{err}");
    let diagnostics = json_diagnostics(&err);
    assert_eq!(
        codes(&diagnostics),
        ["crd/dependency-enums-skipped"],
        "one note for two manifests"
    );
    assert_eq!(diagnostics[0]["severity"], "warning");
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.contains("of 6 properties")
            && message.contains("`k8s.io/api/core/v1.TaintEffect`")
            && message.contains("`k8s.io/api/core/v1.TolerationOperator`")
            && message.contains("`spec.effect`"),
        "{message}"
    );
    assert!(diagnostics[0]["help"]
        .as_str()
        .unwrap()
        .contains("--dependency-enums"));
    for file in [&path, &second] {
        let patched = &documents(&fs::read_to_string(file).unwrap())[0];
        let spec = ["properties", "spec", "properties"];
        fn at<'a>(spec: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
            [spec, rest].concat()
        }
        assert_eq!(
            enum_of(patched, &at(&spec, &["color"])),
            Some(vec!["Black".to_string(), "White".to_string()])
        );
        assert_eq!(
            enum_of(patched, &at(&spec, &["finish"])),
            Some(vec!["Matte".into(), "Gloss".into(), "Satin".into()]),
            "controller-gen's list from an explicit marker is not touched"
        );
        assert_eq!(enum_of(patched, &at(&spec, &["effect"])), None);
        let toleration = at(&spec, &["tolerations", "items", "properties"]);
        for field in ["effect", "operator"] {
            assert_eq!(
                enum_of(patched, &[&toleration[..], &[field]].concat()),
                None,
                "{field}"
            );
        }
    }

    // Opted in: the lists are added, and nothing is left to note.
    let (code, out, codes) = crd(&["--dependency-enums"], &path, PAINT);
    assert_eq!((code, codes.len()), (0, 0), "{codes:?}");
    assert!(
        out.contains("added 3 enum list(s) and 0 validation rule(s)"),
        "{out}"
    );
    let patched = &documents(&fs::read_to_string(&path).unwrap())[0];
    let spec = ["properties", "spec", "properties"];
    assert_eq!(
        enum_of(patched, &[&spec[..], &["effect"]].concat()),
        Some(vec![
            "NoExecute".to_string(),
            "NoSchedule".into(),
            "PreferNoSchedule".into()
        ])
    );
    assert_eq!(
        enum_of(
            patched,
            &[
                &spec[..],
                &["tolerations", "items", "properties", "operator"]
            ]
            .concat()
        ),
        Some(vec!["Equal".to_string(), "Exists".into()])
    );
    // A list already there is not removed without the flag.
    let (code, out, codes) = crd(&["--verify"], &path, PAINT);
    assert_eq!((code, codes.len()), (0, 0), "{out} {codes:?}");
}

/// The project's enum changes in Go (`Black` → `Purple`): the list union-gen wrote is stale;
/// `--verify` reports it with the diff (exit 1), `crd` rewrites exactly its lines, and a
/// second run changes nothing.
#[test]
fn a_stale_project_enum_list_is_reported_and_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    crate::harness::copy_dir(Path::new("testdata/crd/paint"), dir.path());
    let manifest = dir.path().join("config/paint.example.com_cans.yaml");
    let packages = format!("{}/...", dir.path().display());
    let (code, _, _) = crd(&[], &manifest, &packages);
    assert_eq!(code, 0);
    let written = fs::read_to_string(&manifest).unwrap();
    assert!(written
        .contains("                enum:\n                - Black\n                - White\n"));

    let go = dir.path().join("api/v1/can_types.go");
    let source = fs::read_to_string(&go).unwrap();
    fs::write(
        &go,
        source.replace(
            "ColorBlack Color = \"Black\"",
            "ColorPurple Color = \"Purple\"",
        ),
    )
    .unwrap();

    let (code, diff, codes) = crd(&["--verify"], &manifest, &packages);
    assert_eq!(code, 1, "{diff}");
    assert_eq!(codes, ["crd/dependency-enums-skipped"]);
    let changed: Vec<&str> = diff
        .lines()
        .filter(|l| (l.starts_with('-') || l.starts_with('+')) && !l.starts_with("--- "))
        .filter(|l| !l.starts_with("+++ "))
        .collect();
    assert_eq!(
        changed,
        ["-                - Black", "+                - Purple"],
        "{diff}"
    );
    assert_eq!(fs::read_to_string(&manifest).unwrap(), written);

    let (code, out, _) = crd(&[], &manifest, &packages);
    assert_eq!(code, 0);
    assert!(out.contains("rewrote 1 stale enum list(s)"), "{out}");
    let rewritten = fs::read_to_string(&manifest).unwrap();
    assert_eq!(
        rewritten,
        written.replace("                - Black\n", "                - Purple\n")
    );
    let (code, out, _) = crd(&[], &manifest, &packages);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
    let (code, out, _) = crd(&["--verify"], &manifest, &packages);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("up to date"), "{out}");
}

/// A union rule union-gen wrote earlier (recognised by its exact form and message) whose
/// union changed is replaced, not left beside the new one; hand-written rules stay, also
/// one in union-gen's form with another key. A stale rule left alone in its list takes the
/// key with it.
#[test]
fn a_stale_union_rule_is_replaced() {
    let (dir, _) = copy(CANS);
    let path = dir.path().join("stale.yaml");
    let applicator = "                    - width\n                    type: object\n                type: object\n              color:\n";
    let stale = "exactly one of brush, roller, spray must be set";
    let text = fs::read_to_string(CANS)
        .unwrap()
        .replace(
            applicator,
            &applicator.replace(
                "                type: object\n              color:\n",
                &format!(
                    "                type: object\n                x-kubernetes-validations:\n                \
                     - message: by hand\n                  rule: has(self.brush) || has(self.roller)\n                \
                     - message: {stale}\n                  rule: '(has(self.brush) ? 1 : 0) + (has(self.roller)\n                    \
                     ? 1 : 0) + (has(self.spray) ? 1 : 0) == 1'\n                \
                     - fieldPath: .brush\n                  message: at most one of brush, spray may be set\n                  \
                     rule: '(has(self.brush) ? 1 : 0) + (has(self.spray) ? 1 : 0) <= 1'\n              color:\n"
                ),
            ),
        )
        .replace(
            "            required:\n            - color\n            type: object\n",
            "            required:\n            - color\n            type: object\n            \
             x-kubernetes-validations:\n            - message: brush must be set when kind is 'Brush', and only then\n              \
             rule: '!has(self.kind) || self.kind == '''' || (self.kind == ''Brush'' ? has(self.brush) : !has(self.brush))'\n",
        );
    assert!(text.contains(stale) && text.contains("when kind is 'Brush'"));
    fs::write(&path, &text).unwrap();

    let (code, diff, _) = crd(&["--verify"], &path, PAINT);
    assert_eq!(code, 1, "{diff}");
    let (code, out, _) = crd(&[], &path, PAINT);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "added 1 enum list(s) and 1 validation rule(s); removed 2 stale union rule(s)"
        ),
        "{out}"
    );
    let patched = fs::read_to_string(&path).unwrap();
    let document = &documents(&patched)[0];
    let messages: Vec<&str> = schema(
        document,
        &["properties", "spec", "properties", "applicator"],
    )["x-kubernetes-validations"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "by hand",
            "at most one of brush, spray may be set",
            "exactly one of brush, roller must be set"
        ]
    );
    assert!(
        schema(document, &["properties", "spec"])
            .get("x-kubernetes-validations")
            .is_none(),
        "the key of a list of stale rules only goes too"
    );
    // Only the stale rules' lines went: the rest of the file is as it was.
    assert!(!patched.contains("spray must be set") && !patched.contains("'Brush'"));
    assert!(patched.contains("rule: has(self.brush) || has(self.roller)\n"));
    let (code, out, _) = crd(&[], &path, PAINT);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
}

/// A validation-gen subfield union (`+k8s:subfield(git)=+k8s:unionMember` on `spec.source`):
/// the rule sits on the struct holding the field, over `self.source`, and holds only when the
/// field is there.
#[test]
fn a_subfield_union_gets_its_rule_on_the_holding_struct() {
    let (_dir, file) = copy("testdata/crd/subfield/config/example.com_feeds.yaml");
    let (code, _, found) = crd(&[], &file, "testdata/crd/subfield/...");
    assert_eq!(code, 0, "{found:?}");
    let text = fs::read_to_string(&file).unwrap();
    let rule = "!has(self.source) || ((has(self.source.git) ? 1 : 0) + (has(self.source.url) ? 1 : 0) == 1)";
    assert!(text.contains(&format!("rule: '{rule}'")), "{text}");
    let programs = rules(schema(&documents(&text)[0], &["properties", "spec"]));
    assert!(accepts(&programs, json!({})));
    assert!(accepts(&programs, json!({"source": {"git": "g"}})));
    assert!(!accepts(&programs, json!({"source": {}})));
    assert!(!accepts(
        &programs,
        json!({"source": {"git": "g", "url": "u"}})
    ));
}

/// Issue 32: openshift/api's `[RequiredClaim, CEL]` (written by openshift's generator from
/// `+openshift:validation:FeatureGateAwareEnum`) was rewritten as `[CEL, RequiredClaim]` and
/// `--verify` failed on a correct manifest. A list is stale only when its set of values differs
/// from the deduced one, and a rewrite keeps the order of the values that remain; a list of a
/// type (or field) with another generator's enum marker is never touched.
#[test]
fn enum_lists_are_stale_by_their_set_and_other_generators_lists_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("go.mod"),
        "module example.com/tok\n\ngo 1.22\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("api/v1")).unwrap();
    fs::write(
        dir.path().join("api/v1/types.go"),
        r#"// +groupName=example.com
package v1

type Tok struct {
	Spec TokSpec `json:"spec"`
}

type TokSpec struct {
	Rule RuleType `json:"rule"`
	Gated GatedType `json:"gated"`
	// +openshift:validation:FeatureGateAwareEnum:featureGate="",enum=A
	FieldGated Mode `json:"fieldGated"`
	Mode Mode `json:"mode"`
}

// +enum
type RuleType string

const (
	RuleRequiredClaim RuleType = "RequiredClaim"
	RuleCEL RuleType = "CEL"
)

// +enum
// +openshift:validation:FeatureGateAwareEnum:featureGate="",enum="RequiredClaim";
// +openshift:validation:FeatureGateAwareEnum:featureGate=G,enum="RequiredClaim";"CEL"
type GatedType string

const (
	GatedRequiredClaim GatedType = "RequiredClaim"
	GatedCEL GatedType = "CEL"
)

// +enum
type Mode string

const (
	ModeA Mode = "A"
	ModeB Mode = "B"
	ModeC Mode = "C"
	ModeD Mode = "D"
)
"#,
    )
    .unwrap();
    let manifest_with = |mode: &str| {
        format!(
            "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: toks.example.com
spec:
  group: example.com
  names:
    kind: Tok
    plural: toks
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
              fieldGated:
                enum:
                - A
                type: string
              gated:
                enum:
                - RequiredClaim
                type: string
              mode:
                enum:
{mode}                type: string
              rule:
                enum:
                - RequiredClaim
                - CEL
                type: string
            type: object
        type: object
    served: true
    storage: true
"
        )
    };
    let manifest = dir.path().join("toks.yaml");
    let packages = format!("{}/api/...", dir.path().display());
    // The same sets in other orders: up to date.
    let current = manifest_with(
        "                - D\n                - C\n                - A\n                - B\n",
    );
    fs::write(&manifest, &current).unwrap();
    let (code, out, codes) = crd(&["--verify"], &manifest, &packages);
    assert_eq!((code, codes.len()), (0, 0), "{out} {codes:?}");
    assert!(out.contains("up to date"), "{out}");
    let (code, out, _) = crd(&[], &manifest, &packages);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(fs::read_to_string(&manifest).unwrap(), current);

    // `Old` is gone and `B` is new: the remaining values keep their order, `B` goes before
    // `C` (its successor in the deduced order), `D` (no successor) at the end.
    fs::write(
        &manifest,
        manifest_with("                - C\n                - Old\n                - A\n"),
    )
    .unwrap();
    let (code, out, _) = crd(&[], &manifest, &packages);
    assert_eq!(code, 0);
    assert!(out.contains("rewrote 1 stale enum list(s)"), "{out}");
    let patched = &documents(&fs::read_to_string(&manifest).unwrap())[0];
    let spec = ["properties", "spec", "properties"];
    let list = |field: &str| enum_of(patched, &[&spec[..], &[field]].concat()).unwrap();
    assert_eq!(list("mode"), ["B", "C", "A", "D"]);
    assert_eq!(list("rule"), ["RequiredClaim", "CEL"]);
    assert_eq!(list("gated"), ["RequiredClaim"], "openshift's list is kept");
    assert_eq!(list("fieldGated"), ["A"], "a field's marker: kept too");
}
