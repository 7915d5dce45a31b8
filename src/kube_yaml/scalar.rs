//! Scalars as go-yaml v2 resolves them, and their JSON as sigs.k8s.io/yaml writes it.

use super::*;

/// A scalar's value as go-yaml v2 gives it to sigs.k8s.io/yaml.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(String),
    Merge,
}

pub(super) const TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// go-yaml v2's `resolve` of a scalar (YAML 1.1: `yes`/`on`/`y` booleans, `0x1F`, `017`,
/// `1_000`, `.inf`), with the explicit tag's check.
pub(super) fn resolve(value: &str, plain: bool, tag: Option<&str>) -> Result<Scalar, String> {
    let tag = tag.map(|t| {
        t.strip_prefix(TAG_PREFIX)
            .map_or(t.to_string(), |s| format!("!!{s}"))
    });
    let tag = tag.as_deref();
    if tag.is_none() && !plain {
        return Ok(Scalar::Str(value.to_string()));
    }
    match tag {
        None | Some("!!str" | "!!bool" | "!!int" | "!!float" | "!!null" | "!!timestamp") => {}
        Some("!!binary") => return Ok(Scalar::Str(decode_binary(value))),
        // Other tags: the text, as go-yaml keeps it.
        Some(_) => return Ok(Scalar::Str(value.to_string())),
    }
    if tag == Some("!!str") {
        return Ok(Scalar::Str(value.to_string()));
    }
    let resolved = resolve_plain(value);
    let kind = match &resolved {
        Scalar::Null => "!!null",
        Scalar::Bool(_) => "!!bool",
        Scalar::Int(_) | Scalar::Uint(_) => "!!int",
        Scalar::Float(_) => "!!float",
        Scalar::Str(_) => "!!str",
        Scalar::Merge => "!!merge",
    };
    match (tag, &resolved) {
        (None, _) | (Some("!!timestamp"), Scalar::Str(_)) => Ok(resolved),
        (Some(t), _) if t == kind => Ok(resolved),
        (Some("!!float"), Scalar::Int(i)) => Ok(Scalar::Float(*i as f64)),
        (Some("!!float"), Scalar::Uint(u)) => Ok(Scalar::Float(*u as f64)),
        (Some(t), _) => Err(format!("yaml: cannot decode {kind} `{value}` as a {t}")),
    }
}

pub(super) fn resolve_plain(value: &str) -> Scalar {
    match value {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Scalar::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Scalar::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        ".nan" | ".NaN" | ".NAN" => return Scalar::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Scalar::Float(f64::INFINITY)
        }
        "-.inf" | "-.Inf" | "-.INF" => return Scalar::Float(f64::NEG_INFINITY),
        "<<" => return Scalar::Merge,
        _ => {}
    }
    let first = value.as_bytes()[0];
    if first == b'.' {
        return go_parse_float(value).map_or_else(|| Scalar::Str(value.into()), Scalar::Float);
    }
    if !(first.is_ascii_digit() || first == b'+' || first == b'-') {
        return Scalar::Str(value.into());
    }
    if is_timestamp(value) {
        // go-yaml gives timestamps to an interface{} as their text.
        return Scalar::Str(value.into());
    }
    let plain = value.replace('_', "");
    if let Some(i) = go_parse_int(&plain) {
        return Scalar::Int(i);
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Scalar::Uint(u);
    }
    if is_yaml_float(&plain) {
        if let Some(f) = go_parse_float(&plain) {
            return Scalar::Float(f);
        }
    }
    if let Some(bits) = plain.strip_prefix("0b") {
        if let Ok(i) = i64::from_str_radix(bits, 2) {
            return Scalar::Int(i);
        }
        if let Ok(u) = u64::from_str_radix(bits, 2) {
            return Scalar::Uint(u);
        }
    } else if let Some(bits) = plain.strip_prefix("-0b") {
        if let Ok(i) = i64::from_str_radix(&format!("-{bits}"), 2) {
            return Scalar::Int(i);
        }
    }
    Scalar::Str(value.into())
}

/// Go's `strconv.ParseInt(s, 0, 64)`: a sign, then decimal, `0x`, `0o`, `0b` or a leading-zero
/// octal; `_` only between digits after a prefix (removed by the caller already).
pub(super) fn go_parse_int(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = go_parse_uint(digits)?;
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)`.
pub(super) fn go_parse_uint(s: &str) -> Option<u64> {
    let lower = s.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// go-yaml's `yamlStyleFloat`: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
pub(super) fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - from
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseFloat(s, 64)` for the decimal forms YAML reaches (no hex floats, no
/// `inf`/`nan` words: those are not YAML 1.1 floats); out of range is an error in Go.
pub(super) fn go_parse_float(s: &str) -> Option<f64> {
    let body = s.trim_start_matches(['+', '-']);
    if body.is_empty()
        || !body
            .bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    let f: f64 = s.parse().ok()?;
    f.is_finite().then_some(f)
}

/// go-yaml's timestamp forms (`2001-12-14`, `2001-12-14t21:59:43.10Z`, …) start with four
/// digits and a dash; a timestamp reaches an interface{} as its text either way, so only
/// keeping it from being read as a number matters here.
pub(super) fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() > 4 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
}

pub(super) fn decode_binary(text: &str) -> String {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            _ => return text.to_string(),
        };
        buffer = (buffer << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A scalar as the JSON the API server decodes: int64 where the number is an integer that
/// fits, float64 otherwise (Go's JSON encoding writes integral floats below 1e21 without a
/// fraction); NaN and infinities cannot be encoded.
pub(super) fn to_json(scalar: Scalar) -> Result<Value, String> {
    Ok(match scalar {
        Scalar::Null => Value::Null,
        Scalar::Bool(b) => Value::Bool(b),
        Scalar::Int(i) => Value::from(i),
        Scalar::Uint(u) => float(u as f64),
        Scalar::Float(f) if !f.is_finite() => {
            return Err(format!(
                "json: unsupported value: {}",
                crate::golit::go_float(f)
            ))
        }
        Scalar::Float(f) if f.fract() == 0.0 && f.abs() < 1e21 => {
            // int64's range is [-2^63, 2^63).
            if (-(2f64.powi(63))..2f64.powi(63)).contains(&f) {
                Value::from(f as i64)
            } else {
                float(f)
            }
        }
        Scalar::Float(f) => float(f),
        Scalar::Str(s) => Value::String(s),
        Scalar::Merge => Value::String("<<".into()),
    })
}

pub(super) fn float(f: f64) -> Value {
    serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// A mapping key as sigs.k8s.io/yaml turns it into a JSON key.
pub(super) fn key_string(scalar: Scalar) -> Result<String, String> {
    Ok(match scalar {
        Scalar::Str(s) => s,
        Scalar::Int(i) => i.to_string(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Float(f) => match go_float32_g(f).as_str() {
            "+Inf" => ".inf".into(),
            "-Inf" => "-.inf".into(),
            "NaN" => ".nan".into(),
            s => s.to_string(),
        },
        Scalar::Merge => "<<".into(),
        Scalar::Null => return Err("unsupported map key of type: <nil>".into()),
        Scalar::Uint(u) => {
            return Err(format!("unsupported map key of type: uint64, key: 0x{u:x}"))
        }
    })
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 32)`.
pub(super) fn go_float32_g(f: f64) -> String {
    let single = f as f32;
    if !single.is_finite() || single == 0.0 {
        return crate::golit::go_float(f64::from(single));
    }
    // The shortest digits of the float32, printed with Go's %g rules.
    let shortest: f64 = format!("{single:e}").parse().unwrap_or(f64::from(single));
    crate::golit::go_float(shortest)
}
