//! Recognising union-gen's own rules in a manifest (any form union-gen writes or wrote), so
//! that `crd` replaces a stale one and never touches a hand-written rule.

use super::syntax::*;

/// `count(a,b)<=1` for a rule that compares the number of present fields with 1.
pub(super) fn presence_count(text: &str) -> Option<String> {
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
pub(super) fn set_tests(name: &str) -> Vec<String> {
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
pub(super) fn generated_count(rule: &str, message: &str) -> bool {
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
pub(super) fn generated_items(rule: &str, message: &str) -> bool {
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
pub(super) fn generated_member(rule: &str, message: &str) -> bool {
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
