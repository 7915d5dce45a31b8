//! Go's `net/netip` and `net/url` parsing as Kubernetes' CEL libraries call them
//! (k8s.io/apiserver/pkg/cel/library: `ip.go`'s `parseIPAddr`, `cidr.go`'s `parseCIDR`,
//! `urls.go`'s `url.ParseRequestURI` then `url.Parse`), with Go's error texts, so that a rule
//! accepts and refuses exactly what the API server's does.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::golit::go_quote;

/// An IP address as Kubernetes' `ip()` accepts it: `netip.ParseAddr` (dotted IPv4 without
/// leading zeros, IPv6), without a zone and not IPv4-mapped IPv6 (`::ffff:1.2.3.4`).
pub fn parse_ip(s: &str) -> Result<IpAddr, String> {
    let addr = parse_addr(s).map_err(|detail| {
        format!(
            "IP Address {} parse error during conversion from string: ParseAddr({}): {detail}",
            go_quote(s),
            go_quote(s)
        )
    })?;
    if s.contains('%') {
        return Err(format!(
            "IP address {} with zone value is not allowed",
            go_quote(s)
        ));
    }
    if is_4in6(&addr) {
        return Err(format!(
            "IPv4-mapped IPv6 address {} is not allowed",
            go_quote(s)
        ));
    }
    Ok(addr)
}

/// `netip.ParseAddr`, a zone accepted (and dropped) as Go accepts it.
fn parse_addr(s: &str) -> Result<IpAddr, &'static str> {
    if s.is_empty() {
        return Err("unable to parse IP");
    }
    if s.contains(':') {
        let (ip, zone) = s.split_once('%').unwrap_or((s, ""));
        if s.contains('%') && zone.is_empty() {
            return Err("zone must be a non-empty string");
        }
        return ip
            .parse::<Ipv6Addr>()
            .map(IpAddr::V6)
            .map_err(|_| "unable to parse IP");
    }
    // Rust's parser, like netip's, refuses octets with leading zeros and out of range.
    s.parse::<Ipv4Addr>()
        .map(IpAddr::V4)
        .map_err(|_| "unable to parse IP")
}

fn is_4in6(addr: &IpAddr) -> bool {
    matches!(addr, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some())
}

/// A CIDR as `netip.Prefix` holds it: the address as written (host bits kept) and the
/// prefix length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefix {
    pub addr: IpAddr,
    pub bits: u8,
}

impl std::fmt::Display for Prefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.addr, self.bits)
    }
}

fn bits_of(addr: &IpAddr) -> u8 {
    match addr {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    }
}

fn mask(addr: &IpAddr, bits: u8) -> IpAddr {
    match addr {
        IpAddr::V4(v4) => {
            let m = if bits == 0 {
                0
            } else {
                u32::MAX << (32 - bits)
            };
            IpAddr::V4(Ipv4Addr::from(u32::from(*v4) & m))
        }
        IpAddr::V6(v6) => {
            let m = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - bits)
            };
            IpAddr::V6(Ipv6Addr::from(u128::from(*v6) & m))
        }
    }
}

impl Prefix {
    /// `netip.Prefix.Contains`: the same family and the same first `bits` bits.
    pub fn contains(&self, ip: &IpAddr) -> bool {
        bits_of(ip) == bits_of(&self.addr) && mask(ip, self.bits) == mask(&self.addr, self.bits)
    }

    /// Kubernetes' `containsCIDR`: `Overlaps(other) && Bits() <= other.Bits()`.
    pub fn contains_prefix(&self, other: &Prefix) -> bool {
        self.bits <= other.bits && self.contains(&other.addr)
    }

    /// `netip.Prefix.Masked`: the host bits cleared.
    pub fn masked(&self) -> Prefix {
        Prefix {
            addr: mask(&self.addr, self.bits),
            bits: self.bits,
        }
    }
}

/// A CIDR as Kubernetes' `cidr()` accepts it: `netip.ParsePrefix` (host bits allowed, no
/// zone, the length in decimal without leading zeros), not IPv4-mapped IPv6.
pub fn parse_cidr(s: &str) -> Result<Prefix, String> {
    let context = "network address parse error during conversion from string";
    let prefix = parse_prefix(s).map_err(|detail| {
        format!(
            "{context}: {context}: netip.ParsePrefix({}): {detail}",
            go_quote(s)
        )
    })?;
    if is_4in6(&prefix.addr) {
        return Err(format!(
            "{context}: IPv4-mapped IPv6 address {} is not allowed",
            go_quote(s)
        ));
    }
    Ok(prefix)
}

fn parse_prefix(s: &str) -> Result<Prefix, String> {
    let Some((addr, bits)) = s.rsplit_once('/') else {
        return Err("no '/'".into());
    };
    let ip =
        parse_addr(addr).map_err(|detail| format!("ParseAddr({}): {detail}", go_quote(addr)))?;
    if addr.contains('%') {
        return Err("IPv6 zones cannot be present in a prefix".into());
    }
    let bad = || format!("bad bits after slash: {}", go_quote(bits));
    if bits.is_empty()
        || !bits.bytes().all(|b| b.is_ascii_digit())
        || (bits.len() > 1 && bits.starts_with('0'))
    {
        return Err(bad());
    }
    let n: u32 = bits.parse().map_err(|_| bad())?;
    if n > u32::from(bits_of(&ip)) {
        return Err("prefix length out of range".into());
    }
    Ok(Prefix {
        addr: ip,
        bits: n as u8,
    })
}

/// The parts of a URL Kubernetes' url library reads (Go's `url.URL`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Url {
    /// Lower-cased.
    pub scheme: String,
    pub opaque: String,
    pub host: String,
    /// As written (Go's `EscapedPath()` of a validly escaped path).
    pub path: String,
    pub raw_query: String,
}

impl Url {
    /// Go's `URL.Hostname()`: the host without a port, IPv6 brackets removed.
    pub fn hostname(&self) -> String {
        split_host_port(&self.host).0
    }

    /// Go's `URL.Port()`.
    pub fn port(&self) -> String {
        split_host_port(&self.host).1
    }
}

fn split_host_port(host_port: &str) -> (String, String) {
    let mut host = host_port;
    let mut port = "";
    if let Some(colon) = host.rfind(':') {
        if valid_optional_port(&host[colon..]) {
            port = &host[colon + 1..];
            host = &host[..colon];
        }
    }
    if host.starts_with('[') && host.ends_with(']') && host.len() >= 2 {
        host = &host[1..host.len() - 1];
    }
    (host.to_string(), port.to_string())
}

/// Kubernetes' `isURL` and the first check of `url()`: Go's `url.ParseRequestURI`. The error is
/// Go's `*url.Error` text, `parse "<s>": <why>`.
pub fn parse_request_uri(s: &str) -> Result<Url, String> {
    parse(s, true).map_err(|why| format!("parse {}: {why}", go_quote(s)))
}

/// What `url()` returns (Go's `url.Parse`, the fragment cut off), once `parse_request_uri`
/// accepted the string.
pub fn parse_url(s: &str) -> Result<Url, String> {
    parse_request_uri(s)?;
    let (rest, _fragment) = s.split_once('#').unwrap_or((s, ""));
    parse(rest, false).map_err(|why| format!("parse {}: {why}", go_quote(s)))
}

/// Go's unexported `url.parse`.
fn parse(raw: &str, via_request: bool) -> Result<Url, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    let mut url = Url::default();
    if raw == "*" {
        url.path = "*".into();
        return Ok(url);
    }
    let (scheme, rest) = get_scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    let rest = if rest.ends_with('?') && rest.matches('?').count() == 1 {
        &rest[..rest.len() - 1]
    } else {
        let (before, query) = rest.split_once('?').unwrap_or((rest, ""));
        url.raw_query = query.to_string();
        before
    };
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            url.opaque = rest.to_string();
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        let segment = rest.split('/').next().unwrap_or("");
        if segment.contains(':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    let mut rest = rest;
    if (!url.scheme.is_empty() || !via_request && !rest.starts_with("///"))
        && rest.starts_with("//")
    {
        let authority = &rest[2..];
        let (authority, path) = match authority.find('/') {
            Some(i) => (&authority[..i], &authority[i..]),
            None => (authority, ""),
        };
        url.host = parse_authority(authority)?;
        rest = path;
    }
    unescape(rest, false)?;
    url.path = rest.to_string();
    Ok(url)
}

fn get_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn parse_authority(authority: &str) -> Result<String, String> {
    let (userinfo, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let host = parse_host(host)?;
    if let Some(userinfo) = userinfo {
        if !userinfo
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c) || !c.is_ascii())
        {
            return Err("net/url: invalid userinfo".into());
        }
        unescape(userinfo, false)?;
    }
    Ok(host)
}

fn valid_optional_port(port: &str) -> bool {
    match port.strip_prefix(':') {
        None => port.is_empty(),
        Some(digits) => digits.bytes().all(|b| b.is_ascii_digit()),
    }
}

fn parse_host(host: &str) -> Result<String, String> {
    if host.starts_with('[') {
        let Some(i) = host.rfind(']') else {
            return Err("missing ']' in host".into());
        };
        let colon_port = &host[i + 1..];
        if !valid_optional_port(colon_port) {
            return Err(format!("invalid port {} after host", go_quote(colon_port)));
        }
    } else if let Some(i) = host.rfind(':') {
        let colon_port = &host[i..];
        if !valid_optional_port(colon_port) {
            return Err(format!("invalid port {} after host", go_quote(colon_port)));
        }
    }
    unescape(host, true)?;
    Ok(host.to_string())
}

/// Go's `unescape` as a check: a `%` needs two hex digits; in a host only the characters
/// `shouldEscape(c, encodeHost)` allows.
fn unescape(s: &str, host: bool) -> Result<(), String> {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'%' {
            if !bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                || !bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                let end = (i + 3).min(s.len());
                return Err(format!("invalid URL escape {}", go_quote(&s[i..end])));
            }
            i += 3;
            continue;
        }
        if host && c < 0x80 && !host_char(c) {
            return Err(format!(
                "invalid character {} in host name",
                go_quote(&s[i..i + 1])
            ));
        }
        i += 1;
    }
    Ok(())
}

fn host_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-_.~!$&'()*+,;=:[]<>\"".contains(&c)
}

/// Go's `url.ParseQuery` as `URL.Query()` keeps it: pairs split on `&`, `+` a space,
/// `%XX` decoded; a pair with `;` or a bad escape is dropped. Keys in first-seen order.
pub fn query(raw: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for pair in raw.split('&').filter(|p| !p.is_empty()) {
        if pair.contains(';') {
            continue;
        }
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(k), Some(v)) = (query_unescape(k), query_unescape(v)) else {
            continue;
        };
        match out.iter_mut().find(|(key, _)| *key == k) {
            Some((_, values)) => values.push(v),
            None => out.push((k, vec![v])),
        }
    }
    out
}

fn query_unescape(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ips_as_netip_and_kubernetes_parse_them() {
        assert!(parse_ip("192.168.0.1").is_ok());
        assert!(parse_ip("2001:db8::68").is_ok());
        // Leading zeros, out of range, zones and IPv4-mapped IPv6 are refused.
        assert!(parse_ip("192.168.0.01").is_err());
        assert!(parse_ip("192.168.0.256").is_err());
        assert_eq!(
            parse_ip("fe80::1%eth0").unwrap_err(),
            "IP address \"fe80::1%eth0\" with zone value is not allowed"
        );
        assert_eq!(
            parse_ip("::ffff:192.168.0.1").unwrap_err(),
            "IPv4-mapped IPv6 address \"::ffff:192.168.0.1\" is not allowed"
        );
        assert!(parse_ip("").is_err());
    }

    #[test]
    fn cidrs_as_kubernetes_parses_and_compares_them() {
        let c = |s: &str| parse_cidr(s).unwrap();
        assert_eq!(c("192.168.0.0/24").bits, 24);
        // Host bits are kept, masked() clears them.
        assert_eq!(c("192.168.0.1/24").to_string(), "192.168.0.1/24");
        assert_eq!(c("192.168.0.1/24").masked(), c("192.168.0.0/24"));
        assert_eq!(c("2001:db8:1::/32").masked(), c("2001:db8::/32"));
        assert_eq!(
            parse_cidr("192.168.0.0/").unwrap_err(),
            "network address parse error during conversion from string: network address parse \
             error during conversion from string: netip.ParsePrefix(\"192.168.0.0/\"): bad bits \
             after slash: \"\""
        );
        assert!(parse_cidr("192.168.0.0/33").is_err());
        assert!(parse_cidr("::1/129").is_err());
        assert!(parse_cidr("10.0.0.0/08").is_err());
        assert!(parse_cidr("10.0.0.0").is_err());
        assert!(parse_cidr("::ffff:1.2.3.4/120").is_err());
        let net = c("192.168.0.0/24");
        assert!(net.contains(&parse_ip("192.168.0.1").unwrap()));
        assert!(!net.contains(&parse_ip("192.168.1.1").unwrap()));
        assert!(!net.contains(&parse_ip("::1").unwrap()));
        assert!(net.contains_prefix(&c("192.168.0.0/25")));
        assert!(net.contains_prefix(&c("192.168.0.1/32")));
        assert!(!net.contains_prefix(&c("192.168.0.0/23")));
        assert!(!net.contains_prefix(&c("192.169.0.1/32")));
        let v6 = c("2001:db8::/32");
        assert!(v6.contains(&parse_ip("2001:db8::1").unwrap()));
        assert!(!v6.contains(&parse_ip("2001:dc8::1").unwrap()));
        assert!(v6.contains_prefix(&c("2001:db8::/33")));
        assert!(!v6.contains_prefix(&c("2001:db8::/31")));
        assert!(c("0.0.0.0/0").contains_prefix(&c("10.0.0.0/8")));
    }

    #[test]
    fn urls_as_go_parse_request_uri_parses_them() {
        let u = parse_url("https://user@example.com:8080/a%20b?x=1&y=2#frag").unwrap();
        assert_eq!(u.scheme, "https");
        assert_eq!(u.host, "example.com:8080");
        assert_eq!(u.hostname(), "example.com");
        assert_eq!(u.port(), "8080");
        assert_eq!(u.path, "/a%20b");
        assert_eq!(u.raw_query, "x=1&y=2");
        let v6 = parse_url("https://[::1]:80/").unwrap();
        assert_eq!((v6.hostname().as_str(), v6.port().as_str()), ("::1", "80"));
        assert_eq!(parse_url("HTTPS://A.B").unwrap().scheme, "https");
        assert_eq!(parse_url("/absolute-path").unwrap().path, "/absolute-path");
        assert!(parse_url("mailto:someone@example.com").is_ok());
        assert!(parse_url("*").is_ok());
        let e = |s: &str| parse_request_uri(s).unwrap_err();
        assert_eq!(e(" "), "parse \" \": invalid URI for request");
        assert_eq!(e(""), "parse \"\": empty url");
        assert_eq!(
            e("example.com"),
            "parse \"example.com\": invalid URI for request"
        );
        assert_eq!(e(":x"), "parse \":x\": missing protocol scheme");
        assert_eq!(
            e("https://\ntestingress.com"),
            "parse \"https://\\ntestingress.com\": net/url: invalid control character in URL"
        );
        assert_eq!(
            e("https://a b.com/"),
            "parse \"https://a b.com/\": invalid character \" \" in host name"
        );
        assert_eq!(
            e("https://a.com:x/"),
            "parse \"https://a.com:x/\": invalid port \":x\" after host"
        );
        assert_eq!(
            e("https://a.com/%zz"),
            "parse \"https://a.com/%zz\": invalid URL escape \"%zz\""
        );
        // Go accepts a space in the path.
        assert!(parse_url("https://a.com/a b").is_ok());
    }

    #[test]
    fn queries_as_go_decodes_them() {
        assert_eq!(
            query("a=1&b=x+y&a=%41&bad=%z&c;d=1"),
            vec![
                ("a".to_string(), vec!["1".to_string(), "A".to_string()]),
                ("b".to_string(), vec!["x y".to_string()]),
            ]
        );
    }

    #[test]
    fn quotes_as_go() {
        assert_eq!(go_quote("a\"b\n\u{1}"), "\"a\\\"b\\n\\x01\"");
    }
}
