//! A line locator for block-style YAML as controller-gen writes it: `key:` lines, `- ` sequence
//! items (at the key's indentation or deeper), nested mappings by indentation, block scalars
//! (`|-`, `>`), multi-line plain and quoted scalars. It does not interpret values: it only
//! records, for every mapping entry and sequence item, on which lines it starts and ends, so
//! that new lines can be inserted at the right place with the right indentation.
//!
//! Anything else (flow collections `{…}` / `[…]`, anchors, tags, complex keys) becomes an
//! opaque [`Node::Leaf`]; the caller refuses to patch inside one. The structure itself is
//! read with yaml_serde; a wrong guess here is caught by the caller's self-check.
//!
//! Input: the file's lines (without line endings) and a line range (one YAML document).
//! Output: a [`Node`] tree with line numbers (0-based, into the whole file).

use std::collections::HashMap;
use std::ops::Range;

/// A node of the document, located by lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Map(Entries),
    Seq(Vec<Item>),
    /// A scalar, a flow collection, a block scalar, an empty value or something not understood.
    Leaf,
}

/// A block mapping's entries in file order, found by key in constant time (a schema's
/// `properties` may hold tens of thousands, each looked up once per change inside it).
#[derive(Debug, Clone, Default)]
pub struct Entries {
    list: Vec<Entry>,
    /// The first entry of each key (YAML forbids duplicates; yaml_serde reports them), once
    /// the mapping has [`INDEXED_FROM`] entries.
    index: HashMap<String, usize>,
}

/// Mappings up to this many entries are searched in order: most of a schema's mappings hold
/// a few keys, and an index each would cost more than it saves.
const INDEXED_FROM: usize = 16;

impl Entries {
    fn push(&mut self, entry: Entry) {
        self.list.push(entry);
        let count = self.list.len();
        if count == INDEXED_FROM {
            for (i, entry) in self.list.iter().enumerate() {
                self.index.entry(entry.key.clone()).or_insert(i);
            }
        } else if count > INDEXED_FROM {
            let key = self.list[count - 1].key.clone();
            self.index.entry(key).or_insert(count - 1);
        }
    }

    pub fn get(&self, key: &str) -> Option<&Entry> {
        if self.list.len() < INDEXED_FROM {
            return self.list.iter().find(|e| e.key == key);
        }
        self.index.get(key).map(|&i| &self.list[i])
    }
}

impl std::ops::Deref for Entries {
    type Target = [Entry];

    fn deref(&self) -> &[Entry] {
        &self.list
    }
}

impl PartialEq for Entries {
    fn eq(&self, other: &Entries) -> bool {
        self.list == other.list
    }
}

impl Eq for Entries {}

/// One `key: value` of a block mapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    /// Line of the key.
    pub line: usize,
    /// Column of the key (the mapping's indentation).
    pub indent: usize,
    /// The key sits on a `- ` line (first key of a sequence item).
    pub item_start: bool,
    pub value: Node,
    /// Last line (inclusive) holding content of this entry.
    pub last: usize,
}

/// One `- ` item of a block sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub line: usize,
    /// Column of the `-`.
    pub indent: usize,
    pub value: Node,
    /// Last line (inclusive) holding content of this item.
    pub last: usize,
}

impl Node {
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        match self {
            Node::Map(entries) => entries.get(key),
            _ => None,
        }
    }
}

/// Parses the document in `range` of `lines`. `None` for an empty document.
pub fn parse(lines: &[&str], range: Range<usize>) -> Option<Node> {
    let mut parser = Parser {
        lines,
        end: range.end,
        pos: range.start,
        virt: None,
    };
    let (_, indent, _) = parser.peek()?;
    let (node, _) = parser.node(indent, None);
    Some(node)
}

/// How deep sequence items sit below their key in this document: 0 for controller-gen's
/// `key:\n- item`, 2 for `key:\n  - item` (the first sequence found decides; default 0).
pub fn sequence_offset(node: &Node) -> Option<usize> {
    match node {
        Node::Map(entries) => entries.iter().find_map(|entry| match &entry.value {
            Node::Seq(items) => Some(items[0].indent.saturating_sub(entry.indent)),
            other => sequence_offset(other),
        }),
        Node::Seq(items) => items.iter().find_map(|i| sequence_offset(&i.value)),
        Node::Leaf => None,
    }
}

struct Parser<'a> {
    lines: &'a [&'a str],
    end: usize,
    /// Next line to read.
    pos: usize,
    /// Line `pos` seen from inside a sequence item: (column, content after `- `).
    virt: Option<(usize, &'a str)>,
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

/// `key: rest` (rest trimmed, a trailing comment kept) when `content` is a mapping entry.
fn split_entry(content: &str) -> Option<(String, &str)> {
    let (key, after) = match content.as_bytes().first()? {
        b'"' => {
            let close = find_double_quote_end(content)?;
            let key: String = serde_json::from_str(&content[..=close]).ok()?;
            (key, content[close + 1..].trim_start_matches(' '))
        }
        b'\'' => {
            let bytes = content.as_bytes();
            let mut i = 1;
            loop {
                match bytes.get(i)? {
                    b'\'' if bytes.get(i + 1) == Some(&b'\'') => i += 2,
                    b'\'' => break,
                    _ => i += 1,
                }
            }
            let key = content[1..i].replace("''", "'");
            (key, content[i + 1..].trim_start_matches(' '))
        }
        b'[' | b'{' | b'?' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`' => {
            return None
        }
        _ => {
            let bytes = content.as_bytes();
            let mut colon = None;
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'#' && i > 0 && bytes[i - 1] == b' ' {
                    return None;
                }
                if b == b':' && matches!(bytes.get(i + 1), None | Some(b' ')) {
                    colon = Some(i);
                    break;
                }
            }
            let colon = colon?;
            (content[..colon].trim_end().to_string(), &content[colon..])
        }
    };
    let rest = after.strip_prefix(':')?;
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    Some((key, rest.trim()))
}

fn find_double_quote_end(content: &str) -> Option<usize> {
    let bytes = content.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

impl<'a> Parser<'a> {
    /// The next significant line: (line, column, content). Skips blank and comment lines.
    fn peek(&mut self) -> Option<(usize, usize, &'a str)> {
        if let Some((column, content)) = self.virt {
            return Some((self.pos, column, content));
        }
        while self.pos < self.end {
            let line = self.lines[self.pos];
            let content = line.trim_start_matches(' ');
            if content.trim().is_empty() || content.starts_with('#') {
                self.pos += 1;
                continue;
            }
            return Some((self.pos, indent_of(line), content.trim_end()));
        }
        None
    }

    fn advance(&mut self) {
        self.virt = None;
        self.pos += 1;
    }

    /// Skips the lines that continue a scalar started on the previous line: blank lines and
    /// lines indented deeper than `parent`. Returns the last non-blank one.
    fn continuation(&mut self, parent: Option<usize>, mut last: usize) -> usize {
        while self.pos < self.end {
            let line = self.lines[self.pos];
            if line.trim().is_empty() {
                self.pos += 1;
                continue;
            }
            if parent.is_some_and(|p| indent_of(line) <= p) {
                break;
            }
            last = self.pos;
            self.pos += 1;
        }
        last
    }

    /// The node whose first line is the next significant one, at `column`; `parent` is the
    /// column of the key or item that holds it. Returns the node and its last line.
    fn node(&mut self, column: usize, parent: Option<usize>) -> (Node, usize) {
        let Some((line, _, content)) = self.peek() else {
            return (Node::Leaf, self.pos.saturating_sub(1));
        };
        if is_item(content) {
            self.sequence(column)
        } else if split_entry(content).is_some() {
            self.mapping(column)
        } else {
            self.advance();
            let last = self.continuation(parent, line);
            (Node::Leaf, last)
        }
    }

    fn mapping(&mut self, column: usize) -> (Node, usize) {
        let mut entries = Entries::default();
        let mut last = self.pos;
        while let Some((line, indent, content)) = self.peek() {
            if indent != column || is_item(content) {
                break;
            }
            let item_start = self.virt.is_some();
            let Some((key, rest)) = split_entry(content) else {
                break;
            };
            self.advance();
            let (value, value_last) = if rest.is_empty() || rest.starts_with('#') {
                match self.peek() {
                    Some((_, deeper, _)) if deeper > column => self.node(deeper, Some(column)),
                    Some((_, same, next)) if same == column && is_item(next) => {
                        self.sequence(column)
                    }
                    _ => (Node::Leaf, line),
                }
            } else {
                (Node::Leaf, self.continuation(Some(column), line))
            };
            last = value_last.max(line);
            entries.push(Entry {
                key,
                line,
                indent: column,
                item_start,
                value,
                last,
            });
        }
        (Node::Map(entries), last)
    }

    fn sequence(&mut self, column: usize) -> (Node, usize) {
        let mut items = Vec::new();
        let mut last = self.pos;
        while let Some((line, indent, content)) = self.peek() {
            if indent != column || !is_item(content) {
                break;
            }
            let after_dash = &content[1..];
            let rest = after_dash.trim_start_matches(' ');
            let (value, item_last) = if rest.is_empty() || rest.starts_with('#') {
                self.advance();
                match self.peek() {
                    Some((_, deeper, _)) if deeper > column => self.node(deeper, Some(column)),
                    _ => (Node::Leaf, line),
                }
            } else {
                let inner = column + 1 + (after_dash.len() - rest.len());
                self.virt = Some((inner, rest));
                self.node(inner, Some(column))
            };
            last = item_last.max(line);
            items.push(Item {
                line,
                indent: column,
                value,
                last,
            });
        }
        (Node::Seq(items), last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Node {
        let lines: Vec<&str> = text.lines().collect();
        parse(&lines, 0..lines.len()).unwrap()
    }

    #[test]
    fn locates_controller_gen_layout() {
        let text = "\
spec:
  versions:
  - name: v1
    schema:
      description: |-
        Long text.

        # not a comment
      properties:
        a:
          type: string
    served: true
  # a comment
  group: x
";
        let root = parse_text(text);
        let spec = root.entry("spec").unwrap();
        assert_eq!((spec.line, spec.last), (0, 13));
        let Node::Seq(items) = &spec.value.entry("versions").unwrap().value else {
            panic!("versions is a sequence")
        };
        assert_eq!((items[0].line, items[0].last, items[0].indent), (2, 11, 2));
        let name = items[0].value.entry("name").unwrap();
        assert!(name.item_start);
        assert_eq!(name.indent, 4);
        let schema = items[0].value.entry("schema").unwrap();
        let description = schema.value.entry("description").unwrap();
        assert_eq!((description.line, description.last), (4, 7));
        let a = schema
            .value
            .entry("properties")
            .unwrap()
            .value
            .entry("a")
            .unwrap();
        assert_eq!((a.line, a.last, a.indent), (9, 10, 8));
        assert_eq!(spec.value.entry("group").unwrap().line, 13);
        assert_eq!(sequence_offset(&root), Some(0));
    }

    #[test]
    fn flow_and_quoted_keys() {
        let root = parse_text("\"a: b\": {x: 1}\n'c''d':\n  - 1\n  - 2\nplain: text\n  more\n");
        let a = root.entry("a: b").unwrap();
        assert_eq!(a.value, Node::Leaf);
        let c = root.entry("c'd").unwrap();
        assert!(matches!(&c.value, Node::Seq(items) if items.len() == 2));
        assert_eq!(root.entry("plain").unwrap().last, 5);
        assert_eq!(sequence_offset(&root), Some(2));
    }

    #[test]
    fn entry_splitting() {
        assert_eq!(split_entry("a: b"), Some(("a".into(), "b")));
        assert_eq!(split_entry("a:"), Some(("a".into(), "")));
        assert_eq!(split_entry("http://x"), None);
        assert_eq!(split_entry("a #: b"), None);
        assert_eq!(split_entry("{a: b}"), None);
        assert_eq!(split_entry("\"k\\\"q\": 'v'"), Some(("k\"q".into(), "'v'")));
    }
}
