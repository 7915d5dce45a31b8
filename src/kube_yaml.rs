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

// ---- libyaml's events ----

mod events {
    //! libyaml-rs's parser behind a safe iterator of owned events.

    use libyaml_rs as sys;
    use std::mem::MaybeUninit;

    /// One parser event, with the byte offset and 0-based line where it starts.
    pub enum Event {
        Other,
        StreamEnd,
        DocumentEnd,
        Alias(Vec<u8>),
        Scalar {
            anchor: Option<Vec<u8>>,
            tag: Option<Vec<u8>>,
            value: Vec<u8>,
            plain: bool,
        },
        SequenceStart {
            anchor: Option<Vec<u8>>,
        },
        MappingStart {
            anchor: Option<Vec<u8>>,
        },
        End,
    }

    /// libyaml's error: its problem, where, and the context it was in.
    pub struct Problem {
        pub problem: String,
        pub offset: usize,
        pub line: usize,
        pub context_line: usize,
        pub scanner: bool,
    }

    pub struct Parser<'input> {
        sys: Box<MaybeUninit<sys::yaml_parser_t>>,
        _input: &'input [u8],
    }

    impl<'input> Parser<'input> {
        pub fn new(input: &'input [u8]) -> Parser<'input> {
            let mut sys = Box::new(MaybeUninit::<sys::yaml_parser_t>::uninit());
            // SAFETY: the parser is initialised in place (boxed: it never moves) and reads
            // `input`, which outlives it ('input).
            unsafe {
                let parser = sys.as_mut_ptr();
                if sys::yaml_parser_initialize(parser).fail {
                    // Only an allocation failure, which aborts elsewhere in Rust anyway.
                    std::process::abort();
                }
                sys::yaml_parser_set_encoding(parser, sys::YAML_UTF8_ENCODING);
                sys::yaml_parser_set_input_string(parser, input.as_ptr(), input.len() as u64);
            }
            Parser { sys, _input: input }
        }

        /// The next event and its (offset, line); `Err` once the input is not YAML.
        pub fn next(&mut self) -> Result<(Event, usize, usize), Problem> {
            let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
            // SAFETY: the parser was initialised in `new`; an event filled by
            // `yaml_parser_parse` is read, copied and deleted before the next call.
            unsafe {
                let parser = self.sys.as_mut_ptr();
                if (&(*parser)).error != sys::YAML_NO_ERROR
                    || sys::yaml_parser_parse(parser, event.as_mut_ptr()).fail
                {
                    return Err(problem(parser));
                }
                let event = event.as_mut_ptr();
                let mark = (*event).start_mark;
                let out = convert(&*event);
                sys::yaml_event_delete(event);
                Ok((out, mark.index as usize, mark.line as usize))
            }
        }
    }

    impl Drop for Parser<'_> {
        fn drop(&mut self) {
            // SAFETY: initialised in `new`, deleted once.
            unsafe { sys::yaml_parser_delete(self.sys.as_mut_ptr()) }
        }
    }

    unsafe fn bytes(ptr: *const u8) -> Option<Vec<u8>> {
        if ptr.is_null() {
            return None;
        }
        // SAFETY: libyaml's anchors and tags are NUL-terminated strings it owns.
        let c = unsafe { std::ffi::CStr::from_ptr(ptr.cast()) };
        Some(c.to_bytes().to_vec())
    }

    unsafe fn convert(event: &sys::yaml_event_t) -> Event {
        // SAFETY: the union member read is the one the event's type says is set.
        unsafe {
            match event.type_ {
                sys::YAML_STREAM_END_EVENT => Event::StreamEnd,
                sys::YAML_DOCUMENT_END_EVENT => Event::DocumentEnd,
                sys::YAML_ALIAS_EVENT => {
                    Event::Alias(bytes(event.data.alias.anchor).unwrap_or_default())
                }
                sys::YAML_SCALAR_EVENT => {
                    let scalar = event.data.scalar;
                    let value = if scalar.value.is_null() {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(scalar.value, scalar.length as usize).to_vec()
                    };
                    Event::Scalar {
                        anchor: bytes(scalar.anchor),
                        tag: bytes(scalar.tag),
                        value,
                        plain: scalar.style == sys::YAML_PLAIN_SCALAR_STYLE,
                    }
                }
                sys::YAML_SEQUENCE_START_EVENT => Event::SequenceStart {
                    anchor: bytes(event.data.sequence_start.anchor),
                },
                sys::YAML_MAPPING_START_EVENT => Event::MappingStart {
                    anchor: bytes(event.data.mapping_start.anchor),
                },
                sys::YAML_SEQUENCE_END_EVENT | sys::YAML_MAPPING_END_EVENT => Event::End,
                _ => Event::Other,
            }
        }
    }

    unsafe fn problem(parser: *const sys::yaml_parser_t) -> Problem {
        // SAFETY: the parser's error fields are set by libyaml when a call fails.
        unsafe {
            let p = &*parser;
            let text = |ptr: *const std::ffi::c_char| {
                (!ptr.is_null())
                    .then(|| std::ffi::CStr::from_ptr(ptr).to_string_lossy().into_owned())
            };
            Problem {
                problem: text(p.problem)
                    .unwrap_or_else(|| "unknown problem parsing YAML content".into()),
                offset: p.problem_mark.index as usize,
                line: p.problem_mark.line as usize,
                context_line: p.context_mark.line as usize,
                scanner: p.error == sys::YAML_SCANNER_ERROR,
            }
        }
    }
}

// ---- the node arena ----

enum Kind {
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

struct Node {
    kind: Kind,
    /// Byte offset in the file.
    offset: usize,
    /// 0-based line in the document.
    line: usize,
}

/// A document's nodes as libyaml reads them, aliases unexpanded.
struct Tree {
    nodes: Vec<Node>,
    root: Option<u32>,
}

impl Tree {
    /// Reads the first document of `source` (at `base` in its file); past the nesting bound,
    /// an error as go-yaml's scanner gives it.
    fn parse(source: &str, base: usize) -> Result<Tree, ReadError> {
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

    fn is_empty_scalar(&self, id: u32) -> bool {
        matches!(&self.nodes[id as usize].kind, Kind::Scalar { value, plain: true, tag: None } if value.is_empty() || value == "~" || value == "null")
    }
}

// ---- scalars as go-yaml v2 resolves them ----

/// A scalar's value as go-yaml v2 gives it to sigs.k8s.io/yaml.
#[derive(Debug, Clone, PartialEq)]
enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(String),
    Merge,
}

const TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// go-yaml v2's `resolve` of a scalar (YAML 1.1: `yes`/`on`/`y` booleans, `0x1F`, `017`,
/// `1_000`, `.inf`), with the explicit tag's check.
fn resolve(value: &str, plain: bool, tag: Option<&str>) -> Result<Scalar, String> {
    let tag = tag.map(|t| {
        t.strip_prefix(TAG_PREFIX)
            .map_or(t.to_string(), |s| format!("!!{s}"))
    });
    let tag = tag.as_deref();
    if tag.is_none() && !plain {
        return Ok(Scalar::Str(value.to_string()));
    }
    match tag {
        None | Some("!!str" | "!!bool" | "!!int" | "!!float" | "!!null" | "!!timestamp") => {}
        Some("!!binary") => return Ok(Scalar::Str(decode_binary(value))),
        // Other tags: the text, as go-yaml keeps it.
        Some(_) => return Ok(Scalar::Str(value.to_string())),
    }
    if tag == Some("!!str") {
        return Ok(Scalar::Str(value.to_string()));
    }
    let resolved = resolve_plain(value);
    let kind = match &resolved {
        Scalar::Null => "!!null",
        Scalar::Bool(_) => "!!bool",
        Scalar::Int(_) | Scalar::Uint(_) => "!!int",
        Scalar::Float(_) => "!!float",
        Scalar::Str(_) => "!!str",
        Scalar::Merge => "!!merge",
    };
    match (tag, &resolved) {
        (None, _) | (Some("!!timestamp"), Scalar::Str(_)) => Ok(resolved),
        (Some(t), _) if t == kind => Ok(resolved),
        (Some("!!float"), Scalar::Int(i)) => Ok(Scalar::Float(*i as f64)),
        (Some("!!float"), Scalar::Uint(u)) => Ok(Scalar::Float(*u as f64)),
        (Some(t), _) => Err(format!("yaml: cannot decode {kind} `{value}` as a {t}")),
    }
}

fn resolve_plain(value: &str) -> Scalar {
    match value {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Scalar::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Scalar::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        ".nan" | ".NaN" | ".NAN" => return Scalar::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Scalar::Float(f64::INFINITY)
        }
        "-.inf" | "-.Inf" | "-.INF" => return Scalar::Float(f64::NEG_INFINITY),
        "<<" => return Scalar::Merge,
        _ => {}
    }
    let first = value.as_bytes()[0];
    if first == b'.' {
        return go_parse_float(value).map_or_else(|| Scalar::Str(value.into()), Scalar::Float);
    }
    if !(first.is_ascii_digit() || first == b'+' || first == b'-') {
        return Scalar::Str(value.into());
    }
    if is_timestamp(value) {
        // go-yaml gives timestamps to an interface{} as their text.
        return Scalar::Str(value.into());
    }
    let plain = value.replace('_', "");
    if let Some(i) = go_parse_int(&plain) {
        return Scalar::Int(i);
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Scalar::Uint(u);
    }
    if is_yaml_float(&plain) {
        if let Some(f) = go_parse_float(&plain) {
            return Scalar::Float(f);
        }
    }
    if let Some(bits) = plain.strip_prefix("0b") {
        if let Ok(i) = i64::from_str_radix(bits, 2) {
            return Scalar::Int(i);
        }
        if let Ok(u) = u64::from_str_radix(bits, 2) {
            return Scalar::Uint(u);
        }
    } else if let Some(bits) = plain.strip_prefix("-0b") {
        if let Ok(i) = i64::from_str_radix(&format!("-{bits}"), 2) {
            return Scalar::Int(i);
        }
    }
    Scalar::Str(value.into())
}

/// Go's `strconv.ParseInt(s, 0, 64)`: a sign, then decimal, `0x`, `0o`, `0b` or a leading-zero
/// octal; `_` only between digits after a prefix (removed by the caller already).
fn go_parse_int(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = go_parse_uint(digits)?;
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)`.
fn go_parse_uint(s: &str) -> Option<u64> {
    let lower = s.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// go-yaml's `yamlStyleFloat`: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - from
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseFloat(s, 64)` for the decimal forms YAML reaches (no hex floats, no
/// `inf`/`nan` words: those are not YAML 1.1 floats); out of range is an error in Go.
fn go_parse_float(s: &str) -> Option<f64> {
    let body = s.trim_start_matches(['+', '-']);
    if body.is_empty()
        || !body
            .bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    let f: f64 = s.parse().ok()?;
    f.is_finite().then_some(f)
}

/// go-yaml's timestamp forms (`2001-12-14`, `2001-12-14t21:59:43.10Z`, …) start with four
/// digits and a dash; a timestamp reaches an interface{} as its text either way, so only
/// keeping it from being read as a number matters here.
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() > 4 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
}

fn decode_binary(text: &str) -> String {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            _ => return text.to_string(),
        };
        buffer = (buffer << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A scalar as the JSON the API server decodes: int64 where the number is an integer that
/// fits, float64 otherwise (Go's JSON encoding writes integral floats below 1e21 without a
/// fraction); NaN and infinities cannot be encoded.
fn to_json(scalar: Scalar) -> Result<Value, String> {
    Ok(match scalar {
        Scalar::Null => Value::Null,
        Scalar::Bool(b) => Value::Bool(b),
        Scalar::Int(i) => Value::from(i),
        Scalar::Uint(u) => float(u as f64),
        Scalar::Float(f) if !f.is_finite() => {
            return Err(format!(
                "json: unsupported value: {}",
                crate::golit::go_float(f)
            ))
        }
        Scalar::Float(f) if f.fract() == 0.0 && f.abs() < 1e21 => {
            // int64's range is [-2^63, 2^63).
            if (-(2f64.powi(63))..2f64.powi(63)).contains(&f) {
                Value::from(f as i64)
            } else {
                float(f)
            }
        }
        Scalar::Float(f) => float(f),
        Scalar::Str(s) => Value::String(s),
        Scalar::Merge => Value::String("<<".into()),
    })
}

fn float(f: f64) -> Value {
    serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// A mapping key as sigs.k8s.io/yaml turns it into a JSON key.
fn key_string(scalar: Scalar) -> Result<String, String> {
    Ok(match scalar {
        Scalar::Str(s) => s,
        Scalar::Int(i) => i.to_string(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Float(f) => match go_float32_g(f).as_str() {
            "+Inf" => ".inf".into(),
            "-Inf" => "-.inf".into(),
            "NaN" => ".nan".into(),
            s => s.to_string(),
        },
        Scalar::Merge => "<<".into(),
        Scalar::Null => return Err("unsupported map key of type: <nil>".into()),
        Scalar::Uint(u) => {
            return Err(format!("unsupported map key of type: uint64, key: 0x{u:x}"))
        }
    })
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 32)`.
fn go_float32_g(f: f64) -> String {
    let single = f as f32;
    if !single.is_finite() || single == 0.0 {
        return crate::golit::go_float(f64::from(single));
    }
    // The shortest digits of the float32, printed with Go's %g rules.
    let shortest: f64 = format!("{single:e}").parse().unwrap_or(f64::from(single));
    crate::golit::go_float(shortest)
}

// ---- the value, as sigs.k8s.io/yaml decodes the nodes ----

/// go-yaml v2's decoder over a [`Tree`], without recursion (an explicit stack of open
/// collections): its counts for the alias-expansion bound, the positions, the keys given
/// twice.
struct Decoder<'t> {
    tree: &'t Tree,
    decode_count: u64,
    alias_count: u64,
    alias_depth: u32,
    /// Alias nodes being expanded (an alias inside its own anchor's value is refused).
    expanding: Vec<u32>,
    positions: Positions,
    duplicates: Vec<Duplicate>,
    /// Count and check only: no value, no positions.
    count_only: bool,
}

/// A collection being decoded.
struct Frame<'t> {
    node: u32,
    /// Its located node (none inside an alias expansion).
    located: Option<u32>,
    /// It is an alias's target: leaving it ends that expansion.
    alias: bool,
    children: &'t [u32],
    next: usize,
    state: State,
}

enum State {
    Sequence(Vec<Value>),
    Mapping {
        map: Map<String, Value>,
        /// Keys this mapping sets itself (merged ones may be overridden silently).
        own: std::collections::HashSet<String>,
        /// What the child being decoded is for.
        awaiting: Awaiting,
    },
}

enum Awaiting {
    Nothing,
    /// The value of this key (its node: the value's, for the duplicate's line).
    Value(String, u32, u32),
    /// A merged mapping; then these (go-yaml merges a sequence's maps last to first).
    Merge(Vec<u32>),
}

impl<'t> Decoder<'t> {
    fn new(tree: &'t Tree) -> Decoder<'t> {
        Decoder {
            tree,
            decode_count: 0,
            alias_count: 0,
            alias_depth: 0,
            expanding: Vec::new(),
            positions: Positions::default(),
            duplicates: Vec::new(),
            count_only: false,
        }
    }

    fn fail(&self, id: u32, message: String) -> ReadError {
        ReadError {
            offset: self.tree.nodes[id as usize].offset,
            message,
        }
    }

    /// go-yaml's `unmarshal` bookkeeping: every node decoded counts, those reached through an
    /// alias count as expansion, and expansion past go-yaml's allowed ratio stops the read.
    fn count(&mut self, id: u32) -> Result<(), ReadError> {
        self.decode_count += 1;
        if self.alias_depth > 0 {
            self.alias_count += 1;
        }
        if self.alias_count > 100
            && self.decode_count > 1000
            && self.alias_count as f64 / self.decode_count as f64
                > allowed_alias_ratio(self.decode_count)
        {
            return Err(self.fail(id, "yaml: document contains excessive aliasing".into()));
        }
        Ok(())
    }

    /// The document's value (go-yaml counts the document node itself too).
    fn document(&mut self, root: u32) -> Result<Value, ReadError> {
        self.count(root)?;
        let mut frames: Vec<Frame<'t>> = Vec::new();
        let mut path: Vec<Seg> = Vec::new();
        let root_offset = self.tree.nodes[root as usize].offset;
        let mut done = self.begin(root, None, root_offset, &mut frames)?;
        loop {
            if let Some(value) = done.take() {
                let Some(frame) = frames.last_mut() else {
                    return Ok(value);
                };
                self.deliver(frame, value, &mut path);
                continue;
            }
            let Some(frame) = frames.last_mut() else {
                return Ok(Value::Null);
            };
            match self.step(frame, &mut path)? {
                Next::Child(child, place, offset) => {
                    done = self.begin(child, place, offset, &mut frames)?;
                }
                Next::Merge(child) => {
                    done = self.begin(child, None, 0, &mut frames)?;
                }
                Next::Finished => {
                    let frame = frames.pop().expect("a frame was just stepped");
                    if frame.alias {
                        self.alias_depth -= 1;
                        self.expanding.pop();
                    }
                    done = Some(match frame.state {
                        State::Sequence(items) => Value::Array(items),
                        State::Mapping { map, .. } => Value::Object(map),
                    });
                }
            }
        }
    }

    /// Starts decoding node `id` (counted already), located at `place` (its parent's located
    /// node and the step to it, at `offset`): a scalar's value at once, a collection's frame.
    fn begin(
        &mut self,
        id: u32,
        place: Option<(u32, Seg)>,
        offset: usize,
        frames: &mut Vec<Frame<'t>>,
    ) -> Result<Option<Value>, ReadError> {
        let located = match (&place, self.alias_depth == 0 && !self.count_only) {
            (Some((parent, seg)), true) => Some(self.positions.add(Some((*parent, seg)), offset)),
            (None, true) if self.positions.is_empty() => Some(self.positions.add(None, offset)),
            _ => None,
        };
        let tree = self.tree;
        let mut node = id;
        let mut alias = false;
        if let Kind::Alias(target, anchor) = &tree.nodes[id as usize].kind {
            if self.expanding.contains(&id) {
                return Err(self.fail(id, format!("yaml: anchor '{anchor}' value contains itself")));
            }
            self.count(*target)?;
            node = *target;
            alias = true;
            if let Kind::Alias(..) = tree.nodes[node as usize].kind {
                return Err(self.fail(id, format!("yaml: anchor '{anchor}' value contains itself")));
            }
        }
        let kind = &tree.nodes[node as usize].kind;
        let (children, state) = match kind {
            Kind::Scalar { value, plain, tag } => {
                return resolve(value, *plain, tag.as_deref())
                    .and_then(to_json)
                    .map(Some)
                    .map_err(|message| self.fail(id, message));
            }
            Kind::Sequence(children) => (children, State::Sequence(Vec::new())),
            Kind::Mapping(children) => (
                children,
                State::Mapping {
                    map: Map::new(),
                    own: Default::default(),
                    awaiting: Awaiting::Nothing,
                },
            ),
            Kind::Alias(..) => unreachable!("an alias of an alias is refused above"),
        };
        if frames.len() >= limits::OBJECT_NESTING {
            return Err(self.fail(
                id,
                format!("yaml: exceeded max depth of {}", limits::OBJECT_NESTING),
            ));
        }
        if alias {
            self.expanding.push(id);
            self.alias_depth += 1;
        }
        frames.push(Frame {
            node,
            located: if alias { None } else { located },
            alias,
            children,
            next: 0,
            state,
        });
        Ok(None)
    }

    /// A child's value reaches its collection.
    fn deliver(&mut self, frame: &mut Frame<'t>, value: Value, path: &mut Vec<Seg>) {
        match &mut frame.state {
            State::Sequence(items) => {
                path.pop();
                if !self.count_only {
                    items.push(value);
                }
            }
            State::Mapping { map, own, awaiting } => {
                match std::mem::replace(awaiting, Awaiting::Nothing) {
                    Awaiting::Value(key, key_node, value_node) => {
                        path.pop();
                        if !own.insert(key.clone()) {
                            let line = self.tree.nodes[value_node as usize].line + 1;
                            let mut at = path.clone();
                            at.push(Seg::Key(key.clone()));
                            self.duplicates.push(Duplicate {
                                path: at,
                                offset: self.tree.nodes[key_node as usize].offset,
                                message: format!(
                                    "line {line}: key {} already set in map",
                                    crate::golit::go_quote(&key)
                                ),
                            });
                        }
                        if !self.count_only {
                            map.insert(key, value);
                        }
                    }
                    Awaiting::Merge(rest) => {
                        if let Value::Object(entries) = value {
                            map.extend(entries);
                        }
                        *awaiting = Awaiting::Merge(rest);
                    }
                    Awaiting::Nothing => {}
                }
            }
        }
    }

    /// The next child of a collection to decode, or that it is finished.
    fn step(&mut self, frame: &mut Frame<'t>, path: &mut Vec<Seg>) -> Result<Next, ReadError> {
        let located = frame.located;
        match &mut frame.state {
            State::Sequence(_) => {
                let Some(child) = frame.children.get(frame.next).copied() else {
                    return Ok(Next::Finished);
                };
                let index = frame.next;
                frame.next += 1;
                self.count(child)?;
                path.push(Seg::Index(index));
                let offset = self.tree.nodes[child as usize].offset;
                Ok(Next::Child(
                    child,
                    located.map(|l| (l, Seg::Index(index))),
                    offset,
                ))
            }
            State::Mapping { awaiting, .. } => {
                if let Awaiting::Merge(rest) = awaiting {
                    if let Some(next) = rest.pop() {
                        self.count(next)?;
                        return Ok(Next::Merge(next));
                    }
                    *awaiting = Awaiting::Nothing;
                }
                let Some(pair) = frame.children.get(frame.next..frame.next + 2) else {
                    if frame.next < frame.children.len() {
                        return Err(
                            self.fail(frame.node, "yaml: a mapping key without a value".into())
                        );
                    }
                    return Ok(Next::Finished);
                };
                let (key_node, value_node) = (pair[0], pair[1]);
                frame.next += 2;
                let Some(key) = self.key(key_node)? else {
                    // `<<`: a merge key; go-yaml merges a sequence's maps last to first.
                    let mut merged = self.merged(value_node)?;
                    merged.reverse();
                    *awaiting = Awaiting::Merge(merged);
                    return self.step(frame, path);
                };
                self.count(value_node)?;
                let offset = self.tree.nodes[key_node as usize].offset;
                path.push(Seg::Key(key.clone()));
                *awaiting = Awaiting::Value(key.clone(), key_node, value_node);
                Ok(Next::Child(
                    value_node,
                    located.map(|l| (l, Seg::Key(key))),
                    offset,
                ))
            }
        }
    }

    /// A mapping key as a JSON key (`None`: the merge key `<<`).
    fn key(&mut self, id: u32) -> Result<Option<String>, ReadError> {
        self.count(id)?;
        let node = match self.tree.nodes[id as usize].kind {
            Kind::Alias(target, _) => target,
            _ => id,
        };
        match &self.tree.nodes[node as usize].kind {
            Kind::Scalar { value, plain, tag } => {
                let scalar =
                    resolve(value, *plain, tag.as_deref()).map_err(|m| self.fail(id, m))?;
                if scalar == Scalar::Merge {
                    return Ok(None);
                }
                key_string(scalar).map(Some).map_err(|m| self.fail(id, m))
            }
            _ => Err(self.fail(id, "yaml: invalid map key: a mapping or sequence".into())),
        }
    }

    /// The mappings a merge key's value names, in the order go-yaml merges them (a sequence's
    /// last first): a mapping (or alias of one), or a sequence of them.
    fn merged(&self, id: u32) -> Result<Vec<u32>, ReadError> {
        let want_map = || {
            self.fail(
                id,
                "yaml: map merge requires map or sequence of maps as the value".into(),
            )
        };
        let target = |node: u32| match &self.tree.nodes[node as usize].kind {
            Kind::Alias(target, _) => &self.tree.nodes[*target as usize].kind,
            other => other,
        };
        match (&self.tree.nodes[id as usize].kind, target(id)) {
            (_, Kind::Mapping(_)) => Ok(vec![id]),
            (Kind::Sequence(items), _) => {
                if items
                    .iter()
                    .any(|item| !matches!(target(*item), Kind::Mapping(_)))
                {
                    return Err(want_map());
                }
                Ok(items.iter().rev().copied().collect())
            }
            _ => Err(want_map()),
        }
    }
}

/// What a collection does next.
enum Next {
    /// Decode this child, located under (parent, step) at this offset.
    Child(u32, Option<(u32, Seg)>, usize),
    /// Decode this mapping into the current one (a merge key's).
    Merge(u32),
    Finished,
}

/// go-yaml v2's `allowedAliasRatio`: up to 99% of the decoded nodes may come from alias
/// expansion in documents of up to 400,000 nodes, scaling down to 10% at 4,000,000.
fn allowed_alias_ratio(decode_count: u64) -> f64 {
    const LOW: u64 = limits::YAML_ALIAS_RATIO_RANGE.0;
    const HIGH: u64 = limits::YAML_ALIAS_RATIO_RANGE.1;
    if decode_count <= LOW {
        0.99
    } else if decode_count >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decode_count - LOW) as f64 / (HIGH - LOW) as f64)
    }
}

// ---- JSON documents ----

/// A file that is one JSON document (`None`: not JSON — YAML flow style, read as YAML):
/// Go's JSON decoder's nesting bound, the request size, duplicate keys as strict decoding
/// reports them, positions from a scan of the text.
pub fn json_document(text: &str, start: usize) -> Option<Document> {
    let fail = |message: String, offset: usize| {
        Some(Document {
            start,
            value: Err(ReadError { offset, message }),
            positions: Positions::default(),
            duplicates: Vec::new(),
        })
    };
    if text.len() > limits::MAX_REQUEST_BODY_BYTES {
        return fail(too_large(text.len()), start);
    }
    let scan = scan_json(text.as_bytes());
    if let Some(at) = scan.too_deep {
        // Go's encoding/json: `invalid character '[' exceeded max depth`.
        let c = text.as_bytes()[at] as char;
        return fail(format!("invalid character '{c}' exceeded max depth"), at);
    }
    // The nesting was bounded by the scan; serde_json's own limit (128) is lower than Go's.
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.disable_recursion_limit();
    let mut values = deserializer.into_iter::<Value>();
    let value = values.next()?.ok()?;
    if !text[values.byte_offset()..].trim().is_empty() {
        return None;
    }
    Some(Document {
        start,
        value: Ok(server_numbers(value)),
        positions: scan.positions,
        duplicates: scan.duplicates,
    })
}

/// The API server's JSON decoder keeps integers that fit an int64 and makes floats of the
/// rest (serde_json keeps a u64 above i64's range).
fn server_numbers(mut value: Value) -> Value {
    let mut stack: Vec<&mut Value> = vec![&mut value];
    while let Some(node) = stack.pop() {
        let big = match node {
            Value::Number(n) if n.as_i64().is_none() && n.is_u64() => n.as_f64(),
            _ => None,
        };
        if let Some(f) = big {
            *node = float(f);
            continue;
        }
        match node {
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
    value
}

struct JsonScan {
    positions: Positions,
    duplicates: Vec<Duplicate>,
    /// (offset, 0-based line) of the last duplicate key: lines are counted on from there.
    line_cursor: (usize, usize),
    /// Where nesting passed the bound.
    too_deep: Option<usize>,
}

/// One pass over a JSON text, without recursion: where each key and item starts, keys given
/// twice, and whether nesting passes Go's bound. Malformed text ends the scan early
/// (serde_json then reports it).
fn scan_json(text: &[u8]) -> JsonScan {
    let mut scan = JsonScan {
        positions: Positions::default(),
        duplicates: Vec::new(),
        line_cursor: (0, 0),
        too_deep: None,
    };
    let mut frames: Vec<JsonFrame> = Vec::new();
    // The path of the innermost open container.
    let mut path: Vec<Seg> = Vec::new();
    let mut pos = skip_space(text, 0);
    if pos >= text.len() {
        return scan;
    }
    let root = scan.positions.add(None, pos);
    let mut value_at: Option<(u32, Option<Seg>)> = Some((root, None));
    loop {
        pos = skip_space(text, pos);
        let Some(&c) = text.get(pos) else { break };
        if let Some((node, seg)) = value_at.take() {
            match c {
                b'{' | b'[' => {
                    if frames.len() >= limits::OBJECT_NESTING {
                        scan.too_deep = Some(pos);
                        break;
                    }
                    frames.push(JsonFrame {
                        node,
                        array: c == b'[',
                        index: 0,
                        keys: Default::default(),
                    });
                    path.extend(seg);
                    pos += 1;
                }
                b'"' => match string_end(text, pos) {
                    Some(end) => pos = end,
                    None => break,
                },
                _ => {
                    while pos < text.len()
                        && !matches!(text[pos], b',' | b'}' | b']')
                        && !text[pos].is_ascii_whitespace()
                    {
                        pos += 1;
                    }
                }
            }
            continue;
        }
        let Some(frame) = frames.last_mut() else {
            break;
        };
        match c {
            b',' => pos += 1,
            b'}' | b']' => {
                frames.pop();
                if !frames.is_empty() {
                    path.pop();
                }
                pos += 1;
            }
            _ if frame.array => {
                let seg = Seg::Index(frame.index);
                frame.index += 1;
                let node = scan.positions.add(Some((frame.node, &seg)), pos);
                value_at = Some((node, Some(seg)));
            }
            b'"' => {
                let Some((next, node, seg)) = json_key(text, pos, frame, &path, &mut scan) else {
                    break;
                };
                pos = next;
                value_at = Some((node, Some(seg)));
            }
            _ => break,
        }
    }
    scan
}

/// A key of the object `frame` at `pos`, its `:` read: where its value starts, its located
/// node (the key's position stands for its value's) and its step; a key given twice is
/// recorded. `None` when the text is not JSON there.
fn json_key(
    text: &[u8],
    pos: usize,
    frame: &mut JsonFrame,
    path: &[Seg],
    scan: &mut JsonScan,
) -> Option<(usize, u32, Seg)> {
    let end = string_end(text, pos)?;
    let key = serde_json::from_slice::<String>(&text[pos..end]).ok()?;
    let colon = skip_space(text, end);
    if text.get(colon) != Some(&b':') {
        return None;
    }
    let seg = Seg::Key(key.clone());
    if !frame.keys.insert(key.clone()) {
        // Lines counted from the last duplicate on (keys come in order): linear overall.
        let (from, line) = scan.line_cursor;
        let line = line + memchr::memchr_iter(b'\n', &text[from..pos]).count();
        scan.line_cursor = (pos, line);
        let mut at_path = path.to_vec();
        at_path.push(seg.clone());
        scan.duplicates.push(Duplicate {
            path: at_path,
            offset: pos,
            message: format!(
                "line {}: key {} already set in map",
                line + 1,
                crate::golit::go_quote(&key)
            ),
        });
    }
    let node = scan.positions.add(Some((frame.node, &seg)), pos);
    Some((colon + 1, node, seg))
}

/// An open JSON container while scanning.
struct JsonFrame {
    /// The container's located node.
    node: u32,
    array: bool,
    index: usize,
    keys: std::collections::HashSet<String>,
}

fn skip_space(text: &[u8], mut pos: usize) -> usize {
    while pos < text.len() && text[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The end of the JSON string starting at `pos` (its opening quote).
fn string_end(text: &[u8], mut pos: usize) -> Option<usize> {
    pos += 1;
    while pos < text.len() {
        match text[pos] {
            b'\\' => pos += 2,
            b'"' => return Some(pos + 1),
            _ => pos += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        let docs = documents(text);
        assert_eq!(docs.len(), 1, "{text}");
        docs.into_iter().next().unwrap().value.unwrap()
    }

    fn error(text: &str) -> String {
        documents(text)
            .into_iter()
            .next()
            .unwrap()
            .value
            .unwrap_err()
            .message
    }

    #[test]
    fn scalars_read_as_sigs_k8s_io_yaml_reads_them() {
        let v = value(
            "a: yes\nb: off\nc: 017\nd: 1_000\ne: 0x1F\nf: 1.0\ng: 1e3\nh: '1'\ni: ~\nj: 2001-12-14\nk: 1:30\nl: 18446744073709551615\nm: 1e20\nbin: 0b101\no: -0b101\np: +12\n",
        );
        assert_eq!(
            v,
            serde_json::json!({
                "a": true, "b": false, "c": 15, "d": 1000, "e": 31, "f": 1, "g": 1000,
                "h": "1", "i": null, "j": "2001-12-14", "k": "1:30",
                "l": 18446744073709551615f64, "m": 1e20, "bin": 5, "o": -5, "p": 12
            })
        );
        assert!(v["l"].is_f64() && v["m"].is_f64());
    }

    #[test]
    fn keys_become_json_keys() {
        let v = value("y: 1\n1: 2\n1.5: 3\ntrue: 4\n");
        assert_eq!(v, serde_json::json!({"true": 4, "1": 2, "1.5": 3}));
        assert!(error("~: 1\n").contains("unsupported map key of type: <nil>"));
    }

    #[test]
    fn nan_and_infinity_cannot_be_json() {
        assert_eq!(error("a: .nan\n"), "json: unsupported value: NaN");
        assert_eq!(error("a: -.inf\n"), "json: unsupported value: -Inf");
    }

    #[test]
    fn merge_keys_and_aliases() {
        let v = value("base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\nl: [*b]\nmm: {<<: [{a: 1}, {a: 2, b: 2}]}\n");
        assert_eq!(v["m"], serde_json::json!({"x": 1, "z": 3}));
        assert_eq!(v["l"], serde_json::json!([{"x": 1, "z": 2}]));
        assert_eq!(v["mm"], serde_json::json!({"a": 1, "b": 2}));
        assert!(error("a: &a [*a]\n").contains("contains itself"));
    }

    #[test]
    fn duplicate_keys_are_reported_and_the_later_value_wins() {
        let docs = documents("kind: A\nspec:\n  x: 1\nkind: B\n");
        assert_eq!(docs[0].value.as_ref().unwrap()["kind"], "B");
        assert_eq!(docs[0].duplicates.len(), 1);
        assert_eq!(
            docs[0].duplicates[0].message,
            "line 4: key \"kind\" already set in map"
        );
        assert_eq!(docs[0].duplicates[0].path, vec![Seg::Key("kind".into())]);
        let docs = documents("{\"a\": {\"b\": 1, \"b\": 2}}");
        assert_eq!(
            docs[0].duplicates[0].path,
            vec![Seg::Key("a".into()), Seg::Key("b".into())]
        );
    }

    #[test]
    fn an_alias_bomb_is_refused() {
        let mut text = String::from("a: &a [");
        text.push_str(&vec!["1"; 5000].join(","));
        text.push_str("]\nb: [");
        text.push_str(&vec!["*a"; 5000].join(","));
        text.push_str("]\n");
        assert_eq!(error(&text), "yaml: document contains excessive aliasing");
        assert!(check(&text, 0).is_err());
    }

    #[test]
    fn nesting_is_bounded_as_go_yaml_bounds_it() {
        // Values nested 10,000 deep are dropped recursively: on the deep stack, as validate.
        limits::on_deep_stack(nesting_bounds).unwrap();
    }

    fn nesting_bounds() {
        let deep = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        assert!(error(&format!("a: {}", deep(10_001))).contains("exceeded max depth of 10000"));
        let ok = value(&format!("a: {}", deep(9_999)));
        assert!(ok["a"].is_array());
        assert!(error(&format!("{}1\n", "- ".repeat(10_001))).contains("exceeded max depth"));
        assert!(documents(&format!("{}1\n", "- ".repeat(10_000)))[0]
            .value
            .is_ok());
        assert!(error(&deep(10_001)).contains("exceeded max depth"));
        assert!(documents(&deep(10_000))[0].value.is_ok());
    }

    #[test]
    fn positions_are_a_tree() {
        let text = "# c\napiVersion: v1\nspec:\n  containers:\n  - name: a\n    ports: [1, 2]\n---\nkind: B\n";
        let docs = documents(text);
        assert_eq!(docs.len(), 2);
        let at = |path: &[Seg]| docs[0].positions.find(path).unwrap();
        let key = |s: &str| Seg::Key(s.into());
        assert_eq!(
            &text[at(&[key("spec"), key("containers"), Seg::Index(0), key("name")])..][..7],
            "name: a"
        );
        assert_eq!(
            &text[at(&[
                key("spec"),
                key("containers"),
                Seg::Index(0),
                key("ports"),
                Seg::Index(1)
            ])..][..1],
            "2"
        );
        assert_eq!(&text[at(&[key("spec"), key("nope")])..][..5], "spec:");
        let json = "{\n  \"a\": {\"b\": [1, {\"c\": 2}]}\n}";
        let docs = documents(json);
        let c = docs[0]
            .positions
            .find(&[key("a"), key("b"), Seg::Index(1), key("c")])
            .unwrap();
        assert_eq!(&json[c..][..3], "\"c\"");
    }

    #[test]
    fn byte_order_marks_are_dropped_and_utf16_decoded() {
        assert_eq!(decode_text(b"\xef\xbb\xbfa: 1".to_vec()).unwrap(), "a: 1");
        let le: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain("a: 1".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode_text(le).unwrap(), "a: 1");
        let be: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain("a: 1".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode_text(be).unwrap(), "a: 1");
    }

    #[test]
    fn documents_over_the_request_size_are_refused_alone() {
        let big = format!(
            "a: {}\n---\nb: 1\n",
            "x".repeat(limits::MAX_REQUEST_BODY_BYTES)
        );
        let docs = documents(&big);
        assert!(docs[0]
            .value
            .as_ref()
            .unwrap_err()
            .message
            .contains("Request entity too large"));
        assert_eq!(docs[1].value.as_ref().unwrap()["b"], 1);
    }
}
