//! union-gen against validation-gen's own union output tests (issue 13): each package of
//! `cmd/validation-gen/output_tests/tags/…` that uses union markers, written again in our own
//! Go under `testdata/validation-gen/<same path>/`, and validation-gen's generation-time
//! rejections under `testdata/validation-gen/errors/`. Each test states what validation-gen
//! generates (from docs/research/validation-gen-unions.md §4–§6) and asserts union-gen's
//! union, rules and diagnostics exactly. The comparison table is in that document's last
//! section.

use serde_json::{json, Value};

use crate::harness::{codes, generate_json, json_diagnostics, run, schemas_of};

const ROOT: &str = "testdata/validation-gen";

/// `generate --cel --v2 -` on one package: (definitions, JSON diagnostics). It must succeed.
fn generate(package: &str) -> (serde_json::Map<String, Value>, Vec<Value>) {
    let path = format!("{ROOT}/{package}");
    let run = generate_json(&["--cel", "--v2", "-", &path]);
    assert_eq!(run.code, 0, "generate {path} failed:\n{}", run.stderr);
    (schemas_of(&run.document).clone(), run.diagnostics)
}

/// `check --message-format json` on one package: (exit code, diagnostics).
fn check(package: &str) -> (u8, Vec<Value>) {
    let path = format!("{ROOT}/{package}");
    let (code, _, err) = run(&["check", "--message-format", "json", &path]);
    (code, json_diagnostics(&err))
}

/// The definition of a type of `package` (`a/b/c` → `com.example.validation-gen.a.b.c.T`).
fn definition<'d>(
    definitions: &'d serde_json::Map<String, Value>,
    package: &str,
    name: &str,
) -> &'d Value {
    let key = format!(
        "com.example.validation-gen.{}.{name}",
        package.replace('/', ".")
    );
    definitions
        .get(&key)
        .unwrap_or_else(|| panic!("no definition {key}"))
}

/// The rules of a definition's `x-kubernetes-validations`, in order.
fn rules(definition: &Value) -> Vec<String> {
    definition["x-kubernetes-validations"]
        .as_array()
        .map(|rules| {
            rules
                .iter()
                .map(|r| r["rule"].as_str().expect("rule").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A package validation-gen accepts: union-gen generates it without any diagnostic, and the
/// struct `Struct` has exactly these unions and rules.
fn assert_struct(package: &str, unions: Value, expected_rules: &[&str]) {
    let (definitions, diagnostics) = generate(package);
    assert_eq!(diagnostics, Vec::<Value>::new(), "{package}");
    let s = definition(&definitions, package, "Struct");
    assert_eq!(s["x-kubernetes-unions"], unions, "{package}");
    assert_eq!(rules(s), expected_rules, "{package}");
}

/// No definition of the package has a union or a rule.
fn assert_no_unions(definitions: &serde_json::Map<String, Value>) {
    for (name, d) in definitions {
        assert!(d.get("x-kubernetes-unions").is_none(), "{name}: {d:#}");
        assert!(d.get("x-kubernetes-validations").is_none(), "{name}: {d:#}");
    }
}

/// Per member of a discriminated union over `d`: set exactly when `d` selects it (an unset
/// `d` selects nothing, SPEC §6).
fn selected(d: &str, value: &str, set: &str) -> String {
    format!("!has(self.{d}) || self.{d} == '' || (self.{d} == '{value}' ? {set} : !{set})")
}

// --- §6.1 struct-field unions, discriminated -------------------------------------------------

/// `NewDiscriminatedUnionMembership("d", ("m1","M1"), ("m2","M2"), ("m3","M3"), ("m4","M4"))`;
/// set = `!= nil` for pointers, `len != 0` for the slice and the map.
#[test]
fn discriminated_simple() {
    let size = |m: &str| format!("(has(self.{m}) && size(self.{m}) != 0)");
    assert_struct(
        "union/union/discriminated/simple",
        json!([{"discriminator": "d", "fields-to-discriminateBy": {"m1": "M1", "m2": "M2", "m3": "M3", "m4": "M4"}}]),
        &[
            &format!(
                "(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) + ({} ? 1 : 0) + ({} ? 1 : 0) <= 1",
                size("m3"),
                size("m4")
            ),
            &selected("d", "M1", "has(self.m1)"),
            &selected("d", "M2", "has(self.m2)"),
            &selected("d", "M3", &size("m3")),
            &selected("d", "M4", &size("m4")),
        ],
    );
}

/// `memberName` is the discriminator value: `("m1","CustomM1")`, `("m2","CustomM2")`.
#[test]
fn discriminated_custom_members() {
    assert_struct(
        "union/union/discriminated/custom_members",
        json!([{"discriminator": "d", "fields-to-discriminateBy": {"m1": "CustomM1", "m2": "CustomM2"}}]),
        &[
            "(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) <= 1",
            &selected("d", "CustomM1", "has(self.m1)"),
            &selected("d", "CustomM2", "has(self.m2)"),
        ],
    );
}

/// `("d", ("m1","M1"))` only; `d: M2` with nothing set is valid (the rule lets it be).
#[test]
fn discriminated_sparse() {
    assert_struct(
        "union/union/discriminated/sparse",
        json!([{"discriminator": "d", "fields-to-discriminateBy": {"m1": "M1"}}]),
        &[&selected("d", "M1", "has(self.m1)")],
    );
}

/// Two memberships, `union1` (`d1`) before `union2` (`d2`).
#[test]
fn discriminated_multiple() {
    assert_struct(
        "union/union/discriminated/multiple",
        json!([
            {"discriminator": "d1", "fields-to-discriminateBy": {"u1m1": "U1M1", "u1m2": "U1M2"}},
            {"discriminator": "d2", "fields-to-discriminateBy": {"u2m1": "U2M1", "u2m2": "U2M2"}},
        ]),
        &[
            "(has(self.u1m1) ? 1 : 0) + (has(self.u1m2) ? 1 : 0) <= 1",
            &selected("d1", "U1M1", "has(self.u1m1)"),
            &selected("d1", "U1M2", "has(self.u1m2)"),
            "(has(self.u2m1) ? 1 : 0) + (has(self.u2m2) ? 1 : 0) <= 1",
            &selected("d2", "U2M1", "has(self.u2m1)"),
            &selected("d2", "U2M2", "has(self.u2m2)"),
        ],
    );
}

/// validation-gen generates nothing for a lone discriminator; union-gen writes no union and
/// warns (SPEC §5: "warnings at most").
#[test]
fn discriminated_empty() {
    let package = "union/union/discriminated/empty";
    let (definitions, diagnostics) = generate(package);
    assert_eq!(codes(&diagnostics), ["union/discriminator-without-members"]);
    assert_eq!(diagnostics[0]["severity"], "warning");
    assert_no_unions(&definitions);
}

// --- §6.1 struct-field unions, undiscriminated -----------------------------------------------

/// `Union(…)` over six members: set = `!= nil`, `!= ""` (string `M3`), `len != 0`.
/// `NonUnionField` is not a member.
#[test]
fn undiscriminated_simple() {
    assert_struct(
        "union/union/undiscriminated/simple",
        json!([{"fields-to-discriminateBy": {"m1": "M1", "m2": "M2", "m3": "M3", "m4": "M4", "m5": "M5", "m6": "M6"}}]),
        &["(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) + ((has(self.m3) && self.m3 != '') ? 1 : 0) + (has(self.m4) ? 1 : 0) + ((has(self.m5) && size(self.m5) != 0) ? 1 : 0) + ((has(self.m6) && size(self.m6) != 0) ? 1 : 0) == 1"],
    );
}

/// validation-gen drops `memberName` here (`NewUnionMember("m1")`); union-gen keeps it as
/// the label SPEC §5 says it is ("memberName, default Go field name"). No rule reads it.
#[test]
fn undiscriminated_custom_members() {
    assert_struct(
        "union/union/undiscriminated/custom_members",
        json!([{"fields-to-discriminateBy": {"m1": "CustomM1", "m2": "CustomM2"}}]),
        &["(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) == 1"],
    );
}

/// Two `Union` calls; an empty struct breaks both.
#[test]
fn undiscriminated_multiple() {
    assert_struct(
        "union/union/undiscriminated/multiple",
        json!([
            {"fields-to-discriminateBy": {"u1m1": "U1M1", "u1m2": "U1M2"}},
            {"fields-to-discriminateBy": {"u2m1": "U2M1", "u2m2": "U2M2"}},
        ]),
        &[
            "(has(self.u1m1) ? 1 : 0) + (has(self.u1m2) ? 1 : 0) == 1",
            "(has(self.u2m1) ? 1 : 0) + (has(self.u2m2) ? 1 : 0) == 1",
        ],
    );
}

// --- §6.2 zeroOrOneOf --------------------------------------------------------------------------

#[test]
fn zero_or_one_of_simple() {
    assert_struct(
        "zerooroneof/zerooroneof/simple",
        json!([{"fields-to-discriminateBy": {"m1": "M1", "m2": "M2", "m3": "M3", "m4": "M4"}}]),
        &["(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) + ((has(self.m3) && self.m3 != '') ? 1 : 0) + (has(self.m4) ? 1 : 0) <= 1"],
    );
}

#[test]
fn zero_or_one_of_custom_members() {
    assert_struct(
        "zerooroneof/zerooroneof/custom_members",
        json!([{"fields-to-discriminateBy": {"m1": "CustomM1", "m2": "CustomM2"}}]),
        &["(has(self.m1) ? 1 : 0) + (has(self.m2) ? 1 : 0) <= 1"],
    );
}

#[test]
fn zero_or_one_of_multiple() {
    assert_struct(
        "zerooroneof/zerooroneof/multiple",
        json!([
            {"fields-to-discriminateBy": {"u1m1": "U1M1", "u1m2": "U1M2"}},
            {"fields-to-discriminateBy": {"u2m1": "U2M1", "u2m2": "U2M2"}},
        ]),
        &[
            "(has(self.u1m1) ? 1 : 0) + (has(self.u1m2) ? 1 : 0) <= 1",
            "(has(self.u2m1) ? 1 : 0) + (has(self.u2m2) ? 1 : 0) <= 1",
        ],
    );
}

// --- §6.3 list-item unions ---------------------------------------------------------------------

/// The rule union-gen writes on `Struct` for the two items `name: succeeded` / `failed` of
/// `tasks` (`op`: `== 1` for `unionMember`, `<= 1` for `zeroOrOneOfMember`).
fn item_rule(op: &str) -> String {
    format!(
        "(has(self.tasks) ? [self.tasks.exists(i, (has(i.name) && i.name == 'succeeded')), \
         self.tasks.exists(i, (has(i.name) && i.name == 'failed'))].filter(x, x).size() : 0) {op}"
    )
}

/// Evaluates `rule` with `self` = `object`.
fn holds(rule: &str, object: Value) -> bool {
    let program = ::cel::Program::compile(rule).expect("the rule compiles");
    let mut context = ::cel::Context::default();
    context.add_variable_from_value("self", ::cel::to_value(object).expect("a CEL value"));
    match program.execute(&context).expect("the rule evaluates") {
        ::cel::Value::Bool(b) => b,
        other => panic!("{rule} gave {other:?}"),
    }
}

/// validation-gen's semantics, object by object: a member is set when some item matches its
/// selector (`Union` / `ZeroOrOneOfUnion` over "any item with this key"); an item repeating
/// one selector counts once; other items do not count.
fn assert_item_semantics(rule: &str, exactly_one: bool) {
    let task = |name: &str| serde_json::json!({"name": name, "state": "x"});
    let cases = [
        (serde_json::json!({}), !exactly_one),
        (serde_json::json!({"tasks": []}), !exactly_one),
        (serde_json::json!({"tasks": [task("other")]}), !exactly_one),
        (serde_json::json!({"tasks": [task("succeeded")]}), true),
        (
            serde_json::json!({"tasks": [task("other"), task("failed")]}),
            true,
        ),
        (
            serde_json::json!({"tasks": [task("failed"), task("failed")]}),
            true,
        ),
        (
            serde_json::json!({"tasks": [task("succeeded"), task("failed")]}),
            false,
        ),
        (
            serde_json::json!({"tasks": [task("failed"), task("other"), task("succeeded")]}),
            false,
        ),
    ];
    for (object, valid) in cases {
        assert_eq!(holds(rule, object.clone()), valid, "{rule} on {object}");
    }
}

/// `item/union/*` and `item/zerorooneof/*` (list field and list typedef): one union of the two
/// items on `Struct`, no `x-kubernetes-unions` (which names fields only), the rule above, and
/// only the `cel/unbounded-list` warning (validation-gen's lists have no `maxItems`); the rule
/// agrees with validation-gen on valid and invalid objects.
#[test]
fn item_unions_agree() {
    for (package, op, exactly_one) in [
        ("item/union/simple", "== 1", true),
        ("item/union/typedef", "== 1", true),
        ("item/zerorooneof/simple", "<= 1", false),
        ("item/zerorooneof/typedef", "<= 1", false),
    ] {
        let rule = item_rule(op);
        let (definitions, diagnostics) = generate(package);
        let codes: Vec<&str> = diagnostics
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["cel/unbounded-list"], "{package}");
        let s = definition(&definitions, package, "Struct");
        assert_eq!(s["x-kubernetes-unions"], Value::Null, "{package}");
        assert_eq!(rules(s), [rule.as_str()], "{package}");
        assert_item_semantics(&rule, exactly_one);
    }
}

/// Each `+k8s:subfield(…)=` member marker is one `union/item-member` warning at its line; no
/// union, no rule (`lines` empty: no diagnostic at all).
fn assert_item_members(package: &str, member: &str, lines: &[u64]) {
    let (definitions, diagnostics) = generate(package);
    assert_no_unions(&definitions);
    let got: Vec<(String, String, u64)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, String, u64)> = lines
        .iter()
        .map(|&l| ("union/item-member".into(), "warning".into(), l))
        .collect();
    assert_eq!(got, want, "{package}");
    for d in &diagnostics {
        assert!(
            d["message"].as_str().unwrap().contains(member),
            "{package}: {d}"
        );
    }
}

// --- §6.4 gated, level and subfield variants ---------------------------------------------------

/// validation-gen emits the same unions with `.MarkAlpha()` / `.MarkBeta()`; union-gen's
/// schema never depends on a gate (docs/src/markers.md): no union, no rule. The alpha and
/// beta list-item groups are gated too: no rule, no diagnostic.
#[test]
fn levels_unions_are_gated() {
    assert_item_members("levels/unions", "", &[]);
}

/// `ifEnabled(FeatureX)` / `ifDisabled(FeatureX)` unions (string members, a string
/// discriminator): no union, no rule; the gated list-item groups likewise.
#[test]
fn options_unions_are_gated() {
    assert_item_members("options/unions", "", &[]);
}

/// `+k8s:subfield(m1)=+k8s:unionMember` declares the union of the field's type from the
/// parent field, validated through that field only: `SubStruct` itself gets no union (as in
/// validation-gen), `Struct` gets the rules over `self.subfield`, which hold on valid objects
/// and reject invalid ones (validation-gen's errors at `subfield.m1`/`subfield.m2`). The alpha
/// zero-or-one group of `levels/subfields` is gated: no rule, no finding.
#[test]
fn subfield_unions_are_the_field_types_union() {
    let package = "subfield/unions";
    let (definitions, diagnostics) = generate(package);
    assert_eq!(diagnostics, Vec::<Value>::new());
    let sub = definition(&definitions, package, "SubStruct");
    assert_eq!(sub["x-kubernetes-validations"], Value::Null);
    let s = definition(&definitions, package, "Struct");
    assert_eq!(
        s["x-kubernetes-unions"],
        Value::Null,
        "names a field's fields"
    );
    let rules = rules(s);
    assert_eq!(rules.len(), 3, "{rules:?}");
    let all = |object: Value| rules.iter().all(|r| holds(r, object.clone()));
    let sub = |v: Value| serde_json::json!({ "TypeMeta": 0, "subfield": v });
    assert!(all(serde_json::json!({"TypeMeta": 0})));
    assert!(all(sub(serde_json::json!({"d": "M1", "m1": 1}))));
    assert!(all(sub(serde_json::json!({"d": "M2", "m2": 2}))));
    assert!(!all(sub(serde_json::json!({"d": "M1", "m2": 2}))));
    assert!(!all(sub(serde_json::json!({"d": "M1", "m1": 1, "m2": 2}))));
    assert!(!all(sub(serde_json::json!({"m1": 1, "m2": 2}))));

    let (definitions, diagnostics) = generate("levels/subfields");
    assert_eq!(diagnostics, Vec::<Value>::new());
    assert_no_unions(&definitions);
    assert!(definitions
        .values()
        .all(|d| d["x-kubernetes-validations"].is_null()));
}

// --- §4 generation-time errors --------------------------------------------------------------

/// Each package validation-gen refuses to generate: union-gen exits 1 with exactly these
/// (code, severity, line).
#[test]
fn generation_time_rejections_are_errors() {
    let cases: &[(&str, &[(&str, u64)])] = &[
        // "can only be used on nilable and primitive types (Struct|Array|Interface)"
        ("errors/struct-member", &[("union/member-not-pointer", 7)]),
        ("errors/array-member", &[("union/member-not-pointer", 7)]),
        (
            "errors/interface-member",
            &[("union/member-not-pointer", 7)],
        ),
        // "field … is a union member but has no JSON name"
        ("errors/json-dash-member", &[("union/json-ignored", 8)]),
        ("errors/inline-member", &[("union/json-ignored", 6)]),
        ("errors/embedded-member", &[("union/json-ignored", 6)]),
        ("errors/inline-named-member", &[("union/json-ignored", 9)]),
        // "can only be used on string types (int)", "(pkg.D -> int)"
        (
            "errors/int-discriminator",
            &[("union/discriminator-not-string", 7)],
        ),
        (
            "errors/typedef-int-discriminator",
            &[("union/discriminator-not-string", 7)],
        ),
        // `tag "k8s:unionMember" cannot be specified on type definitions`
        (
            "errors/member-on-type",
            &[
                ("marker/misplaced", 5),
                ("marker/misplaced", 8),
                ("marker/misplaced", 11),
            ],
        ),
        // "unrecognized named argument" (named or positional), and `union: 1` ("argument
        // has wrong type: got int, want string").
        (
            "errors/bad-args",
            &[
                ("marker/malformed", 7),
                ("marker/malformed", 11),
                ("marker/malformed", 15),
            ],
        ),
    ];
    for (package, want) in cases {
        let (code, diagnostics) = check(package);
        let got: Vec<(String, u64)> = diagnostics
            .iter()
            .map(|d| {
                assert_eq!(d["severity"], "error", "{package}: {d}");
                (
                    d["code"].as_str().unwrap().to_string(),
                    d["line"].as_u64().unwrap(),
                )
            })
            .collect();
        let want: Vec<(String, u64)> = want.iter().map(|(c, l)| (c.to_string(), *l)).collect();
        assert_eq!(got, want, "{package}");
        assert_eq!(code, 1, "{package}");
    }
}

/// "list-item union member has no list selector in context" is a generation error in
/// validation-gen, and one here.
#[test]
fn each_val_member_is_an_error() {
    let (code, diagnostics) = check("errors/eachval-member");
    assert_eq!(code, 1);
    assert_eq!(codes(&diagnostics), ["marker/misplaced"]);
    assert_eq!(diagnostics[0]["line"], 6);
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("no list selector"),
        "{}",
        diagnostics[0]
    );
}

/// No json tag is not an error for validation-gen: the JSON name is the Go field name.
#[test]
fn untagged_members_use_the_go_name() {
    let package = "errors/untagged-member";
    let (definitions, diagnostics) = generate(package);
    assert_eq!(diagnostics, Vec::<Value>::new());
    let s = definition(&definitions, package, "Struct");
    assert_eq!(
        s["x-kubernetes-unions"],
        json!([{"fields-to-discriminateBy": {"First": "First", "Second": "Second"}}])
    );
    assert_eq!(
        rules(s),
        ["(has(self.First) ? 1 : 0) + (has(self.Second) ? 1 : 0) == 1"]
    );
}
