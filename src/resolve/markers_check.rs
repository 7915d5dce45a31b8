//! Marker hygiene on input packages: malformed known markers, markers in the wrong place,
//! unknown markers that look like typos of known ones.

use super::universe::LoadedPackage;
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::{self, Kind, MarkerDef, Place, Value};
use crate::syntax::{Doc, SpannedMarker, TypeExpr};

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
            // Written after a field and read by no tool: a warning, since both tools accept
            // the file (controller-gen ignores the comment; gengo gives it to a field on the
            // next line, and there is none, or the marker is controller-gen's).
            for trailing in &decls.trailing_markers {
                if known(&trailing.marker.name).is_some()
                    || trailing.marker.name.starts_with("kubebuilder:")
                {
                    let mut diagnostic = Diagnostic::new(
                        Code::MarkerMisplaced,
                        trailing.span.clone(),
                        format!(
                            "`+{}` is written after the field, where no tool reads it",
                            trailing.marker.name
                        ),
                    )
                    .with_help(format!(
                        "move `// +{}` to its own line above the field it is meant for",
                        trailing.marker.name
                    ));
                    diagnostic.severity = crate::diag::Severity::Warning;
                    diagnostics.push(diagnostic);
                }
            }
        }
    }
}

/// A marker of the registry, or one a union family defines itself; not controller-gen's value
/// markers, which only `validate --packages` reads (and checks, `kubebuilder/invalid`).
fn known(name: &str) -> Option<&'static MarkerDef> {
    if registry::Kind::from_name(name).is_some_and(registry::Kind::validate_only) {
        return None;
    }
    registry::lookup(name).or_else(|| {
        super::unions::family_markers()
            .iter()
            .copied()
            .find(|d| d.name == name)
    })
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
        if known(name).is_some() {
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
        if let Some(def) = known(&marker.marker.name) {
            check_placement(marker, def, place, diagnostics);
            check_value(marker, def, diagnostics);
        } else if registry::UNINTERPRETED_WRAPPERS.contains(&marker.marker.name.as_str()) {
            report_item_union(marker, diagnostics);
        } else if place != Place::Package {
            suggest_similar(marker, diagnostics);
        }
    }
}

/// A union member marker under `+k8s:eachVal=` / `+k8s:eachKey=`: validation-gen itself fails
/// ("list-item union member has no list selector in context"), so that is an error. (Under
/// `+k8s:item(…)=` and `+k8s:subfield(…)=`, registry rows, union families read it.)
fn report_item_union(marker: &SpannedMarker, diagnostics: &mut Vec<Diagnostic>) {
    let m = &marker.marker;
    let payload = m.value.as_deref().unwrap_or("").trim_start();
    let member = [Kind::K8sUnionMember, Kind::K8sZeroOrOneOfMember]
        .into_iter()
        .map(|kind| kind.name())
        .find(|name| {
            payload
                .strip_prefix('+')
                .and_then(|p| p.strip_prefix(name))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['(', ' ', '=']))
        });
    let Some(member) = member else { return };
    let wrapper = m.name.as_str();
    diagnostics.push(
        Diagnostic::new(
            Code::MarkerMisplaced,
            marker.span.clone(),
            format!(
                "`+{wrapper}=+{member}`: a union member needs a field or a list item to select, \
                 and validation-gen fails here (\"list-item union member has no list selector \
                 in context\")"
            ),
        )
        .with_help("select the items with `+k8s:item(key: \"value\")=` instead"),
    );
}

fn check_placement(
    marker: &SpannedMarker,
    def: &registry::MarkerDef,
    place: Place,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if !def.placement.misplaced(place) {
        return;
    }
    let name = def.name;
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

/// Checks a value against its marker's [`Value`] grammar (the grammars not checked here are
/// read leniently where they are used, as the tools that own them do).
fn check_value(
    marker: &SpannedMarker,
    def: &registry::MarkerDef,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let m = &marker.marker;
    let (allowed, one_word) = match def.value {
        Value::OneOf(allowed) => (allowed, true),
        Value::Words(allowed) => (allowed, false),
        Value::JsonOrRef => {
            if let Some(value) = &m.value {
                let is_ref = value.starts_with("ref(") && value.ends_with(')');
                if !is_ref && registry::json_nesting(value) > crate::limits::DEFAULT_NESTING {
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
        Value::None
        | Value::Text
        | Value::MemberValue
        | Value::Args(_)
        | Value::List
        | Value::Payload => return,
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
    let parts: Vec<&str> = if one_word {
        vec![value.as_str()]
    } else {
        value.split(',').collect()
    };
    for part in parts {
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

thread_local! {
    // Real trees repeat the same few unknown names (other generators' markers) thousands of times.
    static SIMILAR: std::cell::RefCell<crate::resolve::hash::HashMap<String, Option<&'static str>>> =
        std::cell::RefCell::new(crate::resolve::hash::HashMap::default());
}

fn suggest_similar(marker: &SpannedMarker, diagnostics: &mut Vec<Diagnostic>) {
    let name = marker.marker.name.as_str();
    let known = SIMILAR.with(|cache| {
        *cache
            .borrow_mut()
            .entry(name.to_string())
            .or_insert_with(|| registry::similar_known(name))
    });
    let Some(known) = known else { return };
    // A misspelt union marker silently changes the union: say what is lost.
    let message = if registry::Kind::from_name(known).is_some_and(|k| k.def().is_union()) {
        format!(
            "unknown marker `+{name}` is ignored, so what `+{known}` would declare is not part \
             of any union"
        )
    } else {
        format!("unknown marker `+{name}`")
    };
    diagnostics.push(
        Diagnostic::new(Code::MarkerUnknownSimilar, marker.span.clone(), message)
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
