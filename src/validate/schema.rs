//! Schemas compiled for validation: a CRD version's `openAPIV3Schema`, or the v3 definitions
//! built from the Go types (`$ref`-linked, possibly recursive), read once into an arena of
//! [`Node`]s with their patterns compiled. Validation then never looks a schema up by name.

use std::collections::HashMap;

use serde_json::Value;

/// Nodes with more properties than this look them up by a hash index.
const INDEXED_PROPERTIES: usize = 16;

/// Index of a node in [`Schemas::nodes`].
pub type NodeId = usize;

/// One schema node, with what validation reads.
#[derive(Debug, Default)]
pub struct Node {
    pub types: Vec<String>,
    pub nullable: bool,
    pub format: Option<String>,
    pub default: Option<Value>,
    pub enum_values: Option<Vec<Value>>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub multiple_of: Option<f64>,
    pub max_length: Option<u64>,
    pub min_length: Option<u64>,
    pub pattern: Option<(String, Option<regex::Regex>)>,
    pub max_items: Option<u64>,
    pub min_items: Option<u64>,
    pub unique_items: bool,
    pub max_properties: Option<u64>,
    pub min_properties: Option<u64>,
    pub required: Vec<String>,
    pub properties: Vec<(String, NodeId)>,
    /// `properties` by name, for nodes with many (a lookup per field stays constant-time).
    pub property_index: HashMap<String, NodeId>,
    pub additional_properties: Option<NodeId>,
    /// `additionalProperties: true` (any value) or `false`.
    pub additional_allowed: Option<bool>,
    pub items: Option<NodeId>,
    pub all_of: Vec<NodeId>,
    pub any_of: Vec<NodeId>,
    pub one_of: Vec<NodeId>,
    pub not: Option<NodeId>,
    /// `$ref` (also a lone `allOf: [{$ref}]` entry): the referenced definition.
    pub reference: Option<NodeId>,
    pub int_or_string: bool,
    pub preserve_unknown: bool,
    pub embedded_resource: bool,
    pub list_type: Option<String>,
    pub list_map_keys: Vec<String>,
    pub rules: Vec<RuleSpec>,
}

/// One `x-kubernetes-validations` entry.
#[derive(Debug, Clone, Default)]
pub struct RuleSpec {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub reason: Option<String>,
    pub field_path: Option<String>,
    pub optional_old_self: bool,
}

/// The compiled schemas of a run, and where each root kind starts.
#[derive(Debug, Default)]
pub struct Schemas {
    pub nodes: Vec<Node>,
    /// Definition name → node (Go types).
    definitions: HashMap<String, NodeId>,
    /// Definitions not compiled yet (Go types): name → JSON.
    pending: HashMap<String, Value>,
    /// Compiling a Go type's definition: openapi-gen writes `default: {}` on struct fields
    /// that the API server never applies (built-in types are defaulted in Go), so those are
    /// left out.
    in_definition: bool,
}

impl Schemas {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Adds the v3 definitions (`components.schemas`) whose `$ref`s nodes may follow.
    pub fn add_definitions(&mut self, definitions: serde_json::Map<String, Value>) {
        self.pending.extend(definitions);
    }

    /// The node of a definition, compiled on first use.
    pub fn definition(&mut self, name: &str) -> Option<NodeId> {
        if let Some(id) = self.definitions.get(name) {
            return Some(*id);
        }
        let value = self.pending.remove(name)?;
        // Reserve the slot first: a recursive definition refers to itself.
        let id = self.nodes.len();
        self.nodes.push(Node::default());
        self.definitions.insert(name.to_string(), id);
        let outer = std::mem::replace(&mut self.in_definition, true);
        let node = self.build(&value, 0);
        self.in_definition = outer;
        self.nodes[id] = node;
        Some(id)
    }

    /// Compiles a schema (a CRD version's `openAPIV3Schema`) into the arena.
    pub fn compile(&mut self, schema: &Value) -> NodeId {
        self.compile_at(schema, 0)
    }

    fn compile_at(&mut self, schema: &Value, depth: usize) -> NodeId {
        let node = self.build(schema, depth);
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn build(&mut self, schema: &Value, depth: usize) -> Node {
        let mut node = Node::default();
        let Some(object) = schema.as_object() else {
            return node;
        };
        if depth > crate::limits::SCHEMA_NESTING {
            node.preserve_unknown = true;
            return node;
        }
        value_keywords(&mut node, object, self.in_definition);
        self.subschemas(&mut node, object, depth);
        kubernetes_extensions(&mut node, object);
        node
    }

    /// The subschemas of `object`, compiled in this order (their ids depend on it), and its
    /// `$ref`.
    fn subschemas(
        &mut self,
        node: &mut Node,
        object: &serde_json::Map<String, Value>,
        depth: usize,
    ) {
        if let Some(properties) = object.get("properties").and_then(Value::as_object) {
            for (name, property) in properties {
                let id = self.compile_at(property, depth + 1);
                node.properties.push((name.clone(), id));
            }
            if node.properties.len() > INDEXED_PROPERTIES {
                node.property_index = node.properties.iter().cloned().collect();
            }
        }
        match object.get("additionalProperties") {
            Some(Value::Bool(b)) => node.additional_allowed = Some(*b),
            Some(value @ Value::Object(_)) => {
                node.additional_properties = Some(self.compile_at(value, depth + 1))
            }
            _ => {}
        }
        if let Some(items) = object.get("items") {
            node.items = Some(self.compile_at(items, depth + 1));
        }
        let list = |key: &str, this: &mut Schemas| -> Vec<NodeId> {
            object
                .get(key)
                .and_then(Value::as_array)
                .map(|a| a.iter().map(|s| this.compile_at(s, depth + 1)).collect())
                .unwrap_or_default()
        };
        node.all_of = list("allOf", self);
        node.any_of = list("anyOf", self);
        node.one_of = list("oneOf", self);
        if let Some(not) = object.get("not") {
            node.not = Some(self.compile_at(not, depth + 1));
        }
        if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
            let name = reference.rsplit('/').next().unwrap_or(reference);
            node.reference = self.definition(name);
        }
        // kube-openapi's v3 wraps a property's `$ref` in `allOf` (beside its default and
        // description): follow it like a `$ref`.
        if node.reference.is_none() && node.all_of.len() == 1 {
            let only = node.all_of[0];
            if let Some(target) = self.nodes[only].reference {
                if self.nodes[only].types.is_empty() && self.nodes[only].properties.is_empty() {
                    node.reference = Some(target);
                    node.all_of.clear();
                }
            }
        }
    }
}

/// The keywords that constrain the value itself: type, format, default, enum, bounds,
/// lengths, counts, pattern, required.
fn value_keywords(node: &mut Node, object: &serde_json::Map<String, Value>, in_definition: bool) {
    let number = |key: &str| object.get(key).and_then(Value::as_f64);
    let count = |key: &str| object.get(key).and_then(Value::as_u64);
    let flag = |key: &str| object.get(key).and_then(Value::as_bool).unwrap_or(false);
    match object.get("type") {
        Some(Value::String(t)) => node.types.push(t.clone()),
        Some(Value::Array(ts)) => node
            .types
            .extend(ts.iter().filter_map(Value::as_str).map(str::to_string)),
        _ => {}
    }
    node.nullable = flag("nullable");
    node.format = object
        .get("format")
        .and_then(Value::as_str)
        .map(str::to_string);
    node.default = object.get("default").cloned();
    if in_definition
        && node
            .default
            .as_ref()
            .is_some_and(|d| d.as_object().is_some_and(|o| o.is_empty()))
    {
        node.default = None;
    }
    node.enum_values = object.get("enum").and_then(Value::as_array).cloned();
    node.maximum = number("maximum");
    node.minimum = number("minimum");
    node.exclusive_maximum = flag("exclusiveMaximum");
    node.exclusive_minimum = flag("exclusiveMinimum");
    node.multiple_of = number("multipleOf");
    node.max_length = count("maxLength");
    node.min_length = count("minLength");
    node.max_items = count("maxItems");
    node.min_items = count("minItems");
    node.unique_items = flag("uniqueItems");
    node.max_properties = count("maxProperties");
    node.min_properties = count("minProperties");
    if let Some(pattern) = object.get("pattern").and_then(Value::as_str) {
        node.pattern = Some((pattern.to_string(), super::go_regex::compile(pattern).ok()));
    }
    node.required = strings(object, "required");
}

/// A keyword's list of strings (`required`, `x-kubernetes-list-map-keys`); empty when absent.
fn strings(object: &serde_json::Map<String, Value>, key: &str) -> Vec<String> {
    object
        .get(key)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The `x-kubernetes-*` extensions, rules included.
fn kubernetes_extensions(node: &mut Node, object: &serde_json::Map<String, Value>) {
    let flag = |key: &str| object.get(key).and_then(Value::as_bool).unwrap_or(false);
    node.int_or_string = flag("x-kubernetes-int-or-string");
    node.preserve_unknown = flag("x-kubernetes-preserve-unknown-fields");
    node.embedded_resource = flag("x-kubernetes-embedded-resource");
    node.list_type = object
        .get("x-kubernetes-list-type")
        .and_then(Value::as_str)
        .map(str::to_string);
    node.list_map_keys = strings(object, "x-kubernetes-list-map-keys");
    if let Some(rules) = object
        .get("x-kubernetes-validations")
        .and_then(Value::as_array)
    {
        for rule in rules {
            let text = |key: &str| rule.get(key).and_then(Value::as_str).map(str::to_string);
            let Some(expression) = text("rule") else {
                continue;
            };
            node.rules.push(RuleSpec {
                rule: expression,
                message: text("message"),
                message_expression: text("messageExpression"),
                reason: text("reason"),
                field_path: text("fieldPath"),
                optional_old_self: rule
                    .get("optionalOldSelf")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            });
        }
    }
}

/// A node with its `$ref` chain: what validation reads of a property.
pub struct View<'s> {
    pub schemas: &'s Schemas,
    /// The node, then what it refers to.
    pub chain: Vec<NodeId>,
}

impl<'s> View<'s> {
    pub fn new(schemas: &'s Schemas, id: NodeId) -> View<'s> {
        let mut chain = vec![id];
        let mut at = id;
        while let Some(next) = schemas.nodes[at].reference {
            if chain.contains(&next) || chain.len() > 16 {
                break;
            }
            chain.push(next);
            at = next;
        }
        View { schemas, chain }
    }

    pub fn nodes(&self) -> impl Iterator<Item = &'s Node> + '_ {
        self.chain.iter().map(|id| &self.schemas.nodes[*id])
    }

    /// The first node (along the chain) where `f` gives something.
    pub fn first<T>(&self, f: impl Fn(&'s Node) -> Option<T>) -> Option<T> {
        self.nodes().find_map(f)
    }

    pub fn types(&self) -> &'s [String] {
        self.first(|n| (!n.types.is_empty()).then_some(n.types.as_slice()))
            .unwrap_or(&[])
    }

    pub fn any(&self, f: impl Fn(&Node) -> bool) -> bool {
        self.nodes().any(f)
    }

    /// The property `name` (the first node that declares it).
    pub fn property(&self, name: &str) -> Option<NodeId> {
        self.nodes().find_map(|n| {
            if n.properties.len() > INDEXED_PROPERTIES {
                return n.property_index.get(name).copied();
            }
            n.properties
                .iter()
                .find(|(p, _)| p == name)
                .map(|(_, id)| *id)
        })
    }

    pub fn has_properties(&self) -> bool {
        self.any(|n| !n.properties.is_empty())
    }
}
