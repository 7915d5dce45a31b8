//! The self-check of SPEC §6: before a union rule is written, it is evaluated with a CEL
//! interpreter on witness objects — objects the API accepts — built from the schema:
//! - every value the discriminator allows, with the member it selects set (and without it,
//!   where the member is `optional`); a value no member takes, with every member unset;
//! - where the union may be empty (an optional discriminator without a default, an
//!   at-most-one union), the empty object and each member alone;
//! - each of those as a YAML author writes it (unset fields absent) and as a Go client
//!   writes it (unset fields without `omitempty` present with their zero value), with the
//!   schema's `default`s filled into absent fields, as the API server does before it
//!   validates.
//!
//! A rule that rejects a witness (or fails to evaluate on it) is reported, not written.
//! Input: a union, [`StructFacts`], rules. Output: the first rejected witness per rule.

use serde_json::{Map, Value};

use super::{escape, FieldFacts, Rule, StructFacts, ValueKind};
use crate::model::{Count, DiscriminatorValues, ItemList, Union, ZeroForm};

/// One witness object, JSON names to values: as a client sends it, and as the rules see it
/// (with the schema's defaults filled in).
#[derive(Debug, Clone, PartialEq)]
pub struct Witness {
    pub sent: Map<String, Value>,
    pub validated: Map<String, Value>,
}

impl Witness {
    /// `{…}`, or `{…} (with its defaults: {…})`.
    pub fn describe(&self) -> String {
        let sent = Value::Object(self.sent.clone()).to_string();
        if self.sent == self.validated {
            sent
        } else {
            let validated = Value::Object(self.validated.clone());
            format!("{sent} (with its defaults: {validated})")
        }
    }
}

/// The witnesses of `union`, each in both renderings, defaults applied.
pub fn witnesses(union: &Union, facts: &StructFacts) -> Vec<Witness> {
    if let Some(items) = &union.items {
        return item_witnesses(union, items);
    }
    let members: Vec<&str> = union.members.iter().map(|m| m.json_name.as_str()).collect();
    let discriminator = union
        .discriminator
        .as_deref()
        .and_then(|d| Some((d, facts.get(d)?)));
    let selections = selections(union, &members, discriminator);
    let discriminator_name = discriminator.map(|(name, _)| name);
    let fields: Vec<(&str, &FieldFacts)> = discriminator_name
        .into_iter()
        .chain(members.iter().copied())
        .filter_map(|name| Some((name, facts.get(name)?)))
        .collect();
    let mut out = Vec::with_capacity(selections.len() * 2);
    for (value, set) in selections {
        let mut minimal = Map::new();
        if let (Some(name), Some(value)) = (discriminator_name, value) {
            minimal.insert(name.to_string(), Value::String(value));
        }
        for name in set {
            if let Some(f) = facts.get(name) {
                minimal.insert(name.to_string(), set_value(f));
            }
        }
        let mut from_go = minimal.clone();
        for (name, f) in &fields {
            if !from_go.contains_key(*name) {
                if let Some(zero) = written_zero(f) {
                    from_go.insert(name.to_string(), zero);
                }
            }
        }
        for sent in [minimal, from_go] {
            let mut validated = sent.clone();
            for (name, f) in &fields {
                if let (false, Some(default)) = (validated.contains_key(*name), &f.default) {
                    validated.insert(name.to_string(), default.clone());
                }
            }
            let witness = Witness { sent, validated };
            if !out
                .iter()
                .any(|w: &Witness| w.validated == witness.validated)
            {
                out.push(witness);
            }
        }
    }
    out
}

/// The (discriminator value, members set) pairs whose objects `union`'s witnesses are.
fn selections<'u>(
    union: &'u Union,
    members: &[&'u str],
    discriminator: Option<(&str, &FieldFacts)>,
) -> Vec<(Option<String>, Vec<&'u str>)> {
    let mut selections: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    match (union.meaning.discriminator, discriminator) {
        (DiscriminatorValues::Label, _) => {
            let values = discriminator
                .and_then(|(_, f)| f.allowed.clone())
                .unwrap_or_default();
            for value in std::iter::once(None).chain(values.into_iter().map(Some)) {
                selections.push((value.clone(), Vec::new()));
                for member in members {
                    selections.push((value.clone(), vec![member]));
                }
            }
        }
        (_, None) => {
            if union.count == Count::AtMostOne {
                selections.push((None, Vec::new()));
            }
            for member in members {
                selections.push((None, vec![member]));
            }
            if union.count == Count::AtLeastOne && members.len() > 1 {
                selections.push((None, members.to_vec()));
            }
        }
        (_, Some((_, d))) => {
            let mut values: Vec<String> = match &d.allowed {
                Some(allowed) => allowed.clone(),
                None => union.members.iter().map(|m| m.value.clone()).collect(),
            };
            if let Some(default) = d.string_default() {
                if !values.iter().any(|v| v == default) {
                    values.push(default.to_string());
                }
            }
            for value in values.into_iter().filter(|v| !v.is_empty()) {
                match union.members.iter().find(|m| m.value == value) {
                    Some(member) => {
                        selections.push((Some(value.clone()), vec![&member.json_name]));
                        if member.optional {
                            selections.push((Some(value), Vec::new()));
                        }
                    }
                    None => selections.push((Some(value), Vec::new())),
                }
            }
            // An unset discriminator: absent where no default fills it in, or the empty
            // string where the schema allows it.
            let mut unset = Vec::new();
            if !d.required && d.string_default().is_none() {
                unset.push(None);
            }
            if d.allows("") {
                unset.push(Some(String::new()));
            }
            for value in unset {
                selections.push((value.clone(), Vec::new()));
                for member in members {
                    selections.push((value.clone(), vec![member]));
                }
            }
        }
    }
    selections
}

/// The witnesses of a list-item union: (where at most one) no list and an empty one; each
/// member's item alone, twice (any matching item sets the member, so a repeat counts once),
/// and beside an item no member selects.
fn item_witnesses(union: &Union, items: &ItemList) -> Vec<Witness> {
    let item = |selector: &[(String, String)], suffix: &str| {
        Value::Object(
            selector
                .iter()
                .map(|(k, v)| (k.clone(), Value::String(format!("{v}{suffix}"))))
                .collect(),
        )
    };
    let mut lists: Vec<Option<Vec<Value>>> = Vec::new();
    if union.count == Count::AtMostOne {
        lists.push(None);
        lists.push(Some(Vec::new()));
    }
    for selector in &items.selectors {
        let member = item(selector, "");
        let other = item(selector, "-other");
        lists.push(Some(vec![member.clone()]));
        lists.push(Some(vec![member.clone(), member.clone()]));
        lists.push(Some(vec![other, member]));
    }
    lists
        .into_iter()
        .map(|list| {
            let mut sent = Map::new();
            if let Some(list) = list {
                sent.insert(items.list.clone(), Value::Array(list));
            }
            Witness {
                validated: sent.clone(),
                sent,
            }
        })
        .collect()
}

/// A value that counts as set for the field.
fn set_value(f: &FieldFacts) -> Value {
    match f.kind {
        ValueKind::String => {
            let allowed = f
                .allowed
                .as_ref()
                .and_then(|a| a.iter().find(|v| !v.is_empty()));
            Value::String(allowed.map_or("x", String::as_str).to_string())
        }
        ValueKind::Integer => Value::from(1),
        ValueKind::Number => Value::from(1.5),
        ValueKind::Boolean => Value::Bool(true),
        ValueKind::List => Value::Array(vec![Value::String("x".into())]),
        ValueKind::Map => Value::Object(Map::from_iter([("x".to_string(), "x".into())])),
        ValueKind::Object => Value::Object(Map::new()),
        ValueKind::Any => Value::String("x".into()),
    }
}

/// What a Go client writes for the field when it is unset: its zero value, unless the tag
/// says `omitempty` or the zero is `null` (which the API server prunes) or unknown.
fn written_zero(f: &FieldFacts) -> Option<Value> {
    if f.omitempty || f.zero != ZeroForm::Empty {
        return None;
    }
    Some(match f.kind {
        ValueKind::String => Value::String(String::new()),
        ValueKind::Integer => Value::from(0),
        ValueKind::Number => Value::from(0.0),
        ValueKind::Boolean => Value::Bool(false),
        ValueKind::List => Value::Array(Vec::new()),
        ValueKind::Map => Value::Object(Map::new()),
        ValueKind::Object | ValueKind::Any => return None,
    })
}

/// The witness as the API server's CEL sees it: escaped names; numbers typed by the schema.
fn cel_self(witness: &Map<String, Value>, facts: &StructFacts) -> Result<cel::Value, String> {
    let mut object = Map::new();
    for (name, value) in witness {
        let Some(escaped) = escape(name) else {
            continue; // no rule can select it
        };
        let value = match (facts.get(name).map(|f| f.kind), value.as_f64()) {
            (Some(ValueKind::Number), Some(number)) => Value::from(number),
            _ => value.clone(),
        };
        object.insert(escaped, value);
    }
    cel::to_value(Value::Object(object)).map_err(|e| e.to_string())
}

/// The first witness `rule` rejects, as JSON text, with the outcome (`false` or the error);
/// numbers are typed by `facts`.
pub fn first_rejected(
    rule: &Rule,
    witnesses: &[Witness],
    facts: &StructFacts,
) -> Option<(String, String)> {
    let program = match cel::Program::compile(&rule.rule) {
        Ok(program) => program,
        Err(error) => {
            let witness = witnesses
                .first()
                .map_or("{}".to_string(), Witness::describe);
            return Some((witness, format!("the rule does not compile: {error}")));
        }
    };
    for witness in witnesses {
        let outcome = cel_self(&witness.validated, facts).and_then(|object| {
            let mut context = cel::Context::default();
            context.add_variable_from_value("self", object);
            program.execute(&context).map_err(|e| e.to_string())
        });
        match outcome {
            Ok(cel::Value::Bool(true)) => {}
            Ok(cel::Value::Bool(false)) => {
                return Some((witness.describe(), "it evaluates to false".into()))
            }
            Ok(other) => return Some((witness.describe(), format!("it evaluates to {other:?}"))),
            Err(error) => return Some((witness.describe(), format!("evaluation error: {error}"))),
        }
    }
    None
}
