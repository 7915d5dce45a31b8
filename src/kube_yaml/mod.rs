//! YAML documents read as Kubernetes reads them, under the API server's bounds: the bottom
//! layer `validate` (objects, `--crd` manifests, `--old`) and `crd` (manifests) read through.
//!
//! kubectl splits a stream at `---` lines, converts each document to JSON with
//! sigs.k8s.io/yaml (go-yaml v2 underneath: YAML 1.1 scalars, merge keys, aliases) and the
//! API server decodes that JSON (integers as int64, the rest as float64). [`read`] does the
//! same from libyaml's events (libyaml-rs: the C libyaml that go-yaml was ported from), with
//! go-yaml's bounds: nesting ([`limits::OBJECT_NESTING`], go-yaml's and Go's JSON decoder's
//! 10,000), alias expansion (go-yaml's "excessive aliasing" ratio), and the request size
//! ([`limits::MAX_REQUEST_BODY_BYTES`]). Memory and time are linear in the document: the
//! nodes are read once into an arena, the value built from it, and [`Positions`] records
//! where each key and item starts as a tree (no path is copied per node).
//!
//! Keys given twice are kept as the strict decoder reports them ([`Document::duplicates`]);
//! the later value wins, as in the non-strict conversion.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::limits;

mod decode;
mod events;
mod json;
mod scalar;
mod tree;

use decode::*;
use scalar::*;
use tree::*;

pub use json::json_document;

/// One step of a path into a document: a mapping key or a sequence index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// Where each key and item of one document starts: a tree of located nodes.
#[derive(Debug, Default, Clone)]
pub struct Positions {
    /// Byte offset (in the file) of each located node; node 0 is the document's root.
    offsets: Vec<usize>,
    /// (parent node, step) → child node.
    children: HashMap<(u32, Step), u32, foldhash::fast::RandomState>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Step {
    Key(Box<str>),
    Index(usize),
}

impl Step {
    fn of(seg: &Seg) -> Step {
        match seg {
            Seg::Key(k) => Step::Key(k.as_str().into()),
            Seg::Index(i) => Step::Index(*i),
        }
    }
}

impl Positions {
    /// The offset of `path`, or of its nearest located parent; `None` when nothing is located.
    pub fn find(&self, path: &[Seg]) -> Option<usize> {
        let mut node = 0u32;
        let mut at = *self.offsets.first()?;
        for seg in path {
            match self.children.get(&(node, Step::of(seg))) {
                Some(child) => {
                    node = *child;
                    at = self.offsets[*child as usize];
                }
                None => break,
            }
        }
        Some(at)
    }

    /// Records a node at `offset`: the root when `parent` is `None`. Its id.
    pub fn add(&mut self, parent: Option<(u32, &Seg)>, offset: usize) -> u32 {
        let id = self.offsets.len() as u32;
        self.offsets.push(offset);
        if let Some((parent, seg)) = parent {
            self.children.insert((parent, Step::of(seg)), id);
        }
        id
    }

    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }
}

/// A key given twice in one mapping, as the API server's strict decoding reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Duplicate {
    /// The key's path.
    pub path: Vec<Seg>,
    /// Byte offset of the second key.
    pub offset: usize,
    /// go-yaml's text: `line 4: key "kind" already set in map` (the line in the document).
    pub message: String,
}

/// Why a document cannot be read, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadError {
    /// Byte offset in the file.
    pub offset: usize,
    /// The text kubectl prints after `error converting YAML to JSON: `.
    pub message: String,
}

/// One document: its value as the API server decodes it, where its nodes are, and the keys
/// given twice.
#[derive(Debug)]
pub struct Document {
    /// Byte offset of the document's first content.
    pub start: usize,
    pub value: Result<Value, ReadError>,
    pub positions: Positions,
    pub duplicates: Vec<Duplicate>,
}

/// A file's text as kubectl reads it: UTF-16 (with its byte-order mark) decoded, a UTF-8
/// byte-order mark dropped (kubectl's `unicode.BOMOverride`). `None`: not text.
pub fn decode_text(bytes: Vec<u8>) -> Option<String> {
    let utf16 = |big: bool| -> Option<String> {
        let units: Vec<u16> = bytes[2..]
            .chunks(2)
            .map(|pair| match (pair, big) {
                ([a, b], true) => u16::from_be_bytes([*a, *b]),
                ([a, b], false) => u16::from_le_bytes([*a, *b]),
                _ => 0xfffd,
            })
            .collect();
        String::from_utf16(&units).ok()
    };
    match bytes.get(..3) {
        Some([0xef, 0xbb, 0xbf]) => String::from_utf8(bytes[3..].to_vec()).ok(),
        Some([0xfe, 0xff, _]) => utf16(true),
        Some([0xff, 0xfe, _]) => utf16(false),
        _ => String::from_utf8(bytes).ok(),
    }
}

/// The documents of a file: split at `---` lines as kubectl's YAML reader splits them, each
/// read on its own (an unreadable one does not stop the others); a file whose first content
/// is `{` or `[` is one JSON document. Empty documents (comments only) are left out.
pub fn documents(text: &str) -> Vec<Document> {
    let first = text.trim_start();
    if first.starts_with('{') || first.starts_with('[') {
        let start = text.len() - first.len();
        if let Some(document) = json_document(text, start) {
            return vec![document];
        }
        // YAML flow style that is not JSON: read as YAML below.
    }
    split(text)
        .into_iter()
        .filter_map(|range| read(text, range))
        .collect()
}

/// The byte ranges of a stream's documents: between lines that are `---` or `...` (with
/// nothing but white space or a comment after). `--- value` starts the next document with
/// `value`.
pub fn split(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let marker = ["---", "..."].into_iter().find(|m| {
            content
                .strip_prefix(m)
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
        });
        if let Some(marker) = marker {
            out.push(start..offset);
            let rest = content[3..].trim_start();
            start = if marker == "---" && !rest.is_empty() && !rest.starts_with('#') {
                offset + (content.len() - rest.len())
            } else {
                offset + line.len()
            };
        }
        offset += line.len();
    }
    out.push(start..text.len());
    out
}

/// Reads one document of `text` (its bytes `range`): `None` when it holds no node.
pub fn read(text: &str, range: std::ops::Range<usize>) -> Option<Document> {
    let source = &text[range.clone()];
    let start = range.start + first_content(source)?;
    if source.len() > limits::MAX_REQUEST_BODY_BYTES {
        return Some(Document {
            start,
            value: Err(ReadError {
                offset: start,
                message: too_large(source.len()),
            }),
            positions: Positions::default(),
            duplicates: Vec::new(),
        });
    }
    let tree = match Tree::parse(source, range.start) {
        Ok(tree) => tree,
        Err(error) => {
            return Some(Document {
                start,
                value: Err(error),
                positions: Positions::default(),
                duplicates: Vec::new(),
            })
        }
    };
    let root = tree.root?;
    let mut decoder = Decoder::new(&tree);
    let value = decoder.document(root);
    if matches!(value, Ok(Value::Null)) && tree.nodes.len() == 1 && tree.is_empty_scalar(root) {
        return None; // an empty document
    }
    Some(Document {
        start,
        value,
        positions: decoder.positions,
        duplicates: decoder.duplicates,
    })
}

/// Checks one YAML document against the reader's bounds (size, nesting, aliases) without
/// building its value: what `crd` asks before handing a manifest's document to its own
/// structure-preserving parser.
pub fn check(source: &str, base: usize) -> Result<(), ReadError> {
    if source.len() > limits::MAX_REQUEST_BODY_BYTES {
        return Err(ReadError {
            offset: base,
            message: too_large(source.len()),
        });
    }
    let tree = Tree::parse(source, base)?;
    let Some(root) = tree.root else {
        return Ok(());
    };
    let mut decoder = Decoder::new(&tree);
    decoder.count_only = true;
    decoder.document(root).map(|_| ())
}

fn too_large(size: usize) -> String {
    format!(
        "the document is {size} bytes, over the API server's request limit: Request entity too \
         large: limit is {}",
        limits::MAX_REQUEST_BODY_BYTES
    )
}

/// The offset of the first line of `source` that is neither blank nor a comment.
fn first_content(source: &str) -> Option<usize> {
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let t = line.trim_start();
        if !t.is_empty() && !t.starts_with('#') {
            return Some(offset + (line.len() - t.len()));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests;
