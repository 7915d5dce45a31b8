//! Kubernetes' sets library (`library/sets.go`).

use super::*;

pub(super) type CelList = Arc<Vec<Cel>>;

pub(super) fn two_lists(args: &[Cel], name: &str) -> Result<(CelList, CelList), ExecutionError> {
    match (args.first(), args.get(1)) {
        (Some(Cel::List(a)), Some(Cel::List(b))) => Ok((a.clone(), b.clone())),
        _ => Err(err(name, "expected two lists")),
    }
}

/// The sets library (cel-go's `ext.Sets`): `sets.contains`, `sets.equivalent`,
/// `sets.intersects`, with CEL's equality (`1 == 1.0`).
pub(super) fn set_functions(context: &mut Context<'static, 'static>) {
    let contains = |a: &[Cel], b: &[Cel]| b.iter().all(|x| a.contains(x));
    context
        .add_function(
            "sets.contains",
            move |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let (a, b) = two_lists(&args, "sets.contains")?;
                Ok(Cel::Bool(contains(&a, &b)))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "sets.equivalent",
            move |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let (a, b) = two_lists(&args, "sets.equivalent")?;
                Ok(Cel::Bool(contains(&a, &b) && contains(&b, &a)))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "sets.intersects",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let (a, b) = two_lists(&args, "sets.intersects")?;
                Ok(Cel::Bool(b.iter().any(|x| a.contains(x))))
            },
        )
        .expect(DECLARED);
}
