//! JSON documents: read with Go's JSON decoder's bounds, positions from a scan of the text.

use super::*;

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
pub(super) fn server_numbers(mut value: Value) -> Value {
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

pub(super) struct JsonScan {
    pub(super) positions: Positions,
    pub(super) duplicates: Vec<Duplicate>,
    /// (offset, 0-based line) of the last duplicate key: lines are counted on from there.
    pub(super) line_cursor: (usize, usize),
    /// Where nesting passed the bound.
    pub(super) too_deep: Option<usize>,
}

/// One pass over a JSON text, without recursion: where each key and item starts, keys given
/// twice, and whether nesting passes Go's bound. Malformed text ends the scan early
/// (serde_json then reports it).
pub(super) fn scan_json(text: &[u8]) -> JsonScan {
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
pub(super) fn json_key(
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
pub(super) struct JsonFrame {
    /// The container's located node.
    pub(super) node: u32,
    pub(super) array: bool,
    pub(super) index: usize,
    pub(super) keys: std::collections::HashSet<String>,
}

pub(super) fn skip_space(text: &[u8], mut pos: usize) -> usize {
    while pos < text.len() && text[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The end of the JSON string starting at `pos` (its opening quote).
pub(super) fn string_end(text: &[u8], mut pos: usize) -> Option<usize> {
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
