//! What the estimator meets that cel-go's type checker refuses — the API server then refuses
//! the CRD ("compilation failed") — told apart from what union-gen does not model. Only what
//! is certain is [`NotEstimated::Refused`]: a name no CEL library of any Kubernetes release
//! declares, an equality between two different primitive types.

use super::estimator::Ty;
use super::{Kind, NotEstimated};

/// Every function and macro name the API server's CEL environments declare, for any
/// Kubernetes release: cel-go's standard library and the extensions Kubernetes enables
/// (strings, lists, sets, math, encoders, optionals, two-variable comprehensions, bindings)
/// and Kubernetes' own libraries (lists, regex, URLs, authorizer, quantity, IP, CIDR, format,
/// semver, JSON patch). Generous on purpose: a name here is never reported, only left
/// unestimated.
#[rustfmt::skip]
const DECLARED: &[&str] = &[
    // cel-go standard library and macros.
    "all", "bool", "bytes", "contains", "double", "duration", "dyn", "endsWith", "exists",
    "exists_one", "filter", "getDate", "getDayOfMonth", "getDayOfWeek", "getDayOfYear",
    "getFullYear", "getHours", "getMilliseconds", "getMinutes", "getMonth", "getSeconds",
    "has", "int", "map", "matches", "size", "startsWith", "string", "timestamp", "type",
    "uint",
    // Extensions: strings, lists, sets, math, encoders, optionals, comprehensions, bind.
    "charAt", "indexOf", "lastIndexOf", "lowerAscii", "upperAscii", "replace", "split",
    "substring", "trim", "join", "quote", "format", "reverse", "slice", "flatten", "distinct",
    "sort", "sortBy", "range", "first", "last", "equivalent", "intersects", "greatest",
    "least", "ceil", "floor", "round", "trunc", "abs", "sign", "isInf", "isNaN", "isFinite",
    "bitAnd", "bitOr", "bitXor", "bitNot", "bitShiftLeft", "bitShiftRight", "sqrt", "encode",
    "decode", "of", "ofNonZeroValue", "none", "hasValue", "value", "or", "orValue", "optMap",
    "optFlatMap", "unwrapOpt", "existsOne", "transformList", "transformMap",
    "transformMapEntry", "bind", "block",
    // Kubernetes: lists, regex, URLs, authorizer.
    "isSorted", "sum", "min", "max", "find", "findAll", "url", "isURL", "getScheme",
    "getHost", "getHostname", "getPort", "getEscapedPath", "getQuery", "path", "group",
    "resource", "subresource", "namespace", "name", "check", "allowed", "reason", "errored",
    "error", "serviceAccount", "fieldSelector", "labelSelector",
    // Kubernetes: quantity, IP, CIDR, format, semver, JSON patch.
    "quantity", "isQuantity", "isGreaterThan", "isLessThan", "compareTo", "add", "sub",
    "asInteger", "isInteger", "asApproximateFloat", "ip", "isIP", "family", "isUnspecified",
    "isLoopback", "isLinkLocalMulticast", "isLinkLocalUnicast", "isGlobalUnicast",
    "isCanonical", "cidr", "isCIDR", "containsIP", "containsCIDR", "masked", "prefixLength",
    "named", "validate", "semver", "isSemver", "major", "minor", "patch", "escapeKey",
    "jsonpatch",
];

/// A function the estimator does not know: cel-go's "undeclared reference" when no library
/// declares it, else only unmodelled.
pub(super) fn unknown_function(function: &str) -> NotEstimated {
    let is_name = function
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && function
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if is_name && !DECLARED.contains(&function) {
        NotEstimated::Refused(format!(
            "undeclared reference to '{function}' (in container '')"
        ))
    } else {
        NotEstimated::Unmodelled(format!(
            "the function `{function}` is not modelled by union-gen's estimator"
        ))
    }
}

/// `==`/`!=` between two primitive types that differ (`self.size() == 'a'`): cel-go's
/// operands must be of one type unless one is `dyn`. Numbers of different kinds are left
/// alone.
pub(super) fn no_matching_overload(function: &str, operands: &[&Ty]) -> Option<NotEstimated> {
    let ("_==_" | "_!=_", [left, right]) = (function, operands) else {
        return None;
    };
    let (left, right) = (primitive(left)?, primitive(right)?);
    let numeric = |name: &str| matches!(name, "int" | "uint" | "double");
    if left == right || numeric(left) && numeric(right) {
        return None;
    }
    Some(NotEstimated::Refused(format!(
        "found no matching overload for '{function}' applied to '({left}, {right})'"
    )))
}

/// The cel-go name of a type the estimator is sure of.
fn primitive(ty: &Ty) -> Option<&'static str> {
    Some(match ty {
        Ty::Bool => "bool",
        Ty::Int => "int",
        Ty::Double => "double",
        Ty::String => "string",
        Ty::Bytes => "bytes",
        Ty::Decl(decl) => match decl.kind {
            Kind::Bool => "bool",
            Kind::Int => "int",
            Kind::Double => "double",
            Kind::String => "string",
            Kind::Bytes => "bytes",
            _ => return None,
        },
        _ => return None,
    })
}
