//! Go's regexp flavour (RE2 as Go's `regexp/syntax` reads it) on the `regex` crate, for schema
//! `pattern`s and CEL's `matches`, `find` and `findAll`: Go's Perl classes are ASCII
//! (`\d` is `[0-9]`, `\w` `[0-9A-Za-z_]`, `\s` `[\t\n\f\r ]`, `\b` an ASCII word boundary)
//! where the `regex` crate's are Unicode (`'^\d+$'` would accept `"٣"`), and octal escapes
//! (`\101`) are accepted. Everything else the two read alike.

use cel::common::ast::{Expr, IdedExpr};

/// The name `matches` calls are routed to (the `cel` crate's own `matches` is Unicode).
pub const MATCHES: &str = "k8s@matches";

/// Compiles `pattern` as Go would read it.
pub fn compile(pattern: &str) -> Result<regex::Regex, regex::Error> {
    regex::RegexBuilder::new(&translate(pattern))
        .octal(true)
        .build()
}

/// `pattern` with Go's ASCII Perl classes spelled out for the `regex` crate.
pub fn translate(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars().peekable();
    // Inside a bracket class (`[…]`): a class escape is spelled without its own brackets.
    let mut in_class = false;
    let mut class_start = false;
    while let Some(c) = chars.next() {
        if c == '\\' {
            let Some(next) = chars.next() else {
                out.push('\\');
                break;
            };
            let (inner, negated) = match next {
                'd' => ("0-9", false),
                'D' => ("0-9", true),
                'w' => ("0-9A-Za-z_", false),
                'W' => ("0-9A-Za-z_", true),
                's' => ("\\t\\n\\x0C\\r ", false),
                'S' => ("\\t\\n\\x0C\\r ", true),
                'b' if !in_class => {
                    out.push_str("(?-u:\\b)");
                    continue;
                }
                'B' if !in_class => {
                    out.push_str("(?-u:\\B)");
                    continue;
                }
                other => {
                    out.push('\\');
                    out.push(other);
                    class_start = false;
                    continue;
                }
            };
            match (in_class, negated) {
                (false, false) => out.push_str(&format!("[{inner}]")),
                (false, true) => out.push_str(&format!("[^{inner}]")),
                (true, false) => out.push_str(inner),
                // A negated class inside a class: a nested class, which the crate reads.
                (true, true) => out.push_str(&format!("[^{inner}]")),
            }
            class_start = false;
            continue;
        }
        match c {
            '[' if !in_class => {
                in_class = true;
                class_start = true;
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                // `[]a]`: a `]` first is a literal.
                if chars.peek() == Some(&']') {
                    out.push_str("\\]");
                    chars.next();
                }
                continue;
            }
            '[' if in_class && chars.peek() == Some(&':') => {
                // A POSIX class `[:alpha:]` (ASCII in both): copied to its `:]`.
                out.push('[');
                for d in chars.by_ref() {
                    out.push(d);
                    if d == ']' {
                        break;
                    }
                }
            }
            '[' if in_class => out.push_str("\\["),
            ']' if in_class && !class_start => {
                in_class = false;
                out.push(']');
            }
            _ => out.push(c),
        }
        class_start = false;
    }
    out
}

/// Routes the rule's `matches` calls (function and method) to [`MATCHES`].
pub fn route_matches(expression: &mut IdedExpr) {
    super::cost::each_expr_mut(expression, &mut |node| {
        if let Expr::Call(call) = &mut node.expr {
            if call.func_name == "matches" {
                call.func_name = MATCHES.to_string();
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perl_classes_are_ascii_as_in_go() {
        let m = |p: &str, s: &str| compile(p).unwrap().is_match(s);
        assert!(m(r"^\d+$", "123"));
        assert!(!m(r"^\d+$", "٣"));
        assert!(!m(r"^\w+$", "é"));
        assert!(m(r"^\w+$", "a_1"));
        assert!(!m(r"^\s$", "\u{a0}"));
        assert!(!m(r"^\s$", "\u{b}"));
        assert!(m(r"^[\d.]+$", "1.2"));
        assert!(!m(r"^[\d.]+$", "٣"));
        assert!(m(r"^[^\d]+$", "ab"));
        assert!(!m(r"\bé", " é"));
        assert!(m(r"\ba", " a"));
        assert!(m(r"^\101$", "A"));
        assert!(m(r"^[[:alpha:]]+$", "abc"));
        assert!(m(r"^[]a]+$", "]a"));
        assert!(m(r"^\.\\$", ".\\"));
    }
}
