//! The reader against kubectl's and the API server's readings.

use super::*;

fn value(text: &str) -> Value {
    let docs = documents(text);
    assert_eq!(docs.len(), 1, "{text}");
    docs.into_iter().next().unwrap().value.unwrap()
}

fn error(text: &str) -> String {
    documents(text)
        .into_iter()
        .next()
        .unwrap()
        .value
        .unwrap_err()
        .message
}

#[test]
fn scalars_read_as_sigs_k8s_io_yaml_reads_them() {
    let v = value(
        "a: yes\nb: off\nc: 017\nd: 1_000\ne: 0x1F\nf: 1.0\ng: 1e3\nh: '1'\ni: ~\nj: 2001-12-14\nk: 1:30\nl: 18446744073709551615\nm: 1e20\nbin: 0b101\no: -0b101\np: +12\n",
    );
    assert_eq!(
        v,
        serde_json::json!({
            "a": true, "b": false, "c": 15, "d": 1000, "e": 31, "f": 1, "g": 1000,
            "h": "1", "i": null, "j": "2001-12-14", "k": "1:30",
            "l": 18446744073709551615f64, "m": 1e20, "bin": 5, "o": -5, "p": 12
        })
    );
    assert!(v["l"].is_f64() && v["m"].is_f64());
}

#[test]
fn keys_become_json_keys() {
    let v = value("y: 1\n1: 2\n1.5: 3\ntrue: 4\n");
    assert_eq!(v, serde_json::json!({"true": 4, "1": 2, "1.5": 3}));
    assert!(error("~: 1\n").contains("unsupported map key of type: <nil>"));
}

#[test]
fn nan_and_infinity_cannot_be_json() {
    assert_eq!(error("a: .nan\n"), "json: unsupported value: NaN");
    assert_eq!(error("a: -.inf\n"), "json: unsupported value: -Inf");
}

#[test]
fn merge_keys_and_aliases() {
    let v = value(
        "base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\nl: [*b]\nmm: {<<: [{a: 1}, {a: 2, b: 2}]}\n",
    );
    assert_eq!(v["m"], serde_json::json!({"x": 1, "z": 3}));
    assert_eq!(v["l"], serde_json::json!([{"x": 1, "z": 2}]));
    assert_eq!(v["mm"], serde_json::json!({"a": 1, "b": 2}));
    assert!(error("a: &a [*a]\n").contains("contains itself"));
}

#[test]
fn duplicate_keys_are_reported_and_the_later_value_wins() {
    let docs = documents("kind: A\nspec:\n  x: 1\nkind: B\n");
    assert_eq!(docs[0].value.as_ref().unwrap()["kind"], "B");
    assert_eq!(docs[0].duplicates.len(), 1);
    assert_eq!(
        docs[0].duplicates[0].message,
        "line 4: key \"kind\" already set in map"
    );
    assert_eq!(docs[0].duplicates[0].path, vec![Seg::Key("kind".into())]);
    let docs = documents("{\"a\": {\"b\": 1, \"b\": 2}}");
    assert_eq!(
        docs[0].duplicates[0].path,
        vec![Seg::Key("a".into()), Seg::Key("b".into())]
    );
}

#[test]
fn an_alias_bomb_is_refused() {
    let mut text = String::from("a: &a [");
    text.push_str(&vec!["1"; 5000].join(","));
    text.push_str("]\nb: [");
    text.push_str(&vec!["*a"; 5000].join(","));
    text.push_str("]\n");
    assert_eq!(error(&text), "yaml: document contains excessive aliasing");
    assert!(check(&text, 0).is_err());
}

#[test]
fn nesting_is_bounded_as_go_yaml_bounds_it() {
    // Values nested 10,000 deep are dropped recursively: on the deep stack, as validate.
    limits::on_deep_stack(nesting_bounds).unwrap();
}

fn nesting_bounds() {
    let deep = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    assert!(error(&format!("a: {}", deep(10_001))).contains("exceeded max depth of 10000"));
    let ok = value(&format!("a: {}", deep(9_999)));
    assert!(ok["a"].is_array());
    assert!(error(&format!("{}1\n", "- ".repeat(10_001))).contains("exceeded max depth"));
    assert!(documents(&format!("{}1\n", "- ".repeat(10_000)))[0]
        .value
        .is_ok());
    assert!(error(&deep(10_001)).contains("exceeded max depth"));
    assert!(documents(&deep(10_000))[0].value.is_ok());
}

#[test]
fn positions_are_a_tree() {
    let text =
        "# c\napiVersion: v1\nspec:\n  containers:\n  - name: a\n    ports: [1, 2]\n---\nkind: B\n";
    let docs = documents(text);
    assert_eq!(docs.len(), 2);
    let at = |path: &[Seg]| docs[0].positions.find(path).unwrap();
    let key = |s: &str| Seg::Key(s.into());
    assert_eq!(
        &text[at(&[key("spec"), key("containers"), Seg::Index(0), key("name")])..][..7],
        "name: a"
    );
    assert_eq!(
        &text[at(&[
            key("spec"),
            key("containers"),
            Seg::Index(0),
            key("ports"),
            Seg::Index(1)
        ])..][..1],
        "2"
    );
    assert_eq!(&text[at(&[key("spec"), key("nope")])..][..5], "spec:");
    let json = "{\n  \"a\": {\"b\": [1, {\"c\": 2}]}\n}";
    let docs = documents(json);
    let c = docs[0]
        .positions
        .find(&[key("a"), key("b"), Seg::Index(1), key("c")])
        .unwrap();
    assert_eq!(&json[c..][..3], "\"c\"");
}

#[test]
fn byte_order_marks_are_dropped_and_utf16_decoded() {
    assert_eq!(decode_text(b"\xef\xbb\xbfa: 1".to_vec()).unwrap(), "a: 1");
    let le: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain("a: 1".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    assert_eq!(decode_text(le).unwrap(), "a: 1");
    let be: Vec<u8> = [0xfe, 0xff]
        .into_iter()
        .chain("a: 1".encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    assert_eq!(decode_text(be).unwrap(), "a: 1");
}

#[test]
fn documents_over_the_request_size_are_refused_alone() {
    let big = format!(
        "a: {}\n---\nb: 1\n",
        "x".repeat(limits::MAX_REQUEST_BODY_BYTES)
    );
    let docs = documents(&big);
    assert!(docs[0]
        .value
        .as_ref()
        .unwrap_err()
        .message
        .contains("Request entity too large"));
    assert_eq!(docs[1].value.as_ref().unwrap()["b"], 1);
}
