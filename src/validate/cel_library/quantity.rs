//! Kubernetes' quantity library (`library/quantity.go`).

use super::*;

/// The quantity library (k8s.io/apiserver `pkg/cel/library/quantity.go`), exact.
pub(super) fn quantity_functions(context: &mut Context<'static, 'static>) {
    context
        .add_function(
            "isQuantity",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(Cel::Bool(
                    Quantity::parse(&string_arg(&args, 0, "isQuantity")?).is_ok(),
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "quantity",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let s = string_arg(&args, 0, "quantity")?;
                let q = Quantity::parse(&s).map_err(|e| k8s_err("quantity", e))?;
                Ok(quantity_value(q))
            },
        )
        .expect(DECLARED);
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
    context
        .add_function(
            "isGreaterThan",
            move |ftx: &FunctionContext,
                  cel::extractors::Arguments(args): cel::extractors::Arguments|
                  -> R {
                Ok(Cel::Bool(
                    compare(ftx, &args)? == std::cmp::Ordering::Greater,
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "isLessThan",
            move |ftx: &FunctionContext,
                  cel::extractors::Arguments(args): cel::extractors::Arguments|
                  -> R {
                Ok(Cel::Bool(compare(ftx, &args)? == std::cmp::Ordering::Less))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "compareTo",
            move |ftx: &FunctionContext,
                  cel::extractors::Arguments(args): cel::extractors::Arguments|
                  -> R { Ok(Cel::Int(compare(ftx, &args)? as i64)) },
        )
        .expect(DECLARED);
    quantity_conversions(context);
}

/// The quantity library's conversions and arithmetic: `asInteger`, `isInteger`,
/// `asApproximateFloat`, `sign`, `add`, `sub`.
pub(super) fn quantity_conversions(context: &mut Context<'static, 'static>) {
    let this_quantity = |ftx: &FunctionContext| -> Result<Quantity, ExecutionError> {
        this_value(ftx)
            .as_ref()
            .and_then(quantity_of)
            .ok_or_else(|| err(ftx.name, "expected a quantity"))
    };
    context
        .add_function("asInteger", move |ftx: &FunctionContext| -> R {
            let q = this_quantity(ftx)?;
            q.as_int64()
                .map(Cel::Int)
                .ok_or_else(|| k8s_err("asInteger", "cannot convert value to integer"))
        })
        .expect(DECLARED);
    context
        .add_function("isInteger", move |ftx: &FunctionContext| -> R {
            Ok(Cel::Bool(this_quantity(ftx)?.as_int64().is_some()))
        })
        .expect(DECLARED);
    context
        .add_function("asApproximateFloat", move |ftx: &FunctionContext| -> R {
            Ok(Cel::Float(this_quantity(ftx)?.as_f64()))
        })
        .expect(DECLARED);
    context
        .add_function(
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
        )
        .expect(DECLARED);
    for (name, negate) in [("add", false), ("sub", true)] {
        context
            .add_function(
                name,
                move |ftx: &FunctionContext,
                      cel::extractors::Arguments(args): cel::extractors::Arguments|
                      -> R {
                    let q = this_quantity(ftx)?;
                    let other = match args.first() {
                        Some(Cel::Int(i)) => Quantity::from_int(*i),
                        Some(v) => {
                            quantity_of(v).ok_or_else(|| err(name, "expected a quantity"))?
                        }
                        None => return Err(err(name, "expected a quantity")),
                    };
                    let other = if negate { other.negated() } else { other };
                    q.add(&other)
                        .map(quantity_value)
                        .ok_or_else(|| err(name, "the quantity is out of range"))
                },
            )
            .expect(DECLARED);
    }
}
