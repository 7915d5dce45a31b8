//! cel-go's static cost estimator (`checker/cost.go`) over the `cel` crate's AST: the worst-case
//! cost of each call, operator and macro from the sizes of the values it reads, as the API
//! server estimates a CRD rule before it accepts the CRD.

use cel::common::ast::{Expr, IdedExpr, LiteralValue};

use super::*;

/// What the estimate knows of an expression's type.
#[derive(Debug, Clone)]
pub(super) enum Ty<'a> {
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
    pub(super) fn is_string_like(&self) -> bool {
        match self {
            Ty::String | Ty::Bytes => true,
            Ty::Decl(d) => matches!(d.kind, Kind::String | Kind::Bytes),
            _ => false,
        }
    }

    pub(super) fn is_dyn(&self) -> bool {
        match self {
            Ty::Dyn => true,
            Ty::Decl(d) => d.kind == Kind::Dyn,
            _ => false,
        }
    }

    pub(super) fn is_list(&self) -> bool {
        match self {
            Ty::List(_) => true,
            Ty::Decl(d) => matches!(d.kind, Kind::List(_)),
            _ => false,
        }
    }

    pub(super) fn is_map(&self) -> bool {
        match self {
            Ty::Map => true,
            Ty::Decl(d) => matches!(d.kind, Kind::Map(_)),
            _ => false,
        }
    }

    /// Selecting a field of a map or object costs 1 (`costSelect`).
    pub(super) fn is_map_or_object(&self) -> bool {
        match self {
            Ty::Map => true,
            Ty::Decl(d) => matches!(d.kind, Kind::Map(_) | Kind::Object(_)),
            _ => false,
        }
    }

    /// `isScalar`: constant-size types, whose size is 1 when nothing else gives one.
    pub(super) fn is_scalar(&self) -> bool {
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
    pub(super) fn element(&self) -> Ty<'a> {
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
pub(super) struct Entry {
    list: bool,
    key: u64,
    value: u64,
}

impl Entry {
    pub(super) fn union(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
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
pub(super) struct Node<'a> {
    pub(super) cost: u64,
    /// `computeSize(e).Max`; `None` is unknown (`MaxUint64` where cel-go needs a number).
    size: Option<u64>,
    ty: Ty<'a>,
    /// cel-go's field path (`exprPaths`), empty when it has none.
    path: Vec<String>,
    entry: Option<Entry>,
}

impl Node<'_> {
    pub(super) fn size_or_unknown(&self) -> u64 {
        self.size.unwrap_or(u64::MAX)
    }
}

pub(super) struct Local<'a> {
    name: String,
    ty: Ty<'a>,
    path: Vec<String>,
    size: Option<u64>,
    entry: Option<Entry>,
}

pub(super) struct Coster<'a> {
    pub(super) root: &'a DeclType,
    pub(super) locals: Vec<Local<'a>>,
}

/// `multiplyByCostFactor`: `ceil(x × factor)` in float64, saturating.
pub(super) fn by_factor(x: u64, factor: f64) -> u64 {
    let product = (x as f64 * factor).ceil();
    if product >= 18_446_744_073_709_551_616.0 {
        u64::MAX
    } else {
        product as u64
    }
}

pub(super) fn literal_size(value: &LiteralValue) -> (u64, Ty<'static>) {
    match value {
        LiteralValue::String(s) => (s.inner().chars().count() as u64, Ty::String),
        LiteralValue::Bytes(b) => (b.inner().len() as u64, Ty::Bytes),
        LiteralValue::Boolean(_) => (1, Ty::Bool),
        LiteralValue::Int(_) => (1, Ty::Int),
        LiteralValue::UInt(_) | LiteralValue::Null => (1, Ty::Scalar),
        LiteralValue::Double(_) => (1, Ty::Double),
    }
}

pub(super) const TYPE_IDENTS: &[&str] = &[
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
    pub(super) fn path_or_type_size(&self, path: &[String], ty: &Ty) -> Option<u64> {
        if let Some((_, rest)) = path.split_first() {
            if let Some(node) = self.root.at_path(rest) {
                return Some(node.max_elements);
            }
        }
        ty.is_scalar().then_some(1)
    }

    pub(super) fn node(&self, cost: u64, ty: Ty<'a>, path: Vec<String>) -> Node<'a> {
        let size = self.path_or_type_size(&path, &ty);
        Node {
            cost,
            size,
            ty,
            path,
            entry: None,
        }
    }

    pub(super) fn cost(&mut self, e: &IdedExpr) -> Result<Node<'a>, NotEstimated> {
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
                        return Err(NotEstimated::Unmodelled(
                            "a struct field in a map literal".into(),
                        ));
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
            Expr::Unspecified => Err(NotEstimated::Unmodelled("an empty expression".into())),
        }
    }

    pub(super) fn select(
        &mut self,
        select: &cel::common::ast::SelectExpr,
    ) -> Result<Node<'a>, NotEstimated> {
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
                        return Err(NotEstimated::Unmodelled(format!(
                            "the schema has no property `{}` to select",
                            select.field
                        )))
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

    pub(super) fn ident(&self, name: &str) -> Result<Node<'a>, NotEstimated> {
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
            _ => {
                return Err(NotEstimated::Unmodelled(format!(
                    "the identifier `{name}` is not modelled"
                )))
            }
        };
        Ok(self.node(SELECT_AND_IDENT_COST, ty, vec![name.to_string()]))
    }

    pub(super) fn comprehension(
        &mut self,
        comp: &cel::common::ast::ComprehensionExpr,
    ) -> Result<Node<'a>, NotEstimated> {
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
            return Err(NotEstimated::Unmodelled(
                "two-variable comprehensions are not modelled".into(),
            ));
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
            Ok::<_, NotEstimated>((condition, step))
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

    pub(super) fn call(
        &mut self,
        function: &str,
        target: Option<&IdedExpr>,
        args: &[IdedExpr],
    ) -> Result<Node<'a>, NotEstimated> {
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
        let operands: Vec<&Ty> = nodes.iter().map(|n| &n.ty).collect();
        if let Some(refused) = no_matching_overload(function, &operands) {
            return Err(refused);
        }
        let called = operator(function, &nodes, target.is_some(), args_cost, constant)
            .or_else(|| string_function(function, &nodes, target.as_ref(), base, args_cost))
            .or_else(|| constant_function(function, &nodes, target.is_some(), constant))
            .ok_or_else(|| unknown_function(function))?;
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
pub(super) struct Called<'a> {
    cost: u64,
    ty: Ty<'a>,
    size: Option<u64>,
    entry: Option<Entry>,
    path: Vec<String>,
}

impl<'a> Called<'a> {
    pub(super) fn new(cost: u64, ty: Ty<'a>) -> Self {
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
pub(super) fn arg_size(nodes: &[Node], i: usize) -> u64 {
    nodes.get(i).map_or(u64::MAX, Node::size_or_unknown)
}

pub(super) fn string_op(lhs: u64, rhs: u64) -> u64 {
    by_factor(lhs.min(rhs), STRING_TRAVERSAL_COST_FACTOR)
}

/// The operators (`_==_`, `_+_`, `_[_]`, …), which take no target.
pub(super) fn operator<'a>(
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
pub(super) fn string_function<'a>(
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
pub(super) fn constant_function<'a>(
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
