//! Parser for Go marker comments (`+enum`, `+kubebuilder:…`, `+k8s:unionMember(union: "u")`, gated `+k8s:alpha(…)=+…`).
//!
//! Syntax only: which names exist, where they belong and what their values mean is the
//! [registry](super::registry)'s business (the parser asks it only which names are gates).
//!
//! Three generations of marker syntax coexist in Kubernetes repositories; this module
//! parses all of them into one [`Marker`] shape and leaves the interpretation of names
//! and raw values to callers. Every byte range refers to the text handed to
//! [`parse_marker`], so diagnostics can point at the original comment.

use std::ops::Range;

/// One parsed marker. Byte ranges are offsets into the `text` given to `parse_marker`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// Name without the leading '+', e.g. "enum", "unionMember", "k8s:unionMember", "kubebuilder:validation:Enum".
    /// For a gated wrapper this is the PAYLOAD's name (the marker it counts as).
    pub name: String,
    /// Range of the name in the text.
    pub name_span: Range<usize>,
    /// Arguments in parentheses, in order (named or positional). Empty when there were no parentheses.
    pub args: Vec<MarkerArg>,
    /// Raw text after '=' (trimmed of trailing whitespace), e.g. "merge,retainKeys", "\"foo\"", "A;B;C", "ALPHA,optional". None when there is no '='.
    /// For a gated wrapper, the payload's value.
    pub value: Option<String>,
    /// Range of `value` in the text (starts right after the '=').
    pub value_span: Option<Range<usize>>,
    /// For `+name,flag1,flag2` (comma directly after the name or after the parenthesised args, no '='): ["flag1","flag2"], trimmed.
    /// Empty items (`+name,,x`) are dropped.
    pub flags: Vec<String>,
    /// The wrapper(s) this marker was found in, outermost first: e.g. for `+k8s:alpha(since: "1.37")=+k8s:unionMember` one Gate { name: "k8s:alpha", args: [since="1.37"] }.
    pub gates: Vec<Gate>,
    /// Text after the marker separated by whitespace when there was no '=' (e.g. "// comment"), else None.
    pub trailing: Option<String>,
    /// Whole marker, from '+' to the end of its text (trimmed).
    /// For a gated marker this starts at the outermost gate's '+'.
    pub span: Range<usize>,
}

/// One argument inside a marker's parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerArg {
    /// None for a positional argument.
    pub name: Option<String>,
    /// Unquoted value (escapes processed for "..." strings).
    pub value: String,
    /// Written as a quoted string: `union: "1"` is a string, `union: 1` an integer to
    /// validation-gen's tag parser (which checks argument types).
    pub quoted: bool,
    /// From the start of the argument's name (or value, when positional) to the end of its value.
    pub span: Range<usize>,
}

impl MarkerArg {
    /// The type validation-gen's tag parser gives an unquoted value that is not a string:
    /// `"int"` (`1`, `-2`) or `"bool"` (`true`, `false`).
    pub fn bare_type(&self) -> Option<&'static str> {
        if self.quoted {
            None
        } else {
            bare_type(&self.value)
        }
    }
}

/// `"int"` or `"bool"` for a value that reads as one when unquoted.
fn bare_type(value: &str) -> Option<&'static str> {
    let digits = value.strip_prefix('-').unwrap_or(value);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Some("int")
    } else if value == "true" || value == "false" {
        Some("bool")
    } else {
        None
    }
}

/// A wrapper such as `+k8s:alpha(since: "1.37")=` around another marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    /// Wrapper name without '+', e.g. "k8s:alpha", "k8s:ifEnabled".
    pub name: String,
    /// The wrapper's own arguments.
    pub args: Vec<MarkerArg>,
    /// From the wrapper's '+' to the end of its arguments (the '=' and payload are excluded).
    pub span: Range<usize>,
}

/// A marker whose syntax is broken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerError {
    /// Lowercase, short description.
    pub message: String,
    /// byte range of the offending part
    pub span: Range<usize>,
    /// the marker's name when it could be read (callers only report errors for names they know)
    pub name: Option<String>,
}

/// `text` is the comment text after `//` (leading spaces allowed); returns None when the text is not a marker at all
/// (does not start with '+' after spaces, or is prose as described above), Some(Err) when it is a marker whose syntax is broken
/// (unclosed parenthesis, unterminated string, argument without value `(union:)`, `name value` missing colon inside parens, duplicate named argument, gated wrapper whose payload after '=' does not start with '+', empty payload), Some(Ok) otherwise.
///
/// A marker name starts with an ASCII letter, continues with `[A-Za-z0-9_.:-]` and must be
/// followed by end of text, whitespace, `=`, `,` or `(`; anything else (`+1 to that`,
/// `+ see below`, `+---+`) is prose and yields None.
pub fn parse_marker(text: &str) -> Option<Result<Marker, MarkerError>> {
    let end = text.trim_end().len();
    let start = text.len() - text.trim_start().len();
    if start >= end || text.as_bytes()[start] != b'+' {
        return None;
    }
    scan_name(text, start + 1, end)?;
    Some(Parser { text, end }.marker(start, 0))
}

impl Marker {
    /// Behind a feature gate (`+k8s:alpha(…)=`, `+k8s:beta(…)=`, `+k8s:ifEnabled(G)=`,
    /// `+k8s:ifDisabled(G)=`): checked like its payload, but it never changes the emitted
    /// schema (SPEC §3), as openapi-gen ignores it.
    pub fn is_gated(&self) -> bool {
        !self.gates.is_empty()
    }

    /// The value of a named argument.
    pub fn arg(&self, name: &str) -> Option<&str> {
        find_arg(&self.args, name)
    }

    /// The single positional argument, if any.
    pub fn positional(&self) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.name.is_none())
            .map(|a| a.value.as_str())
    }

    /// Render back to canonical text (`+name(a: "x", b: "y")=value` / `+name,flag`), gates included — used for round-trip property tests later: parse(print(m)) == m modulo spans.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for gate in &self.gates {
            out.push('+');
            out.push_str(&gate.name);
            write_args(&mut out, &gate.args);
            out.push('=');
        }
        out.push('+');
        out.push_str(&self.name);
        write_args(&mut out, &self.args);
        if let Some(value) = &self.value {
            out.push('=');
            out.push_str(value);
        } else if !self.flags.is_empty() {
            for flag in &self.flags {
                out.push(',');
                out.push_str(flag);
            }
        } else if let Some(trailing) = &self.trailing {
            out.push(' ');
            out.push_str(trailing);
        }
        out
    }
}

impl Gate {
    /// The value of a named argument of the wrapper (e.g. `since`).
    pub fn arg(&self, name: &str) -> Option<&str> {
        find_arg(&self.args, name)
    }
}

fn find_arg<'a>(args: &'a [MarkerArg], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|a| a.name.as_deref() == Some(name))
        .map(|a| a.value.as_str())
}

fn write_args(out: &mut String, args: &[MarkerArg]) {
    if args.is_empty() {
        return;
    }
    out.push('(');
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(name) = &arg.name {
            out.push_str(name);
            out.push_str(": ");
        }
        write_arg_value(out, &arg.value, arg.quoted);
    }
    out.push(')');
}

/// A value is written as it was read: quoted, or bare (booleans, integers, identifiers such
/// as `ifEnabled(Foo)`); a bare value that could not be read back bare is quoted.
fn write_arg_value(out: &mut String, value: &str, quoted: bool) {
    let is_ident = value.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !quoted && (bare_type(value).is_some() || is_ident) {
        out.push_str(value);
        return;
    }
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let n = c as u32;
                if n < 0x80 {
                    out.push_str(&format!("\\x{n:02x}"));
                } else {
                    out.push_str(&format!("\\u{n:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-')
}

/// Returns the end of a valid marker name starting at `pos`, or None when the text there
/// is not a marker name (prose).
fn scan_name(text: &str, pos: usize, end: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if pos >= end || !bytes[pos].is_ascii_alphabetic() {
        return None;
    }
    let mut i = pos + 1;
    while i < end && is_name_char(bytes[i]) {
        i += 1;
    }
    // Name chars are ASCII, so `i` is a char boundary.
    match text[i..end].chars().next() {
        None => Some(i),
        Some(c) if c.is_whitespace() || matches!(c, '=' | ',' | '(') => Some(i),
        Some(_) => None,
    }
}

struct Parser<'a> {
    text: &'a str,
    /// End of the trimmed text; nothing at or after it belongs to the marker.
    end: usize,
}

/// A token read inside parentheses.
struct Token {
    value: String,
    end: usize,
    quoted: bool,
}

impl<'a> Parser<'a> {
    fn err(&self, message: String, span: Range<usize>, name: &str) -> MarkerError {
        MarkerError {
            message,
            span,
            name: Some(name.to_string()),
        }
    }

    fn peek(&self, pos: usize) -> Option<char> {
        if pos >= self.end {
            return None;
        }
        self.text.get(pos..self.end).and_then(|s| s.chars().next())
    }

    fn skip_ws(&self, mut pos: usize) -> usize {
        while let Some(c) = self.peek(pos) {
            if !c.is_whitespace() {
                break;
            }
            pos += c.len_utf8();
        }
        pos
    }

    /// Parses the marker whose '+' is at `plus`; the caller has checked there is a '+'.
    fn marker(&self, plus: usize, depth: usize) -> Result<Marker, MarkerError> {
        let end = self.end;
        let name_start = plus + 1;
        let name_end = match scan_name(self.text, name_start, end) {
            Some(e) => e,
            None => {
                let bad_end = self
                    .peek(name_start)
                    .map_or(name_start, |c| name_start + c.len_utf8());
                return Err(MarkerError {
                    message: "expected a marker name after `+`".to_string(),
                    span: plus..bad_end,
                    name: None,
                });
            }
        };
        // controller-gen's `name:=value` is `name` with an empty argument name: `name=value`.
        let (name_end, after_name) =
            if self.text[name_start..name_end].ends_with(':') && self.peek(name_end) == Some('=') {
                (name_end - 1, name_end)
            } else {
                (name_end, name_end)
            };
        let name = &self.text[name_start..name_end];
        let mut marker = Marker {
            name: name.to_string(),
            name_span: name_start..name_end,
            args: Vec::new(),
            value: None,
            value_span: None,
            flags: Vec::new(),
            gates: Vec::new(),
            trailing: None,
            span: plus..end,
        };

        let mut pos = after_name;
        let had_args = self.peek(pos) == Some('(');
        if had_args {
            let (args, after) = self.args(pos, name)?;
            marker.args = args;
            pos = after;
        }
        let header_end = pos;

        match self.peek(pos) {
            None => {}
            Some('=') => {
                let value_start = pos + 1;
                let raw = &self.text[value_start..end];
                if super::registry::gate(name).is_some() {
                    return self.gated(marker, plus, header_end, value_start, depth);
                }
                marker.value = Some(raw.to_string());
                marker.value_span = Some(value_start..end);
            }
            Some(',') => {
                marker.flags = self.text[pos + 1..end]
                    .split(',')
                    .map(str::trim)
                    .filter(|f| !f.is_empty())
                    .map(str::to_string)
                    .collect();
            }
            Some(c) if c.is_whitespace() => {
                let rest = self.text[pos..end].trim_start();
                if !rest.is_empty() {
                    marker.trailing = Some(rest.to_string());
                }
            }
            Some(c) => {
                // Only reachable after ')': scan_name already vetted what follows a bare name.
                return Err(self.err(
                    format!("unexpected `{c}` after the arguments of `+{name}`"),
                    pos..pos + c.len_utf8(),
                    name,
                ));
            }
        }
        Ok(marker)
    }

    /// Handles `+gate(...)=+payload`: the payload is what the marker counts as.
    fn gated(
        &self,
        gate: Marker,
        plus: usize,
        header_end: usize,
        value_start: usize,
        depth: usize,
    ) -> Result<Marker, MarkerError> {
        let name = gate.name.as_str();
        let payload_start = self.skip_ws(value_start);
        if payload_start >= self.end {
            return Err(self.err(
                format!("gated marker `+{name}` has an empty payload, e.g. `=+k8s:optional`"),
                header_end..self.end,
                name,
            ));
        }
        if self.peek(payload_start) != Some('+') {
            return Err(self.err(
                format!("gated marker `+{name}` must wrap another marker, e.g. `=+k8s:optional`"),
                payload_start..self.end,
                name,
            ));
        }
        if depth >= crate::limits::GATE_NESTING {
            return Err(self.err(
                "too many nested gated markers".to_string(),
                payload_start..self.end,
                name,
            ));
        }
        if scan_name(self.text, payload_start + 1, self.end).is_none() {
            return Err(self.err(
                format!("gated marker `+{name}` must wrap another marker, but `=+` is not followed by a marker name"),
                payload_start..self.end,
                name,
            ));
        }
        let mut inner = self.marker(payload_start, depth + 1)?;
        inner.gates.insert(
            0,
            Gate {
                name: gate.name,
                args: gate.args,
                span: plus..header_end,
            },
        );
        inner.span = plus..self.end;
        Ok(inner)
    }

    /// Parses `(…)` starting at the '(' at `open`; returns the args and the position after ')'.
    fn args(&self, open: usize, name: &str) -> Result<(Vec<MarkerArg>, usize), MarkerError> {
        let mut args: Vec<MarkerArg> = Vec::new();
        let mut pos = open + 1;
        loop {
            pos = self.skip_ws(pos);
            match self.peek(pos) {
                None => return Err(self.unclosed(open, name)),
                Some(')') => return Ok((args, pos + 1)),
                Some(_) => {}
            }
            let start = pos;
            let first = match self.token(pos, false, name)? {
                Some(t) => t,
                None => return Err(self.unexpected_in_args(pos, name)),
            };
            pos = self.skip_ws(first.end);
            let arg = if !first.quoted && self.peek(pos) == Some(':') {
                let (arg, next) = self.named_arg(&args, start, first.value, pos + 1, open, name)?;
                pos = next;
                arg
            } else {
                self.positional_arg(&args, start, first, pos, name)?
            };
            args.push(arg);
            match self.peek(pos) {
                None => return Err(self.unclosed(open, name)),
                Some(',') => pos += 1,
                Some(')') => return Ok((args, pos + 1)),
                Some(c) => {
                    return Err(self.err(
                        "expected `,` or `)` after argument".to_string(),
                        pos..pos + c.len_utf8(),
                        name,
                    ))
                }
            }
        }
    }

    fn unclosed(&self, open: usize, name: &str) -> MarkerError {
        self.err(
            format!("missing `)` to close the arguments of `+{name}`"),
            open..self.end,
            name,
        )
    }

    /// A `name: value` argument whose `:` ends before `after_colon`; gives the position after
    /// its value.
    fn named_arg(
        &self,
        args: &[MarkerArg],
        start: usize,
        arg_name: String,
        after_colon: usize,
        open: usize,
        name: &str,
    ) -> Result<(MarkerArg, usize), MarkerError> {
        let mut pos = self.skip_ws(after_colon);
        let value = match self.peek(pos) {
            None => return Err(self.unclosed(open, name)),
            Some(',' | ')') => {
                return Err(self.err(
                    format!("argument `{arg_name}` has no value"),
                    start..pos,
                    name,
                ))
            }
            Some(_) => match self.token(pos, true, name)? {
                Some(t) => t,
                None => return Err(self.unexpected_in_args(pos, name)),
            },
        };
        if args
            .iter()
            .any(|a| a.name.as_deref() == Some(arg_name.as_str()))
        {
            return Err(self.err(
                format!("duplicate argument `{arg_name}`"),
                start..value.end,
                name,
            ));
        }
        pos = self.skip_ws(value.end);
        let arg = MarkerArg {
            name: Some(arg_name),
            value: value.value,
            quoted: value.quoted,
            span: start..value.end,
        };
        Ok((arg, pos))
    }

    /// A positional argument, `first`, followed at `pos` by `,` or `)`.
    fn positional_arg(
        &self,
        args: &[MarkerArg],
        start: usize,
        first: Token,
        pos: usize,
        name: &str,
    ) -> Result<MarkerArg, MarkerError> {
        match self.peek(pos) {
            None | Some(',' | ')') => {}
            Some(_) if !first.quoted => {
                return Err(self.err(
                    format!("missing `:` after argument name `{}`", first.value),
                    start..first.end,
                    name,
                ))
            }
            Some(c) => {
                return Err(self.err(
                    "expected `,` or `)` after argument".to_string(),
                    pos..pos + c.len_utf8(),
                    name,
                ))
            }
        }
        // A second positional argument would be ambiguous for `positional()`.
        if args.iter().any(|a| a.name.is_none()) {
            return Err(self.err(
                "only one positional argument is allowed".to_string(),
                start..first.end,
                name,
            ));
        }
        Ok(MarkerArg {
            name: None,
            value: first.value,
            quoted: first.quoted,
            span: start..first.end,
        })
    }

    fn unexpected_in_args(&self, pos: usize, name: &str) -> MarkerError {
        let c = self.peek(pos).unwrap_or(' ');
        self.err(
            format!("unexpected `{c}` in marker arguments"),
            pos..(pos + c.len_utf8()).min(self.end),
            name,
        )
    }

    /// Reads a quoted string, raw string or bare word at `pos`. Returns None when `pos`
    /// holds a delimiter instead. Colons end bare words in name position (`union:`) but
    /// are allowed in values.
    fn token(&self, pos: usize, in_value: bool, name: &str) -> Result<Option<Token>, MarkerError> {
        match self.peek(pos) {
            Some('"') => self.quoted(pos, name).map(Some),
            Some('`') => {
                let body = &self.text[pos + 1..self.end];
                match body.find('`') {
                    Some(i) => Ok(Some(Token {
                        value: body[..i].to_string(),
                        end: pos + 1 + i + 1,
                        quoted: true,
                    })),
                    None => Err(self.err(
                        "unterminated raw string in marker arguments".to_string(),
                        pos..self.end,
                        name,
                    )),
                }
            }
            _ => {
                let mut i = pos;
                while let Some(c) = self.peek(i) {
                    let stop = c.is_whitespace()
                        || matches!(c, ',' | '(' | ')' | '"' | '`')
                        || (c == ':' && !in_value);
                    if stop {
                        break;
                    }
                    i += c.len_utf8();
                }
                if i == pos {
                    return Ok(None);
                }
                Ok(Some(Token {
                    value: self.text[pos..i].to_string(),
                    end: i,
                    quoted: false,
                }))
            }
        }
    }

    /// Reads a Go interpreted string literal starting at the '"' at `pos` (escapes decoded by
    /// the front end's one decoder, [`crate::golit::escape`]).
    fn quoted(&self, pos: usize, name: &str) -> Result<Token, MarkerError> {
        use crate::golit::{escape, Escape};
        let body = &self.text[pos + 1..self.end];
        let mut out = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    return Ok(Token {
                        value: out,
                        end: pos + 1 + i + 1,
                        quoted: true,
                    })
                }
                '\\' => {
                    let esc_start = pos + 1 + i;
                    let bad = |len: usize| {
                        let mut e = (esc_start + len).min(self.end);
                        // Clamp to a char boundary so the span is always sliceable.
                        while !self.text.is_char_boundary(e) {
                            e += 1;
                        }
                        let shown = self.text.get(esc_start..e).unwrap_or("\\");
                        self.err(
                            format!("invalid escape `{shown}` in string"),
                            esc_start..e,
                            name,
                        )
                    };
                    let mut read = 0;
                    let decoded =
                        escape(&mut body[i + 1..].chars().inspect(|c| read += c.len_utf8()));
                    // Advance past what the decoder read.
                    while chars.clone().next().is_some_and(|(j, _)| j < i + 1 + read) {
                        chars.next();
                    }
                    match decoded {
                        Ok(Escape::Char(c)) => out.push(c),
                        // A byte escape above 0x7f would make invalid UTF-8 on its own.
                        Ok(Escape::Byte(b)) if b < 0x80 => out.push(char::from(b)),
                        Ok(Escape::Byte(_)) => return Err(bad(1 + read)),
                        // Nothing after the backslash: the string never ends.
                        Err((0, _)) => break,
                        Err((consumed, _)) => return Err(bad(1 + consumed)),
                    }
                }
                c => out.push(c),
            }
        }
        Err(self.err(
            "unterminated string in marker arguments".to_string(),
            pos..self.end,
            name,
        ))
    }
}

#[cfg(test)]
mod tests;
