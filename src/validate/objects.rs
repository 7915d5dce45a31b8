//! Reading the objects to validate: YAML multi-document streams, JSON, `List` kinds, with the
//! byte offset of every mapping key and sequence item, so that an error is reported at its
//! YAML node.
//!
//! yaml_serde reads the values; it gives no node positions, so [`locate_yaml`] (block-style
//! YAML: `key:` lines, `- ` items, block scalars; flow collections are one node) and
//! [`locate_json`] (a small JSON scanner) record where each path starts. An error whose path
//! is not recorded falls back to its nearest recorded parent, then to the document's first
//! line.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::limits;

/// One step of a path into an object: a mapping key or a sequence index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// Where each path of one document starts (byte offsets into the file).
#[derive(Debug, Default, Clone)]
pub struct Locator {
    pub positions: HashMap<Vec<Seg>, usize>,
}

impl Locator {
    /// The offset of `path`, or of its nearest located parent.
    pub fn find(&self, path: &[Seg]) -> Option<usize> {
        (0..=path.len())
            .rev()
            .find_map(|n| self.positions.get(&path[..n]).copied())
    }
}

/// One document of a file: its value (or why it cannot be read) and positions.
#[derive(Debug)]
pub struct Document {
    /// Byte offset of the document's first content line.
    pub start: usize,
    pub value: Result<Value, String>,
    pub locator: Locator,
}

/// Splits a file into its documents. JSON (a file whose first content is `{` or `[`) is one
/// document; YAML is split at `---` / `...` lines. Empty documents (comments only) are left out.
pub fn documents(text: &str) -> Vec<Document> {
    let trimmed = text.trim_start_matches('\u{feff}');
    let skipped = text.len() - trimmed.len();
    let first = trimmed.trim_start();
    if first.starts_with('{') || first.starts_with('[') {
        let start = skipped + (trimmed.len() - first.len());
        let value =
            serde_json::from_str::<Value>(trimmed).map_err(|e| format!("not valid JSON: {e}"));
        if value.is_ok() {
            let mut locator = Locator::default();
            locate_json(trimmed.as_bytes(), skipped, &mut locator);
            return vec![Document {
                start,
                value,
                locator,
            }];
        }
        // YAML flow style is not JSON: read it as YAML below.
    }
    let mut out = Vec::new();
    let mut offset = 0;
    let mut start = 0;
    let mut lines: Vec<(usize, &str)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let is_marker = ["---", "..."].iter().any(|m| {
            content
                .strip_prefix(m)
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
        });
        if is_marker {
            push_yaml(text, start..offset, &lines, &mut out);
            lines.clear();
            // `--- {a: 1}` / `--- value`: the rest of the line belongs to the next document.
            let rest = content[3..].trim_start();
            if !rest.is_empty() && !rest.starts_with('#') && content.starts_with("---") {
                let at = offset + (content.len() - rest.len());
                start = at;
                lines.push((at, rest));
            } else {
                start = offset + line.len();
            }
        } else {
            lines.push((offset, content));
        }
        offset += line.len();
    }
    push_yaml(text, start..text.len(), &lines, &mut out);
    out
}

fn push_yaml(
    text: &str,
    range: std::ops::Range<usize>,
    lines: &[(usize, &str)],
    out: &mut Vec<Document>,
) {
    let Some(&(first, _)) = lines.iter().find(|(_, l)| {
        let t = l.trim_start();
        !t.is_empty() && !t.starts_with('#')
    }) else {
        return;
    };
    let source = &text[range.clone()];
    let value = yaml_serde::from_str::<yaml_serde::Value>(source)
        .map_err(|e| {
            // Positions in the message are the document's: make them the file's.
            let line = |l: usize| text[..range.start].matches('\n').count() + l;
            match e.location() {
                Some(at) => format!(
                    "not valid YAML: {} (line {})",
                    strip_location(&e.to_string()),
                    line(at.line())
                ),
                None => format!("not valid YAML: {e}"),
            }
        })
        .and_then(|v| to_json(v, 0));
    if matches!(value, Ok(Value::Null)) {
        return; // only comments or an empty document
    }
    let mut locator = Locator::default();
    locate_yaml(lines, &mut locator);
    out.push(Document {
        start: first,
        value,
        locator,
    });
}

fn strip_location(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// A YAML value as Kubernetes' sigs.k8s.io/yaml converts it to JSON: keys become strings.
fn to_json(value: yaml_serde::Value, depth: usize) -> Result<Value, String> {
    if depth > limits::OBJECT_NESTING {
        return Err("the document nests too deeply".into());
    }
    Ok(match value {
        yaml_serde::Value::Null => Value::Null,
        yaml_serde::Value::Bool(b) => Value::Bool(b),
        yaml_serde::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::from(i)
            } else if let Some(u) = n.as_u64() {
                Value::from(u)
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
            }
        }
        yaml_serde::Value::String(s) => Value::String(s),
        yaml_serde::Value::Sequence(items) => Value::Array(
            items
                .into_iter()
                .map(|v| to_json(v, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        yaml_serde::Value::Mapping(mapping) => {
            let mut out = Map::new();
            for (k, v) in mapping {
                let key = match k {
                    yaml_serde::Value::String(s) => s,
                    yaml_serde::Value::Bool(b) => b.to_string(),
                    yaml_serde::Value::Number(n) => n.to_string(),
                    yaml_serde::Value::Null => "null".to_string(),
                    _ => return Err("a mapping key that is not a scalar".into()),
                };
                out.insert(key, to_json(v, depth + 1)?);
            }
            Value::Object(out)
        }
        yaml_serde::Value::Tagged(tagged) => to_json(tagged.value, depth + 1)?,
    })
}

/// A container being read: its column, whether it is a sequence, its path, items seen.
struct Frame {
    indent: usize,
    seq: bool,
    path: Vec<Seg>,
    count: usize,
}

/// Records the positions of block-style YAML keys and items (`lines`: offset, text).
pub fn locate_yaml(lines: &[(usize, &str)], locator: &mut Locator) {
    let mut frames: Vec<Frame> = Vec::new();
    // A `key:` with nothing after it: its value is the next, deeper node.
    let mut pending: Option<(usize, Vec<Seg>)> = None;
    // Inside a block scalar or multi-line flow collection: lines deeper than this are skipped.
    let mut skip_deeper: Option<usize> = None;
    let mut flow_depth: i32 = 0;
    for &(offset, line) in lines {
        let content = line.trim_start_matches(' ');
        let column = line.len() - content.len();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if flow_depth > 0 {
            flow_depth += bracket_balance(content);
            continue;
        }
        if let Some(limit) = skip_deeper {
            if column > limit {
                continue;
            }
            skip_deeper = None;
        }
        let mut column = column;
        let mut rest = content;
        // Leading `- ` items, possibly nested on one line (`- - a`).
        loop {
            let is_item = rest == "-" || rest.starts_with("- ");
            if !is_item {
                break;
            }
            let container = open(&mut frames, &mut pending, column, true);
            let Some(container) = container else { return };
            let index = frames[container].count;
            frames[container].count += 1;
            let mut path = frames[container].path.clone();
            path.push(Seg::Index(index));
            locator.positions.insert(path.clone(), offset + column);
            frames.truncate(container + 1);
            let after = rest[1..].trim_start_matches(' ');
            let next_column = column + (rest.len() - after.len());
            if after.is_empty() || after.starts_with('#') {
                pending = Some((column, path));
                rest = "";
                break;
            }
            // The item's content is a node at `next_column`.
            pending = Some((column, path));
            column = next_column;
            rest = after;
        }
        if rest.is_empty() {
            continue;
        }
        if rest.starts_with("- ") || rest == "-" {
            continue;
        }
        match split_key(rest) {
            Some((key, value)) => {
                let Some(container) = open(&mut frames, &mut pending, column, false) else {
                    return;
                };
                frames.truncate(container + 1);
                let mut path = frames[container].path.clone();
                path.push(Seg::Key(key));
                locator.positions.insert(path.clone(), offset + column);
                let value = value.trim();
                let value = strip_anchor(value);
                if value.is_empty() || value.starts_with('#') {
                    pending = Some((column, path));
                } else if value.starts_with('|') || value.starts_with('>') {
                    skip_deeper = Some(column);
                } else if value.starts_with('{') || value.starts_with('[') {
                    flow_depth = bracket_balance(value);
                } else if value.starts_with('"') || value.starts_with('\'') {
                    // A quoted scalar may continue on deeper lines.
                    skip_deeper = Some(column);
                } else {
                    // A plain multi-line scalar continues on deeper lines.
                    skip_deeper = Some(column);
                }
            }
            None => {
                // A scalar on its own line (a document that is a scalar, or a continuation).
                if rest.starts_with('{') || rest.starts_with('[') {
                    flow_depth = bracket_balance(rest);
                }
                pending = None;
            }
        }
    }
}

fn strip_anchor(value: &str) -> &str {
    let mut value = value;
    while value.starts_with('&') || value.starts_with('!') {
        match value.find(' ') {
            Some(i) => value = value[i..].trim_start(),
            None => return "",
        }
    }
    value
}

/// `{`/`[` minus `}`/`]` outside quotes (approximate).
fn bracket_balance(text: &str) -> i32 {
    let mut depth = 0;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"') | (None, '\'') => quote = Some(c),
            (None, '#') => break,
            (None, '{') | (None, '[') => depth += 1,
            (None, '}') | (None, ']') => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// The container a node at `column` belongs to (pushing it when it opens here); its index.
fn open(
    frames: &mut Vec<Frame>,
    pending: &mut Option<(usize, Vec<Seg>)>,
    column: usize,
    seq: bool,
) -> Option<usize> {
    if let Some((parent_column, path)) = pending.take() {
        if column > parent_column || (seq && column == parent_column) {
            frames.push(Frame {
                indent: column,
                seq,
                path,
                count: 0,
            });
            return Some(frames.len() - 1);
        }
    }
    while let Some(top) = frames.last() {
        if top.indent > column || (top.indent == column && top.seq != seq) {
            frames.pop();
        } else {
            break;
        }
    }
    match frames.last() {
        Some(top) if top.indent == column && top.seq == seq => Some(frames.len() - 1),
        Some(_) => None,
        None => {
            frames.push(Frame {
                indent: column,
                seq,
                path: Vec::new(),
                count: 0,
            });
            Some(0)
        }
    }
}

/// `key: value` → (key, value text); quoted keys unquoted. `None` when the line is no key.
fn split_key(text: &str) -> Option<(String, &str)> {
    if let Some(quote) = text.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let body = &text[1..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            if escaped {
                escaped = false;
                continue;
            }
            if c == '\\' && quote == '"' {
                escaped = true;
            } else if c == quote {
                end = Some(i);
                break;
            }
        }
        let end = end?;
        let after = body[end + 1..].trim_start();
        let value = after.strip_prefix(':')?;
        if !(value.is_empty() || value.starts_with([' ', '\t'])) {
            return None;
        }
        let key = &body[..end];
        let key = if quote == '"' {
            serde_json::from_str::<String>(&format!("\"{key}\""))
                .unwrap_or_else(|_| key.to_string())
        } else {
            key.replace("''", "'")
        };
        return Some((key, value));
    }
    if text.starts_with(['{', '[', '|', '>', '&', '*', '!', '%', '@', '`']) {
        return None;
    }
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'#' && i > 0 && bytes[i - 1] == b' ' {
            return None;
        }
        if bytes[i] == b':'
            && (i + 1 == bytes.len() || bytes[i + 1] == b' ' || bytes[i + 1] == b'\t')
        {
            return Some((text[..i].trim_end().to_string(), &text[i + 1..]));
        }
    }
    None
}

/// Records the positions of a JSON text's keys and items (`base`: offset of `text` in the file).
pub fn locate_json(text: &[u8], base: usize, locator: &mut Locator) {
    let mut scanner = Json { text, pos: 0 };
    let mut path = Vec::new();
    scanner.value(base, &mut path, locator, 0);
}

struct Json<'t> {
    text: &'t [u8],
    pos: usize,
}

impl Json<'_> {
    fn space(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn string(&mut self) -> Option<String> {
        let start = self.pos;
        self.pos += 1;
        while self.pos < self.text.len() {
            match self.text[self.pos] {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    let raw = std::str::from_utf8(&self.text[start..self.pos]).ok()?;
                    return serde_json::from_str(raw).ok();
                }
                _ => self.pos += 1,
            }
        }
        None
    }

    fn value(&mut self, base: usize, path: &mut Vec<Seg>, locator: &mut Locator, depth: usize) {
        self.space();
        if depth > limits::OBJECT_NESTING || self.pos >= self.text.len() {
            self.pos = self.text.len();
            return;
        }
        match self.text[self.pos] {
            b'{' => {
                self.pos += 1;
                loop {
                    self.space();
                    match self.text.get(self.pos) {
                        Some(b'}') => {
                            self.pos += 1;
                            return;
                        }
                        Some(b',') => self.pos += 1,
                        Some(b'"') => {
                            let at = self.pos;
                            let Some(key) = self.string() else { return };
                            self.space();
                            if self.text.get(self.pos) == Some(&b':') {
                                self.pos += 1;
                            }
                            path.push(Seg::Key(key));
                            locator.positions.insert(path.clone(), base + at);
                            self.value(base, path, locator, depth + 1);
                            path.pop();
                        }
                        _ => {
                            self.pos = self.text.len();
                            return;
                        }
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut index = 0;
                loop {
                    self.space();
                    match self.text.get(self.pos) {
                        Some(b']') => {
                            self.pos += 1;
                            return;
                        }
                        Some(b',') => self.pos += 1,
                        Some(_) => {
                            path.push(Seg::Index(index));
                            locator.positions.insert(path.clone(), base + self.pos);
                            self.value(base, path, locator, depth + 1);
                            path.pop();
                            index += 1;
                        }
                        None => return,
                    }
                }
            }
            b'"' => {
                self.string();
            }
            _ => {
                while self.pos < self.text.len()
                    && !matches!(self.text[self.pos], b',' | b'}' | b']')
                    && !self.text[self.pos].is_ascii_whitespace()
                {
                    self.pos += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(path: &[&str]) -> Vec<Seg> {
        path.iter()
            .map(|s| match s.parse::<usize>() {
                Ok(i) => Seg::Index(i),
                Err(_) => Seg::Key(s.to_string()),
            })
            .collect()
    }

    fn line_of(text: &str, offset: usize) -> (usize, usize) {
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = offset - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, column)
    }

    #[test]
    fn locates_block_yaml() {
        let text = "# c\napiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    ports:\n      - protocol: udp\n        containerPort: 1\n  - name: b\n    args: |\n      x: y\n    env: [1, 2]\n  nodeName: n\n---\nkind: B\n";
        let docs = documents(text);
        assert_eq!(docs.len(), 2);
        let l = &docs[0].locator;
        let at = |p: &[&str]| line_of(text, l.find(&key(p)).unwrap());
        assert_eq!(at(&["spec", "containers", "0", "name"]), (6, 5));
        assert_eq!(at(&["spec", "containers", "0"]), (6, 3));
        assert_eq!(
            at(&["spec", "containers", "0", "ports", "0", "protocol"]),
            (8, 9)
        );
        assert_eq!(
            at(&["spec", "containers", "0", "ports", "0", "containerPort"]),
            (9, 9)
        );
        assert_eq!(at(&["spec", "containers", "1", "name"]), (10, 5));
        assert_eq!(at(&["spec", "containers", "1", "env", "1"]), (13, 5));
        assert_eq!(at(&["spec", "nodeName"]), (14, 3));
        assert_eq!(
            line_of(text, docs[1].locator.find(&key(&["kind"])).unwrap()),
            (16, 1)
        );
    }

    #[test]
    fn locates_json() {
        let text = "{\n  \"a\": {\"b\": [1, {\"c\": 2}]}\n}";
        let docs = documents(text);
        assert_eq!(docs.len(), 1);
        let l = &docs[0].locator;
        assert_eq!(
            line_of(text, l.find(&key(&["a", "b", "1", "c"])).unwrap()),
            (2, 19)
        );
    }
}
