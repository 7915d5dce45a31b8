//! CEL text: property names escaped as the API server's CEL environment names them,
//! string literals, and the text of a rule that does not parse, white space outside literals
//! ignored.

/// CEL's reserved words, escaped to `__{word}__` by Kubernetes (apiserver `pkg/cel`).
pub(super) const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// A property name as Kubernetes' CEL environment names it, or `None` when it cannot be
/// accessed from CEL. Kubernetes' rules (`k8s.io/apiserver/pkg/cel.Escape`): only names
/// matching `[a-zA-Z_.-/][a-zA-Z0-9_.-/]*` are accessible; a name that is exactly a
/// reserved word becomes `__{word}__`; otherwise, left to right, `__` becomes
/// `__underscores__`, `.` `__dot__`, `-` `__dash__` and `/` `__slash__`.
pub fn escape(name: &str) -> Option<String> {
    let first = name.chars().next()?;
    if first.is_ascii_digit() {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

/// A single-quoted CEL string literal of `value`.
pub fn string_literal(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// `rule` without the white space outside string literals: how a rule that does not parse
/// is compared.
pub(super) fn without_spaces(rule: &str) -> String {
    let mut out = String::with_capacity(rule.len());
    let mut quote: Option<char> = None;
    let mut chars = rule.chars();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == '\\' {
                    out.extend(chars.next());
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            None if c.is_whitespace() => {}
            None => out.push(c),
        }
    }
    out
}
