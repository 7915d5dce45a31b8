//! Unit tests of the cost estimate, against the API server's numbers.

use super::*;
use serde_json::json;

/// The struct of the issue: six optional pointer members, nothing required.
fn six_pointers() -> Value {
    let props: serde_json::Map<String, Value> = ["a", "b", "c", "d", "e", "f"]
        .iter()
        .map(|n| (n.to_string(), json!({"type": "object"})))
        .collect();
    json!({"type": "object", "properties": props})
}

fn decl(schema: Value) -> DeclType {
    DeclType::from_schema(&schema, false).expect("a CEL type")
}

#[test]
fn limits_are_the_apiservers() {
    assert_eq!(STATIC_ESTIMATED_COST_LIMIT, 10_000_000);
    assert_eq!(STATIC_ESTIMATED_CRD_COST_LIMIT, 100_000_000);
    assert_eq!(MAX_REQUEST_SIZE_BYTES, 3_145_728);
}

#[test]
fn min_sizes_and_max_elements() {
    // {} = 2, plus `"type":"",` = len("type") 4 + "" 2 + 4 = 10, and `"status":"",` =
    // 6 + 2 + 4 = 12: 24. `reason` is optional, `kind` has a default: neither counts.
    let condition = json!({
        "type": "object",
        "required": ["type", "status", "kind"],
        "properties": {
            "type": {"type": "string"},
            "status": {"type": "string", "enum": ["True", "False", "Unknown"]},
            "reason": {"type": "string", "maxLength": 16},
            "kind": {"type": "string", "default": "A"},
        }
    });
    let c = decl(condition.clone());
    assert_eq!(c.min_size, 24);
    let Kind::Object(fields) = &c.kind else {
        panic!()
    };
    assert_eq!(fields["type"].max_elements, 3_145_726); // 3 MiB − 2
    assert_eq!(fields["status"].max_elements, 7); // "Unknown"
    assert_eq!(fields["reason"].max_elements, 64); // 4 × maxLength
                                                   // A list of them without maxItems: (3,145,728 − 2) / (24 + 1) = 125,829.
    let list = decl(json!({"type": "array", "items": condition}));
    assert_eq!(list.max_elements, 125_829);
    // A map of strings without maxProperties: 3,145,726 / (2 + 6) = 393,215.
    let map = decl(json!({"type": "object", "additionalProperties": {"type": "string"}}));
    assert_eq!(map.max_elements, 393_215);
    // Booleans 4, integers 1, nested required objects recursively.
    let nested = decl(json!({
        "type": "object", "required": ["on", "n", "o"],
        "properties": {
            "on": {"type": "boolean"}, "n": {"type": "integer"},
            "o": {"type": "object", "required": ["x"], "properties": {"x": {"type": "integer"}}}
        }
    }));
    // 2 + (2 + 4 + 4) + (1 + 1 + 4) + (1 + (2 + 1 + 1 + 4) + 4) = 2 + 10 + 6 + 13 = 31.
    assert_eq!(nested.min_size, 31);
}

#[test]
fn cardinality() {
    // No required property: 3,145,728 / (2 + 1) = 1,048,576.
    assert_eq!(unbounded_cardinality(2), 1_048_576);
    let list = json!({"type": "array", "items": {"type": "object"}});
    let bounded = json!({"type": "array", "maxItems": 8, "items": {"type": "object"}});
    let map =
        json!({"type": "object", "maxProperties": 3, "additionalProperties": {"type": "object"}});
    assert_eq!(Cardinality::factor_of(&list), None);
    assert_eq!(Cardinality::factor_of(&bounded), Some(8));
    assert_eq!(Cardinality::factor_of(&map), Some(3));
    assert_eq!(Cardinality::factor_of(&json!({"type": "object"})), Some(1));
    let c = Cardinality::ROOT
        .child(Some(1))
        .child(Some(8))
        .child(Some(3));
    assert_eq!(c, Cardinality::Bounded(24));
    assert_eq!(c.child(None).child(Some(2)), Cardinality::Unbounded);
    let node = decl(six_pointers());
    assert_eq!(
        expression_cost(12, Cardinality::Unbounded, &node),
        12_582_912
    );
    assert_eq!(expression_cost(12, Cardinality::Bounded(24), &node), 288);
}

fn cost(rule: &str, schema: &Value) -> u64 {
    estimate(rule, &decl(schema.clone())).unwrap_or_else(|e| panic!("{rule}: {e}"))
}

#[test]
fn set_tests() {
    let schema = json!({"type": "object", "properties": {
        "p": {"type": "object"},
        "s": {"type": "string"},
        "n": {"type": "integer"},
        "x": {"type": "number"},
        "b": {"type": "boolean"},
        "l": {"type": "array", "items": {"type": "string"}},
        "m": {"type": "object", "additionalProperties": {"type": "string"}},
    }});
    // has(self.p): `self` 1, the presence test 0.
    assert_eq!(cost("has(self.p)", &schema), 1);
    // has 1; `self.s` = self 1 + select on an object 1 = 2; `!= ''`: ceil(0.1 × min(
    // 3,145,726, 0)) = 0. 1 + 2 = 3.
    assert_eq!(cost("(has(self.s) && self.s != '')", &schema), 3);
    // Integer and number fields have size 0 (MaxElements unset): the comparison is 0.
    assert_eq!(cost("(has(self.n) && self.n != 0)", &schema), 3);
    assert_eq!(cost("(has(self.x) && self.x != 0.0)", &schema), 3);
    // has 1 + `self.b` 2.
    assert_eq!(cost("(has(self.b) && self.b)", &schema), 3);
    // has 1; size(self.l) = 1 + 2 = 3; `!= 0`: int sizes 1 and 1, ceil(0.1) = 1: 1 + 3 + 1 = 5.
    assert_eq!(cost("(has(self.l) && size(self.l) != 0)", &schema), 5);
    assert_eq!(cost("(has(self.m) && size(self.m) != 0)", &schema), 5);
}

#[test]
fn count_rules() {
    let schema = six_pointers();
    // Six terms of 1 (the conditional adds nothing, literals 0), five additions of 1,
    // `== 1` 1: 6 + 5 + 1 = 12.
    let rule = "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) + (has(self.c) ? 1 : 0) + \
                (has(self.d) ? 1 : 0) + (has(self.e) ? 1 : 0) + (has(self.f) ? 1 : 0) == 1";
    assert_eq!(cost(rule, &schema), 12);
    // Two members: 2 + 1 + 1 = 4.
    assert_eq!(
        cost(
            "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1",
            &schema
        ),
        4
    );
    // At least one: 1 + 1 + 1 (the || adds nothing).
    assert_eq!(
        cost("has(self.a) || has(self.b) || has(self.c)", &schema),
        3
    );
}

#[test]
fn discriminated_member_rules() {
    let schema = |d: Value| {
        json!({"type": "object", "properties": {"kind": d, "a": {"type": "object"},
               "s": {"type": "string"}}})
    };
    let free = schema(json!({"type": "string"}));
    // !has(self.kind) 1 + 1 = 2; `self.kind == ''` 0 + 2 = 2; `self.kind == 'Alpha'`:
    // ceil(0.1 × min(3,145,726, 5)) = 1, + 2 = 3; `has(self.a)` 1 / `!has(self.a)` 2:
    // 2 + 2 + 3 + 2 = 9 = 7 + eq 1 + S 1.
    let rule =
        "!has(self.kind) || self.kind == '' || (self.kind == 'Alpha' ? has(self.a) : !has(self.a))";
    assert_eq!(cost(rule, &free), 9);
    let optional = "!has(self.kind) || self.kind == '' || self.kind == 'Alpha' || !has(self.a)";
    assert_eq!(cost(optional, &free), 9);
    // A 30-rune value: ceil(30 × 0.1) = 3: 2 + 2 + (3 + 2) + 2 = 11.
    let long = "x".repeat(30);
    let rule = format!(
        "!has(self.kind) || self.kind == '' || (self.kind == '{long}' ? has(self.a) : !has(self.a))"
    );
    assert_eq!(cost(&rule, &free), 11);
    // With an enum whose longest value has 2 bytes the comparison is ceil(0.1 × 2) = 1;
    // with a set test of 3 (a string member): 7 + 1 + 3 = 11.
    let enumerated = schema(json!({"type": "string", "enum": ["A", "BB"]}));
    let rule = "!has(self.kind) || self.kind == '' || (self.kind == 'A' ? (has(self.s) && self.s != '') : !(has(self.s) && self.s != ''))";
    assert_eq!(cost(rule, &enumerated), 11);
}

#[test]
fn item_rule() {
    // The list of cel-unbounded-list's Condition, required `type` and `status`: items of
    // min size 24, so N = 3,145,726 / 25 = 125,829.
    let schema = json!({"type": "object", "properties": {"conditions": {
        "type": "array",
        "items": {"type": "object", "required": ["type", "status"], "properties": {
            "type": {"type": "string"}, "status": {"type": "string"}}}
    }}});
    // P = has(i.type) 1 + `i.type == 'Approved'` (ceil(0.1 × 8) = 1, + i 1 + select 1)
    // = 4; each exists: 3 + N × (4 + P) = 3 + 125,829 × 8 = 1,006,635. The sum:
    // 2 × 1,006,635 + 24 + 14 × 2 = 2,013,322.
    let rule = "(has(self.conditions) ? [self.conditions.exists(i, (has(i.type) && i.type == 'Approved')), \
                self.conditions.exists(i, (has(i.type) && i.type == 'Denied'))].filter(x, x).size() : 0) <= 1";
    assert_eq!(cost(rule, &schema), 2_013_322);
    // With maxItems 16: 2 × (3 + 16 × 8) + 24 + 28 = 262 + 52 = 314.
    let mut bounded = schema;
    bounded["properties"]["conditions"]["maxItems"] = json!(16);
    assert_eq!(cost(rule, &bounded), 314);
    // An empty value: `(!has(i.name) || i.name == '')` = 2 + 2 = 4; two keys: P = 4 + 4;
    // one selector: 3 + 16 × (4 + 8) = 195; + 24 + 14 = 233.
    let rule = "(has(self.conditions) ? [self.conditions.exists(i, (!has(i.type) || i.type == '') && (has(i.status) && i.status == 'True'))].filter(x, x).size() : 0) == 1";
    assert_eq!(cost(rule, &bounded), 233);
}

#[test]
fn unmodelled_functions_are_not_guessed() {
    let schema = json!({"type": "object", "properties": {"l": {"type": "array", "items": {"type": "integer"}}}});
    let err = estimate("self.l.isSorted()", &decl(schema.clone())).unwrap_err();
    assert!(
        matches!(&err, NotEstimated::Unmodelled(why) if why.contains("isSorted")),
        "{err}"
    );
    assert!(matches!(
        estimate("self.nope == 1", &decl(schema.clone())),
        Err(NotEstimated::Unmodelled(_))
    ));
    // `all` is modelled: range 2 + init 0 + result 1 + N × (condition
    // `@not_strictly_false(@result)` 2 + step `@result && i > 0` (1 + (1 + 1 + 0))) with
    // N = 3,145,726 / (1 + 1) = 1,572,863: 3 + 1,572,863 × 5 = 7,864,318.
    assert_eq!(cost("self.l.all(i, i > 0)", &schema), 7_864_318);
}

#[test]
fn only_what_cel_go_refuses_is_refused() {
    let schema = json!({"type": "object", "properties": {
        "s": {"type": "string"}, "n": {"type": "integer"}, "d": {"type": "number"},
        "o": {"type": "object", "properties": {"a": {"type": "string"}}},
        "i": {"x-kubernetes-int-or-string": true}
    }});
    let node = decl(schema);
    let refused = |rule: &str| match estimate(rule, &node) {
        Err(NotEstimated::Refused(why)) => why,
        other => panic!("{rule}: {other:?}"),
    };
    assert_eq!(
        refused("self.s.noSuchFunction() == 1"),
        "undeclared reference to 'noSuchFunction' (in container '')"
    );
    assert_eq!(
        refused("self.s.size() == 'a'"),
        "found no matching overload for '_==_' applied to '(int, string)'"
    );
    assert_eq!(
        refused("self.s != true"),
        "found no matching overload for '_!=_' applied to '(string, bool)'"
    );
    assert!(refused("self.s ==").starts_with("the rule does not parse"));
    for accepted in [
        "self.s.startsWith('a') && self.s.lowerAscii() == self.s",
        "isURL(self.s) && url(self.s).getScheme() == 'https'",
        "self.?o.?a.orValue('') != 'x'",
        "self.n == self.d",
        "self.i == 1 || self.i == 'a'",
        "dyn(self.n) == 'a'",
        "quantity(self.s).isGreaterThan(quantity('1'))",
        "sets.contains([1], [1])",
        "self.nope == 1",
    ] {
        assert!(
            !matches!(estimate(accepted, &node), Err(NotEstimated::Refused(_))),
            "{accepted}"
        );
    }
}
