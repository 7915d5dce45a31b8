//! CEL rules parsed (the `cel` crate's parser: the grammar and macro expansions of cel-go,
//! which the API server runs) and compared as expressions, not as text: white space,
//! redundant parentheses and the quotes of a string do not count. Union-gen's own rules are
//! recognised by matching patterns with holes; [`RuleKey`] is how `crd` tells that a rule is
//! already in a manifest.
//!
//! Every walk here is iterative or follows a pattern's (fixed, small) depth: a manifest's
//! rule may nest as deep as cel-go's parser accepts.

use std::borrow::Cow;
use std::sync::OnceLock;

use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};

use super::syntax::without_spaces;

/// `rule` parsed, or `None` when it does not parse. cel-go's bounds first: a manifest's rule
/// may be anything, and the `cel` crate's parser would overflow the stack where cel-go
/// refuses the rule ([`crate::cel_limits`]).
pub(super) fn parse(rule: &str) -> Option<IdedExpr> {
    let nesting = crate::cel_limits::check(rule).ok()?;
    crate::cel_limits::parse_within_stack(nesting, || cel::parser::Parser::new().parse(rule).ok())
}

/// Whether `a` and `b` are the same expression, whatever their node ids. A chain of `&&`
/// (or of `||`) is read as the list of its operands however it is grouped: the parser
/// balances a chain, and `a || (b || c)` means `a || b || c`.
pub(super) fn same(a: &IdedExpr, b: &IdedExpr) -> bool {
    let mut pending = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        if !same_node(a, b, &mut pending) {
            return false;
        }
    }
    true
}

/// Whether the nodes `a` and `b` agree, their children queued on `pending`.
fn same_node<'e>(
    a: &'e IdedExpr,
    b: &'e IdedExpr,
    pending: &mut Vec<(&'e IdedExpr, &'e IdedExpr)>,
) -> bool {
    match (&a.expr, &b.expr) {
        (Expr::Call(x), Expr::Call(y)) if x.func_name == y.func_name && is_logic(&x.func_name) => {
            let (xs, ys) = (operands(a, &x.func_name), operands(b, &y.func_name));
            pending.extend(xs.iter().copied().zip(ys.iter().copied()));
            xs.len() == ys.len()
        }
        (Expr::Call(x), Expr::Call(y)) => {
            let targets = match (&x.target, &y.target) {
                (Some(t), Some(u)) => {
                    pending.push((t, u));
                    true
                }
                (None, None) => true,
                _ => false,
            };
            x.func_name == y.func_name && targets && children(&x.args, &y.args, pending)
        }
        (Expr::Comprehension(x), Expr::Comprehension(y)) => {
            pending.extend([
                (&x.iter_range, &y.iter_range),
                (&x.accu_init, &y.accu_init),
                (&x.loop_cond, &y.loop_cond),
                (&x.loop_step, &y.loop_step),
                (&x.result, &y.result),
            ]);
            x.iter_var == y.iter_var && x.iter_var2 == y.iter_var2 && x.accu_var == y.accu_var
        }
        (Expr::Ident(x), Expr::Ident(y)) => x == y,
        (Expr::List(x), Expr::List(y)) => {
            x.optional_indices == y.optional_indices && children(&x.elements, &y.elements, pending)
        }
        (Expr::Literal(x), Expr::Literal(y)) => x == y,
        (Expr::Map(x), Expr::Map(y)) => same_entries(&x.entries, &y.entries, pending),
        (Expr::Select(x), Expr::Select(y)) => {
            pending.push((&x.operand, &y.operand));
            x.field == y.field && x.test == y.test
        }
        (Expr::Struct(x), Expr::Struct(y)) => {
            x.type_name == y.type_name && same_entries(&x.entries, &y.entries, pending)
        }
        (Expr::Unspecified, Expr::Unspecified) => true,
        _ => false,
    }
}

fn children<'e>(
    xs: &'e [IdedExpr],
    ys: &'e [IdedExpr],
    pending: &mut Vec<(&'e IdedExpr, &'e IdedExpr)>,
) -> bool {
    pending.extend(xs.iter().zip(ys));
    xs.len() == ys.len()
}

fn same_entries<'e>(
    xs: &'e [cel::common::ast::IdedEntryExpr],
    ys: &'e [cel::common::ast::IdedEntryExpr],
    pending: &mut Vec<(&'e IdedExpr, &'e IdedExpr)>,
) -> bool {
    xs.len() == ys.len()
        && xs.iter().zip(ys).all(|(x, y)| match (&x.expr, &y.expr) {
            (EntryExpr::MapEntry(x), EntryExpr::MapEntry(y)) => {
                pending.extend([(&x.key, &y.key), (&x.value, &y.value)]);
                x.optional == y.optional
            }
            (EntryExpr::StructField(x), EntryExpr::StructField(y)) => {
                pending.push((&x.value, &y.value));
                x.field == y.field && x.optional == y.optional
            }
            _ => false,
        })
}

fn is_logic(function: &str) -> bool {
    function == "_&&_" || function == "_||_"
}

/// The operands of a chain of the binary operator `function` (`_||_`, `_&&_`), left to
/// right, however the chain is grouped; an expression that is no such call is its own
/// single operand.
pub(super) fn operands<'e>(expr: &'e IdedExpr, function: &str) -> Vec<&'e IdedExpr> {
    let mut out = Vec::new();
    let mut pending = vec![expr];
    while let Some(expr) = pending.pop() {
        match binary(expr, function) {
            Some((left, right)) => pending.extend([right, left]),
            None => out.push(expr),
        }
    }
    out
}

/// The operands of a left-nested chain of `function` (`a + b + c` is `(a + b) + c`), left
/// to right.
pub(super) fn left_operands<'e>(expr: &'e IdedExpr, function: &str) -> Vec<&'e IdedExpr> {
    let mut out = Vec::new();
    let mut expr = expr;
    while let Some((left, right)) = binary(expr, function) {
        out.push(right);
        expr = left;
    }
    out.push(expr);
    out.reverse();
    out
}

fn binary<'e>(expr: &'e IdedExpr, function: &str) -> Option<(&'e IdedExpr, &'e IdedExpr)> {
    match &expr.expr {
        Expr::Call(call) if call.func_name == function && call.target.is_none() => {
            match call.args.as_slice() {
                [left, right] => Some((left, right)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The string of a string literal.
pub(super) fn string(expr: &IdedExpr) -> Option<&str> {
    match &expr.expr {
        Expr::Literal(LiteralValue::String(s)) => Some(s.inner()),
        _ => None,
    }
}

/// A pattern: CEL text in which an identifier of one capital letter (`E`) is a hole that
/// matches any expression, and a selected field of one capital letter (`self.F`) a hole
/// that matches any field name. A hole used twice matches the same thing twice.
pub(super) struct Pattern {
    text: Cow<'static, str>,
    parsed: OnceLock<Option<IdedExpr>>,
}

/// What a pattern's holes matched.
#[derive(Default)]
pub(super) struct Holes<'e> {
    exprs: Vec<(char, &'e IdedExpr)>,
    fields: Vec<(char, &'e str)>,
}

impl<'e> Holes<'e> {
    /// The expression hole `name` matched.
    pub(super) fn expr(&self, name: char) -> Option<&'e IdedExpr> {
        self.exprs.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
    }

    /// The field name hole `name` matched.
    pub(super) fn field(&self, name: char) -> Option<&'e str> {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }
}

impl Pattern {
    pub(super) const fn new(text: &'static str) -> Pattern {
        Pattern {
            text: Cow::Borrowed(text),
            parsed: OnceLock::new(),
        }
    }

    /// A pattern rendered at run time (a shape's renderer with holes for names).
    pub(super) fn rendered(text: String) -> Pattern {
        Pattern {
            text: Cow::Owned(text),
            parsed: OnceLock::new(),
        }
    }

    /// The holes, when `expr` matches.
    pub(super) fn matches<'e>(&self, expr: &'e IdedExpr) -> Option<Holes<'e>> {
        let pattern = self.parsed.get_or_init(|| parse(&self.text)).as_ref()?;
        let mut holes = Holes::default();
        unify(pattern, expr, &mut holes).then_some(holes)
    }
}

fn ident(expr: &IdedExpr) -> Option<&str> {
    match &expr.expr {
        Expr::Ident(name) => Some(name),
        _ => None,
    }
}

fn hole(name: &str) -> Option<char> {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c),
        _ => None,
    }
}

/// Whether `expr` has the shape of `pattern`, binding its holes. Recursion follows the
/// pattern, whose depth is fixed; a repeated hole compares with [`same`].
fn unify<'e>(pattern: &IdedExpr, expr: &'e IdedExpr, holes: &mut Holes<'e>) -> bool {
    if let Some(name) = ident(pattern).and_then(hole) {
        return match holes.expr(name) {
            Some(bound) => same(bound, expr),
            None => {
                holes.exprs.push((name, expr));
                true
            }
        };
    }
    match (&pattern.expr, &expr.expr) {
        (Expr::Select(p), Expr::Select(e)) => {
            let field = match hole(&p.field) {
                Some(name) => match holes.field(name) {
                    Some(bound) => bound == e.field,
                    None => {
                        holes.fields.push((name, &e.field));
                        true
                    }
                },
                None => p.field == e.field,
            };
            field && p.test == e.test && unify(&p.operand, &e.operand, holes)
        }
        (Expr::Call(p), Expr::Call(e)) => {
            let targets = match (&p.target, &e.target) {
                (Some(p), Some(e)) => unify(p, e, holes),
                (None, None) => true,
                _ => false,
            };
            p.func_name == e.func_name
                && targets
                && p.args.len() == e.args.len()
                && p.args.iter().zip(&e.args).all(|(p, e)| unify(p, e, holes))
        }
        (Expr::Comprehension(p), Expr::Comprehension(e)) => {
            p.iter_var == e.iter_var
                && p.iter_var2 == e.iter_var2
                && p.accu_var == e.accu_var
                && unify(&p.iter_range, &e.iter_range, holes)
                && unify(&p.accu_init, &e.accu_init, holes)
                && unify(&p.loop_cond, &e.loop_cond, holes)
                && unify(&p.loop_step, &e.loop_step, holes)
                && unify(&p.result, &e.result, holes)
        }
        (Expr::List(p), Expr::List(e)) => {
            p.optional_indices == e.optional_indices
                && p.elements.len() == e.elements.len()
                && p.elements
                    .iter()
                    .zip(&e.elements)
                    .all(|(p, e)| unify(p, e, holes))
        }
        (Expr::Ident(p), Expr::Ident(e)) => p == e,
        (Expr::Literal(p), Expr::Literal(e)) => p == e,
        _ => false,
    }
}

/// A rule as `crd` compares it with the rules a manifest already has: as the same CEL
/// expression (`same`), or as the same text outside string literals when it does not
/// parse. A count of present fields compared with 1 is compared by meaning, whichever way it
/// is written — union-gen's and controller-gen's for `AtMostOneOf` / `ExactlyOneOf` /
/// `AtLeastOneOf` (`(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1`, in older releases
/// `[has(self.a), has(self.b)].filter(x, x == true).size() <= 1`, and
/// `has(self.a) || has(self.b)`), the fields in any order: `crd` does not add a second rule
/// for a union a manifest already enforces.
#[derive(Debug)]
pub struct RuleKey(Key);

#[derive(Debug)]
enum Key {
    /// The number of the present fields, sorted, compared with 1 by the operator.
    PresenceCount {
        fields: Vec<String>,
        operator: &'static str,
    },
    Parsed(IdedExpr),
    Unparsed(String),
}

impl RuleKey {
    pub fn of(rule: &str) -> RuleKey {
        RuleKey(match parse(rule) {
            Some(expr) => match presence_count(&expr) {
                Some((mut fields, operator)) => {
                    fields.sort_unstable();
                    Key::PresenceCount { fields, operator }
                }
                None => Key::Parsed(expr),
            },
            None => Key::Unparsed(without_spaces(rule)),
        })
    }
}

impl PartialEq for RuleKey {
    fn eq(&self, other: &RuleKey) -> bool {
        match (&self.0, &other.0) {
            (
                Key::PresenceCount { fields, operator },
                Key::PresenceCount {
                    fields: other_fields,
                    operator: other_operator,
                },
            ) => fields == other_fields && operator == other_operator,
            (Key::Parsed(a), Key::Parsed(b)) => same(a, b),
            (Key::Unparsed(a), Key::Unparsed(b)) => a == b,
            _ => false,
        }
    }
}

static COMPARED: [(Pattern, &str); 3] = [
    (Pattern::new("C <= 1"), "<="),
    (Pattern::new("C == 1"), "=="),
    (Pattern::new("C >= 1"), ">="),
];
static PRESENT: Pattern = Pattern::new("has(self.F)");
static PRESENT_TERM: Pattern = Pattern::new("(P ? 1 : 0)");
static TRUE_COUNT: Pattern = Pattern::new("L.filter(x, x == true).size()");

/// The fields a count of present fields counts, and how it compares the count with 1.
fn presence_count(expr: &IdedExpr) -> Option<(Vec<String>, &'static str)> {
    let present = |expr: &IdedExpr| Some(PRESENT.matches(expr)?.field('F')?.to_string());
    for (pattern, operator) in &COMPARED {
        let Some(count) = pattern.matches(expr).and_then(|holes| holes.expr('C')) else {
            continue;
        };
        let fields = match TRUE_COUNT.matches(count).and_then(|holes| holes.expr('L')) {
            Some(IdedExpr {
                expr: Expr::List(list),
                ..
            }) if list.optional_indices.is_empty() => {
                list.elements.iter().map(present).collect::<Option<_>>()?
            }
            Some(_) => return None,
            None => left_operands(count, "_+_")
                .into_iter()
                .map(|term| present(PRESENT_TERM.matches(term)?.expr('P')?))
                .collect::<Option<_>>()?,
        };
        return Some((fields, operator));
    }
    let fields = operands(expr, "_||_")
        .into_iter()
        .map(present)
        .collect::<Option<_>>()?;
    Some((fields, ">="))
}
