//! Semantic versions as Kubernetes' CEL semver library reads them: blang/semver v4's strict
//! `semver.Parse` and `Version.Compare`, and the library's own `normalizeAndParse` (a `v`
//! prefix, missing minor/patch numbers and leading zeros tolerated), with their error texts.

use std::cmp::Ordering;

/// A prerelease identifier: numeric ones sort before alphanumeric ones.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pre {
    Num(u64),
    Alpha(String),
}

impl Pre {
    fn compare(&self, other: &Pre) -> Ordering {
        match (self, other) {
            (Pre::Num(a), Pre::Num(b)) => a.cmp(b),
            (Pre::Num(_), Pre::Alpha(_)) => Ordering::Less,
            (Pre::Alpha(_), Pre::Num(_)) => Ordering::Greater,
            (Pre::Alpha(a), Pre::Alpha(b)) => a.cmp(b),
        }
    }
}

/// A version; build metadata is checked, then dropped (it takes no part in comparisons).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pre: Vec<Pre>,
}

impl std::fmt::Display for Version {
    /// `major.minor.patch[-pre]`: equal text iff the versions compare equal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (i, pre) in self.pre.iter().enumerate() {
            f.write_str(if i == 0 { "-" } else { "." })?;
            match pre {
                Pre::Num(n) => write!(f, "{n}")?,
                Pre::Alpha(s) => f.write_str(s)?,
            }
        }
        Ok(())
    }
}

impl Version {
    /// blang/semver's `Version.Compare`.
    pub fn compare(&self, other: &Version) -> Ordering {
        let numbers =
            (self.major, self.minor, self.patch).cmp(&(other.major, other.minor, other.patch));
        if numbers != Ordering::Equal {
            return numbers;
        }
        match (self.pre.is_empty(), other.pre.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        for (a, b) in self.pre.iter().zip(&other.pre) {
            let order = a.compare(b);
            if order != Ordering::Equal {
                return order;
            }
        }
        self.pre.len().cmp(&other.pre.len())
    }
}

fn digits_only(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

fn alphanumeric_only(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn leading_zero(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// Go's `strconv.ParseUint(s, 10, 64)` with its error text.
fn parse_u64(s: &str) -> Result<u64, String> {
    s.parse().map_err(|_| {
        let why = if s.is_empty() || !digits_only(s) {
            "invalid syntax"
        } else {
            "value out of range"
        };
        format!(
            "strconv.ParseUint: parsing {}: {why}",
            crate::golit::go_quote(s)
        )
    })
}

fn number(s: &str, which: &str) -> Result<u64, String> {
    let quoted = crate::golit::go_quote(s);
    if !digits_only(s) {
        return Err(format!(
            "Invalid character(s) found in {which} number {quoted}"
        ));
    }
    if leading_zero(s) {
        let capital = which[..1].to_ascii_uppercase() + &which[1..];
        return Err(format!(
            "{capital} number must not contain leading zeroes {quoted}"
        ));
    }
    parse_u64(s)
}

/// blang/semver v4's `semver.Parse`.
pub fn parse(s: &str) -> Result<Version, String> {
    if s.is_empty() {
        return Err("Version string empty".into());
    }
    let parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() != 3 {
        return Err("No Major.Minor.Patch elements found".into());
    }
    let major = number(parts[0], "major")?;
    let minor = number(parts[1], "minor")?;
    let mut patch = parts[2];
    let mut build = None;
    if let Some(i) = patch.find('+') {
        build = Some(&patch[i + 1..]);
        patch = &patch[..i];
    }
    let mut prerelease = None;
    if let Some(i) = patch.find('-') {
        prerelease = Some(&patch[i + 1..]);
        patch = &patch[..i];
    }
    let patch = number(patch, "patch")?;
    let mut pre = Vec::new();
    for identifier in prerelease
        .map(|p| p.split('.').collect())
        .unwrap_or(Vec::new())
    {
        let quoted = crate::golit::go_quote(identifier);
        if identifier.is_empty() {
            return Err("Prerelease is empty".into());
        } else if digits_only(identifier) {
            if leading_zero(identifier) {
                return Err(format!(
                    "Numeric PreRelease version must not contain leading zeroes {quoted}"
                ));
            }
            pre.push(Pre::Num(parse_u64(identifier)?));
        } else if alphanumeric_only(identifier) {
            pre.push(Pre::Alpha(identifier.to_string()));
        } else {
            return Err(format!("Invalid character(s) found in prerelease {quoted}"));
        }
    }
    for identifier in build.map(|b| b.split('.').collect()).unwrap_or(Vec::new()) {
        if identifier.is_empty() {
            return Err("Build meta data is empty".into());
        }
        if !alphanumeric_only(identifier) {
            return Err(format!(
                "Invalid character(s) found in build meta data {}",
                crate::golit::go_quote(identifier)
            ));
        }
    }
    Ok(Version {
        major,
        minor,
        patch,
        pre,
    })
}

/// The library's `normalizeAndParse`: a `v` prefix removed, leading zeros of the first three
/// parts removed, a missing minor or patch number taken as 0.
pub fn normalize_and_parse(s: &str) -> Result<Version, String> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<String> = s
        .splitn(3, '.')
        .map(|p| {
            if p.len() <= 1 {
                return p.to_string();
            }
            let trimmed = p.trim_start_matches('0');
            if trimmed.is_empty() || !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
                format!("0{trimmed}")
            } else {
                trimmed.to_string()
            }
        })
        .collect();
    if parts.len() < 3 {
        if parts.last().is_some_and(|p| p.contains(['+', '-'])) {
            return Err("short version cannot contain PreRelease/Build meta data".into());
        }
        parts.resize(3, "0".into());
    }
    parse(&parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        parse(s).unwrap()
    }

    #[test]
    fn strict_versions_as_blang_semver_parses_them() {
        assert_eq!(v("1.2.3").to_string(), "1.2.3");
        assert_eq!(v("1.2.3-alpha.1+build.5").to_string(), "1.2.3-alpha.1");
        assert_eq!(
            parse("1.2").unwrap_err(),
            "No Major.Minor.Patch elements found"
        );
        assert_eq!(parse("").unwrap_err(), "Version string empty");
        assert_eq!(
            parse("01.2.3").unwrap_err(),
            "Major number must not contain leading zeroes \"01\""
        );
        assert_eq!(
            parse("v1.2.3").unwrap_err(),
            "Invalid character(s) found in major number \"v1\""
        );
        assert_eq!(
            parse("1.2.3-01").unwrap_err(),
            "Numeric PreRelease version must not contain leading zeroes \"01\""
        );
        assert!(parse("1.2.3-").is_err());
        assert!(parse("1.2.3+").is_err());
        assert!(parse("1.2.3-a_b").is_err());
    }

    #[test]
    fn normalized_versions_as_the_library_reads_them() {
        assert_eq!(normalize_and_parse("v1").unwrap().to_string(), "1.0.0");
        assert_eq!(normalize_and_parse("v01.01").unwrap().to_string(), "1.1.0");
        assert_eq!(normalize_and_parse("1.00.3").unwrap().to_string(), "1.0.3");
        assert_eq!(
            normalize_and_parse("1.2-rc").unwrap_err(),
            "short version cannot contain PreRelease/Build meta data"
        );
    }

    #[test]
    fn precedence_as_semver_orders_it() {
        let order = [
            "1.0.0-alpha",
            "1.0.0-alpha.1",
            "1.0.0-alpha.beta",
            "1.0.0-beta",
            "1.0.0-beta.2",
            "1.0.0-beta.11",
            "1.0.0-rc.1",
            "1.0.0",
            "1.0.1",
            "1.1.0",
            "2.0.0",
        ];
        for pair in order.windows(2) {
            assert_eq!(v(pair[0]).compare(&v(pair[1])), Ordering::Less, "{pair:?}");
            assert_eq!(
                v(pair[1]).compare(&v(pair[0])),
                Ordering::Greater,
                "{pair:?}"
            );
        }
        assert_eq!(v("1.0.0+a").compare(&v("1.0.0+b")), Ordering::Equal);
    }
}
