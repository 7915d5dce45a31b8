//! A lexical pre-scan that finds the bodies of top-level functions and methods, and whole
//! top-level `var` declarations, so the parser can leave them out
//! (`Parser::set_included_ranges`): type and const declarations are all we read, and bodies
//! and variable tables (e.g. generated swagger-doc maps) are most of the bytes of generated
//! Kubernetes code. In the same pass it finds the middles of the comments and literals left
//! in, which tree-sitter need not lex ([`Scan::middles`]).

use std::ops::Range;

use super::model_name::{self, ModelNameMethod};
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

/// What the pre-scan found in one file, in one lexical pass.
#[derive(Debug, Default)]
pub struct Scan {
    /// Whole top-level function and method declarations (but the kept ones,
    /// [`is_kept_method`]) and whole top-level `var` declarations, in order: what remains
    /// (package, imports, types, consts) still parses as a Go file.
    pub declarations: Vec<Range<usize>>,
    /// The ranges the parser leaves out: [`Scan::declarations`], each with the blank lines
    /// and the `//` doc comment directly above it when no declaration the extraction reads
    /// can take them (see [`quiet_lines`]), in order and disjoint (adjacent holes merged).
    pub holes: Vec<Range<usize>>,
    /// How many tokens and comments (newlines aside) the parser sees outside
    /// [`Scan::holes`]: what its tree's size follows. Counting stops past the `limit` given.
    pub tokens: usize,
    /// Outside [`Scan::holes`], the middles of `//` comments and of string literals without
    /// escapes or newlines: all but their first and last characters (and a comment's `\r`),
    /// in order. The parser need not lex them ([`super::compact`]).
    pub middles: Vec<Range<usize>>,
    /// The generated `OpenAPIModelName` methods read here ([`super::model_name`]), in order:
    /// left out like other functions (in [`Scan::declarations`]), kept as what they return.
    pub model_names: Vec<ModelNameMethod>,
    /// The `{` of each top-level `type Name struct {`, in order: bodies
    /// [`super::struct_body`] may read.
    pub struct_opens: Vec<usize>,
}

/// The pre-scan of `src`: [`Scan`]. Stops counting tokens (and so may leave out fewer holes)
/// once more than `limit` are counted: the file is then not parsed.
pub fn scan(src: &[u8], limit: usize) -> Scan {
    let mut scanner = Scanner {
        src,
        pos: 0,
        counted: 0,
        middles: Vec::new(),
        recording: true,
    };
    let mut out = Scan::default();
    let mut depth = 0usize;
    let mut line_start = true;
    let mut seen_package = false;
    // Where the last top-level code (a token, or a left-out declaration) ends.
    let mut code_end = 0usize;
    let mut after_declaration = false;
    // How far a top-level `type Name struct {` has been read: `type`, its name, `struct`.
    let mut struct_head = 0u8;
    while scanner.counted <= limit {
        let Some(token) = scanner.next_token() else {
            break;
        };
        let at_line_start = std::mem::replace(&mut line_start, token == Token::Newline);
        struct_head = match (&token, struct_head) {
            (Token::Ident(r), _) if depth == 0 && at_line_start && &src[r.clone()] == b"type" => 1,
            (Token::Ident(_), 1) => 2,
            (Token::Ident(r), 2) if &src[r.clone()] == b"struct" => 3,
            (Token::Open(b'{'), 3) => {
                out.struct_opens.push(scanner.pos - 1);
                0
            }
            _ => 0,
        };
        let mut declaration = None;
        match &token {
            Token::Newline => continue,
            Token::Open(_) => depth += 1,
            Token::Close(_) => depth = depth.saturating_sub(1),
            Token::Ident(range) if depth == 0 && at_line_start => {
                let word = &src[range.clone()];
                // The count before this keyword: a left-out declaration's tokens are not parsed.
                let before = scanner.counted - 1;
                if word == b"package" {
                    seen_package = true;
                } else if let Some((end, method)) = (word == b"func")
                    .then(|| model_name::read(src, range.start))
                    .flatten()
                {
                    scanner.pos = end;
                    out.model_names.push(method);
                    declaration = Some((range.start..end, before));
                } else if word == b"func" {
                    scanner.recording = false;
                    let end = scanner.function_end();
                    scanner.recording = true;
                    match end {
                        Some(end) => declaration = Some((range.start..end, before)),
                        None => {
                            // Kept: count its tokens as the parser sees them (the body was
                            // skipped by bytes).
                            scanner.counted = before + count_tokens(&src[range.start..scanner.pos]);
                        }
                    }
                } else if word == b"var" {
                    scanner.recording = false;
                    declaration = Some((range.start..scanner.declaration_end(), before));
                    scanner.recording = true;
                }
            }
            _ => {}
        }
        let Some((declaration, before)) = declaration else {
            code_end = scanner.pos;
            after_declaration = false;
            continue;
        };
        scanner.counted = before;
        let mut hole_start = declaration.start;
        if seen_package {
            if let Some((start, comments)) =
                quiet_lines(src, code_end, &declaration, after_declaration)
            {
                hole_start = start;
                scanner.counted -= comments;
            }
        }
        match out.holes.last_mut() {
            Some(last) if last.end == hole_start => last.end = declaration.end,
            _ => out.holes.push(hole_start..declaration.end),
        }
        code_end = declaration.end;
        after_declaration = true;
        out.declarations.push(declaration);
    }
    out.tokens = scanner.counted;
    out.middles = outside(scanner.middles, &out.holes);
    out
}

/// The ranges of `ranges` not inside one of `holes` (both in order; a range is inside a hole
/// or disjoint from every hole).
pub(super) fn outside(mut ranges: Vec<Range<usize>>, holes: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut holes = holes.iter().peekable();
    ranges.retain(|range| {
        while holes.next_if(|hole| hole.end <= range.start).is_some() {}
        holes.peek().is_none_or(|hole| range.end <= hole.start)
    });
    ranges
}

/// All but the first and last characters of `body`, if any.
fn middle(src: &[u8], body: Range<usize>) -> Option<Range<usize>> {
    let is_continuation = |at: usize| src[at] & 0xC0 == 0x80;
    let mut first_end = body.start + 1;
    while first_end < body.end && is_continuation(first_end) {
        first_end += 1;
    }
    let mut last = body.end.checked_sub(1)?;
    while last > first_end && is_continuation(last) {
        last -= 1;
    }
    (first_end < last).then_some(first_end..last)
}

/// Where the hole of `declaration` can start, before it, and how many comments that leaves
/// out: the text since the last top-level code (ending at `code_end`; `after_declaration`
/// when that is a left-out declaration) holds only blank lines and `//` comments. Left out
/// are the blank lines (whitespace changes no node's position) and, when the declaration
/// spans at least three lines, the `//` comment block directly above it (its doc). The
/// extraction takes as a declaration's doc the block ending on the line above it and a
/// block one blank line above that, as the nearest group the closest block above, and as
/// free comments the blocks that are nobody's doc: a block directly above a declaration of
/// three lines or more is none of these for any declaration below, and no other block is
/// left out. Nothing is left out of a gap with a `/*` comment.
fn quiet_lines(
    src: &[u8],
    code_end: usize,
    declaration: &Range<usize>,
    after_declaration: bool,
) -> Option<(usize, usize)> {
    let gap = &src[code_end..declaration.start];
    if memchr::memmem::find(gap, b"/*").is_some() {
        return None;
    }
    let first_newline = code_end + memchr::memchr(b'\n', gap)?;
    // The rest of the last code line: left out only after a left-out declaration, and only
    // when blank (a comment there is a trailing comment).
    let lines_start = first_newline + 1;
    let start = if after_declaration && !src[code_end..first_newline].contains(&b'/') {
        code_end
    } else {
        lines_start
    };
    let declaration_line = memchr::memrchr(b'\n', &src[..declaration.start]).map_or(0, |n| n + 1);
    if declaration_line < lines_start {
        return None;
    }
    // The `//` block directly above the declaration's line.
    let mut block_start = declaration_line;
    let mut comments = 0usize;
    while block_start > lines_start {
        let line_start = memchr::memrchr(b'\n', &src[..block_start - 1]).map_or(0, |n| n + 1);
        let line_start = line_start.max(lines_start);
        let line = &src[line_start..block_start];
        let text = line.trim_ascii_start();
        if !text.starts_with(b"//") {
            break;
        }
        comments += 1;
        block_start = line_start;
    }
    let spans_three_lines = memchr::memchr_iter(b'\n', &src[declaration.clone()])
        .nth(1)
        .is_some();
    let (kept_end, comments) = if spans_three_lines {
        (block_start, comments)
    } else {
        (declaration_line, 0)
    };
    // Blank lines only above what is left out: they go too; comments there stay.
    if !src[lines_start..kept_end].contains(&b'/') {
        return Some((start, comments));
    }
    (kept_end < declaration.start).then_some((kept_end, comments))
}

/// The tokens and comments (newlines aside) of `src`, lexed as the parser sees them.
fn count_tokens(src: &[u8]) -> usize {
    let mut scanner = Scanner {
        src,
        pos: 0,
        counted: 0,
        middles: Vec::new(),
        recording: false,
    };
    while scanner.next_token().is_some() {}
    scanner.counted
}

/// The bytes [`Scanner::skip_to_close`] looks at: brackets, and those that start a string,
/// rune or comment.
const BODY_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    let bytes = b"{([])}\"'`/";
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
};

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
    /// Tokens returned (newlines aside) and comments skipped so far: each is a node of the
    /// parser's tree.
    counted: usize,
    /// The middles of the comments and literals lexed so far (see [`Scan::middles`]).
    middles: Vec<Range<usize>>,
    /// Whether [`Scanner::middles`] are recorded: not inside a `func` or `var` declaration,
    /// which is mostly left out (a kept method's few comments are parsed whole).
    recording: bool,
}

impl Scanner<'_> {
    fn record_middle(&mut self, body: Range<usize>) {
        if self.recording {
            self.middles.extend(middle(self.src, body));
        }
    }

    fn next_token(&mut self) -> Option<Token> {
        let token = self.lex()?;
        self.counted += usize::from(token != Token::Newline);
        Some(token)
    }

    fn lex(&mut self) -> Option<Token> {
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
                    self.counted += 1;
                    let body = self.pos + 2;
                    self.pos =
                        memchr::memchr(b'\n', &src[self.pos..]).map_or(src.len(), |n| self.pos + n);
                    let end = self.pos - usize::from(src[body..self.pos].ends_with(b"\r"));
                    self.record_middle(body..end);
                }
                b'/' if src.get(self.pos + 1) == Some(&b'*') => {
                    self.counted += 1;
                    let body = self.pos + 2;
                    let end =
                        memchr::memmem::find(&src[body..], b"*/").map_or(src.len(), |n| body + n);
                    let had_newline = memchr::memchr(b'\n', &src[body..end]).is_some();
                    self.pos = (end + 2).min(src.len());
                    if had_newline {
                        return Some(Token::Newline);
                    }
                }
                b'"' | b'\'' => {
                    self.pos += 1;
                    let body = self.pos;
                    let mut escaped = false;
                    // To the closing quote or the end of the line, a backslash escaping the
                    // byte after it (memchr3: the swagger-doc `var` tables are long strings).
                    loop {
                        match memchr::memchr3(c, b'\\', b'\n', &src[self.pos..]) {
                            Some(n) if src[self.pos + n] == b'\\' => {
                                escaped = true;
                                self.pos = (self.pos + n + 2).min(src.len());
                            }
                            Some(n) => {
                                self.pos += n;
                                break;
                            }
                            None => {
                                self.pos = src.len();
                                break;
                            }
                        }
                    }
                    // Escapes are nodes of their own; a rune is one character.
                    if c == b'"' && !escaped && src.get(self.pos) == Some(&c) {
                        self.record_middle(body..self.pos);
                    }
                    self.pos = (self.pos + 1).min(src.len());
                    return Some(Token::Literal);
                }
                b'`' => {
                    self.pos += 1;
                    let body = self.pos;
                    self.pos =
                        memchr::memchr(b'`', &src[self.pos..]).map_or(src.len(), |n| self.pos + n);
                    // Newlines stay, for rows.
                    if self.pos < src.len() && memchr::memchr(b'\n', &src[body..self.pos]).is_none()
                    {
                        self.record_middle(body..self.pos);
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
            if !BODY_BYTES[usize::from(c)] {
                self.pos += 1;
                continue;
            }
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

    /// The texts of the ranges `pick` takes from the scan of `src`.
    fn texts(src: &str, pick: fn(Scan) -> Vec<Range<usize>>) -> Vec<&str> {
        pick(scan(src.as_bytes(), usize::MAX))
            .into_iter()
            .map(|r| &src[r])
            .collect()
    }

    fn bodies(src: &str) -> Vec<&str> {
        texts(src, |scan| scan.declarations)
    }

    fn holes(src: &str) -> Vec<&str> {
        texts(src, |scan| scan.holes)
    }

    /// The tokens and comments of `src` outside `holes`, each stretch lexed on its own (what
    /// the parser is given): the count [`scan`] keeps in its one pass must equal it.
    fn tokens_outside(src: &[u8], holes: &[Range<usize>]) -> usize {
        let mut start = 0;
        let mut count = 0;
        for hole in holes {
            count += count_tokens(&src[start..hole.start]);
            start = hole.end;
        }
        count + count_tokens(&src[start..])
    }

    #[test]
    fn counts_the_tokens_the_parser_is_given() {
        let mut checked = 0;
        for path in crate::syntax::tests::go_files(vec!["testdata".into()]) {
            let src = std::fs::read(&path).unwrap();
            let scan = scan(&src, usize::MAX);
            assert_eq!(scan.tokens, tokens_outside(&src, &scan.holes), "{path:?}");
            checked += 1;
        }
        assert!(checked > 100, "{checked} files");
        let src = "package p\n// a\n/* b */ func f() { x }\nfunc (T) OpenAPISchemaType() []string { return nil } // c\nvar v = 1 // d\n";
        let scan = scan(src.as_bytes(), usize::MAX);
        assert_eq!(scan.tokens, tokens_outside(src.as_bytes(), &scan.holes));
        assert_eq!(scan.tokens, 2 + 2 + 15 + 1);
    }

    #[test]
    fn stops_counting_past_the_limit() {
        let src = "package p\ntype T int\n";
        assert_eq!(scan(src.as_bytes(), usize::MAX).tokens, 5);
        assert!(scan(src.as_bytes(), 3).tokens > 3);
        assert_eq!(scan(src.as_bytes(), 5).tokens, 5);
    }

    #[test]
    fn leaves_out_blank_lines_and_the_doc_above_long_declarations() {
        let src = "package p\n\ntype T int // t\n\n// F does.\n// It is.\nfunc F() {\n\treturn\n}\n\n// G\nfunc G() {\n\n}\n// Two lines.\nfunc H() {\n}\n\n// +free\n\n// Doc\nfunc I() {\n\n}\n/* x */\nfunc J() {\n\n}\n// end\n";
        assert_eq!(
            holes(src),
            vec![
                "\n// F does.\n// It is.\nfunc F() {\n\treturn\n}\n\n// G\nfunc G() {\n\n}",
                "func H() {\n}",
                "// Doc\nfunc I() {\n\n}",
                "func J() {\n\n}",
            ]
        );
        let scan = scan(src.as_bytes(), usize::MAX);
        assert_eq!(scan.tokens, tokens_outside(src.as_bytes(), &scan.holes));
    }

    fn middles(src: &str) -> Vec<&str> {
        texts(src, |scan| scan.middles)
    }

    #[test]
    fn middles_keep_delimiters_and_first_and_last_characters() {
        // A comment keeps its `//`, first and last characters (whole, when multi-byte) and
        // `\r`; a string its quotes and first and last characters; too short: nothing.
        let src = "package p\n// Doc é\r\n//é abc é\n//ab\ntype T struct {\n\tA string `json:\"a\"` /* x y */\n}\nconst C = \"v\" + \"a\\tb\" + \"xyz\" + 'a'\n";
        assert_eq!(middles(src), vec!["Doc ", " abc ", "son:\"a", "y"]);
        // Newlines stay (rows are the file's).
        assert!(middles("package p\nconst C = `a\nbc`\n").is_empty());
    }

    #[test]
    fn no_middles_inside_left_out_declarations_or_kept_methods() {
        let src = "package p\n\n// F does\n// things.\nfunc F() {\n\t// body\n\t_ = \"body\"\n}\n\n// Doc kept.\ntype T int // trailing\n\nvar v = \"value\"\n\nfunc (T) OpenAPISchemaType() []string { return []string{\"string\"} } // after\n";
        assert_eq!(middles(src), vec!["Doc kept", "trailin", "afte"]);
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
