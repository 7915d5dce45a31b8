//! The rule shapes, written: the at-most-one / exactly-one count, the list-item count and
//! the discriminated member rule, with their messages.

use crate::model::{Count, DiscriminatorValues, ItemList, MemberSet, Union, UnionMember, ZeroForm};

use super::facts::*;
use super::syntax::*;

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

pub(super) fn unescapable(what: &str, name: &str, consequence: &str) -> String {
    format!(
        "{what} `{name}` cannot be named in a Kubernetes CEL rule (only JSON names matching \
         [a-zA-Z_.-/][a-zA-Z0-9_.-/]* can), so no rule is written for {consequence}"
    )
}

/// `S(m)`: the expression that is true when member `name` is set, or why there is none.
/// A member of a union whose family says [`MemberSet::Present`] (controller-gen's, which
/// writes `has(self.m)`) is set when it is present, whatever the Go field.
pub(super) fn set_test(name: &str, facts: &StructFacts, set: MemberSet) -> Result<String, String> {
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
pub(super) fn count_rule(
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
pub(super) fn item_rule(
    union: &Union,
    items: &ItemList,
    facts: &StructFacts,
) -> Result<Rule, String> {
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

pub(super) fn union_rules(
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
pub(super) fn member_rule(
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
