//! Kubernetes' format library (`library/format.go`).

use super::*;

/// The format library: `format.<name>()`, `format.named`, `validate`.
pub(super) fn format_functions(context: &mut Context<'static, 'static>) {
    for name in FORMATS {
        context
            .add_function(&format!("format.{name}"), move || -> R {
                Ok(tagged("format", name, None))
            })
            .expect(DECLARED);
    }
    context
        .add_function(
            "format.named",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let name = string_arg(&args, 0, "format.named")?;
                Ok(optional(
                    FORMATS
                        .contains(&name.as_str())
                        .then(|| tagged("format", &name, None)),
                ))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
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
        )
        .expect(DECLARED);
}
