//! Completion in marker comments: marker names after `// +` (with their value grammar), and
//! values after `=`: a marker's words (`+listType=`), the enum values of the field or type
//! (`+default=`, `+kubebuilder:default=`), the discriminator values of the union a member is
//! in (`+unionMember=`), the union members' values on a discriminator (`+default=`).

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, Range, TextEdit,
};

use super::lookup::{self, Owner};
use super::text::LineIndex;
use super::workspace::Snapshot;
use crate::markers::registry::{Family, Kind, Placement, Value, KINDS};
use crate::markers::{meaning, validation};
use crate::model::{DefinitionBody, PropertyType, StructDef, TypeName};

/// What is being typed on a marker line.
enum Typing<'t> {
    /// `// +na|`: the name so far.
    Name(&'t str),
    /// `// +name=va|`: the marker's name and the value so far (after the last list separator).
    Value { name: &'t str, value: &'t str },
}

/// Completions at byte `offset` of `text` (the buffer); `snapshot` is its analysis.
pub fn complete(
    snapshot: Option<&Snapshot>,
    path: &std::path::Path,
    text: &str,
    offset: usize,
) -> Vec<CompletionItem> {
    let index = LineIndex::new(text);
    let (line_start, _) = index.line_at(offset);
    let Some(before) = text.get(line_start..offset) else {
        return Vec::new();
    };
    let Some(typing) = typing(before) else {
        return Vec::new();
    };
    let owner = snapshot.and_then(|s| {
        let (package, file) = s.file(path)?;
        Some((s, package, lookup::doc_owner(&file.decls, offset)?))
    });
    match typing {
        Typing::Name(typed) => {
            let range = index.range(offset - typed.len()..offset);
            let placement = owner.as_ref().map(|(_, _, owner)| owner.clone());
            names(range, placement.as_ref())
        }
        Typing::Value { name, value } => {
            let range = index.range(offset - value.len()..offset);
            let words = match owner {
                Some((snapshot, package, owner)) => {
                    values(snapshot, &package.import_path, &owner, name)
                }
                None => Vec::new(),
            };
            let mut words = words;
            if let Some(kind) = Kind::from_name(name) {
                if let Value::OneOf(list) | Value::Words(list) = kind.def().value {
                    words.extend(list.iter().map(|w| (w.to_string(), String::new())));
                }
            }
            words
                .into_iter()
                .map(|(word, detail)| CompletionItem {
                    label: word.clone(),
                    kind: Some(CompletionItemKind::VALUE),
                    detail: (!detail.is_empty()).then_some(detail),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, word))),
                    ..CompletionItem::default()
                })
                .collect()
        }
    }
}

fn typing(before: &str) -> Option<Typing<'_>> {
    let comment = before.trim_start().strip_prefix("//")?;
    let marker = comment.trim_start_matches([' ', '\t']).strip_prefix('+')?;
    if marker.contains('(') || marker.contains(char::is_whitespace) {
        return None;
    }
    match marker.split_once('=') {
        None => Some(Typing::Name(marker)),
        Some((name, value)) => {
            let name = name.strip_suffix(':').unwrap_or(name);
            let value = value.rsplit([';', ',']).next().unwrap_or(value);
            let value = value.strip_prefix('{').unwrap_or(value);
            Some(Typing::Value { name, value })
        }
    }
}

/// Every marker name, those that belong where the comment is first.
fn names(range: Range, owner: Option<&Owner>) -> Vec<CompletionItem> {
    let fits = |placement: Placement| match (owner, placement) {
        (None, _) | (_, Placement::TypeOrField) => true,
        (Some(Owner::Package), p) => p == Placement::Package,
        (Some(Owner::Type(_)), p) => p == Placement::Type,
        (Some(Owner::Field(..)), p) => p == Placement::Field,
        (Some(Owner::Const), _) => false,
    };
    let mut items: Vec<CompletionItem> = KINDS
        .iter()
        .map(|&kind| {
            let def = kind.def();
            let rank = match (
                fits(def.placement),
                def.family == Family::ControllerGenValue,
            ) {
                (true, false) => 0,
                (true, true) => 1,
                (false, _) => 2,
            };
            let about = format!(
                "{}\n\nRead by {}.",
                meaning::meaning(kind).unwrap_or(def.family.describe()),
                meaning::readers(def.family)
            );
            item(
                range,
                def.name,
                format!("+{}{}", def.name, meaning::grammar(def.value)),
                about,
                rank,
            )
        })
        .collect();
    for key in validation::KNOWN_KEYS {
        let name = format!("{}{key}", &validation::PREFIX[1..]);
        let about = format!(
            "A value validation: `{key}` in the schema.\n\nRead by {}.",
            meaning::readers(Family::OpenApiGen)
        );
        items.push(item(range, &name, format!("+{name}=<JSON>"), about, 1));
    }
    items
}

fn item(range: Range, name: &str, detail: String, about: String, rank: u8) -> CompletionItem {
    CompletionItem {
        label: name.to_string(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail),
        documentation: Some(Documentation::MarkupContent(MarkupContent {
            kind: MarkupKind::Markdown,
            value: about,
        })),
        sort_text: Some(format!("{rank}{name}")),
        filter_text: Some(name.to_string()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            range,
            name.to_string(),
        ))),
        ..CompletionItem::default()
    }
}

/// Values for marker `name` where the comment is (a field or a type), with a detail each.
fn values(snapshot: &Snapshot, package: &str, owner: &Owner, name: &str) -> Vec<(String, String)> {
    let quoted = |value: &str| serde_json::Value::String(value.to_string()).to_string();
    match (owner, Kind::from_name(name)) {
        (Owner::Field(decl, path), Some(kind @ (Kind::Default | Kind::KbDefault))) => {
            field_defaults(snapshot, package, decl, path, kind == Kind::Default)
        }
        (
            Owner::Type(decl),
            Some(kind @ (Kind::Default | Kind::KbDefault | Kind::KubebuilderEnum)),
        ) => {
            let name = TypeName {
                package: package.to_string(),
                name: decl.name.clone(),
            };
            let values: Vec<String> = snapshot
                .enums()
                .values
                .get(&name)
                .map(|values| values.iter().map(|v| v.value.clone()).collect())
                .unwrap_or_default();
            match kind {
                Kind::KubebuilderEnum if !values.is_empty() => {
                    vec![(values.join(";"), "the type's constants".to_string())]
                }
                Kind::Default => values
                    .iter()
                    .map(|v| (quoted(v), "enum value".to_string()))
                    .collect(),
                _ => values
                    .into_iter()
                    .map(|v| (v, "enum value".to_string()))
                    .collect(),
            }
        }
        (Owner::Field(decl, path), Some(Kind::UnionMember)) => {
            member_values(snapshot, package, decl, path)
        }
        (Owner::Field(decl, _), Some(Kind::UnionDiscriminatedBy)) => {
            let crate::syntax::TypeExpr::Struct(fields) = &decl.ty else {
                return Vec::new();
            };
            fields
                .iter()
                .filter(|f| f.doc.has_marker(Kind::UnionDiscriminator))
                .filter_map(|f| f.names.first())
                .map(|(name, _)| (name.clone(), "a discriminator".to_string()))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// `+default=` (JSON, `json_quoted`) or `+kubebuilder:default=` on a field: the values of
/// the members of the unions it discriminates, and its enum values.
fn field_defaults(
    snapshot: &Snapshot,
    package: &str,
    decl: &crate::syntax::TypeDecl,
    path: &[&crate::syntax::Field],
    json_quoted: bool,
) -> Vec<(String, String)> {
    let Some((def, json)) = field_property(snapshot, package, &decl.name, path) else {
        return Vec::new();
    };
    let mut out: Vec<(String, String)> = Vec::new();
    // A discriminator's values: those of the members of its unions.
    for union in def
        .unions
        .iter()
        .filter(|u| u.discriminator.as_deref() == Some(&json))
    {
        for member in &union.members {
            out.push((
                member.value.clone(),
                format!("selects `{}`", member.json_name),
            ));
        }
        out.extend(
            union
                .empty_values
                .iter()
                .map(|v| (v.clone(), "selects no member".to_string())),
        );
    }
    if let Some(property) = def.properties.iter().find(|p| p.json_name == json) {
        out.extend(
            enum_words(&property.ty)
                .into_iter()
                .map(|v| (v, "enum value".to_string())),
        );
    }
    out.dedup_by(|a, b| a.0 == b.0);
    if json_quoted {
        out.iter_mut()
            .for_each(|(value, _)| *value = serde_json::Value::String(value.clone()).to_string());
    }
    out
}

/// `+unionMember=`: the values of the struct's discriminators that no other member took.
fn member_values(
    snapshot: &Snapshot,
    package: &str,
    decl: &crate::syntax::TypeDecl,
    path: &[&crate::syntax::Field],
) -> Vec<(String, String)> {
    let Some((def, json)) = field_property(snapshot, package, &decl.name, path) else {
        return Vec::new();
    };
    // The discriminators' values no other member has taken.
    let mut out = Vec::new();
    for union in &def.unions {
        let Some(discriminator) = &union.discriminator else {
            continue;
        };
        let Some(property) = def
            .properties
            .iter()
            .find(|p| &p.json_name == discriminator)
        else {
            continue;
        };
        for value in enum_words(&property.ty) {
            let taken = union
                .members
                .iter()
                .any(|m| m.value == value && m.json_name != json);
            if !taken {
                out.push((value, format!("a value of `{discriminator}`")));
            }
        }
    }
    out
}

/// The struct holding the field at `path` of type `type_name`, and the field's JSON name.
fn field_property<'s>(
    snapshot: &'s Snapshot,
    package: &str,
    type_name: &str,
    path: &[&crate::syntax::Field],
) -> Option<(&'s StructDef, String)> {
    let name = TypeName {
        package: package.to_string(),
        name: type_name.to_string(),
    };
    let definitions = &snapshot.analysis.model.definitions;
    let definition = &definitions[definitions.binary_search_by(|d| d.name.cmp(&name)).ok()?];
    let DefinitionBody::Struct(def) = &definition.body else {
        return None;
    };
    let mut def: &StructDef = def;
    let (last, outer) = path.split_last()?;
    for field in outer {
        let json = lookup::json_name(field)?;
        match &def.properties.iter().find(|p| p.json_name == json)?.ty {
            PropertyType::Object(inner) => def = inner.as_ref(),
            _ => return None,
        }
    }
    Some((def, lookup::json_name(last)?))
}

fn enum_words(ty: &PropertyType) -> Vec<String> {
    match ty {
        PropertyType::Enum(values, _) | PropertyType::ExplicitEnum(values, _) => {
            values.iter().map(|v| v.value.clone()).collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_typed() {
        assert!(matches!(typing("\t// +list"), Some(Typing::Name("list"))));
        assert!(matches!(typing("// +"), Some(Typing::Name(""))));
        assert!(matches!(
            typing("  // +listType=se"),
            Some(Typing::Value {
                name: "listType",
                value: "se"
            })
        ));
        assert!(matches!(
            typing("// +kubebuilder:validation:Enum:=A;B"),
            Some(Typing::Value {
                name: "kubebuilder:validation:Enum",
                value: "B"
            })
        ));
        assert!(typing("x := 1 // +a b").is_none());
        assert!(typing("// not a marker").is_none());
    }
}
