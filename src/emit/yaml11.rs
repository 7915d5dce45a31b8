//! YAML 1.1 safety. Kubernetes reads YAML with go-yaml v2 (under sigs.k8s.io/yaml), a YAML
//! 1.1 parser, where the plain scalars `off`, `on`, `yes`, `no`, `y`, `n` are booleans and
//! `0x1F`, `1_000`, `1:30` are numbers. yaml_serde writes YAML 1.2, where those are strings,
//! so it leaves them plain: an `enum: [off, on]` would reach an API server as booleans.
//! [`quote_specials`] quotes them in yaml_serde's output; [`is_special`] is the test, shared
//! with `crd`'s scalar writer.

/// Whether the plain scalar `value` would not read back as this string under go-yaml v2's
/// YAML 1.1 resolution: its boolean and null words (in the capitalisations it knows, all
/// quoted here), and what it parses as a number — Go's `ParseInt` with base prefixes or
/// `ParseFloat` after dropping `_` — for scalars starting with a digit, a sign or a dot.
pub fn is_special(value: &str) -> bool {
    const WORDS: &[&str] = &[
        "y", "yes", "n", "no", "true", "false", "on", "off", "null", "~", ".nan", ".inf", "-.inf",
        "+.inf",
    ];
    if value.len() <= 5 && WORDS.iter().any(|w| w.eq_ignore_ascii_case(value)) {
        return true;
    }
    if !value.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c)) {
        return false;
    }
    let plain: String = value.chars().filter(|&c| c != '_').collect();
    let unsigned = plain
        .strip_prefix(['+', '-'])
        .unwrap_or(&plain)
        .to_ascii_lowercase();
    let integer = match unsigned.get(..2) {
        Some("0x") => i128::from_str_radix(&unsigned[2..], 16).is_ok(),
        Some("0o") => i128::from_str_radix(&unsigned[2..], 8).is_ok(),
        Some("0b") => i128::from_str_radix(&unsigned[2..], 2).is_ok(),
        _ => unsigned.parse::<i128>().is_ok(),
    };
    integer || plain.parse::<f64>().is_ok()
}

/// yaml_serde's block-style output with every plain key or value that YAML 1.1 would read as
/// a non-string single-quoted. Block scalars (`|-` and their lines) are left as they are.
pub fn quote_specials(yaml: &str) -> String {
    let mut out = String::with_capacity(yaml.len() + 64);
    // Indentation of the line that opened a block scalar; its content is indented deeper.
    let mut block: Option<usize> = None;
    for line in yaml.split_inclusive('\n') {
        let content = line.trim_end_matches('\n');
        let indent = content.len() - content.trim_start_matches(' ').len();
        if let Some(opener) = block {
            if content.trim().is_empty() || indent > opener {
                out.push_str(line);
                continue;
            }
            block = None;
        }
        let (rewritten, opens_block) = rewrite_line(content, indent);
        if opens_block {
            block = Some(indent);
        }
        match rewritten {
            Some(rewritten) => {
                out.push_str(&rewritten);
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => out.push_str(line),
        }
    }
    out
}

/// One line: `[- ]*key: value`, `[- ]*key:` or `[- ]*value`. The rewritten line, or `None`
/// when nothing in it needs quoting (almost every line: no copy); whether it opens a block
/// scalar.
fn rewrite_line(content: &str, indent: usize) -> (Option<String>, bool) {
    let mut prefix_end = indent;
    while content[prefix_end..].starts_with("- ") {
        prefix_end += 2;
    }
    let (prefix, rest) = content.split_at(prefix_end);
    if rest == "-" {
        return (None, false);
    }
    let (key, value) = match split_key(rest) {
        Some((key, value)) => (Some(key), value),
        None => (None, rest),
    };
    let opens_block = value.starts_with('|') || value.starts_with('>');
    let needs = |scalar: &str| !scalar.starts_with(['\'', '"']) && is_special(scalar);
    if !key.is_some_and(needs) && (opens_block || !needs(value)) {
        return (None, opens_block);
    }
    let mut line = String::from(prefix);
    if let Some(key) = key {
        line.push_str(&quote_if_special(key));
        line.push(':');
        if !value.is_empty() {
            line.push(' ');
        }
    }
    if opens_block {
        line.push_str(value);
    } else {
        line.push_str(&quote_if_special(value));
    }
    (Some(line), opens_block)
}

/// `key: value` / `key:` with a plain or quoted key; `None` for a lone scalar.
fn split_key(rest: &str) -> Option<(&str, &str)> {
    if rest.starts_with('\'') || rest.starts_with('"') {
        let quote = rest.as_bytes()[0];
        // The closing quote (a doubled `''` is an escaped quote inside single quotes).
        let bytes = rest.as_bytes();
        let mut i = 1;
        while i < bytes.len() {
            if bytes[i] == b'\\' && quote == b'"' {
                i += 2;
                continue;
            }
            if bytes[i] == quote {
                if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') {
                    i += 2;
                    continue;
                }
                break;
            }
            i += 1;
        }
        let after = rest.get(i + 1..)?;
        return match after.strip_prefix(':') {
            Some("") => Some((&rest[..=i], "")),
            Some(value) => value.strip_prefix(' ').map(|value| (&rest[..=i], value)),
            None => None,
        };
    }
    if let Some(key) = rest.strip_suffix(':') {
        if !key.contains(": ") {
            return Some((key, ""));
        }
    }
    rest.split_once(": ")
}

/// Quotes a plain scalar that is a string under YAML 1.2 (so yaml_serde wrote a string
/// plain) but not under YAML 1.1. A plain `1`, `true` or `null` in yaml_serde's output is
/// a number, boolean or null already (strings that look so are quoted by yaml_serde).
fn quote_if_special(scalar: &str) -> String {
    let string_in_yaml12 = || {
        matches!(
            yaml_serde::from_str::<yaml_serde::Value>(scalar),
            Ok(yaml_serde::Value::String(_))
        )
    };
    if !scalar.starts_with(['\'', '"']) && is_special(scalar) && string_in_yaml12() {
        format!("'{scalar}'")
    } else {
        scalar.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml11_booleans_and_numbers_are_quoted_keys_and_values() {
        let yaml = "a:\n  enum:\n  - off\n  - 'on'\n  - Express\n  y: 1\n  x: yes\n- - no\nb: |-\n  off\n  on\nc: '0x1F'\nd: 1_000\n";
        assert_eq!(
            quote_specials(yaml),
            "a:\n  enum:\n  - 'off'\n  - 'on'\n  - Express\n  'y': 1\n  x: 'yes'\n- - 'no'\nb: |-\n  off\n  on\nc: '0x1F'\nd: '1_000'\n"
        );
    }

    #[test]
    fn everything_else_is_unchanged() {
        let yaml = "swagger: '2.0'\ninfo:\n  title: Kubernetes\n  version: unversioned\npaths: {}\ndefinitions:\n  a.A:\n    type: object\n    default: 0\n    x: null\n    enum:\n    - ''\n    - 'a: b'\n    - \"tab\\there\"\n";
        assert_eq!(quote_specials(yaml), yaml);
    }

    #[test]
    fn specials() {
        for special in [
            "off", "On", "yes", "Y", "n", "NO", "null", "~", "0x1F", "1_000", ".5", "-1e3", "+inf",
            "010", "0b101",
        ] {
            assert!(is_special(special), "{special}");
        }
        for plain in [
            "offline",
            "Express",
            "no-cache",
            "expired",
            "v1",
            "e2e",
            "3.0.0",
            "1:30",
            "1.2.3-beta",
        ] {
            assert!(!is_special(plain), "{plain}");
        }
    }
}
