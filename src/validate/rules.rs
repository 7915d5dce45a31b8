//! `x-kubernetes-validations` evaluated as the API server does (apiextensions-apiserver's
//! `cel.Validator`): each rule at each value its schema node holds, `self` the value as the
//! API server's CEL sees it (escaped property names, numbers typed by the schema), message,
//! messageExpression, reason and fieldPath honoured. Transition rules (`oldSelf`) run on an
//! update ([`Rules::check_update`]) where the old and the new value both exist at the rule's
//! node, paired as the API server correlates them ([`old_children`]); on a create they are
//! skipped (counted), except `optionalOldSelf` rules, run with `oldSelf` an empty optional.
//!
//! The `cel` crate (0.15, with its `chrono` feature: durations and timestamps) has the
//! standard library and the strings/lists extensions; Kubernetes' libraries are added by
//! [`super::cel_library`]. A rule that uses anything else cannot be evaluated: reported once
//! as a warning, never as an error.

use std::collections::HashMap;
use std::sync::Arc;

use cel::objects::{Key, Map as CelMap};
use cel::{Context, Value as Cel};
use serde_json::Value;

use super::cel_library::{kubernetes_functions, optional, K8S_ERROR};
use super::cost;
use super::objects::Seg;
use super::schema::{NodeId, Schemas, View};
use super::structural::{field_string, go_quote};
use super::{Cause, Reason};

/// Compiled rules and the interpreter's context, shared by every object of a run.
pub struct Rules {
    context: Context<'static, 'static>,
    env: Arc<cel::Env>,
    programs: HashMap<(NodeId, usize), Result<Arc<Compiled>, Refused>>,
    messages: HashMap<(NodeId, usize), Option<Arc<Compiled>>>,
    /// Rules that could not be evaluated: (rule, why), once each.
    pub unevaluated: Vec<(String, String)>,
    /// Transition rules skipped because the object was checked as created.
    pub transition_rules: usize,
}

/// What the rules of one object found.
pub struct Found {
    pub causes: Vec<Cause>,
    /// The runtime cost spent on the object's rules (the API server's accounting, as far as
    /// [`cost`] counts it).
    pub cost: u64,
    /// A rule ran out of the per-call limit or the object's budget: no further rule runs.
    pub stopped: bool,
}

/// A compiled rule: its expression with the cost hooks of [`cost::instrument`].
pub struct Compiled {
    expression: cel::IdedExpr,
}

/// Why a rule has no program.
#[derive(Clone)]
pub enum Refused {
    /// cel-go refuses it too (its parser's bounds): the API server's compile error.
    ByCelGo(String),
    /// The `cel` crate cannot compile it: not evaluated (a warning), never an error.
    Unsupported(String),
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new()
    }
}

impl Rules {
    pub fn new() -> Rules {
        let mut env = cel::Env::stdlib();
        let _ = env.add_extension(cel::extensions::strings);
        let _ = env.add_extension(cel::extensions::lists);
        let env = Arc::new(env);
        let mut context = Context::with_env(env.clone());
        kubernetes_functions(&mut context);
        let _ = context.add_function(
            cost::HOOK,
            |cel::extractors::Arguments(args): cel::extractors::Arguments| cost::hook(&args),
        );
        Rules {
            context,
            env,
            programs: HashMap::new(),
            messages: HashMap::new(),
            unevaluated: Vec::new(),
            transition_rules: 0,
        }
    }

    fn program(
        &mut self,
        schemas: &Schemas,
        id: NodeId,
        index: usize,
    ) -> Result<Arc<Compiled>, Refused> {
        let env = &self.env;
        self.programs
            .entry((id, index))
            .or_insert_with(|| {
                let rule = &schemas.node(id).rules[index].rule;
                // cel-go's parser bounds first: past them the `cel` crate's parser could
                // overflow the stack, and the API server refuses the rule.
                crate::cel_limits::check(rule).map_err(Refused::ByCelGo)?;
                env.compile(rule)
                    .map(|program| {
                        let mut expression = cost::instrument(program.expression());
                        super::go_regex::route_matches(&mut expression);
                        Arc::new(Compiled { expression })
                    })
                    .map_err(|e| {
                        Refused::Unsupported(format!("the rule does not compile here: {e}"))
                    })
            })
            .clone()
    }

    /// Evaluates every rule of the schema over `value` (defaults applied, unknown fields
    /// pruned).
    pub fn check(&mut self, schemas: &Schemas, root: NodeId, value: &Value) -> Found {
        self.check_update(schemas, root, value, None)
    }

    /// [`Rules::check`] of an update when `old` is given (the stored object, defaults applied,
    /// unknown fields pruned): transition rules run with `oldSelf` bound wherever the old
    /// object has a value correlated with the new one.
    pub fn check_update(
        &mut self,
        schemas: &Schemas,
        root: NodeId,
        value: &Value,
        old: Option<&Value>,
    ) -> Found {
        let mut found = Found {
            causes: Vec::new(),
            cost: 0,
            stopped: false,
        };
        let mut path = Vec::new();
        let update = old.is_some();
        let mut walk = Walk {
            schemas,
            path: &mut path,
            found: &mut found,
            update,
        };
        self.walk(&mut walk, root, value, old, 0);
        found
    }

    fn walk(
        &mut self,
        walk: &mut Walk,
        id: NodeId,
        value: &Value,
        old: Option<&Value>,
        depth: usize,
    ) {
        let schemas = walk.schemas;
        if depth > crate::limits::OBJECT_NESTING || value.is_null() {
            return;
        }
        let old = old.filter(|o| !o.is_null());
        let view = View::new(schemas, id);
        let chain = view.chain.clone();
        let mut old_cel = None;
        for node_id in &chain {
            let rules = &schemas.node(*node_id).rules;
            if rules.is_empty() {
                continue;
            }
            let this = to_cel(schemas, id, value, 0);
            for (index, spec) in rules.iter().enumerate() {
                let old_self = match old {
                    Some(old) if mentions_old_self(&spec.rule) => Some(
                        old_cel
                            .get_or_insert_with(|| to_cel(schemas, id, old, 0))
                            .clone(),
                    ),
                    _ => None,
                };
                let at = At {
                    node_id: *node_id,
                    index,
                    view: &view,
                    this: &this,
                    old_self,
                };
                self.evaluate(walk, at);
            }
        }
        let children = old_children(schemas, id, value, old);
        match value {
            Value::Object(object) => {
                let additional = view.first(|n| n.additional_properties);
                for ((name, child), old_child) in object.iter().zip(children) {
                    let next = view.property(name).or(additional);
                    if let Some(next) = next {
                        walk.path.push(Seg::Key(name.clone()));
                        self.walk(walk, next, child, old_child, depth + 1);
                        walk.path.pop();
                    }
                }
            }
            Value::Array(items) => {
                if let Some(item) = view.first(|n| n.items) {
                    for ((i, child), old_child) in items.iter().enumerate().zip(children) {
                        walk.path.push(Seg::Index(i));
                        self.walk(walk, item, child, old_child, depth + 1);
                        walk.path.pop();
                    }
                }
            }
            _ => {}
        }
    }

    fn evaluate(&mut self, walk: &mut Walk, at: At) {
        let At {
            node_id,
            index,
            view,
            this,
            old_self,
        } = at;
        let schemas = walk.schemas;
        let path: &[Seg] = walk.path;
        let found = &mut *walk.found;
        let spec = &schemas.node(node_id).rules[index];
        // A transition rule runs where the old object has a value correlated with this one;
        // `optionalOldSelf` makes it run elsewhere too (and on create), with `oldSelf` an
        // empty optional. On a create, the others are skipped and counted; on an update, the
        // API server skips them silently where the old value is missing.
        if mentions_old_self(&spec.rule) && !spec.optional_old_self && old_self.is_none() {
            if !walk.update {
                self.transition_rules += 1;
            }
            return;
        }
        // The schema's type (empty for int-or-string and untyped nodes).
        let type_name = view.types().first().cloned().unwrap_or_default();
        if found.stopped {
            return;
        }
        if found.cost >= crate::limits::CEL_RUNTIME_COST_BUDGET {
            found
                .causes
                .push(rule_cause(path, &type_name, OUT_OF_BUDGET.into()));
            found.stopped = true;
            return;
        }
        let program = match self.program(schemas, node_id, index) {
            Ok(program) => program,
            Err(Refused::Unsupported(why)) => {
                self.note(&spec.rule, why);
                return;
            }
            Err(Refused::ByCelGo(error)) => {
                let detail = format!("rule compile error: compilation failed: {error}");
                found.causes.push(rule_cause(path, &type_name, detail));
                return;
            }
        };
        let mut scope = self.context.new_inner_scope();
        scope.set_variable_resolver(&cost::CHARGING_READS);
        scope.add_variable_from_value("self", this.clone());
        if spec.optional_old_self {
            scope.add_variable_from_value("oldSelf", optional(old_self));
        } else if let Some(old_self) = old_self {
            scope.add_variable_from_value("oldSelf", old_self);
        }
        let Some(outcome) = run_costed(&program, &scope, found, path, &type_name, spec) else {
            return;
        };
        let mut field_path = path.to_vec();
        if let Some(extra) = &spec.field_path {
            field_path.extend(parse_field_path(extra));
        }
        match outcome {
            Ok(Cel::Bool(true)) => {}
            Ok(Cel::Bool(false)) => {
                let detail = failure_message(
                    &self.env,
                    &mut self.messages,
                    spec,
                    (node_id, index),
                    &scope,
                );
                found
                    .causes
                    .push(failure_cause(spec, detail, &type_name, field_path));
            }
            Ok(other) => self.note(&spec.rule, format!("it evaluates to {other:?}, not a bool")),
            Err(error) => match runtime_error(&error) {
                // The API server reports it at the rule's node (not its fieldPath).
                Some(text) => {
                    let detail = format!("{text} evaluating rule: {}", rule_error_string(spec));
                    found.causes.push(rule_cause(path, &type_name, detail));
                }
                None => self.note(&spec.rule, error.to_string()),
            },
        }
    }

    /// Evaluates `rule` with `self` bound to `this` (as JSON without a schema).
    #[cfg(test)]
    pub fn eval_for_tests(&self, rule: &str, this: Value) -> Result<Cel, String> {
        let program = self.env.compile(rule).map_err(|e| e.to_string())?;
        let mut scope = self.context.new_inner_scope();
        scope.add_variable_from_value("self", plain(&this));
        program.execute(&scope).map_err(|e| e.to_string())
    }

    fn note(&mut self, rule: &str, why: String) {
        if !self.unevaluated.iter().any(|(r, _)| r == rule) {
            self.unevaluated.push((rule.to_string(), why));
        }
    }
}

/// The message of a failed rule: its messageExpression's when that gives one line, else its
/// message, else the rule's text. The compiled messageExpression is kept in `messages`.
fn failure_message(
    env: &cel::Env,
    messages: &mut HashMap<(NodeId, usize), Option<Arc<Compiled>>>,
    spec: &super::schema::RuleSpec,
    key: (NodeId, usize),
    scope: &Context,
) -> String {
    let mut detail = None;
    if let Some(expression) = &spec.message_expression {
        let compiled = messages
            .entry(key)
            .or_insert_with(|| {
                crate::cel_limits::check(expression).ok()?;
                let program = env.compile(expression).ok()?;
                let mut expression = cost::instrument(program.expression());
                super::go_regex::route_matches(&mut expression);
                Some(Arc::new(Compiled { expression }))
            })
            .clone();
        let ran = compiled.map(|c| cost::run(&c.expression, scope, cost::PER_CALL));
        if let Some(cost::Ran::Done(Ok(Cel::String(text)), _)) = ran {
            let text = text.trim();
            if !text.is_empty() && !text.contains('\n') {
                detail = Some(text.to_string());
            }
        }
    }
    detail.unwrap_or_else(|| match &spec.message {
        Some(m) if !m.is_empty() => m.trim().to_string(),
        _ => format!("failed rule: {}", spec.rule.trim()),
    })
}

/// The cause of a rule that evaluated to false, worded by its `reason`.
fn failure_cause(
    spec: &super::schema::RuleSpec,
    detail: String,
    type_name: &str,
    field_path: Vec<Seg>,
) -> Cause {
    let field = field_string(&field_path);
    let (reason, body) = match spec.reason.as_deref() {
        Some("FieldValueForbidden") => (Reason::Forbidden, format!("Forbidden: {detail}")),
        Some("FieldValueRequired") => (Reason::Required, format!("Required value: {detail}")),
        Some("FieldValueDuplicate") => (
            Reason::Duplicate,
            format!("Duplicate value: {}", go_quote(type_name)),
        ),
        _ => (
            Reason::Invalid,
            format!("Invalid value: {}: {detail}", go_quote(type_name)),
        ),
    };
    Cause {
        path: field_path,
        message: format!("{field}: {body}"),
        field,
        reason,
    }
}

/// Runs a rule under the per-call limit and the object's budget (`None`: stopped, the
/// API server's error pushed and no further rule of the object runs).
fn run_costed(
    program: &Compiled,
    scope: &Context,
    found: &mut Found,
    path: &[Seg],
    type_name: &str,
    spec: &super::schema::RuleSpec,
) -> Option<Result<Cel, cel::ExecutionError>> {
    match cost::run(&program.expression, scope, cost::PER_CALL) {
        cost::Ran::Done(outcome, spent) => {
            found.cost = found.cost.saturating_add(spent);
            if found.cost > crate::limits::CEL_RUNTIME_COST_BUDGET {
                found
                    .causes
                    .push(rule_cause(path, type_name, OUT_OF_BUDGET.into()));
                found.stopped = true;
                return None;
            }
            Some(outcome)
        }
        cost::Ran::LimitExceeded => {
            let detail = format!(
                "'operation cancelled: actual cost limit exceeded': no further validation \
                 rules will be run due to call cost exceeds limit for rule: {}",
                rule_error_string(spec)
            );
            found.causes.push(rule_cause(path, type_name, detail));
            found.stopped = true;
            None
        }
    }
}

/// The API server's text when the object's rules ran out of its cost budget.
const OUT_OF_BUDGET: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

/// The type a failed string conversion was to (`int`, `uint`, `double`), from the `cel`
/// crate's "string parse error".
fn conversion_target(error: &cel::ExecutionError) -> Option<&'static str> {
    match error {
        cel::ExecutionError::FunctionError { function, message }
            if message.starts_with("string parse error") =>
        {
            match function.as_str() {
                "int" => Some("int"),
                "uint" => Some("uint"),
                "double" => Some("double"),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A rule's error at its node (`field.Invalid(fldPath, sts.Type, detail)`).
fn rule_cause(path: &[Seg], type_name: &str, detail: String) -> Cause {
    let field = field_string(path);
    Cause {
        path: path.to_vec(),
        message: format!("{field}: Invalid value: {}: {detail}", go_quote(type_name)),
        field,
        reason: Reason::Invalid,
    }
}

/// cel-go's text of a runtime error (`index out of bounds: 5`, `no such key: x`, `division
/// by zero`, `integer overflow`, a library function refusing its input), which the API server
/// reports as the object's error; `None` for what the `cel` crate fails at where cel-go may
/// not (the rule is then left unevaluated, never an error).
fn runtime_error(error: &cel::ExecutionError) -> Option<String> {
    use cel::ExecutionError as E;
    let text = error.to_string();
    Some(match error {
        E::NoSuchKey(key) => format!("no such key: {key}"),
        E::IndexOutOfBounds(index) => match index {
            Cel::Int(i) => format!("index out of bounds: {i}"),
            Cel::UInt(u) => format!("index out of bounds: {u}"),
            _ => return None,
        },
        E::DivisionByZero(_) => "division by zero".into(),
        E::RemainderByZero(_) => "modulus by zero".into(),
        E::Overflow(_, Cel::UInt(_), _) => "unsigned integer overflow".into(),
        E::Overflow(..) => "integer overflow".into(),
        E::FunctionError { message, .. } => {
            if let Some(at) = message.find(K8S_ERROR) {
                // A Kubernetes library function refused its input, as cel-go's does.
                message[at + K8S_ERROR.len()..].to_string()
            } else if message == "integer overflow" || message == "unsigned integer overflow" {
                message.clone()
            } else if let Some(rest) = message.strip_prefix("Type conversion error") {
                format!("type conversion error{rest}")
            } else if let Some(kind) = conversion_target(error) {
                // `int('abc')`, `uint('-1')`, `double('x')`: cel-go's conversion error.
                format!("type conversion error from 'string' to '{kind}'")
            } else {
                return None;
            }
        }
        _ => {
            let key = no_such_key(&text)?;
            format!("no such key: {key}")
        }
    })
}

/// What a walk over one object carries.
struct Walk<'a, 'p> {
    schemas: &'a Schemas,
    path: &'p mut Vec<Seg>,
    found: &'p mut Found,
    /// The object is checked as an update (an old object was given).
    update: bool,
}

/// One rule at one value.
struct At<'a> {
    node_id: NodeId,
    index: usize,
    view: &'a View<'a>,
    this: &'a Cel,
    /// `oldSelf` when the old object has a value correlated with this one and the rule is a
    /// transition rule.
    old_self: Option<Cel>,
}

/// For each child of `value` (properties in order, or items), the old value correlated with
/// it, as the API server pairs them for transition rules: properties and map entries by
/// name; items of an `x-kubernetes-list-type: map` list by their map keys; items of `set` and
/// atomic lists not at all.
pub fn old_children<'v>(
    schemas: &Schemas,
    id: NodeId,
    value: &Value,
    old: Option<&'v Value>,
) -> Vec<Option<&'v Value>> {
    match value {
        Value::Object(object) => {
            let old = old.and_then(Value::as_object);
            object
                .keys()
                .map(|name| old.and_then(|o| o.get(name)))
                .collect()
        }
        Value::Array(items) => {
            let view = View::new(schemas, id);
            let old_items = old.and_then(Value::as_array);
            let keys = view
                .first(|n| (!n.list_map_keys.is_empty()).then_some(n.list_map_keys.as_slice()))
                .unwrap_or(&[]);
            let is_map = view.first(|n| n.list_type.as_deref()) == Some("map") && !keys.is_empty();
            let (true, Some(old_items)) = (is_map, old_items) else {
                return vec![None; items.len()];
            };
            // The old items by their map keys (the first of equal keys), hashed: pairing is
            // linear in the list.
            let key_of = |item: &Value| -> String {
                let values: Vec<Value> = keys
                    .iter()
                    .map(|key| item.get(key.as_str()).cloned().unwrap_or(Value::Null))
                    .collect();
                super::structural::canonical(&Value::Array(values))
            };
            let mut by_key: HashMap<String, &'v Value> = HashMap::with_capacity(old_items.len());
            for candidate in old_items {
                by_key.entry(key_of(candidate)).or_insert(candidate);
            }
            items
                .iter()
                .map(|item| by_key.get(&key_of(item)).copied())
                .collect()
        }
        _ => Vec::new(),
    }
}

fn rule_error_string(spec: &super::schema::RuleSpec) -> String {
    match &spec.message {
        Some(m) if !m.is_empty() => m.trim().to_string(),
        _ => spec.rule.trim().to_string(),
    }
}

fn no_such_key(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("no such key")?;
    let rest = text[at + "no such key".len()..].trim_start_matches([':', ' ']);
    Some(rest.trim().trim_matches('"').to_string())
}

fn mentions_old_self(rule: &str) -> bool {
    let bytes = rule.as_bytes();
    rule.match_indices("oldSelf").any(|(i, _)| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + 7).copied();
        let word = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
        !word(before) && !word(after)
    })
}

/// `.spec.foo['bar'][0]` → segments.
fn parse_field_path(text: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            out.push(Seg::Key(r[..end].to_string()));
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').unwrap_or(r.len());
            let inner = r[..end].trim_matches(['\'', '"']);
            match inner.parse::<usize>() {
                Ok(i) => out.push(Seg::Index(i)),
                Err(_) => out.push(Seg::Key(inner.to_string())),
            }
            rest = r.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            out.push(Seg::Key(rest[..end].to_string()));
            rest = &rest[end..];
        }
    }
    out
}

/// The value as the API server's CEL sees it.
fn to_cel(schemas: &Schemas, id: NodeId, value: &Value, depth: usize) -> Cel {
    if depth > crate::limits::OBJECT_NESTING {
        return Cel::Null;
    }
    let view = View::new(schemas, id);
    match value {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => {
            let is_number = view.types().iter().any(|t| t == "number");
            match (n.as_i64(), is_number) {
                (Some(i), false) => Cel::Int(i),
                _ => Cel::Float(n.as_f64().unwrap_or(0.0)),
            }
        }
        Value::String(s) => {
            // `format: byte` is CEL `bytes`: the decoded base64.
            if view.first(|n| n.format.as_deref()) == Some("byte") {
                if let Some(bytes) = decode_base64(s) {
                    return Cel::Bytes(Arc::new(bytes));
                }
            }
            Cel::String(Arc::new(s.clone()))
        }
        Value::Array(items) => {
            let item = view.first(|n| n.items);
            Cel::List(Arc::new(
                items
                    .iter()
                    .map(|v| match item {
                        Some(item) => to_cel(schemas, item, v, depth + 1),
                        None => plain(v),
                    })
                    .collect(),
            ))
        }
        Value::Object(object) => {
            let additional = view.first(|n| n.additional_properties);
            let mut map = HashMap::with_capacity(object.len());
            for (name, child) in object {
                if let Some(property) = view.property(name) {
                    let Some(escaped) = crate::schema::cel::escape(name) else {
                        continue;
                    };
                    map.insert(
                        Key::String(Arc::new(escaped)),
                        to_cel(schemas, property, child, depth + 1),
                    );
                } else {
                    let converted = match additional {
                        Some(a) => to_cel(schemas, a, child, depth + 1),
                        None => plain(child),
                    };
                    map.insert(Key::String(Arc::new(name.clone())), converted);
                }
            }
            Cel::Map(CelMap { map: Arc::new(map) })
        }
    }
}

/// Standard base64 (padding optional, white space ignored).
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

fn plain(value: &Value) -> Cel {
    match value {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Cel::Int(i),
            None => Cel::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => Cel::String(Arc::new(s.clone())),
        Value::Array(items) => Cel::List(Arc::new(items.iter().map(plain).collect())),
        Value::Object(object) => Cel::Map(CelMap {
            map: Arc::new(
                object
                    .iter()
                    .map(|(k, v)| (Key::String(Arc::new(k.clone())), plain(v)))
                    .collect(),
            ),
        }),
    }
}

// ---- Kubernetes' CEL libraries (the common part) ----

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_values_pair_as_the_api_server_correlates_them() {
        let mut schemas = Schemas::default();
        let item = serde_json::json!({
            "type": "object",
            "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}
        });
        let map_list = schemas.compile(&serde_json::json!({
            "type": "array",
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name", "protocol"],
            "items": item,
        }));
        let new = serde_json::json!([
            {"name": "b", "port": 2},
            {"name": "a", "protocol": "UDP", "port": 1},
            {"name": "c", "port": 3},
            {"name": "a", "port": 9},
        ]);
        let old = serde_json::json!([
            {"name": "a", "port": 8},
            {"name": "a", "protocol": "UDP", "port": 7},
            {"name": "b", "port": 6},
        ]);
        let paired = old_children(&schemas, map_list, &new, Some(&old));
        assert_eq!(
            paired,
            vec![Some(&old[2]), Some(&old[1]), None, Some(&old[0])]
        );
        for list_type in ["set", "atomic"] {
            let list = schemas.compile(&serde_json::json!({
                "type": "array", "x-kubernetes-list-type": list_type, "items": {"type": "string"}
            }));
            let new = serde_json::json!(["a", "b"]);
            assert_eq!(
                old_children(&schemas, list, &new, Some(&new)),
                vec![None, None]
            );
        }
        let object = schemas.compile(&serde_json::json!({
            "type": "object",
            "properties": {"x": {"type": "string"}},
            "additionalProperties": {"type": "string"}
        }));
        let new = serde_json::json!({"x": "1", "k": "2", "new": "3"});
        let old = serde_json::json!({"x": "0", "k": "1"});
        assert_eq!(
            old_children(&schemas, object, &new, Some(&old)),
            vec![Some(&old["x"]), Some(&old["k"]), None]
        );
        assert_eq!(
            old_children(&schemas, object, &new, None),
            vec![None, None, None]
        );
    }

    #[test]
    fn transition_rules_run_on_updates_only() {
        // The port's schema on its own keeps the literal below shallow.
        let port = serde_json::json!({
            "type": "integer",
            "x-kubernetes-validations": [
                {"rule": "self >= oldSelf", "message": "may only grow"}
            ]
        });
        let mut schemas = Schemas::default();
        let root = schemas.compile(&serde_json::json!({
            "type": "object",
            "properties": {
                "size": {
                    "type": "string",
                    "x-kubernetes-validations": [
                        {"rule": "self == oldSelf", "message": "value is immutable"}
                    ]
                },
                "ports": {
                    "type": "array",
                    "x-kubernetes-list-type": "map",
                    "x-kubernetes-list-map-keys": ["name"],
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string"},
                            "port": port
                        }
                    }
                },
                "note": {
                    "type": "string",
                    "x-kubernetes-validations": [{
                        "rule": "!oldSelf.hasValue() || oldSelf.value() == self",
                        "optionalOldSelf": true,
                        "message": "set once"
                    }]
                }
            }
        }));
        let messages = |rules: &mut Rules, new: Value, old: Option<Value>| -> Vec<String> {
            rules
                .check_update(&schemas, root, &new, old.as_ref())
                .causes
                .into_iter()
                .map(|c| c.message)
                .collect()
        };
        let mut rules = Rules::new();
        let new = serde_json::json!({
            "size": "large", "note": "n",
            "ports": [{"name": "b", "port": 5}, {"name": "a", "port": 1}]
        });
        // Create: the transition rules are counted as skipped; the optional one runs.
        assert!(messages(&mut rules, new.clone(), None).is_empty());
        assert_eq!(rules.transition_rules, 3);
        // Update with itself: valid.
        let mut rules = Rules::new();
        assert!(messages(&mut rules, new.clone(), Some(new.clone())).is_empty());
        let old = serde_json::json!({
            "size": "small", "note": "m",
            "ports": [{"name": "a", "port": 2}, {"name": "c", "port": 9}]
        });
        assert_eq!(
            messages(&mut rules, new, Some(old)),
            vec![
                "size: Invalid value: \"string\": value is immutable",
                "note: Invalid value: \"string\": set once",
                "ports[1].port: Invalid value: \"integer\": may only grow",
            ]
        );
        // No old value at a node: no transition rule there, none counted on an update.
        let new = serde_json::json!({"size": "large"});
        assert!(messages(&mut rules, new, Some(serde_json::json!({}))).is_empty());
        assert_eq!(rules.transition_rules, 0);
    }

    #[test]
    fn old_self_is_a_word() {
        assert!(mentions_old_self("self == oldSelf"));
        assert!(!mentions_old_self("self.oldSelfish"));
    }
}
