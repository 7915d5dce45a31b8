//! Kubernetes' CEL libraries (k8s.io/apiserver/pkg/cel/library) on the `cel` crate: lists,
//! regex, ip, cidr, url, quantity and format, as the API server's CRD environment declares
//! them. Their values (ip, cidr, url, quantity, format) are maps tagged with a `__kind` key, so
//! that `==` compares them by their canonical text as cel-go compares them. Errors the API
//! server reports as a rule's evaluation error carry [`K8S_ERROR`]; any other error makes the
//! rule not evaluated (a warning), never a failure.
//!
//! One file per library, named as k8s.io/apiserver's: `lists.rs`, `regex.rs`, `ip.rs`,
//! `cidr.rs`, `urls.rs`, `quantity.rs`, `semverlib.rs`, `sets.rs`, `format.rs`. A function
//! named like one of the `cel` crate's own overloads would be dropped by `add_function`: every
//! declaration expects success, so such a conflict fails every validate test.

use std::collections::HashMap;
use std::sync::Arc;

use cel::objects::{Key, Map as CelMap, OptionalValue};
use cel::{Context, ExecutionError, FunctionContext, Value as Cel};
use std::net::IpAddr;

use super::go_net::{self, parse_cidr, parse_ip, parse_request_uri, parse_url, Prefix, Url};
use super::quantity::Quantity;
use super::semver;

mod cidr;
mod format;
mod ip;
mod lists;
mod quantity;
mod regex;
mod semverlib;
mod sets;
mod urls;

use cidr::*;
use format::*;
use ip::*;
use lists::*;
use quantity::*;
use regex::*;
use semverlib::*;
use sets::*;
use urls::*;

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

/// A function of Kubernetes' libraries named like one of the `cel` crate's own overloads
/// would be silently left out: the names are fixed, so a conflict is a bug every validate
/// test shows.
const DECLARED: &str = "a Kubernetes CEL library function named like a cel overload";

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

#[cfg(test)]
mod kubernetes_examples;
#[cfg(test)]
mod tests;
