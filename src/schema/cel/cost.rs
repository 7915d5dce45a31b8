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

use cel::common::ast::{Expr, IdedExpr, LiteralValue};
use serde_json::Value;

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
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// cel-go's `MaxCost` of `rule` on a node of type `node` (`self`), or why it cannot be
/// estimated (a parse error, a function or identifier this estimator does not model, a field
/// the schema does not have).
pub fn estimate(rule: &str, node: &DeclType) -> Result<u64, String> {
    // cel-go's parser bounds first: the `cel` crate would overflow the stack where cel-go
    // refuses the rule (a rule already in a manifest `crd` reads may be anything).
    let nesting =
        crate::cel_limits::check(rule).map_err(|e| format!("the rule does not parse: {e}"))?;
    let expr = crate::cel_limits::parse_within_stack(nesting, || {
        cel::parser::Parser::new()
            .parse(rule)
            .map_err(|e| format!("the rule does not parse: {e}"))
    })?;
    let mut coster = Coster {
        root: node,
        locals: Vec::new(),
    };
    Ok(coster.cost(&expr)?.cost)
}

/// What the estimate knows of an expression's type.
#[derive(Debug, Clone)]
enum Ty<'a> {
    Decl(&'a DeclType),
    Bool,
    Int,
    Double,
    String,
    Bytes,
    /// Durations, timestamps, uints, null: constant-size values.
    Scalar,
    List(Box<Ty<'a>>),
    Map,
    Type,
    Dyn,
}

impl<'a> Ty<'a> {
    fn is_string_like(&self) -> bool {
        match self {
            Ty::String | Ty::Bytes => true,
            Ty::Decl(d) => matches!(d.kind, Kind::String | Kind::Bytes),
            _ => false,
        }
    }

    fn is_dyn(&self) -> bool {
        match self {
            Ty::Dyn => true,
            Ty::Decl(d) => d.kind == Kind::Dyn,
            _ => false,
        }
    }

    fn is_list(&self) -> bool {
        match self {
            Ty::List(_) => true,
            Ty::Decl(d) => matches!(d.kind, Kind::List(_)),
            _ => false,
        }
    }

    fn is_map(&self) -> bool {
        match self {
            Ty::Map => true,
            Ty::Decl(d) => matches!(d.kind, Kind::Map(_)),
            _ => false,
        }
    }

    /// Selecting a field of a map or object costs 1 (`costSelect`).
    fn is_map_or_object(&self) -> bool {
        match self {
            Ty::Map => true,
            Ty::Decl(d) => matches!(d.kind, Kind::Map(_) | Kind::Object(_)),
            _ => false,
        }
    }

    /// `isScalar`: constant-size types, whose size is 1 when nothing else gives one.
    fn is_scalar(&self) -> bool {
        match self {
            Ty::Bool | Ty::Int | Ty::Double | Ty::Scalar => true,
            Ty::Decl(d) => matches!(
                d.kind,
                Kind::Bool | Kind::Int | Kind::Double | Kind::Duration | Kind::Timestamp
            ),
            _ => false,
        }
    }

    /// The type of an element (`@items`, `@values`).
    fn element(&self) -> Ty<'a> {
        match self {
            Ty::List(elem) => (**elem).clone(),
            Ty::Decl(d) => match &d.kind {
                Kind::List(elem) | Kind::Map(elem) => Ty::Decl(elem),
                _ => Ty::Dyn,
            },
            _ => Ty::Dyn,
        }
    }
}

/// cel-go's `entrySizeEstimate`: the sizes of a literal container's keys and values.
#[derive(Debug, Clone, Copy)]
struct Entry {
    list: bool,
    key: u64,
    value: u64,
}

impl Entry {
    fn union(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
        match (a, b) {
            (Some(a), Some(b)) => Some(Entry {
                list: a.list,
                key: a.key.max(b.key),
                value: a.value.max(b.value),
            }),
            _ => None,
        }
    }
}

/// One expression's estimate: its `MaxCost`, and what its parent reads of it.
#[derive(Debug, Clone)]
struct Node<'a> {
    cost: u64,
    /// `computeSize(e).Max`; `None` is unknown (`MaxUint64` where cel-go needs a number).
    size: Option<u64>,
    ty: Ty<'a>,
    /// cel-go's field path (`exprPaths`), empty when it has none.
    path: Vec<String>,
    entry: Option<Entry>,
}

impl Node<'_> {
    fn size_or_unknown(&self) -> u64 {
        self.size.unwrap_or(u64::MAX)
    }
}

struct Local<'a> {
    name: String,
    ty: Ty<'a>,
    path: Vec<String>,
    size: Option<u64>,
    entry: Option<Entry>,
}

struct Coster<'a> {
    root: &'a DeclType,
    locals: Vec<Local<'a>>,
}

/// `multiplyByCostFactor`: `ceil(x × factor)` in float64, saturating.
fn by_factor(x: u64, factor: f64) -> u64 {
    let product = (x as f64 * factor).ceil();
    if product >= 18_446_744_073_709_551_616.0 {
        u64::MAX
    } else {
        product as u64
    }
}

fn literal_size(value: &LiteralValue) -> (u64, Ty<'static>) {
    match value {
        LiteralValue::String(s) => (s.inner().chars().count() as u64, Ty::String),
        LiteralValue::Bytes(b) => (b.inner().len() as u64, Ty::Bytes),
        LiteralValue::Boolean(_) => (1, Ty::Bool),
        LiteralValue::Int(_) => (1, Ty::Int),
        LiteralValue::UInt(_) | LiteralValue::Null => (1, Ty::Scalar),
        LiteralValue::Double(_) => (1, Ty::Double),
    }
}

const TYPE_IDENTS: &[&str] = &[
    "int",
    "uint",
    "double",
    "bool",
    "string",
    "bytes",
    "list",
    "map",
    "null_type",
    "type",
];

impl<'a> Coster<'a> {
    /// A node's size by cel-go's `computeSize` order after the computed and literal sizes:
    /// the apiserver's `EstimateSize` by path (walked from the rule's node, the path's first
    /// step being the variable), then the type (`computeTypeSize`).
    fn path_or_type_size(&self, path: &[String], ty: &Ty) -> Option<u64> {
        if let Some((_, rest)) = path.split_first() {
            if let Some(node) = self.root.at_path(rest) {
                return Some(node.max_elements);
            }
        }
        ty.is_scalar().then_some(1)
    }

    fn node(&self, cost: u64, ty: Ty<'a>, path: Vec<String>) -> Node<'a> {
        let size = self.path_or_type_size(&path, &ty);
        Node {
            cost,
            size,
            ty,
            path,
            entry: None,
        }
    }

    fn cost(&mut self, e: &IdedExpr) -> Result<Node<'a>, String> {
        match &e.expr {
            Expr::Literal(value) => {
                let (size, ty) = literal_size(value);
                Ok(Node {
                    cost: 0,
                    size: Some(size),
                    ty,
                    path: Vec::new(),
                    entry: None,
                })
            }
            Expr::Ident(name) => self.ident(name),
            Expr::Select(select) => self.select(select),
            Expr::Call(call) => self.call(&call.func_name, call.target.as_deref(), &call.args),
            Expr::List(list) => {
                let mut cost = LIST_CREATE_BASE_COST;
                let mut value = 0u64;
                let mut elem = Ty::Dyn;
                for (i, element) in list.elements.iter().enumerate() {
                    let node = self.cost(element)?;
                    cost = cost.saturating_add(node.cost);
                    value = value.max(node.size_or_unknown());
                    if i == 0 {
                        elem = node.ty.clone();
                    }
                }
                Ok(Node {
                    cost,
                    size: Some(list.elements.len() as u64),
                    ty: Ty::List(Box::new(elem)),
                    path: Vec::new(),
                    entry: Some(Entry {
                        list: true,
                        key: 1,
                        value,
                    }),
                })
            }
            Expr::Map(map) => {
                let mut cost = MAP_CREATE_BASE_COST;
                let (mut key, mut value) = (0u64, 0u64);
                for entry in &map.entries {
                    let cel::common::ast::EntryExpr::MapEntry(entry) = &entry.expr else {
                        return Err("a struct field in a map literal".into());
                    };
                    let k = self.cost(&entry.key)?;
                    let v = self.cost(&entry.value)?;
                    cost = cost.saturating_add(k.cost).saturating_add(v.cost);
                    key = key.max(k.size_or_unknown());
                    value = value.max(v.size_or_unknown());
                }
                Ok(Node {
                    cost,
                    size: Some(map.entries.len() as u64),
                    ty: Ty::Map,
                    path: Vec::new(),
                    entry: Some(Entry {
                        list: false,
                        key,
                        value,
                    }),
                })
            }
            Expr::Struct(s) => {
                let mut cost = STRUCT_CREATE_BASE_COST;
                for entry in &s.entries {
                    if let cel::common::ast::EntryExpr::StructField(field) = &entry.expr {
                        cost = cost.saturating_add(self.cost(&field.value)?.cost);
                    }
                }
                Ok(self.node(cost, Ty::Dyn, Vec::new()))
            }
            Expr::Comprehension(comp) => self.comprehension(comp),
            Expr::Unspecified => Err("an empty expression".into()),
        }
    }

    fn select(&mut self, select: &cel::common::ast::SelectExpr) -> Result<Node<'a>, String> {
        let operand = self.cost(&select.operand)?;
        if select.test {
            // `has()`: the presence test itself is free (`PresenceTestHasCost(false)`).
            return Ok(self.node(operand.cost, Ty::Bool, Vec::new()));
        }
        let mut cost = operand.cost;
        if operand.ty.is_map_or_object() {
            cost += SELECT_AND_IDENT_COST;
        }
        let ty = match &operand.ty {
            Ty::Decl(d) => match &d.kind {
                Kind::Object(fields) => match fields.get(&select.field) {
                    Some(field) => Ty::Decl(field),
                    None => {
                        return Err(format!(
                            "the schema has no property `{}` to select",
                            select.field
                        ))
                    }
                },
                Kind::Map(value) => Ty::Decl(value),
                _ => Ty::Dyn,
            },
            _ => Ty::Dyn,
        };
        let mut path = operand.path.clone();
        path.push(select.field.clone());
        Ok(self.node(cost, ty, path))
    }

    fn ident(&self, name: &str) -> Result<Node<'a>, String> {
        if let Some(local) = self.locals.iter().rev().find(|l| l.name == name) {
            // `computeSize`: the path first, then the type, then the variable's own size.
            let size = self
                .path_or_type_size(&local.path, &local.ty)
                .or(local.size);
            return Ok(Node {
                cost: SELECT_AND_IDENT_COST,
                size,
                ty: local.ty.clone(),
                path: local.path.clone(),
                entry: local.entry,
            });
        }
        let ty = match name {
            "self" | "oldSelf" => Ty::Decl(self.root),
            _ if TYPE_IDENTS.contains(&name) => Ty::Type,
            _ => return Err(format!("the identifier `{name}` is not modelled")),
        };
        Ok(self.node(SELECT_AND_IDENT_COST, ty, vec![name.to_string()]))
    }

    fn comprehension(
        &mut self,
        comp: &cel::common::ast::ComprehensionExpr,
    ) -> Result<Node<'a>, String> {
        let range = self.cost(&comp.iter_range)?;
        let init = self.cost(&comp.accu_init)?;
        let is_bind = matches!(&comp.iter_range.expr, Expr::List(l) if l.elements.is_empty())
            && matches!(&comp.loop_cond.expr, Expr::Literal(LiteralValue::Boolean(b)) if !*b.inner())
            && comp.accu_var != "@result"
            && comp.accu_var != "__result__";
        let mut cost = range.cost.saturating_add(init.cost);
        self.locals.push(Local {
            name: comp.accu_var.clone(),
            ty: init.ty.clone(),
            path: init.path.clone(),
            size: init.size,
            entry: init.entry,
        });
        if is_bind {
            let result = self.cost(&comp.result);
            self.locals.pop();
            let result = result?;
            let mut node = result.clone();
            node.cost = cost.saturating_add(result.cost);
            return Ok(node);
        }
        // `pushIterSingle` (two-variable comprehensions are not modelled).
        if comp.iter_var2.is_some() {
            self.locals.pop();
            return Err("two-variable comprehensions are not modelled".into());
        }
        let list = match range.entry {
            Some(entry) => entry.list,
            None => range.ty.is_list(),
        };
        let (step, size, ty) = if list {
            ("@items", range.entry.map(|e| e.value), range.ty.element())
        } else {
            let key = match &range.ty {
                Ty::Decl(d) if matches!(d.kind, Kind::Map(_)) => Ty::Decl(&MAP_KEY),
                _ => Ty::Dyn,
            };
            ("@keys", range.entry.map(|e| e.key), key)
        };
        let mut path = range.path.clone();
        path.push(step.to_string());
        self.locals.push(Local {
            name: comp.iter_var.clone(),
            ty,
            path,
            size,
            entry: None,
        });
        let inner = (|| {
            let condition = self.cost(&comp.loop_cond)?;
            let step = self.cost(&comp.loop_step)?;
            Ok::<_, String>((condition, step))
        })();
        self.locals.pop();
        let result = inner.and_then(|(condition, step)| {
            let result = self.cost(&comp.result)?;
            Ok((condition, step, result))
        });
        self.locals.pop();
        let (condition, step, result) = result?;
        cost = cost.saturating_add(result.cost);
        let count = range.size_or_unknown();
        cost = cost.saturating_add(count.saturating_mul(step.cost.saturating_add(condition.cost)));
        let (size, entry) = match &comp.accu_init.expr {
            Expr::Literal(_) => (init.size, None),
            Expr::List(_) | Expr::Map(_) => (Some(count), step.entry),
            _ => (result.size, None),
        };
        Ok(Node {
            cost,
            size,
            ty: result.ty,
            path: Vec::new(),
            entry,
        })
    }

    fn call(
        &mut self,
        function: &str,
        target: Option<&IdedExpr>,
        args: &[IdedExpr],
    ) -> Result<Node<'a>, String> {
        let mut nodes = Vec::with_capacity(args.len());
        for arg in args {
            nodes.push(self.cost(arg)?);
        }
        let target = target.map(|t| self.cost(t)).transpose()?;
        if let ("dyn", 1, None) = (function, nodes.len(), &target) {
            let inner = nodes[0].clone();
            return Ok(Node {
                cost: inner.cost.saturating_add(1),
                ty: Ty::Dyn,
                ..inner
            });
        }
        let args_cost = nodes.iter().fold(0u64, |sum, n| sum.saturating_add(n.cost));
        let target_cost = target.as_ref().map_or(0, |t| t.cost);
        let base = target_cost.saturating_add(args_cost);
        // O(1) functions: 1 + arguments (cel-go `functionCost`'s fallback).
        let constant = base.saturating_add(1);
        let called = operator(function, &nodes, target.is_some(), args_cost, constant)
            .or_else(|| string_function(function, &nodes, target.as_ref(), base, args_cost))
            .or_else(|| constant_function(function, &nodes, target.is_some(), constant))
            .ok_or_else(|| {
                format!("the function `{function}` is not modelled by union-gen's estimator")
            })?;
        let size = called
            .size
            .or_else(|| self.path_or_type_size(&called.path, &called.ty));
        Ok(Node {
            cost: called.cost,
            size,
            ty: called.ty,
            path: called.path,
            entry: called.entry,
        })
    }
}

/// A call's cost and type, with what its arguments tell of its size (`None`: from its path
/// or type), entries and field path.
struct Called<'a> {
    cost: u64,
    ty: Ty<'a>,
    size: Option<u64>,
    entry: Option<Entry>,
    path: Vec<String>,
}

impl<'a> Called<'a> {
    fn new(cost: u64, ty: Ty<'a>) -> Self {
        Called {
            cost,
            ty,
            size: None,
            entry: None,
            path: Vec::new(),
        }
    }
}

/// The size of argument `i`, `u64::MAX` when unknown or missing.
fn arg_size(nodes: &[Node], i: usize) -> u64 {
    nodes.get(i).map_or(u64::MAX, Node::size_or_unknown)
}

fn string_op(lhs: u64, rhs: u64) -> u64 {
    by_factor(lhs.min(rhs), STRING_TRAVERSAL_COST_FACTOR)
}

/// The operators (`_==_`, `_+_`, `_[_]`, …), which take no target.
fn operator<'a>(
    function: &str,
    nodes: &[Node<'a>],
    has_target: bool,
    args_cost: u64,
    constant: u64,
) -> Option<Called<'a>> {
    if has_target {
        return None;
    }
    let size = |i: usize| arg_size(nodes, i);
    let called = match (function, nodes.len()) {
        ("_&&_" | "_||_", 2) => Called::new(args_cost, Ty::Bool),
        ("_?_:_", 3) => {
            let (t, f) = (&nodes[1], &nodes[2]);
            let ty = if t.ty.is_dyn() {
                f.ty.clone()
            } else {
                t.ty.clone()
            };
            Called {
                size: Some(t.size_or_unknown().max(f.size_or_unknown())),
                entry: Entry::union(t.entry, f.entry),
                ..Called::new(nodes[0].cost.saturating_add(t.cost.max(f.cost)), ty)
            }
        }
        ("_==_" | "_!=_", 2) => Called::new(
            string_op(size(0), size(1)).saturating_add(args_cost),
            Ty::Bool,
        ),
        ("_<_" | "_<=_" | "_>_" | "_>=_", 2) => {
            let string = string_op(size(0), size(1)).saturating_add(args_cost);
            let cost = if nodes[0].ty.is_string_like() {
                string
            } else if nodes[0].ty.is_dyn() || nodes[1].ty.is_dyn() {
                string.max(constant) // every overload is a candidate: their union
            } else {
                constant
            };
            Called::new(cost, Ty::Bool)
        }
        ("_+_", 2) => {
            let (l, r) = (&nodes[0], &nodes[1]);
            let sum = l.size_or_unknown().saturating_add(r.size_or_unknown());
            if l.ty.is_list() || r.ty.is_list() {
                Called {
                    size: Some(sum),
                    entry: Entry::union(l.entry, r.entry),
                    ..Called::new(constant, l.ty.clone())
                }
            } else if l.ty.is_string_like() {
                let cost = by_factor(sum, STRING_TRAVERSAL_COST_FACTOR).saturating_add(args_cost);
                Called {
                    size: Some(sum),
                    ..Called::new(cost, l.ty.clone())
                }
            } else if l.ty.is_dyn() || r.ty.is_dyn() {
                let string = by_factor(sum, STRING_TRAVERSAL_COST_FACTOR).saturating_add(args_cost);
                Called::new(string.max(constant), Ty::Dyn)
            } else {
                Called::new(constant, l.ty.clone())
            }
        }
        ("@in", 2) => {
            let container = &nodes[1];
            let list = size(1).saturating_add(args_cost);
            let cost = if container.ty.is_list() {
                list
            } else if container.ty.is_map() {
                constant
            } else {
                list.max(constant)
            };
            Called::new(cost, Ty::Bool)
        }
        ("_[_]", 2) => {
            let container = &nodes[0];
            let step = if container.ty.is_map() {
                "@values"
            } else {
                "@items"
            };
            let mut path = container.path.clone();
            path.push(step.into());
            Called {
                size: container.entry.map(|entry| entry.value),
                path,
                ..Called::new(constant, container.ty.element())
            }
        }
        _ => return None,
    };
    Some(called)
}

/// The string functions whose cost grows with their arguments' lengths.
fn string_function<'a>(
    function: &str,
    nodes: &[Node<'a>],
    target: Option<&Node<'a>>,
    base: u64,
    args_cost: u64,
) -> Option<Called<'a>> {
    let size = |i: usize| arg_size(nodes, i);
    let called = match (function, nodes.len(), target) {
        ("startsWith" | "endsWith", 1, Some(_)) => Called::new(
            by_factor(size(0), STRING_TRAVERSAL_COST_FACTOR).saturating_add(base),
            Ty::Bool,
        ),
        ("contains", 1, Some(t)) if t.ty.is_string_like() || t.ty.is_dyn() => {
            let text = by_factor(t.size_or_unknown(), STRING_TRAVERSAL_COST_FACTOR);
            let sub = by_factor(size(0), STRING_TRAVERSAL_COST_FACTOR);
            Called::new(text.saturating_mul(sub).saturating_add(base), Ty::Bool)
        }
        ("matches", 1, Some(t)) => {
            let text = by_factor(
                t.size_or_unknown().saturating_add(1),
                STRING_TRAVERSAL_COST_FACTOR,
            );
            let regex = by_factor(size(0), REGEX_STRING_LENGTH_COST_FACTOR);
            Called::new(text.saturating_mul(regex).saturating_add(base), Ty::Bool)
        }
        ("string", 1, None) if matches!(nodes[0].ty, Ty::Bytes) => {
            let sz = size(0);
            Called {
                size: Some(sz),
                ..Called::new(
                    by_factor(sz, STRING_TRAVERSAL_COST_FACTOR).saturating_add(args_cost),
                    Ty::String,
                )
            }
        }
        ("bytes", 1, None) if nodes[0].ty.is_string_like() => {
            let sz = size(0);
            Called {
                size: Some(sz.saturating_mul(4)),
                ..Called::new(
                    by_factor(sz, STRING_TRAVERSAL_COST_FACTOR).saturating_add(args_cost),
                    Ty::Bytes,
                )
            }
        }
        _ => return None,
    };
    Some(called)
}

/// The O(1) functions and conversions.
fn constant_function<'a>(
    function: &str,
    nodes: &[Node<'a>],
    has_target: bool,
    constant: u64,
) -> Option<Called<'a>> {
    let ty = match (function, nodes.len(), has_target) {
        // The global form has no target: cel-go's `MatchesString` case does not apply.
        ("matches", 2, false) => Ty::Bool,
        ("size", 1, false) | ("size", 0, true) => Ty::Int,
        ("!_" | "@not_strictly_false", 1, false) => Ty::Bool,
        ("-_", 1, false) => nodes[0].ty.clone(),
        ("_-_" | "_*_" | "_/_" | "_%_", 2, false) => nodes[0].ty.clone(),
        ("int", 1, false) => Ty::Int,
        ("double", 1, false) => Ty::Double,
        ("string", 1, false) => Ty::String,
        ("bool", 1, false) => Ty::Bool,
        ("uint" | "duration" | "timestamp", 1, false) => Ty::Scalar,
        ("type", 1, false) => Ty::Type,
        _ => return None,
    };
    Some(Called::new(constant, ty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The struct of the issue: six optional pointer members, nothing required.
    fn six_pointers() -> Value {
        let props: serde_json::Map<String, Value> = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|n| (n.to_string(), json!({"type": "object"})))
            .collect();
        json!({"type": "object", "properties": props})
    }

    fn decl(schema: Value) -> DeclType {
        DeclType::from_schema(&schema, false).expect("a CEL type")
    }

    #[test]
    fn limits_are_the_apiservers() {
        assert_eq!(STATIC_ESTIMATED_COST_LIMIT, 10_000_000);
        assert_eq!(STATIC_ESTIMATED_CRD_COST_LIMIT, 100_000_000);
        assert_eq!(MAX_REQUEST_SIZE_BYTES, 3_145_728);
    }

    #[test]
    fn min_sizes_and_max_elements() {
        // {} = 2, plus `"type":"",` = len("type") 4 + "" 2 + 4 = 10, and `"status":"",` =
        // 6 + 2 + 4 = 12: 24. `reason` is optional, `kind` has a default: neither counts.
        let condition = json!({
            "type": "object",
            "required": ["type", "status", "kind"],
            "properties": {
                "type": {"type": "string"},
                "status": {"type": "string", "enum": ["True", "False", "Unknown"]},
                "reason": {"type": "string", "maxLength": 16},
                "kind": {"type": "string", "default": "A"},
            }
        });
        let c = decl(condition.clone());
        assert_eq!(c.min_size, 24);
        let Kind::Object(fields) = &c.kind else {
            panic!()
        };
        assert_eq!(fields["type"].max_elements, 3_145_726); // 3 MiB − 2
        assert_eq!(fields["status"].max_elements, 7); // "Unknown"
        assert_eq!(fields["reason"].max_elements, 64); // 4 × maxLength
                                                       // A list of them without maxItems: (3,145,728 − 2) / (24 + 1) = 125,829.
        let list = decl(json!({"type": "array", "items": condition}));
        assert_eq!(list.max_elements, 125_829);
        // A map of strings without maxProperties: 3,145,726 / (2 + 6) = 393,215.
        let map = decl(json!({"type": "object", "additionalProperties": {"type": "string"}}));
        assert_eq!(map.max_elements, 393_215);
        // Booleans 4, integers 1, nested required objects recursively.
        let nested = decl(json!({
            "type": "object", "required": ["on", "n", "o"],
            "properties": {
                "on": {"type": "boolean"}, "n": {"type": "integer"},
                "o": {"type": "object", "required": ["x"], "properties": {"x": {"type": "integer"}}}
            }
        }));
        // 2 + (2 + 4 + 4) + (1 + 1 + 4) + (1 + (2 + 1 + 1 + 4) + 4) = 2 + 10 + 6 + 13 = 31.
        assert_eq!(nested.min_size, 31);
    }

    #[test]
    fn cardinality() {
        // No required property: 3,145,728 / (2 + 1) = 1,048,576.
        assert_eq!(unbounded_cardinality(2), 1_048_576);
        let list = json!({"type": "array", "items": {"type": "object"}});
        let bounded = json!({"type": "array", "maxItems": 8, "items": {"type": "object"}});
        let map = json!({"type": "object", "maxProperties": 3, "additionalProperties": {"type": "object"}});
        assert_eq!(Cardinality::factor_of(&list), None);
        assert_eq!(Cardinality::factor_of(&bounded), Some(8));
        assert_eq!(Cardinality::factor_of(&map), Some(3));
        assert_eq!(Cardinality::factor_of(&json!({"type": "object"})), Some(1));
        let c = Cardinality::ROOT
            .child(Some(1))
            .child(Some(8))
            .child(Some(3));
        assert_eq!(c, Cardinality::Bounded(24));
        assert_eq!(c.child(None).child(Some(2)), Cardinality::Unbounded);
        let node = decl(six_pointers());
        assert_eq!(
            expression_cost(12, Cardinality::Unbounded, &node),
            12_582_912
        );
        assert_eq!(expression_cost(12, Cardinality::Bounded(24), &node), 288);
    }

    fn cost(rule: &str, schema: &Value) -> u64 {
        estimate(rule, &decl(schema.clone())).unwrap_or_else(|e| panic!("{rule}: {e}"))
    }

    #[test]
    fn set_tests() {
        let schema = json!({"type": "object", "properties": {
            "p": {"type": "object"},
            "s": {"type": "string"},
            "n": {"type": "integer"},
            "x": {"type": "number"},
            "b": {"type": "boolean"},
            "l": {"type": "array", "items": {"type": "string"}},
            "m": {"type": "object", "additionalProperties": {"type": "string"}},
        }});
        // has(self.p): `self` 1, the presence test 0.
        assert_eq!(cost("has(self.p)", &schema), 1);
        // has 1; `self.s` = self 1 + select on an object 1 = 2; `!= ''`: ceil(0.1 × min(
        // 3,145,726, 0)) = 0. 1 + 2 = 3.
        assert_eq!(cost("(has(self.s) && self.s != '')", &schema), 3);
        // Integer and number fields have size 0 (MaxElements unset): the comparison is 0.
        assert_eq!(cost("(has(self.n) && self.n != 0)", &schema), 3);
        assert_eq!(cost("(has(self.x) && self.x != 0.0)", &schema), 3);
        // has 1 + `self.b` 2.
        assert_eq!(cost("(has(self.b) && self.b)", &schema), 3);
        // has 1; size(self.l) = 1 + 2 = 3; `!= 0`: int sizes 1 and 1, ceil(0.1) = 1: 1 + 3 + 1 = 5.
        assert_eq!(cost("(has(self.l) && size(self.l) != 0)", &schema), 5);
        assert_eq!(cost("(has(self.m) && size(self.m) != 0)", &schema), 5);
    }

    #[test]
    fn count_rules() {
        let schema = six_pointers();
        // Six terms of 1 (the conditional adds nothing, literals 0), five additions of 1,
        // `== 1` 1: 6 + 5 + 1 = 12.
        let rule = "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) + (has(self.c) ? 1 : 0) + \
                    (has(self.d) ? 1 : 0) + (has(self.e) ? 1 : 0) + (has(self.f) ? 1 : 0) == 1";
        assert_eq!(cost(rule, &schema), 12);
        // Two members: 2 + 1 + 1 = 4.
        assert_eq!(
            cost(
                "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1",
                &schema
            ),
            4
        );
        // At least one: 1 + 1 + 1 (the || adds nothing).
        assert_eq!(
            cost("has(self.a) || has(self.b) || has(self.c)", &schema),
            3
        );
    }

    #[test]
    fn discriminated_member_rules() {
        let schema = |d: Value| {
            json!({"type": "object", "properties": {"kind": d, "a": {"type": "object"},
                   "s": {"type": "string"}}})
        };
        let free = schema(json!({"type": "string"}));
        // !has(self.kind) 1 + 1 = 2; `self.kind == ''` 0 + 2 = 2; `self.kind == 'Alpha'`:
        // ceil(0.1 × min(3,145,726, 5)) = 1, + 2 = 3; `has(self.a)` 1 / `!has(self.a)` 2:
        // 2 + 2 + 3 + 2 = 9 = 7 + eq 1 + S 1.
        let rule = "!has(self.kind) || self.kind == '' || (self.kind == 'Alpha' ? has(self.a) : !has(self.a))";
        assert_eq!(cost(rule, &free), 9);
        let optional = "!has(self.kind) || self.kind == '' || self.kind == 'Alpha' || !has(self.a)";
        assert_eq!(cost(optional, &free), 9);
        // A 30-rune value: ceil(30 × 0.1) = 3: 2 + 2 + (3 + 2) + 2 = 11.
        let long = "x".repeat(30);
        let rule = format!(
            "!has(self.kind) || self.kind == '' || (self.kind == '{long}' ? has(self.a) : !has(self.a))"
        );
        assert_eq!(cost(&rule, &free), 11);
        // With an enum whose longest value has 2 bytes the comparison is ceil(0.1 × 2) = 1;
        // with a set test of 3 (a string member): 7 + 1 + 3 = 11.
        let enumerated = schema(json!({"type": "string", "enum": ["A", "BB"]}));
        let rule = "!has(self.kind) || self.kind == '' || (self.kind == 'A' ? (has(self.s) && self.s != '') : !(has(self.s) && self.s != ''))";
        assert_eq!(cost(rule, &enumerated), 11);
    }

    #[test]
    fn item_rule() {
        // The list of cel-unbounded-list's Condition, required `type` and `status`: items of
        // min size 24, so N = 3,145,726 / 25 = 125,829.
        let schema = json!({"type": "object", "properties": {"conditions": {
            "type": "array",
            "items": {"type": "object", "required": ["type", "status"], "properties": {
                "type": {"type": "string"}, "status": {"type": "string"}}}
        }}});
        // P = has(i.type) 1 + `i.type == 'Approved'` (ceil(0.1 × 8) = 1, + i 1 + select 1)
        // = 4; each exists: 3 + N × (4 + P) = 3 + 125,829 × 8 = 1,006,635. The sum:
        // 2 × 1,006,635 + 24 + 14 × 2 = 2,013,322.
        let rule = "(has(self.conditions) ? [self.conditions.exists(i, (has(i.type) && i.type == 'Approved')), \
                    self.conditions.exists(i, (has(i.type) && i.type == 'Denied'))].filter(x, x).size() : 0) <= 1";
        assert_eq!(cost(rule, &schema), 2_013_322);
        // With maxItems 16: 2 × (3 + 16 × 8) + 24 + 28 = 262 + 52 = 314.
        let mut bounded = schema.clone();
        bounded["properties"]["conditions"]["maxItems"] = json!(16);
        assert_eq!(cost(rule, &bounded), 314);
        // An empty value: `(!has(i.name) || i.name == '')` = 2 + 2 = 4; two keys: P = 4 + 4;
        // one selector: 3 + 16 × (4 + 8) = 195; + 24 + 14 = 233.
        let rule = "(has(self.conditions) ? [self.conditions.exists(i, (!has(i.type) || i.type == '') && (has(i.status) && i.status == 'True'))].filter(x, x).size() : 0) == 1";
        assert_eq!(cost(rule, &bounded), 233);
    }

    #[test]
    fn unmodelled_functions_are_not_guessed() {
        let schema = json!({"type": "object", "properties": {"l": {"type": "array", "items": {"type": "integer"}}}});
        let err = estimate("self.l.isSorted()", &decl(schema.clone())).unwrap_err();
        assert!(err.contains("isSorted"), "{err}");
        assert!(estimate("self.nope == 1", &decl(schema.clone())).is_err());
        // `all` is modelled: range 2 + init 0 + result 1 + N × (condition
        // `@not_strictly_false(@result)` 2 + step `@result && i > 0` (1 + (1 + 1 + 0))) with
        // N = 3,145,726 / (1 + 1) = 1,572,863: 3 + 1,572,863 × 5 = 7,864,318.
        assert_eq!(cost("self.l.all(i, i > 0)", &schema), 7_864_318);
    }
}
