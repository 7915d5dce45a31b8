//! The API server's checks of a custom resource before its CEL rules, in its order:
//! defaults (apiextensions-apiserver's structural defaulting, nulls of non-nullable fields
//! pruned), then the schema (kube-openapi's validator as apiextensions reports it), unknown
//! fields (strict field validation), `metadata`, and list-type `set`/`map` uniqueness.
//! Error texts are the API server's `field.Error` strings.

use serde_json::{Map, Value};

use super::objects::Seg;
use super::schema::{Node, NodeId, Schemas, View};
use super::{Cause, Reason};
pub use crate::golit::{go_float, go_quote};

/// Fills in defaults, depth first, and prunes nulls the schema does not allow.
pub fn apply_defaults(schemas: &Schemas, id: NodeId, value: &mut Value, depth: usize) {
    if depth > crate::limits::OBJECT_NESTING {
        return;
    }
    let view = View::new(schemas, id);
    match value {
        Value::Object(object) => {
            default_properties(schemas, &view, object);
            let additional = view.first(|n| n.additional_properties);
            for (name, child) in object.iter_mut() {
                if let Some(property) = view.property(name) {
                    apply_defaults(schemas, property, child, depth + 1);
                } else if let Some(additional) = additional {
                    apply_defaults(schemas, additional, child, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = view.first(|n| n.items) {
                for child in items.iter_mut() {
                    apply_defaults(schemas, item, child, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// The defaults of an object's own properties: absent ones (and nulls where not nullable)
/// get their default; a null with none is pruned.
fn default_properties(schemas: &Schemas, view: &View, object: &mut Map<String, Value>) {
    for node in view.nodes() {
        for (name, property) in &node.properties {
            let pview = View::new(schemas, *property);
            let default = pview.first(|n| n.default.as_ref());
            let nullable = pview.any(|n| n.nullable);
            match (object.get(name), default) {
                (None, Some(default)) => {
                    object.insert(name.clone(), default.clone());
                }
                (Some(Value::Null), Some(default)) if !nullable => {
                    object.insert(name.clone(), default.clone());
                }
                (Some(Value::Null), None) if !nullable => {
                    object.remove(name);
                }
                _ => {}
            }
        }
    }
}

/// Walks an object against its schema, collecting causes.
pub struct Walker<'s> {
    pub schemas: &'s Schemas,
    pub causes: Vec<Cause>,
    pub path: Vec<Seg>,
}

/// The JSON type of a value in kube-openapi's words (`integer` for an int64, `number` for a
/// float64, as the API server's decoder reads them).
pub fn json_type(value: &Value) -> &'static str {
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

/// A value as Go's `field.Error` prints it: `%v` for numbers and booleans, `%q` for strings,
/// JSON for the rest.
pub fn go_value(value: &Value) -> String {
    match value {
        Value::String(s) => go_quote(s),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => go_float(f),
            _ => n.to_string(),
        },
        Value::Bool(b) => b.to_string(),
        other => other.to_string(),
    }
}

/// The field path as the API server prints it: `spec.containers[0].name`; `<nil>` at the root.
pub fn field_string(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Index(i) => {
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
        }
    }
    if out.is_empty() {
        "<nil>".into()
    } else {
        out
    }
}

impl<'s> Walker<'s> {
    fn push(&mut self, reason: Reason, body: String) {
        let field = field_string(&self.path);
        self.causes.push(Cause {
            path: self.path.clone(),
            message: format!("{field}: {body}"),
            field,
            reason,
        });
    }

    /// kube-openapi's name of the current path in messages (`spec.replicas`).
    fn name(&self) -> String {
        let s = field_string(&self.path);
        if s == "<nil>" {
            String::new()
        } else {
            s
        }
    }

    fn in_body(&self, text: &str) -> String {
        let name = self.name();
        if name.is_empty() {
            text.to_string()
        } else {
            format!("{name} in body {text}")
        }
    }

    pub fn walk(&mut self, id: NodeId, value: &Value, depth: usize) {
        if depth > crate::limits::OBJECT_NESTING {
            return;
        }
        let schemas = self.schemas;
        let view = View::new(schemas, id);
        if value.is_null() && view.any(|n| n.nullable) {
            return;
        }
        if !self.check_type(&view, value) {
            return;
        }
        self.check_enum(&view, value);
        for node in view.nodes() {
            match value {
                Value::String(s) => self.check_string(node, s),
                Value::Number(n) => self.check_number(node, value, n),
                Value::Array(items) => self.check_item_count(node, items),
                Value::Object(object) => self.check_object(node, object),
                _ => {}
            }
            for sub in &node.all_of {
                self.walk_constraints_only(*sub, value, depth + 1);
            }
            if let Some(not) = node.not {
                self.check_not(not, value, depth);
            }
            if !node.one_of.is_empty() || !node.any_of.is_empty() {
                self.check_alternatives(
                    node.one_of.as_slice(),
                    node.any_of.as_slice(),
                    value,
                    depth,
                );
            }
        }
        match value {
            Value::Object(object) => self.walk_object(&view, object, depth),
            Value::Array(items) => {
                if let Some(item) = view.first(|n| n.items) {
                    for (i, child) in items.iter().enumerate() {
                        self.path.push(Seg::Index(i));
                        self.walk(item, child, depth + 1);
                        self.path.pop();
                    }
                }
                self.check_list_type(&view, items);
            }
            _ => {}
        }
    }

    /// The `type` (and int-or-string) check; `false` when the value has the wrong type and
    /// nothing else of this node is checked.
    fn check_type(&mut self, view: &View, value: &Value) -> bool {
        let int_or_string = view.any(|n| n.int_or_string);
        let types = view.types();
        let actual = json_type(value);
        let int_or_string_ok = int_or_string && matches!(actual, "integer" | "string");
        if !types.is_empty() && !int_or_string_ok {
            let ok = types.iter().any(|t| {
                t == actual
                    || (t == "number" && actual == "integer")
                    || (t == "integer" && actual == "number" && is_integral(value))
            });
            if !ok {
                let body = format!(
                    "Invalid value: {}: {} must be of type {}: {}",
                    go_quote(actual),
                    self.in_body_prefix(),
                    types.join(","),
                    go_quote(actual)
                );
                self.push(Reason::TypeInvalid, body);
                // kube-openapi goes on with the enum check
                self.check_enum(view, value);
                return false;
            }
        } else if types.is_empty() && int_or_string && !matches!(actual, "integer" | "string") {
            // x-kubernetes-int-or-string: anyOf integer / string
            let body = format!(
                "Invalid value: {}: {} must be of type integer,string: {}",
                go_quote(actual),
                self.in_body_prefix(),
                go_quote(actual)
            );
            self.push(Reason::TypeInvalid, body);
            return false;
        }
        true
    }

    /// maxLength, minLength, pattern and format of a string.
    fn check_string(&mut self, node: &Node, s: &str) {
        let length = s.chars().count() as u64;
        if let Some(max) = node.max_length {
            if length > max {
                let unit = if max == 1 { "byte" } else { "bytes" };
                self.push(
                    Reason::TooLong,
                    format!("Too long: may not be more than {max} {unit}"),
                );
            }
        }
        if let Some(min) = node.min_length {
            if length < min {
                let body = format!(
                    "Invalid value: {}: {}",
                    go_quote(s),
                    self.in_body(&format!("should be at least {min} chars long"))
                );
                self.push(Reason::Invalid, body);
            }
        }
        if let Some((pattern, Some(regex))) = &node.pattern {
            if !regex.is_match(s) {
                let body = format!(
                    "Invalid value: {}: {}",
                    go_quote(s),
                    self.in_body(&format!("should match '{pattern}'"))
                );
                self.push(Reason::Invalid, body);
            }
        }
        if let Some(format) = &node.format {
            if !super::formats::valid(format, s) {
                let body = format!(
                    "Invalid value: {}: {} must be of type {format}: {}",
                    go_quote(s),
                    self.in_body_prefix(),
                    go_quote(s)
                );
                self.push(Reason::Invalid, body);
            }
        }
    }

    /// maximum, minimum and multipleOf of a number.
    fn check_number(&mut self, node: &Node, value: &Value, n: &serde_json::Number) {
        let v = n.as_f64().unwrap_or(0.0);
        let shown = go_value(value);
        if let Some(max) = node.maximum {
            let exclusive = node.exclusive_maximum;
            if v > max || (exclusive && v == max) {
                self.out_of_bound(&shown, max, exclusive, "less than");
            }
        }
        if let Some(min) = node.minimum {
            let exclusive = node.exclusive_minimum;
            if v < min || (exclusive && v == min) {
                self.out_of_bound(&shown, min, exclusive, "greater than");
            }
        }
        if let Some(factor) = node.multiple_of {
            if factor > 0.0 && (v / factor).fract().abs() > 1e-9 {
                let body = format!(
                    "Invalid value: {shown}: {}",
                    self.in_body(&format!("should be a multiple of {}", go_float(factor)))
                );
                self.push(Reason::Invalid, body);
            }
        }
    }

    /// maxItems and minItems of an array.
    fn check_item_count(&mut self, node: &Node, items: &[Value]) {
        self.check_count(items.len() as u64, node.max_items, node.min_items, "items");
    }

    /// A cause of a combinator (`oneOf`, `anyOf`), which kube-openapi reports at no field
    /// (`<nil>`).
    fn push_unnamed(&mut self, body: String) {
        let field = "<nil>".to_string();
        self.causes.push(Cause {
            path: self.path.clone(),
            message: format!("{field}: {body}"),
            field,
            reason: Reason::Invalid,
        });
    }

    /// A number past `maximum`/`minimum` (`than`: "less than" or "greater than"), in
    /// kube-openapi's words.
    fn out_of_bound(&mut self, shown: &str, bound: f64, exclusive: bool, than: &str) {
        let op = if exclusive {
            than.to_string()
        } else {
            format!("{than} or equal to")
        };
        let body = format!(
            "Invalid value: {shown}: {}",
            self.in_body(&format!("should be {op} {}", go_float(bound)))
        );
        self.push(Reason::Invalid, body);
    }

    /// maxItems/minItems and maxProperties/minProperties, in the API server's words (its
    /// "Too many" message says "items" for both).
    fn check_count(&mut self, count: u64, max: Option<u64>, min: Option<u64>, what: &str) {
        if let Some(max) = max.filter(|max| count > *max) {
            let unit = if max == 1 { "item" } else { "items" };
            self.push(
                Reason::TooMany,
                format!("Too many: {count}: must have at most {max} {unit}"),
            );
        }
        if let Some(min) = min.filter(|min| count < *min) {
            let body = format!(
                "Invalid value: {count}: {}",
                self.in_body(&format!("should have at least {min} {what}"))
            );
            self.push(Reason::Invalid, body);
        }
    }

    /// maxProperties, minProperties and required of an object.
    fn check_object(&mut self, node: &Node, object: &Map<String, Value>) {
        self.check_count(
            object.len() as u64,
            node.max_properties,
            node.min_properties,
            "properties",
        );
        for name in &node.required {
            if !object.contains_key(name) {
                self.path.push(Seg::Key(name.clone()));
                self.push(Reason::Required, "Required value".into());
                self.path.pop();
            }
        }
    }

    /// `not`: the value must fail the subschema (unknown fields aside).
    fn check_not(&mut self, not: NodeId, value: &Value, depth: usize) {
        let mut inner = Walker {
            schemas: self.schemas,
            causes: Vec::new(),
            path: self.path.clone(),
        };
        inner.walk(not, value, depth + 1);
        if inner.causes.iter().all(|c| c.reason == Reason::Unknown) {
            let body = format!(
                "Invalid value: \"\": {} must not validate the schema (not)",
                go_quote(&self.name())
            );
            self.push_unnamed(body);
        }
    }

    fn in_body_prefix(&self) -> String {
        let name = self.name();
        if name.is_empty() {
            "body".to_string()
        } else {
            format!("{name} in body")
        }
    }

    fn check_enum(&mut self, view: &View, value: &Value) {
        let Some(allowed) = view.first(|n| n.enum_values.as_ref()) else {
            return;
        };
        if allowed
            .iter()
            .any(|a| a == value || numbers_equal(a, value))
        {
            return;
        }
        let values: Vec<String> = allowed
            .iter()
            .map(|a| match a {
                Value::String(s) => go_quote(s),
                other => go_quote(&other.to_string()),
            })
            .collect();
        let body = format!(
            "Unsupported value: {}: supported values: {}",
            go_value(value),
            values.join(", ")
        );
        self.push(Reason::NotSupported, body);
    }

    /// `allOf` entries that hold only value validations (no properties of their own).
    fn walk_constraints_only(&mut self, id: NodeId, value: &Value, depth: usize) {
        let view = View::new(self.schemas, id);
        if view.has_properties() || view.first(|n| n.items).is_some() {
            // A full schema: validate it, but unknown fields are judged by the parent.
            let mut inner = Walker {
                schemas: self.schemas,
                causes: Vec::new(),
                path: self.path.clone(),
            };
            inner.walk(id, value, depth);
            self.causes.extend(
                inner
                    .causes
                    .into_iter()
                    .filter(|c| c.reason != Reason::Unknown),
            );
        } else {
            self.walk(id, value, depth);
        }
    }

    fn check_alternatives(
        &mut self,
        one_of: &[NodeId],
        any_of: &[NodeId],
        value: &Value,
        depth: usize,
    ) {
        let failures = |this: &Self, id: NodeId| {
            let mut inner = Walker {
                schemas: this.schemas,
                causes: Vec::new(),
                path: this.path.clone(),
            };
            inner.walk(id, value, depth + 1);
            inner.causes.retain(|c| c.reason != Reason::Unknown);
            inner.causes
        };
        let name = self.name();
        if !one_of.is_empty() {
            // Each alternative is walked once (nested alternatives would otherwise be walked
            // again at every level).
            let mut outcomes: Vec<Vec<Cause>> =
                one_of.iter().map(|id| failures(self, *id)).collect();
            let valid = outcomes.iter().filter(|causes| causes.is_empty()).count();
            if valid == 0 {
                // kube-openapi adds the failures of the first alternative.
                self.causes.append(&mut outcomes[0]);
            }
            if valid != 1 {
                let found = if valid == 0 {
                    "Found none valid"
                } else {
                    "Found more than one"
                };
                let body = format!(
                    "Invalid value: \"\": {} must validate one and only one schema (oneOf). {found}",
                    go_quote(&name)
                );
                self.push_unnamed(body);
            }
        }
        if !any_of.is_empty() && !any_of.iter().any(|id| failures(self, *id).is_empty()) {
            let body = format!(
                "Invalid value: \"\": {} must validate at least one schema (anyOf)",
                go_quote(&name)
            );
            self.push_unnamed(body);
        }
    }

    fn walk_object(&mut self, view: &View, object: &Map<String, Value>, depth: usize) {
        let preserve = view.any(|n| n.preserve_unknown);
        let embedded = view.any(|n| n.embedded_resource);
        let additional = view.first(|n| n.additional_properties);
        let additional_allowed = view.first(|n| n.additional_allowed);
        let declared = view.has_properties();
        let is_object_type = view.types().iter().any(|t| t == "object") || declared;
        for (name, child) in object {
            self.path.push(Seg::Key(name.clone()));
            if let Some(property) = view.property(name) {
                self.walk(property, child, depth + 1);
            } else if let Some(additional) = additional {
                self.walk(additional, child, depth + 1);
            } else if embedded && matches!(name.as_str(), "apiVersion" | "kind" | "metadata") {
                if name == "metadata" {
                    super::metadata::check(self, child, false, true);
                }
            } else if !preserve
                && additional_allowed != Some(true)
                && is_object_type
                && !(self.path.len() == 1
                    && matches!(name.as_str(), "apiVersion" | "kind" | "metadata"))
            {
                let field = field_string(&self.path);
                self.causes.push(Cause {
                    path: self.path.clone(),
                    message: format!("unknown field {}", go_quote(&field)),
                    field,
                    reason: Reason::Unknown,
                });
            }
            self.path.pop();
        }
    }

    pub fn push_at(&mut self, key: &str, reason: Reason, body: String) {
        self.path.push(Seg::Key(key.to_string()));
        self.push(reason, body);
        self.path.pop();
    }

    pub fn push_here(&mut self, reason: Reason, body: String) {
        self.push(reason, body);
    }

    /// `x-kubernetes-list-type: set|map`: no duplicates (structured-merge-diff's rules).
    fn check_list_type(&mut self, view: &View, items: &[Value]) {
        let Some(list_type) = view.first(|n| n.list_type.as_deref()) else {
            return;
        };
        match list_type {
            "set" => self.check_set(items),
            "map" => self.check_map(view, items),
            _ => {}
        }
    }

    /// `x-kubernetes-list-type: set`: no item twice (items compared by a canonical text,
    /// hashed: linear in the list).
    fn check_set(&mut self, items: &[Value]) {
        let mut seen: std::collections::HashSet<String> =
            std::collections::HashSet::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            if !seen.insert(canonical(item)) {
                self.path.push(Seg::Index(i));
                self.push(
                    Reason::Duplicate,
                    format!("Duplicate value: {}", go_value(item)),
                );
                self.path.pop();
            }
        }
    }

    /// `x-kubernetes-list-type: map`: every item has its keys, no two the same ones (hashed).
    fn check_map(&mut self, view: &View, items: &[Value]) {
        let keys: Vec<String> = view
            .first(|n| (!n.list_map_keys.is_empty()).then_some(n.list_map_keys.clone()))
            .unwrap_or_default();
        let item_schema = view.first(|n| n.items);
        let mut seen: std::collections::HashSet<String> =
            std::collections::HashSet::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let Some(object) = item.as_object() else {
                continue;
            };
            let Some(key) = self.map_key(&keys, item_schema, i, object) else {
                continue;
            };
            if !seen.insert(canonical(&Value::Object(key.clone()))) {
                self.path.push(Seg::Index(i));
                self.push(
                    Reason::Duplicate,
                    format!("Duplicate value: {}", go_map(&key)),
                );
                self.path.pop();
            }
        }
    }

    /// The map keys of item `i`; `None` (each missing key reported) when one is missing.
    fn map_key(
        &mut self,
        keys: &[String],
        item_schema: Option<NodeId>,
        i: usize,
        object: &Map<String, Value>,
    ) -> Option<Map<String, Value>> {
        let mut key = Map::new();
        let mut complete = true;
        for k in keys {
            if let Some(v) = object.get(k) {
                key.insert(k.clone(), v.clone());
                continue;
            }
            // a key with a default is filled in; else it is required
            let default = item_schema
                .and_then(|s| View::new(self.schemas, s).property(k))
                .and_then(|p| View::new(self.schemas, p).first(|n| n.default.clone()));
            match default {
                Some(d) => {
                    key.insert(k.clone(), d);
                }
                None => {
                    complete = false;
                    self.path.push(Seg::Index(i));
                    self.path.push(Seg::Key(k.clone()));
                    self.push(Reason::Required, "Required value".into());
                    self.path.pop();
                    self.path.pop();
                }
            }
        }
        complete.then_some(key)
    }
}

/// A value's text with object keys sorted: equal values (as `==` compares them) have equal
/// texts, so uniqueness is a hash lookup. Without recursion (items nest as deep as objects).
pub fn canonical(value: &Value) -> String {
    enum Item<'v> {
        Value(&'v Value),
        Key(&'v str),
        Text(&'static str),
    }
    let mut out = String::new();
    let mut stack = vec![Item::Value(value)];
    while let Some(next) = stack.pop() {
        match next {
            Item::Text(text) => out.push_str(text),
            Item::Key(key) => out.push_str(&go_quote(key)),
            Item::Value(Value::Array(items)) => {
                out.push('[');
                stack.push(Item::Text("]"));
                for item in items.iter().rev() {
                    stack.push(Item::Value(item));
                    stack.push(Item::Text(","));
                }
            }
            Item::Value(Value::Object(map)) => {
                out.push('{');
                stack.push(Item::Text("}"));
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                for (key, item) in entries.into_iter().rev() {
                    stack.push(Item::Value(item));
                    stack.push(Item::Text(":"));
                    stack.push(Item::Key(key));
                    stack.push(Item::Text(","));
                }
            }
            Item::Value(Value::Number(n)) => {
                // 1 and 1.0 differ, as `==` on JSON numbers has them.
                out.push_str(&n.to_string());
                if n.is_f64() {
                    out.push('f');
                }
            }
            Item::Value(Value::String(s)) => out.push_str(&go_quote(s)),
            Item::Value(scalar) => out.push_str(&scalar.to_string()),
        }
    }
    out
}

/// A float the API server's validator takes for an integer (go-openapi's
/// `IsFloat64AJSONInteger`): integral and within ±(2^53 − 1), where a float64 holds every
/// integer exactly.
fn is_integral(value: &Value) -> bool {
    const MAX_JSON_FLOAT: f64 = 9_007_199_254_740_991.0;
    value
        .as_f64()
        .is_some_and(|f| f.fract() == 0.0 && f.abs() <= MAX_JSON_FLOAT)
}

fn numbers_equal(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// A map as Go's `%#v` prints a `map[string]interface {}` (the API server's duplicate
/// list-map key): keys sorted.
fn go_map(map: &Map<String, Value>) -> String {
    let sorted: std::collections::BTreeMap<&String, &Value> = map.iter().collect();
    let entries: Vec<String> = sorted
        .iter()
        .map(|(k, v)| format!("{}:{}", go_quote(k), go_sharp(v)))
        .collect();
    format!("map[string]interface {{}}{{{}}}", entries.join(", "))
}

fn go_sharp(value: &Value) -> String {
    match value {
        Value::String(s) => go_quote(s),
        Value::Number(n) if n.is_i64() => format!("{n}"),
        Value::Number(n) => go_float(n.as_f64().unwrap_or(0.0)),
        Value::Bool(b) => b.to_string(),
        Value::Null => "interface {}(nil)".into(),
        Value::Object(m) => go_map(m),
        Value::Array(items) => format!(
            "[]interface {{}}{{{}}}",
            items.iter().map(go_sharp).collect::<Vec<_>>().join(", ")
        ),
    }
}
