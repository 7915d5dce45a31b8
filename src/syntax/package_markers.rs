//! The marker comments controller-gen reads as package-level (`+kubebuilder:rbac`,
//! `+kubebuilder:webhook`, …), found as controller-tools' `pkg/markers/collect.go` finds them,
//! from the file's comments outside declarations, without parsing function bodies.
//!
//! controller-gen walks the whole syntax tree with the file's comment groups (go/parser's
//! grouping) and keeps, as package-level, every marker comment that is neither inside a
//! declaration nor the doc comment of one: comments before the package clause, between
//! top-level declarations and after the last one. The doc comment of a `func`, `var`,
//! `const`, `import` or `type` declaration (the group ending on the line right above it) is
//! never package-level — a famous pitfall (controller-tools #221, #574: an rbac marker right
//! above `func Reconcile` is ignored) — nor is the same-line comment after a `type`, `var`,
//! `const` or `import` spec (it belongs to the spec). One refinement: the closest comment group
//! above a type spec that is not its doc goes to the type first, and is package-level only
//! for markers with no type-level definition ([`CommentPlace::AboveType`]); in a `type (…)`
//! group that is the only group of a spec that counts.
//!
//! The scanner is lexical: Go's semicolon insertion at depth 0 tells where declarations end,
//! bracketed regions (function bodies, struct types, `var (…)`) are skipped whole, and only
//! `type (…)` groups are read one level deep. Comments inside function bodies are not read:
//! controller-gen takes none of them but those above a local declaration after a blank line,
//! a layout no one writes markers in.

use std::ops::Range;

use crate::source::{FileId, Span};

/// One marker comment outside declaration bodies, with where controller-gen sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentMarker {
    /// The marker as controller-gen reads it: the comment after `//`, trimmed (from `+`).
    pub text: String,
    /// Where `text` is in the file.
    pub span: Span,
    pub place: CommentPlace,
}

/// Where a marker comment sits, as controller-gen's marker collector sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommentPlace {
    /// Package-level for every marker.
    Package,
    /// The closest comment group above a type spec that is not its doc: package-level for a
    /// marker defined for packages and not for types.
    AboveType,
    /// The doc or same-line comment of a declaration: never package-level.
    Declaration(Declaration),
}

/// A declaration, as a diagnostic names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    /// `func`, `type`, `var`, `const` or `import`.
    pub keyword: &'static str,
    /// The declared name when there is one (`Reconcile`; none for `var (…)` groups).
    pub name: Option<String>,
}

impl Declaration {
    /// `func Reconcile`, `var (…)`.
    pub fn describe(&self) -> String {
        match &self.name {
            Some(name) => format!("{} {name}", self.keyword),
            None => format!("{} (…)", self.keyword),
        }
    }
}

/// The marker comments of `text` outside declaration bodies, in file order.
pub fn package_markers(file: FileId, text: &str) -> Vec<CommentMarker> {
    let mut reader = Reader {
        lexer: Lexer::new(text.as_bytes()),
        text,
        file,
        out: Vec::new(),
        pending: Vec::new(),
        previous_line: None,
        between: Vec::new(),
    };
    reader.file();
    reader.out.sort_by_key(|marker| marker.span.start);
    reader.out
}

/// A comment as the lexer saw it.
#[derive(Debug, Clone)]
struct Comment {
    range: Range<usize>,
    start_line: usize,
    end_line: usize,
}

/// A token other than a comment; `Semicolon` also stands for the ones Go inserts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TokenKind {
    Word(Range<usize>),
    Open,
    Close,
    Semicolon,
    Other,
    Eof,
}

#[derive(Debug, Clone)]
struct Token {
    kind: TokenKind,
    line: usize,
}

enum Lexed {
    Comment(Comment),
    Token(Token),
}

pub(super) const KEYWORDS: &[&str] = &[
    "break",
    "case",
    "chan",
    "const",
    "continue",
    "default",
    "defer",
    "else",
    "fallthrough",
    "for",
    "func",
    "go",
    "goto",
    "if",
    "import",
    "interface",
    "map",
    "package",
    "range",
    "return",
    "select",
    "struct",
    "switch",
    "type",
    "var",
];

/// Go's lexical structure, as far as comments, brackets and semicolons go.
struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// 1-based, as go/token counts.
    line: usize,
    /// Go's rule: a newline after an identifier, a literal, `)`, `]`, `}`, `++`, `--` or
    /// `break`/`continue`/`fallthrough`/`return` ends the statement.
    insert_semicolon: bool,
    /// go/scanner's semicolon at the first newline of a `/*…*/` comment that ends a
    /// statement: returned after the comment.
    semicolon_after_comment: Option<usize>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a [u8]) -> Self {
        Lexer {
            src,
            pos: 0,
            line: 1,
            insert_semicolon: false,
            semicolon_after_comment: None,
        }
    }

    fn at(&self, ahead: usize) -> Option<u8> {
        self.src.get(self.pos + ahead).copied()
    }

    fn next(&mut self) -> Lexed {
        if let Some(line) = self.semicolon_after_comment.take() {
            return token(TokenKind::Semicolon, line);
        }
        loop {
            let line = self.line;
            let Some(c) = self.at(0) else {
                let kind = if std::mem::take(&mut self.insert_semicolon) {
                    TokenKind::Semicolon
                } else {
                    TokenKind::Eof
                };
                return token(kind, line);
            };
            match c {
                b'\n' if self.insert_semicolon => {
                    self.insert_semicolon = false;
                    return token(TokenKind::Semicolon, line);
                }
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'/' if matches!(self.at(1), Some(b'/' | b'*')) => {
                    return Lexed::Comment(self.comment());
                }
                _ => return self.token(c),
            }
        }
    }

    fn comment(&mut self) -> Comment {
        let start = self.pos;
        let start_line = self.line;
        if self.at(1) == Some(b'/') {
            self.pos =
                memchr::memchr(b'\n', &self.src[start..]).map_or(self.src.len(), |n| start + n);
        } else {
            let end = memchr::memmem::find(&self.src[start + 2..], b"*/")
                .map_or(self.src.len(), |n| start + 2 + n + 2);
            let newlines = memchr::memchr_iter(b'\n', &self.src[start..end]).count();
            if newlines > 0 && std::mem::take(&mut self.insert_semicolon) {
                self.semicolon_after_comment = Some(start_line);
            }
            self.line += newlines;
            self.pos = end;
        }
        Comment {
            range: start..self.pos,
            start_line,
            end_line: self.line,
        }
    }

    /// The token starting with `c` (not a comment, not white space).
    fn token(&mut self, c: u8) -> Lexed {
        let line = self.line;
        let start = self.pos;
        let (kind, ends_statement) = match c {
            b'(' | b'[' | b'{' => {
                self.pos += 1;
                (TokenKind::Open, false)
            }
            b')' | b']' | b'}' => {
                self.pos += 1;
                (TokenKind::Close, true)
            }
            b';' => {
                self.pos += 1;
                (TokenKind::Semicolon, false)
            }
            b'"' | b'\'' => {
                self.quoted(c);
                (TokenKind::Other, true)
            }
            b'`' => {
                self.raw_string();
                (TokenKind::Other, true)
            }
            b'+' | b'-' if self.at(1) == Some(c) => {
                self.pos += 2;
                (TokenKind::Other, true)
            }
            b'.' if self.at(1).is_some_and(|d| d.is_ascii_digit()) => {
                self.number();
                (TokenKind::Other, true)
            }
            b'0'..=b'9' => {
                self.number();
                (TokenKind::Other, true)
            }
            _ if c == b'_' || c.is_ascii_alphabetic() || c >= 0x80 => {
                while self
                    .at(0)
                    .is_some_and(|b| b == b'_' || b.is_ascii_alphanumeric() || b >= 0x80)
                {
                    self.pos += 1;
                }
                let word = &self.src[start..self.pos];
                let keyword = KEYWORDS.iter().any(|k| k.as_bytes() == word);
                let ends =
                    !keyword || matches!(word, b"break" | b"continue" | b"fallthrough" | b"return");
                (TokenKind::Word(start..self.pos), ends)
            }
            _ => {
                self.pos += 1;
                (TokenKind::Other, false)
            }
        };
        self.insert_semicolon = ends_statement;
        token(kind, line)
    }

    /// A string or rune literal; it ends at its closing quote or at the end of the line.
    fn quoted(&mut self, quote: u8) {
        self.pos += 1;
        while let Some(b) = self.at(0) {
            match b {
                b'\\' => self.pos += 2,
                b'\n' => return,
                _ if b == quote => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(self.src.len());
    }

    fn raw_string(&mut self) {
        let body = self.pos + 1;
        let end = memchr::memchr(b'`', &self.src[body..]).map_or(self.src.len(), |n| body + n + 1);
        self.line += memchr::memchr_iter(b'\n', &self.src[self.pos..end]).count();
        self.pos = end;
    }

    fn number(&mut self) {
        while let Some(b) = self.at(0) {
            let exponent =
                matches!(b, b'e' | b'E' | b'p' | b'P') && matches!(self.at(1), Some(b'+' | b'-'));
            if exponent {
                self.pos += 2;
            } else if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Skips what follows an `Open` up to its matching bracket, as one token ending a
    /// statement; returns the line of the closing bracket.
    fn skip_region(&mut self) -> usize {
        let mut depth = 1usize;
        while let Some(c) = self.at(0) {
            match c {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    self.pos += 1;
                }
                b')' | b']' | b'}' => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b'\n' => {
                    self.line += 1;
                    self.pos += 1;
                }
                b'/' if matches!(self.at(1), Some(b'/' | b'*')) => {
                    self.insert_semicolon = false;
                    self.comment();
                    self.semicolon_after_comment = None;
                }
                b'"' | b'\'' => self.quoted(c),
                b'`' => self.raw_string(),
                _ => self.pos += 1,
            }
        }
        self.insert_semicolon = true;
        self.line
    }
}

fn token(kind: TokenKind, line: usize) -> Lexed {
    Lexed::Token(Token { kind, line })
}

/// A comment group (go/parser's grouping) and whether it is a same-line comment of the
/// token before it.
#[derive(Debug, Clone)]
struct Group {
    comments: Vec<Comment>,
    same_line: bool,
}

/// Walks the file's declarations, placing every comment group.
struct Reader<'a> {
    lexer: Lexer<'a>,
    text: &'a str,
    file: FileId,
    out: Vec<CommentMarker>,
    /// Comments since the last token.
    pending: Vec<Comment>,
    /// The line of the last token (go/parser's `prev`).
    previous_line: Option<usize>,
    /// The groups between the last top-level declaration and the next.
    between: Vec<Group>,
}

impl Reader<'_> {
    fn file(&mut self) {
        loop {
            let (token, groups, lead) = self.token();
            let word = match &token.kind {
                TokenKind::Word(range) => &self.text[range.clone()],
                TokenKind::Eof => {
                    self.between.extend(groups);
                    let between = std::mem::take(&mut self.between);
                    self.place_all(&between, &CommentPlace::Package);
                    return;
                }
                _ => "",
            };
            let keyword = ["func", "type", "var", "const", "import"]
                .into_iter()
                .find(|k| *k == word);
            let Some(keyword) = keyword else {
                // The package clause, or a stray token: no doc to set apart.
                self.between.extend(groups);
                let between = std::mem::take(&mut self.between);
                self.place_all(&between, &CommentPlace::Package);
                self.statement();
                continue;
            };
            self.declaration(keyword, groups, lead);
        }
    }

    /// The next token, with the comment groups before it and whether the last is its lead
    /// (doc) comment.
    fn token(&mut self) -> (Token, Vec<Group>, bool) {
        loop {
            match self.lexer.next() {
                Lexed::Comment(comment) => self.pending.push(comment),
                Lexed::Token(token) => {
                    let (groups, lead) = self.group(token.line);
                    self.previous_line = Some(token.line);
                    return (token, groups, lead);
                }
            }
        }
    }

    /// go/parser's `next`: a first group on the previous token's line, then groups of
    /// comments on consecutive lines; the last is the next token's lead comment when it ends
    /// on the line above it.
    fn group(&mut self, token_line: usize) -> (Vec<Group>, bool) {
        let comments = std::mem::take(&mut self.pending);
        let mut groups = Vec::new();
        let mut rest = comments.into_iter().peekable();
        if let Some(first) = rest.peek() {
            if Some(first.start_line) == self.previous_line {
                let mut end_line = first.start_line;
                let mut group = Vec::new();
                while let Some(comment) = rest.next_if(|c| c.start_line <= end_line) {
                    end_line = comment.end_line;
                    group.push(comment);
                }
                groups.push(Group {
                    comments: group,
                    same_line: true,
                });
            }
        }
        let mut last_end = None;
        while let Some(first) = rest.peek() {
            let mut end_line = first.start_line;
            let mut group = Vec::new();
            while let Some(comment) = rest.next_if(|c| c.start_line <= end_line + 1) {
                end_line = comment.end_line;
                group.push(comment);
            }
            groups.push(Group {
                comments: group,
                same_line: false,
            });
            last_end = Some(end_line);
        }
        let lead = last_end.is_some_and(|end| end + 1 == token_line);
        (groups, lead)
    }

    fn declaration(&mut self, keyword: &'static str, mut groups: Vec<Group>, lead: bool) {
        let doc = if lead { groups.pop() } else { None };
        self.between.extend(groups);
        // Comments between the keyword and the next token are inside the declaration.
        let (next, _, _) = self.token();
        let grouped = keyword != "func" && next.kind == TokenKind::Open;
        let name = match &next.kind {
            TokenKind::Word(range) => Some(self.text[range.clone()].to_string()),
            TokenKind::Open if keyword == "func" => {
                // A method: the name follows the receiver.
                self.skip();
                match self.token().0.kind {
                    TokenKind::Word(range) => Some(self.text[range].to_string()),
                    _ => None,
                }
            }
            _ => None,
        };
        let declaration = Declaration {
            keyword,
            name: name.filter(|_| !grouped),
        };
        let mut between = std::mem::take(&mut self.between);
        if keyword == "type" && !grouped {
            if let Some(closest) = between.pop() {
                self.place(&closest, &CommentPlace::AboveType);
            }
        }
        self.place_all(&between, &CommentPlace::Package);
        if let Some(doc) = doc {
            self.place(&doc, &CommentPlace::Declaration(declaration.clone()));
        }
        if grouped && keyword == "type" {
            self.type_group();
        } else if grouped {
            self.skip();
        } else if next.kind == TokenKind::Semicolon {
            return;
        }
        let groups = self.statement_end();
        self.after_statement(&declaration, groups, keyword != "func" && !grouped);
    }

    /// Reads to the semicolon ending the statement at depth 0; returns the groups before it
    /// (after the statement's last token).
    fn statement_end(&mut self) -> Vec<Group> {
        loop {
            let (token, groups, _) = self.token();
            match token.kind {
                TokenKind::Semicolon | TokenKind::Eof => return groups,
                TokenKind::Open => self.skip(),
                _ => {}
            }
        }
    }

    /// Skips a statement that is not a declaration (the package clause).
    fn statement(&mut self) {
        let groups = self.statement_end();
        self.between.extend(groups);
    }

    /// Skips a bracketed region after its `Open`: its closing bracket is the last token.
    fn skip(&mut self) {
        let line = self.lexer.skip_region();
        self.previous_line = Some(line);
    }

    /// The groups after a declaration's last token: a same-line comment of a spec belongs to
    /// the spec, the rest lie between declarations.
    fn after_statement(&mut self, declaration: &Declaration, groups: Vec<Group>, spec: bool) {
        for group in groups {
            if spec && group.same_line {
                self.place(&group, &CommentPlace::Declaration(declaration.clone()));
            } else {
                self.between.push(group);
            }
        }
    }

    /// The specs of `type (…)`: each one's closest non-doc group since the previous spec.
    fn type_group(&mut self) {
        let mut closest: Option<Group> = None;
        let mut at_spec = true;
        loop {
            let (token, mut groups, lead) = self.token();
            match token.kind {
                TokenKind::Close | TokenKind::Eof => return,
                TokenKind::Semicolon => {
                    for group in groups {
                        if !group.same_line {
                            closest = Some(group);
                        }
                    }
                    at_spec = true;
                }
                _ if at_spec => {
                    at_spec = false;
                    let name = match &token.kind {
                        TokenKind::Word(range) => Some(self.text[range.clone()].to_string()),
                        _ => None,
                    };
                    let doc = if lead { groups.pop() } else { None };
                    if let Some(last) = groups.pop() {
                        closest = Some(last);
                    }
                    if let Some(closest) = closest.take() {
                        self.place(&closest, &CommentPlace::AboveType);
                    }
                    if let Some(doc) = doc {
                        let declaration = Declaration {
                            keyword: "type",
                            name,
                        };
                        self.place(&doc, &CommentPlace::Declaration(declaration));
                    }
                    if token.kind == TokenKind::Open {
                        self.skip();
                    }
                }
                TokenKind::Open => self.skip(),
                _ => {}
            }
        }
    }

    fn place_all(&mut self, groups: &[Group], place: &CommentPlace) {
        for group in groups {
            self.place(group, place);
        }
    }

    /// Keeps the marker comments of `group` (go/parser's `//` comments whose text, trimmed,
    /// starts with `+`: collect.go's `isMarkerComment`).
    fn place(&mut self, group: &Group, place: &CommentPlace) {
        for comment in &group.comments {
            let raw = &self.text[comment.range.clone()];
            let Some(body) = raw.strip_prefix("//") else {
                continue;
            };
            let trimmed = body.trim_start();
            if !trimmed.starts_with('+') {
                continue;
            }
            let text = trimmed.trim_end();
            let start = comment.range.start + 2 + (body.len() - trimmed.len());
            self.out.push(CommentMarker {
                text: text.to_string(),
                span: Span::new(self.file, start..start + text.len()),
                place: place.clone(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(marker text, place)` of every marker comment, places as short words.
    fn places(text: &str) -> Vec<(String, String)> {
        package_markers(FileId(0), text)
            .into_iter()
            .map(|marker| {
                let place = match marker.place {
                    CommentPlace::Package => "package".to_string(),
                    CommentPlace::AboveType => "above-type".to_string(),
                    CommentPlace::Declaration(d) => d.describe(),
                };
                assert_eq!(&text[marker.span.bytes()], marker.text);
                (marker.text, place)
            })
            .collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn markers_above_a_function_need_a_blank_line() {
        let text = "package p\n\n// +a\n// +b\n\n// Reconcile does.\n// +c\nfunc (r *R) Reconcile(x int) error {\n\t// +inside\n\treturn nil\n}\n\n// +d\nfunc f() {}\n";
        assert_eq!(
            places(text),
            pairs(&[
                ("+a", "package"),
                ("+b", "package"),
                ("+c", "func Reconcile"),
                ("+d", "func f"),
            ])
        );
    }

    #[test]
    fn comments_before_the_package_clause_and_at_the_end_are_package_level() {
        let text = "// +groupName=x.io\n// Package p.\npackage p\n\nimport \"fmt\"\n\nfunc f() {\n} // +after\n\n// +last\n";
        assert_eq!(
            places(text),
            pairs(&[
                ("+groupName=x.io", "package"),
                ("+after", "package"),
                ("+last", "package"),
            ])
        );
    }

    #[test]
    fn types_take_their_doc_and_closest_group() {
        let text = "package p\n\n// +far\n\n// +closest\n\n// Doc.\n// +doc\ntype T struct {\n\t// +field\n\tA int\n} // +same-line\n\n// +next\nvar x = 1 // +var-line\n";
        assert_eq!(
            places(text),
            pairs(&[
                ("+far", "package"),
                ("+closest", "above-type"),
                ("+doc", "type T"),
                ("+same-line", "type T"),
                ("+next", "var x"),
                ("+var-line", "var x"),
            ])
        );
    }

    #[test]
    fn a_line_comment_is_never_a_lead_comment() {
        // go/parser: `// +a` is the line comment of the var spec; `// +b` is the func's doc.
        let text =
            "package p\nvar x = 1 // +a\n// +b\nfunc f() {}\nconst (\n\tA = 1 // +c\n) // +d\n";
        assert_eq!(
            places(text),
            pairs(&[("+a", "var x"), ("+b", "func f"), ("+d", "package")])
        );
    }

    #[test]
    fn type_groups_give_each_spec_its_closest_group() {
        let text = "package p\n\n// +group-doc\ntype (\n\t// +first\n\n\t// Doc.\n\tA int // +a-line\n\n\t// +lost\n\n\t// +second\n\n\tB struct {\n\t\t// +field\n\t}\n\t// +trailing\n)\n";
        assert_eq!(
            places(text),
            pairs(&[
                ("+group-doc", "type (…)"),
                ("+first", "above-type"),
                ("+second", "above-type"),
            ])
        );
    }

    #[test]
    fn paren_groups_and_bodies_are_skipped_whole() {
        let text = "package p\n\nvar (\n\t// +in-var\n\tx = `a\n// +in-raw\n`\n)\n\n// +between\n\nfunc g() string {\n\ts := \"// +in-string }\"\n\treturn s\n}\n\n/* +block */\n// +after-block\n";
        assert_eq!(
            places(text),
            pairs(&[("+between", "package"), ("+after-block", "package")])
        );
    }

    #[test]
    fn marker_text_is_trimmed_as_controller_gen_trims_it() {
        let text = "package p\n\n//+kubebuilder:rbac:groups=apps,verbs=get   \r\n";
        let found = package_markers(FileId(0), text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "+kubebuilder:rbac:groups=apps,verbs=get");
        assert_eq!(found[0].span.start, 13);
    }

    #[test]
    fn broken_input_never_panics() {
        for text in [
            "",
            "package",
            "package p\nfunc (",
            "package p\ntype (",
            "/* unterminated",
            "package p\n`raw",
            "package p\nvar x = \"a\\",
            "}}}))) // +x\n",
            "type (\n// +a\n\n",
        ] {
            let _ = package_markers(FileId(0), text);
        }
    }
}
