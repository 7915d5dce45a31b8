//! `x-kubernetes-validations` evaluated as the API server does (apiextensions-apiserver's
//! `cel.Validator`): each rule at each value its schema node holds, `self` the value as the
//! API server's CEL sees it (escaped property names, numbers typed by the schema), message,
//! messageExpression, reason and fieldPath honoured. Transition rules (`oldSelf`) run on an
//! update ([`Rules::check_update`]) where the old and the new value both exist at the rule's
//! node, paired as the API server correlates them ([`old_children`]); on a create they are
//! skipped (counted), except `optionalOldSelf` rules, run with `oldSelf` an empty optional.
//!
//! The `cel` crate (0.15) has the standard library and the strings/lists extensions; the
//! Kubernetes libraries CRDs use most (lists, regex, url, ip/cidr, quantity, format) are
//! added here ([`kubernetes_functions`]). `kube-cel` (which has them all) is built on cel
//! 0.13, whose values are not this crate's. A rule that uses anything else cannot be
//! evaluated: reported once as a warning, never as an error.

use std::collections::HashMap;
use std::sync::Arc;

use cel::objects::{Key, Map as CelMap, OptionalValue};
use cel::{Context, ExecutionError, FunctionContext, Program, Value as Cel};
use serde_json::Value;

use super::objects::Seg;
use super::schema::{NodeId, Schemas, View};
use super::structural::{field_string, go_quote, go_value};
use super::{Cause, Reason};

/// Compiled rules and the interpreter's context, shared by every object of a run.
pub struct Rules {
    context: Context<'static, 'static>,
    env: Arc<cel::Env>,
    programs: HashMap<(NodeId, usize), Result<Arc<Program>, String>>,
    messages: HashMap<(NodeId, usize), Option<Arc<Program>>>,
    /// Rules that could not be evaluated: (rule, why), once each.
    pub unevaluated: Vec<(String, String)>,
    /// Transition rules skipped because the object was checked as created.
    pub transition_rules: usize,
}

/// What the rules of one object found.
pub struct Found {
    pub causes: Vec<Cause>,
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
    ) -> Result<Arc<Program>, String> {
        let env = &self.env;
        self.programs
            .entry((id, index))
            .or_insert_with(|| {
                let rule = &schemas.node(id).rules[index].rule;
                env.compile(rule)
                    .map(Arc::new)
                    .map_err(|e| format!("the rule does not compile here: {e}"))
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
        let mut found = Found { causes: Vec::new() };
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
                    value,
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
            value,
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
        let program = match self.program(schemas, node_id, index) {
            Ok(program) => program,
            Err(why) => {
                self.note(&spec.rule, why);
                return;
            }
        };
        let mut scope = self.context.new_inner_scope();
        scope.add_variable_from_value("self", this.clone());
        if spec.optional_old_self {
            scope.add_variable_from_value("oldSelf", optional(old_self));
        } else if let Some(old_self) = old_self {
            scope.add_variable_from_value("oldSelf", old_self);
        }
        let outcome = program.execute(&scope);
        // The schema's type (empty for int-or-string and untyped nodes).
        let type_name = view.types().first().cloned().unwrap_or_default();
        let _ = json_type(value);
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
            Err(error) => match error_cause(spec, error.to_string(), &type_name, field_path) {
                Ok(cause) => found.causes.push(cause),
                Err(text) => self.note(&spec.rule, text),
            },
        }
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
    messages: &mut HashMap<(NodeId, usize), Option<Arc<Program>>>,
    spec: &super::schema::RuleSpec,
    key: (NodeId, usize),
    scope: &Context,
) -> String {
    let mut detail = None;
    if let Some(expression) = &spec.message_expression {
        let compiled = messages
            .entry(key)
            .or_insert_with(|| env.compile(expression).ok().map(Arc::new))
            .clone();
        if let Some(Ok(Cel::String(text))) = compiled.map(|p| p.execute(scope)) {
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
    let _ = go_value;
    Cause {
        path: field_path,
        message: format!("{field}: {body}"),
        field,
        reason,
    }
}

/// The cause of a rule whose evaluation failed the way the API server's does (a missing key,
/// a library function refusing its input); `Err` with the error's text otherwise.
fn error_cause(
    spec: &super::schema::RuleSpec,
    text: String,
    type_name: &str,
    field_path: Vec<Seg>,
) -> Result<Cause, String> {
    let detail = if let Some(key) = no_such_key(&text) {
        // The API server fails the same way: a field the rule reads is absent.
        format!("no such key: {key}")
    } else if let Some(at) = text.find(K8S_ERROR) {
        // A library function refused its input, as cel-go's does.
        text[at + K8S_ERROR.len()..].to_string()
    } else {
        return Err(text);
    };
    let field = field_string(&field_path);
    Ok(Cause {
        path: field_path,
        message: format!(
            "{field}: Invalid value: {}: {detail} evaluating rule: {}",
            go_quote(type_name),
            rule_error_string(spec)
        ),
        field,
        reason: Reason::Invalid,
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
    value: &'a Value,
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
            items
                .iter()
                .map(|item| {
                    if !is_map {
                        return None;
                    }
                    old_items?.iter().find(|candidate| {
                        keys.iter()
                            .all(|key| item.get(key.as_str()) == candidate.get(key.as_str()))
                    })
                })
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

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
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

type R = Result<Cel, ExecutionError>;

/// Marks the errors of the Kubernetes functions that the API server reports as rule errors.
const K8S_ERROR: &str = "k8s-error: ";

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

fn parse_ip(s: &str) -> Option<std::net::IpAddr> {
    // Kubernetes' CEL refuses IPv4-mapped IPv6 and zones.
    if s.contains('%') {
        return None;
    }
    s.parse().ok()
}

fn parse_url(s: &str) -> Option<(String, String, String, String)> {
    // scheme://host/path?query ; Go's url.Parse is lenient, but CEL's url() needs an
    // absolute URI or an absolute path.
    if s.starts_with('/') {
        let (path, query) = s.split_once('?').unwrap_or((s, ""));
        return Some((
            String::new(),
            String::new(),
            path.to_string(),
            query.to_string(),
        ));
    }
    let (scheme, rest) = s.split_once(':')?;
    if scheme.is_empty()
        || !scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        || !scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    {
        return None;
    }
    let rest = rest.split('#').next().unwrap_or("");
    let (before_query, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = match before_query.strip_prefix("//") {
        Some(authority) => {
            let end = authority.find('/').unwrap_or(authority.len());
            (authority[..end].to_string(), authority[end..].to_string())
        }
        None => (String::new(), before_query.to_string()),
    };
    if host.contains(' ') {
        return None;
    }
    let host = host.rsplit('@').next().unwrap_or("").to_string();
    Some((scheme.to_string(), host, path, query.to_string()))
}

/// A Kubernetes quantity's value (`100m`, `1Gi`, `1e3`), or `None`.
pub fn parse_quantity(s: &str) -> Option<f64> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    let number_end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-'))
        .unwrap_or(s.len());
    let (number, suffix) = s.split_at(number_end);
    if number.is_empty() || number == "+" || number == "-" || number.matches('.').count() > 1 {
        return None;
    }
    let base: f64 = number.parse().ok()?;
    let factor = match suffix {
        "" => 1.0,
        "n" => 1e-9,
        "u" => 1e-6,
        "m" => 1e-3,
        "k" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        "P" => 1e15,
        "E" => 1e18,
        "Ki" => 1024.0,
        "Mi" => 1024f64.powi(2),
        "Gi" => 1024f64.powi(3),
        "Ti" => 1024f64.powi(4),
        "Pi" => 1024f64.powi(5),
        "Ei" => 1024f64.powi(6),
        other => {
            let exponent = other.strip_prefix(['e', 'E'])?;
            let e: i32 = exponent.parse().ok()?;
            10f64.powi(e)
        }
    };
    Some(base * factor)
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
        "uri" => parse_url(value).is_some(),
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

fn optional(value: Option<Cel>) -> Cel {
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

/// Registers the Kubernetes functions CRD rules use most.
pub fn kubernetes_functions(context: &mut Context<'static, 'static>) {
    // One library each, as the Kubernetes CEL environment groups them.
    list_functions(context);
    regex_functions(context);
    ip_functions(context);
    url_functions(context);
    quantity_functions(context);
    format_functions(context);
}

/// The lists library: `isSorted`, `sum`.
fn list_functions(context: &mut Context<'static, 'static>) {
    let list = |ftx: &FunctionContext| -> Result<Arc<Vec<Cel>>, ExecutionError> {
        match this_value(ftx) {
            Some(Cel::List(l)) => Ok(l),
            _ => Err(err(ftx.name, "expected a list")),
        }
    };
    let _ = context.add_function("isSorted", move |ftx: &FunctionContext| -> R {
        let l = list(ftx)?;
        Ok(Cel::Bool(l.windows(2).all(|w| w[0] <= w[1])))
    });
    let _ = context.add_function("sum", move |ftx: &FunctionContext| -> R {
        let l = list(ftx)?;
        if l.iter().all(|v| matches!(v, Cel::Int(_))) {
            Ok(Cel::Int(
                l.iter()
                    .map(|v| if let Cel::Int(i) = v { *i } else { 0 })
                    .sum(),
            ))
        } else {
            Ok(Cel::Float(l.iter().filter_map(number).sum()))
        }
    });
}

/// The regex library: `find`, `findAll`.
fn regex_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "find",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            let Some(Cel::String(s)) = this_value(ftx) else {
                return Err(err("find", "expected a string"));
            };
            let pattern = string_arg(&args, 0, "find")?;
            let re = regex::Regex::new(&pattern).map_err(|e| err("find", e))?;
            Ok(Cel::String(Arc::new(
                re.find(&s)
                    .map_or(String::new(), |m| m.as_str().to_string()),
            )))
        },
    );
    let _ = context.add_function(
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
            let re = regex::Regex::new(&pattern).map_err(|e| err("findAll", e))?;
            Ok(Cel::List(Arc::new(
                re.find_iter(&s)
                    .take(limit)
                    .map(|m| Cel::String(Arc::new(m.as_str().to_string())))
                    .collect(),
            )))
        },
    );
}

/// The ip and cidr libraries.
fn ip_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isIP",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                parse_ip(&string_arg(&args, 0, "isIP")?).is_some(),
            ))
        },
    );
    let _ = context.add_function(
        "isCIDR",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(super::formats::cidr(&string_arg(
                &args, 0, "isCIDR",
            )?)))
        },
    );
    let _ = context.add_function(
        "ip",
        |ftx: &FunctionContext,
         cel::extractors::Arguments(args): cel::extractors::Arguments|
         -> R {
            if let Some(this) = this_value(ftx) {
                let (cidr, _) = untag(&this, "cidr").ok_or_else(|| err("ip", "expected a cidr"))?;
                let ip = cidr.split('/').next().unwrap_or("").to_string();
                return Ok(tagged("ip", &ip, None));
            }
            let s = string_arg(&args, 0, "ip")?;
            let ip = parse_ip(&s).ok_or_else(|| {
                err(
                    "ip",
                    format!("IP Address {s:?} parse error during conversion from string"),
                )
            })?;
            Ok(tagged("ip", &ip.to_string(), None))
        },
    );
    let _ = context.add_function(
        "cidr",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let s = string_arg(&args, 0, "cidr")?;
            if !super::formats::cidr(&s) {
                return Err(err(
                    "cidr",
                    format!("network address {s:?} parse error during conversion from string"),
                ));
            }
            Ok(tagged("cidr", &s, None))
        },
    );
    let _ = context.add_function("family", |ftx: &FunctionContext| -> R {
        let this = this_value(ftx).ok_or_else(|| err("family", "no target"))?;
        let ip = untag(&this, "ip")
            .map(|(v, _)| v)
            .or_else(|| {
                untag(&this, "cidr").map(|(v, _)| v.split('/').next().unwrap_or("").to_string())
            })
            .ok_or_else(|| err("family", "expected an ip"))?;
        Ok(Cel::Int(if ip.contains(':') { 6 } else { 4 }))
    });
    let _ = context.add_function("prefixLength", |ftx: &FunctionContext| -> R {
        let this = this_value(ftx).ok_or_else(|| err("prefixLength", "no target"))?;
        let (c, _) = untag(&this, "cidr").ok_or_else(|| err("prefixLength", "expected a cidr"))?;
        Ok(Cel::Int(
            c.split('/')
                .nth(1)
                .and_then(|p| p.parse().ok())
                .unwrap_or(0),
        ))
    });
    for (name, test) in [
        (
            "isLoopback",
            (|ip: std::net::IpAddr| ip.is_loopback()) as fn(std::net::IpAddr) -> bool,
        ),
        ("isUnspecified", |ip| ip.is_unspecified()),
        ("isGlobalUnicast", |ip| {
            !(ip.is_loopback()
                || ip.is_unspecified()
                || ip.is_multicast()
                || matches!(ip, std::net::IpAddr::V4(v4) if v4.is_broadcast() || v4.is_link_local())
                || matches!(ip, std::net::IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80))
        }),
    ] {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
            let (ip, _) = untag(&this, "ip").ok_or_else(|| err(ftx.name, "expected an ip"))?;
            Ok(Cel::Bool(ip.parse().map(test).unwrap_or(false)))
        });
    }
}

/// The url library.
fn url_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isURL",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                parse_url(&string_arg(&args, 0, "isURL")?).is_some(),
            ))
        },
    );
    let _ = context.add_function(
        "url",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let s = string_arg(&args, 0, "url")?;
            parse_url(&s).ok_or_else(|| {
                err(
                    "url",
                    format!("URL {s:?} parse error during conversion from string"),
                )
            })?;
            Ok(tagged("url", &s, None))
        },
    );
    for (name, part) in [
        ("getScheme", 0usize),
        ("getHost", 1),
        ("getHostname", 2),
        ("getPort", 3),
        ("getEscapedPath", 4),
    ] {
        let _ = context.add_function(name, move |ftx: &FunctionContext| -> R {
            let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
            let (u, _) = untag(&this, "url").ok_or_else(|| err(ftx.name, "expected a url"))?;
            let (scheme, host, path, _) = parse_url(&u).unwrap_or_default();
            let (hostname, port) = if let Some(rest) = host.strip_prefix('[') {
                let end = rest.find(']').unwrap_or(rest.len());
                (
                    rest[..end].to_string(),
                    rest.get(end + 2..).unwrap_or("").to_string(),
                )
            } else {
                match host.rsplit_once(':') {
                    Some((h, p)) => (h.to_string(), p.to_string()),
                    None => (host.clone(), String::new()),
                }
            };
            let out = match part {
                0 => scheme,
                1 => host,
                2 => hostname,
                3 => port,
                _ => path,
            };
            Ok(Cel::String(Arc::new(out)))
        });
    }
    let _ = context.add_function("getQuery", |ftx: &FunctionContext| -> R {
        let this = this_value(ftx).ok_or_else(|| err("getQuery", "no target"))?;
        let (u, _) = untag(&this, "url").ok_or_else(|| err("getQuery", "expected a url"))?;
        let (_, _, _, query) = parse_url(&u).unwrap_or_default();
        let mut map: HashMap<Key, Vec<Cel>> = HashMap::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            map.entry(Key::String(Arc::new(k.to_string())))
                .or_default()
                .push(Cel::String(Arc::new(v.to_string())));
        }
        Ok(Cel::Map(CelMap {
            map: Arc::new(
                map.into_iter()
                    .map(|(k, v)| (k, Cel::List(Arc::new(v))))
                    .collect(),
            ),
        }))
    });
}

/// The quantity library.
fn quantity_functions(context: &mut Context<'static, 'static>) {
    let _ = context.add_function(
        "isQuantity",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            Ok(Cel::Bool(
                parse_quantity(&string_arg(&args, 0, "isQuantity")?).is_some(),
            ))
        },
    );
    let _ = context.add_function("quantity", |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
        let s = string_arg(&args, 0, "quantity")?;
        let n = parse_quantity(&s).ok_or_else(|| k8s_err("quantity", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"))?;
        Ok(tagged("quantity", &s, Some(n)))
    });
    let compare =
        |ftx: &FunctionContext, args: &[Cel]| -> Result<std::cmp::Ordering, ExecutionError> {
            let this = this_value(ftx).ok_or_else(|| err(ftx.name, "no target"))?;
            let (_, a) =
                untag(&this, "quantity").ok_or_else(|| err(ftx.name, "expected a quantity"))?;
            let (_, b) = args
                .first()
                .and_then(|v| untag(v, "quantity"))
                .ok_or_else(|| err(ftx.name, "expected a quantity"))?;
            Ok(a.unwrap_or(0.0)
                .partial_cmp(&b.unwrap_or(0.0))
                .unwrap_or(std::cmp::Ordering::Equal))
        };
    let _ = context.add_function(
        "isGreaterThan",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R {
            Ok(Cel::Bool(
                compare(ftx, &args)? == std::cmp::Ordering::Greater,
            ))
        },
    );
    let _ = context.add_function(
        "isLessThan",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R { Ok(Cel::Bool(compare(ftx, &args)? == std::cmp::Ordering::Less)) },
    );
    let _ = context.add_function(
        "compareTo",
        move |ftx: &FunctionContext,
              cel::extractors::Arguments(args): cel::extractors::Arguments|
              -> R { Ok(Cel::Int(compare(ftx, &args)? as i64)) },
    );
    let _ = context.add_function("asInteger", |ftx: &FunctionContext| -> R {
        let this = this_value(ftx).ok_or_else(|| err("asInteger", "no target"))?;
        let (_, n) =
            untag(&this, "quantity").ok_or_else(|| err("asInteger", "expected a quantity"))?;
        let n = n.unwrap_or(0.0);
        if n.fract() != 0.0 {
            return Err(err("asInteger", "cannot convert value to integer"));
        }
        Ok(Cel::Int(n as i64))
    });
    let _ = context.add_function("asApproximateFloat", |ftx: &FunctionContext| -> R {
        let this = this_value(ftx).ok_or_else(|| err("asApproximateFloat", "no target"))?;
        let (_, n) = untag(&this, "quantity")
            .ok_or_else(|| err("asApproximateFloat", "expected a quantity"))?;
        Ok(Cel::Float(n.unwrap_or(0.0)))
    });
}

/// The format library: `format.<name>()`, `format.named`, `validate`.
fn format_functions(context: &mut Context<'static, 'static>) {
    for name in FORMATS {
        let _ = context.add_function(&format!("format.{name}"), move || -> R {
            Ok(tagged("format", name, None))
        });
    }
    let _ = context.add_function(
        "format.named",
        |cel::extractors::Arguments(args): cel::extractors::Arguments| -> R {
            let name = string_arg(&args, 0, "format.named")?;
            Ok(optional(
                FORMATS
                    .contains(&name.as_str())
                    .then(|| tagged("format", &name, None)),
            ))
        },
    );
    let _ = context.add_function(
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
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(rule: &str, this: Value) -> Result<Cel, String> {
        let rules = Rules::new();
        let program = rules.env.compile(rule).map_err(|e| e.to_string())?;
        let mut scope = rules.context.new_inner_scope();
        scope.add_variable_from_value("self", plain(&this));
        program.execute(&scope).map_err(|e| e.to_string())
    }

    #[test]
    fn kubernetes_library() {
        let yes = |rule: &str, this: Value| {
            assert_eq!(
                eval(rule, this.clone()),
                Ok(Cel::Bool(true)),
                "{rule} on {this}"
            )
        };
        yes("isIP(self) && ip(self).family() == 4", "10.0.0.1".into());
        yes(
            "isCIDR(self) && cidr(self).prefixLength() == 8",
            "10.0.0.0/8".into(),
        );
        yes("!isIP(self)", "10.0.0.300".into());
        yes(
            "isURL(self) && url(self).getScheme() == 'https' && url(self).getHostname() == 'a.b'",
            "https://a.b:8/x?y=1".into(),
        );
        yes(
            "quantity(self).isGreaterThan(quantity('1Gi'))",
            "2Gi".into(),
        );
        yes(
            "!format.dns1123Subdomain().validate(self).hasValue()",
            "a.b".into(),
        );
        yes(
            "format.dns1123Label().validate(self).hasValue()",
            "A_b".into(),
        );
        yes(
            "self.matches('^a+$') && self.find('a+') == 'aa'",
            "aa".into(),
        );
        yes(
            "self.isSorted() && self.sum() == 6",
            serde_json::json!([1, 2, 3]),
        );
        yes("self.lowerAscii() == 'ab'", "AB".into());
        yes("self.split('/').size() == 2", "a/b".into());
    }

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
