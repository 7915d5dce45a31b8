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

mod key_order;
mod scalars;

use key_order::*;
use scalars::*;

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
        self.write_folded(value, allow_breaks, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted_scalar(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        self.write_folded(value, allow_breaks, true);
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// The loop libyaml's plain and single-quoted writers share: a space past the best width
    /// becomes a line break (for a quoted scalar, never its first or last character: libyaml
    /// compares byte offsets with the byte length, and a space is one byte), line breaks are
    /// doubled, and a quoted scalar's `'` is written twice.
    fn write_folded(&mut self, value: &str, allow_breaks: bool, quoted: bool) {
        let chars: Vec<char> = value.chars().collect();
        let mut spaces = false;
        let mut breaks = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                let next_is_space = chars.get(i + 1) == Some(&' ');
                let inside = !quoted || (i > 0 && i + 1 < chars.len());
                if allow_breaks && !spaces && self.column > BEST_WIDTH && inside && !next_is_space {
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
                if quoted && c == '\'' {
                    self.put('\'');
                }
                self.write(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
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

#[cfg(test)]
mod tests;
