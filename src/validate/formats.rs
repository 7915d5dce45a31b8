//! The string formats Kubernetes validates in CRD schemas (apiextensions-apiserver's
//! `strfmt` registry): an unknown format is not checked, as the API server does not.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `value` is valid for `format`; formats Kubernetes does not check are valid.
pub fn valid(format: &str, value: &str) -> bool {
    match format {
        "ipv4" => value.parse::<Ipv4Addr>().is_ok(),
        "ipv6" => value.parse::<Ipv6Addr>().is_ok(),
        "cidr" => cidr(value),
        "uuid" => uuid(value),
        "uuid3" | "uuid4" | "uuid5" => uuid(value),
        "date" => date(value),
        "date-time" | "datetime" => date_time(value),
        "byte" => base64(value),
        "hostname" => hostname(value),
        "mac" => mac(value),
        "email" => email(value),
        "uri" => uri(value),
        "duration" => go_duration(value),
        _ => true,
    }
}

pub fn cidr(value: &str) -> bool {
    let Some((ip, prefix)) = value.split_once('/') else {
        return false;
    };
    let Ok(prefix) = prefix.parse::<u8>() else {
        return false;
    };
    match ip.parse::<IpAddr>() {
        Ok(IpAddr::V4(_)) => prefix <= 32,
        Ok(IpAddr::V6(_)) => prefix <= 128,
        Err(_) => false,
    }
}

fn uuid(value: &str) -> bool {
    let parts: Vec<&str> = value.split('-').collect();
    parts.len() == 5
        && [8, 4, 4, 4, 12]
            .iter()
            .zip(&parts)
            .all(|(n, p)| p.len() == *n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_digit())
}

fn date(value: &str) -> bool {
    let parts: Vec<&str> = value.split('-').collect();
    let number = |s: &str| s.parse::<u32>().unwrap_or(0);
    parts.len() == 3
        && digits(parts[0], 4)
        && digits(parts[1], 2)
        && digits(parts[2], 2)
        && (1..=12).contains(&number(parts[1]))
        && (1..=31).contains(&number(parts[2]))
}

fn email(value: &str) -> bool {
    match value.rsplit_once('@') {
        Some((local, domain)) => {
            !local.is_empty() && !local.contains(char::is_whitespace) && hostname(domain)
        }
        None => false,
    }
}

/// An absolute URI: `scheme:` then no white space.
fn uri(value: &str) -> bool {
    match value.split_once(':') {
        Some((scheme, rest)) => {
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !rest.contains(char::is_whitespace)
        }
        None => false,
    }
}

fn date_time(value: &str) -> bool {
    let Some((d, t)) = value.split_once(['T', 't', ' ']) else {
        return false;
    };
    if !date(d) || t.len() < 8 {
        return false;
    }
    let (clock, _zone) = t.split_at(8);
    let c: Vec<&str> = clock.split(':').collect();
    c.len() == 3 && c.iter().all(|p| digits(p, 2))
}

fn base64(value: &str) -> bool {
    let s: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    s.len().is_multiple_of(4)
        && s.trim_end_matches('=')
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/')
}

fn hostname(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 255
        && value.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
}

fn mac(value: &str) -> bool {
    let parts: Vec<&str> = value.split([':', '-']).collect();
    matches!(parts.len(), 6 | 8 | 20)
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Go's `time.ParseDuration` grammar (`1h30m`, `-1.5s`, `0`).
pub fn go_duration(value: &str) -> bool {
    let s = value.strip_prefix(['-', '+']).unwrap_or(value);
    if s == "0" {
        return true;
    }
    if s.is_empty() {
        return false;
    }
    let mut rest = s;
    while !rest.is_empty() {
        let number = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if number == 0 {
            return false;
        }
        rest = &rest[number..];
        let unit = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .iter()
            .find(|u| rest.starts_with(**u));
        match unit {
            Some(u) => rest = &rest[u.len()..],
            None => return false,
        }
    }
    true
}
