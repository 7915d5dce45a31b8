//! How yaml.v2 reads a plain scalar back (what must be quoted to stay a string) and how it
//! writes numbers: Go's strconv and yaml.v2's resolve.go, ported.

/// A number as yaml.v2 writes it after re-reading Go's JSON text of it: an integer in
/// decimal, a float as `strconv.FormatFloat(f, 'g', -1, 64)`.
pub(super) fn number_text(number: &serde_json::Number) -> String {
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
pub(super) fn format_float_g(float: f64) -> String {
    if float.is_nan() {
        return ".nan".into();
    }
    if float.is_infinite() {
        return if float > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    crate::golit::go_float(float)
}

/// yaml.v2's `resolve("", text)` is `!!str` (the text reads back as this string).
pub(super) fn resolves_to_string(text: &str) -> bool {
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
pub(super) fn go_parse_int(text: &str) -> bool {
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
pub(super) fn is_yaml_style_float(text: &str) -> bool {
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
pub(super) fn go_parse_float(text: &str) -> bool {
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
pub(super) fn go_hex_float(hex: &str) -> bool {
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
pub(super) fn go_underscores_ok(text: &str) -> bool {
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
pub(super) fn is_base60_float(text: &str) -> bool {
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
pub(super) fn is_timestamp(text: &str) -> bool {
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
pub(super) fn time_of_day(mut rest: &[u8], zone: bool) -> bool {
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
pub(super) fn go_getnum(rest: &mut &[u8]) -> Option<u32> {
    let first = *rest.first().filter(|b| b.is_ascii_digit())?;
    let mut value = u32::from(first - b'0');
    *rest = &rest[1..];
    if let Some(&second) = rest.first().filter(|b| b.is_ascii_digit()) {
        value = value * 10 + u32::from(second - b'0');
        *rest = &rest[1..];
    }
    Some(value)
}

pub(super) fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}
