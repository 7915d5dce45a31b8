//! Schema-override methods: the bodies of `OpenAPIDefinition()` / `OpenAPIV3Definition()`
//! (`return common.OpenAPIDefinition{Schema: spec.Schema{…}}`) read into JSON, and which
//! schema each document gets, as openapi-gen's `generateCall`/`generate` and kube-openapi's
//! builders decide it:
//!
//! | methods | v2 | v3 |
//! |---|---|---|
//! | `OpenAPIDefinition` (+ `OpenAPIV3Definition`) | its body | the v3 body, else the v2 one |
//! | `OpenAPIV3Definition` + `OpenAPISchemaType`/`Format` | generated | its body |
//! | `OpenAPIV3Definition` alone | its body | its body |
//! | `OpenAPIV3OneOfTypes` + `OpenAPISchemaType`/`Format` | generated | generated, `oneOf` for `type` |
//!
//! A body this reader cannot turn into a schema (a call, a variable, a field it does not know)
//! is `resolve/unreadable-schema-method` for the documents; the Go output calls the method and
//! needs no body.

use serde_json::{Map, Value};

use super::universe::Universe;
use crate::diag::{Code, Diagnostic};
use crate::model::{Overrides, TypeName};
use crate::source::Span;
use crate::syntax::{GoValue, SchemaMethod};

/// The overrides of `name`'s methods. Unreadable bodies are reported (not under
/// `openapi_gen`, whose Go output calls the methods) and leave the generated schema.
pub fn of_type(
    universe: &Universe,
    name: &TypeName,
    openapi_gen: bool,
    diagnostics: &mut Vec<Diagnostic>,
    dependencies: &mut Vec<String>,
) -> Overrides {
    let mut read = |method: SchemaMethod| -> Option<Value> {
        let method = method.name();
        let decl = universe.method(name, method)?;
        let is_input = universe
            .package(&name.package)
            .is_some_and(|p| p.package.is_input);
        let result = match &decl.value {
            Some(value) => definition(value, dependencies),
            None => Err(Unreadable::new(
                "the body is not a single `return` of a composite literal",
            )),
        };
        match result {
            Ok(schema) => Some(schema),
            Err(unreadable) => {
                if !openapi_gen && is_input {
                    let mut diagnostic = Diagnostic::new(
                        Code::ResolveUnreadableSchemaMethod,
                        unreadable.span.clone().unwrap_or_else(|| decl.span.clone()),
                        format!(
                            "`{}.{method}()` cannot be read into a schema: {}; the generated \
                             schema is written instead",
                            name.name, unreadable.what
                        ),
                    );
                    if unreadable.span.is_some() {
                        diagnostic = diagnostic.with_label(decl.span.clone(), "in this method");
                    }
                    diagnostics.push(diagnostic.with_help(
                        "return a `common.OpenAPIDefinition{…}` literal of literal values \
                             (strings, numbers, `[]string{…}`, nested `spec.Schema{…}`), as \
                             openapi-gen's own overrides do",
                    ));
                }
                None
            }
        }
    };
    let v2 = read(SchemaMethod::Definition);
    let v3 = read(SchemaMethod::V3Definition);
    let type_and_format = universe
        .method(name, SchemaMethod::SchemaType.name())
        .is_some()
        && universe
            .method(name, SchemaMethod::SchemaFormat.name())
            .is_some();
    let one_of = universe
        .method(name, SchemaMethod::V3OneOfTypes.name())
        .map(|m| m.returns.clone());
    match (v2, v3) {
        (Some(v2), v3) => Overrides {
            v3: Some(v3.unwrap_or_else(|| v2.clone())),
            v2: Some(v2),
            v3_one_of: None,
        },
        (None, Some(v3)) if type_and_format => Overrides {
            v2: None,
            v3: Some(v3),
            v3_one_of: None,
        },
        (None, Some(v3)) => Overrides {
            v2: Some(v3.clone()),
            v3: Some(v3),
            v3_one_of: None,
        },
        (None, None) => Overrides {
            v3_one_of: one_of.filter(|_| type_and_format),
            ..Overrides::default()
        },
    }
}

struct Unreadable {
    span: Option<Span>,
    what: String,
}

impl Unreadable {
    fn new(what: impl Into<String>) -> Unreadable {
        Unreadable {
            span: None,
            what: what.into(),
        }
    }

    fn at(value: &GoValue, what: impl Into<String>) -> Unreadable {
        Unreadable {
            span: match value {
                GoValue::Other(span) => Some(span.clone()),
                _ => None,
            },
            what: what.into(),
        }
    }
}

/// The last part of a composite literal's type (`common.OpenAPIDefinition` →
/// `OpenAPIDefinition`, `&spec.Schema` → `Schema`).
fn type_name(ty: &str) -> &str {
    let ty = ty.trim_start_matches('&');
    ty.rsplit('.').next().unwrap_or(ty)
}

/// `Key: value` elements of a struct literal of type `expected` (or with the type elided).
fn fields<'v>(
    value: &'v GoValue,
    expected: &str,
) -> Result<Vec<(&'v str, &'v GoValue)>, Unreadable> {
    let GoValue::Composite { ty, elements } = value else {
        return Err(match value {
            GoValue::Call { func, .. } => {
                Unreadable::new(format!("the call `{func}(…)` is not evaluated"))
            }
            _ => Unreadable::at(value, format!("the literal `{expected}{{…}}` is expected")),
        });
    };
    if !ty.is_empty() && type_name(ty) != expected {
        return Err(Unreadable::new(format!(
            "the literal `{expected}{{…}}` is expected, not `{ty}{{…}}`"
        )));
    }
    elements
        .iter()
        .map(|(key, value)| match key {
            Some(GoValue::Name(key)) => Ok((key.as_str(), value)),
            _ => Err(Unreadable::at(
                value,
                format!("`{expected}` fields must be named"),
            )),
        })
        .collect()
}

/// `common.OpenAPIDefinition{Schema: …, Dependencies: …}` → the schema; the dependencies'
/// names (`import/path.Type`, which kube-openapi's builders define too) into `dependencies`.
fn definition(value: &GoValue, dependencies: &mut Vec<String>) -> Result<Value, Unreadable> {
    let mut schema_value = None;
    for (key, value) in fields(value, "OpenAPIDefinition")? {
        match key {
            "Schema" => schema_value = Some(schema(value)?),
            "Dependencies" => match literal(value)? {
                Value::Array(names) => {
                    dependencies.extend(names.iter().filter_map(|n| n.as_str().map(str::to_string)))
                }
                _ => {
                    return Err(Unreadable::at(
                        value,
                        "`Dependencies` must be a `[]string{…}`",
                    ))
                }
            },
            other => {
                return Err(Unreadable::new(format!(
                    "`OpenAPIDefinition.{other}` is not read"
                )))
            }
        }
    }
    Ok(schema_value.unwrap_or_else(|| Value::Object(Map::new())))
}

/// `spec.Schema{SchemaProps: …, VendorExtensible: …}` → JSON with kube-openapi's keys.
fn schema(value: &GoValue) -> Result<Value, Unreadable> {
    let mut out = Map::new();
    for (key, value) in fields(value, "Schema")? {
        match key {
            "SchemaProps" => {
                for (prop, value) in fields(value, "SchemaProps")? {
                    let (json_key, json) = schema_prop(prop, value)?;
                    out.insert(json_key.to_string(), json);
                }
            }
            "VendorExtensible" => {
                for (field, value) in fields(value, "VendorExtensible")? {
                    if field != "Extensions" {
                        return Err(Unreadable::new(format!(
                            "`VendorExtensible.{field}` is not read"
                        )));
                    }
                    let Value::Object(extensions) = literal(value)? else {
                        return Err(Unreadable::at(value, "`Extensions` must be a map literal"));
                    };
                    // kube-openapi's `VendorExtensible` marshals only `x-` keys.
                    out.extend(extensions.into_iter().filter(|(k, _)| k.starts_with("x-")));
                }
            }
            other => {
                return Err(Unreadable::new(format!(
                    "`spec.Schema.{other}` is not read"
                )))
            }
        }
    }
    Ok(Value::Object(out))
}

fn schema_prop(prop: &str, value: &GoValue) -> Result<(&'static str, Value), Unreadable> {
    let plain = |key: &'static str| literal(value).map(|v| (key, v));
    match prop {
        "Description" => plain("description"),
        "Type" => plain("type"),
        "Format" => plain("format"),
        "Title" => plain("title"),
        "Default" => plain("default"),
        "Enum" => match literal(value)? {
            Value::Array(values) if values.iter().all(Value::is_string) => {
                Ok(("enum", Value::Array(values)))
            }
            _ => Err(Unreadable::new(
                "`Enum` values other than strings are not read",
            )),
        },
        "Required" => plain("required"),
        "Nullable" => plain("nullable"),
        "Pattern" => plain("pattern"),
        "ExclusiveMaximum" => plain("exclusiveMaximum"),
        "ExclusiveMinimum" => plain("exclusiveMinimum"),
        "UniqueItems" => plain("uniqueItems"),
        "Maximum" => number(value).map(|v| ("maximum", v)),
        "Minimum" => number(value).map(|v| ("minimum", v)),
        "MultipleOf" => number(value).map(|v| ("multipleOf", v)),
        "MaxLength" => number(value).map(|v| ("maxLength", v)),
        "MinLength" => number(value).map(|v| ("minLength", v)),
        "MaxItems" => number(value).map(|v| ("maxItems", v)),
        "MinItems" => number(value).map(|v| ("minItems", v)),
        "MaxProperties" => number(value).map(|v| ("maxProperties", v)),
        "MinProperties" => number(value).map(|v| ("minProperties", v)),
        // `spec.MustCreateRef("#/definitions/…")`: the reference as written.
        "Ref" => match value {
            GoValue::Call { func, args } if func.ends_with("MustCreateRef") => {
                match args.as_slice() {
                    [GoValue::String(target)] => Ok(("$ref", Value::String(target.clone()))),
                    _ => Err(Unreadable::new(
                        "`MustCreateRef` takes one string literal here",
                    )),
                }
            }
            _ => Err(Unreadable::at(
                value,
                "`Ref` must be `spec.MustCreateRef(\"…\")`",
            )),
        },
        "Items" => {
            // `&spec.SchemaOrArray{Schema: &spec.Schema{…}}`
            let fields = fields(value, "SchemaOrArray")?;
            match fields.as_slice() {
                [("Schema", schema_value)] => Ok(("items", schema(schema_value)?)),
                _ => Err(Unreadable::new("`Items` must hold one `Schema`")),
            }
        }
        "AdditionalProperties" => Ok(("additionalProperties", additional_properties(value)?)),
        "Properties" => Ok(("properties", properties(value)?)),
        "OneOf" | "AnyOf" | "AllOf" => {
            let GoValue::Composite { elements, .. } = value else {
                return Err(Unreadable::at(
                    value,
                    format!("`{prop}` must be a slice literal"),
                ));
            };
            let schemas = elements
                .iter()
                .map(|(_, value)| schema(value))
                .collect::<Result<Vec<_>, _>>()?;
            let key = match prop {
                "OneOf" => "oneOf",
                "AnyOf" => "anyOf",
                _ => "allOf",
            };
            Ok((key, Value::Array(schemas)))
        }
        other => Err(Unreadable::new(format!(
            "`SchemaProps.{other}` is not read"
        ))),
    }
}

/// `SchemaProps.AdditionalProperties`: `true`, `false` or a schema.
fn additional_properties(value: &GoValue) -> Result<Value, Unreadable> {
    // `&spec.SchemaOrBool{Allows: true, Schema: &spec.Schema{…}}`
    let mut result = Value::Bool(false);
    for (field, value) in fields(value, "SchemaOrBool")? {
        match field {
            "Allows" => {
                if matches!(literal(value)?, Value::Bool(true)) && result == Value::Bool(false) {
                    result = Value::Bool(true);
                }
            }
            "Schema" => result = schema(value)?,
            other => {
                return Err(Unreadable::new(format!(
                    "`SchemaOrBool.{other}` is not read"
                )))
            }
        }
    }
    Ok(result)
}

/// `SchemaProps.Properties`: a schema per property name.
fn properties(value: &GoValue) -> Result<Value, Unreadable> {
    // `map[string]spec.Schema{"name": {…}}`
    let GoValue::Composite { elements, .. } = value else {
        return Err(Unreadable::at(value, "`Properties` must be a map literal"));
    };
    let mut properties = Map::new();
    for (key, value) in elements {
        let Some(GoValue::String(key)) = key else {
            return Err(Unreadable::at(
                value,
                "property names must be string literals",
            ));
        };
        properties.insert(key.clone(), schema(value)?);
    }
    Ok(Value::Object(properties))
}

/// A limit's value: a number, through the pointer helpers bodies use (`ptr.To[int64](5)`,
/// `ptr.To(0.5)`, `pointer.Int64(5)`) and conversions (`int64(253)`).
fn number(value: &GoValue) -> Result<Value, Unreadable> {
    match value {
        GoValue::Number(_) => literal(value),
        GoValue::Call { func, args } => {
            let helper = func.split('[').next().unwrap_or(func);
            let known = helper.ends_with(".To")
                || helper.starts_with("pointer.")
                || matches!(
                    helper,
                    "int" | "int32" | "int64" | "uint64" | "float32" | "float64"
                );
            match (known, args.as_slice()) {
                (true, [inner]) => number(inner),
                _ => Err(Unreadable::new(format!(
                    "the call `{func}(…)` is not a number this reader knows"
                ))),
            }
        }
        _ => Err(Unreadable::at(value, "a number is expected")),
    }
}

/// A literal Go value as JSON: strings, numbers, booleans, `nil`, `[]T{…}` and
/// `map[string]T{…}` of those.
fn literal(value: &GoValue) -> Result<Value, Unreadable> {
    match value {
        GoValue::String(text) => Ok(Value::String(text.clone())),
        GoValue::Bool(b) => Ok(Value::Bool(*b)),
        GoValue::Nil => Ok(Value::Null),
        GoValue::Number(text) => {
            let clean = text.replace('_', "");
            if let Ok(i) = clean.parse::<i64>() {
                Ok(Value::from(i))
            } else if let Some(n) = clean
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
            {
                Ok(Value::Number(n))
            } else {
                Err(Unreadable::new(format!("the number `{text}` is not read")))
            }
        }
        GoValue::Composite { ty, elements }
            if ty.starts_with("[]")
                || ty.is_empty() && elements.iter().all(|(k, _)| k.is_none()) =>
        {
            elements
                .iter()
                .map(|(_, v)| literal(v))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
        }
        GoValue::Composite { ty, elements }
            if ty.starts_with("map[string]") || ty == "spec.Extensions" || ty.is_empty() =>
        {
            let mut map = Map::new();
            for (key, value) in elements {
                let Some(GoValue::String(key)) = key else {
                    return Err(Unreadable::at(value, "map keys must be string literals"));
                };
                map.insert(key.clone(), literal(value)?);
            }
            Ok(Value::Object(map))
        }
        GoValue::Composite { ty, .. } => Err(Unreadable::new(format!(
            "a `{ty}{{…}}` literal is not read as a value"
        ))),
        GoValue::Name(name) => Err(Unreadable::new(format!("`{name}` is not a literal"))),
        GoValue::Call { func, .. } => Err(Unreadable::new(format!(
            "the call `{func}(…)` is not evaluated"
        ))),
        GoValue::Other(_) => Err(Unreadable::at(value, "an expression that is not a literal")),
    }
}
