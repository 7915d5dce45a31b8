//! Code actions: the one obvious fix of a finding, where it has one. Each is read from the
//! finding's code and place and from the file's declarations, never from its wording:
//! - `marker/unknown-similar`: the name the marker is a typo of;
//! - `marker/malformed` with a word not in the marker's list: the nearest word of the list;
//! - `union/member-not-optional`: `// +optional` on the member (its `+required` replaced)
//!   and `omitempty` in its JSON tag;
//! - `enum/untyped-constant`: the enum type its const group gives the others;
//! - `union/member-not-pointer`: a pointer to the member's type.

use crate::diag::{Code, Diagnostic};
use crate::markers::registry::{self, Kind, Value};
use crate::markers::{parse_marker, Marker};
use crate::syntax::{ConstSpec, Field, FileDecls, TypeExpr};

/// A fix: a title and the replacements (byte ranges of the file, new text) that make it.
pub struct Fix {
    pub title: String,
    pub edits: Vec<(std::ops::Range<usize>, String)>,
}

/// The fix of a finding in a file with this text and these declarations, if it has one.
pub fn fix(diagnostic: &Diagnostic, text: &str, decls: &FileDecls) -> Option<Fix> {
    let span = diagnostic.primary.as_ref()?.bytes();
    let spanned = text.get(span.clone())?;
    match diagnostic.code {
        Code::MarkerUnknownSimilar => {
            let (marker, start) = marker_at(text, span.start)?;
            let known = registry::similar_known(&marker.name)?;
            let name = start + marker.name_span.start..start + marker.name_span.end;
            Some(Fix {
                title: format!("Replace `+{}` with `+{known}`", marker.name),
                edits: vec![(name, known.to_string())],
            })
        }
        Code::MarkerMalformed => nearest_word(text, span.start, spanned),
        Code::UnionMemberNotOptional => {
            if spanned.starts_with('+') {
                let (marker, start) = marker_at(text, span.start)?;
                let optional = optional_for(&marker.name)?;
                let name = start + marker.name_span.start..start + marker.name_span.end;
                return Some(Fix {
                    title: format!("Mark it `+{optional}` instead of `+{}`", marker.name),
                    edits: vec![(name, optional.to_string())],
                });
            }
            let field = field_at(decls, span.start)?;
            member_optional(text, field)
        }
        Code::EnumUntypedConstant => {
            let spec = decls
                .consts
                .iter()
                .find(|c| c.names.iter().any(|(_, s)| s.bytes() == span))?;
            let type_text = group_type(decls, spec, text)?;
            Some(Fix {
                title: format!("Give `{spanned}` the type `{type_text}`"),
                edits: vec![(span.end..span.end, format!(" {type_text}"))],
            })
        }
        Code::UnionMemberNotPointer => {
            let field = field_at(decls, span.start)?;
            let TypeExpr::Named { span: ty, .. } = &field.ty else {
                return None;
            };
            Some(Fix {
                title: "Make the member a pointer".to_string(),
                edits: vec![(ty.start as usize..ty.start as usize, "*".to_string())],
            })
        }
        _ => None,
    }
}

/// The marker written at byte `start` of the text (its `+`), and where its comment text
/// starts (the marker's ranges are relative to that).
fn marker_at(text: &str, start: usize) -> Option<(Marker, usize)> {
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let marker = parse_marker(&text[start..end])?.ok()?;
    Some((marker, start))
}

/// `+required` → `+optional`, in the same family.
fn optional_for(required: &str) -> Option<&'static str> {
    Some(match required {
        "required" => Kind::Optional.name(),
        "k8s:required" => Kind::K8sOptional.name(),
        "kubebuilder:validation:Required" => Kind::KbOptional.name(),
        _ => return None,
    })
}

/// The field whose declaration holds byte `offset`.
fn field_at(decls: &FileDecls, offset: usize) -> Option<&Field> {
    fn find(fields: &[Field], offset: usize) -> Option<&Field> {
        for field in fields {
            if (field.span.start as usize) <= offset && offset < field.span.end as usize {
                if let TypeExpr::Struct(inner) = &field.ty {
                    if let Some(found) = find(inner, offset) {
                        return Some(found);
                    }
                }
                return Some(field);
            }
        }
        None
    }
    decls.types.iter().find_map(|decl| match &decl.ty {
        TypeExpr::Struct(fields) => find(fields, offset),
        _ => None,
    })
}

/// `// +optional` above the member (in place of its `+required`), and `omitempty` in its
/// JSON tag.
fn member_optional(text: &str, field: &Field) -> Option<Fix> {
    let mut edits = Vec::new();
    let required = field.doc.markers.iter().find(|m| {
        m.marker.name == Kind::Required.name() || m.marker.name == Kind::K8sRequired.name()
    });
    match required {
        Some(marker) => {
            let optional = optional_for(&marker.marker.name)?;
            edits.push((
                marker.sub_span(&marker.marker.name_span).bytes(),
                optional.to_string(),
            ));
        }
        None => {
            let start = field.span.start as usize;
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let indent: String = text[line_start..start]
                .chars()
                .take_while(|c| c.is_whitespace())
                .collect();
            edits.push((line_start..line_start, format!("{indent}// +optional\n")));
        }
    }
    if let Some(tag) = &field.tag_span {
        edits.extend(omitempty(text, tag.bytes()));
    }
    Some(Fix {
        title: "Mark the member optional (`// +optional`, `omitempty`)".to_string(),
        edits,
    })
}

/// `,omitempty` added to the `json:"…"` key of a tag written at `tag` (none when it has it,
/// or has no JSON key, or is `json:"-"`).
fn omitempty(text: &str, tag: std::ops::Range<usize>) -> Option<(std::ops::Range<usize>, String)> {
    let written = text.get(tag.clone())?;
    let key = written.find("json:\"")? + "json:\"".len();
    let close = written[key..].find('"')? + key;
    let value = &written[key..close];
    if value == "-" || value.split(',').skip(1).any(|option| option == "omitempty") {
        return None;
    }
    let at = tag.start + close;
    Some((at..at, ",omitempty".to_string()))
}

/// The type the other specs of a spec's const group are written with.
fn group_type(decls: &FileDecls, spec: &ConstSpec, text: &str) -> Option<String> {
    decls
        .consts
        .iter()
        .filter(|other| other.group == spec.group)
        .find_map(|other| match &other.ty {
            Some(TypeExpr::Named { span, .. }) => text.get(span.bytes()).map(str::to_string),
            _ => None,
        })
}

/// A word of the marker's list close to the one written (`+listType=sets` → `set`).
fn nearest_word(text: &str, offset: usize, written: &str) -> Option<Fix> {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let plus = line_start + text[line_start..].find('+')?;
    let (marker, start) = marker_at(text, plus)?;
    let Value::OneOf(words) = registry::lookup(&marker.name)?.value else {
        return None;
    };
    let value_span = marker.value_span.clone()?;
    let value = marker.value.as_deref()?.trim();
    if written.trim() != value && !written.is_empty() && !value.contains(written.trim()) {
        return None;
    }
    let (distance, word) = words
        .iter()
        .map(|word| {
            (
                strsim::levenshtein(&value.to_lowercase(), &word.to_lowercase()),
                *word,
            )
        })
        .min()?;
    if distance > 2 || value.is_empty() {
        return None;
    }
    let range = start + value_span.start..start + value_span.start + value.len();
    Some(Fix {
        title: format!("Replace `{value}` with `{word}`"),
        edits: vec![(range, word.to_string())],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omitempty_is_added_once() {
        let text = "X *T `json:\"x\" yaml:\"x\"`";
        let tag = text.find('`').unwrap()..text.len();
        let (at, added) = omitempty(text, tag).unwrap();
        assert_eq!(&text[..at.start], "X *T `json:\"x");
        assert_eq!(added, ",omitempty");
        let done = "X *T `json:\"x,omitempty\"`";
        assert!(omitempty(done, 5..done.len()).is_none());
        let skipped = "X *T `json:\"-\"`";
        assert!(omitempty(skipped, 5..skipped.len()).is_none());
    }
}
