//! The rule shapes as typed values — the at-most-one / exactly-one count, the list-item
//! count, the discriminated member rule, a subfield union's rule — built from a union and
//! rendered once, rule and message: what `crd` recognises in a manifest
//! ([`super::generated`]) is matched against these shapes.

use crate::model::{Count, DiscriminatorValues, ItemList, MemberSet, Union, UnionMember, ZeroForm};

use super::facts::*;
use super::finding::Finding;
use super::syntax::*;

/// One validation rule, rendered.
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

/// A property as a rule names it: its JSON name (in messages) and its name in CEL
/// ([`escape`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Name {
    pub(super) json: String,
    pub(super) cel: String,
}

impl Name {
    /// `None` when CEL cannot name the property.
    pub(super) fn new(json: &str) -> Option<Name> {
        Some(Name {
            json: json.to_string(),
            cel: escape(json)?,
        })
    }
}

/// `S(m)`: how a rule tells that a member is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SetTest {
    /// `has(self.m)`.
    Present,
    /// `(has(self.m) && self.m != '')`.
    NonEmptyString,
    /// `(has(self.m) && self.m != 0)`.
    NonZeroInteger,
    /// `(has(self.m) && self.m != 0.0)`.
    NonZeroNumber,
    /// `(has(self.m) && self.m)`.
    True,
    /// `(has(self.m) && size(self.m) != 0)`.
    NonEmpty,
}

impl SetTest {
    pub(super) const ALL: [SetTest; 6] = [
        SetTest::Present,
        SetTest::NonEmptyString,
        SetTest::NonZeroInteger,
        SetTest::NonZeroNumber,
        SetTest::True,
        SetTest::NonEmpty,
    ];

    /// The test of `field` (escaped) of `receiver` (`self`, or `self.f` for a subfield union).
    pub(super) fn cel(self, receiver: &str, field: &str) -> String {
        let value = format!("{receiver}.{field}");
        let has = format!("has({value})");
        match self {
            SetTest::Present => has,
            SetTest::NonEmptyString => format!("({has} && {value} != '')"),
            SetTest::NonZeroInteger => format!("({has} && {value} != 0)"),
            SetTest::NonZeroNumber => format!("({has} && {value} != 0.0)"),
            SetTest::True => format!("({has} && {value})"),
            SetTest::NonEmpty => format!("({has} && size({value}) != 0)"),
        }
    }
}

/// A union member and how it is told set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SetMember {
    pub(super) name: Name,
    pub(super) test: SetTest,
}

impl SetMember {
    fn cel(&self, receiver: &str) -> String {
        self.test.cel(receiver, &self.name.cel)
    }
}

/// A rule union-gen writes, as a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Shape {
    /// `(S(a) ? 1 : 0) + (S(b) ? 1 : 0) == 1` (at most one: `<= 1`; at least one:
    /// `S(a) || S(b)`): "exactly one of a, b must be set".
    Count {
        count: Count,
        members: Vec<SetMember>,
    },
    /// `(has(self.l) ? [self.l.exists(i, C), …].filter(x, x).size() : 0) == 1` (`<= 1`,
    /// `>= 1`), one `exists` per member, `C` its selector's conditions over the item `i`:
    /// "exactly one of the items a, b must be present".
    Items {
        count: Count,
        /// The list, escaped.
        list: String,
        /// Per member, the item keys (escaped) and the values they must have.
        selectors: Vec<Vec<(String, String)>>,
        /// The members' JSON names, for the message.
        members: Vec<String>,
    },
    /// `!has(self.d) || self.d == '' || (self.d == 'V' ? S(m) : !S(m))`: "m must be set when
    /// d is 'V', and only then"; an optional member `… || self.d == 'V' || !S(m)`: "m may be
    /// set only when d is 'V'".
    Member {
        discriminator: Name,
        value: String,
        member: SetMember,
        optional: bool,
    },
    /// `!has(self.f) || (R)`, `R` the rule of the union of `f`'s fields over `self.f`: "f: "
    /// and its message.
    Subfield { field: Name, inner: Box<Shape> },
}

impl Shape {
    /// The rule and its message.
    pub(super) fn render(&self) -> Rule {
        Rule {
            rule: self.cel("self"),
            message: self.message(),
        }
    }

    /// The rule over `receiver` (`self`, or `self.f` inside a subfield union's rule).
    fn cel(&self, receiver: &str) -> String {
        match self {
            Shape::Count { count, members } => {
                let tests = members.iter().map(|m| m.cel(receiver));
                match count {
                    Count::ExactlyOne => format!("{} == 1", sum(tests)),
                    Count::AtMostOne => format!("{} <= 1", sum(tests)),
                    Count::AtLeastOne => tests.collect::<Vec<_>>().join(" || "),
                }
            }
            Shape::Items {
                count,
                list,
                selectors,
                ..
            } => {
                let exists: Vec<String> = selectors
                    .iter()
                    .map(|selector| {
                        let conditions: Vec<String> = selector
                            .iter()
                            .map(|(k, value)| {
                                if value.is_empty() {
                                    format!("(!has(i.{k}) || i.{k} == '')")
                                } else {
                                    format!("(has(i.{k}) && i.{k} == {})", string_literal(value))
                                }
                            })
                            .collect();
                        format!("{receiver}.{list}.exists(i, {})", conditions.join(" && "))
                    })
                    .collect();
                let size = format!(
                    "(has({receiver}.{list}) ? [{}].filter(x, x).size() : 0)",
                    exists.join(", ")
                );
                match count {
                    Count::ExactlyOne => format!("{size} == 1"),
                    Count::AtMostOne => format!("{size} <= 1"),
                    Count::AtLeastOne => format!("{size} >= 1"),
                }
            }
            Shape::Member {
                discriminator,
                value,
                member,
                optional,
            } => {
                let d = format!("{receiver}.{}", discriminator.cel);
                let literal = string_literal(value);
                let test = member.cel(receiver);
                if *optional {
                    format!("!has({d}) || {d} == '' || {d} == {literal} || !{test}")
                } else {
                    format!("!has({d}) || {d} == '' || ({d} == {literal} ? {test} : !{test})")
                }
            }
            Shape::Subfield { field, inner } => {
                let held = format!("{receiver}.{}", field.cel);
                format!("!has({held}) || ({})", inner.cel(&held))
            }
        }
    }

    fn message(&self) -> String {
        match self {
            Shape::Count { count, members } => {
                let list = members
                    .iter()
                    .map(|m| m.name.json.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                match count {
                    Count::ExactlyOne => format!("exactly one of {list} must be set"),
                    Count::AtMostOne => format!("at most one of {list} may be set"),
                    Count::AtLeastOne => format!("at least one of {list} must be set"),
                }
            }
            Shape::Items { count, members, .. } => {
                let list = members.join(", ");
                match count {
                    Count::ExactlyOne => format!("exactly one of the items {list} must be present"),
                    Count::AtMostOne => format!("at most one of the items {list} may be present"),
                    Count::AtLeastOne => {
                        format!("at least one of the items {list} must be present")
                    }
                }
            }
            Shape::Member {
                discriminator,
                value,
                member,
                optional,
            } => {
                let (name, d) = (&member.name.json, &discriminator.json);
                if *optional {
                    format!("{name} may be set only when {d} is '{value}'")
                } else {
                    format!("{name} must be set when {d} is '{value}', and only then")
                }
            }
            Shape::Subfield { field, inner } => format!("{}: {}", field.json, inner.message()),
        }
    }
}

/// `(t1 ? 1 : 0) + (t2 ? 1 : 0) + …`.
fn sum(tests: impl Iterator<Item = String>) -> String {
    tests
        .map(|test| format!("({test} ? 1 : 0)"))
        .collect::<Vec<_>>()
        .join(" + ")
}

pub(super) fn unescapable(what: &str, name: &str, consequence: &str) -> String {
    format!(
        "{what} `{name}` cannot be named in a Kubernetes CEL rule (only JSON names matching \
         [a-zA-Z_.-/][a-zA-Z0-9_.-/]* can), so no rule is written for {consequence}"
    )
}

/// `S(m)`: how member `name` is told set, or why it cannot be. A member of a union whose
/// family says [`MemberSet::Present`] (controller-gen's, which writes `has(self.m)`) is set
/// when it is present, whatever the Go field.
pub(super) fn set_member(
    name: &str,
    facts: &StructFacts,
    set: MemberSet,
) -> Result<SetMember, String> {
    let Some(named) = Name::new(name) else {
        return Err(unescapable("the union member", name, "it"));
    };
    let Some(f) = facts.get(name) else {
        return Err(format!(
            "the union member `{name}` is not a property of the schema, so no rule is written \
             for it"
        ));
    };
    let member = |test| {
        Ok(SetMember {
            name: named.clone(),
            test,
        })
    };
    if set == MemberSet::Present {
        return member(SetTest::Present);
    }
    match (f.zero, f.kind) {
        (ZeroForm::Absent, _) => member(SetTest::Present),
        (ZeroForm::Empty, ValueKind::String) => member(SetTest::NonEmptyString),
        (ZeroForm::Empty, ValueKind::Integer) => member(SetTest::NonZeroInteger),
        (ZeroForm::Empty, ValueKind::Number) => member(SetTest::NonZeroNumber),
        (ZeroForm::Empty, ValueKind::Boolean) => member(SetTest::True),
        (ZeroForm::Empty, ValueKind::List | ValueKind::Map) => member(SetTest::NonEmpty),
        (ZeroForm::Empty, ValueKind::Object | ValueKind::Any) | (ZeroForm::Opaque, _) => {
            Err(format!(
                "the union member `{name}` is not a pointer and its zero value has no JSON form \
                 a rule can test (a struct, an array, or a type that marshals itself), so a set \
                 member cannot be told from an unset one and no rule is written for it"
            ))
        }
    }
}

/// The at-most-one (or exactly-one) sum over `members`; at least one is a disjunction.
pub(super) fn count_rule(
    members: &[UnionMember],
    count: Count,
    set: MemberSet,
    facts: &StructFacts,
) -> Result<Shape, String> {
    let mut set_members = Vec::with_capacity(members.len());
    for member in members {
        let set_member = set_member(&member.json_name, facts, set).map_err(|why| {
            let list: Vec<&str> = members.iter().map(|m| m.json_name.as_str()).collect();
            format!(
                "{why}; the count of the union of {} is not enforced",
                list.join(", ")
            )
        })?;
        set_members.push(set_member);
    }
    Ok(Shape::Count {
        count,
        members: set_members,
    })
}

/// The rule of a list-item union, on the struct that holds the list: a member is set when
/// some item matches its selector (`self.l.exists(i, …)`), so items repeating one selector
/// count once, as in validation-gen; an absent list has no items.
pub(super) fn item_rule(
    union: &Union,
    items: &ItemList,
    facts: &StructFacts,
) -> Result<Shape, String> {
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
    let mut selectors = Vec::with_capacity(items.selectors.len());
    for selector in &items.selectors {
        let mut conditions = Vec::with_capacity(selector.len());
        for (key, value) in selector {
            let Some(k) = escape(key) else {
                return Err(unescapable("the list-map key", key, "the list-item union"));
            };
            conditions.push((k, value.clone()));
        }
        selectors.push(conditions);
    }
    Ok(Shape::Items {
        count: union.count,
        list,
        selectors,
        members: union.members.iter().map(|m| m.json_name.clone()).collect(),
    })
}

/// Why the members of a `+union` struct (every field but the discriminator) may not all be
/// members: the discriminator lists its values and a member is named after none of them.
/// Authors name the fields a discriminator selects after its values (`loadBalancer` for
/// `LoadBalancerService`, `networkLoadBalancer` for `NLB`); a field named otherwise is often
/// one they set beside any value (external-dns-operator's `labelFilter` beside each source),
/// and then "at most one" is not sure. Fields marked `+unionMember` are sure
/// (`named_members`).
fn unsure_members(union: &Union, counted: &[UnionMember], facts: &StructFacts) -> Option<Finding> {
    if !union.named_members.is_empty() || counted.len() < 2 {
        return None;
    }
    let discriminator = union.discriminator.as_deref()?;
    let values = facts.get(discriminator)?.allowed.as_ref()?;
    let stray = counted.iter().find(|m| {
        !values
            .iter()
            .any(|v| named_after(&m.value, v) || named_after(&m.json_name, v))
    })?;
    Some(Finding::UnsureMembers {
        discriminator: discriminator.to_string(),
        member: stray.json_name.clone(),
        values: values.clone(),
    })
}

/// Whether the field `name` is named after the discriminator value `value`: they share a
/// word (camel-case words, case ignored), or the initials of the name's words spell the value.
fn named_after(name: &str, value: &str) -> bool {
    let name_words = camel_words(name);
    let value_words = camel_words(value);
    let initials: String = name_words.iter().filter_map(|w| w.chars().next()).collect();
    name_words.iter().any(|w| value_words.contains(w))
        || (value.len() > 1 && initials.eq_ignore_ascii_case(value))
}

/// `networkLoadBalancer` → network, load, balancer; `AWSLoadBalancer` → aws, load, balancer.
pub(super) fn camel_words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let upper = c.is_ascii_uppercase();
        let after_lower =
            i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
        let ends_acronym = i > 0
            && chars[i - 1].is_ascii_uppercase()
            && chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
        let boundary = !c.is_ascii_alphanumeric() || (upper && (after_lower || ends_acronym));
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The shapes of `union`'s rules, and why a rule or member is left out.
pub(super) fn union_rules(
    union: &Union,
    facts: &StructFacts,
    rules: &mut Vec<Shape>,
    problems: &mut Vec<Finding>,
) {
    if let Some(items) = &union.items {
        if union.count == Count::AtMostOne && items.selectors.len() < 2 {
            return; // at most one of one item: always true
        }
        match item_rule(union, items, facts) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(Finding::Unenforceable(problem)),
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
    let mut push_count = |count: Count, rules: &mut Vec<Shape>| {
        if counted.len() < 2 && count == Count::AtMostOne {
            return; // at most one of one field: always true
        }
        match count_rule(&counted, count, union.meaning.set, facts) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(Finding::Unenforceable(problem)),
        }
    };
    let discriminator = match (union.meaning.discriminator, &union.discriminator) {
        // Values that are labels (the 2019 discriminator, optional too): the count is all
        // that is sure, when the members are.
        (DiscriminatorValues::Label, _) => {
            match unsure_members(union, &counted, facts) {
                Some(problem) => problems.push(problem),
                None => push_count(Count::AtMostOne, rules),
            }
            return;
        }
        (_, None) => return push_count(union.count, rules),
        (_, Some(discriminator)) => discriminator,
    };
    let Some(d) = Name::new(discriminator) else {
        problems.push(Finding::Unenforceable(unescapable(
            "the union discriminator",
            discriminator,
            "its union",
        )));
        return;
    };
    let Some(d_facts) = facts.get(discriminator) else {
        problems.push(Finding::Unenforceable(format!(
            "the union discriminator `{discriminator}` is not a property of the schema, so no \
             rule is written for its union"
        )));
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
        match member_rule(member, &d, d_facts, facts, union.meaning.set) {
            Ok(rule) => rules.push(rule),
            Err(problem) => problems.push(Finding::Unenforceable(problem)),
        }
    }
}

/// The rule tying `member` to its discriminator value.
pub(super) fn member_rule(
    member: &UnionMember,
    discriminator: &Name,
    d_facts: &FieldFacts,
    facts: &StructFacts,
    set: MemberSet,
) -> Result<Shape, String> {
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
             `{}` allows, so no rule is written for it",
            discriminator.json
        ));
    }
    Ok(Shape::Member {
        discriminator: discriminator.clone(),
        value: value.clone(),
        member: set_member(name, facts, set)?,
        optional: member.optional,
    })
}
