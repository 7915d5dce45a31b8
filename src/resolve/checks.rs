//! Field checks and field facts read from markers: `patchStrategy`/`patchMergeKey` tags
//! against markers, `x-kubernetes-list-map-keys`, and the fields lost with an inlined
//! struct whose package was not found.

use super::fields::{self, FlatField};
use super::findings::ResolveFinding;
use super::once::OnceKey;
use super::universe::{GoType, Origin};
use super::Resolver;
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::Kind;
use crate::model::*;
use crate::syntax::Field;

impl<'a> Resolver<'_, 'a> {
    /// An inlined embedded struct whose package was not loaded: its fields are missing from
    /// `owner`'s schema. Said once per embedded type, at its first use, naming the fields
    /// where they are known (the apimachinery types every CRD embeds).
    pub(super) fn report_lost_inline(
        &mut self,
        owner: &TypeName,
        field: &'a Field,
        origin: Origin<'a>,
    ) {
        let GoType::External(name, span) = self.universe.resolve(origin, &field.ty) else {
            return;
        };
        if !self
            .once
            .first(OnceKey::LostInline(name.clone()), self.diagnostics.len())
        {
            return;
        }
        const KNOWN: &[(&str, &str, &str)] = &[
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "TypeMeta",
                "apiVersion, kind",
            ),
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "ListMeta",
                "selfLink, resourceVersion, continue, remainingItemCount",
            ),
            (
                "k8s.io/apimachinery/pkg/apis/meta/v1",
                "ObjectMeta",
                "name, namespace, labels, annotations, and the rest of the object metadata",
            ),
        ];
        let lost = KNOWN
            .iter()
            .find(|(package, type_name, _)| name.package == *package && name.name == *type_name)
            .map_or_else(
                || "its fields are".to_string(),
                |(_, _, fields)| format!("its fields ({fields}) are"),
            );
        let finding = ResolveFinding::InlineNotFound {
            standard_library: crate::modules::is_standard_library(&name.package),
            span,
            owner: owner.name.clone(),
            package: name.package.clone(),
            name: name.name,
            lost,
        };
        self.diagnostics.push(finding.into_diagnostic());
    }

    /// openapi-gen requires the `patchStrategy`/`patchMergeKey` struct tags to equal the markers.
    pub(super) fn check_patch_tags(&mut self, flat: &FlatField<'a>) {
        let field = flat.field;
        for kind in [Kind::PatchStrategy, Kind::PatchMergeKey] {
            let key = kind.name();
            let tag_value = field
                .tag
                .as_deref()
                .and_then(|t| fields::tag_value(t, key))
                .unwrap_or("");
            let marker = field.doc.marker(kind);
            let marker_value = marker.and_then(|m| m.marker.value.as_deref()).unwrap_or("");
            if tag_value == marker_value {
                continue;
            }
            let primary = match (&field.tag_span, marker) {
                (_, Some(m)) => m.span.clone(),
                (Some(span), None) => span.clone(),
                (None, None) => fields::field_span(field),
            };
            let mut diagnostic = Diagnostic::new(
                Code::FieldPatchTagsMismatch,
                primary,
                format!(
                    "field `{}`: marker `+{key}={marker_value}` and struct tag `{key}:\"{tag_value}\"` differ",
                    flat.go_name
                ),
            )
            .with_help(format!("make the `{key}` struct tag and the `+{key}=` marker equal (or remove both)"));
            if let (Some(span), Some(_)) = (&field.tag_span, marker) {
                diagnostic = diagnostic.with_label(span.clone(), "struct tag here");
            }
            // One side missing: openapi-gen fails on it, controller-gen ignores patch tags
            // (custom resources have no strategic merge patch), so only a warning. Two
            // different values are contradictory for every tool: an error.
            if tag_value.is_empty() || marker_value.is_empty() {
                diagnostic.severity = crate::diag::Severity::Warning;
                diagnostic
                    .message
                    .push_str(" (openapi-gen stops on this; controller-gen ignores patch tags)");
            }
            self.diagnostics.push(diagnostic);
        }
    }
}

/// `x-kubernetes-list-map-keys` of a field: its ungated `+listMapKey` markers, in order, or
/// when it has none and is a map list, its ungated `+k8s:listMapKey` ones. openapi-gen reads
/// only the legacy marker; Kubernetes writes both forms on one field (`+listMapKey=name` and
/// `+k8s:listMapKey=name`), which are one fact, not two keys (SPEC §3), and writes
/// `+k8s:listMapKey` alone on atomic lists for validation-gen's `+k8s:unique=map`.
pub(super) fn list_map_keys(doc: &crate::syntax::Doc, list_type: Option<ListType>) -> Vec<String> {
    let keys = |kind: Kind| -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        for marker in fields::schema_markers(doc).filter(|m| m.marker.name == kind.name()) {
            if let Some(value) = &marker.marker.value {
                if !keys.contains(value) {
                    keys.push(value.clone());
                }
            }
        }
        keys
    };
    let legacy = keys(Kind::ListMapKey);
    if legacy.is_empty() && list_type == Some(ListType::Map) {
        keys(Kind::K8sListMapKey)
    } else {
        legacy
    }
}
