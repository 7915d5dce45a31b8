//! Kubernetes' semver library (`library/semverlib.go`).

use super::*;

pub(super) fn semver_of(value: &Cel) -> Option<semver::Version> {
    untag(value, "semver").and_then(|(s, _)| semver::parse(&s).ok())
}

/// `semver(s)` / `semver(s, normalize)` and `isSemver`'s parse.
pub(super) fn semver_arg(
    args: &[Cel],
    name: &str,
) -> Result<Result<semver::Version, String>, ExecutionError> {
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
pub(super) fn semver_functions(context: &mut Context<'static, 'static>) {
    context
        .add_function(
            "isSemver",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                Ok(Cel::Bool(semver_arg(&args, "isSemver")?.is_ok()))
            },
        )
        .expect(DECLARED);
    context
        .add_function(
            "semver",
            |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
                let version = semver_arg(&args, "semver")?.map_err(|e| k8s_err("semver", e))?;
                Ok(tagged("semver", &version.to_string(), None))
            },
        )
        .expect(DECLARED);
    type Part = fn(&semver::Version) -> u64;
    let parts: [(&str, Part); 3] = [
        ("major", |v| v.major),
        ("minor", |v| v.minor),
        ("patch", |v| v.patch),
    ];
    for (name, part) in parts {
        context
            .add_function(name, move |ftx: &FunctionContext| -> R {
                let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
                let version = semver_of(&this).ok_or_else(|| err(ftx.name, "expected a semver"))?;
                Ok(Cel::Int(part(&version) as i64))
            })
            .expect(DECLARED);
    }
}
