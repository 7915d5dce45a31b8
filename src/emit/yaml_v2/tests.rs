//! yaml.v2's output for values chosen to reach each of its rules; every expected text is
//! gopkg.in/yaml.v2 v2.4.0's `Marshal` of its `Unmarshal` of the same JSON (controller-gen's
//! `yamlMarshal`), produced by `scripts/compare-yaml-v2/` (which also compares random
//! documents in bulk).

use super::*;

fn yaml(json: &str) -> String {
    let value: Value = serde_json::from_str(json).unwrap();
    String::from_utf8(to_bytes(&value).unwrap()).unwrap()
}

#[test]
fn a_manifest_layout() {
    assert_eq!(
        yaml(
            r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"annotations":{"controller-gen.kubebuilder.io/version":"v0.21.0"},"name":"cronjobs.testdata.kubebuilder.io"},"spec":{"versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},"additionalPrinterColumns":[]}]}}"#
        ),
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.21.0
  name: cronjobs.testdata.kubebuilder.io
spec:
  versions:
  - additionalPrinterColumns: []
    name: v1
    served: true
    storage: true
    subresources:
      status: {}
"#
    );
}

#[test]
fn string_styles() {
    assert_eq!(
        yaml(
            r#"{"long":"Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata","multi":"first line\nsecond line","trailing":"ends with newline\n","keep":"two\n\n","lead":" leading space","trail":"trailing space ","tab":"a\tb","spacebreak":"a \nb","quote":"it's","colon":"a: b","hash":"a #b","dash":"- item","empty":"","num":"123","float":"1.5","bool":"true","yes":"yes","date":"2021-01-02","base60":"1:30","emoji":"smile 😀","nel":"a\u0085b","bom":"\ufeffx"}"#
        ),
        r#"base60: "1:30"
bom: "\uFEFF\x78"
bool: "true"
colon: 'a: b'
dash: '- item'
date: "2021-01-02"
emoji: "smile \U0001F600"
empty: ""
float: "1.5"
hash: 'a #b'
keep: |+
  two

lead: ' leading space'
long: 'Standard object''s metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'
multi: |-
  first line
  second line
nel: a b
num: "123"
quote: it's
spacebreak: "a \nb"
tab: "a\tb"
trail: 'trailing space '
trailing: |
  ends with newline
"yes": "yes"
"#
    );
}

#[test]
fn numbers_sequences_and_key_order() {
    assert_eq!(
        yaml(
            r#"{"numbers":[0,-1,1.5,1e-7,1234567.5,100000000000000000000,1e21,9223372036854775807,18446744073709551615],"b":[true,false,null],"nested":[[1,2],[],{},[{"a":1,"b":[3]}]],"keys":{"b10":1,"b9":2,"a":3,"B":4,"_x":5,"1":6,"10":7,"2":8}}"#
        ),
        r#"b:
- true
- false
- null
keys:
  _x: 5
  "1": 6
  "2": 8
  "10": 7
  B: 4
  a: 3
  b9: 2
  b10: 1
nested:
- - 1
  - 2
- []
- {}
- - a: 1
    b:
    - 3
numbers:
- 0
- -1
- 1.5
- 1e-07
- 1.2345675e+06
- 1e+20
- 1e+21
- 9223372036854775807
- 18446744073709551615
"#
    );
}

#[test]
fn long_keys_and_folding() {
    assert_eq!(
        yaml(
            r#"{"k":"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk","kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk":"long key","multi\nkey":"v","x":"quoted folding: a \"b\" c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p","y":"'single' a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p q"}"#
        ),
        r#"k: kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk
? kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk
: long key
? |-
  multi
  key
: v
x: 'quoted folding: a "b" c d e f g h i j k l m n o p q r s t u v w x y z a b c d
  e f g h i j k l m n o p'
"y": '''single'' a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g
  h i j k l m n o p q'
"#
    );
}

/// A raw NEL in a string (Go's JSON leaves it unescaped) is folded when yaml.v2 re-reads the
/// JSON, like a line break in a double-quoted scalar; the expected text above writes "a b"
/// for `"a\u0085b"` for that reason.
#[test]
fn nel_folds_like_a_line_break() {
    assert_eq!(reread("a\u{85}b"), "a b");
    assert_eq!(reread("a \u{85} b"), "a b");
    assert_eq!(reread("a\u{85}\u{85}b"), "a\nb");
    assert_eq!(reread("a  b"), "a  b");
}

/// yaml.v2's key order is not transitive for these keys; the sort still ends and returns
/// every key.
#[test]
fn cyclic_key_order_never_panics() {
    let mut object = serde_json::Map::new();
    for i in 0..200 {
        for key in ["b1c", "b2c", "b10c", "1e3", "2", "10"] {
            object.insert(format!("{key}{i}"), Value::from(i));
        }
    }
    let text = String::from_utf8(to_bytes(&Value::Object(object)).unwrap()).unwrap();
    assert_eq!(text.lines().count(), 1200);
}

#[test]
fn too_deep_is_refused() {
    let mut value = Value::from(1);
    for _ in 0..=limits::YAML_NESTING + 1 {
        value = Value::Array(vec![value]);
    }
    assert_eq!(to_bytes(&value), Err(TooDeep));
}

#[test]
fn go_float_formatting() {
    for (float, text) in [
        (0.5, "0.5"),
        (1e-5, "1e-05"),
        (0.0001, "0.0001"),
        (123456.5, "123456.5"),
        (1234567.5, "1.2345675e+06"),
        (1e21, "1e+21"),
        (-2.5e-300, "-2.5e-300"),
    ] {
        assert_eq!(format_float_g(float), text);
    }
}

#[test]
fn strings_that_read_back_as_something_else_are_quoted() {
    for text in [
        "",
        "~",
        "null",
        "True",
        "off",
        "Y",
        "1",
        "-1",
        "+1",
        "0x1F",
        "0o17",
        "0b101",
        "010",
        "1_000",
        "1.5",
        ".5",
        "1e3",
        "1E+3",
        ".inf",
        "-.Inf",
        ".NaN",
        "2006-01-02",
        "2006-1-2T15:4:5Z",
        "2006-01-02 15:04:05.5",
        "1:30",
        "190:20:30.5",
        "9223372036854775808",
        "18446744073709551615",
        "09",
        "18446744073709551616",
    ] {
        assert_eq!(string_style(text), Style::DoubleQuoted, "{text:?}");
    }
    for text in [
        "a",
        "yes please",
        "1e400",
        "0x",
        "2006-02-30",
        "2006-13-01",
        "12345-01-01",
        "1.2.3",
        "v1",
        "<<",
        "-",
        "1:60",
        "+inf",
        "Infinity",
        "2006-01-02T25:00:00Z",
    ] {
        assert_eq!(string_style(text), Style::Plain, "{text:?}");
    }
}
