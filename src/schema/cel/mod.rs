//! CEL rules that enforce unions on an API server (SPEC §6, `--cel` and `crd`): the
//! `x-kubernetes-validations` entries of a struct's schema, one `{"rule", "message"}` object
//! each.
//!
//! First law: a rule never rejects an object the API accepts. So rules say only what the
//! union's marker family means for sure, and [`check`] evaluates every rule on valid witness
//! objects before it is written. Shapes, per union, in the order of the struct's unions:
//! - 2019 KEP (`+union`, `+unionDeprecated`): `(S(a) ? 1 : 0) + (S(b) ? 1 : 0) <= 1` only —
//!   its discriminator "values" are Go field names, labels that are often not real values. In
//!   a `+union` struct whose fields also carry `+unionMember`, the sum covers those fields only
//!   ([`Union::named_members`]).
//! - undiscriminated `k8s:` unions: the same sum `== 1` (`<= 1` for `zeroOrOneOfMember`). The
//!   sum is written out instead of `[…].filter(x, x).size()`: a macro's estimated cost grows
//!   with the list it iterates, a sum of ternaries is constant.
//! - discriminated (KEP-1027, `k8s:`), per member whose value `V` the discriminator allows:
//!   `!has(self.d) || self.d == '' || (self.d == 'V' ? S(m) : !S(m))` (an `optional` member:
//!   `… || self.d == 'V' || !S(m)`), plus the at-most-one sum when the discriminator may be
//!   unset: an unset discriminator selects nothing. The discriminator's own allowed set is
//!   left to its `enum`; no rule lists values.
//!
//! `S(m)`, "m is set", follows the Go field ([`ZeroForm`]): `has(self.m)` for a pointer, and
//! a comparison with the zero value for a plain string, number, bool, slice or map, which Go
//! writes even when unset unless the tag says `omitempty`. A struct value has no zero a rule
//! can test: such a member gets no rule and a `cel/unenforceable` warning.
//!
//! Field names are escaped as the API server's CEL environment names properties
//! ([`escape`]); a name it cannot escape cannot be selected at all (Kubernetes offers no
//! `self['x']` for declared properties), so the rules that would need it are left out.
//!
//! Input: unions and [`StructFacts`]. Output: rules and [`Finding`]s. Must not know: Go
//! syntax or output formats.

pub mod check;
pub mod cost;
pub mod over_budget;

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic};
use crate::model::{
    Count, DiscriminatorValues, ItemList, MemberSet, PropertyType, StructDef, Union, UnionMember,
    ZeroForm,
};
use crate::source::Span;
/// The extension key the rules go under.
pub const EXTENSION: &str = "x-kubernetes-validations";

/// CEL's reserved words, escaped to `__{word}__` by Kubernetes (apiserver `pkg/cel`).
const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// One validation rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub rule: String,
    pub message: String,
}

impl Rule {
    /// `{"rule": …, "message": …}`, in this key order.
    pub fn to_json(&self) -> serde_json::Value {
        let mut object = serde_json::Map::new();
        object.insert("rule".into(), self.rule.clone().into());
        object.insert("message".into(), self.message.clone().into());
        serde_json::Value::Object(object)
    }
}

/// A property name as Kubernetes' CEL environment names it, or `None` when it cannot be
/// accessed from CEL. Kubernetes' rules (`k8s.io/apiserver/pkg/cel.Escape`): only names
/// matching `[a-zA-Z_.-/][a-zA-Z0-9_.-/]*` are accessible; a name that is exactly a
/// reserved word becomes `__{word}__`; otherwise, left to right, `__` becomes
/// `__underscores__`, `.` `__dot__`, `-` `__dash__` and `/` `__slash__`.
pub fn escape(name: &str) -> Option<String> {
    let first = name.chars().next()?;
    if first.is_ascii_digit() {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

/// A single-quoted CEL string literal of `value`.
pub fn string_literal(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The JSON type of a property, as far as rules and witnesses need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    String,
    Integer,
    Number,
    Boolean,
    List,
    Map,
    Object,
    Any,
}

impl ValueKind {
    fn of(ty: &PropertyType) -> ValueKind {
        match ty {
            PropertyType::Primitive { ty, .. } => ValueKind::from_schema_type(ty),
            PropertyType::Enum(..) | PropertyType::ExplicitEnum(..) => ValueKind::String,
            PropertyType::Ref(_) | PropertyType::Object(_) => ValueKind::Object,
            PropertyType::Array(_) => ValueKind::List,
            PropertyType::Map(_) => ValueKind::Map,
            PropertyType::Any | PropertyType::NamedInterface(_) | PropertyType::Unsupported => {
                ValueKind::Any
            }
        }
    }

    /// From an OpenAPI `type`.
    pub fn from_schema_type(ty: &str) -> ValueKind {
        match ty {
            "string" => ValueKind::String,
            "integer" => ValueKind::Integer,
            "number" => ValueKind::Number,
            "boolean" => ValueKind::Boolean,
            "array" => ValueKind::List,
            "object" => ValueKind::Object,
            _ => ValueKind::Any,
        }
    }
}

/// What the rules and the self-check know of one property of a struct: from the Go model,
/// overlaid with a CRD manifest's own `enum`, `default` and `required` by `crd`.
#[derive(Debug, Clone)]
pub struct FieldFacts {
    pub zero: ZeroForm,
    pub kind: ValueKind,
    pub omitempty: bool,
    /// The string values the schema allows (`enum`), when it lists them.
    pub allowed: Option<Vec<String>>,
    pub default: Option<serde_json::Value>,
    pub required: bool,
    /// The list's `maxItems`, which bounds the cost of a rule over its items.
    pub max_items: Option<i64>,
}

impl FieldFacts {
    /// A non-empty string default: the value the API server gives the field when it is absent.
    fn string_default(&self) -> Option<&str> {
        self.default
            .as_ref()
            .and_then(serde_json::Value::as_str)
            .filter(|v| !v.is_empty())
    }

    /// Whether the API accepts the discriminator value `value`.
    fn allows(&self, value: &str) -> bool {
        self.allowed
            .as_ref()
            .is_none_or(|values| values.iter().any(|v| v == value))
    }
}

/// A struct's properties by JSON name.
#[derive(Debug, Clone, Default)]
pub struct StructFacts {
    fields: HashMap<String, FieldFacts>,
    /// The facts of the struct a property holds, for the subfield unions declared on it
    /// ([`Union::subfield`]).
    nested: HashMap<String, StructFacts>,
}

impl StructFacts {
    pub fn from_model(def: &StructDef) -> StructFacts {
        let fields = def
            .properties
            .iter()
            .map(|p| {
                let facts = FieldFacts {
                    zero: p.zero,
                    kind: ValueKind::of(&p.ty),
                    omitempty: p.omitempty,
                    allowed: match &p.ty {
                        PropertyType::Enum(values, _) | PropertyType::ExplicitEnum(values, _)
                            if !values.is_empty() =>
                        {
                            Some(values.iter().map(|v| v.value.clone()).collect())
                        }
                        _ => None,
                    },
                    default: p
                        .default
                        .as_ref()
                        .and_then(crate::model::DefaultValue::to_json),
                    required: def.required.contains(&p.json_name),
                    max_items: p.validations.as_ref().and_then(|v| v.limits.max_items),
                };
                (p.json_name.clone(), facts)
            })
            .collect();
        StructFacts {
            fields,
            nested: HashMap::new(),
        }
    }

    /// These facts, with `facts` for the struct held by the property `field`.
    pub fn with_nested(mut self, field: &str, facts: StructFacts) -> StructFacts {
        self.nested.insert(field.to_string(), facts);
        self
    }

    /// Facts given field by field (tests, and callers with their own schema).
    pub fn from_fields(fields: impl IntoIterator<Item = (String, FieldFacts)>) -> StructFacts {
        StructFacts {
            fields: fields.into_iter().collect(),
            nested: HashMap::new(),
        }
    }

    pub fn get(&self, name: &str) -> Option<&FieldFacts> {
        self.fields.get(name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut FieldFacts> {
        self.fields.get_mut(name)
    }
}

/// What kept a rule from being written.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// The union (or one member) cannot be enforced; the sentence says why and what is left out.
    Unenforceable(String),
    /// A rule over the items of a list without `maxItems` was written: the API server
    /// estimates its cost from the largest list a request can hold, and may refuse it.
    Unbounded(String),
    /// The API server's estimate of the rule's cost where it sits is over the per-expression
    /// limit ([`cost::STATIC_ESTIMATED_COST_LIMIT`]); the rule was not written.
    OverBudget {
        rule: Rule,
        /// `MaxCost × cardinality`.
        estimate: u64,
        limit: u64,
        /// What would bring it under: a sentence.
        fix: String,
    },
    /// The self-check found a valid object the rule rejects; the rule was not written.
    RejectsValid {
        rule: Rule,
        /// The witness, as JSON text with the fields' JSON names.
        witness: String,
        /// Why it failed: `false`, or the evaluation error.
        outcome: String,
    },
}

impl Finding {
    /// The diagnostic for a finding on struct `type_name` (declared at `span`).
    pub fn diagnostic(&self, type_name: &str, span: Span) -> Diagnostic {
        match self {
            Finding::Unenforceable(problem) => Diagnostic::new(
                Code::CelUnenforceable,
                span,
                format!("{type_name}: {problem}"),
            )
            .with_help(
                "make the member a pointer, give the field a JSON name CEL can select \
                 (letters, digits, `_`, `.`, `-`, `/`, not starting with a digit), or write \
                 this rule by hand",
            ),
            Finding::Unbounded(list) => Diagnostic::new(
                Code::CelUnboundedList,
                span,
                format!(
                    "{type_name}: the rule of the list-item union over `{list}` walks a list \
                     without `maxItems`; the API server estimates its cost from the largest \
                     list a request can hold and may refuse the schema (cost budget exceeded)"
                ),
            )
            .with_help(format!(
                "bound the list `{list}`: `+k8s:validation:maxItems=N` (openapi-gen), or in a \
                 CRD `maxItems` (`+kubebuilder:validation:MaxItems=N`)"
            )),
            Finding::OverBudget {
                rule,
                estimate,
                limit,
                fix,
            } => over_budget::OverBudget::OurRule {
                type_name: type_name.to_string(),
                rule: rule.rule.clone(),
                estimate: *estimate,
                limit: *limit,
                fix: fix.clone(),
            }
            .into_diagnostic(span),
            Finding::RejectsValid {
                rule,
                witness,
                outcome,
            } => Diagnostic::new(
                Code::CelRejectsValid,
                span,
                format!(
                    "{type_name}: the rule `{}` rejects the valid object {witness} ({outcome}), \
                     so it is not written",
                    rule.rule
                ),
            )
            .with_help(
                "the union's markers and the schema disagree (a member with a `default`, a \
                 discriminator value no member accepts): see `union-gen explain cel/rejects-valid`",
            ),
        }
    }
}

/// The checked rules of a struct's unions, and what could not be written.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub rules: Vec<Rule>,
    pub findings: Vec<Finding>,
}

/// Rules for `unions`, each evaluated on the witnesses of its union ([`check`]) first.
pub fn plan(unions: &[Union], facts: &StructFacts) -> Plan {
    let mut plan = Plan::default();
    for union in unions.iter().filter(|u| !u.gated) {
        if let Some(field) = &union.subfield {
            subfield_plan(union, field, facts, &mut plan);
            continue;
        }
        let mut rules = Vec::new();
        let mut problems = Vec::new();
        union_rules(union, facts, &mut rules, &mut problems);
        plan.findings
            .extend(problems.into_iter().map(Finding::Unenforceable));
        if rules.is_empty() {
            continue;
        }
        let witnesses = check::witnesses(union, facts);
        for rule in rules {
            match check::first_rejected(&rule, &witnesses, facts) {
                None => {
                    if let Some(items) = &union.items {
                        if facts
                            .get(&items.list)
                            .is_some_and(|f| f.max_items.is_none())
                        {
                            plan.findings.push(Finding::Unbounded(items.list.clone()));
                        }
                    }
                    if !plan.rules.contains(&rule) {
                        plan.rules.push(rule);
                    }
                }
                Some((witness, outcome)) => plan.findings.push(Finding::RejectsValid {
                    rule,
                    witness,
                    outcome,
                }),
            }
        }
    }
    plan
}

/// The rules of one struct of the model (`--cel`).
/// Where a struct's rules sit in a CRD schema: what the API server's cost estimate needs.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The CEL type of the struct's schema node (`self`).
    pub node: cost::DeclType,
    /// How often the node may occur in one object.
    pub cardinality: cost::Cardinality,
    /// The lists and maps above the node, outermost first: their schema path (for messages)
    /// and `maxItems`/`maxProperties` (`None`: none).
    pub enclosing: Vec<(String, Option<u64>)>,
}

impl Placement {
    /// The estimated cost of `rule` here (`MaxCost × cardinality`), or why there is none.
    pub fn cost(&self, rule: &str) -> Result<u64, String> {
        let max_cost = cost::estimate(rule, &self.node)?;
        Ok(cost::expression_cost(
            max_cost,
            self.cardinality,
            &self.node,
        ))
    }

    /// What would bring a rule of `max_cost` here under `limit`: the `maxItems` (or
    /// `maxProperties`) of the enclosing lists, or of a list the rule walks.
    fn fix(&self, rule: &str, max_cost: u64, limit: u64) -> String {
        let unbounded: Vec<&str> = self
            .enclosing
            .iter()
            .filter(|(_, bound)| bound.is_none())
            .map(|(path, _)| path.as_str())
            .collect();
        let bounded: u64 = self
            .enclosing
            .iter()
            .filter_map(|(_, bound)| *bound)
            .fold(1u64, u64::saturating_mul);
        let room = |others: u64| limit / max_cost.saturating_mul(others).max(1);
        let advice = match (unbounded.as_slice(), self.enclosing.last()) {
            ([], None) => None,
            ([], Some((nearest, bound))) => {
                let others = bounded / bound.unwrap_or(1).max(1);
                let room = room(others);
                (room > 0).then(|| {
                    format!(
                        "lower the `maxItems` of `{nearest}` to {room} or less (the rule costs \
                         {max_cost} per occurrence; `+kubebuilder:validation:MaxItems={room}`)"
                    )
                })
            }
            ([one], _) => {
                let room = room(bounded);
                (room > 0).then(|| {
                    format!(
                        "give the list `{one}` `maxItems: {room}` or less (the rule costs \
                         {max_cost} per occurrence; `+kubebuilder:validation:MaxItems={room}`)"
                    )
                })
            }
            (many, _) => {
                let room = room(bounded);
                (room > 0).then(|| {
                    format!(
                        "give the lists and maps {} a `maxItems`/`maxProperties` each, whose \
                         product is at most {room} (the rule costs {max_cost} per occurrence)",
                        many.iter()
                            .map(|p| format!("`{p}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            }
        };
        if let Some(advice) = advice {
            return advice;
        }
        match self.inner_list_fix(rule, limit) {
            Some((list, room)) => format!(
                "give the list `{list}` that the rule walks `maxItems: {room}` or less \
                 (`+kubebuilder:validation:MaxItems={room}`)"
            ),
            None => format!(
                "the rule costs {max_cost} for each occurrence of the struct: bound the lists it \
                 walks (`maxItems`) or the lists above it"
            ),
        }
    }

    /// The largest `maxItems` of a list property of the node that the rule walks which
    /// brings it under `limit` here (the cost grows linearly with the list's size).
    fn inner_list_fix(&self, rule: &str, limit: u64) -> Option<(String, u64)> {
        let cost::Kind::Object(fields) = &self.node.kind else {
            return None;
        };
        for (name, field) in fields {
            if !matches!(field.kind, cost::Kind::List(_) | cost::Kind::Map(_)) {
                continue;
            }
            let with = |max: u64| {
                let mut node = self.node.clone();
                if let cost::Kind::Object(fields) = &mut node.kind {
                    if let Some(f) = fields.get_mut(name) {
                        f.max_elements = max;
                    }
                }
                let placement = Placement {
                    node,
                    ..self.clone()
                };
                placement.cost(rule).ok()
            };
            let (a, b) = (with(0)?, with(1)?);
            if b <= a {
                continue;
            }
            let room = limit.checked_sub(a)? / (b - a);
            if room > 0 && with(room).is_some_and(|c| c <= limit) {
                return Some((name.clone(), room));
            }
        }
        None
    }
}

/// [`plan`], then the API server's cost estimate of each rule where it sits: a rule over the
/// per-expression limit is not written ([`Finding::OverBudget`]). A rule the estimator cannot
/// read is kept (it parses and passed the self-check; only unmodelled functions are left).
pub fn plan_placed(unions: &[Union], facts: &StructFacts, placement: &Placement) -> Plan {
    let mut plan = plan(unions, facts);
    let limit = cost::STATIC_ESTIMATED_COST_LIMIT;
    let mut kept = Vec::with_capacity(plan.rules.len());
    for rule in std::mem::take(&mut plan.rules) {
        match placement.cost(&rule.rule) {
            Ok(estimate) if estimate > limit => {
                let max_cost = cost::estimate(&rule.rule, &placement.node).unwrap_or(estimate);
                let fix = placement.fix(&rule.rule, max_cost, limit);
                plan.findings.push(Finding::OverBudget {
                    rule,
                    estimate,
                    limit,
                    fix,
                });
            }
            _ => kept.push(rule),
        }
    }
    plan.rules = kept;
    plan
}

/// The rules of one struct of the model (`--cel`); `structs` finds the structs its subfield
/// unions' fields hold.
pub fn struct_plan<'m>(
    def: &StructDef,
    structs: &dyn Fn(&crate::model::TypeName) -> Option<&'m StructDef>,
) -> Plan {
    if def.unions.is_empty() {
        return Plan::default();
    }
    let mut facts = StructFacts::from_model(def);
    for field in def.unions.iter().filter_map(|u| u.subfield.as_deref()) {
        if let Some(held) = held_struct(def, field).and_then(structs) {
            facts = facts.with_nested(field, StructFacts::from_model(held));
        }
    }
    plan(&def.unions, &facts)
}

/// The struct type the property `field` holds (directly or through a pointer).
pub fn held_struct<'d>(def: &'d StructDef, field: &str) -> Option<&'d crate::model::TypeName> {
    match &def.properties.iter().find(|p| p.json_name == field)?.ty {
        PropertyType::Ref(name) => Some(name),
        _ => None,
    }
}

/// A subfield union's rules: planned (and self-checked) on the held struct's facts as if it
/// were that struct's own, then moved onto the holding struct, over `self.<field>`, for
/// objects that have the field (validation-gen validates the union through the field only).
fn subfield_plan(union: &Union, field: &str, facts: &StructFacts, plan: &mut Plan) {
    let unenforceable = |why: String| Finding::Unenforceable(why);
    let Some(held) = facts.nested.get(field) else {
        plan.findings.push(unenforceable(format!(
            "the union of `{field}`'s fields is not enforced: the schema of `{field}` is not \
             an object whose fields are known here"
        )));
        return;
    };
    let Some(escaped) = escape(field) else {
        plan.findings.push(unenforceable(unescapable(
            "field",
            field,
            "the union of its fields is not enforced",
        )));
        return;
    };
    let own = Union {
        subfield: None,
        ..union.clone()
    };
    let inner = self::plan(std::slice::from_ref(&own), held);
    plan.findings.extend(inner.findings);
    for rule in inner.rules {
        let rule = Rule {
            rule: format!(
                "!has(self.{escaped}) || ({})",
                rebased(&rule.rule, &escaped)
            ),
            message: format!("{field}: {}", rule.message),
        };
        if !plan.rules.contains(&rule) {
            plan.rules.push(rule);
        }
    }
}

/// `rule` with every `self.` outside string literals read as `self.<field>.`.
fn rebased(rule: &str, field: &str) -> String {
    let mut out = String::with_capacity(rule.len() + 16);
    let mut quote: Option<char> = None;
    let mut rest = rule;
    while let Some(c) = rest.chars().next() {
        let len = c.len_utf8();
        match quote {
            Some(q) => {
                out.push(c);
                if c == '\\' {
                    if let Some(next) = rest[len..].chars().next() {
                        out.push(next);
                        rest = &rest[len + next.len_utf8()..];
                        continue;
                    }
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            None if rest.starts_with("self.")
                && !out.ends_with(|p: char| p.is_alphanumeric() || p == '_' || p == '.') =>
            {
                out.push_str("self.");
                out.push_str(field);
                out.push('.');
                rest = &rest["self.".len()..];
                continue;
            }
            None => out.push(c),
        }
        rest = &rest[len..];
    }
    out
}

/// A rule as text that ignores white space outside string literals, for telling whether a
/// rule is already present. A count of present fields (`has(self.a)`, `has(self.b)`, …
/// compared with 1) is compared by meaning: it becomes `count(a,b)<=1` (`==1`, `>=1`) with
/// the fields sorted, whichever way it is written — ours, controller-gen's for `AtMostOneOf` /
/// `ExactlyOneOf` / `AtLeastOneOf` (`(has(self.a)?1:0)+(has(self.b)?1:0) <= 1`, in older
/// releases `[has(self.a),has(self.b)].filter(x,x==true).size() <= 1`, and
/// `has(self.a)||has(self.b)`), so `crd` does not add a second rule for a union a manifest
/// already enforces.
pub fn normalized(rule: &str) -> String {
    let text = without_spaces(rule);
    presence_count(&text).unwrap_or(text)
}

/// `count(a,b)<=1` for a rule that compares the number of present fields with 1.
fn presence_count(text: &str) -> Option<String> {
    fn present(term: &str) -> Option<&str> {
        let name = term.strip_prefix("has(self.")?.strip_suffix(')')?;
        let plain =
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        plain.then_some(name)
    }
    let (mut fields, op): (Vec<&str>, &str) =
        match ["<=1", "==1", ">=1"].iter().find(|op| text.ends_with(*op)) {
            Some(op) => {
                let sum = &text[..text.len() - op.len()];
                let fields = match sum
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix("].filter(x,x==true).size()"))
                {
                    Some(list) => list.split(',').map(present).collect::<Option<_>>()?,
                    None => sum
                        .split('+')
                        .map(|term| present(term.strip_prefix('(')?.strip_suffix("?1:0)")?))
                        .collect::<Option<_>>()?,
                };
                (fields, op)
            }
            None => (text.split("||").map(present).collect::<Option<_>>()?, ">=1"),
        };
    fields.sort_unstable();
    Some(format!("count({}){op}", fields.join(",")))
}

/// Whether `rule` with `message` is exactly a rule union-gen writes, for some union: the
/// message in one of union-gen's forms (see `count_rule`, `item_rule`, `union_rules`)
/// and the rule of that form over the fields the message names. `crd` removes such a rule
/// when it no longer writes it (the union's members changed), instead of leaving it beside
/// the new one; a hand-written rule (another message or shape) is never touched.
pub fn is_generated(rule: &str, message: &str) -> bool {
    generated_count(rule, message)
        || generated_items(rule, message)
        || generated_member(rule, message)
}

/// Every `S(m)` [`set_test`] can write for the field `name`.
fn set_tests(name: &str) -> Vec<String> {
    let Some(field) = escape(name) else {
        return Vec::new();
    };
    let has = format!("has(self.{field})");
    vec![
        has.clone(),
        format!("({has} && self.{field} != '')"),
        format!("({has} && self.{field} != 0)"),
        format!("({has} && self.{field} != 0.0)"),
        format!("({has} && self.{field})"),
        format!("({has} && size(self.{field}) != 0)"),
    ]
}

/// The shapes of [`count_rule`]: `exactly one of a, b must be set` with
/// `(S(a) ? 1 : 0) + (S(b) ? 1 : 0) == 1`, and so on.
fn generated_count(rule: &str, message: &str) -> bool {
    let forms = [
        ("exactly one of ", " must be set", " + ", " == 1"),
        ("at most one of ", " may be set", " + ", " <= 1"),
        ("at least one of ", " must be set", " || ", ""),
    ];
    forms.iter().any(|(head, tail, join, end)| {
        let Some(list) = message
            .strip_prefix(head)
            .and_then(|m| m.strip_suffix(tail))
        else {
            return false;
        };
        if list.starts_with("the items ") {
            return false;
        }
        let Some(body) = rule.strip_suffix(end) else {
            return false;
        };
        let names: Vec<&str> = list.split(", ").collect();
        let terms: Vec<&str> = body.split(join).collect();
        names.len() == terms.len()
            && names.iter().zip(&terms).all(|(name, term)| {
                let test = if end.is_empty() {
                    Some(*term)
                } else {
                    term.strip_prefix('(')
                        .and_then(|t| t.strip_suffix(" ? 1 : 0)"))
                };
                test.is_some_and(|test| set_tests(name).iter().any(|t| t == test))
            })
    })
}

/// The shape of [`item_rule`]: `exactly one of the items a, b must be present` with
/// `(has(self.l) ? [self.l.exists(i, …), …].filter(x, x).size() : 0) == 1`.
fn generated_items(rule: &str, message: &str) -> bool {
    let forms = [
        ("exactly one of the items ", " must be present", " == 1"),
        ("at most one of the items ", " may be present", " <= 1"),
        ("at least one of the items ", " must be present", " >= 1"),
    ];
    forms.iter().any(|(head, tail, end)| {
        let Some(list) = message
            .strip_prefix(head)
            .and_then(|m| m.strip_suffix(tail))
        else {
            return false;
        };
        let Some(inner) = rule
            .strip_prefix("(has(self.")
            .and_then(|r| r.strip_suffix(end))
            .and_then(|r| r.strip_suffix("].filter(x, x).size() : 0)"))
        else {
            return false;
        };
        let Some((list_name, tests)) = inner.split_once(") ? [") else {
            return false;
        };
        let exists = format!("self.{list_name}.exists(i, ");
        tests.starts_with(&exists) && tests.matches(&exists).count() == list.split(", ").count()
    })
}

/// The shapes of a discriminated member's rule ([`union_rules`]): `m must be set when d is
/// 'V', and only then` with `!has(self.d) || self.d == '' || (self.d == 'V' ? S(m) : !S(m))`,
/// and `m may be set only when d is 'V'` with `… || self.d == 'V' || !S(m)`.
fn generated_member(rule: &str, message: &str) -> bool {
    let (member, rest, optional) = if let Some(m) = message.strip_suffix("', and only then") {
        match m.split_once(" must be set when ") {
            Some((member, rest)) => (member, rest, false),
            None => return false,
        }
    } else if let Some(m) = message.strip_suffix('\'') {
        match m.split_once(" may be set only when ") {
            Some((member, rest)) => (member, rest, true),
            None => return false,
        }
    } else {
        return false;
    };
    let Some((discriminator, value)) = rest.split_once(" is '") else {
        return false;
    };
    let Some(d) = escape(discriminator) else {
        return false;
    };
    let unset = format!("!has(self.{d}) || self.{d} == ''");
    let literal = string_literal(value);
    set_tests(member).iter().any(|test| {
        let expected = if optional {
            format!("{unset} || self.{d} == {literal} || !{test}")
        } else {
            format!("{unset} || (self.{d} == {literal} ? {test} : !{test})")
        };
        expected == rule
    })
}

fn without_spaces(rule: &str) -> String {
    let mut out = String::with_capacity(rule.len());
    let mut quote: Option<char> = None;
    let mut chars = rule.chars();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == '\\' {
                    out.extend(chars.next());
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            None if c.is_whitespace() => {}
            None => out.push(c),
        }
    }
    out
}

fn unescapable(what: &str, name: &str, consequence: &str) -> String {
    format!(
        "{what} `{name}` cannot be named in a Kubernetes CEL rule (only JSON names matching \
         [a-zA-Z_.-/][a-zA-Z0-9_.-/]* can), so no rule is written for {consequence}"
    )
}

/// `S(m)`: the expression that is true when member `name` is set, or why there is none.
/// A member of a union whose family says [`MemberSet::Present`] (controller-gen's, which
/// writes `has(self.m)`) is set when it is present, whatever the Go field.
fn set_test(name: &str, facts: &StructFacts, set: MemberSet) -> Result<String, String> {
    let Some(field) = escape(name) else {
        return Err(unescapable("the union member", name, "it"));
    };
    let Some(f) = facts.get(name) else {
        return Err(format!(
            "the union member `{name}` is not a property of the schema, so no rule is written \
             for it"
        ));
    };
    let has = format!("has(self.{field})");
    if set == MemberSet::Present {
        return Ok(has);
    }
    let opaque = || {
        format!(
            "the union member `{name}` is not a pointer and its zero value has no JSON form a \
             rule can test (a struct, an array, or a type that marshals itself), so a set \
             member cannot be told from an unset one and no rule is written for it"
        )
    };
    match (f.zero, f.kind) {
        (ZeroForm::Absent, _) => Ok(has),
        (ZeroForm::Empty, ValueKind::String) => Ok(format!("({has} && self.{field} != '')")),
        (ZeroForm::Empty, ValueKind::Integer) => Ok(format!("({has} && self.{field} != 0)")),
        (ZeroForm::Empty, ValueKind::Number) => Ok(format!("({has} && self.{field} != 0.0)")),
        (ZeroForm::Empty, ValueKind::Boolean) => Ok(format!("({has} && self.{field})")),
        (ZeroForm::Empty, ValueKind::List | ValueKind::Map) => {
            Ok(format!("({has} && size(self.{field}) != 0)"))
        }
        (ZeroForm::Empty, ValueKind::Object | ValueKind::Any) | (ZeroForm::Opaque, _) => {
            Err(opaque())
        }
    }
}

/// The at-most-one (or exactly-one) sum over `members`; at least one is a disjunction.
fn count_rule(
    members: &[UnionMember],
    count: Count,
    set: MemberSet,
    facts: &StructFacts,
) -> Result<Rule, String> {
    let names: Vec<&str> = members.iter().map(|m| m.json_name.as_str()).collect();
    let list = names.join(", ");
    let mut tests = Vec::with_capacity(names.len());
    for name in &names {
        let test = set_test(name, facts, set)
            .map_err(|why| format!("{why}; the count of the union of {list} is not enforced"))?;
        tests.push(test);
    }
    let sum = || {
        tests
            .iter()
            .map(|test| format!("({test} ? 1 : 0)"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let (rule, message) = match count {
        Count::ExactlyOne => (
            format!("{} == 1", sum()),
            format!("exactly one of {list} must be set"),
        ),
        Count::AtMostOne => (
            format!("{} <= 1", sum()),
            format!("at most one of {list} may be set"),
        ),
        Count::AtLeastOne => (
            tests.join(" || "),
            format!("at least one of {list} must be set"),
        ),
    };
    Ok(Rule { rule, message })
}

/// The rule of a list-item union, on the struct that holds the list: a member is set when
/// some item matches its selector (`self.l.exists(i, …)`), so items repeating one selector
/// count once, as in validation-gen; an absent list has no items.
fn item_rule(union: &Union, items: &ItemList, facts: &StructFacts) -> Result<Rule, String> {
    let name = &items.list;
    let Some(list) = escape(name) else {
        return Err(unescapable("the list", name, "its list-item union"));
    };
    if facts.get(name).is_none_or(|f| f.kind != ValueKind::List) {
        return Err(format!(
            "the list `{name}` is not a list property of the schema, so no rule is written for its \
             list-item union"
        ));
    }
    let mut tests = Vec::with_capacity(items.selectors.len());
    for selector in &items.selectors {
        let mut conditions = Vec::with_capacity(selector.len());
        for (key, value) in selector {
            let Some(k) = escape(key) else {
                return Err(unescapable("the list-map key", key, "the list-item union"));
            };
            conditions.push(if value.is_empty() {
                format!("(!has(i.{k}) || i.{k} == '')")
            } else {
                format!("(has(i.{k}) && i.{k} == {})", string_literal(value))
            });
        }
        tests.push(format!(
            "self.{list}.exists(i, {})",
            conditions.join(" && ")
        ));
    }
    let described: Vec<&str> = union.members.iter().map(|m| m.json_name.as_str()).collect();
    let described = described.join(", ");
    let sum = format!(
        "(has(self.{list}) ? [{}].filter(x, x).size() : 0)",
        tests.join(", ")
    );
    Ok(match union.count {
        Count::ExactlyOne => Rule {
            rule: format!("{sum} == 1"),
            message: format!("exactly one of the items {described} must be present"),
        },
        Count::AtMostOne => Rule {
            rule: format!("{sum} <= 1"),
            message: format!("at most one of the items {described} may be present"),
        },
        Count::AtLeastOne => Rule {
            rule: format!("{sum} >= 1"),
            message: format!("at least one of the items {described} must be present"),
        },
    })
}

fn union_rules(
    union: &Union,
    facts: &StructFacts,
    rules: &mut Vec<Rule>,
    problems: &mut Vec<String>,
) {
    if let Some(items) = &union.items {
        if union.count == Count::AtMostOne && items.selectors.len() < 2 {
            return; // at most one of one item: always true
        }
        match item_rule(union, items, facts) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(problem),
        }
        return;
    }
    // In a `+union` struct with `+unionMember` fields, only those are surely members.
    let counted: Vec<UnionMember> = if union.named_members.is_empty() {
        union.members.clone()
    } else {
        union
            .members
            .iter()
            .filter(|m| union.named_members.contains(&m.json_name))
            .cloned()
            .collect()
    };
    let mut push_count = |count: Count, rules: &mut Vec<Rule>| {
        if counted.len() < 2 && count == Count::AtMostOne {
            return; // at most one of one field: always true
        }
        match count_rule(&counted, count, union.meaning.set, facts) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(problem),
        }
    };
    let discriminator = match (union.meaning.discriminator, &union.discriminator) {
        // Values that are labels (the 2019 discriminator, optional too): the count is all
        // that is sure.
        (DiscriminatorValues::Label, _) => return push_count(Count::AtMostOne, rules),
        (_, None) => return push_count(union.count, rules),
        (_, Some(discriminator)) => discriminator,
    };
    let Some(d) = escape(discriminator) else {
        problems.push(unescapable(
            "the union discriminator",
            discriminator,
            "its union",
        ));
        return;
    };
    let Some(d_facts) = facts.get(discriminator) else {
        problems.push(format!(
            "the union discriminator `{discriminator}` is not a property of the schema, so no \
             rule is written for its union"
        ));
        return;
    };
    // An unset discriminator selects nothing: then only the count applies.
    let always_set = (d_facts.required || d_facts.string_default().is_some())
        && d_facts
            .allowed
            .as_ref()
            .is_some_and(|a| !a.iter().any(String::is_empty));
    if !always_set {
        push_count(Count::AtMostOne, rules);
    }
    for member in &union.members {
        match member_rule(member, discriminator, &d, d_facts, facts, union.meaning.set) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(problem),
        }
    }
}

/// The rule tying `member` to its discriminator value (`d`: the discriminator escaped).
fn member_rule(
    member: &UnionMember,
    discriminator: &str,
    d: &str,
    d_facts: &FieldFacts,
    facts: &StructFacts,
    set: MemberSet,
) -> Result<Rule, String> {
    let unset = format!("!has(self.{d}) || self.{d} == ''");
    let name = &member.json_name;
    let value = &member.value;
    if value.is_empty() {
        return Err(format!(
            "the member `{name}` is selected by the empty discriminator value, which cannot \
             be told from an unset discriminator, so no rule is written for it"
        ));
    }
    if !d_facts.allows(value) {
        return Err(format!(
            "the member `{name}` is selected by `{value}`, which is not one of the values \
             `{discriminator}` allows, so no rule is written for it"
        ));
    }
    let test = set_test(name, facts, set)?;
    let literal = string_literal(value);
    Ok(if member.optional {
        Rule {
            rule: format!("{unset} || self.{d} == {literal} || !{test}"),
            message: format!("{name} may be set only when {discriminator} is '{value}'"),
        }
    } else {
        Rule {
            rule: format!("{unset} || (self.{d} == {literal} ? {test} : !{test})"),
            message: format!("{name} must be set when {discriminator} is '{value}', and only then"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Listed, UnionMeaning, UnionMember};

    /// KEP-1027's and declarative validation's unions.
    const SELECTING: UnionMeaning = UnionMeaning {
        set: MemberSet::NonZero,
        discriminator: DiscriminatorValues::Select,
        listed: Listed::UnlessOpenApiGen,
    };
    /// The 2019 KEP's.
    const LABELLED: UnionMeaning = UnionMeaning {
        set: MemberSet::NonZero,
        discriminator: DiscriminatorValues::Label,
        listed: Listed::Always,
    };

    #[test]
    fn escapes_as_kubernetes_does() {
        for (name, escaped) in [
            ("spec", Some("spec")),
            ("my-field", Some("my__dash__field")),
            ("a.b", Some("a__dot__b")),
            ("a/b", Some("a__slash__b")),
            ("x__y", Some("x__underscores__y")),
            ("x___y", Some("x__underscores___y")),
            ("_x", Some("_x")),
            ("namespace", Some("__namespace__")),
            ("in", Some("__in__")),
            ("int", Some("int")),
            (".x", Some("__dot__x")),
            ("1x", None),
            ("a:b", None),
            ("a b", None),
            ("", None),
        ] {
            assert_eq!(escape(name).as_deref(), escaped, "{name}");
        }
    }

    #[test]
    fn quotes_string_literals() {
        assert_eq!(string_literal("A"), "'A'");
        assert_eq!(string_literal(r"it's a\b"), r"'it\'s a\\b'");
        assert_eq!(string_literal("a\nb"), r"'a\nb'");
    }

    fn member(name: &str, value: &str, optional: bool) -> UnionMember {
        UnionMember {
            json_name: name.into(),
            value: value.into(),
            optional,
            gated: false,
        }
    }

    fn field(zero: ZeroForm, kind: ValueKind) -> FieldFacts {
        FieldFacts {
            zero,
            kind,
            omitempty: true,
            allowed: None,
            default: None,
            required: false,
            max_items: None,
        }
    }

    fn facts(fields: &[(&str, FieldFacts)]) -> StructFacts {
        StructFacts::from_fields(fields.iter().map(|(n, f)| (n.to_string(), f.clone())))
    }

    #[test]
    fn subfield_rules_read_self_as_the_field() {
        assert_eq!(
            rebased("has(self.a) && self.b == 'self.x' && self.c.self_d", "f"),
            "has(self.f.a) && self.f.b == 'self.x' && self.f.c.self_d"
        );
        assert_eq!(
            rebased(r#"self.a == "it\"s self.b""#, "f"),
            r#"self.f.a == "it\"s self.b""#
        );
    }

    fn pointer() -> FieldFacts {
        field(ZeroForm::Absent, ValueKind::Object)
    }

    #[test]
    fn undiscriminated_sum() {
        let union = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: None,
            members: vec![member("a", "A", false), member("b-c", "B", false)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::ExactlyOne,
            subfield: None,
        };
        let plan = plan(&[union], &facts(&[("a", pointer()), ("b-c", pointer())]));
        assert_eq!(
            plan.rules,
            vec![Rule {
                rule: "(has(self.a) ? 1 : 0) + (has(self.b__dash__c) ? 1 : 0) == 1".into(),
                message: "exactly one of a, b-c must be set".into(),
            }]
        );
        assert!(plan.findings.is_empty());
    }

    #[test]
    fn plain_values_are_set_when_not_zero() {
        let union = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: None,
            members: vec![
                member("s", "S", false),
                member("n", "N", false),
                member("b", "B", false),
                member("l", "L", false),
            ],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::AtMostOne,
            subfield: None,
        };
        let facts = facts(&[
            ("s", field(ZeroForm::Empty, ValueKind::String)),
            ("n", field(ZeroForm::Empty, ValueKind::Integer)),
            ("b", field(ZeroForm::Empty, ValueKind::Boolean)),
            ("l", field(ZeroForm::Empty, ValueKind::List)),
        ]);
        let plan = plan(&[union], &facts);
        assert_eq!(
            plan.rules[0].rule,
            "((has(self.s) && self.s != '') ? 1 : 0) + ((has(self.n) && self.n != 0) ? 1 : 0) \
             + ((has(self.b) && self.b) ? 1 : 0) + ((has(self.l) && size(self.l) != 0) ? 1 : 0) \
             <= 1"
        );
    }

    #[test]
    fn struct_values_are_unenforceable() {
        let union = Union {
            gated: false,
            meaning: LABELLED,
            discriminator: None,
            members: vec![member("a", "A", false), member("b", "B", false)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::AtMostOne,
            subfield: None,
        };
        let plan = plan(
            &[union],
            &facts(&[
                ("a", pointer()),
                ("b", field(ZeroForm::Opaque, ValueKind::Object)),
            ]),
        );
        assert!(plan.rules.is_empty());
        assert!(
            matches!(&plan.findings[..], [Finding::Unenforceable(p)] if p.contains("`b`")),
            "{:?}",
            plan.findings
        );
    }

    #[test]
    fn legacy_2019_gets_the_count_only() {
        let union = Union {
            gated: false,
            meaning: LABELLED,
            discriminator: Some("type".into()),
            members: vec![member("localhostProfile", "LocalhostProfile", false)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::AtMostOne,
            subfield: None,
        };
        let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
        discriminator.allowed = Some(vec!["Localhost".into(), "Unconfined".into()]);
        discriminator.required = true;
        let plan = plan(
            &[union],
            &facts(&[("type", discriminator), ("localhostProfile", pointer())]),
        );
        assert!(plan.rules.is_empty(), "{:?}", plan.rules);
        assert!(plan.findings.is_empty());
    }

    #[test]
    fn member_values_outside_the_enum_get_no_rule() {
        let union = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: Some("policy".into()),
            members: vec![
                member("exact", "PolicyExact", false),
                member("prefix", "Prefix", false),
            ],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::ExactlyOne,
            subfield: None,
        };
        let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
        discriminator.allowed = Some(vec!["Exact".into(), "Prefix".into()]);
        discriminator.required = true;
        let plan = plan(
            &[union],
            &facts(&[
                ("policy", discriminator),
                ("exact", pointer()),
                ("prefix", pointer()),
            ]),
        );
        assert_eq!(
            plan.rules,
            vec![Rule {
                rule: "!has(self.policy) || self.policy == '' || (self.policy == 'Prefix' ? \
                       has(self.prefix) : !has(self.prefix))"
                    .into(),
                message: "prefix must be set when policy is 'Prefix', and only then".into(),
            }]
        );
        assert!(
            matches!(&plan.findings[..], [Finding::Unenforceable(p)] if p.contains("PolicyExact")),
            "{:?}",
            plan.findings
        );
    }

    #[test]
    fn a_member_with_a_default_is_caught_by_the_self_check() {
        let union = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: None,
            members: vec![member("a", "A", false), member("b", "B", false)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::AtMostOne,
            subfield: None,
        };
        let mut defaulted = field(ZeroForm::Empty, ValueKind::String);
        defaulted.default = Some("fast".into());
        let plan = plan(&[union], &facts(&[("a", defaulted), ("b", pointer())]));
        assert!(plan.rules.is_empty());
        assert!(
            matches!(&plan.findings[..], [Finding::RejectsValid { witness, .. }] if witness.contains("fast")),
            "{:?}",
            plan.findings
        );
    }

    #[test]
    fn unescapable_member_is_reported_not_guessed() {
        let union = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: Some("kind".into()),
            members: vec![member("a:b", "A", false), member("c", "C", true)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::ExactlyOne,
            subfield: None,
        };
        let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
        discriminator.allowed = Some(vec!["A".into(), "C".into()]);
        discriminator.required = true;
        let plan = plan(
            &[union],
            &facts(&[
                ("kind", discriminator),
                ("a:b", pointer()),
                ("c", pointer()),
            ]),
        );
        assert_eq!(plan.rules.len(), 1, "{:?}", plan.rules);
        assert_eq!(
            plan.rules[0].rule,
            "!has(self.kind) || self.kind == '' || self.kind == 'C' || !has(self.c)"
        );
        assert_eq!(plan.findings.len(), 1);
        assert!(
            matches!(&plan.findings[0], Finding::Unenforceable(p) if p.contains("`a:b`")),
            "{:?}",
            plan.findings
        );
    }

    #[test]
    fn normalizes_white_space_outside_strings() {
        assert_eq!(
            normalized("has(self.a) ?  1 :\n 0 == 'a  b'"),
            "has(self.a)?1:0=='a  b'"
        );
        assert_eq!(normalized(r"self.x == 'it\' s'"), r"self.x=='it\' s'");
        // Counts of present fields, by meaning.
        let at_most = "count(a,b)<=1";
        for rule in [
            "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1",
            "(has(self.b)?1:0)+(has(self.a)?1:0) <= 1",
            "[has(self.a),has(self.b)].filter(x,x==true).size() <= 1",
        ] {
            assert_eq!(normalized(rule), at_most, "{rule}");
        }
        assert_eq!(normalized("has(self.a)||has(self.b)"), "count(a,b)>=1");
        assert_eq!(
            normalized("[has(self.a),has(self.b)].filter(x,x==true).size() >= 1"),
            "count(a,b)>=1"
        );
        assert_eq!(
            normalized("(has(self.a)?1:0)+(has(self.b)?1:0)==1"),
            "count(a,b)==1"
        );
        // Other tests of "set" are other meanings.
        assert_eq!(
            normalized("((has(self.a) && self.a != '') ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1"),
            "((has(self.a)&&self.a!='')?1:0)+(has(self.b)?1:0)<=1"
        );
        assert_eq!(normalized("has(self.a)"), "count(a)>=1");
    }

    /// A list-item union over two keys, one value with a quote and one empty: the rule
    /// passes the self-check, agrees with "some item matches" on objects of every shape, and
    /// is flagged unbounded only without `maxItems`.
    #[test]
    fn item_union_rule() {
        let selectors = vec![
            vec![
                ("name".to_string(), "it's".to_string()),
                ("type".to_string(), "A".to_string()),
            ],
            vec![
                ("name".to_string(), String::new()),
                ("type".to_string(), "B".to_string()),
            ],
        ];
        let union = Union {
            meaning: SELECTING,
            gated: false,
            discriminator: None,
            members: vec![member("a", "", false), member("b", "", false)],
            empty_values: vec![],
            count: Count::ExactlyOne,
            named_members: vec![],
            items: Some(ItemList {
                list: "my-list".into(),
                selectors,
            }),
            subfield: None,
        };
        let mut list = field(ZeroForm::Absent, ValueKind::List);
        let facts = StructFacts::from_fields([("my-list".to_string(), list.clone())]);
        let plan = plan(std::slice::from_ref(&union), &facts);
        assert_eq!(plan.rules.len(), 1, "{plan:?}");
        assert_eq!(plan.findings, vec![Finding::Unbounded("my-list".into())]);
        let rule = &plan.rules[0].rule;
        assert!(rule.starts_with("(has(self.my__dash__list) ? [self.my__dash__list.exists(i, (has(i.name) && i.name == 'it\\'s')"), "{rule}");
        let program = cel::Program::compile(rule).expect("compiles");
        let holds = |object: serde_json::Value| {
            let mut context = cel::Context::default();
            let object = serde_json::json!({ "my__dash__list": object });
            context.add_variable_from_value("self", cel::to_value(object).unwrap());
            program.execute(&context).unwrap() == cel::Value::Bool(true)
        };
        let a = serde_json::json!({"name": "it's", "type": "A"});
        let b_absent = serde_json::json!({"type": "B"});
        let b_empty = serde_json::json!({"name": "", "type": "B"});
        let other = serde_json::json!({"name": "it's", "type": "B"});
        assert!(holds(serde_json::json!([a])));
        assert!(holds(serde_json::json!([b_absent, other])));
        assert!(holds(serde_json::json!([b_empty, b_absent])));
        assert!(!holds(serde_json::json!([other])));
        assert!(!holds(serde_json::json!([])));
        assert!(!holds(serde_json::json!([a, b_empty])));
        list.max_items = Some(8);
        let facts = StructFacts::from_fields([("my-list".to_string(), list)]);
        assert!(super::plan(&[union], &facts).findings.is_empty());
    }

    /// `plan_placed` on a list-item union over a list whose items have no required property:
    /// N = 3,145,726 / (2 + 1) = 1,048,575 items, each `exists` 3 + N × (4 + 4) = 8,388,603,
    /// the rule 2 × 8,388,603 + 24 + 14 × 2 = 16,777,258 > 10,000,000 at the root: not
    /// written. The fix bounds the list it walks: cost(M) = 58 + 16 M ≤ 10,000,000 for
    /// M ≤ (10,000,000 − 58) / 16 = 624,996.
    #[test]
    fn an_item_rule_over_budget_is_refused_with_the_maxitems_that_fixes_it() {
        let selectors = vec![
            vec![("type".to_string(), "A".to_string())],
            vec![("type".to_string(), "B".to_string())],
        ];
        let union = Union {
            meaning: SELECTING,
            gated: false,
            discriminator: None,
            members: vec![member("a", "", false), member("b", "", false)],
            empty_values: vec![],
            count: Count::ExactlyOne,
            named_members: vec![],
            items: Some(ItemList {
                list: "items".into(),
                selectors,
            }),
            subfield: None,
        };
        let facts = StructFacts::from_fields([(
            "items".to_string(),
            field(ZeroForm::Absent, ValueKind::List),
        )]);
        let schema = serde_json::json!({"type": "object", "properties": {"items": {
            "type": "array", "items": {"type": "object", "properties": {"type": {"type": "string"}}}
        }}});
        let placement = Placement {
            node: cost::DeclType::from_schema(&schema, false).unwrap(),
            cardinality: cost::Cardinality::ROOT,
            enclosing: vec![],
        };
        let plan = plan_placed(std::slice::from_ref(&union), &facts, &placement);
        assert!(plan.rules.is_empty(), "{plan:?}");
        let [Finding::Unbounded(_), Finding::OverBudget {
            estimate,
            limit,
            fix,
            ..
        }] = &plan.findings[..]
        else {
            panic!("{:?}", plan.findings)
        };
        assert_eq!((*estimate, *limit), (16_777_258, 10_000_000));
        assert!(fix.contains("`items`") && fix.contains("624996"), "{fix}");
        // At the edge: 58 + 16 × 624,996 = 9,999,994 is written; 624,997 → 10,000,010 is not.
        for (max, written) in [(624_996, true), (624_997, false)] {
            let mut bounded = schema.clone();
            bounded["properties"]["items"]["maxItems"] = max.into();
            let placement = Placement {
                node: cost::DeclType::from_schema(&bounded, false).unwrap(),
                ..placement.clone()
            };
            let plan = plan_placed(std::slice::from_ref(&union), &facts, &placement);
            assert_eq!(plan.rules.len() == 1, written, "{max}: {plan:?}");
        }
    }

    /// `crd` removes a stale rule only when it is exactly one union-gen writes: every shape
    /// `plan` writes is recognised, and a rule with another message, other fields or another
    /// expression is not.
    #[test]
    fn recognises_its_own_rules_only() {
        let undiscriminated = |count| Union {
            gated: false,
            meaning: SELECTING,
            discriminator: None,
            members: vec![
                member("s", "S", false),
                member("n", "N", false),
                member("b-c", "B", false),
            ],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count,
            subfield: None,
        };
        let mut discriminator = field(ZeroForm::Empty, ValueKind::String);
        discriminator.allowed = Some(vec!["It's".into(), "Other".into()]);
        let discriminated = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: Some("kind".into()),
            members: vec![member("s", "It's", false), member("n", "Other", true)],
            empty_values: vec![],
            named_members: vec![],
            items: None,
            count: Count::ExactlyOne,
            subfield: None,
        };
        let items = Union {
            gated: false,
            meaning: SELECTING,
            discriminator: None,
            members: vec![member("a", "", false), member("b", "", false)],
            empty_values: vec![],
            named_members: vec![],
            items: Some(ItemList {
                list: "list".into(),
                selectors: vec![
                    vec![("type".to_string(), "A".to_string())],
                    vec![("type".to_string(), "B".to_string())],
                ],
            }),
            count: Count::AtMostOne,
            subfield: None,
        };
        let facts = facts(&[
            ("s", field(ZeroForm::Empty, ValueKind::String)),
            ("n", field(ZeroForm::Empty, ValueKind::Integer)),
            ("b-c", pointer()),
            ("kind", discriminator),
            ("list", field(ZeroForm::Absent, ValueKind::List)),
        ]);
        let plan = plan(
            &[
                undiscriminated(Count::ExactlyOne),
                undiscriminated(Count::AtMostOne),
                undiscriminated(Count::AtLeastOne),
                discriminated,
                items,
            ],
            &facts,
        );
        assert_eq!(plan.rules.len(), 7, "{plan:?}");
        for rule in &plan.rules {
            assert!(is_generated(&rule.rule, &rule.message), "{rule:?}");
        }
        for (rule, message) in [
            // controller-gen's message for its own `ExactlyOneOf`.
            (
                "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1",
                "exactly one of the fields in [a b] must be set",
            ),
            // union-gen's message over a hand-written expression.
            ("has(self.a) != has(self.b)", "exactly one of a, b must be set"),
            // the message names other fields than the rule.
            (
                "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1",
                "exactly one of a, c must be set",
            ),
            // another count than the message says.
            (
                "(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1",
                "exactly one of a, b must be set",
            ),
            (
                "!has(self.kind) || self.kind == '' || (self.kind == 'A' ? has(self.a) : !has(self.a))",
                "a must be set when kind is 'B', and only then",
            ),
            ("self.kind != 'A' || !has(self.a)", "a may be set only when kind is 'A'"),
        ] {
            assert!(!is_generated(rule, message), "{rule} / {message}");
        }
    }
}
