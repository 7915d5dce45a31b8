//! Kubernetes' ip library (`library/ip.go`).

use super::*;

/// An `ip` argument: an ip value, or a string parsed as `ip()` parses it.
pub(super) fn ip_arg(value: Option<&Cel>, name: &str) -> Result<IpAddr, ExecutionError> {
    match value {
        Some(Cel::String(s)) => parse_ip(s).map_err(|e| k8s_err(name, e)),
        Some(v) => untag(v, "ip")
            .and_then(|(s, _)| s.parse().ok())
            .ok_or_else(|| err(name, "expected an ip")),
        None => Err(err(name, "expected an ip")),
    }
}

pub(super) fn ip_value(ip: IpAddr) -> Cel {
    tagged("ip", &ip.to_string(), None)
}

/// The ip library (`ip.go`): `isIP`, `ip`, `ip.isCanonical`, `family`, `isUnspecified`,
/// `isLoopback`, `isLinkLocalMulticast`, `isLinkLocalUnicast`, `isGlobalUnicast`.
pub(super) fn ip_functions(context: &mut Context<'static, 'static>) {
    context
        .add_function(
            "isIP",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(Cel::Bool(parse_ip(&string_arg(&args, 0, "isIP")?).is_ok()))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "ip.isCanonical",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let s = string_arg(&args, 0, "ip.isCanonical")?;
                let ip = parse_ip(&s).map_err(|e| k8s_err("ip.isCanonical", e))?;
                Ok(Cel::Bool(ip.to_string() == s))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
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
        )
        .expect(DECLARED);
    context
        .add_function("family", |ftx: &FunctionContext| -> R {
            let ip = ip_arg(this_value(ftx).as_ref(), "family")?;
            Ok(Cel::Int(if ip.is_ipv4() { 4 } else { 6 }))
        })
        .expect(DECLARED);
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
        context
            .add_function(name, move |ftx: &FunctionContext| -> R {
                Ok(Cel::Bool(test(&ip_arg(
                    this_value(ftx).as_ref(),
                    ftx.name,
                )?)))
            })
            .expect(DECLARED);
    }
}

pub(super) fn link_local_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
    }
}
