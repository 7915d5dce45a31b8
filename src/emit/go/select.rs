//! Which types openapi-gen generates, and which schema methods they have: read from the
//! loaded declarations (markers) and, for the methods the parser leaves out, from a lexical
//! scan of the source text. The one place of the Go backend that looks at the input.

use std::collections::{HashMap, HashSet};

use super::Methods;
use crate::markers::registry::Kind;
use crate::model::TypeName;
use crate::resolve::LoadedPackage;
use crate::source::SourceMap;
use crate::syntax::Doc;

/// The opt-in of openapi-gen (`apiTypeFilterFunc`) and the methods of every input type.
pub struct Selection {
    selected: HashSet<TypeName>,
    methods: HashMap<TypeName, Methods>,
    model_name: HashSet<TypeName>,
    model_package: HashSet<TypeName>,
    /// An input package uses `+k8s:openapi-model-package` (then openapi-gen's
    /// `--output-model-name-file` would write a file there).
    input_model_package: bool,
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
            input_model_package: false,
        };
        for package in packages {
            let package_on = package
                .files
                .iter()
                .any(|f| openapi_gen_values(&f.decls.package_doc).any(|v| v == "true"));
            let package_model = package.files.iter().any(|f| {
                f.decls
                    .package_doc
                    .markers
                    .iter()
                    .any(|m| m.marker.name == "k8s:openapi-model-package")
            });
            for file in &package.files {
                for decl in &file.decls.types {
                    let name = TypeName {
                        package: package.import_path.clone(),
                        name: decl.name.clone(),
                    };
                    if package_model
                        || decl
                            .doc
                            .markers
                            .iter()
                            .any(|m| m.marker.name == "k8s:openapi-model-package")
                    {
                        if package.is_input {
                            selection.input_model_package = true;
                        }
                        selection.model_package.insert(name.clone());
                    }
                    if !package.is_input {
                        continue;
                    }
                    let on = if package_on {
                        !openapi_gen_values(&decl.doc).any(|v| v == "false")
                    } else {
                        openapi_gen_values(&decl.doc).any(|v| v == "true")
                    };
                    if on {
                        selection.selected.insert(name);
                    }
                }
                for (receiver, method) in method_names(&sources.get(file.id).text) {
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

    /// Whether an input package uses `+k8s:openapi-model-package`.
    pub fn input_model_package(&self) -> bool {
        self.input_model_package
    }

    /// Types named by an `OpenAPIModelName` method or `+k8s:openapi-model-package` (of any
    /// loaded package): openapi-gen keys and refers to them as `pkg.T{}.OpenAPIModelName()`.
    pub fn model_named(&self, name: &TypeName) -> bool {
        self.model_name.contains(name) || self.model_package.contains(name)
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
