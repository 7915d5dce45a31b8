//! Kubernetes' CEL libraries (k8s.io/apiserver/pkg/cel/library) on the `cel` crate: lists,
//! regex, ip, cidr, url, quantity and format, as the API server's CRD environment declares
//! them. Their values (ip, cidr, url, quantity, format) are maps tagged with a `__kind` key, so
//! that `==` compares them by their canonical text as cel-go compares them. Errors the API
//! server reports as a rule's evaluation error carry [`K8S_ERROR`]; any other error makes the
//! rule not evaluated (a warning), never a failure.

use std::collections::HashMap;
use std::sync::Arc;

use cel::objects::{Key, Map as CelMap, OptionalValue};
use cel::{Context, ExecutionError, FunctionContext, Value as Cel};
use std::net::IpAddr;

use super::go_net::{self, parse_cidr, parse_ip, parse_request_uri, parse_url, Prefix, Url};
use super::quantity::Quantity;
use super::semver;

type R = Result<Cel, ExecutionError>;

/// Marks the errors of the Kubernetes functions that the API server reports as rule errors.
pub const K8S_ERROR: &str = "k8s-error: ";

fn k8s_err(name: &str, message: impl std::fmt::Display) -> ExecutionError {
    ExecutionError::function_error(name, format!("{K8S_ERROR}{message}"))
}

fn string_arg(args: &[Cel], i: usize, name: &str) -> Result<String, ExecutionError> {
    match args.get(i) {
        Some(Cel::String(s)) => Ok(s.as_str().to_string()),
        _ => Err(ExecutionError::function_error(
            name,
            "expected a string argument",
        )),
    }
}

fn this_value(ftx: &FunctionContext) -> Option<Cel> {
    ftx.this
        .as_ref()
        .and_then(|t| Cel::try_from(t.as_ref()).ok())
}

/// A library value (ip, cidr, url, quantity, format): a map with a `__kind` key.
fn tagged(kind: &str, value: &str, number: Option<f64>) -> Cel {
    let mut map = HashMap::new();
    map.insert(
        Key::String(Arc::new("__kind".into())),
        Cel::String(Arc::new(kind.into())),
    );
    map.insert(
        Key::String(Arc::new("v".into())),
        Cel::String(Arc::new(value.into())),
    );
    if let Some(n) = number {
        map.insert(Key::String(Arc::new("n".into())), Cel::Float(n));
    }
    Cel::Map(CelMap { map: Arc::new(map) })
}

fn untag(value: &Cel, kind: &str) -> Option<(String, Option<f64>)> {
    let Cel::Map(map) = value else { return None };
    let get = |k: &str| map.map.get(&Key::String(Arc::new(k.into())));
    match get("__kind") {
        Some(Cel::String(k)) if k.as_str() == kind => {}
        _ => return None,
    }
    let v = match get("v") {
        Some(Cel::String(s)) => s.as_str().to_string(),
        _ => return None,
    };
    let n = match get("n") {
        Some(Cel::Float(f)) => Some(*f),
        _ => None,
    };
    Some((v, n))
}

fn err(name: &str, message: impl ToString) -> ExecutionError {
    ExecutionError::function_error(name, message)
}

/// A quantity value's exact value.
fn quantity_of(value: &Cel) -> Option<Quantity> {
    untag(value, "quantity").and_then(|(text, _)| Quantity::parse(&text).ok())
}

/// A quantity as a library value (its exact text).
fn quantity_value(q: Quantity) -> Cel {
    tagged("quantity", &q.to_text(), None)
}

fn format_check(name: &str, value: &str) -> Option<Vec<String>> {
    use super::metadata::*;
    let ok = match name {
        "dns1123Label" => is_dns1123_label(value),
        "dns1123Subdomain" => is_dns1123_subdomain(value),
        "dns1035Label" => is_dns1035_label(value),
        "qualifiedName" => is_qualified_name(value),
        "labelValue" => value.is_empty() || is_qualified_name(value) && !value.contains('/'),
        "uuid" => super::formats::valid("uuid", value),
        "byte" => super::formats::valid("byte", value),
        "date" => super::formats::valid("date", value),
        "datetime" => super::formats::valid("date-time", value),
        "uri" => parse_request_uri(value).is_ok(),
        _ => return None,
    };
    Some(if ok {
        Vec::new()
    } else {
        vec![format!("invalid {name}")]
    })
}

const FORMATS: &[&str] = &[
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "labelValue",
    "uuid",
    "byte",
    "date",
    "datetime",
    "uri",
];

pub fn optional(value: Option<Cel>) -> Cel {
    Cel::Opaque(Arc::new(match value {
        Some(v) => OptionalValue::of(v),
        None => OptionalValue::none(),
    }))
}

fn number(value: &Cel) -> Option<f64> {
    match value {
        Cel::Int(i) => Some(*i as f64),
        Cel::UInt(u) => Some(*u as f64),
        Cel::Float(f) => Some(*f),
        _ => None,
    }
}

/// Registers the Kubernetes functions CRD rules use most.
pub fn kubernetes_functions(context: &mut Context<'static, 'static>) {
    // One library each, as the Kubernetes CEL environment groups them.
    list_functions(context);
    regex_functions(context);
    ip_functions(context);
    cidr_functions(context);
    url_functions(context);
    quantity_functions(context);
    semver_functions(context);
    set_functions(context);
    format_functions(context);
}

/// The lists library (`lists.go`): `isSorted`, `sum` (numbers, durations), `min`, `max`;
/// not `indexOf`/`lastIndexOf`, whose names the strings extension holds.
fn list_functions(context: &mut Context<'static, 'static>) {
    let list = |ftx: &FunctionContext| -> Result<Arc<Vec<Cel>>, ExecutionError> {
        match this_value(ftx) {
            Some(Cel::List(l)) => Ok(l),
            _ => Err(err(ftx.name, "expected a list")),
        }
    };
    let _ = context.add_function("isSorted", move |ftx: &FunctionContext| -> R {
        let l = list(ftx)?;
        Ok(Cel::Bool(l.windows(2).all(|w| w[0] <= w[1])))
    });
    let _ = context.add_function("sum", move |ftx: &FunctionContext| -> R {
        let l = list(ftx)?;
        if l.iter().all(|v| matches!(v, Cel::Int(_))) {
            // cel-go's sum of ints fails on overflow ("integer overflow").
            let mut total: i64 = 0;
            for v in l.iter() {
                if let Cel::Int(i) = v {
                    total = total
                        .checked_add(*i)
                        .ok_or_else(|| k8s_err("sum", "integer overflow"))?;
                }
            }
            Ok(Cel::Int(total))
        } else if let Some(Cel::Duration(first)) = l.first() {
            let mut total = *first;
            for v in l.iter().skip(1) {
                let Cel::Duration(d) = v else {
                    return Err(err("sum", "expected durations"));
                };
                total = total
                    .checked_add(d)
                    .ok_or_else(|| err("sum", "duration overflow"))?;
            }
            Ok(Cel::Duration(total))
        } else {
            Ok(Cel::Float(l.iter().filter_map(number).sum()))
        }
    });
    for (name, wanted) in [
        ("min", std::cmp::Ordering::Less),
        ("max", std::cmp::Ordering::Greater),
    ] {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            let l = list(ftx)?;
            let mut best = l
                .first()
                .ok_or_else(|| k8s_err(name, format!("{name} called on empty list")))?;
            for v in l.iter().skip(1) {
                match v.partial_cmp(best) {
                    Some(order) if order == wanted => best = v,
                    Some(_) => {}
                    None => return Err(err(name, "the items do not compare")),
                }
            }
            Ok(best.clone())
        });
    }
}

/// The regex library: `find`, `findAll`.
fn regex_functions(context: &mut Context<'static, 'static>) {
    // `matches` (routed here by `go_regex::route_matches`): `s.matches(re)`, `matches(s, re)`.
    let _ = context.add_function(
        super::go_regex::MATCHES,
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let (s, pattern) = match (this_value(ftx), args.as_slice()) {
                (Some(Cel::String(s)), [Cel::String(p)]) => (s, p.clone()),
                (None, [Cel::String(s), Cel::String(p)]) => (s.clone(), p.clone()),
                _ => return Err(err("matches", "expected strings")),
            };
            let re = super::go_regex::compile(&pattern).map_err(|e| err("matches", e))?;
            Ok(Cel::Bool(re.is_match(&s)))
        },
    );
    let _ = context.add_function(
        "find",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let Some(Cel::String(s)) = this_value(ftx) else {
                return Err(err("find", "expected a string"));
            };
            let pattern = string_arg(&args, 0, "find")?;
            let re = super::go_regex::compile(&pattern).map_err(|e| err("find", e))?;
            Ok(Cel::String(Arc::new(
                re.find(&s)
                    .map_or(String::new(), |m| m.as_str().to_string()),
            )))
        },
    );
    let _ = context.add_function(
        "findAll",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let Some(Cel::String(s)) = this_value(ftx) else {
                return Err(err("findAll", "expected a string"));
            };
            let pattern = string_arg(&args, 0, "findAll")?;
            let limit = match args.get(1) {
                Some(Cel::Int(n)) if *n >= 0 => *n as usize,
                _ => usize::MAX,
            };
            let re = super::go_regex::compile(&pattern).map_err(|e| err("findAll", e))?;
            Ok(Cel::List(Arc::new(
                re.find_iter(&s)
                    .take(limit)
                    .map(|m| Cel::String(Arc::new(m.as_str().to_string())))
                    .collect(),
            )))
        },
    );
}

/// An `ip` argument: an ip value, or a string parsed as `ip()` parses it.
fn ip_arg(value: Option<&Cel>, name: &str) -> Result<IpAddr, ExecutionError> {
    match value {
        Some(Cel::String(s)) => parse_ip(s).map_err(|e| k8s_err(name, e)),
        Some(v) => untag(v, "ip")
            .and_then(|(s, _)| s.parse().ok())
            .ok_or_else(|| err(name, "expected an ip")),
        None => Err(err(name, "expected an ip")),
    }
}

/// A `cidr` argument: a cidr value, or a string parsed as `cidr()` parses it.
fn cidr_arg(value: Option<&Cel>, name: &str) -> Result<Prefix, ExecutionError> {
    match value {
        Some(Cel::String(s)) => parse_cidr(s).map_err(|e| k8s_err(name, e)),
        Some(v) => untag(v, "cidr")
            .and_then(|(s, _)| parse_cidr(&s).ok())
            .ok_or_else(|| err(name, "expected a cidr")),
        None => Err(err(name, "expected a cidr")),
    }
}

fn ip_value(ip: IpAddr) -> Cel {
    tagged("ip", &ip.to_string(), None)
}

fn cidr_value(prefix: Prefix) -> Cel {
    tagged("cidr", &prefix.to_string(), None)
}

/// The ip library (`ip.go`): `isIP`, `ip`, `ip.isCanonical`, `family`, `isUnspecified`,
/// `isLoopback`, `isLinkLocalMulticast`, `isLinkLocalUnicast`, `isGlobalUnicast`.
fn ip_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isIP",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(parse_ip(&string_arg(&args, 0, "isIP")?).is_ok()))
        },
    );
    let _ = context.add_function(
        "ip.isCanonical",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let s = string_arg(&args, 0, "ip.isCanonical")?;
            let ip = parse_ip(&s).map_err(|e| k8s_err("ip.isCanonical", e))?;
            Ok(Cel::Bool(ip.to_string() == s))
        },
    );
    let _ = context.add_function(
        "ip",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            match this_value(ftx) {
                // cidr(…).ip(): the address as written, host bits kept.
                Some(this) => Ok(ip_value(cidr_arg(Some(&this), "ip")?.addr)),
                None => Ok(ip_value(ip_arg(args.first(), "ip")?)),
            }
        },
    );
    let _ = context.add_function("family", |ftx: &FunctionContext| -> R {
        let ip = ip_arg(this_value(ftx).as_ref(), "family")?;
        Ok(Cel::Int(if ip.is_ipv4() { 4 } else { 6 }))
    });
    type Test = fn(&IpAddr) -> bool;
    let tests: [(&str, Test); 5] = [
        ("isUnspecified", IpAddr::is_unspecified),
        ("isLoopback", IpAddr::is_loopback),
        ("isLinkLocalMulticast", |ip| match ip {
            IpAddr::V4(v4) => v4.octets()[..3] == [224, 0, 0],
            IpAddr::V6(v6) => v6.segments()[0] & 0xff0f == 0xff02,
        }),
        ("isLinkLocalUnicast", link_local_unicast),
        ("isGlobalUnicast", |ip| {
            // netip.Addr.IsGlobalUnicast: private ranges and ULAs count.
            let broadcast = matches!(ip, IpAddr::V4(v4) if v4.is_broadcast());
            !(ip.is_unspecified()
                || broadcast
                || ip.is_loopback()
                || ip.is_multicast()
                || link_local_unicast(ip))
        }),
    ];
    for (name, test) in tests {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            Ok(Cel::Bool(test(&ip_arg(
                this_value(ftx).as_ref(),
                ftx.name,
            )?)))
        });
    }
}

fn link_local_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
    }
}

/// The cidr library (`cidr.go`): `isCIDR`, `cidr`, `containsIP`, `containsCIDR`, `masked`,
/// `prefixLength` (and `ip()`, registered with the ip library).
fn cidr_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isCIDR",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                parse_cidr(&string_arg(&args, 0, "isCIDR")?).is_ok(),
            ))
        },
    );
    let _ = context.add_function(
        "cidr",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(cidr_value(cidr_arg(args.first(), "cidr")?))
        },
    );
    let _ = context.add_function(
        "containsIP",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let cidr = cidr_arg(this_value(ftx).as_ref(), "containsIP")?;
            Ok(Cel::Bool(
                cidr.contains(&ip_arg(args.first(), "containsIP")?),
            ))
        },
    );
    let _ = context.add_function(
        "containsCIDR",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let cidr = cidr_arg(this_value(ftx).as_ref(), "containsCIDR")?;
            let other = cidr_arg(args.first(), "containsCIDR")?;
            Ok(Cel::Bool(cidr.contains_prefix(&other)))
        },
    );
    let _ = context.add_function("masked", |ftx: &FunctionContext| -> R {
        Ok(cidr_value(
            cidr_arg(this_value(ftx).as_ref(), "masked")?.masked(),
        ))
    });
    let _ = context.add_function("prefixLength", |ftx: &FunctionContext| -> R {
        let cidr = cidr_arg(this_value(ftx).as_ref(), "prefixLength")?;
        Ok(Cel::Int(i64::from(cidr.bits)))
    });
}

fn url_this(ftx: &FunctionContext) -> Result<Url, ExecutionError> {
    let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
    let (s, _) = untag(&this, "url").ok_or_else(|| err(ftx.name, "expected a url"))?;
    parse_url(&s).map_err(|e| err(ftx.name, e))
}

/// The url library (`urls.go`): `isURL`, `url` (Go's `url.ParseRequestURI`), `getScheme`,
/// `getHost`, `getHostname`, `getPort`, `getEscapedPath`, `getQuery`.
fn url_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isURL",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                parse_request_uri(&string_arg(&args, 0, "isURL")?).is_ok(),
            ))
        },
    );
    let _ = context.add_function(
        "url",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let s = string_arg(&args, 0, "url")?;
            parse_url(&s).map_err(|e| {
                k8s_err(
                    "url",
                    format!("URL parse error during conversion from string: {e}"),
                )
            })?;
            Ok(tagged("url", &s, None))
        },
    );
    type Part = fn(Url) -> String;
    let parts: [(&str, Part); 5] = [
        ("getScheme", |u| u.scheme),
        ("getHost", |u| u.host),
        ("getHostname", |u| u.hostname()),
        ("getPort", |u| u.port()),
        ("getEscapedPath", |u| u.path),
    ];
    for (name, part) in parts {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            Ok(Cel::String(Arc::new(part(url_this(ftx)?))))
        });
    }
    let _ = context.add_function("getQuery", |ftx: &FunctionContext| -> R {
        let url = url_this(ftx)?;
        let map: HashMap<Key, Cel> = go_net::query(&url.raw_query)
            .into_iter()
            .map(|(k, values)| {
                let values = values.into_iter().map(|v| Cel::String(Arc::new(v)));
                (
                    Key::String(Arc::new(k)),
                    Cel::List(Arc::new(values.collect())),
                )
            })
            .collect();
        Ok(Cel::Map(CelMap { map: Arc::new(map) }))
    });
}

/// The quantity library (k8s.io/apiserver `pkg/cel/library/quantity.go`), exact.
fn quantity_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isQuantity",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                Quantity::parse(&string_arg(&args, 0, "isQuantity")?).is_ok(),
            ))
        },
    );
    let _ = context.add_function(
        "quantity",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let s = string_arg(&args, 0, "quantity")?;
            let q = Quantity::parse(&s).map_err(|e| k8s_err("quantity", e))?;
            Ok(quantity_value(q))
        },
    );
    // Quantities and semantic versions share these three names.
    let compare =
        |ftx: &FunctionContext, args: &[Cel]| -> Result<std::cmp::Ordering, ExecutionError> {
            let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
            if let Some(a) = semver_of(&this) {
                let b = args
                    .first()
                    .and_then(semver_of)
                    .ok_or_else(|| err(ftx.name, "expected a semver"))?;
                return Ok(a.compare(&b));
            }
            let a = quantity_of(&this).ok_or_else(|| err(ftx.name, "expected a quantity"))?;
            let b = args
                .first()
                .and_then(quantity_of)
                .ok_or_else(|| err(ftx.name, "expected a quantity"))?;
            Ok(a.cmp(&b))
        };
    let _ = context.add_function(
        "isGreaterThan",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R {
            Ok(Cel::Bool(
                compare(ftx, &args)? == std::cmp::Ordering::Greater,
            ))
        },
    );
    let _ = context.add_function(
        "isLessThan",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R { Ok(Cel::Bool(compare(ftx, &args)? == std::cmp::Ordering::Less)) },
    );
    let _ = context.add_function(
        "compareTo",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R { Ok(Cel::Int(compare(ftx, &args)? as i64)) },
    );
    quantity_conversions(context);
}

/// The quantity library's conversions and arithmetic: `asInteger`, `isInteger`,
/// `asApproximateFloat`, `sign`, `add`, `sub`.
fn quantity_conversions(context: &mut Context<'static, 'static>) {
    let this_quantity = |ftx: &FunctionContext| -> Result<Quantity, ExecutionError> {
        this_value(ftx)
            .as_ref()
            .and_then(quantity_of)
            .ok_or_else(|| err(ftx.name, "expected a quantity"))
    };
    let _ = context.add_function("asInteger", move |ftx: &FunctionContext| -> R {
        let q = this_quantity(ftx)?;
        q.as_int64()
            .map(Cel::Int)
            .ok_or_else(|| k8s_err("asInteger", "cannot convert value to integer"))
    });
    let _ = context.add_function("isInteger", move |ftx: &FunctionContext| -> R {
        Ok(Cel::Bool(this_quantity(ftx)?.as_int64().is_some()))
    });
    let _ = context.add_function("asApproximateFloat", move |ftx: &FunctionContext| -> R {
        Ok(Cel::Float(this_quantity(ftx)?.as_f64()))
    });
    let _ = context.add_function(
        "sign",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R {
            let q = match args.first() {
                Some(v) => quantity_of(v).ok_or_else(|| err("sign", "expected a quantity"))?,
                None => this_quantity(ftx)?,
            };
            Ok(Cel::Int(q.sign()))
        },
    );
    for (name, negate) in [("add", false), ("sub", true)] {
        let _ = context.add_function(
            name,
            move |ftx: &FunctionContext,
                  cel::extractors::Arguments(args): cel::extractors::Arguments|
                  -> R {
                let q = this_quantity(ftx)?;
                let other = match args.first() {
                    Some(Cel::Int(i)) => Quantity::from_int(*i),
                    Some(v) => quantity_of(v).ok_or_else(|| err(name, "expected a quantity"))?,
                    None => return Err(err(name, "expected a quantity")),
                };
                let other = if negate { other.negated() } else { other };
                q.add(&other)
                    .map(quantity_value)
                    .ok_or_else(|| err(name, "the quantity is out of range"))
            },
        );
    }
}

fn semver_of(value: &Cel) -> Option<semver::Version> {
    untag(value, "semver").and_then(|(s, _)| semver::parse(&s).ok())
}

/// `semver(s)` / `semver(s, normalize)` and `isSemver`'s parse.
fn semver_arg(args: &[Cel], name: &str) -> Result<Result<semver::Version, String>, ExecutionError> {
    let s = string_arg(args, 0, name)?;
    let normalize = match args.get(1) {
        None => false,
        Some(Cel::Bool(b)) => *b,
        Some(_) => return Err(err(name, "expected a bool")),
    };
    Ok(if normalize {
        semver::normalize_and_parse(&s)
    } else {
        semver::parse(&s)
    })
}

/// The semver library (`semverlib.go`): `isSemver`, `semver` (each with an optional
/// `normalize`), `major`, `minor`, `patch`; `isGreaterThan`, `isLessThan` and `compareTo` are
/// registered with the quantity library. A version is held as its text without build
/// metadata, so `==` is semver equality.
fn semver_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isSemver",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(semver_arg(&args, "isSemver")?.is_ok()))
        },
    );
    let _ = context.add_function(
        "semver",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let version = semver_arg(&args, "semver")?.map_err(|e| k8s_err("semver", e))?;
            Ok(tagged("semver", &version.to_string(), None))
        },
    );
    type Part = fn(&semver::Version) -> u64;
    let parts: [(&str, Part); 3] = [
        ("major", |v| v.major),
        ("minor", |v| v.minor),
        ("patch", |v| v.patch),
    ];
    for (name, part) in parts {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
            let version = semver_of(&this).ok_or_else(|| err(ftx.name, "expected a semver"))?;
            Ok(Cel::Int(part(&version) as i64))
        });
    }
}

type CelList = Arc<Vec<Cel>>;

fn two_lists(args: &[Cel], name: &str) -> Result<(CelList, CelList), ExecutionError> {
    match (args.first(), args.get(1)) {
        (Some(Cel::List(a)), Some(Cel::List(b))) => Ok((a.clone(), b.clone())),
        _ => Err(err(name, "expected two lists")),
    }
}

/// The sets library (cel-go's `ext.Sets`): `sets.contains`, `sets.equivalent`,
/// `sets.intersects`, with CEL's equality (`1 == 1.0`).
fn set_functions(context: &mut Context<'static, 'static>) {
    let contains = |a: &[Cel], b: &[Cel]| b.iter().all(|x| a.contains(x));
    let _ = context.add_function(
        "sets.contains",
        move |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let (a, b) = two_lists(&args, "sets.contains")?;
            Ok(Cel::Bool(contains(&a, &b)))
        },
    );
    let _ = context.add_function(
        "sets.equivalent",
        move |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let (a, b) = two_lists(&args, "sets.equivalent")?;
            Ok(Cel::Bool(contains(&a, &b) && contains(&b, &a)))
        },
    );
    let _ = context.add_function(
        "sets.intersects",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let (a, b) = two_lists(&args, "sets.intersects")?;
            Ok(Cel::Bool(b.iter().any(|x| a.contains(x))))
        },
    );
}

/// The format library: `format.<name>()`, `format.named`, `validate`.
fn format_functions(context: &mut Context<'static, 'static>) {
    for name in FORMATS {
        let _ = context.add_function(&format!("format.{name}"), move || -> R {
            Ok(tagged("format", name, None))
        });
    }
    let _ = context.add_function(
        "format.named",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let name = string_arg(&args, 0, "format.named")?;
            Ok(optional(
                FORMATS
                    .contains(&name.as_str())
                    .then(|| tagged("format", &name, None)),
            ))
        },
    );
    let _ = context.add_function(
        "validate",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let this = this_value(ftx).ok_or_else(|| err("validate", "no target"))?;
            let (name, _) =
                untag(&this, "format").ok_or_else(|| err("validate", "expected a format"))?;
            let value = string_arg(&args, 0, "validate")?;
            let errors = format_check(&name, &value)
                .ok_or_else(|| err("validate", format!("unknown format {name}")))?;
            Ok(optional((!errors.is_empty()).then(|| {
                Cel::List(Arc::new(
                    errors
                        .into_iter()
                        .map(|e| Cel::String(Arc::new(e)))
                        .collect(),
                ))
            })))
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn eval(rule: &str, this: Value) -> Result<Cel, String> {
        let rules = super::super::rules::Rules::new();
        rules.eval_for_tests(rule, this)
    }

    #[test]
    fn kubernetes_library() {
        let yes = |rule: &str, this: Value| {
            assert_eq!(
                eval(rule, this.clone()),
                Ok(Cel::Bool(true)),
                "{rule} on {this}"
            )
        };
        yes("isIP(self) && ip(self).family() == 4", "10.0.0.1".into());
        yes(
            "isCIDR(self) && cidr(self).prefixLength() == 8",
            "10.0.0.0/8".into(),
        );
        yes("!isIP(self)", "10.0.0.300".into());
        yes(
            "isURL(self) && url(self).getScheme() == 'https' && url(self).getHostname() == 'a.b'",
            "https://a.b:8/x?y=1".into(),
        );
        yes(
            "quantity(self).isGreaterThan(quantity('1Gi'))",
            "2Gi".into(),
        );
        yes(
            "!format.dns1123Subdomain().validate(self).hasValue()",
            "a.b".into(),
        );
        yes(
            "format.dns1123Label().validate(self).hasValue()",
            "A_b".into(),
        );
        yes(
            "self.matches('^a+$') && self.find('a+') == 'aa'",
            "aa".into(),
        );
        yes(
            "self.isSorted() && self.sum() == 6",
            serde_json::json!([1, 2, 3]),
        );
        yes("self.lowerAscii() == 'ab'", "AB".into());
        yes("self.split('/').size() == 2", "a/b".into());
    }
}

#[cfg(test)]
mod kubernetes_examples {
    //! Examples of k8s.io/apiserver/pkg/cel/library's documentation and tests, in our words.
    use super::super::rules::Rules;
    use cel::Value as Cel;
    use serde_json::Value;

    fn eval(rule: &str) -> Result<Cel, String> {
        Rules::new().eval_for_tests(rule, Value::Null)
    }

    fn holds(rules: &[&str]) {
        for rule in rules {
            assert_eq!(eval(rule), Ok(Cel::Bool(true)), "{rule}");
        }
    }

    /// A library error the API server reports as the rule's evaluation error.
    fn fails(rule: &str, text: &str) {
        let error = eval(rule).unwrap_err();
        assert!(error.contains(super::K8S_ERROR), "{rule}: {error}");
        assert!(error.contains(text), "{rule}: {error}");
    }

    #[test]
    fn ip_library() {
        holds(&[
            "isIP('192.168.0.1') && isIP('2001:db8::68')",
            "!isIP('192.168.0.01') && !isIP('::ffff:192.168.0.1') && !isIP('fe80::1%eth0')",
            "ip('192.168.0.1').family() == 4 && ip('::1').family() == 6",
            "ip('127.0.0.1').isLoopback() && ip('::1').isLoopback()",
            "ip('0.0.0.0').isUnspecified() && ip('::').isUnspecified()",
            "ip('224.0.0.1').isLinkLocalMulticast() && ip('ff02::1').isLinkLocalMulticast()",
            "!ip('224.0.1.1').isLinkLocalMulticast()",
            "ip('169.254.1.1').isLinkLocalUnicast() && ip('fe80::1').isLinkLocalUnicast()",
            "ip('192.168.0.1').isGlobalUnicast() && ip('2001:db8::1').isGlobalUnicast()",
            "!ip('255.255.255.255').isGlobalUnicast() && !ip('ff00::1').isGlobalUnicast()",
            "ip.isCanonical('127.0.0.1') && ip.isCanonical('2001:db8::abcd')",
            "!ip.isCanonical('2001:DB8::ABCD') && !ip.isCanonical('2001:db8:0:0:0:0:0:abcd')",
            "ip('2001:db8::1') == ip('2001:DB8:0::1')",
        ]);
        fails(
            "ip('1.2.3') == ip('1.2.3.4')",
            "IP Address \"1.2.3\" parse error",
        );
    }

    #[test]
    fn cidr_library() {
        holds(&[
            "isCIDR('192.168.0.0/16') && isCIDR('::1/128') && isCIDR('192.168.0.1/16')",
            "!isCIDR('192.168.0.0/33') && !isCIDR('::1/129') && !isCIDR('10.0.0.0')",
            "cidr('192.168.0.0/24').containsIP(ip('192.168.0.1'))",
            "!cidr('192.168.0.0/24').containsIP('192.168.1.1')",
            "cidr('192.168.0.0/16').containsCIDR(cidr('192.168.10.0/24'))",
            "!cidr('192.168.1.0/24').containsCIDR('192.168.2.0/24')",
            "!cidr('192.168.0.0/24').containsCIDR('192.168.0.0/23')",
            "cidr('2001:db8::/32').containsCIDR('2001:db8::/33')",
            "cidr('192.168.0.1/24').ip() == ip('192.168.0.1')",
            "cidr('::1/128').ip().family() == 6",
            "cidr('192.168.0.1/24').masked() == cidr('192.168.0.0/24')",
            "cidr('192.168.0.1/24') != cidr('192.168.0.1/24').masked()",
            "cidr('2001:db8::/32').prefixLength() == 32",
            // openshift/api's subnets rule
            "!['10.0.0.0/8'].all(e, ['192.168.0.0/16'].exists(s, cidr(s).containsCIDR(cidr(e))))",
        ]);
        fails(
            "cidr('192.168.0.0/') == cidr('192.168.0.0/24')",
            "netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\"",
        );
        fails(
            "cidr('10.0.0.0/8').containsIP('10.0.0')",
            "IP Address \"10.0.0\" parse error",
        );
    }

    #[test]
    fn url_library() {
        holds(&[
            "isURL('https://example.com') && isURL('/absolute-path') && isURL('https:opaque')",
            "!isURL('example.com') && !isURL(' ') && !isURL('https://\\ntestingress.com')",
            "url('https://example.com:80/').getHost() == 'example.com:80'",
            "url('https://[::1]:80/').getHostname() == '::1'",
            "url('https://[::1]:80/').getPort() == '80'",
            "url('https://example.com/').getPort() == ''",
            "url('https://example.com/path with spaces/').getEscapedPath() != ''",
            "url('HTTPS://example.com').getScheme() == 'https'",
            "url('https://example.com/?k=a&k=b&x=1').getQuery()['k'] == ['a', 'b']",
            "url('https://example.com/#frag').getEscapedPath() == '/'",
        ]);
        fails(
            "url(' ').getScheme() == 'https'",
            "URL parse error during conversion from string: parse \" \": invalid URI for request",
        );
    }

    #[test]
    fn lists_library() {
        holds(&[
            "[1, 2, 3].isSorted() && ['a', 'b', 'b', 'c'].isSorted() && ![2.0, 1.0].isSorted()",
            "[1, 3].sum() == 4 && [1.0, 3.0].sum() == 4.0",
            "[duration('1m'), duration('1s')].sum() == duration('61s')",
            "[1, 3].min() == 1 && [1, 3].max() == 3 && ['b', 'a'].min() == 'a'",
            "[duration('1m'), duration('1s')].max() == duration('1m')",
        ]);
        fails("[].min() == 1", "min called on empty list");
    }

    #[test]
    fn sets_library() {
        holds(&[
            "sets.contains([1, 2, 3, 4], [2, 3]) && !sets.contains([1, 2], [3])",
            "sets.contains([1, 2], [1.0, 2u]) && sets.contains([], [])",
            "sets.equivalent([1, 2, 2], [2, 1]) && !sets.equivalent([1], [1, 2])",
            "sets.intersects([1, 2], [2, 3]) && !sets.intersects([1], []) && !sets.intersects([1], [2])",
        ]);
    }

    #[test]
    fn semver_library() {
        holds(&[
            "isSemver('1.0.0') && !isSemver('v1.0') && isSemver('v1.0', true)",
            "!isSemver('1.0.0-01') && isSemver('1.0.0-alpha.1+build.2')",
            "semver('1.2.3').major() == 1 && semver('1.2.3').minor() == 2",
            "semver('1.2.3').patch() == 3 && semver('v01.02', true).minor() == 2",
            "semver('1.0.0') == semver('1.0.0+build') && semver('1.0.0') != semver('1.0.0-rc.1')",
            "semver('1.0.0').isGreaterThan(semver('1.0.0-rc.1'))",
            "semver('0.1.0').isLessThan(semver('1.0.0'))",
            "semver('1.2.3').compareTo(semver('2.0.0')) == -1",
            "semver('2.0.0').compareTo(semver('2.0.0')) == 0",
            // quantities still compare through the same names
            "quantity('1Gi').isGreaterThan(quantity('1G')) && quantity('1').compareTo(quantity('1000m')) == 0",
        ]);
        fails(
            "semver('1.0') == semver('1.0.0')",
            "No Major.Minor.Patch elements found",
        );
    }

    #[test]
    fn durations_and_timestamps_are_the_standard_librarys() {
        holds(&[
            "duration('1h') < duration('2h') && duration('100m') > duration('15m')",
            "duration('0.001ms') < duration('1ms') && duration('1.5h') == duration('90m')",
            "duration('1h') + duration('30m') == duration('1h30m')",
            "duration('1h') - duration('90m') == duration('-30m')",
            "duration('1h30m').getMinutes() == 90",
            "timestamp('2024-01-01T00:00:00Z') + duration('24h') == timestamp('2024-01-02T00:00:00Z')",
            "timestamp('2024-01-01T00:00:00Z') < timestamp('2024-01-01T00:00:01Z')",
        ]);
    }
}
