//! A lexical pre-scan that finds the bodies of top-level functions and methods, and whole
//! top-level `var` declarations, so the parser can leave them out
//! (`Parser::set_included_ranges`): type and const declarations are all we read, and bodies
//! and variable tables (e.g. generated swagger-doc maps) are most of the bytes of generated
//! Kubernetes code.

use std::ops::Range;

use super::SchemaMethod;

/// Whether the parser keeps the method `name`: the [`SchemaMethod`]s, whose bodies are read
/// (the overrides) or whose presence matters (`OpenAPIModelName`: openapi-gen then keys and
/// refers to the type by that method), and the [`PRESENCE_METHODS`].
pub fn is_kept_method(name: &[u8]) -> bool {
    std::str::from_utf8(name).is_ok_and(|name| {
        SchemaMethod::from_name(name).is_some() || PRESENCE_METHODS.contains(&name)
    })
}

/// Methods kept besides the schema methods, whose presence alone matters: `UnmarshalJSON`
/// (openapi-gen enforces no zero-value default on a type that unmarshals itself),
/// `MarshalText` (such a type is a string map key; controller-gen writes it as a string),
/// `MarshalJSON` (controller-gen takes such a type's schema from its markers).
pub const PRESENCE_METHODS: &[&str] = &["UnmarshalJSON", "MarshalText", "MarshalJSON"];

/// Byte ranges the parser can skip: whole top-level function and method declarations (but
/// the kept ones, [`is_kept_method`]) and whole top-level `var` declarations. What remains (package,
/// imports, types, consts) still parses as a Go file.
pub fn function_bodies(src: &[u8]) -> Vec<Range<usize>> {
    let mut scanner = Scanner {
        src,
        pos: 0,
        comments: 0,
    };
    let mut skipped = Vec::new();
    let mut depth = 0usize;
    let mut line_start = true;
    while let Some(token) = scanner.next_token() {
        let at_line_start = std::mem::replace(&mut line_start, token == Token::Newline);
        match token {
            Token::Open(_) => depth += 1,
            Token::Close(_) => depth = depth.saturating_sub(1),
            Token::Ident(range)
                if depth == 0 && at_line_start && &src[range.clone()] == b"func" =>
            {
                if let Some(end) = scanner.function_end() {
                    skipped.push(range.start..end);
                }
            }
            Token::Ident(range) if depth == 0 && at_line_start && &src[range.clone()] == b"var" => {
                let end = scanner.declaration_end();
                skipped.push(range.start..end);
            }
            _ => {}
        }
    }
    skipped
}

/// How many tokens and comments (newlines aside) the parser would see outside `skipped`
/// (sorted, disjoint ranges of `src`): what its tree's size follows. Stops counting past
/// `limit`.
pub fn parsed_tokens(src: &[u8], skipped: &[Range<usize>], limit: usize) -> usize {
    let mut count = 0usize;
    let mut start = 0usize;
    let ends = skipped.iter().map(|r| (r.start, r.end));
    for (end, next) in ends.chain(std::iter::once((src.len(), src.len()))) {
        let mut scanner = Scanner {
            src: &src[..end.max(start)],
            pos: start,
            comments: 0,
        };
        while let Some(token) = scanner.next_token() {
            count += usize::from(token != Token::Newline);
            if count > limit {
                return count;
            }
        }
        count += scanner.comments;
        if count > limit {
            return count;
        }
        start = next;
    }
    count
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(Range<usize>),
    Open(u8),
    Close(u8),
    Newline,
    /// A string or rune literal.
    Literal,
    Other,
}

struct Scanner<'a> {
    src: &'a [u8],
    pos: usize,
    /// Comments skipped so far (each is a node of the parser's tree).
    comments: usize,
}

impl Scanner<'_> {
    fn next_token(&mut self) -> Option<Token> {
        let src = self.src;
        loop {
            let c = *src.get(self.pos)?;
            match c {
                b'\n' => {
                    self.pos += 1;
                    return Some(Token::Newline);
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'/' if src.get(self.pos + 1) == Some(&b'/') => {
                    self.comments += 1;
                    while self.pos < src.len() && src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                b'/' if src.get(self.pos + 1) == Some(&b'*') => {
                    self.comments += 1;
                    self.pos += 2;
                    let mut had_newline = false;
                    while self.pos < src.len()
                        && !(src[self.pos] == b'*' && src.get(self.pos + 1) == Some(&b'/'))
                    {
                        had_newline |= src[self.pos] == b'\n';
                        self.pos += 1;
                    }
                    self.pos = (self.pos + 2).min(src.len());
                    if had_newline {
                        return Some(Token::Newline);
                    }
                }
                b'"' | b'\'' => {
                    self.pos += 1;
                    while self.pos < src.len() && src[self.pos] != c && src[self.pos] != b'\n' {
                        if src[self.pos] == b'\\' {
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    self.pos = (self.pos + 1).min(src.len());
                    return Some(Token::Literal);
                }
                b'`' => {
                    self.pos += 1;
                    while self.pos < src.len() && src[self.pos] != b'`' {
                        self.pos += 1;
                    }
                    self.pos = (self.pos + 1).min(src.len());
                    return Some(Token::Literal);
                }
                b'{' | b'(' | b'[' => {
                    self.pos += 1;
                    return Some(Token::Open(c));
                }
                b'}' | b')' | b']' => {
                    self.pos += 1;
                    return Some(Token::Close(c));
                }
                _ if c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80 => {
                    let start = self.pos;
                    while self.pos < src.len()
                        && (src[self.pos] == b'_'
                            || src[self.pos].is_ascii_alphanumeric()
                            || src[self.pos] >= 0x80)
                    {
                        self.pos += 1;
                    }
                    return Some(Token::Ident(start..self.pos));
                }
                _ => {
                    self.pos += 1;
                    return Some(Token::Other);
                }
            }
        }
    }

    /// Called right after a top-level `func`: finds the body of this function, if any.
    /// Called right after a top-level `func`: the end of the declaration (after its body's
    /// `}`), or `None` for a kept method or a declaration without body.
    fn function_end(&mut self) -> Option<usize> {
        let mut nesting = 0usize;
        let mut previous: Option<Token> = None;
        let mut name: Option<Range<usize>> = None;
        while let Some(token) = self.next_token() {
            match &token {
                Token::Open(b'{') if nesting == 0 => {
                    let is_type_literal = matches!(&previous, Some(Token::Ident(r))
                        if &self.src[r.clone()] == b"struct" || &self.src[r.clone()] == b"interface");
                    if is_type_literal {
                        self.skip_to_close();
                    } else {
                        self.skip_to_close();
                        let kept = name
                            .as_ref()
                            .is_some_and(|n| is_kept_method(&self.src[n.clone()]));
                        return if kept { None } else { Some(self.pos) };
                    }
                }
                Token::Open(_) => nesting += 1,
                Token::Close(_) => nesting = nesting.saturating_sub(1),
                Token::Ident(r) if nesting == 0 && name.is_none() => {
                    // The first identifier outside parentheses is the name (after an optional receiver).
                    name = Some(r.clone());
                }
                Token::Newline if nesting == 0 => {
                    // Go inserts a semicolon after `)`, `]`, `}` or an identifier: no body follows.
                    if matches!(previous, Some(Token::Close(_)) | Some(Token::Ident(_))) {
                        return None;
                    }
                    continue;
                }
                _ => {}
            }
            if token != Token::Newline {
                previous = Some(token);
            }
        }
        None
    }

    /// Called right after a top-level `var`: the end offset of the declaration, i.e. of its
    /// last token before a newline where Go would insert a semicolon at depth 0.
    fn declaration_end(&mut self) -> usize {
        let mut depth = 0usize;
        let mut end = self.pos;
        let mut ends_statement = false;
        loop {
            let before = self.pos;
            let Some(token) = self.next_token() else {
                return end;
            };
            match token {
                Token::Newline if depth == 0 && ends_statement => {
                    self.pos = before;
                    return end;
                }
                Token::Newline => continue,
                Token::Open(_) => {
                    depth += 1;
                    ends_statement = false;
                }
                Token::Close(_) => {
                    depth = depth.saturating_sub(1);
                    ends_statement = true;
                }
                Token::Ident(_) | Token::Literal => ends_statement = true,
                Token::Other => ends_statement = false,
            }
            end = self.pos;
        }
    }

    /// Skips to just after the `}` matching an already consumed `{`.
    fn skip_to_close(&mut self) {
        // A byte loop rather than tokens: bodies are most of the input.
        let src = self.src;
        let mut depth = 1usize;
        while self.pos < src.len() {
            let c = src[self.pos];
            match c {
                b'{' | b'(' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b')' | b']' => {
                    depth -= 1;
                    self.pos += 1;
                    if depth == 0 {
                        return;
                    }
                }
                b'"' | b'\'' | b'`' | b'/' => {
                    // Strings, runes and comments: let the tokenizer skip them whole (after a
                    // comment it also returns the next token, which may be a bracket).
                    match self.next_token() {
                        Some(Token::Open(_)) => depth += 1,
                        Some(Token::Close(_)) => {
                            depth -= 1;
                            if depth == 0 {
                                return;
                            }
                        }
                        _ => {}
                    }
                }
                _ => self.pos += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(src: &str) -> Vec<&str> {
        function_bodies(src.as_bytes())
            .into_iter()
            .map(|r| &src[r])
            .collect()
    }

    #[test]
    fn finds_whole_function_and_method_declarations() {
        let src = "package p\nfunc A() { x := \"}\" }\nfunc (r *T) B(x interface{}) (struct{}, error) {\n\treturn `}`\n}\n";
        assert_eq!(
            bodies(src),
            vec![
                "func A() { x := \"}\" }",
                "func (r *T) B(x interface{}) (struct{}, error) {\n\treturn `}`\n}"
            ]
        );
    }

    #[test]
    fn skips_declarations_without_body_and_kept_methods() {
        let src = "package p\nfunc asm() int\ntype T struct{ A int }\nfunc (T) OpenAPISchemaType() []string { return []string{\"string\"} }\nfunc f() { /* { */ }\n";
        assert_eq!(bodies(src), vec!["func f() { /* { */ }"]);
    }

    #[test]
    fn skips_whole_var_declarations() {
        let src = "package p\nvar m = map[string]string{\n\t\"a\": \"}\",\n}\n\n// Doc\ntype T struct{}\nvar (\n\tx = 1 +\n\t\t2\n)\nvar y int\n";
        assert_eq!(
            bodies(src),
            vec![
                "var m = map[string]string{\n\t\"a\": \"}\",\n}",
                "var (\n\tx = 1 +\n\t\t2\n)",
                "var y int"
            ]
        );
    }

    #[test]
    fn ignores_func_types_inside_declarations() {
        let src = "package p\ntype F func() error\nvar x = struct{ f func() }{}\nfunc g() {}\n";
        assert_eq!(
            bodies(src),
            vec!["var x = struct{ f func() }{}", "func g() {}"]
        );
    }
}
