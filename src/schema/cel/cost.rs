//! The cost the API server estimates for an `x-kubernetes-validations` rule before it accepts a
//! CRD (SPEC §6, second law), reproduced: the limits, the cardinality of a rule's place in the
//! schema, and cel-go's static cost estimator with the apiserver's size estimates. The
//! derivation, with the source of every figure, is `docs/research/cel-cost.md`; in short:
//!
//! - a rule's cost is `MaxCost × cardinality` (apiextensions-apiserver
//!   `pkg/apis/apiextensions/validation/validation.go`, `getExpressionCost`). The cardinality
//!   is the product of the `maxItems`/`maxProperties` of the lists and maps above the rule
//!   ([`Cardinality`]); when one of them has none, it is how many copies of the rule's node
//!   fit in a 3 MiB request ([`unbounded_cardinality`]);
//! - `MaxCost` is cel-go's estimate ([`estimate`]; cel-go `checker/cost.go`) with sizes from
//!   the schema ([`DeclType`], apiserver `pkg/cel/common/schemas.go`) and `has()` free
//!   (`PresenceTestHasCost(false)`, apiserver `pkg/cel/environment/base.go`);
//! - a rule over [`STATIC_ESTIMATED_COST_LIMIT`], or a version whose rules together are over
//!   [`STATIC_ESTIMATED_CRD_COST_LIMIT`], makes the API server refuse the CRD.
//!
//! The estimator reads the rule's text (the `cel` crate's parser, whose macro expansions are
//! cel-go's), so rules already in a manifest are estimated too. Functions it does not model
//! (Kubernetes' library: `isSorted`, `url`, `quantity`, the strings extension, …) give an
//! honest "cannot estimate" instead of a guess.
//!
//! Input: rule text and the schema of the rule's node. Output: numbers. Must not know: Go,
//! manifests' layout.

use std::collections::BTreeMap;

use serde_json::Value;

use compile::{no_matching_overload, unknown_function};
use estimator::Coster;

mod compile;
mod estimator;

/// The largest estimated cost of one rule (`MaxCost × cardinality`) the API server accepts:
/// apiextensions-apiserver `pkg/apis/apiextensions/validation/validation.go`,
/// `StaticEstimatedCostLimit`.
pub const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;

/// The largest sum of the estimated costs of a version's rules the API server accepts (one
/// total per `openAPIV3Schema`): the same file, `StaticEstimatedCRDCostLimit`.
pub const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;

/// The request size the estimates assume: apiserver `pkg/apis/cel/config.go`,
/// `MaxRequestSizeBytes` (3 MiB).
pub const MAX_REQUEST_SIZE_BYTES: u64 = 3 * 1024 * 1024;

/// The longest string a request can hold (without its quotes): apiserver
/// `pkg/cel/common/schemas.go`, `estimateMaxStringLengthPerRequest`.
const MAX_STRING_LENGTH: u64 = MAX_REQUEST_SIZE_BYTES - 2;

/// cel-go `common/cost.go`.
const SELECT_AND_IDENT_COST: u64 = 1;
const LIST_CREATE_BASE_COST: u64 = 10;
const MAP_CREATE_BASE_COST: u64 = 30;
const STRUCT_CREATE_BASE_COST: u64 = 40;
const STRING_TRAVERSAL_COST_FACTOR: f64 = 0.1;
const REGEX_STRING_LENGTH_COST_FACTOR: f64 = 0.25;

/// The kind of a schema node's CEL type.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Properties by their escaped CEL names.
    Object(BTreeMap<String, DeclType>),
    List(Box<DeclType>),
    Map(Box<DeclType>),
    String,
    Bytes,
    Duration,
    Timestamp,
    Bool,
    Int,
    Double,
    /// `x-kubernetes-int-or-string`.
    Dyn,
}

/// A schema node's CEL type as the apiserver builds it (`SchemaDeclType`): what the estimate
/// needs of it.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclType {
    pub kind: Kind,
    /// The smallest JSON serialisation of a value (`MinSerializedSize`).
    pub min_size: u64,
    /// The most elements (string length, list items, map entries) a value can have
    /// (`MaxElements`); 0 for objects and scalars, whose `MaxElements` is never set.
    pub max_elements: u64,
}

/// Whether a schema is an `x-kubernetes-embedded-resource` (a resource's root below).
fn embedded(s: &Value) -> bool {
    s.get("x-kubernetes-embedded-resource")
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

fn non_negative(value: &Value) -> Option<u64> {
    value.as_i64().map(|v| v.max(0) as u64)
}

impl DeclType {
    fn simple(kind: Kind, min_size: u64, max_elements: u64) -> DeclType {
        DeclType {
            kind,
            min_size,
            max_elements,
        }
    }

    /// The CEL type of a structural schema (JSON), as apiserver `pkg/cel/common/schemas.go`
    /// `SchemaDeclType(s, isResourceRoot)` builds it; `None` where the apiserver exposes
    /// nothing to CEL (no `type`, an array without `items`), or deeper than
    /// [`crate::limits::SCHEMA_NESTING`].
    pub fn from_schema(schema: &Value, is_resource_root: bool) -> Option<DeclType> {
        Self::build(schema, is_resource_root, 0)
    }

    fn build(schema: &Value, is_resource_root: bool, depth: usize) -> Option<DeclType> {
        if depth > crate::limits::SCHEMA_NESTING {
            return None;
        }
        let get = |key: &str| schema.get(key);
        let max_length = get("maxLength").and_then(non_negative);
        if get("x-kubernetes-int-or-string").and_then(Value::as_bool) == Some(true) {
            let max = max_length.map_or(MAX_STRING_LENGTH, |l| l.saturating_mul(4));
            return Some(DeclType::simple(Kind::Dyn, 1, max));
        }
        match get("type").and_then(Value::as_str)? {
            "array" => {
                let items = get("items").filter(|i| i.is_object())?;
                let item = Self::build(items, embedded(items), depth + 1)?;
                let max = get("maxItems")
                    .and_then(non_negative)
                    .unwrap_or_else(|| MAX_STRING_LENGTH / (item.min_size + 1));
                Some(DeclType::simple(Kind::List(Box::new(item)), 2, max))
            }
            "object" => {
                if let Some(values) = get("additionalProperties").filter(|a| a.is_object()) {
                    let value = Self::build(values, embedded(values), depth + 1)?;
                    let max = get("maxProperties")
                        .and_then(non_negative)
                        .unwrap_or_else(|| MAX_STRING_LENGTH / (value.min_size + 6));
                    return Some(DeclType::simple(Kind::Map(Box::new(value)), 2, max));
                }
                Some(Self::build_object(schema, is_resource_root, depth))
            }
            "string" => Some(match get("format").and_then(Value::as_str) {
                Some("byte") => {
                    DeclType::simple(Kind::Bytes, 2, max_length.unwrap_or(MAX_STRING_LENGTH))
                }
                Some("duration") => DeclType::simple(Kind::Duration, 3, 32),
                Some("date") => DeclType::simple(Kind::Timestamp, 12, 12),
                Some("date-time") => DeclType::simple(Kind::Timestamp, 21, 32),
                _ => {
                    let longest_enum = get("enum")
                        .and_then(Value::as_array)
                        .filter(|e| !e.is_empty())
                        .map(|values| {
                            values
                                .iter()
                                .filter_map(Value::as_str)
                                .map(|v| v.len() as u64)
                                .max()
                                .unwrap_or(0)
                        });
                    let max = match (max_length, longest_enum) {
                        (Some(l), _) => l.saturating_mul(4),
                        (None, Some(longest)) => longest,
                        (None, None) => MAX_STRING_LENGTH,
                    };
                    DeclType::simple(Kind::String, 2, max)
                }
            }),
            "boolean" => Some(DeclType::simple(Kind::Bool, 4, 0)),
            "number" => Some(DeclType::simple(Kind::Double, 1, 0)),
            "integer" => Some(DeclType::simple(Kind::Int, 1, 0)),
            _ => None,
        }
    }

    /// An `object` without `additionalProperties`: its properties, each of which CEL sees,
    /// and its minimal size.
    fn build_object(schema: &Value, is_resource_root: bool, depth: usize) -> DeclType {
        let get = |key: &str| schema.get(key);
        let required: Vec<&str> = get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut properties: Vec<(String, Option<DeclType>, bool)> = Vec::new();
        if let Some(props) = get("properties").and_then(Value::as_object) {
            for (name, prop) in props {
                let defaulted = prop.get("default").is_some();
                let ty = Self::build(prop, embedded(prop), depth + 1);
                properties.push((name.clone(), ty, defaulted));
            }
        }
        if is_resource_root && !has_type_and_object_meta(schema) {
            // `WithTypeAndObjectMeta`: `kind`, `apiVersion` and `metadata.name`/
            // `generateName` are always visible at a resource's root.
            let string = || DeclType::simple(Kind::String, 2, MAX_STRING_LENGTH);
            let mut meta = BTreeMap::new();
            meta.insert("name".to_string(), string());
            meta.insert("generateName".to_string(), string());
            properties.retain(|(n, ..)| !["kind", "apiVersion", "metadata"].contains(&n.as_str()));
            properties.push(("kind".into(), Some(string()), false));
            properties.push(("apiVersion".into(), Some(string()), false));
            let metadata = DeclType::simple(Kind::Object(meta), 2, 0);
            properties.push(("metadata".into(), Some(metadata), false));
        }
        // `{}`, plus each required property without a default: `"name":value,`.
        let mut min_size = 2u64;
        let mut fields = BTreeMap::new();
        for (name, ty, defaulted) in properties {
            let Some(ty) = ty else { continue };
            if required.contains(&name.as_str()) && !defaulted {
                min_size = min_size.saturating_add(name.len() as u64 + ty.min_size + 4);
            }
            if let Some(escaped) = super::escape(&name) {
                fields.insert(escaped, ty);
            }
        }
        DeclType::simple(Kind::Object(fields), min_size, 0)
    }

    /// The node at a cel-go field path below this one (`@items`, `@values`, `@keys`, names).
    fn at_path(&self, path: &[String]) -> Option<&DeclType> {
        let mut node = self;
        for step in path {
            node = match (step.as_str(), &node.kind) {
                ("@items" | "@values", Kind::List(elem) | Kind::Map(elem)) => elem,
                ("@keys", Kind::Map(_)) => &MAP_KEY,
                (name, Kind::Object(fields)) => fields.get(name)?,
                _ => return None,
            };
        }
        Some(node)
    }
}

/// Map keys: `apiservercel.StringType`, whose `MaxElements` is never set.
static MAP_KEY: DeclType = DeclType {
    kind: Kind::String,
    min_size: 2,
    max_elements: 0,
};

/// `WithTypeAndObjectMeta` leaves a schema alone when it already has string `kind` and
/// `apiVersion` and an object `metadata` with string `name` and `generateName`.
fn has_type_and_object_meta(schema: &Value) -> bool {
    let ty = |s: Option<&Value>, t: &str| {
        s.and_then(|s| s.get("type")).and_then(Value::as_str) == Some(t)
    };
    let props = schema.get("properties");
    let prop = |name: &str| props.and_then(|p| p.get(name));
    let meta = prop("metadata").and_then(|m| m.get("properties"));
    ty(prop("kind"), "string")
        && ty(prop("apiVersion"), "string")
        && ty(prop("metadata"), "object")
        && ty(meta.and_then(|m| m.get("name")), "string")
        && ty(meta.and_then(|m| m.get("generateName")), "string")
}

/// How many times a rule may run for one object: the product of the `maxItems` /
/// `maxProperties` of the lists and maps above it, or unbounded when one of them has none
/// (apiextensions-apiserver `CELSchemaContext.MaxCardinality`, `childContext`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cardinality {
    Bounded(u64),
    Unbounded,
}

impl Cardinality {
    /// The schema's root: once.
    pub const ROOT: Cardinality = Cardinality::Bounded(1);

    /// The cardinality of a child of a node whose `extractMaxElements` is `factor` (`None`:
    /// a list or map without a bound).
    pub fn child(self, factor: Option<u64>) -> Cardinality {
        match (self, factor) {
            (Cardinality::Bounded(n), Some(f)) => Cardinality::Bounded(n.saturating_mul(f)),
            _ => Cardinality::Unbounded,
        }
    }

    /// The factor this node gives its children (`extractMaxElements`): a list's `maxItems`, a
    /// map's `maxProperties` (a `type: object` with `additionalProperties`), `None` when it
    /// has none; 1 for anything else.
    pub fn factor_of(schema: &Value) -> Option<u64> {
        let bound = |key: &str| schema.get(key).and_then(Value::as_i64);
        Self::factor(
            schema.get("type").and_then(Value::as_str),
            schema.get("additionalProperties").is_some(),
            bound("maxItems"),
            bound("maxProperties"),
        )
    }

    /// [`Cardinality::factor_of`] from the keys it reads: `type`, whether
    /// `additionalProperties` is present, `maxItems`, `maxProperties`.
    pub fn factor(
        ty: Option<&str>,
        additional_properties: bool,
        max_items: Option<i64>,
        max_properties: Option<i64>,
    ) -> Option<u64> {
        let bound = |b: Option<i64>| b.map(|v| v.max(0) as u64);
        match ty {
            Some("object") if additional_properties => bound(max_properties),
            Some("array") => bound(max_items),
            _ => Some(1),
        }
    }
}

/// The cardinality the apiserver assumes for a node of `min_size` under an unbounded list or
/// map: how many copies (with a comma each) fit in a request. apiextensions-apiserver
/// `pkg/apiserver/schema/cel/compilation.go`, `maxCardinality`.
pub fn unbounded_cardinality(min_size: u64) -> u64 {
    MAX_REQUEST_SIZE_BYTES / (min_size + 1)
}

/// `getExpressionCost`: the rule's `MaxCost` times its cardinality, saturating.
pub fn expression_cost(max_cost: u64, cardinality: Cardinality, node: &DeclType) -> u64 {
    let times = match cardinality {
        Cardinality::Bounded(n) => n,
        Cardinality::Unbounded => unbounded_cardinality(node.min_size),
    };
    max_cost.saturating_mul(times)
}

/// `n` with thousands separators, as the messages write estimates: `12,582,912`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Why a rule has no estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotEstimated {
    /// The API server would refuse to compile the rule: why, in cel-go's words as far as
    /// union-gen's checker gives them.
    Refused(String),
    /// Something union-gen's estimator does not model (the API server may well accept it).
    Unmodelled(String),
}

impl std::fmt::Display for NotEstimated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotEstimated::Refused(why) | NotEstimated::Unmodelled(why) => f.write_str(why),
        }
    }
}

impl From<NotEstimated> for String {
    fn from(why: NotEstimated) -> String {
        why.to_string()
    }
}

/// cel-go's `MaxCost` of `rule` on a node of type `node` (`self`), or why it cannot be
/// estimated (a parse error, a function or identifier this estimator does not model, a field
/// the schema does not have).
pub fn estimate(rule: &str, node: &DeclType) -> Result<u64, NotEstimated> {
    // cel-go's parser bounds first: the `cel` crate would overflow the stack where cel-go
    // refuses the rule (a rule already in a manifest `crd` reads may be anything).
    let nesting = crate::cel_limits::check(rule)
        .map_err(|e| NotEstimated::Refused(format!("the rule does not parse: {e}")))?;
    let expr = crate::cel_limits::parse_within_stack(nesting, || {
        cel::parser::Parser::new().parse(rule).map_err(|e| {
            // The API server parses with optional syntax (`self.?x`), which the estimator
            // does not model: only a rule that does not parse even so is refused.
            let with_optionals = cel::parser::Parser::new()
                .enable_optional_syntax(true)
                .parse(rule);
            match with_optionals {
                Ok(_) => NotEstimated::Unmodelled("optional syntax is not modelled".into()),
                Err(_) => NotEstimated::Refused(format!("the rule does not parse: {e}")),
            }
        })
    })?;
    let mut coster = Coster {
        root: node,
        locals: Vec::new(),
    };
    Ok(coster.cost(&expr)?.cost)
}

#[cfg(test)]
mod tests;
