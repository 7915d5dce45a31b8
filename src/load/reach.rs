//! [`Reach::Types`](super::Reach::Types): the dependencies loaded type by type, only as far as
//! the seed types reach through their declarations. A package is read whole once one of its
//! types is reached (what reads it may read every declaration); only the types reached are
//! followed further.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use super::{last_element_name, LoadedPackage, Lookups, Seed, Target};
use crate::syntax::{FileDecls, TypeExpr};

/// A type to follow (or, `name: None`, a package to load and no type of it).
struct Reference {
    package: String,
    name: Option<String>,
    /// The qualifier of an import without an alias it was written with: that import denotes
    /// the package only when its name is the qualifier. The name is known only once the
    /// package is read, so every import that may be it is loaded (as [`Reach::Declarations`]
    /// loads them, which makes the resolution of the qualifier the same), and only the one
    /// named so is followed.
    ///
    /// [`Reach::Declarations`]: super::Reach::Declarations
    qualifier: Option<String>,
    /// The package it is written in: its module is where the package is looked up.
    from: String,
}

/// Where a package declares each of its type names: (file, declaration) indices.
type Declared = HashMap<String, Vec<(usize, usize)>>;

/// Loads, in waves, the packages of the types the seeds reach.
pub(super) fn load_types(lookups: &mut Lookups, target: &mut Target, seeds: Vec<Seed>) {
    let mut index: HashMap<String, usize> = target
        .loaded
        .iter()
        .enumerate()
        .map(|(at, package)| (package.import_path.clone(), at))
        .collect();
    let mut follower = Follower::default();
    let mut queue: VecDeque<Reference> = seeds
        .into_iter()
        .map(|seed| Reference {
            package: seed.package,
            name: seed.name,
            qualifier: None,
            from: seed.from,
        })
        .collect();
    let mut waiting: Vec<Reference> = Vec::new();
    loop {
        while let Some(reference) = queue.pop_front() {
            match index.get(&reference.package) {
                Some(&at) => follower.follow(at, &target.loaded[at], &reference, &mut queue),
                // Not found, the standard library, or no Go files: nothing to follow.
                None if lookups.known.contains(&reference.package) => {}
                None => waiting.push(reference),
            }
        }
        if waiting.is_empty() {
            return;
        }
        // Each package is looked up from the module of the first package that names it.
        let mut frontier: BTreeMap<String, Option<String>> = BTreeMap::new();
        for reference in &waiting {
            let from = lookups.module_of.get(&reference.from).cloned().flatten();
            frontier.entry(reference.package.clone()).or_insert(from);
        }
        let wave = lookups.wave(&frontier, target.project);
        let first = target.add(&wave);
        for (at, package) in target.loaded.iter().enumerate().skip(first) {
            index.insert(package.import_path.clone(), at);
        }
        queue.extend(waiting.drain(..));
    }
}

#[derive(Default)]
struct Follower {
    /// The types followed already: (package, name).
    reached: HashSet<(String, String)>,
    /// Per loaded package (by index), where it declares its types; made on first use.
    declared: HashMap<usize, Declared>,
}

impl Follower {
    /// Follows `reference` into `package` (loaded at `at`): the declarations of the type,
    /// whose written types' names go to `queue`.
    fn follow(
        &mut self,
        at: usize,
        package: &LoadedPackage,
        reference: &Reference,
        queue: &mut VecDeque<Reference>,
    ) {
        let Some(name) = &reference.name else {
            return;
        };
        if let Some(qualifier) = &reference.qualifier {
            // The name the package is imported as, as resolution reads it: its first
            // file's package clause.
            let real = package
                .files
                .iter()
                .map(|f| f.decls.package_name.as_str())
                .find(|n| !n.is_empty());
            if real.is_some_and(|real| real != qualifier) {
                return;
            }
        }
        if !self
            .reached
            .insert((package.import_path.clone(), name.clone()))
        {
            return;
        }
        let declared = self
            .declared
            .entry(at)
            .or_insert_with(|| declarations(package));
        let Some(places) = declared.get(name) else {
            return;
        };
        for &(file, decl) in places {
            let decls = &package.files[file].decls;
            let mut names = Names {
                package: &package.import_path,
                decls,
                declared,
                queue,
            };
            names.of(&decls.types[decl].ty, 0);
        }
    }
}

fn declarations(package: &LoadedPackage) -> Declared {
    let mut declared: Declared = HashMap::new();
    for (file_index, file) in package.files.iter().enumerate() {
        for (decl_index, decl) in file.decls.types.iter().enumerate() {
            declared
                .entry(decl.name.clone())
                .or_default()
                .push((file_index, decl_index));
        }
    }
    declared
}

/// The type names of a written type, as references to follow.
struct Names<'n> {
    package: &'n str,
    /// The file the type is written in (its imports).
    decls: &'n FileDecls,
    declared: &'n Declared,
    queue: &'n mut VecDeque<Reference>,
}

impl Names<'_> {
    fn push(&mut self, package: &str, name: &str, qualifier: Option<&str>) {
        self.queue.push_back(Reference {
            package: package.to_string(),
            name: Some(name.to_string()),
            qualifier: qualifier.map(str::to_string),
            from: self.package.to_string(),
        });
    }

    fn of(&mut self, ty: &TypeExpr, depth: usize) {
        if depth > crate::limits::LOAD_TYPE_NESTING {
            return;
        }
        match ty {
            TypeExpr::Named {
                package: None,
                name,
                args,
                ..
            } => {
                if self.declared.contains_key(name) {
                    let package = self.package;
                    self.push(package, name, None);
                } else {
                    // Not the package's own: a dot import's (or a predeclared type).
                    let dots: Vec<&str> = self
                        .decls
                        .imports
                        .iter()
                        .filter(|i| i.alias.as_deref() == Some("."))
                        .map(|i| i.path.as_str())
                        .collect();
                    for path in dots {
                        self.push(path, name, None);
                    }
                }
                for arg in args {
                    self.of(arg, depth + 1);
                }
            }
            TypeExpr::Named {
                package: Some(qualifier),
                name,
                args,
                ..
            } => {
                let decls = self.decls;
                for import in &decls.imports {
                    match import.alias.as_deref() {
                        Some(alias) if alias == qualifier => self.push(&import.path, name, None),
                        None => {
                            let default = last_element_name(&import.path);
                            // As [`super::referenced_imports`]: `…/foo/v2` is often `foo`.
                            if default.starts_with(qualifier.as_str())
                                || qualifier.starts_with(default.as_str())
                            {
                                self.push(&import.path, name, Some(qualifier));
                            }
                        }
                        Some(_) => {}
                    }
                }
                for arg in args {
                    self.of(arg, depth + 1);
                }
            }
            TypeExpr::Pointer(inner) | TypeExpr::Slice(inner) | TypeExpr::Array(inner) => {
                self.of(inner, depth + 1)
            }
            TypeExpr::Map(key, value) => {
                self.of(key, depth + 1);
                self.of(value, depth + 1);
            }
            TypeExpr::Struct(fields) => {
                for field in fields {
                    self.of(&field.ty, depth + 1);
                }
            }
            TypeExpr::Interface { .. } | TypeExpr::Unsupported { .. } => {}
        }
    }
}
