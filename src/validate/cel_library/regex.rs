//! Kubernetes' regex library (`library/regex.go`) and the `matches` Go's regexp flavour routes here.

use super::*;

/// The regex library: `find`, `findAll`.
pub(super) fn regex_functions(context: &mut Context<'static, 'static>) {
    // `matches` (routed here by `go_regex::route_matches`): `s.matches(re)`, `matches(s, re)`.
    context
        .add_function(
            crate::validate::go_regex::MATCHES,
            |ftx: &FunctionContext,
             cel::extractors::Arguments(args): cel::extractors::Arguments|
             -> R {
                let (s, pattern) = match (this_value(ftx), args.as_slice()) {
                    (Some(Cel::String(s)), [Cel::String(p)]) => (s, p.clone()),
                    (None, [Cel::String(s), Cel::String(p)]) => (s.clone(), p.clone()),
                    _ => return Err(err("matches", "expected strings")),
                };
                let re =
                    crate::validate::go_regex::compile(&pattern).map_err(|e| err("matches", e))?;
                Ok(Cel::Bool(re.is_match(&s)))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "find",
            |ftx: &FunctionContext,
             cel::extractors::Arguments(args): cel::extractors::Arguments|
             -> R {
                let Some(Cel::String(s)) = this_value(ftx) else {
                    return Err(err("find", "expected a string"));
                };
                let pattern = string_arg(&args, 0, "find")?;
                let re =
                    crate::validate::go_regex::compile(&pattern).map_err(|e| err("find", e))?;
                Ok(Cel::String(Arc::new(
                    re.find(&s)
                        .map_or(String::new(), |m| m.as_str().to_string()),
                )))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
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
                let re =
                    crate::validate::go_regex::compile(&pattern).map_err(|e| err("findAll", e))?;
                Ok(Cel::List(Arc::new(
                    re.find_iter(&s)
                        .take(limit)
                        .map(|m| Cel::String(Arc::new(m.as_str().to_string())))
                        .collect(),
                )))
            },
        )
        .expect(DECLARED);
}
