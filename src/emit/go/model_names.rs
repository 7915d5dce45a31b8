//! `--output-model-name-file`: the `zz_generated.model_name.go` file openapi-gen writes into
//! every input package that uses `+k8s:openapi-model-package` (kube-openapi
//! `pkg/generators/model_names.go`): one `OpenAPIModelName() string` method per public
//! struct type, returning `<model package>.<Type>`.
//!
//! Input: the loaded declarations (which packages and types carry the marker, which types are
//! structs). Output: per package, the methods to write ([`plan`]) and the file's bytes
//! ([`render`]). Where the file goes is the caller's business.

use std::path::Path;

use crate::markers::registry::Kind;
use crate::model::TypeName;
use crate::resolve::universe::{GoType, Universe};
use crate::resolve::LoadedPackage;
use crate::source::SourceMap;
use crate::syntax::Doc;

/// One package's model-name file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelNameFile {
    /// The package's import path.
    pub package_path: String,
    /// Its name in the file: `path.Base` of the import path, as gengo's target names it.
    pub package_name: String,
    /// (receiver as written, model name) per type, in gengo's order (by `pkg.Type`).
    pub methods: Vec<(String, String)>,
}

/// The marker's value on a doc comment: `None` without the marker, else the first value
/// (gengo's `singularTag`: a second one is ignored), `""` when written without one.
pub fn tag_value(doc: &Doc) -> Option<&str> {
    doc.marker(Kind::OpenApiModelPackage)
        .map(|m| m.marker.value.as_deref().unwrap_or("").trim())
}

/// The package-level value: gengo reads package comments from `doc.go` files only (its
/// `Package.Comments`), and only for packages named on the command line.
pub fn package_value(package: &LoadedPackage) -> Option<&str> {
    if !package.is_input {
        return None;
    }
    package.gengo_package_comments().find_map(tag_value)
}

/// Whether openapi-gen names the type by its `OpenAPIModelName()` method because of the
/// marker (`shouldUseOpenAPIModelName`): a non-empty value on the type, else on its package.
pub fn tagged(type_doc: &Doc, package_value: Option<&str>) -> bool {
    tag_value(type_doc).is_some_and(|v| !v.is_empty())
        || package_value.is_some_and(|v| !v.is_empty())
}

/// `--output-model-name-file`: (path, bytes) of the file `file_name` written into each input
/// package with `+k8s:openapi-model-package` ([`plan`]), or — when openapi-gen would write
/// invalid Go — what is wrong, one message per problem.
pub fn files(
    packages: &[LoadedPackage],
    sources: &SourceMap,
    read_only: &[String],
    file_name: &str,
    boilerplate: &str,
) -> Result<Vec<(std::path::PathBuf, Vec<u8>)>, Vec<String>> {
    let mut files = Vec::new();
    let mut invalid = Vec::new();
    for plan in &plan(packages, read_only) {
        invalid.extend(
            self::invalid(plan)
                .into_iter()
                .map(|what| format!("{}: {what}", plan.package_path)),
        );
        let package = packages.iter().find(|p| p.import_path == plan.package_path);
        let Some(dir) = package.and_then(|p| package_dir(p, sources)) else {
            continue;
        };
        files.push((dir.join(file_name), render(boilerplate, plan)));
    }
    if invalid.is_empty() {
        Ok(files)
    } else {
        Err(invalid)
    }
}

/// The model-name files of the input packages (`GetModelNameTargets`), packages in
/// `read_only` left out. A package gets a file when one of its public struct types has the
/// marker or the package has a non-empty one; the file holds the types whose own or
/// package value is non-empty.
pub fn plan(packages: &[LoadedPackage], read_only: &[String]) -> Vec<ModelNameFile> {
    let universe = Universe::build(packages);
    let mut files = Vec::new();
    for package in packages {
        if !package.is_input || read_only.contains(&package.import_path) {
            continue;
        }
        let package_value = package_value(package).unwrap_or("");
        let mut candidates = false;
        let mut methods = Vec::new();
        // A type declared twice (files for alternative build tags, `fieldsv1_byte.go` and
        // `fieldsv1_string.go`): one method, as for the universe (the first file's).
        let mut seen = std::collections::HashSet::new();
        for file in &package.files {
            for decl in &file.decls.types {
                if !seen.insert(decl.name.as_str()) {
                    continue;
                }
                let name = TypeName {
                    package: package.import_path.clone(),
                    name: decl.name.clone(),
                };
                // gengo sees through an alias (`type Rule = v1.Rule`): it declares no type.
                if decl.is_alias || !is_public(&decl.name) || !is_struct(&universe, &name) {
                    continue;
                }
                let own = tag_value(&decl.doc);
                candidates |= !package_value.is_empty() || own.is_some();
                let model_package = own.filter(|v| !v.is_empty()).unwrap_or(package_value);
                if model_package.is_empty() {
                    continue;
                }
                // gengo names a generic type `G[T,U]`; gofmt spaces the receiver's list.
                let (receiver, gengo_name) = if decl.type_params.is_empty() {
                    (decl.name.clone(), decl.name.clone())
                } else {
                    (
                        format!("{}[{}]", decl.name, decl.type_params.join(", ")),
                        format!("{}[{}]", decl.name, decl.type_params.join(",")),
                    )
                };
                let model = format!("{model_package}.{gengo_name}");
                methods.push((gengo_name, receiver, model));
            }
        }
        if !candidates {
            continue;
        }
        // gengo's order: by the type's full name, `path.Name` (the same path for all).
        methods.sort_by(|a, b| a.0.cmp(&b.0));
        files.push(ModelNameFile {
            package_path: package.import_path.clone(),
            package_name: package
                .import_path
                .rsplit('/')
                .next()
                .unwrap_or(&package.import_path)
                .to_string(),
            methods: methods
                .into_iter()
                .map(|(_, receiver, model)| (receiver, model))
                .collect(),
        });
    }
    files.sort_by(|a, b| a.package_path.cmp(&b.package_path));
    files
}

/// What openapi-gen would write as invalid Go (it then fails): a model name it copies into a
/// string literal as it is, with a quote, a backslash or a control character; a type name
/// starting with a non-ASCII letter (gengo upper-cases its first byte alone).
pub fn invalid(file: &ModelNameFile) -> Vec<String> {
    let mut found = Vec::new();
    for (receiver, model) in &file.methods {
        if model
            .chars()
            .any(|c| c == '"' || c == '\\' || c.is_control())
        {
            found.push(format!(
                "model name {model:?} (of `{receiver}`) is no valid Go string"
            ));
        }
        if receiver.as_bytes().first().is_some_and(|b| !b.is_ascii()) {
            found.push(format!("type `{receiver}` starts with a non-ASCII letter"));
        }
    }
    found
}

/// The file's bytes: the boilerplate, the package clause and one method per type, as gengo
/// assembles them and gofmt leaves them (one blank line between methods, none at the end).
pub fn render(boilerplate: &str, file: &ModelNameFile) -> Vec<u8> {
    let mut out = String::from(boilerplate);
    out.push_str(&format!("package {}\n", file.package_name));
    for (receiver, model) in &file.methods {
        out.push_str(&format!(
            "\n// OpenAPIModelName returns the OpenAPI model name for this type.\n\
             func (in {receiver}) OpenAPIModelName() string {{\n\treturn \"{model}\"\n}}\n"
        ));
    }
    out.into_bytes()
}

/// The directory of a package (that of its first file).
pub fn package_dir<'s>(package: &LoadedPackage, sources: &'s SourceMap) -> Option<&'s Path> {
    let file = package.files.first()?;
    sources.get(file.id).path.parent()
}

/// gengo's `IsPrivateGoName`: a name is private unless lower-casing its first byte changes
/// it (ASCII `A`–`Z`; a non-ASCII first byte is not valid UTF-8 alone, so it counts as
/// public too).
fn is_public(name: &str) -> bool {
    name.as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_uppercase() || !b.is_ascii())
}

/// gengo's `isSchemaNameType` kind test: a struct, also as a defined type over another
/// struct (`type MatchCondition v1.MatchCondition`).
fn is_struct(universe: &Universe, name: &TypeName) -> bool {
    let Some(entry) = universe.lookup_type(name) else {
        return false;
    };
    let ty = universe.underlying(GoType::Named(name.clone(), entry));
    matches!(ty, GoType::Struct(..))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_names_as_gengo_tells_them() {
        assert!(is_public("Struct"));
        assert!(!is_public("struct"));
        assert!(!is_public("_Struct"));
        assert!(is_public("Ünicode"));
        assert!(!is_public(""));
    }

    #[test]
    fn renders_methods_with_blank_lines_between() {
        let file = ModelNameFile {
            package_path: "example.com/a/v1".into(),
            package_name: "v1".into(),
            methods: vec![
                ("A".into(), "io.example.v1.A".into()),
                ("B[T]".into(), "io.example.v1.B[T]".into()),
            ],
        };
        let text = String::from_utf8(render("// header\n\n", &file)).unwrap();
        assert_eq!(
            text,
            "// header\n\npackage v1\n\n\
             // OpenAPIModelName returns the OpenAPI model name for this type.\n\
             func (in A) OpenAPIModelName() string {\n\treturn \"io.example.v1.A\"\n}\n\n\
             // OpenAPIModelName returns the OpenAPI model name for this type.\n\
             func (in B[T]) OpenAPIModelName() string {\n\treturn \"io.example.v1.B[T]\"\n}\n"
        );
    }
}
