//! The loaded packages, indexed for look-ups: types and constants by name, each file's
//! imports, and the resolution of written type expressions to Go types.

use crate::load::last_element_name;
pub use crate::load::{LoadedFile, LoadedPackage};
use crate::model::TypeName;
use crate::resolve::hash::{HashMap, HashSet};
use crate::source::Span;
use crate::syntax::{ConstSpec, Import, MethodDecl, TypeDecl, TypeExpr};

/// Where a declaration lives: package import path and file index within the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin<'a> {
    pub package: &'a str,
    pub file: usize,
}

#[derive(Debug, Clone, Copy)]
pub struct TypeEntry<'a> {
    pub decl: &'a TypeDecl,
    pub origin: Origin<'a>,
}

#[derive(Debug, Clone, Copy)]
pub struct ConstEntry<'a> {
    pub spec: &'a ConstSpec,
    /// Which of the spec's names.
    pub index: usize,
    pub origin: Origin<'a>,
}

pub struct PackageIndex<'a> {
    pub package: &'a LoadedPackage,
    pub name: &'a str,
    pub types: HashMap<&'a str, TypeEntry<'a>>,
    pub consts: HashMap<&'a str, ConstEntry<'a>>,
    pub methods: HashMap<(&'a str, &'a str), &'a MethodDecl>,
    /// Per file: import name → import path.
    pub imports: Vec<HashMap<String, &'a str>>,
    /// Per file: the packages imported with `.`, whose names are used unqualified.
    pub dot_imports: Vec<Vec<&'a str>>,
}

/// A resolved Go type.
#[derive(Debug, Clone)]
pub enum GoType<'a> {
    Builtin(&'a str),
    Named(TypeName, TypeEntry<'a>),
    /// A named type whose package is not loaded.
    External(TypeName, Span),
    Pointer(Box<GoType<'a>>),
    Slice(Box<GoType<'a>>),
    Array(Box<GoType<'a>>),
    Map(Box<GoType<'a>>, Box<GoType<'a>>),
    /// An anonymous struct: its fields, resolved in `origin`.
    Struct(&'a [crate::syntax::Field], Origin<'a>),
    Interface,
    /// A type parameter or an unknown local name.
    Unknown(String, Span),
    /// A channel, function or other shape OpenAPI cannot express (what it is, as the syntax
    /// stage described it).
    Unsupported(String, Span),
    /// A written type this tool stops resolving, located at its first named part.
    Unresolvable(Unresolvable, Span),
}

/// Why [`Universe::resolve`] gave up on a written type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unresolvable {
    /// Nested (as written and through aliases together) deeper than
    /// [`crate::limits::RESOLVE_DEPTH`]: valid Go, `resolve/too-deep`.
    TooDeep,
    /// Aliases that refer to themselves (`type A = []A`, `type A = B; type B = A`): the Go
    /// compiler rejects them ("invalid recursive type alias"), `resolve/alias-cycle`.
    AliasCycle,
}

/// Every loaded package (inputs and the dependencies they reference), indexed by import
/// path: the scope in which written types and constants are resolved. Built once per run;
/// borrows the loaded declarations (`'a`).
pub struct Universe<'a> {
    pub packages: HashMap<&'a str, PackageIndex<'a>>,
    /// Import paths in a stable order.
    pub order: Vec<&'a str>,
}

const BUILTINS: &[&str] = &[
    "bool",
    "string",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uintptr",
    "byte",
    "rune",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "error",
    "any",
];

/// The predeclared type `name`, if it is one.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|builtin| **builtin == name).copied()
}

impl<'a> Universe<'a> {
    pub fn build(packages: &'a [LoadedPackage]) -> Universe<'a> {
        let mut index: HashMap<&'a str, PackageIndex<'a>> = HashMap::default();
        let mut order = Vec::new();
        for package in packages {
            let mut entry = PackageIndex {
                package,
                name: "",
                types: HashMap::default(),
                consts: HashMap::default(),
                methods: HashMap::default(),
                imports: Vec::new(),
                dot_imports: Vec::new(),
            };
            for (file_index, file) in package.files.iter().enumerate() {
                let origin = Origin {
                    package: &package.import_path,
                    file: file_index,
                };
                if entry.name.is_empty() {
                    entry.name = &file.decls.package_name;
                }
                for decl in &file.decls.types {
                    entry
                        .types
                        .entry(decl.name.as_str())
                        .or_insert(TypeEntry { decl, origin });
                }
                for spec in &file.decls.consts {
                    for (index, (name, _)) in spec.names.iter().enumerate() {
                        entry.consts.entry(name.as_str()).or_insert(ConstEntry {
                            spec,
                            index,
                            origin,
                        });
                    }
                }
                for method in &file.decls.methods {
                    entry
                        .methods
                        .insert((method.receiver.as_str(), method.name.as_str()), method);
                }
            }
            order.push(package.import_path.as_str());
            index.insert(&package.import_path, entry);
        }
        // Import maps need every package's real name, so they come second.
        let names: HashMap<&str, String> = index
            .iter()
            .map(|(path, p)| (*path, p.name.to_string()))
            .collect();
        for path in &order {
            let entry = index
                .get_mut(path)
                .expect("every ordered package is indexed");
            entry.imports = entry
                .package
                .files
                .iter()
                .map(|file| import_map(&file.decls.imports, &names))
                .collect();
            entry.dot_imports = entry
                .package
                .files
                .iter()
                .map(|file| {
                    file.decls
                        .imports
                        .iter()
                        .filter(|i| i.alias.as_deref() == Some("."))
                        .map(|i| i.path.as_str())
                        .collect()
                })
                .collect();
        }
        order.sort();
        Universe {
            packages: index,
            order,
        }
    }

    pub fn package(&self, path: &str) -> Option<&PackageIndex<'a>> {
        self.packages.get(path)
    }

    /// The import path that `qualifier` names in the file of `origin`.
    pub fn import_path(&self, origin: Origin<'a>, qualifier: &str) -> Option<&'a str> {
        let package = self.packages.get(origin.package)?;
        package.imports.get(origin.file)?.get(qualifier).copied()
    }

    pub fn lookup_type(&self, name: &TypeName) -> Option<TypeEntry<'a>> {
        self.packages
            .get(name.package.as_str())?
            .types
            .get(name.name.as_str())
            .copied()
    }

    /// Resolves a written type in the file where it was written. Aliases (`type A = B`) are
    /// transparent, as in Go. Nesting (written and through aliases together) is bounded by
    /// [`crate::limits::RESOLVE_DEPTH`]: deeper types and alias cycles resolve to
    /// [`GoType::Unresolvable`], which `resolve` reports.
    pub fn resolve(&self, origin: Origin<'a>, ty: &'a TypeExpr) -> GoType<'a> {
        self.resolve_bounded(origin, ty, 0)
    }

    fn resolve_bounded(&self, origin: Origin<'a>, ty: &'a TypeExpr, depth: usize) -> GoType<'a> {
        if depth > crate::limits::RESOLVE_DEPTH {
            let why = if self.reaches_alias_cycle(origin, ty) {
                Unresolvable::AliasCycle
            } else {
                Unresolvable::TooDeep
            };
            return unresolvable(ty, why);
        }
        match self.resolve_once(origin, ty, depth) {
            GoType::Named(_, entry) if entry.decl.is_alias => {
                self.resolve_bounded(entry.origin, &entry.decl.ty, depth + 1)
            }
            other => other,
        }
    }

    fn resolve_once(&self, origin: Origin<'a>, ty: &'a TypeExpr, depth: usize) -> GoType<'a> {
        let inner = |ty: &'a TypeExpr| Box::new(self.resolve_bounded(origin, ty, depth + 1));
        match ty {
            TypeExpr::Named {
                package: None,
                name,
                span,
                ..
            } => match self.named(origin, ty) {
                Some((type_name, Some(entry))) => GoType::Named(type_name, entry),
                _ => match builtin(name) {
                    Some(builtin) => GoType::Builtin(builtin),
                    None => GoType::Unknown(name.clone(), span.clone()),
                },
            },
            TypeExpr::Named {
                package: Some(_),
                span,
                ..
            } => match self.named(origin, ty) {
                Some((type_name, Some(entry))) => GoType::Named(type_name, entry),
                Some((type_name, None)) => GoType::External(type_name, span.clone()),
                None => unreachable!("a qualified name always names a type"),
            },
            TypeExpr::Pointer(element) => GoType::Pointer(inner(element)),
            TypeExpr::Slice(element) => GoType::Slice(inner(element)),
            TypeExpr::Array(element) => GoType::Array(inner(element)),
            TypeExpr::Map(key, value) => GoType::Map(inner(key), inner(value)),
            TypeExpr::Struct(fields) => GoType::Struct(fields, origin),
            TypeExpr::Interface { .. } => GoType::Interface,
            TypeExpr::Unsupported { what, span } => GoType::Unsupported(what.clone(), span.clone()),
        }
    }

    /// What a `TypeExpr::Named` names: the type's full name and, when its package is loaded
    /// and declares it, its declaration. `None` for an unqualified name the package does not
    /// declare (a builtin, a type parameter, a typo) and for other type expressions.
    fn named(
        &self,
        origin: Origin<'a>,
        ty: &'a TypeExpr,
    ) -> Option<(TypeName, Option<TypeEntry<'a>>)> {
        let TypeExpr::Named { package, name, .. } = ty else {
            return None;
        };
        match package {
            None => {
                let package = self.packages.get(origin.package)?;
                if let Some(entry) = package.types.get(name.as_str()) {
                    let type_name = TypeName {
                        package: origin.package.to_string(),
                        name: name.clone(),
                    };
                    return Some((type_name, Some(*entry)));
                }
                // `import . "pkg"`: the name may be that package's.
                let dots = package.dot_imports.get(origin.file)?;
                dots.iter().find_map(|path| {
                    let type_name = TypeName {
                        package: path.to_string(),
                        name: name.clone(),
                    };
                    let entry = self.lookup_type(&type_name)?;
                    Some((type_name, Some(entry)))
                })
            }
            Some(qualifier) => {
                let path = self
                    .import_path(origin, qualifier)
                    .map(str::to_string)
                    .unwrap_or_else(|| qualifier.clone());
                let type_name = TypeName {
                    package: path,
                    name: name.clone(),
                };
                let entry = self.lookup_type(&type_name);
                Some((type_name, entry))
            }
        }
    }

    /// Whether following the aliases in `ty` (as `resolve` does) comes back to an alias on
    /// its own path. Only asked when resolution ran out of depth, to tell an alias cycle from
    /// a merely deep type; iterative, each alias explored once.
    fn reaches_alias_cycle(&self, origin: Origin<'a>, ty: &'a TypeExpr) -> bool {
        enum Step<'a> {
            Visit(Origin<'a>, &'a TypeExpr),
            Leave(*const TypeDecl),
        }
        let mut on_path: HashSet<*const TypeDecl> = HashSet::default();
        let mut explored: HashSet<*const TypeDecl> = HashSet::default();
        let mut stack = vec![Step::Visit(origin, ty)];
        while let Some(step) = stack.pop() {
            let (origin, ty) = match step {
                Step::Leave(decl) => {
                    on_path.remove(&decl);
                    explored.insert(decl);
                    continue;
                }
                Step::Visit(origin, ty) => (origin, ty),
            };
            match ty {
                TypeExpr::Named { .. } => {
                    let Some((_, Some(entry))) = self.named(origin, ty) else {
                        continue;
                    };
                    let decl: *const TypeDecl = entry.decl;
                    if !entry.decl.is_alias || explored.contains(&decl) {
                        continue;
                    }
                    if !on_path.insert(decl) {
                        return true;
                    }
                    stack.push(Step::Leave(decl));
                    stack.push(Step::Visit(entry.origin, &entry.decl.ty));
                }
                TypeExpr::Pointer(element)
                | TypeExpr::Slice(element)
                | TypeExpr::Array(element) => stack.push(Step::Visit(origin, element)),
                TypeExpr::Map(key, value) => {
                    stack.push(Step::Visit(origin, key));
                    stack.push(Step::Visit(origin, value));
                }
                // `resolve` does not descend into these.
                TypeExpr::Struct(_) | TypeExpr::Interface { .. } | TypeExpr::Unsupported { .. } => {
                }
            }
        }
        false
    }

    /// The struct a type declaration defines: the declaration itself for `type T struct{…}`,
    /// else, for a defined type over another named struct (`type MatchCondition
    /// v1.MatchCondition`, through aliases and further defined types), that struct's entry,
    /// whose fields the defined type has (Go's rule, and gengo's: openapi-gen gives the
    /// defined type its own definition with those fields). Not for aliases (the same type as
    /// their target) or generic types (bounded, for cycles).
    pub fn struct_of(&self, entry: TypeEntry<'a>) -> Option<TypeEntry<'a>> {
        if entry.decl.is_alias || !entry.decl.type_params.is_empty() {
            return None;
        }
        let mut current = entry;
        for _ in 0..crate::limits::TYPE_DEPTH {
            match &current.decl.ty {
                TypeExpr::Struct(_) => return Some(current),
                TypeExpr::Named { .. } => match self.resolve(current.origin, &current.decl.ty) {
                    GoType::Named(_, next) if next.decl.type_params.is_empty() => current = next,
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// Follows defined types and aliases down to a non-named type (bounded, for cycles).
    pub fn underlying(&self, ty: GoType<'a>) -> GoType<'a> {
        let mut current = ty;
        for _ in 0..64 {
            match current {
                GoType::Named(_, entry) => current = self.resolve(entry.origin, &entry.decl.ty),
                other => return other,
            }
        }
        current
    }

    /// The method of a type (by receiver type name), when its body was kept.
    pub fn method(&self, name: &TypeName, method: &str) -> Option<&'a MethodDecl> {
        self.packages
            .get(name.package.as_str())?
            .methods
            .get(&(name.name.as_str(), method))
            .copied()
    }
}

/// The placeholder for a type resolution gave up on, located at its first named part (found
/// without recursion); a type without any located part becomes `interface{}`.
fn unresolvable(ty: &TypeExpr, why: Unresolvable) -> GoType<'_> {
    let mut current = ty;
    loop {
        match current {
            TypeExpr::Named { span, .. } | TypeExpr::Unsupported { span, .. } => {
                return GoType::Unresolvable(why, span.clone())
            }
            TypeExpr::Pointer(inner) | TypeExpr::Slice(inner) | TypeExpr::Array(inner) => {
                current = inner
            }
            TypeExpr::Map(_, value) => current = value,
            TypeExpr::Struct(fields) => match fields.first() {
                Some(field) => return GoType::Unresolvable(why, field.span.clone()),
                None => return GoType::Interface,
            },
            TypeExpr::Interface { .. } => return GoType::Interface,
        }
    }
}

fn import_map<'a>(
    imports: &'a [Import],
    names: &HashMap<&str, String>,
) -> HashMap<String, &'a str> {
    imports
        .iter()
        .filter_map(|import| {
            let name = match import.alias.as_deref() {
                Some("_") | Some(".") => return None,
                Some(alias) => alias.to_string(),
                None => names
                    .get(import.path.as_str())
                    .cloned()
                    .unwrap_or_else(|| last_element_name(&import.path)),
            };
            Some((name, import.path.as_str()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_import_names() {
        assert_eq!(last_element_name("k8s.io/api/core/v1"), "v1");
        assert_eq!(last_element_name("gopkg.in/yaml.v2"), "yaml");
        assert_eq!(last_element_name("example.com/go-thing"), "go_thing");
    }
}
