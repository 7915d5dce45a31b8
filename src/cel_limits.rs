//! cel-go's parser bounds, checked on a CEL expression's text before the `cel` crate parses
//! it: the `cel` crate's ANTLR parser recurses once per nesting level and per chained
//! operator and overflows the stack on expressions cel-go refuses cleanly (6,000 `+` terms,
//! 20,000 member selections), so every caller — `validate`'s rules, `crd`'s cost estimates of
//! the rules already in a manifest, `validate --packages`' `XValidation` markers — asks
//! [`check`] first and gets cel-go's own error for what cel-go would refuse.
//!
//! cel-go (parser/parser.go) has three bounds, all in force in Kubernetes (which sets none of
//! its own): the expression's size ([`limits::CEL_EXPRESSION_SIZE_CODE_POINT_LIMIT`] code
//! points), the parse listener's nesting of each grammar rule ("expression recursion limit
//! exceeded: 250": each parenthesis, list, map, call's arguments, index and ternary branch
//! opens a level; left-recursive operator chains do not), and the visitor's recursion ("max
//! recursion depth exceeded": each relation, arithmetic operator, member selection, member
//! call, index and ternary on the path from the root to a leaf). [`check`] measures both on
//! a token stream with explicit stacks (no recursion of its own).

use crate::limits;

/// How deeply an expression nests, as cel-go's parser counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nesting {
    /// The parse listener's deepest rule nesting (1 for an expression without brackets).
    pub levels: usize,
    /// The visitor's deepest recursion.
    pub depth: usize,
}

/// `Ok` with the expression's nesting when cel-go would parse it this deep; `Err` with
/// cel-go's error (as `cel.Compile` prints it) when it would refuse it.
pub fn check(expression: &str) -> Result<Nesting, String> {
    let size = expression.chars().count();
    if size > limits::CEL_EXPRESSION_SIZE_CODE_POINT_LIMIT {
        return Err(error(&format!(
            "expression code point size exceeds limit: size: {size}, limit {}",
            limits::CEL_EXPRESSION_SIZE_CODE_POINT_LIMIT
        )));
    }
    let nesting = measure(expression);
    if nesting.levels > limits::CEL_MAX_RECURSION_DEPTH {
        return Err(error(&format!(
            "expression recursion limit exceeded: {}",
            limits::CEL_MAX_RECURSION_DEPTH
        )));
    }
    if nesting.depth > limits::CEL_MAX_RECURSION_DEPTH {
        return Err(error("max recursion depth exceeded"));
    }
    Ok(nesting)
}

/// Runs `parse` (a `cel` crate parse of an expression [`check`] accepted) where its
/// recursion fits: on the caller's stack for shallow expressions, else on a thread with
/// [`limits::DEEP_STACK_BYTES`] (the `cel` crate's parser takes tens of KiB per level).
pub fn parse_within_stack<T: Send>(nesting: Nesting, parse: impl FnOnce() -> T + Send) -> T {
    if nesting.levels <= 8 && nesting.depth <= 64 {
        return parse();
    }
    let mut parse = Some(parse);
    match limits::on_deep_stack(|| parse.take().map(|f| f())) {
        Ok(Some(out)) => out,
        // No thread could be started: the caller's stack (shallow enough for most).
        _ => parse
            .take()
            .map(|f| f())
            .expect("the parse ran or is still here"),
    }
}

/// cel-go's display of an error without a location.
fn error(message: &str) -> String {
    format!("ERROR: <input>:-1:0: {message}")
}

/// A token of CEL, as far as nesting is concerned.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    /// An identifier, literal or reserved word: an operand.
    Operand,
    In,
    Binary(u8),
    /// `!` or `-` before an operand.
    Prefix,
    Question,
    Colon,
    Dot,
    Comma,
    Open(char),
    Close,
}

/// Binary operators' precedence: `||` 1, `&&` 2, relations 3, `+ -` 4, `* / %` 5.
const OR: u8 = 1;
const AND: u8 = 2;
const RELATION: u8 = 3;
const ADD: u8 = 4;
const MUL: u8 = 5;

/// The tokens of `text` (strings, numbers and comments skipped over), without recursion.
fn tokens(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' | b'\'' => {
                i = skip_string(b, i, false);
                out.push(Token::Operand);
            }
            b'0'..=b'9' => {
                i = skip_number(b, i);
                out.push(Token::Operand);
            }
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = skip_number(b, i);
                out.push(Token::Operand);
            }
            c if c == b'_' || c.is_ascii_alphabetic() || c == b'`' => {
                let start = i;
                if c == b'`' {
                    // An escaped identifier (`a.b`).
                    i += 1;
                    while i < b.len() && b[i] != b'`' {
                        i += 1;
                    }
                    i += 1;
                    out.push(Token::Operand);
                    continue;
                }
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                let word = &text[start..i];
                // String and bytes prefixes: r"…", b'…', rb"…", br'…'.
                let prefix = word.len() <= 2
                    && word.chars().all(|c| matches!(c, 'r' | 'R' | 'b' | 'B'))
                    && matches!(b.get(i), Some(b'"' | b'\''));
                if prefix {
                    let raw = word.contains(['r', 'R']);
                    i = skip_string(b, i, raw);
                    out.push(Token::Operand);
                } else if word == "in" {
                    out.push(Token::In);
                } else {
                    out.push(Token::Operand);
                }
            }
            _ => {
                let two = b.get(i..i + 2).unwrap_or(&[]);
                let (token, width) = match two {
                    b"||" => (Token::Binary(OR), 2),
                    b"&&" => (Token::Binary(AND), 2),
                    b"==" | b"!=" | b"<=" | b">=" => (Token::Binary(RELATION), 2),
                    // Optional selection and indexing: `a?.b`, `a[?0]`.
                    b"?." if !b.get(i + 2).is_some_and(u8::is_ascii_digit) => (Token::Dot, 2),
                    b"[?" => (Token::Open('['), 2),
                    _ => match c {
                        b'<' | b'>' => (Token::Binary(RELATION), 1),
                        b'+' => (Token::Binary(ADD), 1),
                        b'-' => (Token::Binary(ADD), 1),
                        b'*' | b'/' | b'%' => (Token::Binary(MUL), 1),
                        b'!' => (Token::Prefix, 1),
                        b'?' => (Token::Question, 1),
                        b':' => (Token::Colon, 1),
                        b'.' => (Token::Dot, 1),
                        b',' => (Token::Comma, 1),
                        b'(' | b'[' | b'{' => (Token::Open(c as char), 1),
                        b')' | b']' | b'}' => (Token::Close, 1),
                        // Anything else is the real parser's to report.
                        _ => (Token::Operand, 1),
                    },
                };
                i += width;
                out.push(token);
            }
        }
    }
    out
}

fn skip_string(b: &[u8], start: usize, raw: bool) -> usize {
    let quote = b[start];
    let triple = b.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    let mut i = start + if triple { 3 } else { 1 };
    while i < b.len() {
        if b[i] == b'\\' && !raw {
            i += 2;
            continue;
        }
        if b[i] == quote {
            if !triple {
                return i + 1;
            }
            if b.get(i..i + 3) == Some(&[quote, quote, quote][..]) {
                return i + 3;
            }
        }
        if b[i] == b'\n' && !triple {
            return i;
        }
        i += 1;
    }
    b.len()
}

fn skip_number(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' | b'a'..=b'f' | b'A'..=b'F' | b'x' | b'X' | b'.' | b'u' | b'U' => i += 1,
            b'+' | b'-' if matches!(b[i - 1], b'e' | b'E') => i += 1,
            _ => break,
        }
    }
    i
}

/// An open construct while measuring: what closes it, and the depth of its operands so far.
#[derive(Debug)]
struct Level {
    /// The ternary levels opened inside this bracket (closed with it).
    ternaries: usize,
    /// Adds one to the visitor depth of its result (an index or a member call).
    counted: bool,
    /// The deepest element so far (lists, maps, arguments).
    deepest: usize,
    /// The receiver's depth (an index or a member call), else 0.
    receiver: usize,
}

/// One pending operator of the expression being read at a level.
#[derive(Debug, Clone, Copy)]
enum Pending {
    Binary(u8),
    /// `?` waiting for its `:`, then `:` waiting for the false branch.
    Question,
    Colon,
}

/// The nesting of an expression: an operator-precedence pass with explicit stacks (one frame
/// per open bracket): the listener's levels as brackets open, the visitor's depth as the
/// operators are applied (each subtree's depth is the deepest of its leaves).
fn measure(text: &str) -> Nesting {
    let tokens = tokens(text);
    let mut meter = Meter {
        levels: vec![Level {
            ternaries: 0,
            counted: false,
            deepest: 0,
            receiver: 0,
        }],
        operators: vec![Vec::new()],
        operands: vec![Vec::new()],
        open_ternaries: 0,
        after_operand: false,
        member_call: false,
        out: Nesting::default(),
    };
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        meter.token(token, &tokens, &mut i);
        meter.out.levels = meter
            .out
            .levels
            .max(meter.levels.len() + meter.open_ternaries);
    }
    meter.finish()
}

/// The state of [`measure`]'s pass.
struct Meter {
    levels: Vec<Level>,
    /// Per level: pending operators and operand depths.
    operators: Vec<Vec<Pending>>,
    operands: Vec<Vec<usize>>,
    open_ternaries: usize,
    /// Whether the previous token ended an operand (a `(` or `[` then is a call or an index).
    after_operand: bool,
    member_call: bool,
    out: Nesting,
}

impl Meter {
    fn token(&mut self, token: Token, tokens: &[Token], i: &mut usize) {
        let top = self.levels.len() - 1;
        match token {
            Token::Operand => {
                self.operands[top].push(0);
                self.after_operand = true;
            }
            Token::Prefix => self.after_operand = false,
            Token::Binary(_) | Token::In if !self.after_operand => {
                // A unary minus (or a stray operator): no depth of its own.
            }
            Token::Binary(_) | Token::In => {
                let precedence = match token {
                    Token::Binary(precedence) => precedence,
                    _ => RELATION,
                };
                reduce(
                    &mut self.operators[top],
                    &mut self.operands[top],
                    precedence,
                );
                self.operators[top].push(Pending::Binary(precedence));
                self.after_operand = false;
            }
            Token::Question => {
                reduce(&mut self.operators[top], &mut self.operands[top], OR);
                self.operators[top].push(Pending::Question);
                self.open_ternaries += 1;
                self.levels[top].ternaries += 1;
                self.after_operand = false;
            }
            Token::Colon => self.colon(top),
            Token::Dot => {
                // `.name` is a selection, `.name(` a member call.
                if tokens.get(*i) == Some(&Token::Operand) {
                    *i += 1;
                    if tokens.get(*i) == Some(&Token::Open('(')) {
                        self.member_call = true;
                    } else if let Some(last) = self.operands[top].last_mut() {
                        *last += 1;
                    }
                }
                self.after_operand = true;
            }
            Token::Comma => {
                finish_element(
                    &mut self.levels[top],
                    &mut self.operators[top],
                    &mut self.operands[top],
                );
                self.open_ternaries -= std::mem::take(&mut self.levels[top].ternaries);
                self.after_operand = false;
            }
            Token::Open(bracket) => self.open(bracket, top),
            Token::Close => {
                if self.levels.len() > 1 {
                    self.close();
                }
                self.after_operand = true;
            }
        }
    }

    /// A ternary's `:` closes its middle branch; a map entry's separates key and value.
    fn colon(&mut self, top: usize) {
        if self.operators[top]
            .iter()
            .any(|p| matches!(p, Pending::Question))
        {
            while let Some(p) = self.operators[top].pop() {
                if matches!(p, Pending::Question) {
                    self.operators[top].push(Pending::Colon);
                    break;
                }
                apply(p, &mut self.operands[top]);
            }
        } else {
            finish_element(
                &mut self.levels[top],
                &mut self.operators[top],
                &mut self.operands[top],
            );
        }
        self.after_operand = false;
    }

    fn open(&mut self, bracket: char, top: usize) {
        let call_or_index = self.after_operand && matches!(bracket, '(' | '[');
        let receiver = if call_or_index || bracket == '{' && self.after_operand {
            self.operands[top].pop().unwrap_or(0)
        } else {
            0
        };
        self.levels.push(Level {
            ternaries: 0,
            counted: (bracket == '[' && self.after_operand) || self.member_call,
            deepest: 0,
            receiver,
        });
        self.operators.push(Vec::new());
        self.operands.push(Vec::new());
        self.member_call = false;
        self.after_operand = false;
    }

    /// Closes the innermost bracket: its depth becomes an operand of the level around it.
    fn close(&mut self) {
        let mut level = self.levels.pop().expect("more than one level");
        let mut ops = self.operators.pop().unwrap_or_default();
        let mut values = self.operands.pop().unwrap_or_default();
        finish_element(&mut level, &mut ops, &mut values);
        self.open_ternaries -= level.ternaries;
        let depth = level.deepest.max(level.receiver) + usize::from(level.counted);
        let top = self.levels.len() - 1;
        self.operands[top].push(depth);
    }

    /// Brackets left open (the real parser reports them) close here; then the root.
    fn finish(mut self) -> Nesting {
        while self.levels.len() > 1 {
            self.close();
        }
        let mut level = self.levels.pop().expect("the root level");
        let mut ops = self.operators.pop().unwrap_or_default();
        let mut values = self.operands.pop().unwrap_or_default();
        finish_element(&mut level, &mut ops, &mut values);
        self.out.depth = level.deepest;
        self.out
    }
}

/// Applies the pending operators of at least `precedence` (left-associative).
fn reduce(operators: &mut Vec<Pending>, operands: &mut Vec<usize>, precedence: u8) {
    while let Some(Pending::Binary(p)) = operators.last().copied() {
        if p < precedence {
            break;
        }
        operators.pop();
        apply(Pending::Binary(p), operands);
    }
}

/// One operator applied to the depths of its operands.
fn apply(operator: Pending, operands: &mut Vec<usize>) {
    match operator {
        Pending::Binary(p) => {
            let right = operands.pop().unwrap_or(0);
            let left = operands.pop().unwrap_or(0);
            let counted = usize::from(p >= RELATION);
            operands.push(left.max(right) + counted);
        }
        Pending::Colon => {
            let otherwise = operands.pop().unwrap_or(0);
            let then = operands.pop().unwrap_or(0);
            let condition = operands.pop().unwrap_or(0);
            operands.push(condition.max(then).max(otherwise) + 1);
        }
        Pending::Question => {
            let then = operands.pop().unwrap_or(0);
            let condition = operands.pop().unwrap_or(0);
            operands.push(condition.max(then) + 1);
        }
    }
}

/// Ends one element of a level (an argument, a list item, a map key or value, or the whole
/// expression): its operators applied, its depth kept as the level's deepest.
fn finish_element(level: &mut Level, operators: &mut Vec<Pending>, operands: &mut Vec<usize>) {
    while let Some(p) = operators.pop() {
        apply(p, operands);
    }
    for depth in operands.drain(..) {
        level.deepest = level.deepest.max(depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_as_cel_go_counts() {
        let m = |e: &str| measure(e);
        assert_eq!(m("self.a").depth, 1);
        assert_eq!(m("self.a == self.b").depth, 2);
        assert_eq!(m("1 + 2 + 3").depth, 2);
        assert_eq!(m("a && b || c").depth, 0);
        assert_eq!(m("((((1))))").levels, 5);
        assert_eq!(m("((((1))))").depth, 0);
        assert_eq!(m("[[1], [[2]]]").levels, 4);
        assert_eq!(m("a[0][1]").depth, 2);
        assert_eq!(m("self.f(self.a.b)").depth, 3);
        assert_eq!(m("'((((' + \"[[[\"").levels, 1);
        assert_eq!(m("a ? b : c ? d : e").levels, 3);
    }

    #[test]
    fn refuses_what_cel_go_refuses() {
        // Kubernetes' TestCELMaxRecursionDepth: 249 `==` pass, 250 do not.
        let chain = |n: usize| format!("{}self.val1", "self.val1 == ".repeat(n));
        assert!(check(&chain(249)).is_ok());
        assert_eq!(
            check(&chain(250)).unwrap_err(),
            "ERROR: <input>:-1:0: max recursion depth exceeded"
        );
        assert!(check(&vec!["1"; 6000].join("+")).is_err());
        assert!(check(&format!("self{}", ".a".repeat(20_000))).is_err());
        assert!(check(&format!("self{}", "[0]".repeat(10_000))).is_err());
        assert_eq!(
            check(&format!("{}1{}", "(".repeat(250), ")".repeat(250))).unwrap_err(),
            "ERROR: <input>:-1:0: expression recursion limit exceeded: 250"
        );
        assert!(check(&format!("{}1{}", "(".repeat(249), ")".repeat(249))).is_ok());
        assert!(check(&"(".repeat(1_000_000)).is_err());
        assert!(check(&"x".repeat(100_001))
            .unwrap_err()
            .contains("expression code point size exceeds limit: size: 100001, limit 100000"));
        assert!(check(&vec!["true"; 6000].join(" && ")).is_ok());
    }
}
