//! Which types openapi-gen generates, and which schema methods they have: read from the
//! loaded declarations (markers) and, for the methods the parser leaves out, from a lexical
//! scan of the source text. The one place of the Go backend that looks at the input.

use std::collections::{HashMap, HashSet};

use super::{model_names, Methods};
use crate::markers::registry::Kind;
use crate::model::TypeName;
use crate::resolve::fields;
use crate::resolve::universe::{GoType, Origin, Universe};
use crate::resolve::LoadedPackage;
use crate::source::SourceMap;
use crate::syntax::{Doc, TypeExpr};

/// The opt-in of openapi-gen (`apiTypeFilterFunc`) and the methods of every input type.
pub struct Selection {
    selected: HashSet<TypeName>,
    methods: HashMap<TypeName, Methods>,
    model_name: HashSet<TypeName>,
    model_package: HashSet<TypeName>,
    unsupported: Vec<(TypeName, String)>,
}

/// What a selected type uses that the Go output does not write yet.
fn unsupported_markers(doc: &Doc, field: Option<&str>, out: &mut Vec<String>) {
    let place = field.map_or(String::new(), |f| format!(" on field `{f}`"));
    // Lines, not markers: `+k8s:validation:cel[0]:rule=…` is no marker name to the parser.
    if doc
        .lines
        .iter()
        .any(|l| l.text.trim_start().starts_with("+k8s:validation:"))
    {
        out.push(format!("value validations (`+k8s:validation:…`){place}"));
    }
    if openapi_gen_values(doc).any(|v| v.starts_with("x-")) {
        out.push(format!("a `+k8s:openapi-gen=x-…` extension{place}"));
    }
}

fn openapi_gen_values(doc: &Doc) -> impl Iterator<Item = &str> {
    doc.markers
        .iter()
        .filter(|m| m.marker.name == Kind::OpenApiGenMarker.name())
        .filter_map(|m| m.marker.value.as_deref())
}

impl Selection {
    pub fn read(packages: &[LoadedPackage], sources: &SourceMap) -> Selection {
        let mut selection = Selection {
            selected: HashSet::new(),
            methods: HashMap::new(),
            model_name: HashSet::new(),
            model_package: HashSet::new(),
            unsupported: Vec::new(),
        };
        let universe = Universe::build(packages);
        for package in packages {
            let package_on = package
                .files
                .iter()
                .any(|f| openapi_gen_values(&f.decls.package_doc).any(|v| v == "true"));
            let package_model = model_names::package_value(package, sources);
            for (file_index, file) in package.files.iter().enumerate() {
                let origin = Origin {
                    package: &package.import_path,
                    file: file_index,
                };
                for decl in &file.decls.types {
                    let name = TypeName {
                        package: package.import_path.clone(),
                        name: decl.name.clone(),
                    };
                    if !package.is_input {
                        continue;
                    }
                    // gengo reads the comments of the packages named on the command line only.
                    if model_names::tagged(&decl.doc, package_model) {
                        selection.model_package.insert(name.clone());
                    }
                    let on = if package_on {
                        !openapi_gen_values(&decl.doc).any(|v| v == "false")
                    } else {
                        openapi_gen_values(&decl.doc).any(|v| v == "true")
                    };
                    if on {
                        selection.selected.insert(name.clone());
                        let mut found = Vec::new();
                        unsupported_markers(&decl.doc, None, &mut found);
                        if let TypeExpr::Struct(fields) = &decl.ty {
                            for field in fields {
                                let label = field
                                    .names
                                    .first()
                                    .map_or_else(|| type_label(&field.ty), |(n, _)| n.clone());
                                unsupported_markers(&field.doc, Some(&label), &mut found);
                                let serialized = !fields::json_tag(field.tag.as_deref()).skip
                                    && field
                                        .names
                                        .first()
                                        .is_none_or(|(n, _)| fields::is_exported(n))
                                    && !openapi_gen_values(&field.doc).any(|v| v == "false");
                                let interface = serialized
                                    .then(|| {
                                        named_interface(
                                            &universe,
                                            universe.resolve(origin, &field.ty),
                                        )
                                    })
                                    .flatten();
                                if let Some(interface) = interface {
                                    found.push(format!(
                                        "field `{label}` of the named interface type `{interface}`"
                                    ));
                                }
                                // openapi-gen also reads `+default` on the field's type.
                                if let Some(local) = local_type(&field.ty) {
                                    let declared = package
                                        .files
                                        .iter()
                                        .flat_map(|f| &f.decls.types)
                                        .find(|d| d.name == local);
                                    if let Some(declared) = declared {
                                        let mut via_type = Vec::new();
                                        unsupported_markers(&declared.doc, None, &mut via_type);
                                        found.extend(
                                            via_type
                                                .into_iter()
                                                .filter(|w| w.contains("default"))
                                                .map(|w| {
                                                    format!(
                                                        "{w} on type `{local}` of field `{label}`"
                                                    )
                                                }),
                                        );
                                    }
                                }
                            }
                        }
                        found.dedup();
                        selection
                            .unsupported
                            .extend(found.into_iter().map(|w| (name.clone(), w)));
                    }
                }
                let text = &sources.get(file.id).text;
                if generated(text) {
                    // openapi-gen builds with `ignore_autogenerated`: it does not see these.
                    continue;
                }
                for (receiver, method) in method_names(text) {
                    let name = TypeName {
                        package: package.import_path.clone(),
                        name: receiver,
                    };
                    let methods = selection.methods.entry(name.clone()).or_default();
                    match method.as_str() {
                        "OpenAPIDefinition" => methods.v2_definition = true,
                        "OpenAPIV3Definition" => methods.v3_definition = true,
                        "OpenAPIV3OneOfTypes" => methods.v3_one_of = true,
                        "OpenAPIModelName" => {
                            selection.model_name.insert(name);
                        }
                        _ => {}
                    }
                }
            }
        }
        selection
    }

    pub fn selected(&self, name: &TypeName) -> bool {
        self.selected.contains(name)
    }

    pub fn methods(&self, name: &TypeName) -> Methods {
        self.methods.get(name).copied().unwrap_or_default()
    }

    /// What the selected types use that the Go output cannot write yet.
    pub fn unsupported(&self) -> &[(TypeName, String)] {
        &self.unsupported
    }

    /// Types named by an `OpenAPIModelName` method (outside generated files) or by a
    /// non-empty `+k8s:openapi-model-package` on the type or its package (input packages
    /// only, as gengo reads comments): openapi-gen keys and refers to them as
    /// `pkg.T{}.OpenAPIModelName()`.
    pub fn model_named(&self, name: &TypeName) -> bool {
        self.model_name.contains(name) || self.model_package.contains(name)
    }
}

/// A file openapi-gen does not load: gengo passes the build tag `ignore_autogenerated`, so
/// a `//go:build !ignore_autogenerated` file (deepcopy, model names, openapi) is left out.
/// Only that constraint is evaluated (a header line, before `package`).
fn generated(text: &str) -> bool {
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("package ") {
            return false;
        }
        if let Some(expression) = line.strip_prefix("//go:build ") {
            return expression.trim() == "!ignore_autogenerated";
        }
    }
    false
}

/// The named interface a field's type is or holds (through pointers, lists, map values):
/// kube-openapi's type table knows `interface{}` only; openapi-gen writes no type for a
/// named one and refuses it as an element.
fn named_interface(universe: &Universe, ty: GoType) -> Option<TypeName> {
    let mut current = ty;
    for _ in 0..crate::limits::TYPE_DEPTH {
        match current {
            GoType::Pointer(inner)
            | GoType::Slice(inner)
            | GoType::Array(inner)
            | GoType::Map(_, inner) => current = *inner,
            GoType::Named(name, entry) => {
                let underlying = universe.underlying(GoType::Named(name.clone(), entry));
                return matches!(underlying, GoType::Interface).then_some(name);
            }
            _ => return None,
        }
    }
    None
}

/// A field type declared in the field's own package (`T`, `*T`).
fn local_type(ty: &TypeExpr) -> Option<&str> {
    match ty {
        TypeExpr::Named {
            package: None,
            name,
            ..
        } => Some(name),
        TypeExpr::Pointer(inner) => local_type(inner),
        _ => None,
    }
}

/// An embedded field's name: its type's name.
fn type_label(ty: &TypeExpr) -> String {
    match ty {
        TypeExpr::Named { name, .. } => name.clone(),
        TypeExpr::Pointer(inner) => type_label(inner),
        _ => "(embedded)".into(),
    }
}

/// `func (r *T) Name(` / `func (T) Name(` at the start of a line: (T, Name) for the schema
/// methods openapi-gen looks for.
fn method_names(text: &str) -> Vec<(String, String)> {
    const NAMES: &[&str] = &[
        "OpenAPIDefinition",
        "OpenAPIV3Definition",
        "OpenAPIV3OneOfTypes",
        "OpenAPIModelName",
    ];
    let mut found = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("func (") else {
            continue;
        };
        let Some((receiver, after)) = rest.split_once(')') else {
            continue;
        };
        let after = after.trim_start();
        let Some((method, _)) = after.split_once('(') else {
            continue;
        };
        let method = method.trim();
        if !NAMES.contains(&method) {
            continue;
        }
        let ty = receiver
            .split_whitespace()
            .last()
            .unwrap_or("")
            .trim_start_matches('*');
        let ty = ty.split('[').next().unwrap_or(ty);
        if !ty.is_empty() {
            found.push((ty.to_string(), method.to_string()));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_are_those_openapi_gen_builds_without() {
        assert!(generated(
            "//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\npackage v1\n"
        ));
        assert!(!generated("//go:build linux\n\npackage v1\n"));
        assert!(!generated(
            "package v1\n\n//go:build !ignore_autogenerated\n"
        ));
    }

    #[test]
    fn finds_schema_methods_by_receiver() {
        let text = "package p\nfunc (Bac) OpenAPIDefinition() common.OpenAPIDefinition {\n}\nfunc (b *Bal) OpenAPIV3Definition() common.OpenAPIDefinition {}\nfunc (T) String() string\n";
        assert_eq!(
            method_names(text),
            vec![
                ("Bac".to_string(), "OpenAPIDefinition".to_string()),
                ("Bal".to_string(), "OpenAPIV3Definition".to_string()),
            ]
        );
    }
}
