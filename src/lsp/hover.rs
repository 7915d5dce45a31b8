//! Hover: what a marker means and which tools read it; an enum type's values; a union's
//! members, discriminator values and `--cel` rule; the schema a type or field becomes; and
//! the long explanation of a finding under the cursor.

use std::fmt::Write as _;

use serde_json::Value;

use super::lookup::{self, Owner, Target};
use super::workspace::Snapshot;
use crate::emit::{self, Format, Info, Version};
use crate::load::LoadedPackage;
use crate::markers::registry::{self, Family, Place, Placement};
use crate::markers::{meaning, validation};
use crate::model::{
    Count, Definition, DefinitionBody, EnumValue, Property, PropertyType, StructDef, TypeName,
    Union,
};
use crate::schema;
use crate::syntax::{Field, SpannedMarker, TypeDecl};

/// The most schema text a hover shows: a kind's whole schema with every description
/// (core/v1's `PodSpec`) is far longer than a hover can usefully hold.
const SCHEMA_BYTES: usize = 16 * 1024;

/// Markdown for the position `offset` of file `path`, if there is anything to say.
pub fn hover(snapshot: &Snapshot, path: &std::path::Path, offset: usize) -> Option<String> {
    let (package, file) = snapshot.file(path)?;
    let mut sections = Vec::new();
    match lookup::at(&file.decls, offset) {
        Some(Target::Marker {
            marker,
            place,
            owner,
        }) => {
            sections.push(marker_text(marker, place));
            if let Owner::Type(decl) = owner {
                if marker.marker.name == "enum" || marker.marker.name == "k8s:enum" {
                    sections.extend(enum_text(snapshot, &type_name(package, decl)));
                }
            }
        }
        Some(Target::Type(decl)) => sections.extend(type_text(snapshot, package, decl)),
        Some(Target::Field(decl, path)) => {
            sections.extend(field_text(snapshot, package, decl, &path))
        }
        None => {}
    }
    sections.extend(explanations(snapshot, file.id, offset));
    (!sections.is_empty()).then(|| sections.join("\n\n---\n\n"))
}

fn type_name(package: &LoadedPackage, decl: &TypeDecl) -> TypeName {
    TypeName {
        package: package.import_path.clone(),
        name: decl.name.clone(),
    }
}

/// The `explain` text of each finding whose place holds the offset.
fn explanations(snapshot: &Snapshot, file: crate::source::FileId, offset: usize) -> Vec<String> {
    let mut codes: Vec<crate::diag::Code> = snapshot
        .diagnostics
        .iter()
        .filter(|d| {
            d.primary.as_ref().is_some_and(|span| {
                span.file == file && (span.start as usize) <= offset && offset <= span.end as usize
            })
        })
        .map(|d| d.code)
        .collect();
    codes.sort();
    codes.dedup();
    codes
        .into_iter()
        .map(|code| {
            format!(
                "**`{}`**\n\n```text\n{}```",
                code.as_str(),
                code.explanation()
            )
        })
        .collect()
}

fn marker_text(marker: &SpannedMarker, place: Place) -> String {
    let name = &marker.marker.name;
    let mut text = format!("**`+{name}`**");
    match registry::Kind::from_name(name) {
        Some(kind) => {
            let def = kind.def();
            let _ = write!(
                text,
                ": {}\n\nRead by {}.",
                meaning::meaning(kind).unwrap_or(def.family.describe()),
                meaning::readers(def.family)
            );
            let grammar = meaning::grammar(def.value);
            let _ = write!(
                text,
                " Written `+{name}{grammar}`, on {}.",
                where_(def.placement)
            );
            if def.placement.misplaced(place) {
                let _ = write!(text, " It has no meaning here.");
            }
        }
        None if name.starts_with(&validation::PREFIX[1..]) => {
            let key = &name[validation::PREFIX.len() - 1..];
            let _ = write!(
                text,
                ": a value validation: `{key}` in the schema (`+k8s:validation:<key>=<JSON>`).\n\nRead by {}.",
                meaning::readers(Family::OpenApiGen)
            );
        }
        None => {
            let _ = write!(
                text,
                ": not a marker union-gen reads (another generator's, or a typo: no check \
                 applies to it)."
            );
            if let Some(known) = registry::similar_known(name) {
                let _ = write!(text, " Did you mean `+{known}`?");
            }
        }
    }
    if let Some(gate) = marker.marker.gates.first() {
        let _ = write!(
            text,
            "\n\nBehind the gate `+{}`: checked like the marker itself, but it never changes \
             the schema.",
            gate.name
        );
    }
    text
}

fn where_(placement: Placement) -> &'static str {
    match placement {
        Placement::Type => "a type",
        Placement::Field => "a struct field",
        Placement::TypeOrField => "a type or a field",
        Placement::Package => "the package clause",
    }
}

/// The values of an enum type, as its schemas list them.
fn enum_text(snapshot: &Snapshot, name: &TypeName) -> Option<String> {
    let enums = snapshot.enums();
    let values = enums.values.get(name)?;
    let source = if enums.explicit.contains(name) {
        "its `+kubebuilder:validation:Enum` list"
    } else {
        "its constants"
    };
    Some(format!(
        "**enum `{}`**: {} values, from {source}:\n{}",
        name.name,
        values.len(),
        values_list(values)
    ))
}

fn values_list(values: &[EnumValue]) -> String {
    if values.is_empty() {
        return "(none)".to_string();
    }
    values
        .iter()
        .map(|value| {
            let doc = value.doc.lines().next().unwrap_or("").trim();
            if doc.is_empty() {
                format!("- `{}`", json_text(&value.value))
            } else {
                format!("- `{}`: {doc}", json_text(&value.value))
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn json_text(value: &str) -> String {
    Value::String(value.to_string()).to_string()
}

fn definition<'s>(snapshot: &'s Snapshot, name: &TypeName) -> Option<&'s Definition> {
    let definitions = &snapshot.analysis.model.definitions;
    definitions
        .binary_search_by(|d| d.name.cmp(name))
        .ok()
        .map(|index| &definitions[index])
}

fn type_text(snapshot: &Snapshot, package: &LoadedPackage, decl: &TypeDecl) -> Vec<String> {
    let name = type_name(package, decl);
    let mut sections = Vec::new();
    sections.extend(enum_text(snapshot, &name));
    if let Some(definition) = definition(snapshot, &name) {
        if let DefinitionBody::Struct(def) = &definition.body {
            sections.extend(unions_text(snapshot, def, &definition.name, None));
        }
        sections.extend(schema_section(snapshot, definition, &[]));
    } else if sections.is_empty() {
        sections.push(format!(
            "`{name}` is no OpenAPI definition: a non-struct type is written inline where a \
             field uses it, and a struct only when an input type reaches it."
        ));
    }
    sections
}

fn field_text(
    snapshot: &Snapshot,
    package: &LoadedPackage,
    decl: &TypeDecl,
    path: &[&Field],
) -> Vec<String> {
    let mut sections = Vec::new();
    let Some(definition) = definition(snapshot, &type_name(package, decl)) else {
        return sections;
    };
    let DefinitionBody::Struct(def) = &definition.body else {
        return sections;
    };
    let mut def: &StructDef = def;
    let mut json_path = Vec::new();
    let mut property: Option<&Property> = None;
    for (depth, field) in path.iter().enumerate() {
        let Some(json) = lookup::json_name(field) else {
            return sections;
        };
        let Some(found) = def.properties.iter().find(|p| p.json_name == json) else {
            return sections;
        };
        json_path.push(json);
        property = Some(found);
        if depth + 1 < path.len() {
            match &found.ty {
                PropertyType::Object(inner) => def = inner.as_ref(),
                _ => return sections,
            }
        }
    }
    let Some(property) = property else {
        return sections;
    };
    if let Some((values, origin)) = enum_values(&property.ty) {
        sections.push(format!(
            "**`{}`** takes the values of enum `{}`:\n{}",
            property.json_name,
            origin,
            values_list(values)
        ));
    }
    if path.len() == 1 {
        sections.extend(unions_text(
            snapshot,
            def,
            &definition.name,
            Some(&property.json_name),
        ));
    }
    sections.extend(schema_section(snapshot, definition, &json_path));
    sections
}

/// The enum values of a property's type (through lists and maps), with the type they come from.
fn enum_values(ty: &PropertyType) -> Option<(&[EnumValue], String)> {
    match ty {
        PropertyType::Enum(values, origin) => Some((values, origin.type_name.name.clone())),
        PropertyType::ExplicitEnum(values, _) => {
            Some((values, "`+kubebuilder:validation:Enum`".to_string()))
        }
        PropertyType::Array(inner) | PropertyType::Map(inner) => enum_values(inner),
        _ => None,
    }
}

/// The unions of a struct (those `field` takes part in, when given): count, discriminator,
/// members and their values, and the CEL rule `--cel` writes on the struct.
fn unions_text(
    snapshot: &Snapshot,
    def: &StructDef,
    name: &TypeName,
    field: Option<&str>,
) -> Option<String> {
    let unions: Vec<&Union> = def
        .unions
        .iter()
        .filter(|u| {
            field.is_none_or(|f| {
                u.discriminator.as_deref() == Some(f) || u.members.iter().any(|m| m.json_name == f)
            })
        })
        .collect();
    if unions.is_empty() {
        return None;
    }
    let mut text = String::new();
    for union in unions {
        let count = match union.count {
            Count::ExactlyOne => "exactly one member is set",
            Count::AtMostOne => "at most one member is set",
            Count::AtLeastOne => "at least one member is set",
        };
        let _ = write!(text, "**union**: {count}");
        match &union.discriminator {
            Some(discriminator) => {
                let _ = writeln!(text, ", discriminator `{discriminator}`\n");
                let _ = writeln!(text, "| member | discriminator value |\n|---|---|");
                for member in &union.members {
                    let _ = writeln!(
                        text,
                        "| `{}`{}{} | `{}` |",
                        member.json_name,
                        if member.optional { " (optional)" } else { "" },
                        if member.gated { " (gated)" } else { "" },
                        json_text(&member.value)
                    );
                }
                for value in &union.empty_values {
                    let _ = writeln!(text, "| (none) | `{}` |", json_text(value));
                }
            }
            None => {
                let members: Vec<String> = union
                    .members
                    .iter()
                    .map(|m| format!("`{}`", m.json_name))
                    .collect();
                let _ = writeln!(text, ": {}", members.join(", "));
            }
        }
        if let Some(items) = &union.items {
            let _ = writeln!(text, "\nMembers are items of the list `{}`.", items.list);
        }
        if union.gated {
            let _ = writeln!(
                text,
                "\nA marker is behind a feature gate: no rule enforces it."
            );
        }
        text.push('\n');
    }
    let held = |held: &TypeName| match definition(snapshot, held).map(|d| &d.body) {
        Some(DefinitionBody::Struct(def)) => Some(def),
        _ => None,
    };
    let plan = schema::cel::struct_plan(def, &held);
    if plan.rules.is_empty() && plan.findings.is_empty() {
        return Some(text);
    }
    let _ = writeln!(text, "CEL rules `--cel` writes on `{}`:", name.name);
    for rule in &plan.rules {
        let _ = writeln!(
            text,
            "```cel\n{}\n```\nmessage: {}",
            rule.rule,
            json_text(&rule.message)
        );
    }
    for finding in &plan.findings {
        // Only the sentence is shown: the place is the hover's.
        let span = crate::source::Span::new(crate::source::FileId(0), 0..0);
        let _ = writeln!(text, "- {}", finding.diagnostic(&name.name, span).message);
    }
    Some(text)
}

/// The schema of a definition (or of the property at `json_path` inside it) as JSON, in the
/// OpenAPI v3 document's form. The CRD flavour (controller-gen's inline schema) belongs here
/// as a second form once `schema/` builds it.
fn schema_section(
    snapshot: &Snapshot,
    definition: &Definition,
    json_path: &[String],
) -> Option<String> {
    let mut value = definition_json(snapshot, definition)?;
    for json in json_path {
        value = value.get("properties")?.get(json)?.clone();
    }
    let mut text = serde_json::to_string_pretty(&value).ok()?;
    if text.len() > SCHEMA_BYTES {
        let mut end = SCHEMA_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push_str("\n… (cut: `union-gen generate` writes the whole schema)");
    }
    let what = match json_path.last() {
        Some(field) => format!("`{field}`"),
        None => format!(
            "`{}`",
            schema::model_definition_name(definition, snapshot.naming)
        ),
    };
    Some(format!(
        "OpenAPI v3 schema of {what}:\n```json\n{text}\n```"
    ))
}

fn definition_json(snapshot: &Snapshot, definition: &Definition) -> Option<Value> {
    let key = schema::model_definition_name(definition, snapshot.naming);
    let built = snapshot.schemas();
    let index = built
        .definitions
        .binary_search_by(|(name, _)| name.as_str().cmp(&key))
        .ok()?;
    let one = vec![built.definitions[index].clone()];
    let info = Info {
        title: String::new(),
        version: String::new(),
    };
    let bytes = emit::to_bytes(&one, Version::V3, &info, Format::Json);
    let document: Value = serde_json::from_slice(&bytes).ok()?;
    document
        .get("components")?
        .get("schemas")?
        .get(&key)
        .cloned()
}
