//! Property tests: the marker parser round-trips its canonical text, and Go string literals
//! and `+` chains of them evaluate as a reference escaper and plain concatenation say.

use std::ops::Range;

use proptest::prelude::*;
use union_gen::golit as literal;
use union_gen::markers::{parse_marker, Gate, Marker, MarkerArg};

/// `cases` cases; failures are reported (with the shrunk input), not persisted to files.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// --- markers -----------------------------------------------------------------------------

/// A marker name that is not a gate name (a gate with `=` would wrap its value) and does not
/// end with `:` (`name:=value` is controller-gen's spelling of `name=value`).
fn name() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_.:-]{0,11}[A-Za-z0-9_.-]?".prop_filter("not a gate name", |name| {
        !(name.ends_with(':')
            || name.starts_with("k8s:")
                && matches!(
                    name.rsplit(':').next(),
                    Some("alpha" | "beta" | "ifEnabled" | "ifDisabled")
                ))
    })
}

fn gate_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("k8s:alpha".to_string()),
        Just("k8s:beta".to_string()),
        Just("k8s:ifEnabled".to_string()),
        Just("k8s:ifDisabled".to_string()),
        Just("k8s:declarative:alpha".to_string()),
    ]
}

/// Arguments: named ones with distinct names, and at most one positional one; any value
/// (the printer quotes and escapes it).
fn args() -> impl Strategy<Value = Vec<MarkerArg>> {
    let value = prop_oneof![
        "[a-zA-Z_][a-zA-Z0-9_]{0,6}",
        "-?[0-9]{1,4}",
        Just("true".to_string()),
        "\\PC{0,12}",
        any::<String>(),
    ];
    prop::collection::vec((prop::option::of("[A-Za-z][A-Za-z0-9_]{0,8}"), value), 0..4).prop_map(
        |args| {
            let mut seen = std::collections::HashSet::new();
            let mut positional = false;
            args.into_iter()
                .filter(|(name, _)| match name {
                    Some(name) => seen.insert(name.clone()),
                    None => !std::mem::replace(&mut positional, true),
                })
                .map(|(name, value)| MarkerArg {
                    name,
                    value,
                    quoted: true,
                    span: 0..0,
                })
                .collect()
        },
    )
}

/// Text without surrounding whitespace and without control characters.
fn trimmed_text(extra_excluded: &'static str) -> impl Strategy<Value = String> {
    "\\PC{0,24}".prop_filter_map("trimmed, non-empty", move |text| {
        let trimmed = text.trim();
        (!trimmed.is_empty() && !trimmed.contains(|c| extra_excluded.contains(c)))
            .then(|| trimmed.to_string())
    })
}

#[derive(Debug, Clone)]
enum Tail {
    None,
    Value(String),
    Flags(Vec<String>),
    Trailing(String),
}

fn tail() -> impl Strategy<Value = Tail> {
    prop_oneof![
        Just(Tail::None),
        Just(Tail::Value(String::new())),
        trimmed_text("").prop_map(Tail::Value),
        prop::collection::vec(trimmed_text(","), 1..4).prop_map(Tail::Flags),
        trimmed_text("").prop_map(Tail::Trailing),
    ]
}

fn marker() -> impl Strategy<Value = Marker> {
    let gates = prop::collection::vec((gate_name(), args()), 0..3);
    (gates, name(), args(), tail()).prop_map(|(gates, name, args, tail)| {
        let mut marker = Marker {
            name,
            name_span: 0..0,
            args,
            value: None,
            value_span: None,
            flags: Vec::new(),
            gates: gates
                .into_iter()
                .map(|(name, args)| Gate {
                    name,
                    args,
                    span: 0..0,
                })
                .collect(),
            trailing: None,
            span: 0..0,
        };
        match tail {
            Tail::None => {}
            Tail::Value(value) => {
                marker.value = Some(value);
                marker.value_span = Some(0..0);
            }
            Tail::Flags(flags) => marker.flags = flags,
            Tail::Trailing(text) => marker.trailing = Some(text),
        }
        marker
    })
}

/// The marker with every span emptied (spans are positions, not meaning).
fn without_spans(mut marker: Marker) -> Marker {
    let empty = |_: Range<usize>| 0..0;
    marker.span = empty(marker.span);
    marker.name_span = empty(marker.name_span);
    marker.value_span = marker.value_span.map(empty);
    for arg in &mut marker.args {
        arg.span = 0..0;
    }
    for gate in &mut marker.gates {
        gate.span = 0..0;
        for arg in &mut gate.args {
            arg.span = 0..0;
        }
    }
    marker
}

proptest! {
    #![proptest_config(config(2000))]

    /// parse ∘ print is the identity (modulo spans) on markers of every syntax: plain,
    /// `=value`, `,flags`, trailing text, kubebuilder names, named and positional arguments,
    /// gated wrappers.
    #[test]
    fn marker_round_trip(marker in marker()) {
        let text = marker.to_text();
        let parsed = parse_marker(&text);
        let parsed = match parsed {
            Some(Ok(parsed)) => parsed,
            other => panic!("{text:?} did not parse: {other:?}"),
        };
        prop_assert_eq!(without_spans(parsed), without_spans(marker), "text: {:?}", text);
    }

    /// Any text: no panic, spans are character ranges of the text, and leading spaces before
    /// the text (as in `//   +x`) only shift the spans.
    #[test]
    fn marker_parser_total(text in any::<String>(), indent in 0usize..4) {
        let result = parse_marker(&text);
        let ranges: Vec<Range<usize>> = match &result {
            Some(Ok(m)) => std::iter::once(m.span.clone())
                .chain(std::iter::once(m.name_span.clone()))
                .chain(m.value_span.clone())
                .chain(m.args.iter().map(|a| a.span.clone()))
                .chain(m.gates.iter().map(|g| g.span.clone()))
                .collect(),
            Some(Err(e)) => vec![e.span.clone()],
            None => Vec::new(),
        };
        for range in ranges {
            prop_assert!(range.start <= range.end && range.end <= text.len());
            prop_assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
        }
        if !text.starts_with(char::is_whitespace) {
            let shifted = parse_marker(&format!("{}{text}", " ".repeat(indent)));
            prop_assert_eq!(
                shifted.map(|r| r.map(without_spans).map_err(|e| e.message)),
                result.map(|r| r.map(without_spans).map_err(|e| e.message))
            );
        }
    }
}

// --- string literals and constant evaluation -----------------------------------------------

/// How the reference escaper writes one byte or character.
#[derive(Debug, Clone, Copy)]
enum Style {
    Plain,
    Hex,
    Octal,
    Unicode,
}

/// A reference Go escaper: writes `bytes` as an interpreted string literal, choosing the
/// escape of each unit from `styles` (cycled). Valid UTF-8 runs may be written plainly or
/// as `\u`/`\U`; other bytes as `\x` or octal.
fn escape(bytes: &[u8], styles: &[Style]) -> String {
    let mut out = String::from("\"");
    let mut index = 0;
    let mut unit = 0;
    while index < bytes.len() {
        let style = styles[unit % styles.len()];
        unit += 1;
        let rest = &bytes[index..];
        let valid = match std::str::from_utf8(rest) {
            Ok(text) => text,
            Err(error) => std::str::from_utf8(&rest[..error.valid_up_to()]).unwrap_or(""),
        };
        match valid.chars().next() {
            Some(c) => {
                index += c.len_utf8();
                match (style, c) {
                    (Style::Unicode, c) if (c as u32) > 0xffff => {
                        out.push_str(&format!("\\U{:08x}", c as u32))
                    }
                    (Style::Unicode, c) => out.push_str(&format!("\\u{:04X}", c as u32)),
                    (Style::Hex | Style::Octal, c) if c.is_ascii() => {
                        if matches!(style, Style::Hex) {
                            out.push_str(&format!("\\x{:02x}", c as u32));
                        } else {
                            out.push_str(&format!("\\{:03o}", c as u32));
                        }
                    }
                    (_, '"') => out.push_str("\\\""),
                    (_, '\\') => out.push_str("\\\\"),
                    (_, '\n') => out.push_str("\\n"),
                    (_, '\r') => out.push_str("\\r"),
                    (_, '\t') => out.push_str("\\t"),
                    (_, '\u{7}') => out.push_str("\\a"),
                    (_, '\u{8}') => out.push_str("\\b"),
                    (_, '\u{c}') => out.push_str("\\f"),
                    (_, '\u{b}') => out.push_str("\\v"),
                    (_, c) if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
                    (_, c) => out.push(c),
                }
            }
            None => {
                let byte = rest[0];
                index += 1;
                if matches!(style, Style::Octal) {
                    out.push_str(&format!("\\{byte:03o}"));
                } else {
                    out.push_str(&format!("\\x{byte:02X}"));
                }
            }
        }
    }
    out.push('"');
    out
}

fn styles() -> impl Strategy<Value = Vec<Style>> {
    prop::collection::vec(
        prop_oneof![
            Just(Style::Plain),
            Just(Style::Hex),
            Just(Style::Octal),
            Just(Style::Unicode)
        ],
        1..6,
    )
}

/// Bytes that are mostly text: UTF-8 strings with some arbitrary bytes mixed in.
fn go_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        any::<String>().prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>(), 0..24),
        "[a-z \"\\\\\\n\\t`]{0,16}".prop_map(String::into_bytes),
    ]
}

proptest! {
    #![proptest_config(config(2000))]

    /// `unquote` inverts the reference escaper, whatever the escape styles.
    #[test]
    fn unquote_inverts_the_reference_escaper(bytes in go_bytes(), styles in styles()) {
        let literal = escape(&bytes, &styles);
        prop_assert_eq!(literal::unquote(&literal), Ok(bytes), "literal: {}", literal);
    }

    /// Raw strings are their text minus carriage returns.
    #[test]
    fn raw_strings(text in "[^`]{0,32}") {
        let literal = format!("`{text}`");
        prop_assert_eq!(
            literal::unquote(&literal),
            Ok(text.bytes().filter(|b| *b != b'\r').collect::<Vec<u8>>())
        );
    }

    /// Any text: `unquote` never panics.
    #[test]
    fn unquote_is_total(text in any::<String>()) {
        let _ = literal::unquote(&text);
        let _ = literal::unquote(&format!("\"{text}\""));
    }
}

/// The enum values `generate` finds for the constants `A…` of `type E string` written as
/// `+` chains of the given literals (some through other constants).
fn evaluate_chains(chains: &[Vec<String>]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    std::fs::write(root.join("go.mod"), "module example.com/m\n").expect("go.mod");
    std::fs::create_dir(root.join("p")).expect("package directory");
    let mut text = String::from("package p\n\n// +enum\ntype E string\n\nconst (\n");
    for (index, chain) in chains.iter().enumerate() {
        // The first literal through an untyped helper constant, the rest inline.
        let (first, rest) = chain.split_first().expect("non-empty chain");
        text.push_str(&format!("\thelper{index} = {first}\n"));
        let mut terms = vec![format!("helper{index}")];
        terms.extend(rest.iter().cloned());
        text.push_str(&format!("\tA{index} E = {}\n", terms.join(" + ")));
    }
    text.push_str(")\n\ntype T struct {\n\tE E `json:\"e\"`\n}\n");
    std::fs::write(root.join("p/types.go"), &text).expect("types.go");
    let pattern = format!("{}/...", root.to_string_lossy());
    let run = crate::harness::generate_json(&["--v2", "-", &pattern]);
    assert_eq!(run.code, 0, "{}\n{text}", run.stderr);
    let definitions = crate::harness::schemas_of(&run.document);
    let (_, t) = definitions.iter().next().expect("one definition");
    t["properties"]["e"]["enum"]
        .as_array()
        .expect("enum list")
        .iter()
        .map(|v| v.as_str().expect("string value").to_string())
        .collect()
}

proptest! {
    #![proptest_config(config(64))]

    /// `+` chains of escaped literals evaluate to the concatenation of the byte strings
    /// (as JSON text: invalid UTF-8 becomes U+FFFD, as Go's encoder does).
    #[test]
    fn constant_chains_concatenate(
        parts in prop::collection::vec(prop::collection::vec(go_bytes(), 1..5), 1..4),
        styles in styles(),
    ) {
        let chains: Vec<Vec<String>> = parts
            .iter()
            .map(|chain| chain.iter().map(|bytes| escape(bytes, &styles)).collect())
            .collect();
        let mut expected: Vec<String> = parts
            .iter()
            .map(|chain| String::from_utf8_lossy(&chain.concat()).into_owned())
            .collect();
        expected.sort_by_key(|v| union_gen::golit::go_quote(v));
        expected.dedup();
        let mut found = evaluate_chains(&chains);
        found.sort_by_key(|v| union_gen::golit::go_quote(v));
        prop_assert_eq!(found, expected);
    }
}

// --- CEL union rules ---------------------------------------------------------------------

use serde_json::{json, Map, Value};
use union_gen::model::{
    Count, DiscriminatorValues, Listed, MemberSet, Union, UnionMeaning, UnionMember, ZeroForm,
};

/// The 2019 KEP's unions: the discriminator's values are labels.
const LABELLED: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Label,
    listed: Listed::Always,
};
/// KEP-1027's and declarative validation's: its values select members.
const SELECTING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::UnlessOpenApiGen,
};
use union_gen::schema::cel::{self, FieldFacts, Finding, StructFacts, ValueKind};

/// One member's Go form: how it looks set and unset.
#[derive(Debug, Clone)]
struct MemberShape {
    zero: ZeroForm,
    kind: ValueKind,
    omitempty: bool,
    optional: bool,
    /// Index into the value pool.
    value: usize,
}

/// A discriminator: required, the allowed values (pool indexes, and whether `""` is one),
/// the default (a pool index).
type DiscriminatorShape = (bool, Option<(Vec<usize>, bool)>, Option<usize>);

#[derive(Debug, Clone)]
struct UnionShape {
    meaning: UnionMeaning,
    /// Members may be `,optional` (KEP-1027's).
    optional_members: bool,
    exactly_one: bool,
    discriminator: Option<DiscriminatorShape>,
    members: Vec<MemberShape>,
}

const POOL: &[&str] = &["A", "B", "C", "D", "it's"];

fn member_shape() -> impl Strategy<Value = MemberShape> {
    (
        prop_oneof![
            Just((ZeroForm::Absent, ValueKind::Object)),
            Just((ZeroForm::Absent, ValueKind::String)),
            Just((ZeroForm::Empty, ValueKind::String)),
            Just((ZeroForm::Empty, ValueKind::Integer)),
            Just((ZeroForm::Empty, ValueKind::Number)),
            Just((ZeroForm::Empty, ValueKind::Boolean)),
            Just((ZeroForm::Empty, ValueKind::List)),
            Just((ZeroForm::Empty, ValueKind::Map)),
            Just((ZeroForm::Opaque, ValueKind::Object)),
        ],
        any::<bool>(),
        any::<bool>(),
        0..POOL.len(),
    )
        .prop_map(|((zero, kind), omitempty, optional, value)| MemberShape {
            zero,
            kind,
            omitempty,
            optional,
            value,
        })
}

fn union_shape() -> impl Strategy<Value = UnionShape> {
    (
        prop_oneof![
            Just((LABELLED, false)),
            Just((SELECTING, true)),
            Just((SELECTING, false))
        ],
        any::<bool>(),
        proptest::option::of((
            any::<bool>(),
            proptest::option::of((
                proptest::collection::vec(0..POOL.len(), 0..4),
                any::<bool>(),
            )),
            proptest::option::of(0..POOL.len()),
        )),
        proptest::collection::vec(member_shape(), 1..5),
    )
        .prop_map(
            |((meaning, optional_members), exactly_one, discriminator, members)| UnionShape {
                meaning,
                optional_members,
                exactly_one,
                discriminator,
                members,
            },
        )
        // resolve reports members that share a value and keeps the first only
        .prop_filter("distinct member values", |shape| {
            let mut values: Vec<usize> = shape.members.iter().map(|m| m.value).collect();
            values.sort_unstable();
            values.windows(2).all(|w| w[0] != w[1])
        })
}

/// The model union and facts of a shape (members `m0`, `m1`, …; discriminator `d`).
fn model_of(shape: &UnionShape) -> (Union, StructFacts) {
    let allowed = shape.discriminator.as_ref().and_then(|(_, allowed, _)| {
        allowed.as_ref().map(|(values, empty)| {
            let mut list: Vec<String> = values.iter().map(|i| POOL[*i].to_string()).collect();
            if *empty {
                list.push(String::new());
            }
            list
        })
    });
    let mut fields: Vec<(String, FieldFacts)> = shape
        .members
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let facts = FieldFacts {
                zero: m.zero,
                kind: m.kind,
                omitempty: m.omitempty,
                allowed: None,
                default: None,
                required: false,
                max_items: None,
            };
            (format!("m{i}"), facts)
        })
        .collect();
    if let Some((required, _, default)) = &shape.discriminator {
        // A default the schema allows.
        let default = default
            .map(|i| POOL[i].to_string())
            .filter(|v| allowed.as_ref().is_none_or(|a| a.contains(v)));
        fields.push((
            "d".into(),
            FieldFacts {
                zero: ZeroForm::Empty,
                kind: ValueKind::String,
                omitempty: !required,
                allowed,
                default: default.map(Value::from),
                required: *required,
                max_items: None,
            },
        ));
    }
    let union = Union {
        meaning: shape.meaning,
        gated: false,
        discriminator: shape.discriminator.as_ref().map(|_| "d".to_string()),
        members: shape
            .members
            .iter()
            .enumerate()
            .map(|(i, m)| UnionMember {
                json_name: format!("m{i}"),
                value: POOL[m.value].into(),
                optional: m.optional && shape.optional_members,
                gated: false,
            })
            .collect(),
        empty_values: Vec::new(),
        named_members: Vec::new(),
        items: None,
        count: if shape.exactly_one {
            Count::ExactlyOne
        } else {
            Count::AtMostOne
        },
        subfield: None,
    };
    (union, StructFacts::from_fields(fields))
}

fn set_value(kind: ValueKind) -> Value {
    match kind {
        ValueKind::String | ValueKind::Any => json!("v"),
        ValueKind::Integer => json!(7),
        ValueKind::Number => json!(2.5),
        ValueKind::Boolean => json!(true),
        ValueKind::List => json!(["v"]),
        ValueKind::Map => json!({"k": "v"}),
        ValueKind::Object => json!({}),
    }
}

fn zero_value(kind: ValueKind) -> Value {
    match kind {
        ValueKind::String | ValueKind::Any => json!(""),
        ValueKind::Integer => json!(0),
        ValueKind::Number => json!(0.0),
        ValueKind::Boolean => json!(false),
        ValueKind::List => json!([]),
        ValueKind::Map | ValueKind::Object => json!({}),
    }
}

/// Every object the union's semantics accept (written independently of the generator):
/// a member set or unset in each way a client may write it; what `required` and the
/// discriminator's `enum` reject is left to the schema and not generated.
fn valid_objects(
    shape: &UnionShape,
    union: &Union,
    facts: &StructFacts,
) -> Vec<Map<String, Value>> {
    let n = shape.members.len();
    let selections: Vec<(Option<String>, Vec<bool>)> = {
        let subsets =
            (0..1u32 << n).map(|mask| (0..n).map(|i| mask & (1 << i) != 0).collect::<Vec<bool>>());
        let at_most_one = |set: &Vec<bool>| set.iter().filter(|s| **s).count() <= 1;
        let d = union.discriminator.as_deref().and_then(|d| facts.get(d));
        let mut out = Vec::new();
        for set in subsets {
            match (shape.meaning.discriminator, d) {
                (DiscriminatorValues::Label, _) => {
                    if at_most_one(&set) {
                        out.push((None, set.clone()));
                        for value in d.and_then(|d| d.allowed.clone()).unwrap_or_default() {
                            out.push((Some(value), set.clone()));
                        }
                    }
                }
                (_, None) => {
                    let count = set.iter().filter(|s| **s).count();
                    if count == 1 || (count == 0 && !shape.exactly_one) {
                        out.push((None, set.clone()));
                    }
                }
                (_, Some(d)) => {
                    let unset_allowed = !d.required && d.default.is_none();
                    if unset_allowed && at_most_one(&set) {
                        out.push((None, set.clone()));
                    }
                    let values: Vec<String> = match &d.allowed {
                        Some(values) => values.clone(),
                        None => POOL
                            .iter()
                            .map(|v| v.to_string())
                            .chain(["Other".into()])
                            .collect(),
                    };
                    for value in values {
                        let ok = if value.is_empty() {
                            at_most_one(&set)
                        } else {
                            union.members.iter().zip(&set).all(|(m, on)| {
                                if m.value == value {
                                    *on || m.optional
                                } else {
                                    !on
                                }
                            })
                        };
                        if ok {
                            out.push((Some(value), set.clone()));
                        }
                    }
                }
            }
        }
        out
    };
    let mut objects = Vec::new();
    for (value, set) in selections {
        // Unset members absent, or (Go's way) written as zero values.
        for go_zeros in [false, true] {
            let mut object = Map::new();
            if let Some(value) = &value {
                object.insert("d".into(), value.clone().into());
            }
            for (i, (m, on)) in shape.members.iter().zip(&set).enumerate() {
                let name = format!("m{i}");
                if *on {
                    object.insert(name, set_value(m.kind));
                } else if go_zeros && m.zero == ZeroForm::Empty {
                    object.insert(name, zero_value(m.kind));
                }
            }
            objects.push(object);
        }
    }
    objects
}

proptest! {
    #![proptest_config(config(256))]

    /// The first law: no written rule rejects an object the union's semantics accept, and
    /// the self-check never has to drop one (no member has a default here).
    #[test]
    fn union_rules_accept_every_valid_object(shape in union_shape()) {
        let (union, facts) = model_of(&shape);
        let plan = cel::plan(std::slice::from_ref(&union), &facts);
        for finding in &plan.findings {
            prop_assert!(!matches!(finding, Finding::RejectsValid { .. }), "{finding:?}");
        }
        let programs: Vec<(String, ::cel::Program)> = plan
            .rules
            .iter()
            .map(|r| (r.rule.clone(), ::cel::Program::compile(&r.rule).expect("rules compile")))
            .collect();
        for object in valid_objects(&shape, &union, &facts) {
            let typed: Map<String, Value> = object
                .iter()
                .map(|(k, v)| match (facts.get(k).map(|f| f.kind), v.as_f64()) {
                    (Some(ValueKind::Number), Some(x)) => (k.clone(), Value::from(x)),
                    _ => (k.clone(), v.clone()),
                })
                .collect();
            let mut context = ::cel::Context::default();
            context.add_variable_from_value("self", ::cel::to_value(Value::Object(typed)).unwrap());
            for (rule, program) in &programs {
                let verdict = program.execute(&context);
                prop_assert!(
                    matches!(verdict, Ok(::cel::Value::Bool(true))),
                    "`{rule}` gave {verdict:?} on valid {}", Value::Object(object)
                );
            }
        }
    }
}
