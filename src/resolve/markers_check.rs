//! Marker hygiene on input packages: malformed known markers, markers in the wrong place,
//! unknown markers that look like typos of known ones.

use super::universe::LoadedPackage;
use crate::diag::{Code, Diagnostic};
use crate::markers::edit_distance;
use crate::syntax::{Doc, SpannedMarker, TypeExpr};

/// Markers this tool interprets.
pub const KNOWN_MARKERS: &[&str] = &[
    "enum",
    "k8s:enum",
    "optional",
    "required",
    "k8s:optional",
    "k8s:required",
    "default",
    "listType",
    "listMapKey",
    "mapType",
    "structType",
    "patchStrategy",
    "patchMergeKey",
    "union",
    "unionDiscriminator",
    "unionDeprecated",
    "unionMember",
    "unionDiscriminatedBy",
    "k8s:unionMember",
    "k8s:unionDiscriminator",
    "k8s:zeroOrOneOfMember",
    "kubebuilder:validation:Enum",
    "k8s:openapi-gen",
    "k8s:listType",
    "k8s:listMapKey",
];

/// Markers only meaningful on a type.
const TYPE_ONLY: &[&str] = &["enum", "k8s:enum", "union"];
/// Markers only meaningful on a field.
const FIELD_ONLY: &[&str] = &[
    "unionDiscriminator",
    "unionDeprecated",
    "unionMember",
    "unionDiscriminatedBy",
    "k8s:unionMember",
    "k8s:unionDiscriminator",
    "k8s:zeroOrOneOfMember",
    "listMapKey",
    "patchStrategy",
    "patchMergeKey",
];

#[derive(Clone, Copy, PartialEq)]
enum Place {
    Package,
    Type,
    Field,
    Const,
}

pub fn check(packages: &[LoadedPackage], diagnostics: &mut Vec<Diagnostic>) {
    for package in packages.iter().filter(|p| p.is_input) {
        for file in &package.files {
            let decls = &file.decls;
            check_doc(&decls.package_doc, Place::Package, diagnostics);
            for ty in &decls.types {
                check_doc(&ty.doc, Place::Type, diagnostics);
                check_doc(&ty.detached_doc, Place::Type, diagnostics);
                if let TypeExpr::Struct(fields) = &ty.ty {
                    check_fields(fields, diagnostics);
                }
            }
            for spec in &decls.consts {
                check_doc(&spec.doc, Place::Const, diagnostics);
            }
            for trailing in &decls.trailing_markers {
                if KNOWN_MARKERS.contains(&trailing.marker.name.as_str()) {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::MarkerMisplaced,
                            trailing.span.clone(),
                            format!("`+{}` is written after the field; markers belong in the doc comment above it", trailing.marker.name),
                        )
                        .with_help(format!("move `// +{}` to its own line above the field", trailing.marker.name)),
                    );
                }
            }
        }
    }
}

fn check_fields(fields: &[crate::syntax::Field], diagnostics: &mut Vec<Diagnostic>) {
    for field in fields {
        check_doc(&field.doc, Place::Field, diagnostics);
        if let TypeExpr::Struct(inner) = &field.ty {
            check_fields(inner, diagnostics);
        }
    }
}

fn check_doc(doc: &Doc, place: Place, diagnostics: &mut Vec<Diagnostic>) {
    for (error, span) in &doc.malformed {
        let Some(name) = &error.name else { continue };
        if KNOWN_MARKERS.contains(&name.as_str()) {
            diagnostics.push(
                Diagnostic::new(
                    Code::MarkerMalformed,
                    span.clone(),
                    format!("malformed `+{name}` marker: {}", error.message),
                )
                .with_help("see `union-gen explain marker/malformed` for the accepted syntax"),
            );
        }
    }
    for marker in &doc.markers {
        let name = marker.marker.name.as_str();
        if KNOWN_MARKERS.contains(&name) {
            check_placement(marker, place, diagnostics);
            check_value(marker, diagnostics);
        } else if place != Place::Package {
            suggest_similar(marker, diagnostics);
        }
    }
}

fn check_placement(marker: &SpannedMarker, place: Place, diagnostics: &mut Vec<Diagnostic>) {
    let name = marker.marker.name.as_str();
    let wrong = match place {
        Place::Field => TYPE_ONLY.contains(&name),
        Place::Type => FIELD_ONLY.contains(&name),
        Place::Const => TYPE_ONLY.contains(&name) || FIELD_ONLY.contains(&name),
        Place::Package => false,
    };
    if !wrong {
        return;
    }
    let (here, belongs) = match place {
        Place::Field => ("a field", "the type declaration"),
        Place::Type => ("a type", "a field of the struct"),
        _ => ("a constant", "a type or a field"),
    };
    diagnostics.push(
        Diagnostic::new(
            Code::MarkerMisplaced,
            marker.span.clone(),
            format!("`+{name}` has no meaning on {here}"),
        )
        .with_help(format!("`+{name}` belongs on {belongs}")),
    );
}

/// The deepest nesting of `[`/`{` in a JSON text, outside strings (no parse, no recursion).
pub fn json_nesting(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for byte in text.bytes() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

fn check_value(marker: &SpannedMarker, diagnostics: &mut Vec<Diagnostic>) {
    let m = &marker.marker;
    let allowed: &[&str] = match m.name.as_str() {
        "listType" | "k8s:listType" => &["atomic", "set", "map"],
        "mapType" | "structType" => &["atomic", "granular"],
        "patchStrategy" => &["merge", "retainKeys", "replace"],
        "default" => {
            if let Some(value) = &m.value {
                let is_ref = value.starts_with("ref(") && value.ends_with(')');
                if !is_ref && json_nesting(value) > crate::limits::DEFAULT_NESTING {
                    let span = marker.value_or_marker_span();
                    diagnostics.push(
                        Diagnostic::new(
                            Code::MarkerMalformed,
                            span,
                            format!(
                                "`+default=` nests arrays and objects deeper than {} levels",
                                crate::limits::DEFAULT_NESTING
                            ),
                        )
                        .with_help("a default is a JSON value embedded in the schema; flatten it"),
                    );
                    return;
                }
                if !is_ref && serde_json::from_str::<serde_json::Value>(value).is_err() {
                    let span = marker.value_or_marker_span();
                    diagnostics.push(
                        Diagnostic::new(Code::MarkerMalformed, span, format!("`+default={value}` is not a JSON value"))
                            .with_help("write the default as JSON (`+default=\"text\"`, `+default=3`) or `+default=ref(ConstName)`"),
                    );
                }
            }
            return;
        }
        _ => return,
    };
    let Some(value) = &m.value else {
        diagnostics.push(
            Diagnostic::new(
                Code::MarkerMalformed,
                marker.span.clone(),
                format!("`+{}` needs a value", m.name),
            )
            .with_help(format!("write `+{}={}`", m.name, allowed[0])),
        );
        return;
    };
    for part in value.split(',') {
        if !allowed.contains(&part.trim()) {
            let span = marker.value_or_marker_span();
            diagnostics.push(
                Diagnostic::new(
                    Code::MarkerMalformed,
                    span,
                    format!("`{}` is not a valid value of `+{}`", part.trim(), m.name),
                )
                .with_help(format!("valid values: {}", allowed.join(", "))),
            );
        }
    }
}

/// Names used by other generators; never suggested against.
const OTHER_TOOLS_PREFIXES: &[&str] = &[
    "genclient",
    "kubebuilder:",
    "k8s:",
    "groupName",
    "versionName",
    "protobuf",
    "featureGate",
    "listType",
];

/// The known marker an unknown name is probably a typo of.
fn similar_known(name: &str) -> Option<&'static str> {
    if name.len() < 5 {
        return None;
    }
    let (_, known) = KNOWN_MARKERS
        .iter()
        .filter(|known| known.len() >= 5 && known.len().abs_diff(name.len()) <= 2)
        .map(|known| (edit_distance(name, known), *known))
        .filter(|(distance, _)| *distance <= 2)
        .min()?;
    // A `k8s:` name close to another `k8s:` name is usually a different, real marker.
    if name.starts_with("k8s:") && !known.starts_with("k8s:") {
        return None;
    }
    if OTHER_TOOLS_PREFIXES.iter().any(|p| name.starts_with(p)) && !known.starts_with("k8s:") {
        return None;
    }
    Some(known)
}

thread_local! {
    // Real trees repeat the same few unknown names (other generators' markers) thousands of times.
    static SIMILAR: std::cell::RefCell<std::collections::HashMap<String, Option<&'static str>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn suggest_similar(marker: &SpannedMarker, diagnostics: &mut Vec<Diagnostic>) {
    let name = marker.marker.name.as_str();
    let known = SIMILAR.with(|cache| {
        *cache
            .borrow_mut()
            .entry(name.to_string())
            .or_insert_with(|| similar_known(name))
    });
    let Some(known) = known else { return };
    diagnostics.push(
        Diagnostic::new(
            Code::MarkerUnknownSimilar,
            marker.span.clone(),
            format!("unknown marker `+{name}`"),
        )
        .with_help(format!("did you mean `+{known}`?")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 100-deep `+default=` JSON value made the YAML output empty (see emit); defaults
    /// deeper than crate::limits::DEFAULT_NESTING are malformed.
    #[test]
    fn deep_default_values_are_malformed() {
        assert_eq!(json_nesting(r#"{"a": [1, {"b": "[[[["}], "c\\\"[": 2}"#), 3);
        let deep = format!("{}{}", "[".repeat(65), "]".repeat(65));
        let text = format!(
            "package p\n\ntype T struct {{\n\t// +default={deep}\n\t// +optional\n\tA []string `json:\"a\"`\n}}\n"
        );
        let (_, diagnostics) = crate::resolve::tests::resolve_text(&text);
        assert_eq!(
            crate::resolve::tests::codes(&diagnostics),
            vec![Code::MarkerMalformed]
        );
    }
}
