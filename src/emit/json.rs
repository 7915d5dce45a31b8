//! A pretty JSON writer (2-space indent, serde_json's layout) that writes documents straight
//! from [`Schema`] trees, in kube-openapi's key order, with Go's HTML-safe escapes in the same
//! pass — no intermediate value tree.

use serde_json::Value;

use super::{ref_path, Info, Version};
use crate::model::Limits;
use crate::schema::{Definitions, Schema};

/// A float64 as Go's `encoding/json` writes it: integers without a fraction, `%f`-style
/// between 1e-6 and 1e21, else an exponent (`1e+21`, `1e-07`).
pub(crate) fn go_json_float(value: f64) -> String {
    if value.is_finite() && value.fract() == 0.0 && value.abs() < 1e21 {
        return format!("{}", value as i128);
    }
    let abs = value.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        // Go: strconv 'e' with the shortest digits, then `e-07` → `e-07` (two digits kept).
        let text = format!("{value:e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let exponent: i32 = exponent.parse().unwrap_or(0);
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    format!("{value}")
}

/// The whole document as pretty JSON with a final newline.
pub fn document(definitions: &Definitions, version: Version, info: &Info) -> String {
    let mut w = Writer {
        // k8s.io/api's documents are about 1.7 KiB per definition: a buffer grown by doubling
        // was copied a dozen times on the way to 2 MiB.
        out: String::with_capacity(definitions.len() * 2048),
        stack: Vec::new(),
    };
    w.begin_object();
    match version {
        Version::V2 => {
            w.key("swagger");
            w.string("2.0");
        }
        Version::V3 => {
            w.key("openapi");
            w.string("3.0.0");
        }
    }
    w.key("info");
    w.begin_object();
    w.key("title");
    w.string(&info.title);
    w.key("version");
    w.string(&info.version);
    w.end_object();
    w.key("paths");
    w.begin_object();
    w.end_object();
    match version {
        Version::V2 => {
            w.key("definitions");
            w.definitions(definitions, version);
        }
        Version::V3 => {
            w.key("components");
            w.begin_object();
            w.key("schemas");
            w.definitions(definitions, version);
            w.end_object();
        }
    }
    w.end_object();
    w.out.push('\n');
    w.out
}

#[derive(Default)]
struct Writer {
    out: String,
    /// Per open container: has it elements yet?
    stack: Vec<bool>,
}

impl Writer {
    fn indent(&mut self) {
        for _ in 0..self.stack.len() {
            self.out.push_str("  ");
        }
    }

    /// Separator and indentation before an element of the innermost container.
    fn element(&mut self) {
        if let Some(has_elements) = self.stack.last_mut() {
            if *has_elements {
                self.out.push(',');
            }
            *has_elements = true;
            self.out.push('\n');
            self.indent();
        }
    }

    fn begin_object(&mut self) {
        self.out.push('{');
        self.stack.push(false);
    }

    fn end_object(&mut self) {
        self.close('}');
    }

    fn begin_array(&mut self) {
        self.out.push('[');
        self.stack.push(false);
    }

    fn end_array(&mut self) {
        self.close(']');
    }

    fn close(&mut self, bracket: char) {
        if self.stack.pop() == Some(true) {
            self.out.push('\n');
            self.indent();
        }
        self.out.push(bracket);
    }

    /// An object key; the value follows with one of the value methods (no `element`).
    fn key(&mut self, key: &str) {
        self.element();
        write_string(&mut self.out, key);
        self.out.push_str(": ");
    }

    /// A string value (after a key, or as an array element via `item_string`).
    fn string(&mut self, value: &str) {
        write_string(&mut self.out, value);
    }

    fn item_string(&mut self, value: &str) {
        self.element();
        self.string(value);
    }

    fn strings(&mut self, values: &[String]) {
        self.begin_array();
        for value in values {
            self.item_string(value);
        }
        self.end_array();
    }

    fn value(&mut self, value: &Value) {
        match value {
            Value::Object(map) => {
                self.begin_object();
                for (key, item) in map {
                    self.key(key);
                    self.value(item);
                }
                self.end_object();
            }
            Value::Array(items) => {
                self.begin_array();
                for item in items {
                    self.element();
                    self.value(item);
                }
                self.end_array();
            }
            Value::String(text) => self.string(text),
            other => self.out.push_str(&other.to_string()),
        }
    }

    /// `maximum` … `multipleOf` in kube-openapi's `SchemaProps` order (numbers as Go's
    /// `encoding/json` writes a float64).
    fn limits_before_enum(&mut self, limits: &Limits) {
        let float = |w: &mut Self, key: &str, value: Option<f64>| {
            if let Some(value) = value {
                w.key(key);
                w.out.push_str(&go_json_float(value));
            }
        };
        let int = |w: &mut Self, key: &str, value: Option<i64>| {
            if let Some(value) = value {
                w.key(key);
                w.out.push_str(&value.to_string());
            }
        };
        let flag = |w: &mut Self, key: &str, value: bool| {
            if value {
                w.key(key);
                w.out.push_str("true");
            }
        };
        float(self, "maximum", limits.maximum);
        flag(self, "exclusiveMaximum", limits.exclusive_maximum);
        float(self, "minimum", limits.minimum);
        flag(self, "exclusiveMinimum", limits.exclusive_minimum);
        int(self, "maxLength", limits.max_length);
        int(self, "minLength", limits.min_length);
        if let Some(pattern) = &limits.pattern {
            self.key("pattern");
            self.string(pattern);
        }
        int(self, "maxItems", limits.max_items);
        int(self, "minItems", limits.min_items);
        flag(self, "uniqueItems", limits.unique_items);
        float(self, "multipleOf", limits.multiple_of);
    }

    fn definitions(&mut self, definitions: &Definitions, version: Version) {
        self.begin_object();
        for (name, schema) in definitions {
            self.key(name);
            match (&schema.v3, version) {
                (Some(v3), Version::V3) => self.schema(v3, version),
                _ => self.schema(schema, version),
            }
        }
        self.end_object();
    }

    /// A schema node's keys before `allOf`, in kube-openapi's order.
    fn leading_keys(&mut self, schema: &Schema, version: Version) {
        if let Some(description) = &schema.description {
            self.key("description");
            self.string(description);
        }
        match schema.types.as_slice() {
            [] => {}
            [one] => {
                self.key("type");
                self.string(one);
            }
            many => {
                self.key("type");
                self.strings(many);
            }
        }
        if schema.nullable {
            self.key("nullable");
            self.out.push_str("true");
        }
        if let Some(format) = &schema.format {
            self.key("format");
            self.string(format);
        }
        if let Some(title) = &schema.title {
            self.key("title");
            self.string(title);
        }
        if let Some(default) = &schema.default {
            self.key("default");
            self.value(default);
        }
        self.limits_before_enum(&schema.limits);
        if !schema.enum_values.is_empty() {
            self.key("enum");
            self.strings(&schema.enum_values);
        }
        if let Some(n) = schema.limits.max_properties {
            self.key("maxProperties");
            self.out.push_str(&n.to_string());
        }
        if let Some(n) = schema.limits.min_properties {
            self.key("minProperties");
            self.out.push_str(&n.to_string());
        }
        if !schema.required.is_empty() {
            self.key("required");
            self.strings(&schema.required);
        }
        if let Some(items) = &schema.items {
            self.key("items");
            self.schema(items, version);
        }
    }

    /// One schema node. In v3 a `$ref` with siblings moves into `allOf` (kube-openapi's
    /// builder3 does the same); in v2 siblings sit next to `$ref`.
    fn schema(&mut self, schema: &Schema, version: Version) {
        self.begin_object();
        self.leading_keys(schema, version);
        let has_siblings = has_siblings(schema);
        let reference = schema
            .literal_reference
            .clone()
            .or_else(|| schema.reference.as_ref().map(|r| ref_path(r, version)));
        if let (Some(reference), Version::V3, true) = (&reference, version, has_siblings) {
            // builder3's WrapRefs replaces `allOf` (value validations' entry included).
            self.key("allOf");
            self.begin_array();
            self.element();
            self.begin_object();
            self.key("$ref");
            self.string(reference);
            self.end_object();
            self.end_array();
        } else if !schema.all_of.is_empty() {
            self.key("allOf");
            self.begin_array();
            for entry in &schema.all_of {
                self.element();
                self.schema(entry, version);
            }
            self.end_array();
        }
        for (key, schemas) in [("oneOf", &schema.one_of), ("anyOf", &schema.any_of)] {
            if !schemas.is_empty() {
                self.key(key);
                self.begin_array();
                for entry in schemas {
                    self.element();
                    self.schema(entry, version);
                }
                self.end_array();
            }
        }
        if !schema.properties.is_empty() {
            self.key("properties");
            self.begin_object();
            for (name, property) in &schema.properties {
                self.key(name);
                self.schema(property, version);
            }
            self.end_object();
        }
        if let Some(additional) = &schema.additional_properties {
            self.key("additionalProperties");
            self.schema(additional, version);
        } else if schema.additional_properties_denied {
            self.key("additionalProperties");
            self.out.push_str("false");
        }
        // kube-openapi's (jsonv2) order: schema keys, `$ref`, then the `x-` extensions.
        if let Some(reference) = &reference {
            if version == Version::V2 || !has_siblings {
                self.key("$ref");
                self.string(reference);
            }
        }
        for (key, value) in &schema.extensions {
            self.key(key);
            self.value(value);
        }
        self.end_object();
    }
}

/// Whether a node has keys besides its `$ref` (v3 then wraps the `$ref` in `allOf`).
fn has_siblings(schema: &Schema) -> bool {
    schema.description.is_some()
        || !schema.types.is_empty()
        || schema.format.is_some()
        || schema.default.is_some()
        || !schema.enum_values.is_empty()
        || !schema.required.is_empty()
        || schema.items.is_some()
        || !schema.limits.is_empty()
        || !schema.all_of.is_empty()
        || !schema.one_of.is_empty()
        || !schema.any_of.is_empty()
        || !schema.extensions.is_empty()
}

/// A JSON string as serde_json writes it, plus Go encoding/json's HTML-safe escapes (`<`,
/// `>`, `&`, U+2028, U+2029), so descriptions match Kubernetes' published specs byte for byte.
pub(super) fn string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    write_string(&mut out, value);
    out
}

/// Bytes [`write_string`] looks at: ASCII controls, `"`, `\`, Go's HTML escapes, and the
/// first byte of U+2028 and U+2029; every other byte is copied as it is.
const ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = true;
        byte += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'<' as usize] = true;
    table[b'>' as usize] = true;
    table[b'&' as usize] = true;
    table[0xE2] = true;
    table
};

/// A JSON string as serde_json writes it, with Go's `encoding/json` HTML and line-separator
/// escapes. A byte loop: descriptions are most of a document's bytes.
fn write_string(out: &mut String, value: &str) {
    out.push('"');
    let bytes = value.as_bytes();
    let (mut start, mut index) = (0, 0);
    while index < bytes.len() {
        let Some(plain) = find_escaped(&bytes[index..]) else {
            break;
        };
        index += plain;
        let byte = bytes[index];
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            b'&' => "\\u0026",
            0xE2 => match bytes.get(index + 1..index + 3) {
                Some([0x80, 0xA8]) => "\\u2028",
                Some([0x80, 0xA9]) => "\\u2029",
                _ => {
                    index += 1;
                    continue;
                }
            },
            _ => "",
        };
        out.push_str(&value[start..index]);
        if escape.is_empty() {
            out.push_str(&format!("\\u{byte:04x}"));
        }
        out.push_str(escape);
        index += if byte == 0xE2 { 3 } else { 1 };
        start = index;
    }
    out.push_str(&value[start..]);
    out.push('"');
}

/// Where the first byte of `text` that [`ESCAPED`] marks is. Eight bytes are looked up at a
/// time, with one branch: escapes are rare in descriptions, and a byte-by-byte loop spent
/// most of its instructions on branches (a twentieth of a run on k8s.io/api went there).
fn find_escaped(text: &[u8]) -> Option<usize> {
    let (chunks, _) = text.as_chunks::<8>();
    let mut offset = 0;
    for chunk in chunks {
        if chunk
            .iter()
            .fold(false, |hit, &b| hit | ESCAPED[usize::from(b)])
        {
            break;
        }
        offset += 8;
    }
    text[offset..]
        .iter()
        .position(|&b| ESCAPED[usize::from(b)])
        .map(|n| offset + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_escaped_byte_is_found_at_every_offset() {
        for length in 0..40 {
            let mut text = vec![b'a'; length];
            assert_eq!(find_escaped(&text), None, "{length}");
            for at in 0..length {
                text[at] = b'<';
                if at + 3 < length {
                    text[at + 3] = b'"';
                }
                assert_eq!(find_escaped(&text), Some(at), "{length} {at}");
                text.fill(b'a');
            }
        }
        assert_eq!(find_escaped("aé\n".as_bytes()), Some(3));
    }

    #[test]
    fn strings_escape_like_serde_json_plus_go_html_escapes() {
        let mut out = String::new();
        write_string(
            &mut out,
            "a\"b\\c\n\t\u{1}<>&\u{2028}é\u{2029}\u{2027}\u{1f}\r\u{8}\u{c}",
        );
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\n\\t\\u0001\\u003c\\u003e\\u0026\\u2028é\\u2029\u{2027}\\u001f\\r\\b\\f\""
        );
    }

    /// Every string of up to three characters from a set around the escapes: serde_json's
    /// escaping plus Go's HTML and line-separator escapes.
    #[test]
    fn strings_escape_as_serde_json_then_go() {
        let chars = [
            'a',
            '"',
            '\\',
            '\n',
            '\u{1}',
            '\u{1f}',
            '\u{7f}',
            '<',
            '>',
            '&',
            '\u{2028}',
            '\u{2029}',
            '\u{2027}',
            '\u{e2}',
            '€',
            '\u{1f600}',
        ];
        let mut strings = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = strings
                .iter()
                .flat_map(|s| chars.iter().map(move |c| format!("{s}{c}")))
                .collect();
            strings.extend(longer);
        }
        for value in strings {
            let expected = serde_json::to_string(&value)
                .unwrap()
                .replace('<', "\\u003c")
                .replace('>', "\\u003e")
                .replace('&', "\\u0026")
                .replace('\u{2028}', "\\u2028")
                .replace('\u{2029}', "\\u2029");
            let mut out = String::new();
            write_string(&mut out, &value);
            assert_eq!(out, expected, "{value:?}");
        }
    }

    #[test]
    fn layout_matches_serde_json_pretty() {
        let value = serde_json::json!({"a": [], "b": {}, "c": [1, {"d": "e"}], "f": null});
        let mut w = Writer::default();
        w.value(&value);
        assert_eq!(w.out, serde_json::to_string_pretty(&value).unwrap());
    }
}
