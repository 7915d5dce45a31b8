//! Marker hygiene on input packages: malformed known markers, markers in the wrong place,
//! unknown markers that look like typos of known ones.

use super::marker_findings::MarkerFinding;
use super::universe::LoadedPackage;
use crate::diag::Diagnostic;
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
                    let finding = MarkerFinding::Trailing {
                        span: trailing.span.clone(),
                        name: trailing.marker.name.clone(),
                    };
                    diagnostics.push(finding.into_diagnostic());
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
            let finding = MarkerFinding::Malformed {
                span: span.clone(),
                name: name.clone(),
                message: error.message.clone(),
            };
            diagnostics.push(finding.into_diagnostic());
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
    let finding = MarkerFinding::MemberUnderEach {
        span: marker.span.clone(),
        wrapper: m.name.clone(),
        member,
    };
    diagnostics.push(finding.into_diagnostic());
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
    let finding = MarkerFinding::Misplaced {
        span: marker.span.clone(),
        name: def.name,
        place,
    };
    diagnostics.push(finding.into_diagnostic());
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
                    let finding = MarkerFinding::DefaultTooDeep {
                        span,
                        limit: crate::limits::DEFAULT_NESTING,
                    };
                    diagnostics.push(finding.into_diagnostic());
                    return;
                }
                if !is_ref && serde_json::from_str::<serde_json::Value>(value).is_err() {
                    let span = marker.value_or_marker_span();
                    let finding = MarkerFinding::DefaultNotJson {
                        span,
                        value: value.clone(),
                    };
                    diagnostics.push(finding.into_diagnostic());
                }
            }
            return;
        }
        Value::None
        | Value::Text
        | Value::MemberValue
        | Value::Args(_)
        | Value::List
        | Value::Arguments
        | Value::Payload => return,
    };
    let Some(value) = &m.value else {
        let finding = MarkerFinding::MissingValue {
            span: marker.span.clone(),
            name: m.name.clone(),
            example: allowed[0],
        };
        diagnostics.push(finding.into_diagnostic());
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
            let finding = MarkerFinding::InvalidValue {
                span,
                name: m.name.clone(),
                value: part.trim().to_string(),
                allowed,
            };
            diagnostics.push(finding.into_diagnostic());
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
    let finding = MarkerFinding::UnknownSimilar {
        span: marker.span.clone(),
        name: name.to_string(),
        known,
        union: registry::Kind::from_name(known).is_some_and(|k| k.def().is_union()),
    };
    diagnostics.push(finding.into_diagnostic());
}

#[cfg(test)]
mod tests {
    use crate::diag::Code;

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
