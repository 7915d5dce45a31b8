//! YAML exactly as `sigs.k8s.io/yaml.Marshal` writes it: a JSON value re-read by
//! gopkg.in/yaml.v2 (numbers become ints or floats as its resolver reads them) and written by
//! yaml.v2's encoder over its libyaml port. controller-gen writes every manifest this way
//! (`genall.yamlMarshal`), so its CRDs, roles and webhook configurations follow these rules:
//!
//! - mapping keys sorted by yaml.v2's `keyList` order (runs of digits compare as numbers);
//! - block mappings and sequences, a sequence under a key not indented (`key:\n- a`), empty
//!   ones in flow style (`{}`, `[]`);
//! - a string plain unless it would read back as something else (`"true"`, `"1"`,
//!   `"2006-01-02"`, `""`), then double-quoted; a string with a line break in literal style
//!   (`|-`, `|`, `|+`); single quotes when a plain scalar is not allowed (`'x: y'`);
//!   double quotes with escapes for tabs, control characters, characters outside the Basic
//!   Multilingual Plane and literal scalars libyaml refuses (trailing spaces);
//! - plain and quoted scalars folded at spaces past column 80, continuation lines two spaces
//!   deeper than their key; keys longer than 128 bytes written as `? key`;
//! - integers in decimal, floats as Go's `strconv.FormatFloat(f, 'g', -1, 64)` (`1e+21`,
//!   `1.2345675e+06`), `null`, `true`/`false`.
//!
//! The port follows yaml.v2 v2.4.0 (`encode.go`, `emitterc.go`, `resolve.go`, `sorter.go`);
//! the functions keep libyaml's names so that they can be read side by side. Other helpers
//! (rbac, webhook) use [`to_bytes`] for their manifests too.

use serde_json::Value;

use crate::limits;

/// A value nested deeper than [`limits::YAML_NESTING`]: not written (the emitter recurses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDeep;

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the document nests deeper than {} levels",
            limits::YAML_NESTING
        )
    }
}

impl std::error::Error for TooDeep {}

/// `sigs.k8s.io/yaml.Marshal(value)`: the YAML document, ending with a newline, without the
/// `---` separator controller-gen writes before each document.
pub fn to_bytes(value: &Value) -> Result<Vec<u8>, TooDeep> {
    let mut emitter = Emitter::default();
    // Document start (implicit, first), the root node, document end (implicit).
    emitter.node(value, Context::ROOT, 0)?;
    emitter.write_indent();
    Ok(emitter.out.into_bytes())
}

/// The preferred indentation step and line width of yaml.v2's encoder (libyaml defaults).
const BEST_INDENT: isize = 2;
const BEST_WIDTH: usize = 80;
/// libyaml writes a key longer than this (in bytes) as a complex key (`? key`).
const SIMPLE_KEY_LENGTH: usize = 128;

/// Where a node sits (libyaml's `root_context`, `sequence_context`, `mapping_context`,
/// `simple_key_context`).
#[derive(Debug, Clone, Copy)]
struct Context {
    mapping: bool,
    simple_key: bool,
}

impl Context {
    const ROOT: Context = Context {
        mapping: false,
        simple_key: false,
    };
    const SEQUENCE_ITEM: Context = Context::ROOT;
    const MAPPING_VALUE: Context = Context {
        mapping: true,
        simple_key: false,
    };
    const SIMPLE_KEY: Context = Context {
        mapping: true,
        simple_key: true,
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

/// The state libyaml's emitter keeps between writes.
struct Emitter {
    out: String,
    column: usize,
    indent: isize,
    indents: Vec<isize>,
    /// The last character written was whitespace (or nothing yet on the line).
    whitespace: bool,
    /// Only indentation has been written on the current line.
    indention: bool,
    flow_level: usize,
}

impl Default for Emitter {
    fn default() -> Self {
        Emitter {
            out: String::new(),
            column: 0,
            indent: -1,
            indents: Vec::new(),
            whitespace: true,
            indention: true,
            flow_level: 0,
        }
    }
}

impl Emitter {
    fn node(&mut self, value: &Value, context: Context, depth: usize) -> Result<(), TooDeep> {
        if depth > limits::YAML_NESTING {
            return Err(TooDeep);
        }
        match value {
            Value::Object(map) if map.is_empty() => self.empty_flow_collection("{", "}"),
            Value::Array(items) if items.is_empty() => self.empty_flow_collection("[", "]"),
            Value::Object(map) => {
                let mut entries: Vec<(std::borrow::Cow<str>, &Value)> =
                    map.iter().map(|(k, v)| (reread(k), v)).collect();
                merge_sort_by_key_order(&mut entries);
                self.block_mapping(&entries, depth)?;
            }
            Value::Array(items) => self.block_sequence(items, context, depth)?,
            Value::Null => self.scalar("null", Style::Plain, context),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, Style::Plain, context),
            Value::Number(number) => self.scalar(&number_text(number), Style::Plain, context),
            Value::String(text) => {
                let text = reread(text);
                self.scalar(&text, string_style(&text), context);
            }
        }
        Ok(())
    }

    /// `yaml_emitter_emit_flow_sequence_item` / `…_flow_mapping_key` for an empty
    /// collection: libyaml writes every empty one in flow style.
    fn empty_flow_collection(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.flow_level += 1;
        self.flow_level -= 1;
        self.pop_indent();
        self.write_indicator(close, false, false, false);
    }

    fn block_mapping(
        &mut self,
        entries: &[(std::borrow::Cow<str>, &Value)],
        depth: usize,
    ) -> Result<(), TooDeep> {
        self.increase_indent(false, false);
        for (key, value) in entries {
            self.write_indent();
            let analysis = Analysis::of(key);
            if !analysis.multiline && key.len() <= SIMPLE_KEY_LENGTH {
                self.scalar(key, string_style(key), Context::SIMPLE_KEY);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.scalar(key, string_style(key), Context::MAPPING_VALUE);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(value, Context::MAPPING_VALUE, depth + 1)?;
        }
        self.pop_indent();
        Ok(())
    }

    fn block_sequence(
        &mut self,
        items: &[Value],
        context: Context,
        depth: usize,
    ) -> Result<(), TooDeep> {
        // Under a key, a sequence is not indented (`key:\n- a`).
        self.increase_indent(false, context.mapping && !self.indention);
        for item in items {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(item, Context::SEQUENCE_ITEM, depth + 1)?;
        }
        self.pop_indent();
        Ok(())
    }

    /// `yaml_emitter_emit_scalar`: the style libyaml settles on, then the text.
    fn scalar(&mut self, value: &str, requested: Style, context: Context) {
        let analysis = Analysis::of(value);
        let style = self.select_scalar_style(value, requested, &analysis, context);
        self.increase_indent(true, false);
        let allow_breaks = !context.simple_key;
        match style {
            Style::Plain => self.write_plain_scalar(value, allow_breaks),
            Style::SingleQuoted => self.write_single_quoted_scalar(value, allow_breaks),
            Style::DoubleQuoted => self.write_double_quoted_scalar(value, allow_breaks),
            Style::Literal => self.write_literal_scalar(value),
        }
        self.pop_indent();
    }

    /// `yaml_emitter_select_scalar_style` for untagged, implicit scalars.
    fn select_scalar_style(
        &self,
        value: &str,
        requested: Style,
        analysis: &Analysis,
        context: Context,
    ) -> Style {
        let mut style = requested;
        if context.simple_key && analysis.multiline {
            style = Style::DoubleQuoted;
        }
        if style == Style::Plain {
            let plain_allowed = if self.flow_level > 0 {
                analysis.flow_plain_allowed
            } else {
                analysis.block_plain_allowed
            };
            if !plain_allowed || (value.is_empty() && (self.flow_level > 0 || context.simple_key)) {
                style = Style::SingleQuoted;
            }
        }
        if style == Style::SingleQuoted && !analysis.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal
            && (!analysis.block_allowed || self.flow_level > 0 || context.simple_key)
        {
            style = Style::DoubleQuoted;
        }
        style
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        // Every pop follows its push in the same function.
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// `write`: one character, one column.
    fn write(&mut self, c: char) {
        self.put(c);
    }

    /// `write_break`: a line break from the value (`\n` as the emitter's line break).
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.write(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    fn write_plain_scalar(&mut self, value: &str, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let chars: Vec<char> = value.chars().collect();
        let mut spaces = false;
        let mut breaks = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_is_space = chars.get(i + 1) == Some(&' ');
                if allow_breaks && !spaces && self.column > BEST_WIDTH && !next_is_space {
                    self.write_indent();
                } else {
                    self.write(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.write(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted_scalar(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        let mut spaces = false;
        let mut breaks = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_is_space = chars.get(i + 1) == Some(&' ');
                // libyaml compares byte offsets with the byte length; a space is one byte,
                // so "not the first and not the last character" is the same test.
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < chars.len()
                    && !next_is_space
                {
                    self.write_indent();
                } else {
                    self.write(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.write(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted_scalar(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        // libyaml's `is_bom(value, i)` looks at the start of the value, not at `i`: a value
        // that starts with a byte order mark has every character escaped.
        let starts_with_bom = value.starts_with('\u{FEFF}');
        let chars: Vec<char> = value.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || starts_with_bom || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                self.write_escape(c);
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i + 1 < chars.len()
                {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.write(c);
                }
                spaces = true;
            } else {
                self.write(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// The escape after the backslash.
    fn write_escape(&mut self, c: char) {
        let short = match c {
            '\0' => Some('0'),
            '\u{07}' => Some('a'),
            '\u{08}' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\u{0b}' => Some('v'),
            '\u{0c}' => Some('f'),
            '\r' => Some('r'),
            '\u{1b}' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{a0}' => Some('_'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(short) = short {
            self.put(short);
            return;
        }
        let code = c as u32;
        let (letter, digits) = if code <= 0xFF {
            ('x', 2)
        } else if code <= 0xFFFF {
            ('u', 4)
        } else {
            ('U', 8)
        };
        self.put(letter);
        for k in (0..digits).rev() {
            let digit = (code >> (4 * k)) & 0xF;
            self.put(char::from_digit(digit, 16).map_or('0', |d| d.to_ascii_uppercase()));
        }
    }

    fn write_literal_scalar(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        self.write_block_scalar_hints(value);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in value.chars() {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.write(c);
                self.indention = false;
                breaks = false;
            }
        }
    }

    /// The indentation hint (a value starting with a space or a break) and the chomping
    /// indicator: `-` without a final break, none with one, `+` with more than one.
    fn write_block_scalar_hints(&mut self, value: &str) {
        let mut chars = value.chars();
        if chars.next().is_some_and(|c| c == ' ' || is_break(c)) {
            let hint = char::from_digit(BEST_INDENT as u32, 10).unwrap_or('2');
            self.write_indicator(&hint.to_string(), false, false, false);
        }
        let mut reversed = value.chars().rev();
        let chomp = match (reversed.next(), reversed.next()) {
            (None, _) => Some("-"),
            (Some(last), _) if !is_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(before)) if is_break(before) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
    }
}

/// A string as yaml.v2 reads it back from Go's JSON text of it. Go's `encoding/json` escapes
/// every line break but NEL (U+0085), which YAML's double-quoted scalars fold like a line
/// feed: the blanks around it dropped, one break a space, more breaks that many `\n` less
/// one. Every other string reads back unchanged.
fn reread(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\u{85}') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != ' ' && c != '\u{85}' {
            out.push(c);
            continue;
        }
        // A run of spaces and NELs: spaces alone are kept; with a NEL, folded.
        let mut spaces = String::new();
        let mut breaks = 0usize;
        let mut current = Some(c);
        while let Some(c) = current {
            if c == '\u{85}' {
                breaks += 1;
            } else if breaks == 0 {
                spaces.push(' ');
            }
            current = chars.next_if(|&n| n == ' ' || n == '\u{85}');
        }
        match breaks {
            0 => out.push_str(&spaces),
            1 => out.push(' '),
            n => out.extend(std::iter::repeat_n('\n', n - 1)),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `yaml_emitter_analyze_scalar`: what the characters of a scalar allow.
struct Analysis {
    multiline: bool,
    flow_plain_allowed: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

impl Analysis {
    fn of(value: &str) -> Analysis {
        if value.is_empty() {
            return Analysis {
                multiline: false,
                flow_plain_allowed: false,
                block_plain_allowed: true,
                single_quoted_allowed: true,
                block_allowed: false,
            };
        }
        let (flow_indicators, block_indicators) = indicators(value);
        let mut line_breaks = false;
        let mut special_characters = false;
        let mut leading_space = false;
        let mut leading_break = false;
        let mut trailing_space = false;
        let mut trailing_break = false;
        let mut break_space = false;
        let mut space_break = false;
        let mut previous_space = false;
        let mut previous_break = false;
        let count = value.chars().count();
        for (i, c) in value.chars().enumerate() {
            let last = i + 1 == count;
            if !is_printable(c) {
                special_characters = true;
            }
            if c == ' ' {
                leading_space |= i == 0;
                trailing_space |= last;
                break_space |= previous_break;
                previous_space = true;
                previous_break = false;
            } else if is_break(c) {
                line_breaks = true;
                leading_break |= i == 0;
                trailing_break |= last;
                space_break |= previous_space;
                previous_space = false;
                previous_break = true;
            } else {
                previous_space = false;
                previous_break = false;
            }
        }
        let mut analysis = Analysis {
            multiline: line_breaks,
            flow_plain_allowed: true,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: true,
        };
        if leading_space || leading_break || trailing_space || trailing_break {
            analysis.flow_plain_allowed = false;
            analysis.block_plain_allowed = false;
        }
        if trailing_space {
            analysis.block_allowed = false;
        }
        if break_space {
            analysis.flow_plain_allowed = false;
            analysis.block_plain_allowed = false;
            analysis.single_quoted_allowed = false;
        }
        if space_break || special_characters {
            analysis.flow_plain_allowed = false;
            analysis.block_plain_allowed = false;
            analysis.single_quoted_allowed = false;
            analysis.block_allowed = false;
        }
        if line_breaks {
            analysis.flow_plain_allowed = false;
            analysis.block_plain_allowed = false;
        }
        if flow_indicators {
            analysis.flow_plain_allowed = false;
        }
        if block_indicators {
            analysis.block_plain_allowed = false;
        }
        analysis
    }
}

/// The indicator characters of `yaml_emitter_analyze_scalar` that forbid a plain scalar in
/// flow context and in block context: (flow, block).
fn indicators(value: &str) -> (bool, bool) {
    let mut flow = false;
    let mut block = false;
    if value.starts_with("---") || value.starts_with("...") {
        flow = true;
        block = true;
    }
    let chars: Vec<char> = value.chars().collect();
    let mut preceded_by_whitespace = true;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_whitespace = chars.get(i + 1).is_none_or(|&n| n == ' ' || n == '\t');
        let (f, b) = match (i == 0, c) {
            (
                true,
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"' | '%'
                | '@' | '`',
            ) => (true, true),
            (true, '?' | ':') | (false, ':') => (true, followed_by_whitespace),
            (true, '-') => (followed_by_whitespace, followed_by_whitespace),
            (false, ',' | '?' | '[' | ']' | '{' | '}') => (true, false),
            (false, '#') => (preceded_by_whitespace, preceded_by_whitespace),
            _ => (false, false),
        };
        flow |= f;
        block |= b;
        preceded_by_whitespace = c == ' ' || c == '\t' || c == '\0' || is_break(c);
    }
    (flow, block)
}

/// libyaml's `is_printable` on the character's UTF-8 bytes: `\n`, ASCII printables, and the
/// Basic Multilingual Plane from U+00A0 but for surrogates, U+FEFF, U+FFFE and U+FFFF.
fn is_printable(c: char) -> bool {
    matches!(c as u32, 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{FEFF}'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// yaml.v2's `stringv`: literal style with a line feed, plain when the text would read back
/// as this string, else double-quoted (the emitter may still pick another style).
fn string_style(text: &str) -> Style {
    if text.contains('\n') {
        Style::Literal
    } else if resolves_to_string(text) && !is_base60_float(text) {
        Style::Plain
    } else {
        Style::DoubleQuoted
    }
}

/// A number as yaml.v2 writes it after re-reading Go's JSON text of it: an integer in
/// decimal, a float as `strconv.FormatFloat(f, 'g', -1, 64)`.
fn number_text(number: &serde_json::Number) -> String {
    if let Some(integer) = number.as_i64() {
        return integer.to_string();
    }
    if let Some(integer) = number.as_u64() {
        return integer.to_string();
    }
    let float = number.as_f64().unwrap_or(0.0);
    // Go's JSON writes an integral float below 1e21 as its integer digits, which yaml.v2
    // reads back as an int when it fits in 64 bits.
    if float.fract() == 0.0 && float.abs() < 1e21 {
        if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&float) {
            return format!("{}", float as i64);
        }
        if (0.0..18_446_744_073_709_551_616.0).contains(&float) {
            return format!("{}", float as u64);
        }
    }
    format_float_g(float)
}

/// yaml.v2's `floatv`: Go's `strconv.FormatFloat(f, 'g', -1, 64)`, infinities and NaN as
/// YAML writes them.
fn format_float_g(float: f64) -> String {
    if float.is_nan() {
        return ".nan".into();
    }
    if float.is_infinite() {
        return if float > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    crate::golit::go_float(float)
}

/// yaml.v2's `resolve("", text)` is `!!str` (the text reads back as this string).
fn resolves_to_string(text: &str) -> bool {
    const WORDS: &[&str] = &[
        "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
        "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "", "~", "null", "Null",
        "NULL", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
        "-.Inf", "-.INF",
    ];
    let Some(&first) = text.as_bytes().first() else {
        return false; // `""` is null
    };
    let hint = match first {
        b'+' | b'-' | b'0'..=b'9' => 'D',
        b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~' => 'M',
        b'.' => '.',
        _ => return true,
    };
    if WORDS.contains(&text) {
        return false;
    }
    match hint {
        'M' => true,
        '.' => !go_parse_float(text),
        _ => {
            if is_timestamp(text) {
                return false;
            }
            let plain = text.replace('_', "");
            !(go_parse_int(&plain) || (is_yaml_style_float(&plain) && go_parse_float(&plain)))
        }
    }
}

/// Go's `strconv.ParseInt(text, 0, 64)` or `ParseUint(text, 0, 64)` succeeds (underscores
/// already removed): an optional sign, `0x`/`0o`/`0b` or a leading `0` for octal.
fn go_parse_int(text: &str) -> bool {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'+') => (false, &text[1..]),
        Some(b'-') => (true, &text[1..]),
        _ => (false, text),
    };
    let lower = unsigned.to_ascii_lowercase();
    let (radix, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return false;
    }
    let Ok(magnitude) = u128::from_str_radix(digits, radix) else {
        return false;
    };
    if negative {
        magnitude <= 1u128 << 63
    } else {
        // ParseInt up to i64::MAX, then ParseUint (no sign allowed) up to u64::MAX.
        magnitude <= i64::MAX as u128 || (!text.starts_with('+') && magnitude <= u64::MAX as u128)
    }
}

/// yaml.v2's `yamlStyleFloat`: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_style_float(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    if bytes.get(i) == Some(&b'.') {
        let fraction = digits(i + 1);
        if fraction == 0 {
            return false;
        }
        i += 1 + fraction;
    } else {
        let integer = digits(i);
        if integer == 0 {
            return false;
        }
        i += integer;
        if bytes.get(i) == Some(&b'.') {
            i += 1 + digits(i + 1);
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exponent = digits(i);
        if exponent == 0 {
            return false;
        }
        i += exponent;
    }
    i == bytes.len()
}

/// Go's `strconv.ParseFloat(text, 64)` succeeds: decimal (underscores only between digits),
/// hexadecimal with a `p` exponent, `inf`/`infinity`/`nan`; an overflow to infinity fails.
fn go_parse_float(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let lower = unsigned.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return true;
    }
    if lower == "nan" {
        return text.len() == 3;
    }
    if !go_underscores_ok(text) {
        return false;
    }
    let plain = lower.replace('_', "");
    if let Some(hex) = plain.strip_prefix("0x") {
        return go_hex_float(hex);
    }
    let bytes = plain.as_bytes();
    let mut i = 0;
    let mantissa_start = i;
    let mut saw_digits = false;
    let mut saw_dot = false;
    while i < bytes.len() {
        match bytes[i] {
            b'0'..=b'9' => saw_digits = true,
            b'.' if !saw_dot => saw_dot = true,
            _ => break,
        }
        i += 1;
    }
    if !saw_digits || i == mantissa_start {
        return false;
    }
    if i < bytes.len() && bytes[i] == b'e' {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == bytes.len() && plain.parse::<f64>().is_ok_and(f64::is_finite)
}

/// A hexadecimal float's digits after `0x`: mantissa with an optional point, then a required
/// `p` exponent.
fn go_hex_float(hex: &str) -> bool {
    let Some((mantissa, exponent)) = hex.split_once('p') else {
        return false;
    };
    let digits = mantissa.replacen('.', "", 1);
    let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_hexdigit())
        && !exponent.is_empty()
        && exponent.chars().all(|c| c.is_ascii_digit())
}

/// Go's `underscoreOK`: underscores only between digits (or after a base prefix).
fn go_underscores_ok(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text).as_bytes();
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if unsigned.len() >= 2
        && unsigned[0] == b'0'
        && matches!(unsigned[1].to_ascii_lowercase(), b'b' | b'o' | b'x')
    {
        i = 2;
        saw = b'0';
        hex = unsigned[1].eq_ignore_ascii_case(&b'x');
    }
    while i < unsigned.len() {
        let c = unsigned[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// yaml.v2's `isBase60Float`: `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`, which
/// it still quotes for YAML 1.1 parsers.
fn is_base60_float(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    i += 1;
    while bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_digit() || *b == b'_')
    {
        i += 1;
    }
    let mut groups = 0;
    while bytes.get(i) == Some(&b':') {
        i += 1;
        // `[0-5]?[0-9]`: one or two digits, the first of two at most 5.
        match (bytes.get(i), bytes.get(i + 1)) {
            (Some(a @ b'0'..=b'5'), Some(b'0'..=b'9')) if a.is_ascii_digit() => i += 2,
            (Some(b'0'..=b'9'), _) => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        while bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_digit() || *b == b'_')
        {
            i += 1;
        }
    }
    i == bytes.len()
}

/// yaml.v2's `parseTimestamp`: the text starts with four digits and a `-` and Go's
/// `time.Parse` accepts it in one of the layouts `2006-1-2T15:4:5.999999999Z07:00` (also with
/// a lowercase `t`), `2006-1-2 15:4:5.999999999` or `2006-1-2`.
fn is_timestamp(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() < 5 || !bytes[..4].iter().all(u8::is_ascii_digit) || bytes[4] != b'-' {
        return false;
    }
    let year: u32 = text[..4].parse().unwrap_or(0);
    let mut rest = &bytes[5..];
    let Some(month) = go_getnum(&mut rest) else {
        return false;
    };
    if !(1..=12).contains(&month) || rest.first() != Some(&b'-') {
        return false;
    }
    rest = &rest[1..];
    let Some(day) = go_getnum(&mut rest) else {
        return false;
    };
    if day < 1 || day > days_in(month, year) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    match rest[0] {
        b'T' | b't' => time_of_day(&rest[1..], true),
        b' ' => {
            let trimmed = rest.iter().position(|&b| b != b' ').unwrap_or(rest.len());
            time_of_day(&rest[trimmed..], false)
        }
        _ => false,
    }
}

/// `15:4:5.999999999` and, with `zone`, `Z07:00` after it.
fn time_of_day(mut rest: &[u8], zone: bool) -> bool {
    let mut fields = [0u32; 3];
    for (index, field) in fields.iter_mut().enumerate() {
        if index > 0 {
            if rest.first() != Some(&b':') {
                return false;
            }
            rest = &rest[1..];
        }
        let Some(value) = go_getnum(&mut rest) else {
            return false;
        };
        *field = value;
    }
    if fields[0] >= 24 || fields[1] >= 60 || fields[2] >= 60 {
        return false;
    }
    // An optional fraction of any length (`,` works as well as `.`).
    if rest.len() >= 2 && matches!(rest[0], b'.' | b',') && rest[1].is_ascii_digit() {
        let digits = rest[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        rest = &rest[1 + digits..];
    }
    if !zone {
        return rest.is_empty();
    }
    if rest == b"Z" {
        return true;
    }
    if rest.len() != 6 || rest[3] != b':' || !matches!(rest[0], b'+' | b'-') {
        return false;
    }
    let two = |at: usize| {
        (rest[at].is_ascii_digit() && rest[at + 1].is_ascii_digit())
            .then(|| u32::from(rest[at] - b'0') * 10 + u32::from(rest[at + 1] - b'0'))
    };
    matches!((two(1), two(4)), (Some(hours), Some(minutes)) if hours <= 24 && minutes <= 60)
}

/// Go's `getnum(s, false)`: one or two digits.
fn go_getnum(rest: &mut &[u8]) -> Option<u32> {
    let first = *rest.first().filter(|b| b.is_ascii_digit())?;
    let mut value = u32::from(first - b'0');
    *rest = &rest[1..];
    if let Some(&second) = rest.first().filter(|b| b.is_ascii_digit()) {
        value = value * 10 + u32::from(second - b'0');
        *rest = &rest[1..];
    }
    Some(value)
}

fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Sorts by [`key_less`] with a merge sort of our own: yaml.v2's order is not transitive for
/// some keys (`b1c` < `b2c` < `b10c` < `b1c`), where Go's result depends on the map's random
/// iteration order, and where the standard library's sort may panic.
fn merge_sort_by_key_order<T>(entries: &mut Vec<(std::borrow::Cow<str>, T)>) {
    if entries.len() < 2 {
        return;
    }
    let mut rest = entries.split_off(entries.len() / 2);
    merge_sort_by_key_order(entries);
    merge_sort_by_key_order(&mut rest);
    let left = std::mem::take(entries);
    let mut left = left.into_iter().peekable();
    let mut right = rest.into_iter().peekable();
    while let (Some(l), Some(r)) = (left.peek(), right.peek()) {
        let next = if key_less(&r.0, &l.0) {
            right.next()
        } else {
            left.next()
        };
        entries.extend(next);
    }
    entries.extend(left);
    entries.extend(right);
}

/// yaml.v2's `keyList.Less` for two string keys: letters before other characters, runs of
/// digits compared as numbers, else by code point.
fn key_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    for i in 0..ar.len().min(br.len()) {
        if ar[i] == br[i] {
            continue;
        }
        let al = is_go_letter(ar[i]);
        let bl = is_go_letter(br[i]);
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let mut an: i64 = 0;
        let mut bn: i64 = 0;
        if ar[i] == '0' || br[i] == '0' {
            for j in (0..i).rev() {
                if !is_go_digit(ar[j]) {
                    break;
                }
                if ar[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < ar.len() && is_go_digit(ar[ai]) {
            an = an.wrapping_mul(10).wrapping_add(digit_value(ar[ai]));
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && is_go_digit(br[bi]) {
            bn = bn.wrapping_mul(10).wrapping_add(digit_value(br[bi]));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

/// Go's `unicode.IsLetter` (general category L). Rust's `is_alphabetic` also counts letter
/// numbers and some marks; JSON keys of API types are ASCII in practice.
fn is_go_letter(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic()
    } else {
        c.is_alphabetic()
    }
}

/// Go's `unicode.IsDigit` (general category Nd); outside ASCII approximated by Rust's
/// `is_numeric` (which also counts Nl and No).
fn is_go_digit(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_digit()
    } else {
        c.is_numeric()
    }
}

/// `int64(r - '0')` as Go computes it for a digit rune.
fn digit_value(c: char) -> i64 {
    i64::from(c as u32) - i64::from(b'0')
}

#[cfg(test)]
mod tests;
