//! Unit tests of the rule planner and shapes.

use crate::model::{Count, DiscriminatorValues, ItemList, MemberSet, Union, ZeroForm};

use super::facts::*;
use super::finding::*;
use super::generated::*;
use super::plan::*;
use super::shape::*;
use super::syntax::*;
use super::*;
use crate::model::{Listed, UnionMeaning, UnionMember};

/// KEP-1027's and declarative validation's unions.
const SELECTING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::UnlessOpenApiGen,
};
/// The 2019 KEP's.
const LABELLED: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Label,
    listed: Listed::Always,
};

#[test]
fn escapes_as_kubernetes_does() {
    for (name, escaped) in [
        ("spec", Some("spec")),
        ("my-field", Some("my__dash__field")),
        ("a.b", Some("a__dot__b")),
        ("a/b", Some("a__slash__b")),
        ("x__y", Some("x__underscores__y")),
        ("x___y", Some("x__underscores___y")),
        ("_x", Some("_x")),
        ("namespace", Some("__namespace__")),
        ("in", Some("__in__")),
        ("int", Some("int")),
        (".x", Some("__dot__x")),
        ("1x", None),
        ("a:b", None),
        ("a b", None),
        ("", None),
    ] {
        assert_eq!(escape(name).as_deref(), escaped, "{name}");
    }
}

#[test]
fn quotes_string_literals() {
    assert_eq!(string_literal("A"), "'A'");
    assert_eq!(string_literal(r"it's a\b"), r"'it\'s a\\b'");
    assert_eq!(string_literal("a\nb"), r"'a\nb'");
}

fn member(name: &str, value: &str, optional: bool) -> UnionMember {
    UnionMember {
        json_name: name.into(),
        value: value.into(),
        optional,
        gated: false,
    }
}

fn field(zero: ZeroForm, kind: ValueKind) -> FieldFacts {
    FieldFacts {
        zero,
        kind,
        omitempty: true,
        allowed: None,
        default: None,
        required: false,
        max_items: None,
    }
}

fn facts(fields: &[(&str, FieldFacts)]) -> StructFacts {
    StructFacts::from_fields(fields.iter().map(|(n, f)| (n.to_string(), f.clone())))
}

/// A subfield union's rule reads its union's rule over `self.<field>`; string literals are
/// values, not receivers.
#[test]
fn subfield_rules_read_self_as_the_field() {
    let name = |n: &str| Name::new(n).unwrap();
    let inner = Shape::Member {
        discriminator: name("d"),
        value: "self.x".into(),
        member: SetMember {
            name: name("a"),
            test: SetTest::NonEmptyString,
        },
        optional: false,
    };
    let rule = Shape::Subfield {
        field: name("my-f"),
        inner: Box::new(inner),
    }
    .render();
    assert_eq!(
        rule.rule,
        "!has(self.my__dash__f) || (!has(self.my__dash__f.d) || self.my__dash__f.d == '' || \
         (self.my__dash__f.d == 'self.x' ? (has(self.my__dash__f.a) && self.my__dash__f.a != '') \
         : !(has(self.my__dash__f.a) && self.my__dash__f.a != '')))"
    );
    assert_eq!(
        rule.message,
        "my-f: a must be set when d is 'self.x', and only then"
    );
    assert!(is_generated(&rule.rule, &rule.message));
}

fn pointer() -> FieldFacts {
    field(ZeroForm::Absent, ValueKind::Object)
}

#[test]
fn undiscriminated_sum() {
    let union = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: None,
        members: vec![member("a", "A", false), member("b-c", "B", false)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::ExactlyOne,
        subfield: None,
    };
    let plan = plan(&[union], &facts(&[("a", pointer()), ("b-c", pointer())]));
    assert_eq!(
        plan.rules,
        vec![Rule {
            rule: "(has(self.a) ? 1 : 0) + (has(self.b__dash__c) ? 1 : 0) == 1".into(),
            message: "exactly one of a, b-c must be set".into(),
        }]
    );
    assert!(plan.findings.is_empty());
}

#[test]
fn plain_values_are_set_when_not_zero() {
    let union = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: None,
        members: vec![
            member("s", "S", false),
            member("n", "N", false),
            member("b", "B", false),
            member("l", "L", false),
        ],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::AtMostOne,
        subfield: None,
    };
    let facts = facts(&[
        ("s", field(ZeroForm::Empty, ValueKind::String)),
        ("n", field(ZeroForm::Empty, ValueKind::Integer)),
        ("b", field(ZeroForm::Empty, ValueKind::Boolean)),
        ("l", field(ZeroForm::Empty, ValueKind::List)),
    ]);
    let plan = plan(&[union], &facts);
    assert_eq!(
        plan.rules[0].rule,
        "((has(self.s) && self.s != '') ? 1 : 0) + ((has(self.n) && self.n != 0) ? 1 : 0) \
         + ((has(self.b) && self.b) ? 1 : 0) + ((has(self.l) && size(self.l) != 0) ? 1 : 0) \
         <= 1"
    );
}

#[test]
fn struct_values_are_unenforceable() {
    let union = Union {
        gated: false,
        meaning: LABELLED,
        discriminator: None,
        members: vec![member("a", "A", false), member("b", "B", false)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::AtMostOne,
        subfield: None,
    };
    let plan = plan(
        &[union],
        &facts(&[
            ("a", pointer()),
            ("b", field(ZeroForm::Opaque, ValueKind::Object)),
        ]),
    );
    assert!(plan.rules.is_empty());
    assert!(
        matches!(&plan.findings[..], [Finding::Unenforceable(p)] if p.contains("`b`")),
        "{:?}",
        plan.findings
    );
}

#[test]
fn legacy_2019_gets_the_count_only() {
    let union = Union {
        gated: false,
        meaning: LABELLED,
        discriminator: Some("type".into()),
        members: vec![member("localhostProfile", "LocalhostProfile", false)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::AtMostOne,
        subfield: None,
    };
    let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
    discriminator.allowed = Some(vec!["Localhost".into(), "Unconfined".into()]);
    discriminator.required = true;
    let plan = plan(
        &[union],
        &facts(&[("type", discriminator), ("localhostProfile", pointer())]),
    );
    assert!(plan.rules.is_empty(), "{:?}", plan.rules);
    assert!(plan.findings.is_empty());
}

/// A `+union` struct (2019) with an enum discriminator and `members` (JSON name, Go name).
fn labelled_plan(values: &[&str], members: &[(&str, &str)]) -> Plan {
    let union = Union {
        gated: false,
        meaning: LABELLED,
        discriminator: Some("type".into()),
        members: members.iter().map(|(j, g)| member(j, g, false)).collect(),
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::AtMostOne,
        subfield: None,
    };
    let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
    discriminator.allowed = Some(values.iter().map(|v| v.to_string()).collect());
    discriminator.required = true;
    let mut fields = vec![("type", discriminator)];
    fields.extend(members.iter().map(|(j, _)| (*j, pointer())));
    plan(&[union], &facts(&fields))
}

#[test]
fn legacy_2019_members_named_after_the_values_get_the_count() {
    // openshift/api's AWSLoadBalancerParameters and EndpointPublishingStrategy.
    for (values, members) in [
        (
            &["Classic", "NLB"][..],
            &[
                ("classicLoadBalancer", "ClassicLoadBalancerParameters"),
                ("networkLoadBalancer", "NetworkLoadBalancerParameters"),
            ][..],
        ),
        (
            &["LoadBalancerService", "HostNetwork", "NodePortService"],
            &[
                ("loadBalancer", "LoadBalancer"),
                ("hostNetwork", "HostNetwork"),
                ("nodePort", "NodePort"),
            ],
        ),
    ] {
        let plan = labelled_plan(values, members);
        assert_eq!(plan.rules.len(), 1, "{values:?}: {:?}", plan.findings);
        assert!(plan.rules[0].rule.ends_with("<= 1"), "{:?}", plan.rules);
    }
}

#[test]
fn legacy_2019_member_named_after_no_value_leaves_the_union_without_a_rule() {
    // external-dns-operator's ExternalDNSSourceUnion: `labelFilter` is set beside any source.
    let plan = labelled_plan(
        &["OpenShiftRoute", "Service", "CRD"],
        &[
            ("labelFilter", "LabelFilter"),
            ("service", "Service"),
            ("openshiftRouteOptions", "OpenShiftRoute"),
        ],
    );
    assert!(plan.rules.is_empty(), "{:?}", plan.rules);
    assert!(
        matches!(
            &plan.findings[..],
            [Finding::UnsureMembers { discriminator, member, .. }]
                if discriminator == "type" && member == "labelFilter"
        ),
        "{:?}",
        plan.findings
    );
}

#[test]
fn camel_case_words() {
    for (name, words) in [
        ("networkLoadBalancer", &["network", "load", "balancer"][..]),
        ("AWSLoadBalancer", &["aws", "load", "balancer"]),
        ("openshiftRouteOptions", &["openshift", "route", "options"]),
        ("NLB", &["nlb"]),
        ("ipv6Address", &["ipv6", "address"]),
        ("a-b_c", &["a", "b", "c"]),
        ("", &[]),
    ] {
        assert_eq!(camel_words(name), words, "{name}");
    }
}

#[test]
fn member_values_outside_the_enum_get_no_rule() {
    let union = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: Some("policy".into()),
        members: vec![
            member("exact", "PolicyExact", false),
            member("prefix", "Prefix", false),
        ],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::ExactlyOne,
        subfield: None,
    };
    let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
    discriminator.allowed = Some(vec!["Exact".into(), "Prefix".into()]);
    discriminator.required = true;
    let plan = plan(
        &[union],
        &facts(&[
            ("policy", discriminator),
            ("exact", pointer()),
            ("prefix", pointer()),
        ]),
    );
    assert_eq!(
        plan.rules,
        vec![Rule {
            rule: "!has(self.policy) || self.policy == '' || (self.policy == 'Prefix' ? \
                   has(self.prefix) : !has(self.prefix))"
                .into(),
            message: "prefix must be set when policy is 'Prefix', and only then".into(),
        }]
    );
    assert!(
        matches!(&plan.findings[..], [Finding::Unenforceable(p)] if p.contains("PolicyExact")),
        "{:?}",
        plan.findings
    );
}

#[test]
fn a_member_with_a_default_is_caught_by_the_self_check() {
    let union = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: None,
        members: vec![member("a", "A", false), member("b", "B", false)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::AtMostOne,
        subfield: None,
    };
    let mut defaulted = field(ZeroForm::Empty, ValueKind::String);
    defaulted.default = Some("fast".into());
    let plan = plan(&[union], &facts(&[("a", defaulted), ("b", pointer())]));
    assert!(plan.rules.is_empty());
    assert!(
        matches!(&plan.findings[..], [Finding::RejectsValid { witness, .. }] if witness.contains("fast")),
        "{:?}",
        plan.findings
    );
}

#[test]
fn unescapable_member_is_reported_not_guessed() {
    let union = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: Some("kind".into()),
        members: vec![member("a:b", "A", false), member("c", "C", true)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::ExactlyOne,
        subfield: None,
    };
    let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
    discriminator.allowed = Some(vec!["A".into(), "C".into()]);
    discriminator.required = true;
    let plan = plan(
        &[union],
        &facts(&[
            ("kind", discriminator),
            ("a:b", pointer()),
            ("c", pointer()),
        ]),
    );
    assert_eq!(plan.rules.len(), 1, "{:?}", plan.rules);
    assert_eq!(
        plan.rules[0].rule,
        "!has(self.kind) || self.kind == '' || self.kind == 'C' || !has(self.c)"
    );
    assert_eq!(plan.findings.len(), 1);
    assert!(
        matches!(&plan.findings[0], Finding::Unenforceable(p) if p.contains("`a:b`")),
        "{:?}",
        plan.findings
    );
}

#[test]
fn compares_rules_as_parsed_cel() {
    let same = |a: &str, b: &str| RuleKey::of(a) == RuleKey::of(b);
    // White space, redundant parentheses, quotes and the grouping of `&&`/`||` aside.
    assert!(same(
        "has(self.a) ?  1 :\n 0 == 'a  b'",
        "has(self.a)?1:0=='a  b'"
    ));
    assert!(same(
        "(self.x == 'a') && self.y",
        "self.x == \"a\" && (self.y)"
    ));
    assert!(same("a || (b || c)", "(a || b) || c"));
    assert!(!same("self.x == 'a  b'", "self.x == 'a b'"));
    assert!(!same("a + (b + c)", "a + b + c"));
    assert!(!same("self.x == 1", "self.x == 1u"));
    // A rule that does not parse is compared as text, white space outside literals aside.
    assert!(same("self.x == 'it\\' s' &&", "self.x=='it\\' s'&&"));
    assert!(!same("self.x == 'it\\' s' &&", "self.x == 'it\\'  s' &&"));
    assert!(!same("self.x &&", "self.x"));
    // Counts of present fields, by meaning.
    let at_most = "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1";
    for rule in [
        "(has(self.b)?1:0)+(has(self.a)?1:0) <= 1",
        "[has(self.a),has(self.b)].filter(x,x==true).size() <= 1",
        "[has(self.b), has(self.a)].filter(x, (x == true)).size() <= (1)",
    ] {
        assert!(same(rule, at_most), "{rule}");
    }
    assert!(!same(
        at_most,
        "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1"
    ));
    assert!(!same(
        at_most,
        "(has(self.a) ? 1 : 0) + (has(self.c) ? 1 : 0) <= 1"
    ));
    assert!(!same(at_most, "(has(self.a) ? 1 : 0) <= 1"));
    assert!(same(
        "has(self.a)||has(self.b)",
        "has(self.b) || has(self.a)"
    ));
    assert!(same(
        "has(self.a)||has(self.b)",
        "[has(self.a),has(self.b)].filter(x,x==true).size() >= 1"
    ));
    assert!(same(
        "(has(self.a)?1:0)+(has(self.b)?1:0)==1",
        "[has(self.b),has(self.a)].filter(x,x==true).size() == 1"
    ));
    assert!(same("has(self.a)", "(has(self.a) ? 1 : 0) >= 1"));
    // Other tests of "set" are other meanings.
    let non_empty = "((has(self.a) && self.a != '') ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1";
    assert!(!same(non_empty, at_most));
    assert!(same(
        non_empty,
        "((has(self.a) && self.a != \"\") ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1"
    ));
    assert!(!same(
        "has(self.a.b) || has(self.c)",
        "has(self.c) || has(self.a.b)"
    ));
}

/// A list-item union over two keys, one value with a quote and one empty: the rule
/// passes the self-check, agrees with "some item matches" on objects of every shape, and
/// is flagged unbounded only without `maxItems`.
#[test]
fn item_union_rule() {
    let selectors = vec![
        vec![
            ("name".to_string(), "it's".to_string()),
            ("type".to_string(), "A".to_string()),
        ],
        vec![
            ("name".to_string(), String::new()),
            ("type".to_string(), "B".to_string()),
        ],
    ];
    let union = Union {
        meaning: SELECTING,
        gated: false,
        discriminator: None,
        members: vec![member("a", "", false), member("b", "", false)],
        empty_values: vec![],
        count: Count::ExactlyOne,
        named_members: vec![],
        items: Some(ItemList {
            list: "my-list".into(),
            selectors,
        }),
        subfield: None,
    };
    let mut list = field(ZeroForm::Absent, ValueKind::List);
    let facts = StructFacts::from_fields([("my-list".to_string(), list.clone())]);
    let plan = plan(std::slice::from_ref(&union), &facts);
    assert_eq!(plan.rules.len(), 1, "{plan:?}");
    assert_eq!(plan.findings, vec![Finding::Unbounded("my-list".into())]);
    let rule = &plan.rules[0].rule;
    assert!(rule.starts_with("(has(self.my__dash__list) ? [self.my__dash__list.exists(i, (has(i.name) && i.name == 'it\\'s')"), "{rule}");
    let program = cel::Program::compile(rule).expect("compiles");
    let holds = |object: serde_json::Value| {
        let mut context = cel::Context::default();
        let object = serde_json::json!({ "my__dash__list": object });
        context.add_variable_from_value("self", cel::to_value(object).unwrap());
        program.execute(&context).unwrap() == cel::Value::Bool(true)
    };
    let a = serde_json::json!({"name": "it's", "type": "A"});
    let b_absent = serde_json::json!({"type": "B"});
    let b_empty = serde_json::json!({"name": "", "type": "B"});
    let other = serde_json::json!({"name": "it's", "type": "B"});
    assert!(holds(serde_json::json!([a])));
    assert!(holds(serde_json::json!([b_absent, other])));
    assert!(holds(serde_json::json!([b_empty, b_absent])));
    assert!(!holds(serde_json::json!([other])));
    assert!(!holds(serde_json::json!([])));
    assert!(!holds(serde_json::json!([a, b_empty])));
    list.max_items = Some(8);
    let facts = StructFacts::from_fields([("my-list".to_string(), list)]);
    assert!(super::plan(&[union], &facts).findings.is_empty());
}

/// `plan_placed` on a list-item union over a list whose items have no required property:
/// N = 3,145,726 / (2 + 1) = 1,048,575 items, each `exists` 3 + N × (4 + 4) = 8,388,603,
/// the rule 2 × 8,388,603 + 24 + 14 × 2 = 16,777,258 > 10,000,000 at the root: not
/// written. The fix bounds the list it walks: cost(M) = 58 + 16 M ≤ 10,000,000 for
/// M ≤ (10,000,000 − 58) / 16 = 624,996.
#[test]
fn an_item_rule_over_budget_is_refused_with_the_maxitems_that_fixes_it() {
    let selectors = vec![
        vec![("type".to_string(), "A".to_string())],
        vec![("type".to_string(), "B".to_string())],
    ];
    let union = Union {
        meaning: SELECTING,
        gated: false,
        discriminator: None,
        members: vec![member("a", "", false), member("b", "", false)],
        empty_values: vec![],
        count: Count::ExactlyOne,
        named_members: vec![],
        items: Some(ItemList {
            list: "items".into(),
            selectors,
        }),
        subfield: None,
    };
    let facts = StructFacts::from_fields([(
        "items".to_string(),
        field(ZeroForm::Absent, ValueKind::List),
    )]);
    let schema = serde_json::json!({"type": "object", "properties": {"items": {
        "type": "array", "items": {"type": "object", "properties": {"type": {"type": "string"}}}
    }}});
    let placement = Placement {
        node: cost::DeclType::from_schema(&schema, false).unwrap(),
        cardinality: cost::Cardinality::ROOT,
        enclosing: vec![],
    };
    let plan = plan_placed(std::slice::from_ref(&union), &facts, &placement);
    assert!(plan.rules.is_empty(), "{plan:?}");
    let [Finding::Unbounded(_), Finding::OverBudget {
        estimate,
        limit,
        fix,
        ..
    }] = &plan.findings[..]
    else {
        panic!("{:?}", plan.findings)
    };
    assert_eq!((*estimate, *limit), (16_777_258, 10_000_000));
    assert!(fix.contains("`items`") && fix.contains("624996"), "{fix}");
    // At the edge: 58 + 16 × 624,996 = 9,999,994 is written; 624,997 → 10,000,010 is not.
    for (max, written) in [(624_996, true), (624_997, false)] {
        let mut bounded = schema.clone();
        bounded["properties"]["items"]["maxItems"] = max.into();
        let placement = Placement {
            node: cost::DeclType::from_schema(&bounded, false).unwrap(),
            ..placement.clone()
        };
        let plan = plan_placed(std::slice::from_ref(&union), &facts, &placement);
        assert_eq!(plan.rules.len() == 1, written, "{max}: {plan:?}");
    }
}

/// `crd` removes a stale rule only when it is exactly one union-gen writes: every shape
/// `plan` writes is recognised, and a rule with another message, other fields or another
/// expression is not.
#[test]
fn recognises_its_own_rules_only() {
    let undiscriminated = |count| Union {
        gated: false,
        meaning: SELECTING,
        discriminator: None,
        members: vec![
            member("s", "S", false),
            member("n", "N", false),
            member("b-c", "B", false),
        ],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count,
        subfield: None,
    };
    let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
    discriminator.allowed = Some(vec!["It's".into(), "Other".into()]);
    let discriminated = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: Some("kind".into()),
        members: vec![member("s", "It's", false), member("n", "Other", true)],
        empty_values: vec![],
        named_members: vec![],
        items: None,
        count: Count::ExactlyOne,
        subfield: None,
    };
    let items = Union {
        gated: false,
        meaning: SELECTING,
        discriminator: None,
        members: vec![member("a", "", false), member("b", "", false)],
        empty_values: vec![],
        named_members: vec![],
        items: Some(ItemList {
            list: "list".into(),
            selectors: vec![
                vec![("type".to_string(), "A".to_string())],
                vec![("type".to_string(), "B".to_string())],
            ],
        }),
        count: Count::AtMostOne,
        subfield: None,
    };
    let facts = facts(&[
        ("s", field(ZeroForm::Empty, ValueKind::String)),
        ("n", field(ZeroForm::Empty, ValueKind::Integer)),
        ("b-c", pointer()),
        ("kind", discriminator),
        ("list", field(ZeroForm::Absent, ValueKind::List)),
    ]);
    let plan = plan(
        &[
            undiscriminated(Count::ExactlyOne),
            undiscriminated(Count::AtMostOne),
            undiscriminated(Count::AtLeastOne),
            discriminated,
            items,
        ],
        &facts,
    );
    assert_eq!(plan.rules.len(), 7, "{plan:?}");
    for rule in &plan.rules {
        assert!(is_generated(&rule.rule, &rule.message), "{rule:?}");
    }
    for (rule, message) in [
        // controller-gen's message for its own `ExactlyOneOf`.
        (
            "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1",
            "exactly one of the fields in [a b] must be set",
        ),
        // union-gen's message over a hand-written expression.
        (
            "has(self.a) != has(self.b)",
            "exactly one of a, b must be set",
        ),
        // the message names other fields than the rule.
        (
            "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1",
            "exactly one of a, c must be set",
        ),
        // another count than the message says.
        (
            "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1",
            "exactly one of a, b must be set",
        ),
        (
            "!has(self.kind) || self.kind == '' || (self.kind == 'A' ? has(self.a) : !has(self.a))",
            "a must be set when kind is 'B', and only then",
        ),
        (
            "self.kind != 'A' || !has(self.a)",
            "a may be set only when kind is 'A'",
        ),
    ] {
        assert!(!is_generated(rule, message), "{rule} / {message}");
    }
}

/// Every form union-gen writes, with white space, parenthesis and quote variants: each is
/// recognised as union-gen's own.
#[test]
fn recognises_every_form_it_writes() {
    for (rule, message) in [
        // The counts, over every test of "set".
        (
            "(has(self.my__dash__field) ? 1 : 0) + (has(self.a__dot__b) ? 1 : 0) + (has(self.__namespace__) ? 1 : 0) + (has(self.x__underscores__y) ? 1 : 0) == 1",
            "exactly one of my-field, a.b, namespace, x__y must be set",
        ),
        (
            "(has(self.__in__) ? 1 : 0) + (has(self.a__slash__b) ? 1 : 0) + (has(self.plain) ? 1 : 0) <= 1",
            "at most one of in, a/b, plain may be set",
        ),
        (
            "((has(self.s) && self.s != '') ? 1 : 0) + ((has(self.i) && self.i != 0) ? 1 : 0) + \
             ((has(self.n) && self.n != 0.0) ? 1 : 0) + ((has(self.b) && self.b) ? 1 : 0) + \
             ((has(self.l) && size(self.l) != 0) ? 1 : 0) + (has(self.p) ? 1 : 0) <= 1",
            "at most one of s, i, n, b, l, p may be set",
        ),
        ("has(self.a) || has(self.b)", "at least one of a, b must be set"),
        (
            "(has(self.a) && self.a != '') || has(self.b)",
            "at least one of a, b must be set",
        ),
        ("(has(self.a) ? 1 : 0) == 1", "exactly one of a must be set"),
        // The list-item count.
        (
            r"(has(self.my__dash__list) ? [self.my__dash__list.exists(i, (has(i.name) && i.name == 'it\'s') && (!has(i.zone) || i.zone == '')), self.my__dash__list.exists(i, (has(i.name) && i.name == 'B'))].filter(x, x).size() : 0) == 1",
            "exactly one of the items a, b must be present",
        ),
        (
            "(has(self.l) ? [self.l.exists(i, (has(i.type) && i.type == 'A')), self.l.exists(i, (has(i.type) && i.type == 'B'))].filter(x, x).size() : 0) <= 1",
            "at most one of the items a, b may be present",
        ),
        (
            "(has(self.l) ? [self.l.exists(i, (!has(i.type) || i.type == ''))].filter(x, x).size() : 0) >= 1",
            "at least one of the items a must be present",
        ),
        // The discriminated member rules.
        (
            r"!has(self.kind) || self.kind == '' || (self.kind == 'it\'s' ? has(self.odd) : !has(self.odd))",
            "odd must be set when kind is 'it's', and only then",
        ),
        (
            "!has(self.kind) || self.kind == '' || (self.kind == 'S' ? (has(self.s) && self.s != '') : !(has(self.s) && self.s != ''))",
            "s must be set when kind is 'S', and only then",
        ),
        (
            "!has(self.level) || self.level == '' || self.level == 'High' || !has(self.high)",
            "high may be set only when level is 'High'",
        ),
        (
            "!has(self.kind) || self.kind == '' || self.kind == 'N' || !(has(self.n) && self.n != 0)",
            "n may be set only when kind is 'N'",
        ),
        // Subfield unions: the rule of the held struct's union over `self.<field>`.
        (
            "!has(self.my__dash__f) || ((has(self.my__dash__f.a) ? 1 : 0) + (has(self.my__dash__f.b) ? 1 : 0) == 1)",
            "my-f: exactly one of a, b must be set",
        ),
        (
            "!has(self.f) || (!has(self.f.d) || self.f.d == '' || self.f.d == 'A' || !has(self.f.a))",
            "f: a may be set only when d is 'A'",
        ),
        (
            "!has(self.f) || ((has(self.f.l) ? [self.f.l.exists(i, (has(i.k) && i.k == 'A')), self.f.l.exists(i, (has(i.k) && i.k == 'B'))].filter(x, x).size() : 0) <= 1)",
            "f: at most one of the items a, b may be present",
        ),
        // White space, parentheses and quotes as a hand (or a YAML folder) may change them.
        (
            "(has(self.a)?1:0)+(has(self.b)?1:0)==1",
            "exactly one of a, b must be set",
        ),
        (
            "((has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0)) == (1)",
            "exactly one of a, b must be set",
        ),
        (
            "!has(self.kind) ||\n  self.kind == \"\" ||\n  (self.kind == \"A\" ? has(self.a) : !has(self.a))",
            "a must be set when kind is 'A', and only then",
        ),
        (
            "(!has(self.kind) || self.kind == '') || (self.kind == 'A' ? has(self.a) : !has(self.a))",
            "a must be set when kind is 'A', and only then",
        ),
    ] {
        assert!(is_generated(rule, message), "{rule} / {message}");
    }
}

/// The forms union-gen wrote before its rules rested on the Go fields' zero forms, as its
/// snapshots kept them (a manifest `crd` patched then may still have them): recognised, so
/// that `crd` replaces them.
#[test]
fn recognises_the_forms_it_wrote() {
    for (rule, message) in [
        // f291b63 to 83bbb99: the discriminator's values listed, and the member ternaries.
        (
            "!has(self.level) || self.level in ['', 'High', 'Low']",
            "level must be one of '', 'High', 'Low'",
        ),
        (
            r"!has(self.mode__dash__of) || self.mode__dash__of in ['Dash', 'For', 'Plain', 'it\'s\\none']",
            r"mode-of must be one of 'Dash', 'For', 'Plain', 'it's\none'",
        ),
        (
            "has(self.mode__dash__of) && self.mode__dash__of == 'For' ? has(self.__for__) : !has(self.__for__)",
            "for must be set when mode-of is 'For', and only then",
        ),
        (
            "has(self.level) && self.level == 'High' ? true : !has(self.high)",
            "high may be set only when level is 'High'",
        ),
        (
            "has(self.mode__dash__of) && self.mode__dash__of == 'Dash' ? true : !has(self.dash__dash__member)",
            "dash-member may be set only when mode-of is 'Dash'",
        ),
        (
            "(has(self.level) && self.level == \"High\") ? true : (!has(self.high))",
            "high may be set only when level is 'High'",
        ),
    ] {
        assert!(is_generated(rule, message), "{rule} / {message}");
    }
}

/// Near misses of the forms above: another message, other fields, another order, a
/// hand-written variation, are not union-gen's.
#[test]
fn recognises_nothing_else() {
    for (rule, message) in [
        (
            "!has(self.level) || self.level in ['High', '', 'Low']",
            "level must be one of 'High', '', 'Low'",
        ),
        (
            "!has(self.level) || self.level in ['', 'High', 'Low']",
            "level must be one of '', 'High'",
        ),
        (
            "has(self.level) && self.level == 'High' ? true : !has(self.high)",
            "high must be set when level is 'High', and only then",
        ),
        (
            "has(self.level) && self.level == 'High' ? has(self.high) : !has(self.low)",
            "high must be set when level is 'High', and only then",
        ),
        (
            "(has(self.b) ? 1 : 0) + (has(self.a) ? 1 : 0) == 1",
            "exactly one of a, b must be set",
        ),
        (
            "(has(self.a) ? 1 : 0) + ((has(self.b) ? 1 : 0) + (has(self.c) ? 1 : 0)) == 1",
            "exactly one of a, b, c must be set",
        ),
        (
            "((has(self.a) && self.a != 0.0) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1",
            "exactly one of b, a must be set",
        ),
        (
            "(has(self.l) ? [self.l.exists(i, i.type == 'A'), self.l.exists(i, (has(i.type) && i.type == 'B'))].filter(x, x).size() : 0) <= 1",
            "at most one of the items a, b may be present",
        ),
        (
            "(has(self.l) ? [self.l.exists(i, (has(i.type) && i.type == 'A'))].filter(x, x).size() : 0) <= 1",
            "at most one of the items a, b may be present",
        ),
        (
            "(has(self.l) ? [self.m.exists(i, (has(i.type) && i.type == 'A')), self.m.exists(i, (has(i.type) && i.type == 'B'))].filter(x, x).size() : 0) <= 1",
            "at most one of the items a, b may be present",
        ),
        (
            "!has(self.g) || ((has(self.f.a) ? 1 : 0) + (has(self.f.b) ? 1 : 0) == 1)",
            "f: exactly one of a, b must be set",
        ),
        (
            "!has(self.f) || ((has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1)",
            "f: exactly one of a, b must be set",
        ),
        (
            "!has(self.kind) || self.kind == '' || (self.kind == 'A' ? has(self.a) : !has(self.b))",
            "a must be set when kind is 'A', and only then",
        ),
        ("this is not CEL (", "exactly one of a, b must be set"),
    ] {
        assert!(!is_generated(rule, message), "{rule} / {message}");
    }
}

/// A manifest's rule may be anything: rules cel-go refuses for their nesting or size are
/// compared as text and are never union-gen's, without overflowing the stack; a rule nested
/// as deep as cel-go accepts is parsed (on a deeper stack) and compared.
#[test]
fn deep_rules_are_compared_without_overflow() {
    let parenthesised = format!("{}has(self.a){}", "(".repeat(10_000), ")".repeat(10_000));
    let summed = vec!["(has(self.a) ? 1 : 0)"; 6_000].join(" + ") + " <= 1";
    for rule in [&parenthesised, &summed] {
        assert!(RuleKey::of(rule) == RuleKey::of(rule));
        assert!(!is_generated(rule, "at most one of a may be set"));
    }
    let deep = format!("{}self.a{}", "[".repeat(200), "]".repeat(200));
    let spaced = format!("{} self.a {}", "[ ".repeat(200), " ]".repeat(200));
    assert!(RuleKey::of(&deep) == RuleKey::of(&spaced));
    assert!(RuleKey::of(&deep) != RuleKey::of(&summed));
}
