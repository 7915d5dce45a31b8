//! The Go root types a CRD can be matched against: the model's structs by name, and the input
//! packages' `+groupName` and version, with whose `+enum` lists `crd` adds or owns.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::model::{ApiModel, DefinitionBody, EnumOrigin, StructDef, TypeName};
use crate::resolve::LoadedPackage;

/// The Go root types a CRD can be matched against.
pub struct Index<'m> {
    pub(super) structs: HashMap<&'m TypeName, &'m StructDef>,
    /// (group, version, import path) of each input package with a `+groupName`.
    group_versions: Vec<(String, String, String)>,
    /// The packages of the project's own modules: their `+enum` types' lists are added.
    project: &'m BTreeSet<String>,
    /// `--dependency-enums`: add the lists of dependencies' `+enum` types too.
    dependency_enums: bool,
    /// Types whose list another generator writes ([`lists_elsewhere`]).
    listed_elsewhere: HashSet<TypeName>,
}

/// Whether a doc comment line is another generator's marker that writes an `enum` list
/// (openshift's `+openshift:validation:FeatureGateAwareEnum:featureGate=…,enum=…`): a
/// namespaced marker with a segment ending in `Enum`. Such a list is that generator's, and
/// `crd` neither adds nor rewrites it (openshift/api's feature-gated lists hold a subset of
/// the constants, in their own order). controller-gen's `+kubebuilder:validation:Enum` is
/// read as an explicit list instead ([`EnumOrigin::explicit`]).
pub(super) fn lists_elsewhere<'l>(lines: impl IntoIterator<Item = &'l str>) -> bool {
    lines.into_iter().any(|line| {
        let Some(marker) = line.trim_start().strip_prefix('+') else {
            return false;
        };
        let name = marker.split('=').next().unwrap_or_default();
        let mut segments = name.split(':');
        let namespace = segments.next().unwrap_or_default();
        !matches!(namespace, "kubebuilder" | "k8s")
            && name.contains(':')
            && segments.any(|segment| segment.ends_with("Enum"))
    })
}

impl<'m> Index<'m> {
    pub fn new(
        model: &'m ApiModel,
        packages: &[LoadedPackage],
        project: &'m BTreeSet<String>,
        dependency_enums: bool,
    ) -> Index<'m> {
        let structs = model
            .definitions
            .iter()
            .filter_map(|d| match &d.body {
                DefinitionBody::Struct(def) => Some((&d.name, def)),
                DefinitionBody::Custom { .. } => None,
            })
            .collect();
        let listed_elsewhere = packages
            .iter()
            .flat_map(|package| {
                package.files.iter().flat_map(move |file| {
                    file.decls
                        .types
                        .iter()
                        .filter(|decl| {
                            let lines = decl.doc.lines.iter().chain(&decl.detached_doc.lines);
                            lists_elsewhere(lines.map(|l| l.text.as_str()))
                        })
                        .map(move |decl| TypeName {
                            package: package.import_path.clone(),
                            name: decl.name.clone(),
                        })
                })
            })
            .collect();
        Index {
            structs,
            group_versions: crate::resolve::closure::group_versions(packages),
            project,
            dependency_enums,
            listed_elsewhere,
        }
    }

    /// Whether `crd` writes the deduced list of this `+enum` type (SPEC §4): a type of the
    /// project's own modules, or any type with `--dependency-enums`.
    pub(super) fn adds_list_of(&self, origin: &EnumOrigin) -> bool {
        self.dependency_enums || self.project.contains(&origin.type_name.package)
    }

    /// Whether `crd` owns the list of a property of this type: it adds the list and keeps its
    /// set of values equal to the deduced one. A list from `+kubebuilder:validation:Enum` is
    /// controller-gen's; one of a type with another generator's enum marker is that
    /// generator's.
    pub(super) fn owns_list_of(&self, origin: &EnumOrigin) -> bool {
        !origin.explicit && !self.is_listed_elsewhere(origin) && self.adds_list_of(origin)
    }

    /// Another generator writes this type's `enum` list ([`lists_elsewhere`]).
    pub(super) fn is_listed_elsewhere(&self, origin: &EnumOrigin) -> bool {
        self.listed_elsewhere.contains(&origin.type_name)
    }

    /// The struct of `kind` in the package serving `group`/`version`.
    pub(super) fn root(
        &self,
        group: &str,
        version: &str,
        kind: &str,
    ) -> Option<(TypeName, &'m StructDef)> {
        self.group_versions
            .iter()
            .filter(|(g, v, _)| g == group && v == version)
            .find_map(|(_, _, package)| {
                let name = TypeName {
                    package: package.clone(),
                    name: kind.to_string(),
                };
                let def = *self.structs.get(&name)?;
                Some((name, def))
            })
    }
}
