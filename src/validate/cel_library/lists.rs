//! Kubernetes' list library (apiserver `library/lists.go`).

use super::*;

/// The lists library (`lists.go`): `isSorted`, `sum` (numbers, durations), `min`, `max`;
/// not `indexOf`/`lastIndexOf`, whose names the strings extension holds.
pub(super) fn list_functions(context: &mut Context<'static, 'static>) {
    let list = |ftx: &FunctionContext| -> Result<Arc<Vec<Cel>>, ExecutionError> {
        match this_value(ftx) {
            Some(Cel::List(l)) => Ok(l),
            _ => Err(err(ftx.name, "expected a list")),
        }
    };
    context
        .add_function("isSorted", move |ftx: &FunctionContext| -> R {
            let l = list(ftx)?;
            Ok(Cel::Bool(l.windows(2).all(|w| w[0] <= w[1])))
        })
        .expect(DECLARED);
    context
        .add_function("sum", move |ftx: &FunctionContext| -> R {
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
        })
        .expect(DECLARED);
    for (name, wanted) in [
        ("min", std::cmp::Ordering::Less),
        ("max", std::cmp::Ordering::Greater),
    ] {
        context
            .add_function(name, move |ftx: &FunctionContext| -> R {
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
            })
            .expect(DECLARED);
    }
}
