//! Go literals, the bottom layer every stage may use: decoding interpreted and raw string
//! literals and integer literals, and Go's `%q` quoting.

/// Decodes a Go string literal (with its quotes) into bytes. Go strings are byte strings:
/// `\xff` yields a byte that need not be valid UTF-8.
pub fn unquote(literal: &str) -> Result<Vec<u8>, String> {
    let bytes = literal.as_bytes();
    if bytes.len() >= 2 && bytes[0] == b'`' && bytes[bytes.len() - 1] == b'`' {
        // Raw strings drop carriage returns (Go spec).
        return Ok(literal[1..literal.len() - 1]
            .bytes()
            .filter(|b| *b != b'\r')
            .collect());
    }
    if bytes.len() < 2 || bytes[0] != b'"' || bytes[bytes.len() - 1] != b'"' {
        return Err(format!("not a string literal: {literal}"));
    }
    let body = &literal[1..literal.len() - 1];
    let mut out = Vec::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match escape(&mut chars).map_err(|(_, message)| message)? {
            Escape::Byte(byte) => out.push(byte),
            Escape::Char(c) => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    Ok(out)
}

/// One escape sequence of a Go interpreted string, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Escape {
    /// `\x..` and octal `\ooo`: one byte, which need not be UTF-8 on its own.
    Byte(u8),
    /// `\n`, `\"`, `\u....`, …: a character.
    Char(char),
}

/// Decodes the escape sequence after a backslash, reading from `chars` (the characters
/// after it). The one decoder of Go string escapes, for string literals and for quoted
/// marker arguments. `Err((bytes, message))`: the sequence is invalid after `bytes` bytes
/// following the backslash.
pub fn escape(chars: &mut impl Iterator<Item = char>) -> Result<Escape, (usize, String)> {
    let Some(letter) = chars.next() else {
        return Err((0, "string ends in a backslash".into()));
    };
    let simple = match letter {
        'a' => Some('\u{7}'),
        'b' => Some('\u{8}'),
        'f' => Some('\u{c}'),
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        'v' => Some('\u{b}'),
        '\\' => Some('\\'),
        '"' => Some('"'),
        _ => None,
    };
    if let Some(c) = simple {
        return Ok(Escape::Char(c));
    }
    let (count, radix, first) = match letter {
        'x' => (2, 16, 0),
        'u' => (4, 16, 0),
        'U' => (8, 16, 0),
        '0'..='7' => (2, 8, letter.to_digit(8).unwrap_or(0)),
        other => {
            return Err((
                other.len_utf8(),
                format!("unknown escape sequence \\{other}"),
            ))
        }
    };
    let mut value = first;
    for read in 0..count {
        let digit = match chars.next() {
            Some(d) => d
                .to_digit(radix)
                .ok_or((2 + read, format!("invalid digit {d:?} in escape sequence")))?,
            None => return Err((1 + read, "truncated escape sequence".into())),
        };
        value = value * radix + digit;
    }
    match letter {
        '0'..='7' if value > 255 => Err((3, "octal escape value > 255".into())),
        '0'..='7' | 'x' => Ok(Escape::Byte(value as u8)),
        _ => char::from_u32(value).map(Escape::Char).ok_or_else(|| {
            (
                1 + count,
                format!("escape \\{letter}{value:x} is not a valid code point"),
            )
        }),
    }
}

/// Parses a Go integer literal (decimal, hex, octal, binary, with `_` separators).
pub fn parse_int(literal: &str) -> Option<i128> {
    let cleaned: String = literal.chars().filter(|c| *c != '_').collect();
    let lower = cleaned.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        i128::from_str_radix(hex, 16).ok()
    } else if let Some(bin) = lower.strip_prefix("0b") {
        i128::from_str_radix(bin, 2).ok()
    } else if let Some(oct) = lower.strip_prefix("0o") {
        i128::from_str_radix(oct, 8).ok()
    } else if lower.len() > 1 && lower.starts_with('0') {
        i128::from_str_radix(&lower[1..], 8).ok()
    } else {
        lower.parse().ok()
    }
}

/// Go's `%q` quoting of a string (enough for sort order and the description lines).
pub fn go_quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            '\u{fffd}' => out.push_str("\\ufffd"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)` (and `%v` of a float64): the shortest digits
/// that read back as `f`, in exponent form (`1e-07`, `1.2345675e+06`: two exponent digits at
/// least) when the decimal exponent is below -4 or at least 6 (Go's `eprec = 6` for the
/// shortest form), else plain (`0.0001`, `123456.5`).
pub fn format_float(float: f64) -> String {
    if float.is_nan() {
        return "NaN".into();
    }
    if float.is_infinite() {
        return if float > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    if float == 0.0 {
        return if float.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let scientific = format!("{float:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..6).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    format!("{float}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_every_escape() {
        let decoded = unquote(r#""a\a\b\f\n\r\t\v\\\"\101\x41\u00e9\U0001F600""#).unwrap();
        let mut expected = b"a\x07\x08\x0c\n\r\t\x0b\\\"AA".to_vec();
        expected.extend_from_slice("é😀".as_bytes());
        assert_eq!(decoded, expected);
        assert_eq!(unquote(r#""\xff""#).unwrap(), vec![0xff]);
    }

    #[test]
    fn raw_strings_drop_carriage_returns() {
        assert_eq!(unquote("`a\\n\r\nb`").unwrap(), b"a\\n\nb".to_vec());
    }

    #[test]
    fn rejects_bad_escapes() {
        assert!(unquote(r#""\q""#).is_err());
        // `\'` is a rune-literal escape only.
        assert!(unquote(r#""\'""#).is_err());
        assert!(unquote(r#""\x4""#).is_err());
        assert!(unquote(r#""\777""#).is_err());
        assert!(unquote(r#""\uD800""#).is_err());
        assert!(unquote("\"abc").is_err());
    }

    #[test]
    fn parses_integer_forms() {
        assert_eq!(parse_int("1_000"), Some(1000));
        assert_eq!(parse_int("0x1F"), Some(31));
        assert_eq!(parse_int("0o17"), Some(15));
        assert_eq!(parse_int("017"), Some(15));
        assert_eq!(parse_int("0b101"), Some(5));
        assert_eq!(parse_int("0"), Some(0));
    }
}
