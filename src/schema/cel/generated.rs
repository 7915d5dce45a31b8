//! Recognising union-gen's own rules in a manifest — every form it writes ([`Shape`]) or
//! wrote ([`Former`]) — so that `crd` replaces a stale one and never touches a hand-written
//! rule. The message says which shape and over which fields; the parsed rule gives what the
//! message does not (how each member is told set, a list-item union's selectors); the shape
//! is rendered again and must be the same CEL expression ([`same`]) with the same message.

use std::sync::LazyLock;

use cel::common::ast::{Expr, IdedExpr};

use crate::model::Count;

use super::parsed::*;
use super::shape::*;
use super::syntax::*;

/// Whether `rule` with `message` is exactly a rule union-gen writes or wrote, for some union:
/// the message in one of union-gen's forms and the rule, as parsed CEL, the rule of that form
/// over the fields the message names (white space, redundant parentheses and quotes aside).
/// `crd` removes such a rule when it no longer writes it (the union's members changed),
/// instead of leaving it beside the new one; a hand-written rule (another message or
/// expression) is never touched.
pub fn is_generated(rule: &str, message: &str) -> bool {
    // The message first: most rules of a manifest are not union-gen's, and text is cheaper
    // than parsing them.
    if !in_a_form(message) {
        return false;
    }
    let Some(written) = parse(rule) else {
        return false;
    };
    let own = recognise(&written, message).map(|shape| shape.render());
    let former = former(&written, message).map(|former| former.render());
    own.into_iter().chain(former).any(|candidate| {
        candidate.message == message
            && parse(&candidate.rule).is_some_and(|rendered| same(&rendered, &written))
    })
}

/// Whether `message` is in one of the forms of union-gen's messages, current or former.
fn in_a_form(message: &str) -> bool {
    let own = |message: &str| {
        counted(message, &COUNT_MESSAGES).is_some()
            || counted(message, &ITEM_MESSAGES).is_some()
            || member_message(message).is_some()
    };
    own(message)
        || message.contains(" must be one of ")
        || message
            .split_once(": ")
            .is_some_and(|(_, inner)| own(inner))
}

/// The shape union-gen writes with `message` that `expr` has, if any.
fn recognise(expr: &IdedExpr, message: &str) -> Option<Shape> {
    subfield(expr, message).or_else(|| own_fields(expr, message))
}

/// A rule over the struct's own fields (or, inside a subfield union's rule, the held
/// struct's).
fn own_fields(expr: &IdedExpr, message: &str) -> Option<Shape> {
    count(expr, message)
        .or_else(|| items(expr, message))
        .or_else(|| member(expr, message))
}

const COUNT_MESSAGES: [(&str, &str, Count); 3] = [
    ("exactly one of ", " must be set", Count::ExactlyOne),
    ("at most one of ", " may be set", Count::AtMostOne),
    ("at least one of ", " must be set", Count::AtLeastOne),
];
const ITEM_MESSAGES: [(&str, &str, Count); 3] = [
    (
        "exactly one of the items ",
        " must be present",
        Count::ExactlyOne,
    ),
    (
        "at most one of the items ",
        " may be present",
        Count::AtMostOne,
    ),
    (
        "at least one of the items ",
        " must be present",
        Count::AtLeastOne,
    ),
];

/// The count and the list of names of a message `{head}{list}{tail}`.
fn counted<'m>(message: &'m str, forms: &[(&str, &str, Count)]) -> Option<(Count, &'m str)> {
    forms.iter().find_map(|(head, tail, count)| {
        let list = message.strip_prefix(head)?.strip_suffix(tail)?;
        Some((*count, list))
    })
}

static EXACTLY_ONE: Pattern = Pattern::new("C == 1");
static AT_MOST_ONE: Pattern = Pattern::new("C <= 1");
static COUNT_TERM: Pattern = Pattern::new("(S ? 1 : 0)");

/// [`Shape::Count`]: `exactly one of a, b must be set` with `(S(a) ? 1 : 0) + … == 1`.
fn count(expr: &IdedExpr, message: &str) -> Option<Shape> {
    let (count, list) = counted(message, &COUNT_MESSAGES)?;
    if list.starts_with("the items ") {
        return None;
    }
    let names: Vec<Name> = list.split(", ").map(Name::new).collect::<Option<_>>()?;
    let compared = |pattern: &Pattern| pattern.matches(expr)?.expr('C');
    let tests: Vec<&IdedExpr> = match count {
        Count::AtLeastOne => operands(expr, "_||_"),
        Count::ExactlyOne | Count::AtMostOne => {
            let sum = match count {
                Count::ExactlyOne => compared(&EXACTLY_ONE)?,
                _ => compared(&AT_MOST_ONE)?,
            };
            left_operands(sum, "_+_")
                .into_iter()
                .map(|term| COUNT_TERM.matches(term)?.expr('S'))
                .collect::<Option<_>>()?
        }
    };
    if tests.len() != names.len() {
        return None;
    }
    let members = names
        .into_iter()
        .zip(tests)
        .map(|(name, test)| set_member(name, test))
        .collect::<Option<_>>()?;
    Some(Shape::Count { count, members })
}

/// [`SetTest::cel`] with holes for the receiver and the field.
static SET_TESTS: LazyLock<Vec<(SetTest, Pattern)>> = LazyLock::new(|| {
    SetTest::ALL
        .into_iter()
        .map(|test| (test, Pattern::rendered(test.cel("R", "F"))))
        .collect()
});

/// Member `name`, told set by `test`, which must test `name`.
fn set_member(name: Name, test: &IdedExpr) -> Option<SetMember> {
    let (test, _) = SET_TESTS.iter().find(|(_, pattern)| {
        pattern
            .matches(test)
            .is_some_and(|holes| holes.field('F') == Some(name.cel.as_str()))
    })?;
    Some(SetMember { name, test: *test })
}

static ITEM_COUNTS: [(Pattern, Count); 3] = [
    (
        Pattern::new("(has(R.L) ? E.filter(x, x).size() : 0) == 1"),
        Count::ExactlyOne,
    ),
    (
        Pattern::new("(has(R.L) ? E.filter(x, x).size() : 0) <= 1"),
        Count::AtMostOne,
    ),
    (
        Pattern::new("(has(R.L) ? E.filter(x, x).size() : 0) >= 1"),
        Count::AtLeastOne,
    ),
];
static ITEM_EXISTS: Pattern = Pattern::new("R.L.exists(i, P)");
static ITEM_KEY_UNSET: Pattern = Pattern::new("!has(i.K) || i.K == ''");
static ITEM_KEY_PRESENT: Pattern = Pattern::new("has(i.K)");
static ITEM_KEY_EQUALS: Pattern = Pattern::new("i.K == V");

/// [`Shape::Items`]: `exactly one of the items a, b must be present` with
/// `(has(self.l) ? [self.l.exists(i, …), …].filter(x, x).size() : 0) == 1`.
fn items(expr: &IdedExpr, message: &str) -> Option<Shape> {
    let (count, list) = counted(message, &ITEM_MESSAGES)?;
    let members: Vec<String> = list.split(", ").map(str::to_string).collect();
    let (pattern, _) = ITEM_COUNTS.iter().find(|(_, c)| *c == count)?;
    let holes = pattern.matches(expr)?;
    let Expr::List(tests) = &holes.expr('E')?.expr else {
        return None;
    };
    if tests.elements.len() != members.len() {
        return None;
    }
    let selectors = tests
        .elements
        .iter()
        .map(|test| selector(ITEM_EXISTS.matches(test)?.expr('P')?))
        .collect::<Option<_>>()?;
    Some(Shape::Items {
        count,
        list: holes.field('L')?.to_string(),
        selectors,
        members,
    })
}

/// The keys and values an item's conditions test: `(has(i.k) && i.k == 'v')`, or
/// `(!has(i.k) || i.k == '')` for the empty value, joined by `&&`.
fn selector(conditions: &IdedExpr) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut rest = operands(conditions, "_&&_").into_iter();
    while let Some(condition) = rest.next() {
        if let Some(holes) = ITEM_KEY_UNSET.matches(condition) {
            out.push((holes.field('K')?.to_string(), String::new()));
            continue;
        }
        let key = ITEM_KEY_PRESENT.matches(condition)?.field('K')?;
        let holes = ITEM_KEY_EQUALS.matches(rest.next()?)?;
        if holes.field('K')? != key {
            return None;
        }
        out.push((key.to_string(), string(holes.expr('V')?)?.to_string()));
    }
    Some(out)
}

/// `m must be set when d is 'V', and only then` / `m may be set only when d is 'V'`: the
/// member, the discriminator, the value, and whether the member is optional.
fn member_message(message: &str) -> Option<(&str, &str, &str, bool)> {
    let (member, rest, optional) = match message.strip_suffix("', and only then") {
        Some(m) => {
            let (member, rest) = m.split_once(" must be set when ")?;
            (member, rest, false)
        }
        None => {
            let (member, rest) = message
                .strip_suffix('\'')?
                .split_once(" may be set only when ")?;
            (member, rest, true)
        }
    };
    let (discriminator, value) = rest.split_once(" is '")?;
    Some((member, discriminator, value, optional))
}

static SELECTED_OR_NOT: Pattern = Pattern::new("C ? S : !S");
static NOT: Pattern = Pattern::new("!S");

/// [`Shape::Member`]: `m must be set when d is 'V', and only then` with
/// `!has(self.d) || self.d == '' || (self.d == 'V' ? S(m) : !S(m))`, and `m may be set only
/// when d is 'V'` with `… || self.d == 'V' || !S(m)`.
fn member(expr: &IdedExpr, message: &str) -> Option<Shape> {
    let (member, discriminator, value, optional) = member_message(message)?;
    let last = *operands(expr, "_||_").last()?;
    let pattern = if optional { &NOT } else { &SELECTED_OR_NOT };
    let test = pattern.matches(last)?.expr('S')?;
    Some(Shape::Member {
        discriminator: Name::new(discriminator)?,
        value: value.to_string(),
        member: set_member(Name::new(member)?, test)?,
        optional,
    })
}

static SUBFIELD: Pattern = Pattern::new("!has(R.F) || X");

/// [`Shape::Subfield`]: `f: ` and the message of the union of `f`'s fields, with
/// `!has(self.f) || (R)`.
fn subfield(expr: &IdedExpr, message: &str) -> Option<Shape> {
    let (field, message) = message.split_once(": ")?;
    let field = Name::new(field)?;
    let holes = SUBFIELD.matches(expr)?;
    if holes.field('F')? != field.cel {
        return None;
    }
    let inner = own_fields(holes.expr('X')?, message)?;
    Some(Shape::Subfield {
        field,
        inner: Box::new(inner),
    })
}

/// The forms of union-gen's first `--cel` and `crd` (2026-11-21, commits f291b63 to
/// 83bbb99), before its rules rested on the Go fields' zero forms: recognised, so that `crd`
/// replaces them, and never written.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Former {
    /// `!has(self.d) || self.d in ['A', 'B']`: "d must be one of 'A', 'B'", the values
    /// sorted.
    Allowed {
        discriminator: Name,
        values: Vec<String>,
    },
    /// `has(self.d) && self.d == 'V' ? has(self.m) : !has(self.m)`: "m must be set when d is
    /// 'V', and only then"; an optional member `… ? true : !has(self.m)`: "m may be set only
    /// when d is 'V'".
    Member {
        discriminator: Name,
        value: String,
        member: Name,
        optional: bool,
    },
}

impl Former {
    fn render(&self) -> Rule {
        match self {
            Former::Allowed {
                discriminator,
                values,
            } => {
                let d = &discriminator.cel;
                let literals: Vec<String> = values.iter().map(|v| string_literal(v)).collect();
                let quoted: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
                Rule {
                    rule: format!("!has(self.{d}) || self.{d} in [{}]", literals.join(", ")),
                    message: format!(
                        "{} must be one of {}",
                        discriminator.json,
                        quoted.join(", ")
                    ),
                }
            }
            Former::Member {
                discriminator,
                value,
                member,
                optional,
            } => {
                let (d, m) = (&discriminator.cel, &member.cel);
                let selected = format!("has(self.{d}) && self.{d} == {}", string_literal(value));
                let (name, d_json) = (&member.json, &discriminator.json);
                if *optional {
                    Rule {
                        rule: format!("{selected} ? true : !has(self.{m})"),
                        message: format!("{name} may be set only when {d_json} is '{value}'"),
                    }
                } else {
                    Rule {
                        rule: format!("{selected} ? has(self.{m}) : !has(self.{m})"),
                        message: format!(
                            "{name} must be set when {d_json} is '{value}', and only then"
                        ),
                    }
                }
            }
        }
    }
}

static ALLOWED: Pattern = Pattern::new("!has(self.D) || self.D in L");

/// The former rule with `message` that `expr` may be.
fn former(expr: &IdedExpr, message: &str) -> Option<Former> {
    if let Some((member, discriminator, value, optional)) = member_message(message) {
        return Some(Former::Member {
            discriminator: Name::new(discriminator)?,
            value: value.to_string(),
            member: Name::new(member)?,
            optional,
        });
    }
    let (discriminator, _) = message.split_once(" must be one of ")?;
    let Expr::List(list) = &ALLOWED.matches(expr)?.expr('L')?.expr else {
        return None;
    };
    let mut values: Vec<String> = list
        .elements
        .iter()
        .map(|v| string(v).map(str::to_string))
        .collect::<Option<_>>()?;
    values.sort_unstable();
    values.dedup();
    Some(Former::Allowed {
        discriminator: Name::new(discriminator)?,
        values,
    })
}
