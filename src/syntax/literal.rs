//! Go literal decoding: interpreted and raw string literals, integer literals.

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
    let mut chars = body.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let Some((_, escape)) = chars.next() else {
            return Err("string ends in a backslash".into());
        };
        let simple = match escape {
            'a' => Some(0x07),
            'b' => Some(0x08),
            'f' => Some(0x0c),
            'n' => Some(b'\n'),
            'r' => Some(b'\r'),
            't' => Some(b'\t'),
            'v' => Some(0x0b),
            '\\' => Some(b'\\'),
            '"' => Some(b'"'),
            _ => None,
        };
        if let Some(byte) = simple {
            out.push(byte);
            continue;
        }
        let mut digits = |count: usize, radix: u32| -> Result<u32, String> {
            let mut value = 0u32;
            for _ in 0..count {
                let (_, d) = chars.next().ok_or("truncated escape sequence")?;
                let digit = d
                    .to_digit(radix)
                    .ok_or_else(|| format!("invalid digit {d:?} in escape sequence"))?;
                value = value * radix + digit;
            }
            Ok(value)
        };
        match escape {
            '0'..='7' => {
                let rest = digits(2, 8)?;
                let value = escape.to_digit(8).unwrap_or(0) * 64 + rest;
                if value > 255 {
                    return Err("octal escape value > 255".into());
                }
                out.push(value as u8);
            }
            'x' => out.push(digits(2, 16)? as u8),
            'u' | 'U' => {
                let value = digits(if escape == 'u' { 4 } else { 8 }, 16)?;
                let c = char::from_u32(value).ok_or_else(|| {
                    format!("escape \\{escape}{value:x} is not a valid code point")
                })?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            other => return Err(format!("unknown escape sequence \\{other}")),
        }
    }
    Ok(out)
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
