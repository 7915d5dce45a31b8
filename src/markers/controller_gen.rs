//! controller-gen's argument grammar for struct markers (`+kubebuilder:rbac:groups=apps,
//! resources=pods,verbs=get;list`), read exactly as controller-tools reads it
//! (`pkg/markers/parse.go`, `Definition.Parse`, over Go's `text/scanner`): the values it
//! produces and the errors it refuses a marker with, in its words.
//!
//! The odd corners are kept, since they decide bytes or refusals: a bare string is the
//! source text from its first token to its last before `,` `;` `:` `}` (white space before the
//! separator drops the last token: `{a , b}` reads `""` and `b`); `a;b;c` is a list as much as
//! `{a,b,c}`; `groups=,verbs=get` leaves the list empty; an integer is a Go literal `Atoi`
//! must read; every argument not marked optional must be present.

use std::collections::BTreeMap;
use std::ops::Range;

/// The Go type of one argument, as `ArgumentFromType` sees the marker struct's field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    String,
    /// `int`, or `*int32` when `pointer` (converted to 32 bits as Go converts).
    Int,
    Bool,
    /// `[]string`.
    Strings,
}

/// One field of a marker struct: its argument name (`marker:"name"` or the field's name in
/// lower camel case) and whether it may be left out (`marker:",optional"` or a pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgDef {
    pub name: &'static str,
    pub ty: ArgType,
    pub optional: bool,
}

/// A parsed argument value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgValue {
    String(String),
    Int(i64),
    Bool(bool),
    /// `None` is Go's nil slice (`verbs=` reads as nil, `{}` as nil too).
    Strings(Option<Vec<String>>),
}

/// A refusal, in controller-gen's words, and where it is (bytes of the marker text; `None`
/// for what is about the marker as a whole, a missing argument).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgError {
    pub message: String,
    pub range: Option<Range<usize>>,
}

/// The arguments of one marker: the values read (also when there are errors: controller-gen
/// then drops the marker) and the errors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed {
    pub values: BTreeMap<&'static str, ArgValue>,
    pub errors: Vec<ArgError>,
}

impl Parsed {
    pub fn string(&self, name: &str) -> Option<&str> {
        match self.values.get(name) {
            Some(ArgValue::String(s)) => Some(s),
            _ => None,
        }
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.values.get(name) {
            Some(ArgValue::Int(i)) => Some(*i),
            _ => None,
        }
    }

    pub fn bool(&self, name: &str) -> Option<bool> {
        match self.values.get(name) {
            Some(ArgValue::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    /// A list argument; absent and nil both read as `None`.
    pub fn strings(&self, name: &str) -> Option<&[String]> {
        match self.values.get(name) {
            Some(ArgValue::Strings(Some(list))) => Some(list),
            _ => None,
        }
    }
}

/// `splitMarker`: `+a:b:c=x,d=y` → name `a:b`, anonymous name `a:b:c`, and the byte offset in
/// `text` where the fields start (`c=x,d=y`; the end of `text` when there is no `=`).
pub fn split_marker(text: &str) -> (&str, &str, usize) {
    let raw = text.strip_prefix('+').unwrap_or(text);
    let skip = text.len() - raw.len();
    let Some(equals) = raw.find('=') else {
        return (raw, raw, text.len());
    };
    let anonymous = &raw[..equals];
    let name = match anonymous.rfind(':') {
        Some(colon) => &anonymous[..colon],
        None => anonymous,
    };
    // Definition.Parse puts the last name segment back in front of the fields.
    let fields = if anonymous.len() > name.len() {
        skip + name.len() + 1
    } else {
        skip + equals + 1
    };
    (name, anonymous, fields)
}

/// `Registry.Lookup`: which of `names` (the definitions of one target) a marker text is,
/// the longer (anonymous) name first.
pub fn lookup<'n>(text: &str, names: &[&'n str]) -> Option<&'n str> {
    let (name, anonymous, _) = split_marker(text);
    let find = |wanted: &str| names.iter().copied().find(|n| *n == wanted);
    find(anonymous).or_else(|| find(name))
}

/// `Definition.Parse` for a struct marker whose fields are `args`: every value read and every
/// error controller-gen reports (ranges in `text`).
pub fn parse_struct(text: &str, args: &[ArgDef]) -> Parsed {
    let (_, _, fields_start) = split_marker(text);
    let fields = &text[fields_start..];
    let mut parser = StructParser {
        scanner: Scanner::new(fields),
        fields,
        base: fields_start,
        parsed: Parsed::default(),
    };
    parser.arguments(args);
    parser.parsed
}

struct StructParser<'a> {
    scanner: Scanner<'a>,
    fields: &'a str,
    /// Where `fields` starts in the marker text.
    base: usize,
    parsed: Parsed,
}

impl StructParser<'_> {
    fn arguments(&mut self, args: &[ArgDef]) {
        let mut seen = Vec::new();
        if !args.is_empty() && self.scanner.peek() != EOF {
            while self.expect(IDENT, "argument name") {
                let name = self.scanner.token_text().to_string();
                let name_at = self.scanner.position;
                if !self.expect('=' as i32, "equals") {
                    break;
                }
                let Some(def) = args.iter().find(|a| a.name == name) else {
                    let message = format!("unknown argument {}", crate::golit::go_quote(&name));
                    self.scanner.errors.push((message, Some(name_at)));
                    break;
                };
                seen.push(def.name);
                let value = self.value(def.ty);
                if let Some(value) = value {
                    self.parsed.values.insert(def.name, value);
                }
                if !self.scanner.errors.is_empty() || self.scanner.peek() == EOF {
                    break;
                }
                if !self.expect(',' as i32, "comma") {
                    break;
                }
            }
        }
        if self.scanner.scan() != EOF {
            let rest = &self.fields[self.scanner.position.min(self.fields.len())..];
            self.scanner.error(format!(
                "extra arguments provided: {}",
                crate::golit::go_quote(rest)
            ));
        }
        for arg in args {
            if !arg.optional && !seen.contains(&arg.name) {
                let message = format!("missing argument {}", crate::golit::go_quote(arg.name));
                self.scanner.errors.push((message, None));
            }
        }
        let fields = self.fields;
        let base = self.base;
        self.parsed.errors = std::mem::take(&mut self.scanner.errors)
            .into_iter()
            .map(|(message, at)| {
                let range = at.map(|at| {
                    let at = at.min(fields.len());
                    let width = fields[at..].chars().next().map_or(0, char::len_utf8);
                    base + at..base + at + width
                });
                ArgError { message, range }
            })
            .collect();
    }

    /// `expect`: the next token must be `expected`.
    fn expect(&mut self, expected: i32, what: &str) -> bool {
        let token = self.scanner.scan();
        if token != expected {
            let got = crate::golit::go_quote(self.scanner.token_text());
            self.scanner.error(format!("expected {what}, got {got}"));
            return false;
        }
        true
    }

    fn value(&mut self, ty: ArgType) -> Option<ArgValue> {
        match ty {
            ArgType::String => self.string().map(ArgValue::String),
            ArgType::Int => self.int().map(ArgValue::Int),
            ArgType::Bool => self.boolean().map(ArgValue::Bool),
            ArgType::Strings => self.slice().map(ArgValue::Strings),
        }
    }

    fn int(&mut self) -> Option<i64> {
        let negative = self.scanner.peek() == '-' as i32;
        if negative {
            self.scanner.scan();
        }
        if !self.expect(INT, "integer") {
            return None;
        }
        let mut text = self.scanner.token_text().to_string();
        if negative {
            text.insert(0, '-');
        }
        match atoi(&text) {
            Ok(value) => Some(value),
            Err(error) => {
                self.scanner
                    .error(format!("unable to parse integer: {error}"));
                None
            }
        }
    }

    fn boolean(&mut self) -> Option<bool> {
        if !self.expect(IDENT, "true or false") {
            return None;
        }
        match self.scanner.token_text() {
            "true" => Some(true),
            "false" => Some(false),
            other => {
                let got = crate::golit::go_quote(other);
                self.scanner
                    .error(format!("expected true or false, got {got}"));
                None
            }
        }
    }

    /// `parseString`: a quoted string, or the bare tokens up to a separator.
    fn string(&mut self) -> Option<String> {
        self.scanner.numbers = false;
        let value = self.string_tokens();
        self.scanner.numbers = true;
        value
    }

    fn string_tokens(&mut self) -> Option<String> {
        let token = self.scanner.scan();
        if token == STRING || token == RAW_STRING {
            return match crate::golit::unquote(self.scanner.token_text()) {
                Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
                Err(_) => {
                    self.scanner
                        .error("unable to parse string: invalid syntax".to_string());
                    None
                }
            };
        }
        let start = self.scanner.position;
        loop {
            let hint = self.scanner.peek_no_space();
            if [',', ';', ':', '}'].iter().any(|c| hint == *c as i32) || hint == EOF {
                break;
            }
            self.scanner.scan();
        }
        let end = self.scanner.position + self.scanner.token_text().len();
        let (start, end) = (start.min(self.fields.len()), end.min(self.fields.len()));
        Some(
            self.fields
                .get(start..end.max(start))
                .unwrap_or("")
                .to_string(),
        )
    }

    /// `parseSlice`: `{a,b}` or `a;b`. `None` when it stopped on an error (the field stays
    /// unset); `Some(None)` is Go's nil slice.
    fn slice(&mut self) -> Option<Option<Vec<String>>> {
        let mut items: Option<Vec<String>> = None;
        if self.scanner.peek_no_space() == '{' as i32 {
            self.scanner.scan();
            loop {
                let hint = self.scanner.peek_no_space();
                if hint == '}' as i32 || hint == EOF {
                    break;
                }
                let item = self.string().unwrap_or_default();
                items.get_or_insert_with(Vec::new).push(item);
                if self.scanner.peek_no_space() == '}' as i32 {
                    break;
                }
                if !self.expect(',' as i32, "comma") {
                    return None;
                }
            }
            if !self.expect('}' as i32, "close curly brace") {
                return None;
            }
            return Some(items);
        }
        loop {
            let hint = self.scanner.peek_no_space();
            if hint == ',' as i32 || hint == '}' as i32 || hint == EOF {
                break;
            }
            let item = self.string().unwrap_or_default();
            items.get_or_insert_with(Vec::new).push(item);
            let next = self.scanner.peek_no_space();
            if next == ',' as i32 || next == '}' as i32 || next == EOF {
                break;
            }
            self.scanner.scan();
            if next != ';' as i32 {
                let got = crate::golit::go_quote(self.scanner.token_text());
                self.scanner.error(format!("expected comma, got {got}"));
                return None;
            }
        }
        Some(items)
    }
}

/// Go's `strconv.Atoi`, with its error text.
fn atoi(text: &str) -> Result<i64, String> {
    let quoted = crate::golit::go_quote(text);
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {quoted}: invalid syntax"));
    }
    text.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {quoted}: value out of range"))
}

// --- Go's text/scanner, in the mode controller-gen sets ----------------------------------

const EOF: i32 = -1;
const IDENT: i32 = -2;
const INT: i32 = -3;
const FLOAT: i32 = -4;
const STRING: i32 = -6;
const RAW_STRING: i32 = -7;
/// No character read yet.
const UNREAD: i32 = -2;

/// `text/scanner.Scanner` with `ScanIdents | ScanInts | ScanFloats | ScanStrings |
/// ScanRawStrings | SkipComments` (no `ScanComments`: `//` is two `/` tokens) and Go's white
/// space. Offsets are bytes of the source.
struct Scanner<'a> {
    src: &'a str,
    /// Offset after the last character read.
    src_pos: usize,
    last_char_len: usize,
    /// The look-ahead character (`UNREAD`, `EOF` or a char).
    ch: i32,
    token_start: Option<usize>,
    token_end: usize,
    /// `Position.Offset`: where the last scanned token starts.
    position: usize,
    /// `ScanInts | ScanFloats` (parseString turns them off).
    numbers: bool,
    /// Messages and where they arose (`None`: the marker as a whole).
    errors: Vec<(String, Option<usize>)>,
}

impl<'a> Scanner<'a> {
    fn new(src: &'a str) -> Self {
        Scanner {
            src,
            src_pos: 0,
            last_char_len: 0,
            ch: UNREAD,
            token_start: None,
            token_end: 0,
            position: 0,
            numbers: true,
            errors: Vec::new(),
        }
    }

    fn error(&mut self, message: String) {
        self.token_end = self.src_pos - self.last_char_len;
        let at = match self.token_start {
            Some(_) => self.position,
            None => self.src_pos - self.last_char_len,
        };
        self.errors.push((message, Some(at)));
    }

    /// `next`: reads one character.
    fn read(&mut self) -> i32 {
        let Some(c) = self.src[self.src_pos..].chars().next() else {
            self.last_char_len = 0;
            return EOF;
        };
        self.src_pos += c.len_utf8();
        self.last_char_len = c.len_utf8();
        if c == '\0' {
            self.error("invalid character NUL".to_string());
        }
        c as i32
    }

    fn peek(&mut self) -> i32 {
        if self.ch == UNREAD {
            self.ch = self.read();
            if self.ch == 0xFEFF {
                self.ch = self.read();
            }
        }
        self.ch
    }

    /// `Next`: consumes one character (and forgets the token text).
    fn next_char(&mut self) -> i32 {
        self.token_start = None;
        let ch = self.peek();
        if ch != EOF {
            self.ch = self.read();
        }
        ch
    }

    /// `peekNoSpace`: the next character after white space (consumed).
    fn peek_no_space(&mut self) -> i32 {
        let mut hint = self.peek();
        while is_white(hint) {
            self.next_char();
            hint = self.peek();
        }
        hint
    }

    fn token_text(&self) -> &'a str {
        match self.token_start {
            Some(start) => self.src.get(start..self.token_end.max(start)).unwrap_or(""),
            None => "",
        }
    }

    fn scan(&mut self) -> i32 {
        let mut ch = self.peek();
        while is_white(ch) {
            ch = self.read();
        }
        let start = self.src_pos - self.last_char_len;
        self.token_start = Some(start);
        self.position = start;
        let mut token = ch;
        let c = char::from_u32(ch.max(0) as u32).unwrap_or('\0');
        if ch >= 0 && is_ident_rune(c, 0) {
            token = IDENT;
            ch = self.read();
            let mut i = 1;
            while ch >= 0 && is_ident_rune(char::from_u32(ch as u32).unwrap_or('\0'), i) {
                ch = self.read();
                i += 1;
            }
        } else if c.is_ascii_digit() && ch >= 0 {
            if self.numbers {
                (token, ch) = self.number(ch, false);
            } else {
                ch = self.read();
            }
        } else {
            match ch {
                EOF => {}
                0x22 => {
                    self.quoted('"');
                    token = STRING;
                    ch = self.read();
                }
                0x60 => {
                    self.raw_string();
                    token = RAW_STRING;
                    ch = self.read();
                }
                0x2E => {
                    ch = self.read();
                    if is_decimal(ch) && self.numbers {
                        (token, ch) = self.number(ch, true);
                    }
                }
                _ => ch = self.read(),
            }
        }
        self.token_end = self.src_pos - self.last_char_len;
        self.ch = ch;
        token
    }

    fn quoted(&mut self, quote: char) {
        let mut ch = self.read();
        while ch != quote as i32 {
            if ch == '\n' as i32 || ch < 0 {
                self.error("literal not terminated".to_string());
                return;
            }
            if ch == '\\' as i32 {
                ch = self.escape(quote);
            } else {
                ch = self.read();
            }
        }
    }

    fn escape(&mut self, quote: char) -> i32 {
        let ch = self.read();
        let Some(c) = char::from_u32(ch.max(0) as u32).filter(|_| ch >= 0) else {
            self.error("invalid char escape".to_string());
            return ch;
        };
        match c {
            'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '\\' => self.read(),
            _ if c == quote => self.read(),
            '0'..='7' => self.digits(ch, 8, 3),
            'x' => {
                let first = self.read();
                self.digits(first, 16, 2)
            }
            'u' => {
                let first = self.read();
                self.digits(first, 16, 4)
            }
            'U' => {
                let first = self.read();
                self.digits(first, 16, 8)
            }
            _ => {
                self.error("invalid char escape".to_string());
                ch
            }
        }
    }

    fn digits(&mut self, mut ch: i32, base: u32, mut n: usize) -> i32 {
        while n > 0 && digit_value(ch) < base {
            ch = self.read();
            n -= 1;
        }
        if n > 0 {
            self.error("invalid char escape".to_string());
        }
        ch
    }

    fn raw_string(&mut self) {
        let mut ch = self.read();
        while ch != '`' as i32 {
            if ch < 0 {
                self.error("literal not terminated".to_string());
                return;
            }
            ch = self.read();
        }
    }

    /// `scanNumber`: Go's number literals, with text/scanner's error messages.
    fn number(&mut self, mut ch: i32, mut seen_dot: bool) -> (i32, i32) {
        let mut base = 10;
        let mut prefix = '\0';
        let mut digsep = 0;
        let mut invalid: Option<char> = None;
        let mut token = INT;
        if !seen_dot {
            if ch == '0' as i32 {
                ch = self.read();
                match lower(ch) {
                    'x' => {
                        ch = self.read();
                        (base, prefix) = (16, 'x');
                    }
                    'o' => {
                        ch = self.read();
                        (base, prefix) = (8, 'o');
                    }
                    'b' => {
                        ch = self.read();
                        (base, prefix) = (2, 'b');
                    }
                    _ => {
                        (base, prefix) = (8, '0');
                        digsep = 1;
                    }
                }
            }
            let ds;
            (ch, ds) = self.number_digits(ch, base, &mut invalid);
            digsep |= ds;
            if ch == '.' as i32 {
                ch = self.read();
                seen_dot = true;
            }
        }
        if seen_dot {
            token = FLOAT;
            if prefix == 'o' || prefix == 'b' {
                self.error(format!("invalid radix point in {}", literal_name(prefix)));
            }
            let ds;
            (ch, ds) = self.number_digits(ch, base, &mut invalid);
            digsep |= ds;
        }
        if digsep & 1 == 0 {
            self.error(format!("{} has no digits", literal_name(prefix)));
        }
        let e = lower(ch);
        if e == 'e' || e == 'p' {
            if e == 'e' && prefix != '\0' && prefix != '0' {
                self.error(format!(
                    "{} exponent requires decimal mantissa",
                    quote_char(ch)
                ));
            } else if e == 'p' && prefix != 'x' {
                self.error(format!(
                    "{} exponent requires hexadecimal mantissa",
                    quote_char(ch)
                ));
            }
            ch = self.read();
            token = FLOAT;
            if ch == '+' as i32 || ch == '-' as i32 {
                ch = self.read();
            }
            let mut ignored = None;
            let ds;
            (ch, ds) = self.number_digits(ch, 10, &mut ignored);
            digsep |= ds;
            if ds & 1 == 0 {
                self.error("exponent has no digits".to_string());
            }
        } else if prefix == 'x' && token == FLOAT {
            self.error("hexadecimal mantissa requires a 'p' exponent".to_string());
        }
        if token == INT {
            if let Some(digit) = invalid {
                self.error(format!(
                    "invalid digit {} in {}",
                    quote_char(digit as i32),
                    literal_name(prefix)
                ));
            }
        }
        if digsep & 2 != 0 {
            self.token_end = self.src_pos - self.last_char_len;
            let start = self.token_start.unwrap_or(0);
            let text = &self.src[start..self.token_end];
            if invalid_separator(text) {
                self.error("'_' must separate successive digits".to_string());
            }
        }
        (token, ch)
    }

    fn number_digits(&mut self, mut ch: i32, base: u32, invalid: &mut Option<char>) -> (i32, i32) {
        let mut digsep = 0;
        if base <= 10 {
            let max = '0' as i32 + base as i32;
            while is_decimal(ch) || ch == '_' as i32 {
                if ch == '_' as i32 {
                    digsep |= 2;
                } else {
                    digsep |= 1;
                    if ch >= max && invalid.is_none() {
                        *invalid = char::from_u32(ch as u32);
                    }
                }
                ch = self.read();
            }
        } else {
            while is_hex(ch) || ch == '_' as i32 {
                digsep |= if ch == '_' as i32 { 2 } else { 1 };
                ch = self.read();
            }
        }
        (ch, digsep)
    }
}

fn is_white(ch: i32) -> bool {
    matches!(ch, 0x09 | 0x0A | 0x0D | 0x20)
}

fn is_decimal(ch: i32) -> bool {
    (0x30..=0x39).contains(&ch)
}

fn is_hex(ch: i32) -> bool {
    is_decimal(ch) || ('a'..='f').contains(&lower(ch))
}

fn lower(ch: i32) -> char {
    char::from_u32((ch.max(0) as u32) | 0x20).unwrap_or('\0')
}

fn digit_value(ch: i32) -> u32 {
    match char::from_u32(ch.max(0) as u32) {
        Some(c @ '0'..='9') => c as u32 - '0' as u32,
        Some(c) if ('a'..='f').contains(&lower(c as i32)) => {
            lower(c as i32) as u32 - 'a' as u32 + 10
        }
        _ => 16,
    }
}

/// Go's `unicode.IsLetter` / `IsDigit` as identifiers use them (outside ASCII, Rust's
/// alphabetic and numeric classes: a superset, only for scripts no marker uses).
fn is_ident_rune(c: char, i: usize) -> bool {
    c == '_'
        || c.is_alphabetic()
        || (i > 0 && (c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())))
}

fn literal_name(prefix: char) -> &'static str {
    match prefix {
        'x' => "hexadecimal literal",
        'o' | '0' => "octal literal",
        'b' => "binary literal",
        _ => "decimal literal",
    }
}

/// Go's `%q` of a rune.
fn quote_char(ch: i32) -> String {
    let c = char::from_u32(ch.max(0) as u32).unwrap_or('\u{fffd}');
    match c {
        '\'' => "'\\''".to_string(),
        _ => {
            let quoted = crate::golit::go_quote(&c.to_string());
            let inner = &quoted[1..quoted.len() - 1];
            let inner = if inner == "\\\"" { "\"" } else { inner };
            format!("'{inner}'")
        }
    }
}

/// text/scanner's `invalidSep`: a `_` not between two digits.
fn invalid_separator(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut x1 = b' ';
    let mut d = b'.';
    let mut i = 0;
    if bytes.len() >= 2 && bytes[0] == b'0' {
        x1 = bytes[1] | 0x20;
        if x1 == b'x' || x1 == b'o' || x1 == b'b' {
            d = b'0';
            i = 2;
        }
    }
    while i < bytes.len() {
        let p = d;
        d = bytes[i];
        if d == b'_' {
            if p != b'0' {
                return true;
            }
        } else if d.is_ascii_digit() || (x1 == b'x' && d.is_ascii_hexdigit()) {
            d = b'0';
        } else {
            if p == b'_' {
                return true;
            }
            d = b'.';
        }
        i += 1;
    }
    d == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: &[ArgDef] = &[
        ArgDef {
            name: "groups",
            ty: ArgType::Strings,
            optional: true,
        },
        ArgDef {
            name: "resources",
            ty: ArgType::Strings,
            optional: true,
        },
        ArgDef {
            name: "verbs",
            ty: ArgType::Strings,
            optional: false,
        },
        ArgDef {
            name: "namespace",
            ty: ArgType::String,
            optional: true,
        },
        ArgDef {
            name: "timeout",
            ty: ArgType::Int,
            optional: true,
        },
        ArgDef {
            name: "mutating",
            ty: ArgType::Bool,
            optional: true,
        },
    ];

    fn parse(text: &str) -> Parsed {
        parse_struct(text, RULE)
    }

    fn list(items: &[&str]) -> ArgValue {
        ArgValue::Strings(Some(items.iter().map(|s| s.to_string()).collect()))
    }

    fn messages(parsed: &Parsed) -> Vec<&str> {
        parsed.errors.iter().map(|e| e.message.as_str()).collect()
    }

    #[test]
    fn names_split_as_controller_gen_splits_them() {
        let text = "+kubebuilder:rbac:groups=apps,verbs=get";
        assert_eq!(
            split_marker(text),
            ("kubebuilder:rbac", "kubebuilder:rbac:groups", 18)
        );
        assert_eq!(&text[18..], "groups=apps,verbs=get");
        assert_eq!(
            split_marker("+kubebuilder:rbac"),
            ("kubebuilder:rbac", "kubebuilder:rbac", 17)
        );
        let names = ["kubebuilder:rbac", "kubebuilder:webhook"];
        assert_eq!(lookup(text, &names), Some("kubebuilder:rbac"));
        assert_eq!(
            lookup("+kubebuilder:rbac", &names),
            Some("kubebuilder:rbac")
        );
        assert_eq!(lookup("+kubebuilder:rbac:groups", &names), None);
        assert_eq!(
            lookup("+kubebuilder:rbac=x", &names),
            Some("kubebuilder:rbac")
        );
        assert_eq!(
            lookup("+kubebuilder:webhookconfiguration:a=b", &names),
            None
        );
    }

    #[test]
    fn lists_bare_quoted_and_braced() {
        let parsed =
            parse("+kubebuilder:rbac:groups=\"\";apps,resources={pods, \"a,b\"},verbs=get;list");
        assert_eq!(parsed.errors, vec![]);
        assert_eq!(parsed.values["groups"], list(&["", "apps"]));
        assert_eq!(parsed.values["resources"], list(&["pods", "a,b"]));
        assert_eq!(parsed.values["verbs"], list(&["get", "list"]));
    }

    #[test]
    fn bare_strings_are_source_text_up_to_a_separator() {
        let parsed =
            parse("+kubebuilder:rbac:groups=batch.io,resources=jobs/status,verbs=*,namespace=a b");
        assert_eq!(parsed.errors, vec![]);
        assert_eq!(parsed.values["groups"], list(&["batch.io"]));
        assert_eq!(parsed.values["resources"], list(&["jobs/status"]));
        assert_eq!(parsed.values["verbs"], list(&["*"]));
        assert_eq!(parsed.values["namespace"], ArgValue::String("a b".into()));
        // White space before a separator drops the last token (scanner.TokenText is empty
        // after peekNoSpace's Next).
        let parsed = parse("+kubebuilder:rbac:resources={one two , three},verbs=get");
        assert_eq!(parsed.values["resources"], list(&["one ", "three"]));
    }

    #[test]
    fn empty_lists_are_nil() {
        let parsed = parse("+kubebuilder:rbac:groups=,verbs=");
        assert_eq!(parsed.errors, vec![]);
        assert_eq!(parsed.values["groups"], ArgValue::Strings(None));
        assert_eq!(parsed.values["verbs"], ArgValue::Strings(None));
    }

    #[test]
    fn refusals_in_controller_gen_words() {
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:groups=apps")),
            ["missing argument \"verbs\""]
        );
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:grups=apps,verbs=get")),
            [
                "unknown argument \"grups\"",
                "extra arguments provided: \"apps,verbs=get\"",
                "missing argument \"verbs\""
            ]
        );
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:verbs=get,,groups=a")),
            [
                "expected argument name, got \",\"",
                "extra arguments provided: \"groups=a\""
            ]
        );
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:verbs=get,timeout=0x10")),
            ["unable to parse integer: strconv.Atoi: parsing \"0x10\": invalid syntax"]
        );
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:verbs=get,mutating=yes")),
            ["expected true or false, got \"yes\""]
        );
        assert_eq!(
            messages(&parse("+kubebuilder:rbac:verbs=get:list")),
            [
                "expected comma, got \":\"",
                "extra arguments provided: \"list\""
            ]
        );
        let parsed = parse("+kubebuilder:rbac:verbs=get,namespace=\"abc");
        assert_eq!(messages(&parsed)[0], "literal not terminated");
    }

    #[test]
    fn integers_and_booleans() {
        let parsed = parse("+kubebuilder:rbac:verbs=get,timeout=-5,mutating=true");
        assert_eq!(parsed.errors, vec![]);
        assert_eq!(parsed.values["timeout"], ArgValue::Int(-5));
        assert_eq!(parsed.values["mutating"], ArgValue::Bool(true));
        assert_eq!(atoi("017"), Ok(17));
        assert!(atoi("99999999999999999999")
            .unwrap_err()
            .ends_with("value out of range"));
    }

    #[test]
    fn error_ranges_point_into_the_marker() {
        let text = "+kubebuilder:rbac:verbs=get,colour=red";
        let parsed = parse(text);
        let range = parsed.errors[0].range.clone().expect("located");
        assert_eq!(&text[range.start..], "colour=red");
        assert_eq!(range.len(), 1);
        assert_eq!(parse("+kubebuilder:rbac").errors[0].range, None);
    }

    #[test]
    fn separators_and_numbers_as_text_scanner_reads_them() {
        assert!(invalid_separator("1__0"));
        assert!(invalid_separator("1_"));
        assert!(!invalid_separator("1_000"));
        assert!(!invalid_separator("0x_1F"));
        let mut scanner = Scanner::new("0x 1e 09 1_");
        assert_eq!(scanner.scan(), INT);
        assert_eq!(scanner.scan(), FLOAT);
        assert_eq!(scanner.scan(), INT);
        assert_eq!(scanner.scan(), INT);
        let found: Vec<&str> = scanner.errors.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            found,
            [
                "hexadecimal literal has no digits",
                "exponent has no digits",
                "invalid digit '9' in octal literal",
                "'_' must separate successive digits"
            ]
        );
    }
}
