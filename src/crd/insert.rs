//! Changes as lines: where in controller-gen's block-style YAML ([`block`]) an `enum` list or
//! rules go, at which indentation, and YAML scalars Kubernetes' YAML 1.1 reader reads back
//! as written.

use yaml_serde::Value;

use super::block;
use super::patch::{path_text, Addition, Finding, Step};
use crate::schema::cel::{self, Rule};

/// Lines inserted before line `line` (`line == len`: at the end), in place of the `remove`
/// lines from `line` on (0: a pure insertion).
#[derive(Debug)]
pub(super) struct Insertion {
    pub(super) line: usize,
    pub(super) remove: usize,
    /// Indentation of the mapping it extends: deeper ones go first at the same line.
    pub(super) indent: usize,
    pub(super) order: usize,
    pub(super) lines: Vec<String>,
}

/// The node at `path` and the line of the last step found.
pub(super) fn locate<'t>(
    tree: &'t block::Node,
    path: &[Step],
) -> Result<(&'t block::Node, usize), Finding> {
    let mut node = tree;
    let mut line = 0;
    for step in path {
        let next = match (step, node) {
            (Step::Key(key), _) => node.entry(key).map(|e| (&e.value, e.line)),
            (Step::Index(i), block::Node::Seq(items)) => items.get(*i).map(|i| (&i.value, i.line)),
            _ => None,
        };
        match next {
            Some((found, found_line)) => {
                node = found;
                line = found_line;
            }
            None => {
                return Err(Finding {
                    line,
                    message: format!(
                        "`{}` is not written in block style (flow collections `{{…}}`/`[…]`, \
                         anchors, tags or unusual indentation), so union-gen cannot insert \
                         lines into it without reformatting the file",
                        path_text(path)
                    ),
                })
            }
        }
    }
    Ok((node, line))
}

pub(super) fn spaces(n: usize) -> String {
    " ".repeat(n)
}

/// Where and what to insert (or replace, or remove) for one change.
pub(super) fn insertion(
    tree: &block::Node,
    path: &[Step],
    addition: &Addition,
    offset: usize,
    order: usize,
) -> Result<Vec<Insertion>, Finding> {
    let (node, line) = locate(tree, path)?;
    let entries = match node {
        block::Node::Map(entries) if !entries.is_empty() => entries,
        _ => {
            return Err(Finding {
                line,
                message: format!(
                    "the schema `{}` is not a block mapping, so union-gen cannot insert lines \
                     into it without reformatting the file",
                    path_text(path)
                ),
            })
        }
    };
    let indent = entries[0].indent;
    let last = entries.last().map_or(line, |e| e.last) + 1;
    let place = Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    };
    match addition {
        Addition::Enum { values, .. } => enum_insertion(&place, values),
        Addition::Rules { stale, new } => rules_insertion(&place, line, stale, new),
    }
}

/// A block mapping of the schema being changed: its entries, the line after them, their
/// indentation, the offset of list items below its keys and the change's order.
pub(super) struct Place<'t> {
    path: &'t [Step],
    entries: &'t [block::Entry],
    line: usize,
    indent: usize,
    offset: usize,
    order: usize,
}

pub(super) fn starts_item(path: &[Step], entry: &block::Entry, what: &str) -> Finding {
    Finding {
        line: entry.line,
        message: format!(
            "the schema `{}` starts on a `- ` line; union-gen cannot {what}",
            path_text(path)
        ),
    }
}

/// The `enum` list added, or written over the manifest's.
pub(super) fn enum_insertion(place: &Place, values: &[String]) -> Result<Vec<Insertion>, Finding> {
    let Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    } = *place;
    let existing = entries.iter().find(|e| e.key == "enum");
    let (at, remove, offset) = match existing {
        // A stale list: its lines are replaced, in the style of its items.
        Some(entry) if entry.item_start => {
            return Err(starts_item(path, entry, "rewrite its `enum`"))
        }
        Some(entry) => {
            let offset = match &entry.value {
                block::Node::Seq(items) => items[0].indent.saturating_sub(entry.indent),
                _ => offset,
            };
            (entry.line, entry.last + 1 - entry.line, offset)
        }
        None => {
            let at = match entries.iter().position(|e| e.key.as_str() > "enum") {
                Some(0) if entries[0].item_start => {
                    return Err(starts_item(
                        path,
                        &entries[0],
                        "insert `enum` before its first key",
                    ))
                }
                Some(0) => entries[0].line,
                Some(i) => entries[i - 1].last + 1,
                None => last,
            };
            (at, 0, offset)
        }
    };
    let mut lines = vec![format!("{}enum:", spaces(indent))];
    for value in values {
        lines.push(format!("{}- {}", spaces(indent + offset), scalar(value)));
    }
    Ok(vec![Insertion {
        line: at,
        remove,
        indent,
        order,
        lines,
    }])
}

/// The stale rules removed and the new ones added; `line` is the schema's.
pub(super) fn rules_insertion(
    place: &Place,
    line: usize,
    stale: &[usize],
    new: &[Rule],
) -> Result<Vec<Insertion>, Finding> {
    let Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    } = *place;
    let existing = entries.iter().find(|e| e.key == cel::EXTENSION);
    let items = match existing.map(|e| &e.value) {
        Some(block::Node::Seq(items)) => Some(items),
        Some(_) => {
            return Err(Finding {
                line: existing.map_or(line, |e| e.line),
                message: format!(
                    "`{}` is not a block sequence, so union-gen cannot change its rules \
                     without reformatting the file",
                    cel::EXTENSION
                ),
            })
        }
        None => None,
    };
    let mut out = Vec::new();
    let removal = |from: usize, to: usize| Insertion {
        line: from,
        remove: to + 1 - from,
        indent,
        order,
        lines: Vec::new(),
    };
    if let (Some(entry), Some(items)) = (existing, items) {
        if new.is_empty() && stale.len() == items.len() {
            // Every rule is stale and none replaces them: the key goes too.
            if entry.item_start {
                return Err(starts_item(path, entry, "remove its rules"));
            }
            return Ok(vec![removal(entry.line, entry.last)]);
        }
        for &i in stale {
            let Some(item) = items.get(i) else {
                return Err(Finding {
                    line: entry.line,
                    message: format!(
                        "`{}` of `{}` is not written in block style, so union-gen cannot \
                         remove a rule from it without reformatting the file",
                        cel::EXTENSION,
                        path_text(path)
                    ),
                });
            };
            out.push(removal(item.line, item.last));
        }
    }
    if new.is_empty() {
        return Ok(out);
    }
    let (at, item_indent, mut lines) = match (existing, items) {
        (Some(entry), Some(items)) => (entry.last + 1, items[0].indent, Vec::new()),
        _ => (
            last,
            indent + offset,
            vec![format!("{}{}:", spaces(indent), cel::EXTENSION)],
        ),
    };
    for rule in new {
        lines.push(format!(
            "{}- message: {}",
            spaces(item_indent),
            scalar(&rule.message)
        ));
        lines.push(format!(
            "{}rule: {}",
            spaces(item_indent + 2),
            scalar(&rule.rule)
        ));
    }
    out.push(Insertion {
        line: at,
        remove: 0,
        indent,
        order,
        lines,
    });
    Ok(out)
}

/// A YAML scalar for `value`: plain when it reads back as the same string, else
/// single-quoted, else (control characters) double-quoted.
pub fn scalar(value: &str) -> String {
    let plain = !value.is_empty()
        && !crate::emit::yaml11::is_special(value)
        && value.trim() == value
        && !value.starts_with([
            '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%',
            '@', '`',
        ])
        && !value.contains(": ")
        && !value.contains(" #")
        && !value.ends_with(':')
        && !value.chars().any(char::is_control)
        && yaml_serde::from_str::<Value>(value).ok() == Some(Value::String(value.to_string()));
    if plain {
        value.to_string()
    } else if !value.chars().any(char::is_control) {
        format!("'{}'", value.replace('\'', "''"))
    } else {
        serde_json::to_string(value).unwrap_or_default()
    }
}
