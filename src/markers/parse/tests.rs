//! Unit tests of `parse`.

use super::*;

fn ok(text: &str) -> Marker {
    match parse_marker(text) {
        Some(Ok(m)) => m,
        other => panic!("{text:?}: expected a marker, got {other:?}"),
    }
}

fn err(text: &str) -> MarkerError {
    match parse_marker(text) {
        Some(Err(e)) => e,
        other => panic!("{text:?}: expected an error, got {other:?}"),
    }
}

/// Spans differ between original and re-rendered text; compare everything else.
fn without_spans(m: &Marker) -> Marker {
    let clear = |args: &[MarkerArg]| -> Vec<MarkerArg> {
        args.iter()
            .map(|a| MarkerArg {
                span: 0..0,
                ..a.clone()
            })
            .collect()
    };
    Marker {
        name_span: 0..0,
        value_span: None,
        span: 0..0,
        args: clear(&m.args),
        gates: m
            .gates
            .iter()
            .map(|g| Gate {
                name: g.name.clone(),
                args: clear(&g.args),
                span: 0..0,
            })
            .collect(),
        ..m.clone()
    }
}

fn assert_round_trip(text: &str) {
    let m = ok(text);
    let printed = m.to_text();
    let again = ok(&printed);
    assert_eq!(
        without_spans(&m),
        without_spans(&again),
        "{text:?} -> {printed:?}"
    );
    assert_eq!(again.to_text(), printed);
}

fn assert_spans_valid(text: &str, m: &Marker) {
    assert_eq!(&text[m.name_span.clone()], m.name);
    if let (Some(v), Some(s)) = (&m.value, &m.value_span) {
        assert_eq!(&text[s.clone()], v);
    }
    assert_eq!(
        text.get(m.span.clone()).map(|s| s.starts_with('+')),
        Some(true)
    );
    for a in m
        .args
        .iter()
        .chain(m.gates.iter().flat_map(|g| g.args.iter()))
    {
        assert!(text.get(a.span.clone()).is_some());
    }
    for g in &m.gates {
        assert_eq!(
            text.get(g.span.clone()).map(|s| s.starts_with('+')),
            Some(true)
        );
    }
}

const EXAMPLES: &[&str] = &[
    "+enum",
    "+optional",
    "+listType=map",
    "+listMapKey=name",
    "+patchStrategy=merge,retainKeys",
    "+default=\"foo\"",
    "+default={\"a\": 1}",
    "+unionMember=ALPHA,optional",
    "+unionMember,optional",
    "+k8s:openapi-gen=false",
    "+groupName=apps.k8s.io",
    "+genclient:nonNamespaced",
    "+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
    "+kubebuilder:validation:Enum=A;B;C",
    "+kubebuilder:validation:XValidation:rule=\"self.x > 0\",message=\"must be positive\"",
    "+kubebuilder:object:root=true",
    "+k8s:unionMember(union: \"backend\", memberName: \"service\")",
    "+k8s:unionDiscriminator",
    "+k8s:zeroOrOneOfMember(union: \"u\")",
    "+k8s:enum",
    "+k8s:optional",
    "+k8s:maxLength=63",
    "+k8s:listMapKey=name",
    "+k8s:ifEnabled(Foo)=+k8s:optional",
    "+k8s:alpha(since: \"1.37\")=+k8s:unionMember",
    "+k8s:beta(since: \"1.37\")=+k8s:optional",
    "+k8s:alpha(since: \"1.35\")=+k8s:unionMember(union: \"u\", memberName: \"X\")",
    "+optional // comment",
    "+k8s:foo(a: `raw \"x\"`, b: 42, c: true)",
    "+k8s:foo(a: \"tab\\there, \\\"q\\\" (x)\")",
    "+k8s:ifEnabled(Foo)=+k8s:alpha(since: \"1.1\")=+k8s:optional",
];

#[test]
fn plain_markers() {
    let m = ok("+enum");
    assert_eq!(m.name, "enum");
    assert!(m.args.is_empty() && m.value.is_none() && m.flags.is_empty() && m.gates.is_empty());
    assert_eq!(m.trailing, None);
    assert_eq!(m.span, 0..5);

    assert_eq!(ok("+optional").name, "optional");
    let m = ok("+listType=map");
    assert_eq!(
        (m.name.as_str(), m.value.as_deref()),
        ("listType", Some("map"))
    );
    assert_eq!(ok("+listMapKey=name").value.as_deref(), Some("name"));
    assert_eq!(
        ok("+patchStrategy=merge,retainKeys").value.as_deref(),
        Some("merge,retainKeys")
    );
    assert_eq!(ok("+default=\"foo\"").value.as_deref(), Some("\"foo\""));
    assert_eq!(
        ok("+default={\"a\": 1}").value.as_deref(),
        Some("{\"a\": 1}")
    );
    assert_eq!(ok("+default=\"a,b\"").value.as_deref(), Some("\"a,b\""));
    let m = ok("+unionMember=ALPHA,optional");
    assert_eq!(m.value.as_deref(), Some("ALPHA,optional"));
    assert!(m.flags.is_empty());
    let m = ok("+unionMember,optional");
    assert_eq!(m.name, "unionMember");
    assert_eq!(m.flags, vec!["optional"]);
    assert_eq!(m.value, None);
    assert_eq!(ok("+unionMember, a , b,,").flags, vec!["a", "b"]);
    let m = ok("+k8s:openapi-gen=false");
    assert_eq!(
        (m.name.as_str(), m.value.as_deref()),
        ("k8s:openapi-gen", Some("false"))
    );
    assert_eq!(
        ok("+groupName=apps.k8s.io").value.as_deref(),
        Some("apps.k8s.io")
    );
    assert_eq!(
        ok("+genclient:nonNamespaced").name,
        "genclient:nonNamespaced"
    );
    let m = ok("+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object");
    assert_eq!(m.name, "k8s:deepcopy-gen:interfaces");
    assert_eq!(
        m.value.as_deref(),
        Some("k8s.io/apimachinery/pkg/runtime.Object")
    );
}

#[test]
fn kubebuilder_markers() {
    let m = ok("+kubebuilder:validation:Enum=A;B;C");
    assert_eq!(m.name, "kubebuilder:validation:Enum");
    assert_eq!(m.value.as_deref(), Some("A;B;C"));
    let m =
        ok("+kubebuilder:validation:XValidation:rule=\"self.x > 0\",message=\"must be positive\"");
    // Name chars include ':', so the first key stays in the name; callers split it.
    assert_eq!(m.name, "kubebuilder:validation:XValidation:rule");
    assert_eq!(
        m.value.as_deref(),
        Some("\"self.x > 0\",message=\"must be positive\"")
    );
    let m = ok("+kubebuilder:object:root=true");
    assert_eq!(
        (m.name.as_str(), m.value.as_deref()),
        ("kubebuilder:object:root", Some("true"))
    );
    // controller-gen's `:=` (an empty argument name) means `=`.
    let text = "+kubebuilder:validation:Enum:=A;B";
    let m = ok(text);
    assert_eq!(
        (m.name.as_str(), m.value.as_deref()),
        ("kubebuilder:validation:Enum", Some("A;B"))
    );
    assert_eq!(&text[m.name_span], "kubebuilder:validation:Enum");
    let m = ok("+default:=\"Enabled\"");
    assert_eq!(
        (m.name.as_str(), m.value.as_deref()),
        ("default", Some("\"Enabled\""))
    );
}

#[test]
fn declarative_markers() {
    let text = "+k8s:unionMember(union: \"backend\", memberName: \"service\")";
    let m = ok(text);
    assert_eq!(m.name, "k8s:unionMember");
    assert_eq!(m.arg("union"), Some("backend"));
    assert_eq!(m.arg("memberName"), Some("service"));
    assert_eq!(m.arg("nope"), None);
    assert_eq!(m.positional(), None);
    assert_eq!(&text[m.args[0].span.clone()], "union: \"backend\"");
    assert_eq!(&text[m.args[1].span.clone()], "memberName: \"service\"");
    assert_eq!(m.value, None);

    assert_eq!(ok("+k8s:unionDiscriminator").name, "k8s:unionDiscriminator");
    assert_eq!(
        ok("+k8s:zeroOrOneOfMember(union: \"u\")").arg("union"),
        Some("u")
    );
    assert_eq!(ok("+k8s:enum").name, "k8s:enum");
    assert_eq!(ok("+k8s:optional").name, "k8s:optional");
    assert_eq!(ok("+k8s:maxLength=63").value.as_deref(), Some("63"));
    assert_eq!(ok("+k8s:listMapKey=name").value.as_deref(), Some("name"));

    let m = ok("+k8s:foo(a:1,b :  true ,c: Foo, d: `x, \"y\" (z)`)");
    assert_eq!(m.arg("a"), Some("1"));
    assert_eq!(m.arg("b"), Some("true"));
    assert_eq!(m.arg("c"), Some("Foo"));
    assert_eq!(m.arg("d"), Some("x, \"y\" (z)"));

    let m = ok(r#"+k8s:foo(a: "q\"uo\\te\n(,)", b: "\x41\101\u00e9\U0001F600")"#);
    assert_eq!(m.arg("a"), Some("q\"uo\\te\n(,)"));
    assert_eq!(m.arg("b"), Some("AAé😀"));

    let m = ok("+k8s:foo(a: 1)=bar");
    assert_eq!(m.arg("a"), Some("1"));
    assert_eq!(m.value.as_deref(), Some("bar"));
    let m = ok("+k8s:foo(a: 1),x");
    assert_eq!(m.flags, vec!["x"]);
    let m = ok("+k8s:foo()");
    assert!(m.args.is_empty());
    let m = ok("+k8s:foo(a: 1,)");
    assert_eq!(m.args.len(), 1);
}

#[test]
fn positional_and_if_enabled() {
    let text = "+k8s:ifEnabled(Foo)=+k8s:optional";
    let m = ok(text);
    assert_eq!(m.name, "k8s:optional");
    assert_eq!(m.gates.len(), 1);
    assert_eq!(m.gates[0].name, "k8s:ifEnabled");
    assert_eq!(
        m.gates[0].args,
        vec![MarkerArg {
            name: None,
            value: "Foo".into(),
            quoted: false,
            span: 15..18
        }]
    );
    assert_eq!(&text[m.gates[0].span.clone()], "+k8s:ifEnabled(Foo)");
    assert_eq!(&text[m.name_span.clone()], "k8s:optional");
    assert_eq!(m.span, 0..text.len());

    let m = ok("+k8s:ifEnabled(Foo)");
    assert_eq!(m.name, "k8s:ifEnabled");
    assert_eq!(m.positional(), Some("Foo"));
    assert!(m.gates.is_empty());
    assert_eq!(ok("+k8s:x(\"a b\", c: d)").positional(), Some("a b"));
}

#[test]
fn gated_markers() {
    let text = "+k8s:alpha(since: \"1.37\")=+k8s:unionMember";
    let m = ok(text);
    assert_eq!(m.name, "k8s:unionMember");
    assert_eq!(
        m.gates,
        vec![Gate {
            name: "k8s:alpha".into(),
            args: vec![MarkerArg {
                name: Some("since".into()),
                value: "1.37".into(),
                quoted: true,
                span: 11..24
            }],
            span: 0..25,
        }]
    );
    assert_eq!(m.gates[0].arg("since"), Some("1.37"));
    assert_eq!(&text[m.name_span.clone()], "k8s:unionMember");
    assert_eq!(m.span, 0..text.len());

    let m = ok("+k8s:beta(since: \"1.37\")=+k8s:optional");
    assert_eq!(
        (m.name.as_str(), m.gates[0].name.as_str()),
        ("k8s:optional", "k8s:beta")
    );

    let text = "  +k8s:alpha(since: \"1.35\")=+k8s:unionMember(union: \"u\", memberName: \"X\")  ";
    let m = ok(text);
    assert_eq!(m.name, "k8s:unionMember");
    assert_eq!(m.arg("union"), Some("u"));
    assert_eq!(m.arg("memberName"), Some("X"));
    assert_eq!(&text[m.name_span.clone()], "k8s:unionMember");
    assert_eq!(&text[m.args[0].span.clone()], "union: \"u\"");
    assert_eq!(&text[m.args[1].span.clone()], "memberName: \"X\"");
    assert_eq!(&text[m.span], text.trim());

    let text = "+k8s:ifEnabled(Foo)=+k8s:alpha(since: \"1.1\")=+k8s:maxLength=63";
    let m = ok(text);
    assert_eq!(m.name, "k8s:maxLength");
    assert_eq!(m.value.as_deref(), Some("63"));
    assert_eq!(&text[m.value_span.clone().unwrap()], "63");
    let names: Vec<_> = m.gates.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["k8s:ifEnabled", "k8s:alpha"]);
    assert_eq!(&text[m.gates[1].span.clone()], "+k8s:alpha(since: \"1.1\")");

    // Non-k8s names ending in alpha are not gates.
    let m = ok("+foo:alpha=+bar");
    assert_eq!(m.value.as_deref(), Some("+bar"));
    assert!(ok("+k8s:sub:beta=+k8s:optional").gates.len() == 1);
    assert_eq!(
        ok("+k8s:ifDisabled(X)=+k8s:optional").gates[0].name,
        "k8s:ifDisabled"
    );
}

#[test]
fn trailing_text() {
    let m = ok("+optional // comment");
    assert_eq!(m.name, "optional");
    assert_eq!(m.trailing.as_deref(), Some("// comment"));
    let m = ok("   +optional\t \t");
    assert_eq!(m.trailing, None);
    assert_eq!(m.span, 3..12);
    let m = ok("+k8s:foo(a: 1) more words");
    assert_eq!(m.trailing.as_deref(), Some("more words"));
    let m = ok("+listType=map // x");
    assert_eq!(m.value.as_deref(), Some("map // x"));
    assert_eq!(m.trailing, None);
}

#[test]
fn prose_is_not_a_marker() {
    for text in [
        "+1 to that",
        "+ see below",
        "+---+",
        "+",
        "  +  ",
        "",
        "   ",
        "plain comment",
        "x +enum",
        "+a+b",
        "+foo\"bar",
        "+é",
        "+enumé",
        "+_x",
        "+foo)",
    ] {
        assert_eq!(parse_marker(text), None, "{text:?}");
    }
}

#[test]
fn errors() {
    let e = err("+k8s:unionMember(union: \"backend\"");
    assert_eq!(
        e.message,
        "missing `)` to close the arguments of `+k8s:unionMember`"
    );
    assert_eq!(e.name.as_deref(), Some("k8s:unionMember"));
    assert_eq!(e.span.start, 16);

    let e = err("+k8s:unionMember(union: \"backend)");
    assert_eq!(e.message, "unterminated string in marker arguments");
    assert_eq!(e.span, 24..33);
    assert_eq!(
        err("+k8s:x(a: `raw)").message,
        "unterminated raw string in marker arguments"
    );

    let e = err("+k8s:unionMember(union:)");
    assert_eq!(e.message, "argument `union` has no value");
    assert_eq!(
        err("+k8s:unionMember(union: , b: 1)").message,
        "argument `union` has no value"
    );

    let e = err("+k8s:unionMember(union \"backend\")");
    assert_eq!(e.message, "missing `:` after argument name `union`");
    assert_eq!(e.span, 17..22);

    let e = err("+k8s:unionMember(union: \"a\", union: \"b\")");
    assert_eq!(e.message, "duplicate argument `union`");

    let text = "+k8s:alpha(since: \"1.37\")=k8s:optional";
    let e = err(text);
    assert_eq!(
        e.message,
        "gated marker `+k8s:alpha` must wrap another marker, e.g. `=+k8s:optional`"
    );
    assert_eq!(e.name.as_deref(), Some("k8s:alpha"));
    assert_eq!(&text[e.span], "k8s:optional");

    let e = err("+k8s:alpha(since: \"1.37\")=   ");
    assert!(e.message.contains("empty payload"), "{}", e.message);
    assert!(err("+k8s:beta=+1")
        .message
        .contains("must wrap another marker"));

    // Errors inside the payload carry the payload's name and original offsets.
    let text = "+k8s:alpha(since: \"1.37\")=+k8s:unionMember(union:)";
    let e = err(text);
    assert_eq!(e.name.as_deref(), Some("k8s:unionMember"));
    assert_eq!(&text[e.span], "union:");

    assert!(err("+k8s:x(a: 1)y").message.contains("unexpected `y`"));
    assert!(err("+k8s:x(a: 1 2)")
        .message
        .contains("expected `,` or `)`"));
    assert!(err("+k8s:x(a, b)").message.contains("only one positional"));
    assert!(err("+k8s:x(a: (b))").message.contains("unexpected `(`"));
    assert!(err(r#"+k8s:x(a: "\q")"#)
        .message
        .contains("invalid escape `\\q`"));
    assert!(err(r#"+k8s:x(a: "\xff")"#)
        .message
        .contains("invalid escape"));
    assert!(err(r#"+k8s:x(a: "\u12")"#)
        .message
        .contains("invalid escape"));
    assert!(err(r#"+k8s:x(a: "\"#).message.contains("unterminated"));

    let deep = "+k8s:alpha=".repeat(40) + "+k8s:optional";
    assert!(err(&deep).message.contains("too many nested"));
}

#[test]
fn examples_have_valid_spans_and_round_trip() {
    for text in EXAMPLES {
        let m = ok(text);
        assert_spans_valid(text, &m);
        assert_round_trip(text);
    }
    assert_eq!(
        ok("+k8s:alpha(since:\"1.35\")=+k8s:unionMember(union:`u`,memberName: X)").to_text(),
        "+k8s:alpha(since: \"1.35\")=+k8s:unionMember(union: \"u\", memberName: X)"
    );
    assert_eq!(
        ok("+unionMember, optional ").to_text(),
        "+unionMember,optional"
    );
    // Whitespace right after the name ends the marker; the rest is trailing text.
    assert_eq!(
        ok("+unionMember , optional").trailing.as_deref(),
        Some(", optional")
    );
    assert_eq!(ok("+k8s:x(a: \"\")").to_text(), "+k8s:x(a: \"\")");
    assert_eq!(
        ok("+k8s:x(a: -42, b: true, c: `Foo`)").to_text(),
        "+k8s:x(a: -42, b: true, c: \"Foo\")"
    );
    assert_eq!(
        ok("+k8s:ifEnabled(\"Foo\")=+k8s:optional").to_text(),
        "+k8s:ifEnabled(\"Foo\")=+k8s:optional"
    );
    assert_eq!(
        ok("+k8s:ifEnabled(\"a b\")").to_text(),
        "+k8s:ifEnabled(\"a b\")"
    );
    assert_eq!(
        ok("+k8s:x(a: \"\\x01é\\t\")").to_text(),
        "+k8s:x(a: \"\\x01é\\t\")"
    );
}

#[test]
fn random_input_never_panics() {
    const ALPHABET: &[&str] = &[
        "+",
        "(",
        ")",
        ":",
        "\"",
        "`",
        "=",
        ",",
        "a",
        "k",
        "8",
        "é",
        "\\",
        " ",
        "+k8s:alpha",
        "x",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        // Knuth's MMIX LCG; the high bits are the well-mixed ones.
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let mut parsed = 0;
    for i in 0..2000 {
        let len = next() % 24;
        let mut text = String::new();
        if i % 2 == 0 {
            text.push('+');
        }
        for _ in 0..len {
            text.push_str(ALPHABET[next() % ALPHABET.len()]);
        }
        match parse_marker(&text) {
            None => {}
            Some(Err(e)) => {
                assert!(
                    text.get(e.span.clone()).is_some(),
                    "{text:?}: bad error span {e:?}"
                );
            }
            Some(Ok(m)) => {
                parsed += 1;
                assert_spans_valid(&text, &m);
                assert_round_trip(&text);
            }
        }
    }
    assert!(
        parsed > 50,
        "generator should produce some valid markers, got {parsed}"
    );
}
