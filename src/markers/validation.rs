//! kube-openapi's value-validation markers, `+k8s:validation:<key>…`, read as openapi-gen reads
//! them (pkg/generators/markers.go: `extractCommentTags`, `parseMarkers`, `nestMarkers`, the
//! JSON decoding into `commentTags`, and `commentTags.Validate`).
//!
//! Grammar of one line (after `+k8s:validation:`; keys use `[:_a-zA-Z0-9\[\]\-]` only):
//! - `key=<JSON>`: one value per key (a second `=` for a key is an error);
//! - `key`: the value `true`;
//! - `key>raw text`: a string; consecutive `key>` lines are joined with `\n`.
//!
//! Keys nest with `:` (`items:maxLength`, `properties:name:pattern`, `additionalProperties:…`)
//! and index lists with `[i]` (`cel[0]:rule`, `cel[0]:message`; indices consecutive). The
//! nested value is decoded as Go's `encoding/json` decodes it into `commentTags` (integers
//! for lengths and counts, numbers, booleans, strings; a key's case may differ below the top
//! level). Input: a doc comment's lines with their spans. Output: [`CommentTags`] and the
//! [`Problem`]s found; type checks (a limit on the wrong type) are `resolve`'s.

use serde_json::Value;

use crate::source::Span;

/// The marker prefix openapi-gen reads (`markerPrefix`).
pub const PREFIX: &str = "+k8s:validation:";

/// The top-level keys openapi-gen knows (`commentTags`' JSON names); others are skipped.
pub const KNOWN_KEYS: &[&str] = &[
    "nullable",
    "format",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "enum",
    "maxProperties",
    "minProperties",
    "items",
    "properties",
    "additionalProperties",
    "cel",
];

/// What is wrong with the markers of one doc comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemKind {
    /// openapi-gen fails to read them (syntax, index, JSON, a value of the wrong JSON type).
    Malformed,
    /// openapi-gen reads them and rejects the values (`commentTags.Validate`).
    Invalid,
    /// openapi-gen reads past them without effect (an unknown key, a `ref(…)` value).
    Ignored,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub span: Span,
    pub message: String,
}

/// openapi-gen's `commentTags`: what the markers say, before any type check.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommentTags {
    pub nullable: Option<bool>,
    pub format: Option<String>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: Option<bool>,
    pub minimum: Option<f64>,
    pub exclusive_minimum: Option<bool>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: Option<String>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: Option<bool>,
    pub multiple_of: Option<f64>,
    pub enum_values: Option<Vec<Value>>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    pub items: Option<Box<CommentTags>>,
    /// `properties:<name>:…`, sorted by name (`None`: no such key).
    pub properties: Option<Vec<(String, CommentTags)>>,
    pub additional_properties: Option<Box<CommentTags>>,
    pub cel: Vec<CelRule>,
}

/// The markers of one doc comment: the tags and where each key was written.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub tags: CommentTags,
    /// Every known key as written (`items:maxLength`, `cel[0]:rule`) and its line, in order.
    pub keys: Vec<(String, Span)>,
}

impl Parsed {
    /// The line of the first key at `path` (`maxLength`, `items:maxLength`, `cel[1]`), else
    /// of the first key (what openapi-gen's error names has no line of its own).
    pub fn span_of(&self, path: &str) -> Option<Span> {
        let under = |key: &str| {
            key == path
                || key
                    .strip_prefix(path)
                    .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('['))
        };
        self.keys
            .iter()
            .find(|(key, _)| under(key))
            .or_else(|| self.keys.first())
            .map(|(_, span)| span.clone())
    }
}

/// Reads the `+k8s:validation:` markers of one doc comment: `None` without any.
pub fn parse(lines: &[(&str, Span)], problems: &mut Vec<Problem>) -> Option<Parsed> {
    let before = problems.len();
    let entries = extract(lines, problems)?;
    if problems[before..]
        .iter()
        .any(|p| p.kind == ProblemKind::Malformed)
    {
        return None; // openapi-gen stops at the first line it cannot read
    }
    let mut parsed = Parsed::default();
    let mut tree = serde_json::Map::new();
    let mut failed = false;
    for entry in &entries {
        let value = match entry_value(entry, problems) {
            Ok(Some(value)) => value,
            Ok(None) => continue,
            Err(problem) => {
                problems.push(problem);
                failed = true;
                continue;
            }
        };
        let path: Vec<&str> = entry.key.split(':').collect();
        if let Err(message) = put_nested(&mut tree, &path, value, 0) {
            problems.push(malformed(&entry.span, &message));
            failed = true;
            continue;
        }
        parsed.keys.push((entry.key.clone(), entry.span.clone()));
    }
    if failed {
        return None;
    }
    let mut errors = Vec::new();
    parsed.tags = decode(&Value::Object(tree), "", &mut errors, 0);
    for (path, message) in errors {
        let span = parsed
            .span_of(&path)
            .unwrap_or_else(|| entries[0].span.clone());
        problems.push(malformed(&span, &message));
        failed = true;
    }
    if failed || parsed.keys.is_empty() {
        return None;
    }
    for (path, message) in validate(&parsed.tags) {
        let span = parsed
            .span_of(&path)
            .unwrap_or_else(|| entries[0].span.clone());
        problems.push(Problem {
            kind: ProblemKind::Invalid,
            span,
            message,
        });
    }
    Some(parsed)
}

/// One entry's value: `Ok(None)` when it is ignored (reported in `problems`), `Err` when
/// it is malformed.
fn entry_value(entry: &Entry, problems: &mut Vec<Problem>) -> Result<Option<Value>, Problem> {
    let head = entry
        .key
        .split([':', '['])
        .find(|s| !s.is_empty())
        .unwrap_or("");
    if entry.key.is_empty() {
        return Err(malformed(
            &entry.span,
            "a marker needs a key after `+k8s:validation:`",
        ));
    }
    if !KNOWN_KEYS.contains(&head) {
        let mut message = format!(
            "`{}` is not a value validation openapi-gen knows; it is ignored",
            entry.key
        );
        if let Some(close) = KNOWN_KEYS
            .iter()
            .find(|k| strsim::levenshtein(k, head) <= 2 || k.eq_ignore_ascii_case(head))
        {
            message.push_str(&format!(" (did you mean `{close}`?)"));
        }
        problems.push(Problem {
            kind: ProblemKind::Ignored,
            span: entry.span.clone(),
            message,
        });
        return Ok(None);
    }
    if is_symbol_reference(&entry.value) {
        problems.push(Problem {
            kind: ProblemKind::Ignored,
            span: entry.span.clone(),
            message: format!(
                "`{}`: openapi-gen skips `ref(…)` values of value validations",
                entry.key
            ),
        });
        return Ok(None);
    }
    if entry.value.is_empty() {
        return Ok(Some(Value::Bool(true)));
    }
    match serde_json::from_str::<Value>(&entry.value) {
        Ok(value) => Ok(Some(value)),
        Err(error) => Err(malformed(
            &entry.span,
            &format!("the value of `{}` is not JSON: {error}", entry.key),
        )),
    }
}

fn malformed(span: &Span, message: &str) -> Problem {
    Problem {
        kind: ProblemKind::Malformed,
        span: span.clone(),
        message: message.to_string(),
    }
}

/// One key after `extractCommentTags`: its value as JSON text ("" for a bare key).
struct Entry {
    key: String,
    value: String,
    span: Span,
}

fn is_key_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b':' | b'_' | b'[' | b']' | b'-')
}

/// `extractCommentTags`: lines → keys and values, in first-use order. `None` when no line has
/// the prefix; malformed lines are reported and skipped.
fn extract(lines: &[(&str, Span)], problems: &mut Vec<Problem>) -> Option<Vec<Entry>> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut any = false;
    let (mut last_key, mut last_index, mut last_array_key) = (String::new(), -1i64, String::new());
    for (text, line_span) in lines {
        let trimmed_start = text.len() - text.trim_start_matches(' ').len();
        let line = text.trim_matches(' ');
        let previous_key = std::mem::take(&mut last_key);
        let previous_array_key = std::mem::take(&mut last_array_key);
        let previous_index = std::mem::replace(&mut last_index, -1);
        let Some(rest) = line.strip_prefix(PREFIX) else {
            continue;
        };
        any = true;
        let start = line_span.start + trimmed_start as u32;
        let span = Span {
            file: line_span.file,
            start,
            end: start + line.len() as u32,
        };
        let key_len = rest.bytes().take_while(|b| is_key_byte(*b)).count();
        let key = &rest[..key_len];
        let after = &rest[key_len..];
        if let Err(problem) = take_value(&mut entries, key, after, &previous_key, &span) {
            problems.push(problem);
            continue;
        }
        last_key = key.to_string();
        // openapi-gen's lint of the last subscript: indices start at 0 and grow by one on
        // consecutive lines.
        match subscript(key) {
            Ok(None) => {}
            Err(message) => problems.push(malformed(&span, &message)),
            Ok(Some((array_key, index))) => {
                let index = index as i64;
                if (previous_array_key != array_key && index != 0)
                    || (index != previous_index + 1 && index != previous_index)
                {
                    problems.push(malformed(
                        &span,
                        &format!("index {index} of `{array_key}` does not follow the line before (indices start at 0 and go up by one, on consecutive lines)"),
                    ));
                }
                last_index = index;
                last_array_key = array_key.to_string();
            }
        }
    }
    any.then_some(entries)
}

/// One line's key and what follows it into `entries`: `=value`, nothing (a bare key), or
/// `>text` continuing the value of the line before.
fn take_value(
    entries: &mut Vec<Entry>,
    key: &str,
    after: &str,
    previous_key: &str,
    span: &Span,
) -> Result<(), Problem> {
    let existing = entries.iter().position(|e| e.key == key);
    if let Some(value) = after.strip_prefix('=') {
        if existing.is_some() {
            return Err(malformed(
                span,
                &format!("`{key}` has a value already: a key takes one `=` (lists are indexed, `cel[1]:rule=…`)"),
            ));
        }
        entries.push(Entry {
            key: key.to_string(),
            value: value.to_string(),
            span: span.clone(),
        });
    } else if after.is_empty() {
        match existing {
            Some(index) => entries[index].value = String::new(),
            None => entries.push(Entry {
                key: key.to_string(),
                value: String::new(),
                span: span.clone(),
            }),
        }
    } else if let Some(raw) = after.strip_prefix('>') {
        let raw = raw.trim_matches(' ');
        match existing {
            None => entries.push(Entry {
                key: key.to_string(),
                value: Value::String(raw.to_string()).to_string(),
                span: span.clone(),
            }),
            Some(_) if key != previous_key => {
                return Err(malformed(
                    span,
                    &format!("`{key}>` continues a value, so it must follow the line it continues"),
                ));
            }
            Some(index) => match serde_json::from_str::<String>(&entries[index].value) {
                Ok(mut joined) => {
                    joined.push('\n');
                    joined.push_str(raw);
                    entries[index].value = Value::String(joined).to_string();
                }
                Err(_) => {
                    return Err(malformed(
                        span,
                        &format!("`{key}>` continues a value that is not a string"),
                    ));
                }
            },
        }
    } else {
        return Err(malformed(
            span,
            "not a value validation marker: expected `+k8s:validation:<key>=<JSON>`, `<key>` or `<key>>text`",
        ));
    }
    Ok(())
}

/// `extractArraySubscript`: `cel[2]:rule` → `("cel", 2)`.
fn subscript(key: &str) -> Result<Option<(&str, usize)>, String> {
    let Some(open) = key.find('[') else {
        return Ok(None);
    };
    let inner = key[open + 1..].split(']').next().unwrap_or("");
    if inner.is_empty() {
        return Err(format!("`{key}`: an empty index `[]`"));
    }
    match inner.parse::<i64>() {
        Ok(index) if index >= 0 => Ok(Some((&key[..open], index as usize))),
        Ok(_) => Err(format!("`{key}`: an index cannot be negative")),
        Err(_) => Err(format!("`{key}`: the index is not an integer")),
    }
}

/// `parseSymbolReference`'s pattern, `^ref\(([^"]+)\)$`.
fn is_symbol_reference(value: &str) -> bool {
    value
        .strip_prefix("ref(")
        .and_then(|v| v.strip_suffix(')'))
        .is_some_and(|inner| !inner.is_empty() && !inner.contains('"'))
}

/// `putNestedValue`: `a:b[1]:c` = v into the tree.
fn put_nested(
    map: &mut serde_json::Map<String, Value>,
    path: &[&str],
    value: Value,
    depth: usize,
) -> Result<(), String> {
    let Some((first, rest)) = path.split_first() else {
        return Ok(());
    };
    if depth > crate::limits::DEFAULT_NESTING {
        return Err("keys nested too deep".into());
    }
    if let Some((key, index)) = subscript(first)? {
        if index > crate::limits::DEFAULT_NESTING * 16 {
            return Err(format!("`{first}`: index too large"));
        }
        let slot = map
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        let Value::Array(items) = slot else {
            return Err(format!("`{key}` is used both with and without an index"));
        };
        if items.len() <= index {
            items.resize(index + 1, Value::Null);
        }
        if items[index].is_null() {
            items[index] = Value::Object(serde_json::Map::new());
        }
        let Value::Object(inner) = &mut items[index] else {
            return Err(format!("`{first}` is not an object"));
        };
        return put_nested(inner, rest, value, depth + 1);
    }
    if rest.is_empty() {
        map.insert(first.to_string(), value);
        return Ok(());
    }
    let slot = map
        .entry(first.to_string())
        .or_insert_with(|| Value::Object(serde_json::Map::new()));
    match slot {
        Value::Object(inner) => put_nested(inner, rest, value, depth + 1),
        _ => Err(format!("`{first}` has a value and nested keys")),
    }
}

/// Go's `encoding/json` into `commentTags`: fields by exact name, else case-insensitively;
/// unknown keys skipped; `null` leaves a field unset. Type mismatches are `(path, message)`.
fn decode(
    value: &Value,
    path: &str,
    errors: &mut Vec<(String, String)>,
    depth: usize,
) -> CommentTags {
    let mut tags = CommentTags::default();
    let Value::Object(map) = value else {
        if !value.is_null() {
            errors.push((
                path.trim_end_matches(':').to_string(),
                format!(
                    "`{}` must hold keys, not {}",
                    path.trim_end_matches(':'),
                    json_kind(value)
                ),
            ));
        }
        return tags;
    };
    if depth > crate::limits::DEFAULT_NESTING {
        errors.push((path.to_string(), "value validations nested too deep".into()));
        return tags;
    }
    for name in KNOWN_KEYS {
        let found = map.get(*name).or_else(|| {
            map.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        });
        let Some(value) = found else { continue };
        if value.is_null() {
            continue;
        }
        decode_field(
            &mut tags,
            name,
            value,
            &format!("{path}{name}"),
            errors,
            depth,
        );
    }
    tags
}

/// One known key of `commentTags` (`name`, at path `at`) into `tags`.
fn decode_field(
    tags: &mut CommentTags,
    name: &str,
    value: &Value,
    at: &str,
    errors: &mut Vec<(String, String)>,
    depth: usize,
) {
    let mut wrong = |expected: &str| {
        errors.push((
            at.to_string(),
            format!("`{at}` must be {expected}, not {}", json_kind_text(value)),
        ));
    };
    let int = |wrong: &mut dyn FnMut(&str)| match value.as_i64() {
        Some(n) if value.is_i64() || value.is_u64() => Some(n),
        _ => {
            wrong("an integer");
            None
        }
    };
    let number = |wrong: &mut dyn FnMut(&str)| match value.as_f64() {
        Some(n) if value.is_number() => Some(n),
        _ => {
            wrong("a number");
            None
        }
    };
    let boolean = |wrong: &mut dyn FnMut(&str)| match value {
        Value::Bool(b) => Some(*b),
        _ => {
            wrong("`true` or `false`");
            None
        }
    };
    let string = |wrong: &mut dyn FnMut(&str)| match value {
        Value::String(s) => Some(s.clone()),
        _ => {
            wrong("a string");
            None
        }
    };
    match name {
        "nullable" => tags.nullable = boolean(&mut wrong),
        "format" => tags.format = string(&mut wrong),
        "maximum" => tags.maximum = number(&mut wrong),
        "exclusiveMaximum" => tags.exclusive_maximum = boolean(&mut wrong),
        "minimum" => tags.minimum = number(&mut wrong),
        "exclusiveMinimum" => tags.exclusive_minimum = boolean(&mut wrong),
        "maxLength" => tags.max_length = int(&mut wrong),
        "minLength" => tags.min_length = int(&mut wrong),
        "pattern" => tags.pattern = string(&mut wrong),
        "maxItems" => tags.max_items = int(&mut wrong),
        "minItems" => tags.min_items = int(&mut wrong),
        "uniqueItems" => tags.unique_items = boolean(&mut wrong),
        "multipleOf" => tags.multiple_of = number(&mut wrong),
        "maxProperties" => tags.max_properties = int(&mut wrong),
        "minProperties" => tags.min_properties = int(&mut wrong),
        "enum" => match value {
            Value::Array(items) => tags.enum_values = Some(items.clone()),
            _ => wrong("a list"),
        },
        "items" => {
            tags.items = Some(Box::new(decode(
                value,
                &format!("{at}:"),
                errors,
                depth + 1,
            )))
        }
        "additionalProperties" => {
            tags.additional_properties = Some(Box::new(decode(
                value,
                &format!("{at}:"),
                errors,
                depth + 1,
            )))
        }
        "properties" => match value {
            Value::Object(properties) => {
                tags.properties = Some(decode_properties(properties, at, errors, depth))
            }
            _ => wrong("keys (`properties:<name>:…`)"),
        },
        "cel" => match value {
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    tags.cel
                        .push(cel_tag(item, &format!("{at}[{index}]"), errors));
                }
            }
            _ => wrong("indexed (`cel[0]:rule=…`)"),
        },
        _ => {}
    }
}

/// The `properties:<name>:…` of `at`, by name.
fn decode_properties(
    properties: &serde_json::Map<String, Value>,
    at: &str,
    errors: &mut Vec<(String, String)>,
    depth: usize,
) -> Vec<(String, CommentTags)> {
    let mut list: Vec<(String, CommentTags)> = properties
        .iter()
        .map(|(key, v)| {
            (
                key.clone(),
                decode(v, &format!("{at}:{key}:"), errors, depth + 1),
            )
        })
        .collect();
    list.sort_by(|a, b| a.0.cmp(&b.0));
    list
}

fn cel_tag(value: &Value, at: &str, errors: &mut Vec<(String, String)>) -> CelRule {
    let mut tag = CelRule::default();
    let Value::Object(map) = value else {
        if !value.is_null() {
            errors.push((
                at.to_string(),
                format!("`{at}` must hold keys (`rule`, `message`, …)"),
            ));
        }
        return tag;
    };
    for (key, item) in map {
        let field = |name: &str| key == name || key.eq_ignore_ascii_case(name);
        let text = |errors: &mut Vec<(String, String)>| match item {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => {
                errors.push((
                    at.to_string(),
                    format!(
                        "`{at}:{key}` must be a string, not {}",
                        json_kind_text(other)
                    ),
                ));
                String::new()
            }
        };
        if field("rule") {
            tag.rule = text(errors);
        } else if field("message") {
            tag.message = text(errors);
        } else if field("messageExpression") {
            tag.message_expression = text(errors);
        } else if field("reason") {
            tag.reason = text(errors);
        } else if field("fieldPath") {
            tag.field_path = text(errors);
        } else if field("optionalOldSelf") {
            match item {
                Value::Bool(b) => tag.optional_old_self = Some(*b),
                Value::Null => {}
                other => errors.push((
                    at.to_string(),
                    format!(
                        "`{at}:{key}` must be `true` or `false`, not {}",
                        json_kind_text(other)
                    ),
                )),
            }
        }
    }
    tag
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// "a string (`\"5\"`)": the kind and, for a scalar, the value.
fn json_kind_text(value: &Value) -> String {
    match value {
        Value::Array(_) | Value::Object(_) => json_kind(value).to_string(),
        other => format!("{} (`{other}`)", json_kind(other)),
    }
}

/// `commentTags.Validate`: `(key path, openapi-gen's message)`. Like openapi-gen, only the
/// top level is checked (nested `items:`/`properties:` values are written as given).
pub fn validate(tags: &CommentTags) -> Vec<(String, String)> {
    let mut errors = Vec::new();
    let mut push = |key: &str, message: String| errors.push((key.to_string(), message));
    for (key, value) in [
        ("minLength", tags.min_length),
        ("maxLength", tags.max_length),
        ("minItems", tags.min_items),
        ("maxItems", tags.max_items),
        ("minProperties", tags.min_properties),
        ("maxProperties", tags.max_properties),
    ] {
        if value.is_some_and(|v| v < 0) {
            push(key, format!("{key} cannot be negative"));
        }
    }
    if let (Some(min), Some(max)) = (tags.minimum, tags.maximum) {
        if min > max {
            push(
                "minimum",
                format!("minimum {min:.6} is greater than maximum {max:.6}"),
            );
        }
        if (tags.exclusive_minimum.is_some() || tags.exclusive_maximum.is_some()) && min == max {
            let key = if tags.exclusive_minimum.is_some() {
                "exclusiveMinimum"
            } else {
                "exclusiveMaximum"
            };
            push(
                key,
                "exclusiveMinimum/Maximum cannot be set when minimum == maximum".into(),
            );
        }
    }
    for (min_key, min, max_key, max) in [
        ("minLength", tags.min_length, "maxLength", tags.max_length),
        ("minItems", tags.min_items, "maxItems", tags.max_items),
        (
            "minProperties",
            tags.min_properties,
            "maxProperties",
            tags.max_properties,
        ),
    ] {
        if let (Some(min), Some(max)) = (min, max) {
            if min > max {
                push(
                    min_key,
                    format!("{min_key} {min} is greater than {max_key} {max}"),
                );
            }
        }
    }
    if let Some(pattern) = &tags.pattern {
        if let Err(error) = check_go_regexp(pattern) {
            push(
                "pattern",
                format!("invalid pattern {}: {error}", go_q(pattern)),
            );
        }
    }
    if tags.multiple_of == Some(0.0) {
        push("multipleOf", "multipleOf cannot be 0".into());
    }
    for (index, cel) in tags.cel.iter().enumerate() {
        let mut problems = Vec::new();
        if *cel == CelRule::default() {
            problems.push("empty CEL tag is not allowed".to_string());
        } else {
            if cel.rule.is_empty() {
                problems.push("rule cannot be empty".into());
            }
            if cel.message.is_empty() && cel.message_expression.is_empty() {
                problems.push("message or messageExpression must be set".into());
            }
            if !cel.message.is_empty() && !cel.message_expression.is_empty() {
                problems
                    .push("message and messageExpression cannot be set at the same time".into());
            }
        }
        if !problems.is_empty() {
            push(
                &format!("cel[{index}]"),
                format!("invalid CEL tag at index {index}: {}", problems.join("; ")),
            );
        }
    }
    errors
}

/// Go's `%q` of a string, for messages.
fn go_q(text: &str) -> String {
    crate::golit::go_quote(text)
}

/// Whether Go's `regexp.Compile` (RE2 syntax) accepts `pattern`, checked with the
/// `regex-syntax` parser (the syntax of Rust's `regex`, a close relative of RE2) plus the
/// rules where Go differs: a repeat count above 1000 is an error, and so are the escapes and
/// flags Go does not have (`\<`, `\>`, `\b{…}`, flags other than `imsU`). Known gap: Go's
/// `\Q…\E` quoting and octal escapes (`\123`) are accepted by Go and rejected here.
pub fn check_go_regexp(pattern: &str) -> Result<(), String> {
    let mut parser = regex_syntax::ParserBuilder::new().nest_limit(1000).build();
    let hir = parser
        .parse(pattern)
        .map_err(|e| go_like_error(&e.to_string()))?;
    let _ = hir;
    let bytes = pattern.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if i + 1 < bytes.len() => {
                let next = bytes[i + 1];
                if matches!(next, b'<' | b'>') || (next == b'b' && bytes.get(i + 2) == Some(&b'{'))
                {
                    return Err(format!(
                        "invalid escape sequence: `{}`",
                        &pattern[i..(i + 2).min(pattern.len())]
                    ));
                }
                i += 2;
                continue;
            }
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class && bytes.get(i + 1) == Some(&b'?') => {
                let flags: String = pattern[i + 2..]
                    .chars()
                    .take_while(|c| !matches!(c, ')' | ':'))
                    .collect();
                if !flags.starts_with('P')
                    && !flags.starts_with('<')
                    && flags
                        .chars()
                        .any(|c| !matches!(c, 'i' | 'm' | 's' | 'U' | '-'))
                {
                    return Err(format!("invalid or unsupported Perl syntax: `(?{flags}`"));
                }
            }
            b'{' if !in_class => {
                let counts: String = pattern[i + 1..].chars().take_while(|c| *c != '}').collect();
                if counts
                    .split(',')
                    .filter_map(|n| n.trim().parse::<u64>().ok())
                    .any(|n| n > 1000)
                {
                    return Err(format!("invalid repeat count: `{{{counts}}}`"));
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The first line of a regex-syntax error (the rest is a drawing of the pattern).
fn go_like_error(text: &str) -> String {
    text.lines()
        .rev()
        .find(|l| l.starts_with("error:"))
        .map(|l| l.trim_start_matches("error:").trim().to_string())
        .unwrap_or_else(|| text.lines().next().unwrap_or("").to_string())
}

/// One `x-kubernetes-validations` rule from `+k8s:validation:cel[i]:rule|message|
/// messageExpression|optionalOldSelf|reason|fieldPath`; empty strings are left out when
/// written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CelRule {
    pub rule: String,
    pub message: String,
    pub message_expression: String,
    pub optional_old_self: Option<bool>,
    pub reason: String,
    pub field_path: String,
}

#[cfg(test)]
mod tests;
