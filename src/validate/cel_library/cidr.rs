//! Kubernetes' cidr library (`library/cidr.go`).

use super::*;

/// A `cidr` argument: a cidr value, or a string parsed as `cidr()` parses it.
pub(super) fn cidr_arg(value: Option<&Cel>, name: &str) -> Result<Prefix, ExecutionError> {
    match value {
        Some(Cel::String(s)) => parse_cidr(s).map_err(|e| k8s_err(name, e)),
        Some(v) => untag(v, "cidr")
            .and_then(|(s, _)| parse_cidr(&s).ok())
            .ok_or_else(|| err(name, "expected a cidr")),
        None => Err(err(name, "expected a cidr")),
    }
}

pub(super) fn cidr_value(prefix: Prefix) -> Cel {
    tagged("cidr", &prefix.to_string(), None)
}

/// The cidr library (`cidr.go`): `isCIDR`, `cidr`, `containsIP`, `containsCIDR`, `masked`,
/// `prefixLength` (and `ip()`, registered with the ip library).
pub(super) fn cidr_functions(context: &mut Context<'static, 'static>) {
    context
        .add_function(
            "isCIDR",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(Cel::Bool(
                    parse_cidr(&string_arg(&args, 0, "isCIDR")?).is_ok(),
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "cidr",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(cidr_value(cidr_arg(args.first(), "cidr")?))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "containsIP",
            |ftx: &FunctionContext,
             cel::extractors::Arguments(args): cel::extractors::Arguments|
             -> R {
                let cidr = cidr_arg(this_value(ftx).as_ref(), "containsIP")?;
                Ok(Cel::Bool(
                    cidr.contains(&ip_arg(args.first(), "containsIP")?),
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "containsCIDR",
            |ftx: &FunctionContext,
             cel::extractors::Arguments(args): cel::extractors::Arguments|
             -> R {
                let cidr = cidr_arg(this_value(ftx).as_ref(), "containsCIDR")?;
                let other = cidr_arg(args.first(), "containsCIDR")?;
                Ok(Cel::Bool(cidr.contains_prefix(&other)))
            },
        )
        .expect(DECLARED);
    context
        .add_function("masked", |ftx: &FunctionContext| -> R {
            Ok(cidr_value(
                cidr_arg(this_value(ftx).as_ref(), "masked")?.masked(),
            ))
        })
        .expect(DECLARED);
    context
        .add_function("prefixLength", |ftx: &FunctionContext| -> R {
            let cidr = cidr_arg(this_value(ftx).as_ref(), "prefixLength")?;
            Ok(Cel::Int(i64::from(cidr.bits)))
        })
        .expect(DECLARED);
}
