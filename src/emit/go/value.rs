//! Go literals of JSON values: what openapi-gen's `fmt.Sprintf("%#v", v)` of a decoded
//! `interface{}` prints, after gofmt (`interface {}` → `interface{}`, `"k":v` → `"k": v`).

use serde_json::Value;

use super::layout::{Element, Node};
use crate::golit::go_quote;

/// `%#v` of a value `encoding/json` decoded into `interface{}`, on one line.
pub fn sharp_v(value: &Value) -> String {
    match value {
        Value::Null => "interface{}(nil)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_float(n.as_f64().unwrap_or(0.0)),
        Value::String(s) => go_quote(s),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(sharp_v).collect();
            format!("[]interface{{}}{{{}}}", items.join(", "))
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let entries: Vec<String> = entries
                .into_iter()
                .map(|(k, v)| format!("{}: {}", go_quote(k), sharp_v(v)))
                .collect();
            format!("map[string]interface{{}}{{{}}}", entries.join(", "))
        }
    }
}

pub use crate::golit::go_float;

/// An extension value as openapi-gen writes it from markers: strings on one line, lists and
/// maps one element per line.
pub fn extension_node(value: &Value) -> Node {
    match value {
        Value::Array(items) => Node::block(
            "[]interface{}{",
            items
                .iter()
                .map(|v| Element::bare(extension_node(v)))
                .collect(),
        ),
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Node::block(
                "map[string]interface{}{",
                entries
                    .into_iter()
                    .map(|(k, v)| Element::pair(go_quote(k), extension_node(v)))
                    .collect(),
            )
        }
        other => Node::Line(sharp_v(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_go() {
        assert_eq!(go_float(5.0), "5");
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(100000.0), "100000");
        assert_eq!(go_float(1000000.0), "1e+06");
        assert_eq!(go_float(1234567.0), "1.234567e+06");
        assert_eq!(go_float(0.0001), "0.0001");
        assert_eq!(go_float(0.00001), "1e-05");
        assert_eq!(go_float(-2.5), "-2.5");
    }

    #[test]
    fn composite_values_are_sorted_and_gofmt_spaced() {
        let value: Value = serde_json::from_str(r#"{"S":"foo","I":5,"L":[1,true,null]}"#).unwrap();
        assert_eq!(
            sharp_v(&value),
            r#"map[string]interface{}{"I": 5, "L": []interface{}{1, true, interface{}(nil)}, "S": "foo"}"#
        );
    }
}
