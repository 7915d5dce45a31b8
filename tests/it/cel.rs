//! `--cel` (SPEC §6): the `x-kubernetes-validations` rules written for every union shape of
//! `testdata/unions/dialects/` and `testdata/cel/` are evaluated with a CEL interpreter (the
//! `cel` crate) on every combination of set/unset members and discriminator values; the
//! expected verdict comes from a hand-written table of each struct's union semantics, not
//! from the generator. Rules must parse and contain no comprehension macro (`all`, `exists`,
//! `exists_one`, `map`, `filter`), whose cost grows with the list it walks.
//! Snapshot: `snapshots/cel__shapes_v3.snap`.

use std::collections::BTreeMap;

use crate::harness::cases::Case;
use crate::harness::{
    definitions, generate, generate_json, json_diagnostics, run, schemas_of, snapshot,
};
use cel::common::ast::{EntryExpr, Expr};
use cel::{Context, IdedExpr, Program, Value as CelValue};
use serde_json::{json, Map, Value};

const DIALECTS: &str = "testdata/unions/dialects/...";
const SHAPES: &str = "testdata/cel/shapes/...";

/// One union's semantics, written down independently of the generator. What the schema
/// itself enforces (`required`, a discriminator's `enum`) is not CEL's job: objects that only
/// those reject are not asked of the rules.
enum U {
    /// Undiscriminated: exactly one (or at most one) of the members is set.
    Count {
        members: &'static [&'static str],
        exactly_one: bool,
    },
    /// Discriminated: `values` are the enum's values (`None`: a plain string discriminator);
    /// members are `(json name, selecting value, optional)`. An unset (or empty)
    /// discriminator selects nothing: then at most one member may be set.
    Disc {
        d: &'static str,
        required: bool,
        values: Option<&'static [&'static str]>,
        members: &'static [(&'static str, &'static str, bool)],
    },
}

struct Shape {
    def: &'static str,
    unions: &'static [U],
}

const DIALECT_SHAPES: &[Shape] = &[
    // declarative.Endpoint has a member behind `+k8s:alpha(…)=`: a gated union gets no rule.
    Shape {
        def: "declarative.Payload",
        unions: &[U::Count {
            members: &["text", "binary"],
            exactly_one: true,
        }],
    },
    Shape {
        def: "declarative.Route",
        unions: &[
            U::Disc {
                d: "target",
                required: true,
                values: Some(&["Nowhere", "Redirect", "Svc"]),
                members: &[("service", "Svc", false), ("redirect", "Redirect", false)],
            },
            U::Count {
                members: &["mirror", "shadow"],
                exactly_one: false,
            },
        ],
    },
    Shape {
        def: "embedded.Cooling",
        unions: &[U::Count {
            members: &["fan", "water"],
            exactly_one: false,
        }],
    },
    Shape {
        def: "embedded.Machine",
        unions: &[
            U::Disc {
                d: "powerKind",
                required: true,
                values: Some(&["Battery", "Mains", "None"]),
                members: &[("battery", "Battery", false), ("mains", "Mains", false)],
            },
            U::Count {
                members: &["fan", "water"],
                exactly_one: false,
            },
            U::Count {
                members: &["manual", "warranty"],
                exactly_one: false,
            },
        ],
    },
    Shape {
        def: "embedded.Power",
        unions: &[U::Disc {
            d: "powerKind",
            required: true,
            values: Some(&["Battery", "Mains", "None"]),
            members: &[("battery", "Battery", false), ("mains", "Mains", false)],
        }],
    },
    Shape {
        def: "kep1027.Fetch",
        unions: &[U::Disc {
            d: "kind",
            required: false,
            values: Some(&["", "BUNDLE", "Local", "MIRROR", "Repo"]),
            members: &[
                ("repo", "Repo", false),
                ("bundle", "BUNDLE", false),
                ("local", "Local", true),
                ("mirror", "MIRROR", true),
            ],
        }],
    },
    Shape {
        def: "kep1027.Pipe",
        unions: &[
            U::Disc {
                d: "input",
                required: true,
                values: Some(&["File", "Queue"]),
                members: &[("file", "File", false), ("queue", "Queue", false)],
            },
            U::Disc {
                d: "output",
                required: true,
                values: Some(&["Drop", "SINK", "Topic"]),
                members: &[("sink", "SINK", true), ("topic", "Topic", false)],
            },
        ],
    },
    Shape {
        def: "kep1027.Rollout",
        unions: &[U::Disc {
            d: "type",
            required: true,
            values: Some(&["Gradual", "Recreate"]),
            members: &[("gradual", "Gradual", false)],
        }],
    },
    Shape {
        def: "legacy.Colour",
        unions: &[U::Count {
            members: &["named", "hex", "palette"],
            exactly_one: false,
        }],
    },
    // 2019 unions with a discriminator: its "values" are Go field names, labels only, so the
    // count is all a rule may say.
    Shape {
        def: "legacy.Lunch",
        unions: &[U::Count {
            members: &["soup", "salad"],
            exactly_one: false,
        }],
    },
    Shape {
        def: "legacy.Transport",
        unions: &[U::Count {
            members: &["bike", "ferry"],
            exactly_one: false,
        }],
    },
];

const OWN_SHAPES: &[Shape] = &[
    Shape {
        def: "shapes.Escaped",
        unions: &[U::Count {
            members: &["my-field", "a.b", "namespace", "x__y"],
            exactly_one: true,
        }],
    },
    Shape {
        def: "shapes.AtMostOne",
        unions: &[U::Count {
            members: &["in", "a/b", "plain"],
            exactly_one: false,
        }],
    },
    Shape {
        def: "shapes.Selected",
        unions: &[U::Disc {
            d: "mode-of",
            required: true,
            values: Some(&["Dash", "For", "Plain", "it's\\none"]),
            members: &[
                ("dash-member", "Dash", true),
                ("for", "For", false),
                ("plain", "Plain", false),
            ],
        }],
    },
    Shape {
        def: "shapes.Leveled",
        unions: &[U::Disc {
            d: "level",
            required: false,
            values: Some(&["", "High", "Low"]),
            members: &[("low", "Low", false), ("high", "High", true)],
        }],
    },
    Shape {
        def: "shapes.Quoted",
        unions: &[U::Disc {
            d: "kind",
            required: true,
            values: None,
            members: &[("odd", "it's", false), ("even", "Even", false)],
        }],
    },
];

/// Kubernetes' escaping (apiserver `pkg/cel.Escape`), written here independently of the
/// generator: reserved words become `__w__`; else `__`, `.`, `-`, `/` are replaced (in this
/// order, which matches the left-to-right regexp since no replacement contains a later
/// pattern's input).
fn k8s_escape(name: &str) -> String {
    const RESERVED: &[&str] = &[
        "true",
        "false",
        "null",
        "in",
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
        "while",
    ];
    if RESERVED.contains(&name) {
        return format!("__{name}__");
    }
    name.replace("__", "__underscores__")
        .replace('.', "__dot__")
        .replace('-', "__dash__")
        .replace('/', "__slash__")
}

/// The object as the API server's CEL sees it: a map keyed by escaped property names.
fn cel_self(object: &Map<String, Value>) -> CelValue {
    let escaped: Map<String, Value> = object
        .iter()
        .map(|(k, v)| (k8s_escape(k), v.clone()))
        .collect();
    cel::to_value(Value::Object(escaped)).expect("JSON converts to a CEL value")
}

/// Every subset of `members`, as bit masks.
fn subsets(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0..1u32 << n).map(move |mask| (0..n).map(|i| mask & (1 << i) != 0).collect())
}

/// A valid assignment of a union's fields, used while another union of the struct is tested.
fn baseline(union: &U, object: &mut Map<String, Value>) {
    match union {
        U::Count {
            members,
            exactly_one,
        } => {
            if *exactly_one {
                object.insert(members[0].into(), "v".into());
            }
        }
        U::Disc {
            d,
            required,
            members,
            ..
        } => {
            if *required {
                object.insert((*d).into(), members[0].1.into());
                object.insert(members[0].0.into(), "v".into());
            }
        }
    }
}

/// `(object, valid)` for every combination of one union's fields, other unions at baseline.
fn cases(shape: &Shape) -> Vec<(Map<String, Value>, bool, String)> {
    let mut out = Vec::new();
    for (index, union) in shape.unions.iter().enumerate() {
        let mut base = Map::new();
        for (other_index, other) in shape.unions.iter().enumerate() {
            if other_index != index {
                baseline(other, &mut base);
            }
        }
        match union {
            U::Count {
                members,
                exactly_one,
            } => {
                for set in subsets(members.len()) {
                    let mut object = base.clone();
                    for (name, on) in members.iter().zip(&set) {
                        if *on {
                            object.insert((*name).into(), "v".into());
                        }
                    }
                    let count = set.iter().filter(|on| **on).count();
                    let valid = if *exactly_one { count == 1 } else { count <= 1 };
                    let label = format!("union #{index} set {set:?}");
                    out.push((object, valid, label));
                }
            }
            U::Disc {
                d,
                required,
                values,
                members,
            } => {
                let mut choices: Vec<Option<&str>> = Vec::new();
                if !required {
                    choices.push(None);
                }
                match values {
                    Some(values) => choices.extend(values.iter().map(|v| Some(*v))),
                    None => choices.extend(members.iter().map(|m| Some(m.1))),
                }
                if values.is_none() {
                    // Any string is allowed; it selects no member.
                    choices.push(Some("Bogus"));
                }
                for choice in choices {
                    for set in subsets(members.len()) {
                        let mut object = base.clone();
                        if let Some(value) = choice {
                            object.insert((*d).into(), value.into());
                        }
                        for (member, on) in members.iter().zip(&set) {
                            if *on {
                                object.insert(member.0.into(), "v".into());
                            }
                        }
                        let valid = match choice.filter(|v| !v.is_empty()) {
                            None => set.iter().filter(|on| **on).count() <= 1,
                            Some(value) => members.iter().zip(&set).all(|(m, on)| {
                                if m.1 == value {
                                    *on || m.2
                                } else {
                                    !on
                                }
                            }),
                        };
                        let label = format!("union #{index} {d}={choice:?} set {set:?}");
                        out.push((object, valid, label));
                    }
                }
            }
        }
    }
    out
}

/// `(rule, message)` pairs of a definition.
fn rules_of(schema: &Value) -> Vec<(String, String)> {
    schema["x-kubernetes-validations"]
        .as_array()
        .map(|rules| {
            rules
                .iter()
                .map(|r| {
                    let keys: Vec<&String> = r.as_object().expect("rule object").keys().collect();
                    assert_eq!(keys, ["rule", "message"], "key order of {r}");
                    (
                        r["rule"].as_str().expect("rule").to_string(),
                        r["message"].as_str().expect("message").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

const MACROS: &[&str] = &["all", "exists", "exists_one", "map", "filter"];

/// Fails on a comprehension (what every list macro expands to) or a call named like one.
fn assert_no_macro(expr: &IdedExpr, rule: &str) {
    match &expr.expr {
        Expr::Comprehension(_) => panic!("rule uses a comprehension macro: {rule}"),
        Expr::Call(call) => {
            assert!(
                !MACROS.contains(&call.func_name.as_str()),
                "rule calls {}: {rule}",
                call.func_name
            );
            if let Some(target) = &call.target {
                assert_no_macro(target, rule);
            }
            for arg in &call.args {
                assert_no_macro(arg, rule);
            }
        }
        Expr::Select(select) => assert_no_macro(&select.operand, rule),
        Expr::List(list) => {
            for element in &list.elements {
                assert_no_macro(element, rule);
            }
        }
        Expr::Map(map) => {
            for entry in &map.entries {
                if let EntryExpr::MapEntry(entry) = &entry.expr {
                    assert_no_macro(&entry.key, rule);
                    assert_no_macro(&entry.value, rule);
                }
            }
        }
        Expr::Struct(_) => panic!("rule builds a message: {rule}"),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
}

/// Evaluates every case of every shape; returns (valid cases, invalid cases).
fn evaluate(document: &str, shapes: &[Shape]) -> (usize, usize) {
    let schemas = definitions(document);
    let mut with_rules: Vec<&str> = schemas
        .iter()
        .filter(|(_, s)| s.get("x-kubernetes-validations").is_some())
        .map(|(name, _)| name.as_str())
        .collect();
    let mut tabled: Vec<&str> = shapes.iter().map(|s| s.def).collect();
    with_rules.sort_unstable();
    tabled.sort_unstable();
    assert_eq!(with_rules, tabled, "definitions with rules vs the table");
    let mut failures = Vec::new();
    let (mut valid_cases, mut invalid_cases) = (0, 0);
    for shape in shapes {
        let rules = rules_of(&schemas[shape.def]);
        let programs: Vec<(String, String, Program)> = rules
            .into_iter()
            .map(|(rule, message)| {
                let program = Program::compile(&rule)
                    .unwrap_or_else(|e| panic!("{}: rule does not parse: {rule}: {e}", shape.def));
                assert_no_macro(program.expression(), &rule);
                (rule, message, program)
            })
            .collect();
        for (object, valid, label) in cases(shape) {
            let mut context = Context::default();
            context.add_variable_from_value("self", cel_self(&object));
            let mut rejected = Vec::new();
            for (rule, message, program) in &programs {
                match program.execute(&context) {
                    Ok(CelValue::Bool(true)) => {}
                    Ok(CelValue::Bool(false)) => rejected.push(message.clone()),
                    other => failures.push(format!(
                        "{} {label}: `{rule}` on {object:?} gave {other:?}",
                        shape.def
                    )),
                }
            }
            if valid {
                valid_cases += 1;
                if !rejected.is_empty() {
                    failures.push(format!(
                        "{} {label}: valid {} rejected: {rejected:?}",
                        shape.def,
                        Value::Object(object.clone())
                    ));
                }
            } else {
                invalid_cases += 1;
                if rejected.is_empty() {
                    failures.push(format!(
                        "{} {label}: invalid {} accepted",
                        shape.def,
                        Value::Object(object.clone())
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    (valid_cases, invalid_cases)
}

fn v3_cel(packages: &str) -> String {
    generate(&["--v3", "-", "--naming", "short", "--cel", packages])
}

#[test]
fn dialect_rules_accept_valid_and_reject_invalid_objects() {
    let (valid, invalid) = evaluate(&v3_cel(DIALECTS), DIALECT_SHAPES);
    eprintln!("dialects: {valid} valid + {invalid} invalid objects");
    assert_eq!((valid, invalid), (57, 135));
}

#[test]
fn own_shapes_rules_accept_valid_and_reject_invalid_objects() {
    let (valid, invalid) = evaluate(&v3_cel(SHAPES), OWN_SHAPES);
    eprintln!("testdata/cel: {valid} valid + {invalid} invalid objects");
    assert_eq!((valid, invalid), (25, 59));
}

#[test]
fn escaped_names_and_quoted_values() {
    let schemas = definitions(&v3_cel(SHAPES));
    let rules: Vec<String> = OWN_SHAPES
        .iter()
        .flat_map(|s| rules_of(&schemas[s.def]))
        .map(|(rule, _)| rule)
        .collect();
    let all = rules.join("\n");
    for needle in [
        "has(self.my__dash__field)",
        "has(self.a__dot__b)",
        "has(self.__namespace__)",
        "has(self.x__underscores__y)",
        "has(self.__in__)",
        "has(self.a__slash__b)",
        "has(self.__for__)",
        "self.mode__dash__of == 'Dash'",
        "self.kind == 'it\\'s'",
    ] {
        assert!(all.contains(needle), "missing {needle} in:\n{all}");
    }
}

#[test]
fn shapes_v3_snapshot() {
    snapshot("cel__shapes_v3", &v3_cel(SHAPES));
}

#[test]
fn v2_carries_the_same_rules_and_without_cel_there_are_none() {
    let v2 = generate(&["--v2", "-", "--naming", "short", "--cel", SHAPES]);
    let v2 = definitions(&v2);
    let v3 = definitions(&v3_cel(SHAPES));
    let by_name = |d: &Map<String, Value>| -> BTreeMap<String, Vec<(String, String)>> {
        d.iter().map(|(k, s)| (k.clone(), rules_of(s))).collect()
    };
    assert_eq!(by_name(&v2), by_name(&v3));
    let plain = generate(&["--v3", "-", "--naming", "short", SHAPES]);
    assert!(!plain.contains("x-kubernetes-validations"), "{plain}");
}

#[test]
fn output_is_deterministic_across_thread_counts() {
    let one = generate(&["--v3", "-", "--cel", "-j", "1", DIALECTS, SHAPES]);
    let many = generate(&["--v3", "-", "--cel", "-j", "8", DIALECTS, SHAPES]);
    assert_eq!(one, many);
}

#[test]
fn unescapable_names_are_reported_and_left_out() {
    let run = generate_json(&[
        "--v3",
        "-",
        "--naming",
        "short",
        "--cel",
        "testdata/diagnostics/cel-unenforceable/...",
    ]);
    assert_eq!(run.code, 0, "a warning only:\n{}", run.stderr);
    let found: Vec<(String, u64, String)> = run
        .diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|(c, ..)| c == "cel/unenforceable"));
    // The positions are the case's annotations; the messages say which member is which.
    let case = Case::load("testdata/diagnostics/cel-unenforceable").expect("the case loads");
    let annotated: Vec<u64> = case.expected.iter().filter_map(|d| d.line).collect();
    let lines: Vec<u64> = found.iter().map(|f| f.1).collect();
    assert_eq!(lines, annotated);
    assert!(found[0].2.contains("`1st`"), "{}", found[0].2);
    assert!(
        found[0]
            .2
            .contains("the count of the union of 1st, second is not enforced"),
        "{}",
        found[0].2
    );
    assert!(found[1].2.contains("`a:b`"), "{}", found[1].2);
    let schemas = schemas_of(&run.document);
    assert!(
        rules_of(&schemas["cel-unenforceable.Port"]).is_empty(),
        "no count rule that silently leaves a member out"
    );
    let target: Vec<String> = rules_of(&schemas["cel-unenforceable.Target"])
        .into_iter()
        .map(|(rule, _)| rule)
        .collect();
    assert_eq!(
        target,
        ["!has(self.kind) || self.kind == '' || (self.kind == 'B' ? has(self.b) : !has(self.b))"]
    );
}

#[test]
fn a_rule_that_rejects_a_valid_object_is_an_error_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("openapi.json");
    let out_arg = out.to_str().unwrap();
    let (code, stdout, err) = run(&[
        "generate",
        "--v3",
        out_arg,
        "--cel",
        "--message-format",
        "json",
        "testdata/diagnostics/cel-rejects-valid/...",
    ]);
    assert_eq!(code, 1, "{stdout}{err}");
    assert!(!out.exists(), "nothing is written on an error");
    let diagnostics = json_diagnostics(&err);
    let diagnostic = &diagnostics[0];
    assert_eq!(diagnostic["code"], "cel/rejects-valid");
    let case = Case::load("testdata/diagnostics/cel-rejects-valid").expect("the case loads");
    assert_eq!(
        (diagnostic["line"].as_u64(), diagnostic["column"].as_u64()),
        (case.expected[0].line, case.expected[0].column),
        "at the case's annotation"
    );
    let message = diagnostic["message"].as_str().unwrap();
    assert!(
        message.contains(r#"{"limit":1} (with its defaults: {"limit":1,"mode":"fast"})"#),
        "{message}"
    );
    assert!(message.contains("<= 1"), "{message}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Whether every rule of `schema` accepts `object` (JSON names, escaped here).
fn accepted(schema: &Value, object: &Value) -> bool {
    let object = object.as_object().expect("an object");
    let mut context = Context::default();
    context.add_variable_from_value("self", cel_self(object));
    rules_of(schema).iter().all(|(rule, _)| {
        match Program::compile(rule).unwrap().execute(&context) {
            Ok(CelValue::Bool(verdict)) => verdict,
            other => panic!("`{rule}` on {object:?} gave {other:?}"),
        }
    })
}

/// Shapes of real APIs (testdata/cel/realworld, our own Go) on which rules used to reject
/// valid objects: each object with the verdict the API gives it.
#[test]
fn real_world_shapes_accept_what_the_api_accepts() {
    let run = generate_json(&[
        "--v3",
        "-",
        "--naming",
        "short",
        "--cel",
        "testdata/cel/realworld/...",
    ]);
    // The one rule left out: Source's count, at `type Source struct`.
    let source_line = std::fs::read_to_string("testdata/cel/realworld/types.go")
        .unwrap()
        .lines()
        .position(|l| l == "type Source struct {")
        .unwrap() as u64
        + 1;
    let found: Vec<_> = run
        .diagnostics
        .iter()
        .map(|d| (d["code"].as_str(), d["line"].as_u64(), d["column"].as_u64()))
        .collect();
    assert_eq!(
        found,
        [(Some("cel/unenforceable"), Some(source_line), Some(6))],
        "{}",
        run.stderr
    );
    assert!(
        run.diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("`labelFilter` is named after none of `type`'s values"),
        "{}",
        run.stderr
    );
    let schemas = schemas_of(&run.document).clone();
    let cases: &[(&str, Value, bool)] = &[
        // 2019, like core SeccompProfile: `LocalhostProfile` is a label, not a value.
        (
            "realworld.Profile",
            json!({"type": "Localhost", "localhostProfile": "p"}),
            true,
        ),
        ("realworld.Profile", json!({"type": "RuntimeDefault"}), true),
        ("realworld.Profile", json!({"type": "Unconfined"}), true),
        // 2019 with an optional discriminator the server fills in.
        ("realworld.Mirror", json!({"git": "g"}), true),
        ("realworld.Mirror", json!({"kind": "Git", "git": "g"}), true),
        ("realworld.Mirror", json!({}), true),
        (
            "realworld.Mirror",
            json!({"git": "g", "registry": "r"}),
            false,
        ),
        // A discriminator with more values than members, and a default.
        ("realworld.DNS", json!({"dnsType": "PlatformDefault"}), true),
        ("realworld.DNS", json!({"dnsType": "None"}), true),
        ("realworld.DNS", json!({"dnsType": ""}), true),
        ("realworld.DNS", json!({}), true),
        (
            "realworld.DNS",
            json!({"dnsType": "ClusterHosted", "clusterHosted": {}}),
            true,
        ),
        ("realworld.DNS", json!({"dnsType": "ClusterHosted"}), false),
        (
            "realworld.DNS",
            json!({"dnsType": "None", "clusterHosted": {}}),
            false,
        ),
        // Plain values: set means not zero; Go writes the unset ones as zero values.
        (
            "realworld.Selector",
            json!({"name": "a", "index": 0, "weight": 0.0, "labels": [], "exact": false}),
            true,
        ),
        (
            "realworld.Selector",
            json!({"name": "", "index": 3, "weight": 0.0, "exact": false}),
            true,
        ),
        ("realworld.Selector", json!({"weight": 0.5}), true),
        (
            "realworld.Selector",
            json!({"exact": true, "labels": []}),
            true,
        ),
        ("realworld.Selector", json!({"labels": ["x"]}), true),
        (
            "realworld.Selector",
            json!({"name": "a", "index": 2}),
            false,
        ),
        (
            "realworld.Selector",
            json!({"name": "", "index": 0, "weight": 0.0, "labels": [], "exact": false}),
            false,
        ),
        ("realworld.Selector", json!({}), false),
        (
            "realworld.Selector",
            json!({"exact": true, "weight": 1.5}),
            false,
        ),
        // `+union` with `+unionMember` fields (OpenShift's style): at most one of the marked
        // members; an unmarked field and an unset discriminator are fine.
        (
            "realworld.TLSProfile",
            json!({"type": "Custom", "custom": {}, "minVersion": "1.2"}),
            true,
        ),
        ("realworld.TLSProfile", json!({"old": {}}), true),
        // `+union` with a field named after no discriminator value: no count rule.
        (
            "realworld.Source",
            json!({"type": "Service", "service": "s", "labelFilter": "l"}),
            true,
        ),
        // Members named after the values (a shared word, initials): at most one.
        (
            "realworld.Balancer",
            json!({"type": "NLB", "networkLoadBalancer": "n"}),
            true,
        ),
        (
            "realworld.Balancer",
            json!({"classicLoadBalancer": "c", "networkLoadBalancer": "n"}),
            false,
        ),
        ("realworld.TLSProfile", json!({}), true),
        (
            "realworld.TLSProfile",
            json!({"old": {}, "custom": {}}),
            false,
        ),
    ];
    for (def, object, valid) in cases {
        assert_eq!(accepted(&schemas[*def], object), *valid, "{def} {object}");
    }
    assert_eq!(
        rules_of(&schemas["realworld.TLSProfile"])
            .into_iter()
            .map(|(rule, _)| rule)
            .collect::<Vec<_>>(),
        ["(has(self.old) ? 1 : 0) + (has(self.custom) ? 1 : 0) <= 1"],
        "the count covers the marked members only"
    );
    assert_eq!(
        schemas["realworld.TLSProfile"]["x-kubernetes-unions"],
        json!([{"discriminator": "type", "fields-to-discriminateBy": {
            "custom": "Custom", "minVersion": "MinVersion", "old": "Old"}}]),
        "listed as openapi-gen lists a `+union` struct: every field, by Go name"
    );
    assert!(rules_of(&schemas["realworld.Profile"]).is_empty());
    assert!(
        rules_of(&schemas["realworld.Review"]).is_empty(),
        "a gated union gets no rule"
    );
}
