//! The node arena: a document's nodes as libyaml reads them, aliases unexpanded.

use super::*;

pub(super) enum Kind {
    Scalar {
        value: String,
        plain: bool,
        tag: Option<String>,
    },
    /// Children (items; or keys and values alternating).
    Sequence(Vec<u32>),
    Mapping(Vec<u32>),
    /// The node an alias names (its anchor's), and the anchor.
    Alias(u32, String),
}

pub(super) struct Node {
    pub(super) kind: Kind,
    /// Byte offset in the file.
    pub(super) offset: usize,
    /// 0-based line in the document.
    pub(super) line: usize,
}

/// A document's nodes as libyaml reads them, aliases unexpanded.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) root: Option<u32>,
}

impl Tree {
    /// Reads the first document of `source` (at `base` in its file); past the nesting bound,
    /// an error as go-yaml's scanner gives it.
    pub(super) fn parse(source: &str, base: usize) -> Result<Tree, ReadError> {
        let mut parser = events::Parser::new(source.as_bytes());
        let mut nodes: Vec<Node> = Vec::new();
        let mut open: Vec<u32> = Vec::new();
        let mut anchors: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut root = None;
        loop {
            let (event, offset, line) = parser.next().map_err(|p| {
                // go-yaml's `parser.fail`: the problem's line (a scanner's counted from 1, a
                // parser's as it is), else the context's; the problem alone.
                let line = match (p.line, p.scanner) {
                    (0, _) => p.context_line,
                    (line, true) => line + 1,
                    (line, false) => line,
                };
                let message = match line {
                    0 => format!("yaml: {}", p.problem),
                    line => format!("yaml: line {line}: {}", p.problem),
                };
                ReadError {
                    offset: base + p.offset.min(source.len()),
                    message,
                }
            })?;
            let (kind, anchor) = match event {
                events::Event::StreamEnd | events::Event::DocumentEnd => break,
                events::Event::Other => continue,
                events::Event::End => {
                    open.pop();
                    continue;
                }
                events::Event::Alias(name) => {
                    let target = *anchors.get(&name).ok_or_else(|| ReadError {
                        offset: base + offset,
                        message: format!(
                            "yaml: unknown anchor '{}' referenced",
                            String::from_utf8_lossy(&name)
                        ),
                    })?;
                    (
                        Kind::Alias(target, String::from_utf8_lossy(&name).into_owned()),
                        None,
                    )
                }
                events::Event::Scalar {
                    anchor,
                    tag,
                    value,
                    plain,
                } => (
                    Kind::Scalar {
                        value: String::from_utf8_lossy(&value).into_owned(),
                        plain,
                        tag: tag.map(|t| String::from_utf8_lossy(&t).into_owned()),
                    },
                    anchor,
                ),
                events::Event::SequenceStart { anchor } => (Kind::Sequence(Vec::new()), anchor),
                events::Event::MappingStart { anchor } => (Kind::Mapping(Vec::new()), anchor),
            };
            let id = nodes.len() as u32;
            let opens = matches!(kind, Kind::Sequence(_) | Kind::Mapping(_));
            nodes.push(Node {
                kind,
                offset: base + offset,
                line,
            });
            if let Some(anchor) = anchor {
                anchors.insert(anchor, id);
            }
            match open.last() {
                Some(parent) => match &mut nodes[*parent as usize].kind {
                    Kind::Sequence(children) | Kind::Mapping(children) => children.push(id),
                    _ => {}
                },
                None => root = root.or(Some(id)),
            }
            if opens {
                open.push(id);
                if open.len() > limits::OBJECT_NESTING {
                    return Err(ReadError {
                        offset: base + offset,
                        message: format!(
                            "yaml: line {}: exceeded max depth of {}",
                            line + 1,
                            limits::OBJECT_NESTING
                        ),
                    });
                }
            }
        }
        Ok(Tree { nodes, root })
    }

    pub(super) fn is_empty_scalar(&self, id: u32) -> bool {
        matches!(&self.nodes[id as usize].kind, Kind::Scalar { value, plain: true, tag: None } if value.is_empty() || value == "~" || value == "null")
    }
}
