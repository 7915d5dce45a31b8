//! The generated `OpenAPIModelName` methods, read by the pre-scan without the parser.
//!
//! openapi-gen's `zz_generated.model_name.go` holds one per type,
//! `func (in T) OpenAPIModelName() string { return "io.k8s.api.core.v1.T" }`: a tenth of
//! what tree-sitter parsed of k8s.io/api v0.37, for one literal each. A method of exactly
//! that shape (ASCII names, a literal without escapes, no comment inside) is left out of the
//! tree like any other function and becomes the [`MethodDecl`] the extraction would have
//! made of it; anything else is parsed as before.

use std::ops::Range;

use super::decls::{GoValue, MethodDecl};
use super::struct_body::ascii_identifier;
use super::SchemaMethod;
use crate::source::{FileId, Span};

/// Where the parts of one such method are in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelNameMethod {
    /// The receiver's type name (without `*`).
    pub receiver: Range<usize>,
    /// The method's name.
    pub name: Range<usize>,
    /// The returned literal, without its quotes.
    pub literal: Range<usize>,
}

impl ModelNameMethod {
    /// The method as the extraction reads it from the tree (`schema_methods.rs`).
    pub fn decl(&self, file: FileId, src: &str) -> MethodDecl {
        let literal = src[self.literal.clone()].to_string();
        MethodDecl {
            receiver: src[self.receiver.clone()].to_string(),
            name: src[self.name.clone()].to_string(),
            span: Span::new(file, self.name.clone()),
            returns: vec![literal.clone()],
            value: Some(GoValue::String(literal)),
        }
    }
}

/// The method that starts with the `func` keyword at `func` in `src`, and where it ends
/// (after its `}`), if it has exactly the generated shape, alone on its lines (a comment
/// beside it would be a free comment once the method is left out of the tree).
pub fn read(src: &[u8], func: usize) -> Option<(usize, ModelNameMethod)> {
    let line_start = memchr::memrchr(b'\n', &src[..func]).map_or(0, |n| n + 1);
    if !src[line_start..func]
        .iter()
        .all(|c| matches!(c, b' ' | b'\t'))
    {
        return None;
    }
    let mut at = Cursor { src, at: func };
    at.word(b"func")?;
    at.blanks();
    at.byte(b'(')?;
    at.blanks();
    let receiver = if at.byte(b'*').is_some() {
        at.blanks();
        at.identifier()?
    } else {
        let first = at.identifier()?;
        at.blanks();
        if at.peek() == Some(b')') {
            first
        } else {
            if at.byte(b'*').is_some() {
                at.blanks();
            }
            at.identifier()?
        }
    };
    at.blanks();
    at.byte(b')')?;
    at.blanks();
    let name = at.identifier()?;
    (&src[name.clone()] == SchemaMethod::ModelName.name().as_bytes()).then_some(())?;
    at.blanks();
    at.byte(b'(')?;
    at.blanks();
    at.byte(b')')?;
    at.blanks();
    at.word(b"string")?;
    at.blanks();
    at.byte(b'{')?;
    at.spaces();
    at.word(b"return")?;
    at.blanks();
    let literal = at.literal()?;
    at.spaces();
    at.byte(b'}')?;
    let end = at.at;
    at.blanks();
    at.byte(b'\r');
    if at.peek().is_some_and(|c| c != b'\n') {
        return None;
    }
    Some((
        end,
        ModelNameMethod {
            receiver,
            name,
            literal,
        },
    ))
}

struct Cursor<'a> {
    src: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.at).copied()
    }

    fn byte(&mut self, byte: u8) -> Option<()> {
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// Spaces and tabs: no newline, where Go would end the statement.
    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// Spaces, tabs and line ends.
    fn spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    fn identifier(&mut self) -> Option<Range<usize>> {
        let name = ascii_identifier(self.src, self.at)?;
        self.at = name.end;
        Some(name)
    }

    /// `word` as a whole identifier (a keyword or a predeclared name).
    fn word(&mut self, word: &[u8]) -> Option<()> {
        let rest = self.src.get(self.at..)?;
        let after = rest.get(word.len()).copied();
        let whole = !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || !c.is_ascii());
        (rest.starts_with(word) && whole).then(|| self.at += word.len())
    }

    /// A `"…"` literal without escapes, line ends or NUL bytes: its contents.
    fn literal(&mut self) -> Option<Range<usize>> {
        self.byte(b'"')?;
        let start = self.at;
        let length = memchr::memchr3(b'"', b'\\', b'\n', &self.src[start..])?;
        let end = start + length;
        (self.src[end] == b'"' && !self.src[start..end].contains(&0)).then_some(())?;
        self.at = end + 1;
        Some(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(src: &str) -> Option<(usize, [&str; 3])> {
        let func = src.find("func").unwrap();
        read(src.as_bytes(), func)
            .map(|(end, m)| (end, [&src[m.receiver], &src[m.name], &src[m.literal]]))
    }

    #[test]
    fn the_generated_shapes_are_read() {
        let src = "func (in Affinity) OpenAPIModelName() string {\n\treturn \"io.k8s.api.core.v1.Affinity\"\n}\n";
        assert_eq!(
            parts(src),
            Some((
                src.len() - 1,
                [
                    "Affinity",
                    "OpenAPIModelName",
                    "io.k8s.api.core.v1.Affinity"
                ]
            ))
        );
        for (src, receiver) in [
            (
                "func (in *T) OpenAPIModelName() string { return \"x\" }",
                "T",
            ),
            (
                "func (*T) OpenAPIModelName() string {\r\n\treturn \"x\"\r\n}",
                "T",
            ),
            (
                "func (T) OpenAPIModelName() string {return \"x\"}  \r\n",
                "T",
            ),
            (
                "package p\n\tfunc (T) OpenAPIModelName() string {return \"x\"}\n",
                "T",
            ),
            (
                "func (in\t*\tT)\tOpenAPIModelName ( ) string {\n\n return \"\"\n\n}",
                "T",
            ),
        ] {
            assert_eq!(parts(src).map(|(_, p)| p[0]), Some(receiver), "{src}");
        }
    }

    /// Anything else is left to the parser: the tree then says what it is.
    #[test]
    fn other_shapes_are_parsed() {
        for src in [
            "func (in T) OpenAPIModelName() string {\n\treturn\n\"x\"\n}",
            "func (in T) OpenAPIModelName() string {\n\treturn \"a\\\"b\"\n}",
            "func (in T) OpenAPIModelName() string {\n\t// why\n\treturn \"x\"\n}",
            "func (in T) OpenAPIModelName() string {\n\treturn \"x\" + \"y\"\n}",
            "func (in T) OpenAPIModelName() string {\n\treturn `x`\n}",
            "func (in T[K]) OpenAPIModelName() string { return \"x\" }",
            "func (in pkg.T) OpenAPIModelName() string { return \"x\" }",
            "func (type T) OpenAPIModelName() string { return \"x\" }",
            "func (in Tä) OpenAPIModelName() string { return \"x\" }",
            "func (in T) OpenAPIModelNames() string { return \"x\" }",
            "func (in T) OpenAPIDefinition() string { return \"x\" }",
            "func (in T) OpenAPIModelName() strings { return \"x\" }",
            "func (in T) OpenAPIModelName()\nstring { return \"x\" }",
            "func (in T) OpenAPIModelName() string { return \"x\"",
            "func (in T) OpenAPIModelName() string { return \"x\0\" }",
            "funcs (in T) OpenAPIModelName() string { return \"x\" }",
            "/* before */ func (in T) OpenAPIModelName() string { return \"x\" }",
            "func (in T) OpenAPIModelName() string { return \"x\" } // trailing",
            "func (in T) OpenAPIModelName() string { return \"x\" };type U int",
        ] {
            assert_eq!(parts(src), None, "{src}");
        }
    }
}
