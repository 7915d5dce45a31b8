//! CEL rules that enforce unions on an API server (SPEC §6, `--cel`): the
//! `x-kubernetes-validations` entries of a struct's schema, one `{"rule", "message"}` object
//! each.
//!
//! Shapes, per union, in the order of the struct's unions:
//! - undiscriminated, exactly one: `(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) == 1`
//!   (at most one: `<= 1`). The sum is written out instead of `[…].filter(x, x).size()`: a
//!   macro's estimated cost grows with the list it iterates, a sum of ternaries is constant.
//! - discriminated, with an enum discriminator: `!has(self.d) || self.d in ['A', 'B']` (the
//!   members' values and the empty members' values);
//! - discriminated, per member in field order: `has(self.d) && self.d == 'V' ? has(self.m) :
//!   !has(self.m)`, or `… ? true : !has(self.m)` for an `optional` member — the shapes
//!   hand-written kubebuilder `XValidation` rules and their linters use.
//!
//! Field names are escaped as the API server's CEL environment names properties
//! ([`escape`]); a name it cannot escape cannot be selected at all (Kubernetes offers no
//! `self['x']` for declared properties), so the rules that would need it are left out and
//! [`unenforceable`] says so.
//!
//! Input: a [`StructDef`]. Output: JSON values. Must not know: Go syntax or output formats.

use crate::model::{ApiModel, DefinitionBody, PropertyType, StructDef, Union};
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

/// Rules for every union of `def`, and what could not be enforced (one sentence each).
pub fn struct_rules(def: &StructDef) -> (Vec<Rule>, Vec<String>) {
    let mut rules = Vec::new();
    let mut problems = Vec::new();
    for union in &def.unions {
        let enum_discriminator = union.discriminator.as_deref().is_some_and(|d| {
            def.properties
                .iter()
                .any(|p| p.json_name == d && matches!(p.ty, PropertyType::Enum(_)))
        });
        union_rules(union, enum_discriminator, &mut rules, &mut problems);
    }
    (rules, problems)
}

/// The rules as `x-kubernetes-validations` entries.
pub fn validations(def: &StructDef) -> Vec<serde_json::Value> {
    struct_rules(def).0.iter().map(Rule::to_json).collect()
}

/// Every union member or discriminator of the model that `--cel` cannot enforce, with the
/// struct's span: `(span, message)`, in definition order.
pub fn unenforceable(model: &ApiModel) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for definition in &model.definitions {
        if let DefinitionBody::Struct(def) = &definition.body {
            for problem in struct_rules(def).1 {
                out.push((
                    definition.span.clone(),
                    format!("{}: {problem}", definition.name.name),
                ));
            }
        }
    }
    out
}

fn unescapable(what: &str, name: &str, consequence: &str) -> String {
    format!(
        "{what} `{name}` cannot be named in a Kubernetes CEL rule (only JSON names matching \
         [a-zA-Z_.-/][a-zA-Z0-9_.-/]* can), so `--cel` writes no rule for {consequence}"
    )
}

fn union_rules(
    union: &Union,
    enum_discriminator: bool,
    rules: &mut Vec<Rule>,
    problems: &mut Vec<String>,
) {
    let names: Vec<&str> = union.members.iter().map(|m| m.json_name.as_str()).collect();
    let Some(discriminator) = &union.discriminator else {
        if names.len() < 2 && !union.exactly_one {
            return; // at most one of one field: always true
        }
        let mut terms = Vec::with_capacity(names.len());
        for name in &names {
            match escape(name) {
                Some(field) => terms.push(format!("(has(self.{field}) ? 1 : 0)")),
                None => {
                    problems.push(unescapable(
                        "the union member",
                        name,
                        &format!("the union of {}", names.join(", ")),
                    ));
                    return;
                }
            }
        }
        let list = names.join(", ");
        let (op, message) = if union.exactly_one {
            ("==", format!("exactly one of {list} must be set"))
        } else {
            ("<=", format!("at most one of {list} may be set"))
        };
        rules.push(Rule {
            rule: format!("{} {op} 1", terms.join(" + ")),
            message,
        });
        return;
    };
    let Some(d) = escape(discriminator) else {
        problems.push(unescapable(
            "the union discriminator",
            discriminator,
            "its union",
        ));
        return;
    };
    if enum_discriminator {
        let mut values: Vec<&str> = union
            .members
            .iter()
            .map(|m| m.value.as_str())
            .chain(union.empty_values.iter().map(String::as_str))
            .collect();
        values.sort_unstable();
        values.dedup();
        let literals: Vec<String> = values.iter().map(|v| string_literal(v)).collect();
        rules.push(Rule {
            rule: format!("!has(self.{d}) || self.{d} in [{}]", literals.join(", ")),
            message: format!(
                "{discriminator} must be one of {}",
                values
                    .iter()
                    .map(|v| format!("'{v}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    for member in &union.members {
        let Some(m) = escape(&member.json_name) else {
            problems.push(unescapable(
                &format!("the member (of the union discriminated by {discriminator})"),
                &member.json_name,
                "this member",
            ));
            continue;
        };
        let selected = format!(
            "has(self.{d}) && self.{d} == {}",
            string_literal(&member.value)
        );
        let name = &member.json_name;
        let value = &member.value;
        rules.push(if member.optional {
            Rule {
                rule: format!("{selected} ? true : !has(self.{m})"),
                message: format!("{name} may be set only when {discriminator} is '{value}'"),
            }
        } else {
            Rule {
                rule: format!("{selected} ? has(self.{m}) : !has(self.{m})"),
                message: format!(
                    "{name} must be set when {discriminator} is '{value}', and only then"
                ),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::UnionMember;

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
        }
    }

    #[test]
    fn undiscriminated_sum() {
        let union = Union {
            discriminator: None,
            members: vec![member("a", "A", false), member("b-c", "B", false)],
            empty_values: vec![],
            exactly_one: true,
        };
        let (mut rules, mut problems) = (Vec::new(), Vec::new());
        union_rules(&union, false, &mut rules, &mut problems);
        assert_eq!(
            rules,
            vec![Rule {
                rule: "(has(self.a) ? 1 : 0) + (has(self.b__dash__c) ? 1 : 0) == 1".into(),
                message: "exactly one of a, b-c must be set".into(),
            }]
        );
        assert!(problems.is_empty());
    }

    #[test]
    fn unescapable_member_is_reported_not_guessed() {
        let union = Union {
            discriminator: Some("kind".into()),
            members: vec![member("a:b", "A", false), member("c", "C", true)],
            empty_values: vec![],
            exactly_one: true,
        };
        let (mut rules, mut problems) = (Vec::new(), Vec::new());
        union_rules(&union, true, &mut rules, &mut problems);
        assert_eq!(rules.len(), 2, "{rules:?}");
        assert_eq!(
            rules[1].rule,
            "has(self.kind) && self.kind == 'C' ? true : !has(self.c)"
        );
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("`a:b`"), "{problems:?}");
    }
}
