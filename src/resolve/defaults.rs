//! A property's default: the `+default` marker of the field or its type chain (`ref(…)`
//! constants, JSON), openapi-gen's enforced zero values, list item and map value defaults,
//! and the JSON form of a field's zero value.

use super::fields::{self, FlatField};
use super::once::OnceKey;
use super::types::primitive;
use super::universe::{GoType, Origin, TypeEntry};
use super::{enums, Resolver};
use crate::diag::{Code, Diagnostic};
use crate::limits::TYPE_DEPTH;
use crate::markers::registry::Kind;
use crate::model::*;
use crate::syntax::{Field, SchemaMethod, SpannedMarker, TypeExpr};

impl<'a> Resolver<'_, 'a> {
    /// `+default=` (field, then the type chain), else openapi-gen's enforced zero value.
    pub(super) fn default_value(
        &mut self,
        flat: &FlatField<'a>,
        ty: &GoType<'a>,
        _optional: bool,
    ) -> Option<DefaultValue> {
        let explicit = self.explicit_default(flat.field, flat.origin, ty);
        let enforced = self.enforced_default(ty.clone(), flat.tag.omitempty, 0);
        match (explicit, enforced) {
            (Some((DefaultValue::Json(json), marker)), Some(zero)) => {
                if !same_json(&json, &zero) {
                    self.report_default_not_zero(flat, marker, &json, &zero);
                }
                Some(DefaultValue::Json(json))
            }
            (Some((DefaultValue::Json(json), ..)), None) => Some(DefaultValue::Json(json)),
            (_, Some(zero)) => Some(zero),
            (explicit, None) => explicit.map(|(value, ..)| value),
        }
    }

    /// kube-openapi before 2026-05-09 (`generateSliceProperty`/`generateMapProperty`): each
    /// list item or map value gets its type's `+default` (through pointers and aliases), else
    /// the enforced zero value of a non-omitempty field of its type; one per nesting level.
    pub(super) fn element_defaults(&mut self, ty: GoType<'a>) -> Vec<Option<DefaultValue>> {
        let mut out = Vec::new();
        let mut next = ty;
        for _ in 0..TYPE_DEPTH {
            let element = match next {
                GoType::Pointer(inner) => {
                    next = *inner;
                    continue;
                }
                GoType::Named(_, entry) if self.universe.struct_of(entry).is_none() => {
                    next = self.universe.resolve(entry.origin, &entry.decl.ty);
                    continue;
                }
                GoType::Slice(inner) | GoType::Array(inner)
                    if !matches!(*inner, GoType::Builtin("byte" | "uint8")) =>
                {
                    *inner
                }
                GoType::Map(_, value) => *value,
                _ => break,
            };
            let explicit = self.type_default(element.clone());
            let enforced = self.enforced_default(element.clone(), false, 0);
            out.push(match (explicit, enforced) {
                (Some(DefaultValue::Json(json)), _) => Some(DefaultValue::Json(json)),
                (_, Some(zero)) => Some(zero),
                (explicit, None) => explicit,
            });
            next = element;
        }
        out
    }

    /// The `+default` of a type chain (the type, then through pointers and named non-struct
    /// types), without diagnostics.
    fn type_default(&mut self, ty: GoType<'a>) -> Option<DefaultValue> {
        // Before 2023-09-01 only the element type's own comment was read.
        let chain =
            crate::kube_openapi_versions::has(crate::kube_openapi_versions::Change::TypeDefault);
        let mut next = ty;
        for _ in 0..TYPE_DEPTH {
            match next {
                GoType::Pointer(_) if !chain => return None,
                GoType::Pointer(inner) => next = *inner,
                GoType::Named(_, entry) => {
                    if let Some(marker) = fields::schema_marker(&entry.decl.doc, Kind::Default) {
                        let value = marker.marker.value.as_deref()?;
                        if let Some((package, name)) = crate::markers::registry::default_ref(value)
                        {
                            return Some(DefaultValue::Const {
                                package: package.unwrap_or(entry.origin.package).to_string(),
                                name: name.to_string(),
                                value: None,
                            });
                        }
                        serde_json::from_str::<serde_json::Value>(value).ok()?;
                        return Some(DefaultValue::Json(value.to_string()));
                    }
                    if !chain || matches!(entry.decl.ty, TypeExpr::Struct(_)) {
                        return None;
                    }
                    next = self.universe.resolve(entry.origin, &entry.decl.ty);
                }
                _ => return None,
            }
        }
        None
    }

    /// openapi-gen's `generateDefault`: a field that is neither a pointer nor `omitempty`
    /// always carries its zero value on the wire, so any other default is an error there.
    fn report_default_not_zero(
        &mut self,
        flat: &FlatField<'a>,
        marker: &'a SpannedMarker,
        json: &str,
        zero: &DefaultValue,
    ) {
        let is_input = |p: &str| self.universe.package(p).is_some_and(|p| p.package.is_input);
        if !is_input(flat.origin.package)
            || !self.once.first(
                OnceKey::Default(marker.span.clone()),
                self.diagnostics.len(),
            )
        {
            return;
        }
        let zero = zero.to_json().unwrap_or_default();
        let field = flat.go_name.as_str();
        let mut diagnostic = Diagnostic::new(
            Code::FieldDefaultNotZero,
            marker.value_or_marker_span(),
            format!(
                "`+default={json}` applies to `{field}`, which is neither a pointer nor \
                 `omitempty`: a Go client always sends it, `{zero}` when unset, so the default \
                 never applies (openapi-gen rejects it)"
            ),
        )
        .with_help(format!(
            "make `{field}` a pointer or add `omitempty` to its JSON tag, or remove the default"
        ));
        // A default read from the field's type: point at the field too.
        if !flat
            .field
            .doc
            .markers
            .iter()
            .any(|m| std::ptr::eq(m, marker))
        {
            diagnostic = diagnostic.with_label(fields::field_span(flat.field), "this field");
        }
        self.diagnostics.push(diagnostic);
    }

    /// The `+default` marker of the field, else of its type chain: the value and the marker.
    fn explicit_default(
        &mut self,
        field: &'a Field,
        origin: Origin<'a>,
        ty: &GoType<'a>,
    ) -> Option<(DefaultValue, &'a SpannedMarker)> {
        let mut doc = &field.doc;
        let mut doc_origin = origin;
        let mut next = ty.clone();
        for _ in 0..TYPE_DEPTH {
            if let Some(marker) = fields::schema_marker(doc, Kind::Default) {
                return self
                    .default_from_marker(marker, doc_origin)
                    .map(|v| (v, marker));
            }
            // Before 2023-09-01 only the field's own `+default` counted.
            if !crate::kube_openapi_versions::has(crate::kube_openapi_versions::Change::TypeDefault)
            {
                return None;
            }
            match next {
                GoType::Pointer(inner) => next = *inner,
                GoType::Named(_, entry) => {
                    doc = &entry.decl.doc;
                    doc_origin = entry.origin;
                    next = if matches!(entry.decl.ty, TypeExpr::Struct(_)) {
                        GoType::Interface
                    } else {
                        self.universe.resolve(entry.origin, &entry.decl.ty)
                    };
                    if let Some(marker) = fields::schema_marker(doc, Kind::Default) {
                        return self
                            .default_from_marker(marker, doc_origin)
                            .map(|v| (v, marker));
                    }
                }
                _ => return None,
            }
        }
        None
    }

    fn default_from_marker(
        &mut self,
        marker: &'a SpannedMarker,
        origin: Origin<'a>,
    ) -> Option<DefaultValue> {
        let value = marker.marker.value.as_deref()?;
        if let Some((package, name)) = crate::markers::registry::default_ref(value) {
            let package = package.unwrap_or(origin.package);
            let problem = match self.universe.package(package) {
                None => match self.searched.get(package) {
                    Some(places) if !places.is_empty() => format!(
                        "package `{package}` was not found (looked in: {})",
                        places.join(", ")
                    ),
                    _ => format!("package `{package}` is not loaded"),
                },
                Some(loaded) => match loaded.consts.get(name).copied() {
                    None => format!("package `{package}` has no constant `{name}`"),
                    Some(entry) => match enums::evaluate_const(self.universe, entry, 0) {
                        Ok(bytes) => {
                            return Some(DefaultValue::Const {
                                package: package.to_string(),
                                name: name.to_string(),
                                value: Some(String::from_utf8_lossy(&bytes).into_owned()),
                            })
                        }
                        Err(_) => {
                            format!("`{name}` is not a string constant this tool can evaluate")
                        }
                    },
                },
            };
            self.report_default_ref(marker, origin, value, problem);
            // openapi-gen writes the name into Go without looking the constant up.
            return Some(DefaultValue::Const {
                package: package.to_string(),
                name: name.to_string(),
                value: None,
            });
        }
        if crate::markers::registry::json_nesting(value) > crate::limits::DEFAULT_NESTING {
            return None; // reported by `markers_check`
        }
        serde_json::from_str::<serde_json::Value>(value).ok()?;
        Some(DefaultValue::Json(value.to_string()))
    }

    /// `resolve/unresolved-default-ref`, once per marker, for markers of input packages.
    fn report_default_ref(
        &mut self,
        marker: &SpannedMarker,
        origin: Origin<'a>,
        value: &str,
        problem: String,
    ) {
        let is_input = self
            .universe
            .package(origin.package)
            .is_some_and(|p| p.package.is_input);
        if !is_input
            || !self.once.first(
                OnceKey::Default(marker.span.clone()),
                self.diagnostics.len(),
            )
        {
            return;
        }
        self.diagnostics.push(
            Diagnostic::new(
                Code::ResolveUnresolvedDefaultRef,
                marker.value_or_marker_span(),
                format!("`+default={value}` names no constant: {problem}; the default is left out"),
            )
            .with_help("name a string constant as `ref(Name)` (same package) or `ref(import/path.Name)`; openapi-gen writes the reference into Go code, which would not compile"),
        );
    }

    fn enforced_default(
        &self,
        ty: GoType<'a>,
        omitempty: bool,
        depth: usize,
    ) -> Option<DefaultValue> {
        if depth > TYPE_DEPTH {
            return None;
        }
        match ty {
            GoType::Named(name, entry) => {
                // openapi-gen's `implementsCustomUnmarshalling`: a struct that unmarshals
                // itself (`runtime.RawExtension`) has no zero value to enforce. A type with a
                // fixed schema but no `UnmarshalJSON` gets the zero value of its Go shape (`0`
                // for `type Duration struct{ Int64 }`, `{}` for a struct), as openapi-gen
                // writes.
                let unmarshals_itself = self.universe.method(&name, "UnmarshalJSON").is_some();
                // Before 2023-10-10 every struct got `{}` (`metav1.Time` too).
                let checked = crate::kube_openapi_versions::has(
                    crate::kube_openapi_versions::Change::UnmarshalJsonNoDefault,
                );
                if checked && unmarshals_itself && self.universe.struct_of(entry).is_some() {
                    return None;
                }
                if checked
                    && self.custom_schema(&name).is_some()
                    && (unmarshals_itself
                        || self
                            .universe
                            .method(&name, SchemaMethod::SchemaType.name())
                            .is_none())
                {
                    return None;
                }
                // A defined type over another struct has that struct's fields (and its own
                // methods, checked above).
                match self.universe.struct_of(entry) {
                    Some(struct_entry) => match self.only_embedded(struct_entry) {
                        Some(inner) => self.enforced_default(inner, omitempty, depth + 1),
                        None => Some(DefaultValue::EmptyObject),
                    },
                    None => {
                        let underlying = self.universe.resolve(entry.origin, &entry.decl.ty);
                        self.enforced_default(underlying, omitempty, depth + 1)
                    }
                }
            }
            // An anonymous struct is a struct too (openapi-gen's `mustEnforceDefault` looks at
            // the kind): `{}`, or its one embedded field's zero value.
            GoType::Struct(fields, origin) => match fields {
                [only] if only.is_embedded() => {
                    let inner = self.universe.resolve(origin, &only.ty);
                    self.enforced_default(inner, omitempty, depth + 1)
                }
                _ => Some(DefaultValue::EmptyObject),
            },
            // `time.Time` (inside `metav1.Time`, `struct{ time.Time }`) is a struct to
            // openapi-gen, which reads the standard library: `{}` before 2023-10-10, when
            // types unmarshalling themselves lost it (argo-workflows' 2022 pin).
            GoType::External(name, _) if name.package == "time" && name.name == "Time" => {
                (!crate::kube_openapi_versions::has(
                    crate::kube_openapi_versions::Change::UnmarshalJsonNoDefault,
                ))
                .then_some(DefaultValue::EmptyObject)
            }
            // Unknown shape: no zero value to enforce.
            GoType::External(..) => None,
            GoType::Builtin(name) if !omitempty => match primitive(name) {
                PropertyType::Primitive { ty: "string", .. } => Some(DefaultValue::EmptyString),
                PropertyType::Primitive { ty: "boolean", .. } => Some(DefaultValue::False),
                PropertyType::Primitive {
                    ty: "integer" | "number",
                    ..
                } => Some(DefaultValue::Zero),
                _ => None,
            },
            _ => None,
        }
    }

    /// The type of a struct's one field when that field is embedded (`struct{ Int64 }`).
    fn only_embedded(&self, struct_entry: TypeEntry<'a>) -> Option<GoType<'a>> {
        let TypeExpr::Struct(fields) = &struct_entry.decl.ty else {
            return None;
        };
        match fields.as_slice() {
            [only] if only.is_embedded() => {
                Some(self.universe.resolve(struct_entry.origin, &only.ty))
            }
            _ => None,
        }
    }
}

/// Whether a `+default` JSON text equals an enforced zero value as openapi-gen compares them
/// (`reflect.DeepEqual` of decoded JSON: numbers by value).
fn same_json(json: &str, zero: &DefaultValue) -> bool {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(json) else {
        return true; // malformed: reported by `markers_check`
    };
    match (zero.to_json(), value) {
        (Some(serde_json::Value::Number(a)), serde_json::Value::Number(b)) => {
            a.as_f64() == b.as_f64()
        }
        (Some(zero), value) => zero == value,
        (None, _) => true,
    }
}

/// The JSON form of a field's zero value, from its Go type and the schema made of it.
pub(super) fn zero_form(go_type: &GoType, ty: &PropertyType) -> ZeroForm {
    match (go_type, ty) {
        (GoType::Pointer(_) | GoType::Interface, _)
        | (_, PropertyType::Any | PropertyType::NamedInterface(_)) => ZeroForm::Absent,
        // A named type is a plain value here only when its schema was inlined from a Go
        // builtin: a `$ref`, a well-known external type (`metav1.Duration` writes "0s") or an
        // unsupported one marshals its own way.
        (GoType::External(..), _) => ZeroForm::Opaque,
        (
            GoType::Builtin(_) | GoType::Named(..) | GoType::Slice(_) | GoType::Map(..),
            PropertyType::Primitive { .. }
            | PropertyType::Enum(..)
            | PropertyType::ExplicitEnum(..)
            | PropertyType::Array(_)
            | PropertyType::Map(_),
        ) => ZeroForm::Empty,
        _ => ZeroForm::Opaque,
    }
}
