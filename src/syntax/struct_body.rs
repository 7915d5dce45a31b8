//! The bodies of top-level struct types, read without the parser.
//!
//! A struct body's fields and their doc comments are most of what tree-sitter parsed of
//! Kubernetes API types (a quarter of a k8s.io/api run's instructions, with the extraction's
//! walk over them). A body made only of the common shapes — fields named or embedded, types
//! built from names, `pkg.Name`, `*`, `[]`, `[N]`, `map[K]V` and `interface{}`, a tag, `//`
//! and `/* */` comments between fields or after one — is read here into the sibling nodes
//! tree-sitter would have made ([`BodyNode`]), and left out of the tree; the extraction then
//! reads them by the same rules as the tree's (`extract::Sibling`). Anything else (a comment
//! inside a field, a field over two lines, an anonymous struct, generics, a name that is not
//! ASCII) leaves the body to the parser, as before.

use std::ops::Range;

use super::package_markers::KEYWORDS;

/// One node of a body, as tree-sitter's `field_declaration_list` has it among its named
/// children: a field declaration or a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyNode {
    pub kind: BodyKind,
    /// Its bytes in the file.
    pub range: Range<usize>,
    /// The rows of its first and last byte (0-based, as tree-sitter counts).
    pub start_row: usize,
    pub end_row: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyKind {
    Comment,
    Field(ParsedField),
}

/// A field declaration: its names (none for an embedded field), type and tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedField {
    pub names: Vec<Range<usize>>,
    pub ty: ParsedType,
    /// `*T` embedded: tree-sitter gives the field the type `T` and a `*` beside it.
    pub embedded_pointer: bool,
    /// The tag literal, quotes included.
    pub tag: Option<Range<usize>>,
}

/// A field's type, as the extraction's `type_expr` reads the tree's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsedType {
    /// `T` or `pkg.T`: the qualifier, the name, and the whole range.
    Named {
        package: Option<Range<usize>>,
        name: Range<usize>,
        span: Range<usize>,
    },
    Pointer(Box<ParsedType>),
    Slice(Box<ParsedType>),
    Array(Box<ParsedType>),
    Map(Box<ParsedType>, Box<ParsedType>),
    EmptyInterface,
}

/// How deep a field's type may nest here (deeper ones are parsed, and bounded, by the tree).
const TYPE_NESTING: usize = 16;

/// The body whose `{` is at `open` (on row `row`) in `src`: its nodes, and the offset of its
/// `}`; `None` when it is not made only of the shapes read here.
pub fn parse(src: &[u8], open: usize, row: usize) -> Option<(Vec<BodyNode>, usize)> {
    let mut lexer = Lexer {
        src,
        at: open + 1,
        row,
        last_end: open + 1,
    };
    let mut nodes = Vec::new();
    loop {
        lexer.blanks();
        let start = lexer.at;
        let start_row = lexer.row;
        match *src.get(lexer.at)? {
            b'\n' => lexer.newline(),
            b'}' => return Some((nodes, lexer.at)),
            b'/' => {
                let range = lexer.comment()?;
                nodes.push(BodyNode {
                    kind: BodyKind::Comment,
                    range,
                    start_row,
                    end_row: lexer.row,
                });
            }
            _ => {
                let field = lexer.field()?;
                nodes.push(BodyNode {
                    kind: BodyKind::Field(field),
                    range: start..lexer.last_end,
                    start_row,
                    end_row: lexer.row,
                });
                lexer.after_field(&mut nodes)?;
            }
        }
    }
}

/// The identifier at `start` in `src`, if it is ASCII and no keyword (a name with other
/// letters, or a keyword, is left to the parser).
pub(super) fn ascii_identifier(src: &[u8], start: usize) -> Option<Range<usize>> {
    let is_start = |c: &u8| c.is_ascii_alphabetic() || *c == b'_';
    if !src.get(start).is_some_and(is_start) {
        return None;
    }
    let length = src[start..]
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .unwrap_or(src.len() - start);
    let end = start + length;
    if src.get(end).is_some_and(|c| !c.is_ascii()) {
        return None;
    }
    let word = &src[start..end];
    (!KEYWORDS.iter().any(|k| k.as_bytes() == word)).then_some(start..end)
}

struct Lexer<'a> {
    src: &'a [u8],
    at: usize,
    row: usize,
    /// Where the last token of the field being read ends.
    last_end: usize,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.at).copied()
    }

    /// Spaces, tabs and `\r`s (a `\r` is whitespace to Go).
    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.at += 1;
        }
    }

    fn newline(&mut self) {
        self.at += 1;
        self.row += 1;
    }

    /// A `//` comment to the end of its line (`\n` left), or a `/* */` one.
    fn comment(&mut self) -> Option<Range<usize>> {
        let start = self.at;
        match self.src.get(start + 1)? {
            b'/' => {
                let end =
                    memchr::memchr(b'\n', &self.src[start..]).map_or(self.src.len(), |n| start + n);
                // A NUL byte ends tree-sitter's comment: left to it.
                if self.src[start..end].contains(&0) {
                    return None;
                }
                self.at = end;
                Some(start..end)
            }
            b'*' => {
                let body = start + 2;
                let end = body + memchr::memmem::find(&self.src[body..], b"*/")? + 2;
                if self.src[start..end].contains(&0) {
                    return None;
                }
                self.row += memchr::memchr_iter(b'\n', &self.src[start..end]).count();
                self.at = end;
                Some(start..end)
            }
            _ => None,
        }
    }

    fn identifier(&mut self) -> Option<Range<usize>> {
        let name = ascii_identifier(self.src, self.at)?;
        self.at = name.end;
        Some(name)
    }

    fn byte(&mut self, byte: u8) -> Option<()> {
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// What may follow a field on its line: comments on that line (a `/* */` one over
    /// several lines is a line end to Go but not to tree-sitter: left to it), then a line
    /// end, `}`, or one `;` (a stray `;` elsewhere is tree-sitter's syntax error).
    fn after_field(&mut self, nodes: &mut Vec<BodyNode>) -> Option<()> {
        loop {
            self.blanks();
            let start_row = self.row;
            match self.peek()? {
                b'\n' | b'}' => return Some(()),
                b';' => {
                    self.at += 1;
                    return Some(());
                }
                b'/' => {
                    let range = self.comment()?;
                    if self.row != start_row {
                        return None;
                    }
                    nodes.push(BodyNode {
                        kind: BodyKind::Comment,
                        range,
                        start_row,
                        end_row: start_row,
                    });
                }
                _ => return None,
            }
        }
    }

    /// One field declaration, on one line; `last_end` is where its last token ends.
    fn field(&mut self) -> Option<ParsedField> {
        let (names, ty, embedded_pointer) = if self.byte(b'*').is_some() {
            self.blanks();
            (Vec::new(), self.type_name()?, true)
        } else {
            let first = self.identifier()?;
            self.last_end = first.end;
            self.blanks();
            match self.peek()? {
                // Embedded `pkg.T`.
                b'.' => {
                    self.at += 1;
                    let name = self.identifier()?;
                    self.last_end = name.end;
                    let span = first.start..name.end;
                    let package = Some(first);
                    (
                        Vec::new(),
                        ParsedType::Named {
                            package,
                            name,
                            span,
                        },
                        false,
                    )
                }
                // Embedded `T`.
                b'\n' | b';' | b'}' | b'/' | b'"' | b'`' => {
                    let span = first.clone();
                    let ty = ParsedType::Named {
                        package: None,
                        name: first,
                        span,
                    };
                    (Vec::new(), ty, false)
                }
                _ => {
                    let mut names = vec![first];
                    while self.byte(b',').is_some() {
                        self.blanks();
                        names.push(self.identifier()?);
                        self.blanks();
                    }
                    (names, self.type_expr(0)?, false)
                }
            }
        };
        let tag = self.tag()?;
        Some(ParsedField {
            names,
            ty,
            embedded_pointer,
            tag,
        })
    }

    /// `T` or `pkg.T` (not `_`, which names no type).
    fn type_name(&mut self) -> Option<ParsedType> {
        let first = self.identifier()?;
        if &self.src[first.clone()] == b"_" {
            return None;
        }
        self.last_end = first.end;
        if self.peek() != Some(b'.') {
            return Some(ParsedType::Named {
                package: None,
                span: first.clone(),
                name: first,
            });
        }
        self.at += 1;
        let name = self.identifier()?;
        self.last_end = name.end;
        Some(ParsedType::Named {
            span: first.start..name.end,
            package: Some(first),
            name,
        })
    }

    fn type_expr(&mut self, depth: usize) -> Option<ParsedType> {
        if depth > TYPE_NESTING {
            return None;
        }
        let rest = &self.src[self.at..];
        if rest.starts_with(b"map[") {
            self.at += 4;
            self.blanks();
            let key = self.type_expr(depth + 1)?;
            self.blanks();
            self.byte(b']')?;
            self.blanks();
            let value = self.type_expr(depth + 1)?;
            return Some(ParsedType::Map(Box::new(key), Box::new(value)));
        }
        if rest.starts_with(b"interface")
            && !rest
                .get(9)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || !c.is_ascii())
        {
            self.at += "interface".len();
            self.blanks();
            self.byte(b'{')?;
            self.blanks();
            self.byte(b'}')?;
            self.last_end = self.at;
            return Some(ParsedType::EmptyInterface);
        }
        match self.peek()? {
            b'*' => {
                self.at += 1;
                self.blanks();
                Some(ParsedType::Pointer(Box::new(self.type_expr(depth + 1)?)))
            }
            b'[' => {
                self.at += 1;
                self.blanks();
                if self.byte(b']').is_none() {
                    // `[N]T`: a length written as a decimal integer or a name (`[...]T` is no type).
                    if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                            self.at += 1;
                        }
                        // `0x10`, `1_000`, `2chan`: left to the parser.
                        if self
                            .peek()
                            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
                        {
                            return None;
                        }
                    } else {
                        self.identifier()?;
                    }
                    self.blanks();
                    self.byte(b']')?;
                    self.blanks();
                    return Some(ParsedType::Array(Box::new(self.type_expr(depth + 1)?)));
                }
                self.blanks();
                Some(ParsedType::Slice(Box::new(self.type_expr(depth + 1)?)))
            }
            _ => self.type_name(),
        }
    }

    /// An optional tag literal after the type: `"…"` on the line (escapes kept for the
    /// extraction's unquoting) or `` `…` `` without a line end.
    fn tag(&mut self) -> Option<Option<Range<usize>>> {
        self.blanks();
        let start = self.at;
        let quote = match self.peek() {
            Some(quote @ (b'"' | b'`')) => quote,
            _ => return Some(None),
        };
        self.at += 1;
        loop {
            let c = self.peek()?;
            self.at += 1;
            match c {
                b'\n' | 0 => return None,
                b'\\' if quote == b'"' => {
                    if matches!(self.peek(), Some(b'\n') | None) {
                        return None;
                    }
                    self.at += 1;
                }
                _ if c == quote => break,
                _ => {}
            }
        }
        self.last_end = self.at;
        Some(Some(start..self.at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds of the nodes of the body of `src`'s first `{`, or `None`.
    fn kinds(src: &str) -> Option<Vec<&'static str>> {
        let open = src.find('{').unwrap();
        parse(src.as_bytes(), open, 0).map(|(nodes, close)| {
            assert_eq!(&src[close..=close], "}");
            nodes
                .iter()
                .map(|node| match node.kind {
                    BodyKind::Comment => "comment",
                    BodyKind::Field(_) => "field",
                })
                .collect()
        })
    }

    #[test]
    fn the_common_shapes_are_read() {
        let src = "struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\t// Doc.\n\t// +optional\n\tA, B *[]map[string]pkg.T `json:\"a\"` // trailing\n\t*Embedded\n\tC [4]byte; D interface{}\n\t/* block */ E any \"e\"\n}";
        assert_eq!(
            kinds(src),
            Some(vec![
                "field", "comment", "comment", "field", "comment", "field", "field", "field",
                "comment", "field"
            ])
        );
        let (nodes, _) = parse(src.as_bytes(), 7, 10).unwrap();
        let BodyKind::Field(field) = &nodes[3].kind else {
            panic!()
        };
        assert_eq!(field.names.len(), 2);
        assert_eq!((nodes[3].start_row, nodes[3].end_row), (14, 14));
        assert_eq!(
            &src[nodes[3].range.clone()],
            "A, B *[]map[string]pkg.T `json:\"a\"`"
        );
    }

    /// Where tree-sitter's reading could differ (or its error would), the parser reads it.
    #[test]
    fn other_shapes_are_left_to_the_parser() {
        for src in [
            "struct {\n\tA struct{ B int }\n}",
            "struct {\n\tA T[int]\n}",
            "struct {\n\tA chan int\n}",
            "struct {\n\tA func()\n}",
            "struct {\n\tA interface{ M() }\n}",
            "struct {\n\tA [...]int\n}",
            "struct {\n\tA [0x10]int\n}",
            "struct {\n\tA /* inside */ int\n}",
            "struct {\n\tA int /* two\nlines */\n}",
            "struct {\n\tA int B int\n}",
            "struct {\n\tA,\n\tB int\n}",
            "struct {\n\t;\n}",
            "struct {\n\tA int;;\n}",
            "struct {\n\tÄ int\n}",
            "struct {\n\ttype int\n}",
            "struct {\n\tA _\n}",
            "struct {\n\tA int `a\nb`\n}",
            "struct {\n\tA int \"a\" \"b\"\n}",
            "struct {\n\tA int = 1\n}",
            "struct {\n\t// no end",
        ] {
            assert_eq!(kinds(src), None, "{src:?}");
        }
    }
}
