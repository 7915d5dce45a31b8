//! controller-gen's marker argument grammar (`sigs.k8s.io/controller-tools/pkg/markers`,
//! `parse.go`), for the value markers `validate --packages` reads: numbers, integers, booleans,
//! strings (Go-quoted, raw, or bare up to `,` `;` `}`), `any` values (guessed as controller-gen
//! guesses them: quoted → string, `{…}` → map or slice, `true`/`false`, numbers, else a bare
//! string; `a;b` a legacy slice at the top), and `XValidation`'s named arguments. Errors carry
//! controller-gen's wording.

use serde_json::Value;

use crate::model::CelRule;

/// A position in an argument text.
struct Cursor<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t str) -> Self {
        Cursor { text, pos: 0 }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// The next character after spaces, not consumed.
    fn peek(&mut self) -> Option<char> {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
        trimmed.chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Fails unless only spaces are left (controller-gen's "extra arguments provided").
    fn end(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(format!("extra arguments provided: {:?}", self.rest())),
        }
    }

    /// A Go-quoted (`"…"`) or raw (`` `…` ``) string, when one starts here.
    fn quoted(&mut self) -> Option<Result<String, String>> {
        let quote = match self.peek()? {
            c @ ('"' | '`') => c,
            _ => return None,
        };
        let bytes = self.rest().as_bytes();
        let mut end = 1;
        while end < bytes.len() && bytes[end] != quote as u8 {
            end += if bytes[end] == b'\\' && quote == '"' {
                2
            } else {
                1
            };
        }
        if end >= bytes.len() {
            self.pos = self.text.len();
            return Some(Err("literal not terminated".into()));
        }
        let literal = &self.rest()[..=end];
        self.pos += end + 1;
        Some(
            crate::golit::unquote(literal)
                .and_then(|b| String::from_utf8(b).map_err(|e| e.to_string()))
                .map_err(|e| format!("unable to parse string: {e}")),
        )
    }

    /// A bare string: everything up to `,` `;` `}` (and `:` in a map key), trimmed.
    fn bare(&mut self, map_key: bool) -> String {
        self.peek();
        let rest = self.rest();
        let end = rest
            .find(|c: char| matches!(c, ',' | ';' | '}') || (map_key && c == ':'))
            .unwrap_or(rest.len());
        self.pos += end;
        rest[..end].trim_end().to_string()
    }

    /// A string argument: quoted, or bare.
    fn string(&mut self, map_key: bool) -> Result<String, String> {
        self.quoted().unwrap_or_else(|| Ok(self.bare(map_key)))
    }

    /// A Go number token (`-1`, `2.5`, `1e3`) that ends at a delimiter, consumed; else none.
    fn number(&mut self) -> Option<(&'t str, bool)> {
        self.peek();
        let rest = self.rest();
        let token_end = rest
            .find(|c: char| matches!(c, ',' | ';' | '}' | ':') || c.is_whitespace())
            .unwrap_or(rest.len());
        let token = &rest[..token_end];
        let digits = token.strip_prefix('-').unwrap_or(token);
        let numeric = digits.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && digits
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
        if !numeric || token.parse::<f64>().is_err() {
            return None;
        }
        let after = rest[token_end..].trim_start();
        if !(after.is_empty() || after.starts_with([',', ';', '}'])) {
            return None;
        }
        self.pos += token_end;
        let integer = digits.chars().all(|c| c.is_ascii_digit());
        Some((token, integer))
    }
}

/// A `float64` argument (`Minimum`, `Maximum`, `MultipleOf`).
pub(in crate::resolve) fn number(text: &str) -> Result<f64, String> {
    let mut cursor = Cursor::new(text);
    let Some((token, _)) = cursor.number() else {
        return Err(format!("expected integer or float, got {:?}", text.trim()));
    };
    cursor.end()?;
    token
        .parse()
        .map_err(|e| format!("unable to parse number: {e}"))
}

/// An `int` argument (lengths, counts).
pub(in crate::resolve) fn integer(text: &str) -> Result<i64, String> {
    let mut cursor = Cursor::new(text);
    match cursor.number() {
        Some((token, true)) => {
            cursor.end()?;
            token
                .parse()
                .map_err(|e| format!("unable to parse integer: {e}"))
        }
        _ => Err(format!("expected integer, got {:?}", text.trim())),
    }
}

/// A `bool` argument.
pub(in crate::resolve) fn boolean(text: &str) -> Result<bool, String> {
    match text.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("expected true or false, got {other:?}")),
    }
}

/// A `string` argument (`Pattern`, `Format`, `Type`).
pub(in crate::resolve) fn string(text: &str) -> Result<String, String> {
    let mut cursor = Cursor::new(text);
    let value = cursor.string(false)?;
    cursor.end()?;
    Ok(value)
}

/// An `any` argument at the top of a marker (`+kubebuilder:default=…`, `Enum=…`): a legacy
/// `a;b;c` slice, or one value.
pub(in crate::resolve) fn any(text: &str) -> Result<Value, String> {
    let mut cursor = Cursor::new(text);
    let first = any_value(&mut cursor, 0)?;
    if cursor.peek() != Some(';') {
        cursor.end()?;
        return Ok(first);
    }
    let mut items = vec![first];
    while cursor.eat(';') {
        if cursor.peek().is_none() {
            break; // `A;B;`
        }
        items.push(any_value(&mut cursor, 0)?);
    }
    cursor.end()?;
    Ok(Value::Array(items))
}

/// An `[]any` argument (`Enum`): a slice, or one value as a slice of one.
pub(in crate::resolve) fn list(text: &str) -> Result<Vec<Value>, String> {
    Ok(match any(text)? {
        Value::Array(items) => items,
        one => vec![one],
    })
}

fn any_value(cursor: &mut Cursor<'_>, depth: usize) -> Result<Value, String> {
    if depth > crate::limits::DEFAULT_NESTING {
        return Err("value nested too deeply".into());
    }
    if let Some(text) = cursor.quoted() {
        return text.map(Value::String);
    }
    if cursor.eat('{') {
        return braces(cursor, depth);
    }
    if let Some((token, integer)) = cursor.number() {
        return Ok(match (integer, token.parse::<i64>()) {
            (true, Ok(n)) => Value::from(n),
            _ => Value::from(token.parse::<f64>().unwrap_or_default()),
        });
    }
    let word = cursor.bare(false);
    Ok(match word.as_str() {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::String(word),
    })
}

/// After `{`: `{}` (an empty map), `{key: value, …}` (a map with string keys) or `{a, b}`.
fn braces(cursor: &mut Cursor<'_>, depth: usize) -> Result<Value, String> {
    if cursor.eat('}') {
        return Ok(Value::Object(serde_json::Map::new()));
    }
    let start = cursor.pos;
    // controller-gen guesses from the first element: a string followed by `:` makes a map;
    // anything else (`{…}`, a number, `true`) a slice.
    let nested = cursor.peek() == Some('{');
    let key = if nested {
        Err(String::new())
    } else {
        cursor.string(true)
    };
    if key.is_ok() && cursor.eat(':') {
        let mut map = serde_json::Map::new();
        let mut key = key?;
        loop {
            map.insert(key, any_value(cursor, depth + 1)?);
            if cursor.eat('}') {
                return Ok(Value::Object(map));
            }
            if !cursor.eat(',') {
                return Err(format!("expected comma, got {:?}", cursor.rest()));
            }
            key = cursor.string(true)?;
            if !cursor.eat(':') {
                return Err(format!("expected colon, got {:?}", cursor.rest()));
            }
        }
    }
    cursor.pos = start;
    let mut items = Vec::new();
    loop {
        items.push(any_value(cursor, depth + 1)?);
        if cursor.eat('}') {
            return Ok(Value::Array(items));
        }
        if !cursor.eat(',') {
            return Err(format!("expected comma, got {:?}", cursor.rest()));
        }
    }
}

/// The type of a named marker argument (a field of controller-gen's marker struct).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::resolve) enum ArgKind {
    String,
    Int,
    Bool,
    /// `[]string`: `{a,b}` or the legacy `a;b`.
    Strings,
}

/// A named argument's value.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::resolve) enum ArgValue {
    String(String),
    Int(i64),
    Bool(bool),
    Strings(Vec<String>),
}

/// A marker struct's named arguments (`name="Age",type=date,JSONPath=…`), as controller-gen's
/// `Definition.Parse` reads them: each name known, `=`, a value of its type, `,` between;
/// `required` names must be given.
pub(in crate::resolve) fn named_args(
    text: &str,
    known: &[(&str, ArgKind)],
    required: &[&str],
) -> Result<Vec<(String, ArgValue)>, String> {
    let mut cursor = Cursor::new(text);
    let mut values: Vec<(String, ArgValue)> = Vec::new();
    while cursor.peek().is_some() {
        let rest = cursor.rest();
        let name_end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        cursor.pos += name_end;
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(format!("expected argument name, got {:?}", cursor.rest()));
        }
        if !cursor.eat('=') {
            return Err(format!("expected equals, got {:?}", cursor.rest()));
        }
        let Some(&(_, kind)) = known.iter().find(|(known, _)| *known == name) else {
            return Err(format!("unknown argument {name:?}"));
        };
        let value = match kind {
            ArgKind::String => ArgValue::String(cursor.string(false)?),
            ArgKind::Int => {
                let token = cursor.bare(false);
                ArgValue::Int(integer(&token)?)
            }
            ArgKind::Bool => ArgValue::Bool(boolean(&cursor.bare(false))?),
            ArgKind::Strings => ArgValue::Strings(strings(&mut cursor)?),
        };
        values.retain(|(n, _)| n != name);
        values.push((name.to_string(), value));
        if cursor.peek().is_some() && !cursor.eat(',') {
            return Err(format!("expected comma, got {:?}", cursor.rest()));
        }
    }
    for name in required {
        if !values.iter().any(|(n, _)| n == name) {
            return Err(format!("missing argument {name:?}"));
        }
    }
    Ok(values)
}

/// A `[]string` argument: `{a, b}`, or the legacy `a;b;c` (up to the next `,`).
fn strings(cursor: &mut Cursor<'_>) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    if cursor.eat('{') {
        while !matches!(cursor.peek(), Some('}') | None) {
            items.push(cursor.string(false)?);
            if cursor.peek() == Some('}') {
                break;
            }
            if !cursor.eat(',') {
                return Err(format!("expected comma, got {:?}", cursor.rest()));
            }
        }
        if !cursor.eat('}') {
            return Err("expected close curly brace".into());
        }
        return Ok(items);
    }
    while !matches!(cursor.peek(), Some(',') | Some('}') | None) {
        items.push(cursor.string(false)?);
        match cursor.peek() {
            Some(';') => {
                cursor.pos += 1;
            }
            Some(',') | Some('}') | None => break,
            Some(_) => return Err(format!("expected comma, got {:?}", cursor.rest())),
        }
    }
    Ok(items)
}

/// A `[]string` marker value (`+kubebuilder:validation:ExactlyOneOf=a;b`, `{a,b}`).
pub(in crate::resolve) fn string_list(text: &str) -> Result<Vec<String>, String> {
    let mut cursor = Cursor::new(text);
    let items = strings(&mut cursor)?;
    cursor.end()?;
    Ok(items)
}

/// `XValidation`'s arguments (`rule="…",message="…"`), as the marker gives them after its name.
pub(in crate::resolve) fn rule(text: &str) -> Result<CelRule, String> {
    let mut cursor = Cursor::new(text);
    let mut rule = CelRule::default();
    let mut seen_rule = false;
    while cursor.peek().is_some() {
        let rest = cursor.rest();
        let name_end = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        cursor.pos += name_end;
        if name.is_empty() {
            return Err(format!("expected argument name, got {:?}", cursor.rest()));
        }
        if !cursor.eat('=') {
            return Err(format!("expected equals, got {:?}", cursor.rest()));
        }
        match name {
            "optionalOldSelf" => {
                let value = cursor.bare(false);
                rule.optional_old_self = Some(boolean(&value)?);
            }
            "rule" | "message" | "messageExpression" | "reason" | "fieldPath" => {
                let value = cursor.string(false)?;
                match name {
                    "rule" => {
                        seen_rule = true;
                        rule.rule = value;
                    }
                    "message" => rule.message = value,
                    "messageExpression" => rule.message_expression = value,
                    "reason" => rule.reason = value,
                    _ => rule.field_path = value,
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
        if cursor.peek().is_some() && !cursor.eat(',') {
            return Err(format!("expected comma, got {:?}", cursor.rest()));
        }
    }
    if !seen_rule {
        return Err("missing argument \"rule\"".into());
    }
    crate::markers::check_x_validation_reason(&rule.reason)?;
    Ok(rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scalars() {
        assert_eq!(number("1"), Ok(1.0));
        assert_eq!(number("-2.5"), Ok(-2.5));
        assert!(number("abc").is_err());
        assert!(number("1 2").is_err());
        assert_eq!(integer("10"), Ok(10));
        assert!(integer("1.5").is_err());
        assert!(integer("").is_err());
        assert_eq!(boolean("true"), Ok(true));
        assert!(boolean("yes").is_err());
        assert_eq!(string("^[a-z]+$"), Ok("^[a-z]+$".into()));
        assert_eq!(string("`^[a-z]{1,3}$`"), Ok("^[a-z]{1,3}$".into()));
        assert_eq!(string(r#""^a\\.b$""#), Ok(r"^a\.b$".into()));
        assert!(
            string("^[a-z]{1,3}$").is_err(),
            "a bare comma ends the string"
        );
    }

    #[test]
    fn any_values_are_guessed_as_controller_gen_guesses() {
        assert_eq!(any("Always"), Ok(json!("Always")));
        assert_eq!(any("3"), Ok(json!(3)));
        assert_eq!(any("1.5"), Ok(json!(1.5)));
        assert_eq!(any("100Mi"), Ok(json!("100Mi")));
        assert_eq!(any("true"), Ok(json!(true)));
        assert_eq!(any("{}"), Ok(json!({})));
        assert_eq!(any("{a,b}"), Ok(json!(["a", "b"])));
        assert_eq!(any("{\"a\",\"b\"}"), Ok(json!(["a", "b"])));
        assert_eq!(
            any("{a: 1, b: {c: x}}"),
            Ok(json!({"a": 1, "b": {"c": "x"}}))
        );
        assert_eq!(any("A;B;"), Ok(json!(["A", "B"])));
        assert_eq!(
            any(r#"{{matches: {{path: {type: "PathPrefix", value: "/"}}}}}"#),
            Ok(json!([{"matches": [{"path": {"type": "PathPrefix", "value": "/"}}]}]))
        );
        assert_eq!(
            any(r#"{{type: "A", status: "Unknown"},{type: "B"}}"#),
            Ok(json!([{"type": "A", "status": "Unknown"}, {"type": "B"}]))
        );
        assert_eq!(
            any("{namespaces:{from: Same}}"),
            Ok(json!({"namespaces": {"from": "Same"}}))
        );
        assert_eq!(list("1;2;4"), Ok(vec![json!(1), json!(2), json!(4)]));
        assert_eq!(list("\"\";A"), Ok(vec![json!(""), json!("A")]));
    }

    #[test]
    fn rules() {
        let r = rule(r#"rule="self.a > 0",message="must be positive",reason=FieldValueForbidden"#)
            .unwrap();
        assert_eq!(r.rule, "self.a > 0");
        assert_eq!(r.message, "must be positive");
        assert_eq!(r.reason, "FieldValueForbidden");
        let r = rule(r#"message="m",rule="self == oldSelf",optionalOldSelf=true"#).unwrap();
        assert_eq!(r.optional_old_self, Some(true));
        assert_eq!(
            rule(r#"message="m""#),
            Err("missing argument \"rule\"".into())
        );
        assert!(rule(r#"rule="x",reason=Bad"#).is_err());
        assert!(rule(r#"rule="x",colour="red""#).is_err());
    }
}
