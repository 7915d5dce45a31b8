//! The read-back self-check that guards every write: the patched text, read again, must hold
//! the original documents plus exactly the changes.

use yaml_serde::{Mapping, Value};

use super::patch::{
    documents, parse_within_bounds, split_lines, text_of, within_bounds, Addition, Finding, Step,
};
use crate::schema::cel;

/// Applies an addition to the structure, as the inserted lines should read.
pub(super) fn apply(value: &mut Value, path: &[Step], addition: &Addition) {
    let mut node = value;
    for step in path {
        let next = match step {
            Step::Key(key) => node.get_mut(key.as_str()),
            Step::Index(i) => node.get_mut(*i),
        };
        match next {
            Some(next) => node = next,
            None => return,
        }
    }
    let Some(mapping) = node.as_mapping_mut() else {
        return;
    };
    match addition {
        Addition::Enum { values, .. } => {
            mapping.insert(
                "enum".into(),
                Value::Sequence(values.iter().map(|v| Value::String(v.clone())).collect()),
            );
        }
        Addition::Rules { stale, new } => {
            let list = mapping
                .entry(cel::EXTENSION.into())
                .or_insert_with(|| Value::Sequence(Vec::new()));
            if let Some(list) = list.as_sequence_mut() {
                for &i in stale.iter().rev() {
                    if i < list.len() {
                        list.remove(i);
                    }
                }
                for rule in new {
                    let mut entry = Mapping::new();
                    entry.insert("message".into(), rule.message.clone().into());
                    entry.insert("rule".into(), rule.rule.clone().into());
                    list.push(Value::Mapping(entry));
                }
            }
            if mapping
                .get(cel::EXTENSION)
                .and_then(Value::as_sequence)
                .is_some_and(Vec::is_empty)
            {
                mapping.remove(cel::EXTENSION);
            }
        }
    }
}

/// The patched text, read again, must hold the original documents plus exactly the additions.
pub(super) fn self_check(text: &str, expected: &[Option<Value>]) -> Result<(), Finding> {
    let failed = |line: usize, why: String| Finding {
        line,
        message: format!(
            "internal error: the patched file does not read back as the original plus the \
             additions ({why}); nothing was written — please report this with the file"
        ),
    };
    let (with_endings, lines) = split_lines(text);
    let segments = documents(&lines)?;
    if segments.len() != expected.len() {
        return Err(failed(0, "the number of documents changed".into()));
    }
    for (range, expected) in segments.iter().zip(expected) {
        let Some(expected) = expected else { continue };
        let document = text_of(&with_endings, range.clone());
        // Past a bound only with the additions (3 MiB, 10,000 levels): the API server would
        // refuse the patched CRD, so it is not written; not an internal error.
        within_bounds(&document, range.start).map_err(|f| Finding {
            line: f.line,
            message: format!(
                "with the additions this document is past the API server's bounds ({}): the \
                 API server would refuse the patched CustomResourceDefinition, so nothing was \
                 written",
                f.message
            ),
        })?;
        let value =
            parse_within_bounds(&document, range.start).map_err(|f| failed(f.line, f.message))?;
        if &value != expected {
            return Err(failed(
                range.start,
                format!("document at line {} differs", range.start + 1),
            ));
        }
    }
    Ok(())
}
