//! CEL rules as `validate` runs them, on arbitrary text: cel-go's parser bounds first
//! (`cel_limits::check`, never a stack overflow however the text nests), then the rule
//! compiled and evaluated over a small object under the API server's runtime cost limit —
//! never a panic, never a hang (a runaway rule is stopped at the limit).
#![no_main]

use libfuzzer_sys::fuzz_target;
use union_gen::validate::rules::Rules;
use union_gen::validate::schema::Schemas;

fuzz_target!(|rule: &str| {
    let _ = union_gen::cel_limits::check(rule);
    let rule = rule.to_string();
    union_gen::limits::on_deep_stack(move || {
        let mut schemas = Schemas::default();
        let schema = serde_json::json!({
            "type": "object",
            "properties": {
                "l": {"type": "array", "items": {"type": "integer"}},
                "s": {"type": "string"},
                "n": {"type": "integer"},
            },
            "x-kubernetes-validations": [{"rule": rule, "messageExpression": rule}],
        });
        let root = schemas.compile(&schema);
        let object = serde_json::json!({"l": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "s": "abc", "n": 7});
        let mut rules = Rules::new();
        let found = rules.check(&schemas, root, &object);
        assert!(found.cost <= 10_000_000 + 1_000_000 + 16);
    })
    .expect("a deep-stack thread");
});
