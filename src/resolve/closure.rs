//! The output closure (SPEC §3): each command has roots, and only what they reach is resolved
//! into definitions and judged. controller-gen builds schemas for the CRD kinds and what they
//! reach, openapi-gen for the types it selects; a test fake, a visitor or a controller-only
//! struct beside them is never an error of theirs, and so never one here.
//!
//! [`Roots`] names a command's roots; `resolve` walks from them and records which types each
//! definition reaches ([`Closure`]); [`Closure::judge`] then sorts the run's findings by the
//! type declaration they sit in. This is the one place that decides what a command judges.

use std::collections::{BTreeMap, BTreeSet};

use super::universe::{LoadedPackage, Universe};
use crate::diag::{Code, Diagnostic, Severity};
use crate::markers::registry::Kind;
use crate::model::TypeName;
use crate::resolve::hash::{HashMap, HashSet};
use crate::source::{FileId, Span};
use crate::syntax::Doc;

/// Where a command's output starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Roots {
    /// `generate`, `check`, `dump`: every exported, non-generic struct of the input packages
    /// not opted out with `+k8s:openapi-gen=false`.
    InputStructs,
    /// `openapi-gen`: the struct types openapi-gen selects (`openapi_gen_selected`).
    OpenApiGen,
    /// `crd`: the kinds of the given manifests, as (group, version, kind); each is looked up in
    /// the input package serving the group and version (`group_versions`).
    Kinds(Vec<(String, String, String)>),
}

/// What happens to a finding about a declaration no root reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outside {
    /// Shown, as a warning at most (`generate`, `check`: the user asked about the packages).
    Warn,
    /// Not shown (`crd`, `openapi-gen`: they speak about what they write).
    Drop,
}

/// `+k8s:openapi-gen=` values of a comment block.
fn openapi_gen_values(doc: &Doc) -> impl Iterator<Item = &str> {
    doc.markers
        .iter()
        .filter(|m| m.marker.name == Kind::OpenApiGenMarker.name())
        .filter_map(|m| m.marker.value.as_deref())
}

/// The package says `+k8s:openapi-gen=true` (where gengo reads package tags: its `doc.go`).
pub fn package_opted_in(package: &LoadedPackage) -> bool {
    package
        .gengo_package_comments()
        .any(|doc| openapi_gen_values(doc).any(|v| v == "true"))
}

/// `+k8s:openapi-gen=false` on the package, unless it also says `=true` (openapi-gen looks
/// for a `true` value among the package's tags: apimachinery's testapigroup/v1 has both and
/// is generated).
pub fn package_opted_out(package: &LoadedPackage) -> bool {
    let values: Vec<&str> = package
        .gengo_package_comments()
        .flat_map(openapi_gen_values)
        .collect();
    values.contains(&"false") && !values.contains(&"true")
}

/// openapi-gen's `apiTypeFilterFunc`: in a package tagged `+k8s:openapi-gen=true`, every type
/// not tagged `=false`; elsewhere, the types tagged `=true`.
pub fn openapi_gen_selected(package_on: bool, doc: &Doc) -> bool {
    if package_on {
        !openapi_gen_values(doc).any(|v| v == "false")
    } else {
        openapi_gen_values(doc).any(|v| v == "true")
    }
}

/// A type tagged `+k8s:openapi-gen=false`.
pub fn type_opted_out(doc: &Doc) -> bool {
    openapi_gen_values(doc).any(|v| v == "false")
}

/// `(group, version, import path)` of every input package with a `+groupName` package marker
/// (else a `GroupName` string constant, as k8s.io/api's register.go files declare it);
/// the version is `+versionName`, else the package's name (kubebuilder's `api/v1`).
pub fn group_versions(packages: &[LoadedPackage]) -> Vec<(String, String, String)> {
    let marker = |package: &LoadedPackage, kind: Kind| {
        package.files.iter().find_map(|file| {
            let value = file
                .decls
                .package_doc
                .marker(kind)?
                .marker
                .value
                .as_deref()?;
            Some(value.trim().trim_matches('"').to_string())
        })
    };
    let mut out = Vec::new();
    // Without the marker, the `GroupName` string constant of register.go (k8s.io/api's
    // apps/v1, batch/v1, … declare their group only there).
    let constant = |package: &LoadedPackage| {
        package.files.iter().find_map(|file| {
            file.decls.consts.iter().find_map(|spec| {
                let index = spec.names.iter().position(|(n, _)| n == "GroupName")?;
                match spec.values.get(index)? {
                    crate::syntax::ConstExpr::Str(bytes) => String::from_utf8(bytes.clone()).ok(),
                    _ => None,
                }
            })
        })
    };
    for package in packages.iter().filter(|p| p.is_input) {
        let Some(group) = marker(package, Kind::GroupName).or_else(|| constant(package)) else {
            continue;
        };
        let version = marker(package, Kind::VersionName).or_else(|| {
            package
                .files
                .iter()
                .map(|f| f.decls.package_name.clone())
                .find(|n| !n.is_empty())
        });
        if let Some(version) = version {
            out.push((group, version, package.import_path.clone()));
        }
    }
    out
}

impl Roots {
    /// The root types, each a struct declared in an input package, in package order then
    /// name order.
    pub(super) fn types(&self, universe: &Universe, packages: &[LoadedPackage]) -> Vec<TypeName> {
        let mut roots = Vec::new();
        let kinds: BTreeMap<&str, Vec<&str>> = match self {
            Roots::Kinds(kinds) => {
                let serving = group_versions(packages);
                let mut by_package: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
                for (group, version, kind) in kinds {
                    for (_, _, package) in serving
                        .iter()
                        .filter(|(g, v, _)| g == group && v == version)
                    {
                        let package = universe.packages.get_key_value(package.as_str());
                        if let Some((package, _)) = package {
                            by_package.entry(*package).or_default().push(kind);
                        }
                    }
                }
                by_package
            }
            _ => BTreeMap::new(),
        };
        for path in &universe.order {
            let package = &universe.packages[path];
            if !package.package.is_input {
                continue;
            }
            let by_markers = !matches!(self, Roots::Kinds(_));
            if by_markers && package_opted_out(package.package) {
                continue;
            }
            let package_on = package_opted_in(package.package);
            let mut names: Vec<_> = package.types.iter().collect();
            names.sort_by_key(|(name, _)| **name);
            for (name, entry) in names {
                let selected = match self {
                    Roots::InputStructs => super::fields::is_exported(name),
                    Roots::OpenApiGen => openapi_gen_selected(package_on, &entry.decl.doc),
                    Roots::Kinds(_) => kinds.get(path).is_some_and(|k| k.contains(name)),
                };
                if selected
                    && !(by_markers && type_opted_out(&entry.decl.doc))
                    && universe.struct_of(*entry).is_some()
                    && entry.decl.type_params.is_empty()
                    && !entry.decl.is_alias
                {
                    roots.push(TypeName {
                        package: path.to_string(),
                        name: name.to_string(),
                    });
                }
            }
        }
        roots
    }
}

/// What the roots reach: the types each kept definition touched while it was resolved (its
/// field types, enum types, inlined embedded structs), closed over.
#[derive(Debug, Clone, Default)]
pub struct Closure {
    /// Only ever asked whether it holds a type: hashed, not ordered.
    pub types: HashSet<TypeName>,
}

impl Closure {
    /// Every type reachable from `roots` through `edges`.
    pub(super) fn reach<'e>(
        roots: impl Iterator<Item = &'e TypeName>,
        edges: &'e HashMap<TypeName, BTreeSet<TypeName>>,
    ) -> Closure {
        let mut reached: HashSet<&TypeName> =
            HashSet::with_capacity_and_hasher(edges.len() * 2, Default::default());
        let mut stack: Vec<&TypeName> = roots.collect();
        while let Some(name) = stack.pop() {
            if !reached.insert(name) {
                continue;
            }
            if let Some(next) = edges.get(name) {
                stack.extend(next.iter().filter(|n| !reached.contains(*n)));
            }
        }
        Closure {
            types: reached.into_iter().cloned().collect(),
        }
    }

    /// Sorts `diagnostics` by the input type declaration each one sits in: findings about a
    /// declaration outside the closure are warnings at most, or dropped. Findings that sit in
    /// no type declaration (package markers, constants, files) are kept as they are, and so are
    /// the once-per-run ones whose place is merely their first use.
    pub fn judge(
        &self,
        diagnostics: &mut Vec<Diagnostic>,
        packages: &[LoadedPackage],
        outside: Outside,
    ) {
        // Only the files the findings sit in are looked at (most runs have few findings).
        let files: HashSet<FileId> = diagnostics
            .iter()
            .filter_map(|d| d.primary.as_ref().map(|span| span.file))
            .collect();
        let mut extents: HashMap<FileId, Vec<(&Span, &str, &str)>> = HashMap::default();
        for package in packages.iter().filter(|p| p.is_input) {
            for file in package.files.iter().filter(|f| files.contains(&f.id)) {
                let decls = file.decls.types.iter();
                extents
                    .entry(file.id)
                    .or_default()
                    .extend(decls.map(|decl| {
                        (
                            &decl.extent,
                            package.import_path.as_str(),
                            decl.name.as_str(),
                        )
                    }));
            }
        }
        let outside_closure = |d: &Diagnostic| {
            if matches!(
                d.code,
                Code::ResolvePackageNotFound | Code::SyntaxParseError
            ) || d.code.as_str().starts_with("io/")
            {
                return false;
            }
            let Some(span) = &d.primary else { return false };
            extents.get(&span.file).is_some_and(|decls| {
                decls
                    .iter()
                    .filter(|(extent, _, _)| extent.start <= span.start && span.end <= extent.end)
                    // The innermost: declarations do not nest, but be exact anyway.
                    .min_by_key(|(extent, _, _)| extent.end - extent.start)
                    .is_some_and(|(_, package, name)| {
                        !self.types.contains(&TypeName {
                            package: package.to_string(),
                            name: name.to_string(),
                        })
                    })
            })
        };
        match outside {
            Outside::Drop => diagnostics.retain(|d| !outside_closure(d)),
            Outside::Warn => {
                for d in diagnostics.iter_mut() {
                    if d.severity == Severity::Error && outside_closure(d) {
                        d.severity = Severity::Warning;
                        d.help = Some(match d.help.take() {
                            Some(help) => format!(
                                "{help}\n(a warning here: no definition of this run reaches \
                                 this type)"
                            ),
                            None => "a warning here: no definition of this run reaches this \
                                     type"
                                .to_string(),
                        });
                    }
                }
            }
        }
    }
}

/// What the input declares as its API: whole packages (`+groupName` or
/// `+k8s:openapi-gen=true` on the package) and single types (`+kubebuilder:object:root=true`,
/// `+genclient` or `+k8s:openapi-gen=true` on a type, where openapi-gen selects type by type).
/// Both empty when nothing is declared: then every root counts as API.
#[derive(Debug, Default)]
pub struct Api {
    packages: BTreeSet<String>,
    types: BTreeSet<TypeName>,
}

impl Api {
    pub fn read(packages: &[LoadedPackage]) -> Api {
        const TYPE_MARKERS: &[Kind] = &[Kind::KubebuilderObjectRoot, Kind::Genclient];
        let mut api = Api::default();
        for package in packages.iter().filter(|p| p.is_input) {
            let whole = package
                .files
                .iter()
                .any(|f| f.decls.package_doc.has_marker(Kind::GroupName))
                || package_opted_in(package);
            if whole {
                api.packages.insert(package.import_path.clone());
                continue;
            }
            for decl in package.files.iter().flat_map(|f| &f.decls.types) {
                let marked = TYPE_MARKERS
                    .iter()
                    .any(|&m| decl.doc.has_marker(m) || decl.detached_doc.has_marker(m))
                    || openapi_gen_values(&decl.doc).any(|v| v == "true");
                if marked {
                    api.types.insert(TypeName {
                        package: package.import_path.clone(),
                        name: decl.name.clone(),
                    });
                }
            }
        }
        api
    }

    /// A root the input declares as API (every root, when it declares nothing).
    fn contains(&self, name: &TypeName) -> bool {
        (self.packages.is_empty() && self.types.is_empty())
            || self.packages.contains(&name.package)
            || self.types.contains(name)
    }
}

/// Closes the roots over `edges`, leaving out the roots that cannot be described.
///
/// `undescribable` holds the definitions with fields OpenAPI cannot describe, with the
/// findings that say so. A root is left out (one `resolve/left-out` warning, no definition)
/// when nothing kept refers to it and it cannot be described: itself, or — for a root the
/// input does not declare as API ([`Api`]: controllers, helpers beside the API, untagged
/// types where openapi-gen selects type by type) — through anything it reaches. Kept,
/// an undescribable definition keeps its errors at the fields that cannot be described.
pub(super) fn close(
    roots: &[TypeName],
    api: &Api,
    edges: &HashMap<TypeName, BTreeSet<TypeName>>,
    mut undescribable: BTreeMap<TypeName, Vec<Diagnostic>>,
    spans: &BTreeMap<&TypeName, &Span>,
) -> (Closure, Vec<Diagnostic>) {
    // Which definitions reach an undescribable one (themselves included), and the first such.
    let mut tainted: BTreeMap<&TypeName, &TypeName> =
        undescribable.keys().map(|name| (name, name)).collect();
    // In name order, so that "the first" cause does not depend on hash order.
    let mut sorted_edges: Vec<(&TypeName, &BTreeSet<TypeName>)> = edges.iter().collect();
    sorted_edges.sort_unstable_by_key(|(from, _)| *from);
    loop {
        let mut grew = false;
        for &(from, to) in &sorted_edges {
            if tainted.contains_key(from) {
                continue;
            }
            if let Some(cause) = to.iter().find_map(|t| tainted.get(t).copied()) {
                tainted.insert(from, cause);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut left_out: BTreeSet<&TypeName> = roots
        .iter()
        .filter(|root| match tainted.get(root) {
            Some(cause) => *cause == *root || !api.contains(root),
            None => false,
        })
        .collect();
    let closure = loop {
        let kept = roots.iter().filter(|r| !left_out.contains(r));
        let closure = Closure::reach(kept, edges);
        let before = left_out.len();
        left_out.retain(|name| !closure.types.contains(*name));
        if left_out.len() == before {
            break closure;
        }
    };
    let mut findings = Vec::new();
    for root in &left_out {
        let cause = tainted[root];
        let why = undescribable.get(cause).and_then(|why| why.first());
        findings.push(left_out_warning(root, cause, why, spans.get(root).copied()));
    }
    // The errors of undescribable definitions the output keeps; the others went with the
    // roots left out.
    let kept: Vec<TypeName> = undescribable
        .keys()
        .filter(|name| closure.types.contains(*name))
        .cloned()
        .collect();
    for name in kept {
        findings.extend(undescribable.remove(&name).unwrap_or_default());
    }
    (closure, findings)
}

/// The warning for a root left out of the output, at the type, naming the first field OpenAPI
/// cannot describe (in `cause`, the root itself or a type it reaches).
fn left_out_warning(
    root: &TypeName,
    cause: &TypeName,
    why: Option<&Diagnostic>,
    at: Option<&Span>,
) -> Diagnostic {
    let reason = why.map_or(String::new(), |d| format!(": {}", d.message));
    let through = if cause == root {
        String::new()
    } else {
        format!(", through `{}`", cause.name)
    };
    Diagnostic {
        code: Code::ResolveLeftOut,
        severity: Code::ResolveLeftOut.default_severity(),
        message: format!(
            "`{}` gets no definition: OpenAPI cannot describe it{through} and no API type refers to it{reason}",
            root.name
        ),
        primary: at.cloned().or_else(|| why.and_then(|d| d.primary.clone())),
        labels: why
            .and_then(|d| d.primary.clone())
            .filter(|field| Some(field) != at)
            .map(|field| (field, "OpenAPI cannot describe this".to_string()))
            .into_iter()
            .collect(),
        help: Some(
            "nothing the API serves is lost. If the type belongs to the API, give the field a \
             type OpenAPI describes (or `json:\"-\"`); if it does not, \
             `+k8s:openapi-gen=false` on the type silences this"
                .to_string(),
        ),
    }
}
