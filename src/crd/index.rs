//! The Go root types a CRD can be matched against: the model's structs by name, and the input
//! packages' `+groupName` and version, with whose `+enum` lists `crd` adds or owns.

use std::collections::{BTreeSet, HashMap};

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
        Index {
            structs,
            group_versions: crate::resolve::closure::group_versions(packages),
            project,
            dependency_enums,
        }
    }

    /// Whether `crd` writes the deduced list of this `+enum` type (SPEC §4): a type of the
    /// project's own modules, or any type with `--dependency-enums`.
    pub(super) fn adds_list_of(&self, origin: &EnumOrigin) -> bool {
        self.dependency_enums || self.project.contains(&origin.type_name.package)
    }

    /// Whether `crd` owns the list of a property of this type: it adds the list and keeps it
    /// equal to the deduced values. A list from `+kubebuilder:validation:Enum` is
    /// controller-gen's.
    pub(super) fn owns_list_of(&self, origin: &EnumOrigin) -> bool {
        !origin.explicit && self.adds_list_of(origin)
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
