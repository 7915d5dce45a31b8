//! Loading: reads the discovered packages' files (in parallel), checks encoding and build
//! constraints, parses them with the syntax front end, then loads the packages they
//! reference that are not inputs (vendor/, replace, other modules, module cache), in waves,
//! only as far as type and constant declarations reach ([`Reach::Declarations`]), or only as
//! far as chosen types reach, type by type ([`Reach::Types`], `reach`).
//!
//! Input: [`discover::Package`]s. Output: [`LoadedPackage`]s, the [`SourceMap`], the
//! packages that could not be found, and diagnostics. Must not know: what declarations mean.
//!
//! Every command reads the disk ([`load_with`] with [`Disk`]); the editor (`lsp`) reads
//! through its own [`Overlay`]: its open buffers instead of the files, and the parses it kept.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diag::{Code, Diagnostic};
use crate::discover::{self, Package, WalkError};
use crate::modules::{self, Lookup, ModuleGraph};
use crate::source::{FileId, SourceFile, SourceMap, Span};
use crate::syntax::{self, ConstExpr, FileDecls, TypeExpr};

mod reach;

/// One package handed to `resolve`.
#[derive(Debug, Clone)]
pub struct LoadedPackage {
    pub import_path: String,
    /// An input package (its types become definitions) rather than a dependency.
    pub is_input: bool,
    pub files: Vec<LoadedFile>,
}

impl LoadedPackage {
    /// The comments gengo reads package tags from (`+k8s:openapi-gen=`,
    /// `+k8s:openapi-model-package=`): every comment of the package's `doc.go`, none of any
    /// other file (gengo v1 and v2 `parser`: "for historical reasons we treat files named
    /// doc.go specially").
    pub fn gengo_package_comments(&self) -> impl Iterator<Item = &crate::syntax::Doc> {
        self.files
            .iter()
            .filter_map(|f| f.decls.gengo_package_comments.as_ref())
    }
}

#[derive(Debug, Clone)]
pub struct LoadedFile {
    pub id: FileId,
    pub decls: FileDecls,
}

/// The name a package gets when imported without an alias, when its source is not loaded:
/// the last path element, minus a `.vN` suffix, `-` made `_`.
pub(crate) fn last_element_name(path: &str) -> String {
    let last = path.rsplit('/').next().unwrap_or(path);
    // gopkg.in/yaml.v2 → yaml; a major-version suffix does not name the package.
    let last = last.split('.').next().unwrap_or(last);
    last.replace('-', "_")
}

#[derive(Default)]
pub struct Loaded {
    pub packages: Vec<LoadedPackage>,
    pub sources: SourceMap,
    /// Referenced packages that could not be found, with the places searched.
    pub missing: BTreeMap<String, Vec<String>>,
    /// Import paths of the loaded packages that belong to the project: the inputs and the
    /// packages found in the input modules or go.work's `use` modules (not in `vendor/`, the
    /// module cache or a `replace` directory of another module). `crd` adds enum lists only
    /// for their types (SPEC §4).
    pub project: BTreeSet<String>,
    pub diagnostics: Vec<Diagnostic>,
}

enum ReadResult {
    Text(String),
    NotUtf8 { valid_prefix: String },
    Unreadable(String),
}

impl ReadResult {
    /// The bytes there are to parse.
    fn len(&self) -> usize {
        match self {
            ReadResult::Text(text) => text.len(),
            _ => 0,
        }
    }
}

fn read(path: &std::path::Path) -> ReadResult {
    match crate::source::read_regular_file_at_most(path, crate::limits::GO_SOURCE_BYTES) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(mut text) => {
                // A UTF-8 BOM is not part of Go source; blank it so offsets stay the same.
                if text.starts_with('\u{feff}') {
                    text.replace_range(0..3, "   ");
                }
                ReadResult::Text(text)
            }
            Err(error) => {
                let valid = error.utf8_error().valid_up_to();
                let bytes = error.into_bytes();
                ReadResult::NotUtf8 {
                    valid_prefix: String::from_utf8_lossy(&bytes[..valid]).into_owned(),
                }
            }
        },
        Err(error) => ReadResult::Unreadable(error.to_string()),
    }
}

/// The error for a file past the parser's bound ([`syntax::TooLarge`]).
fn too_large_to_parse(id: FileId, too_large: syntax::TooLarge) -> Diagnostic {
    Diagnostic::new(
        Code::IoUnreadable,
        Span::new(id, 0..0),
        format!(
            "this file is too large to parse: its declarations outside function bodies hold \
             more than {} tokens (union-gen's limit; the parser's memory grows with them)",
            too_large.tokens
        ),
    )
    .with_help(
        "split the declarations into several files, or leave this file out of the packages given",
    )
}

/// One file's parse, or the bound it is past.
pub type Parsed = Result<(FileDecls, Vec<Diagnostic>), syntax::TooLarge>;

/// What the loader reads in place of the disk, and how it parses: the editor's open buffers
/// (unsaved text) and the parses of a previous run it kept (`lsp` only).
pub trait Overlay: Sync {
    /// The text of `path` to use instead of the file's (`None`: read the file).
    fn text(&self, path: &Path) -> Option<String>;
    /// [`syntax::parse_within_bounds`] of `text` as file `id`, or the same result kept from
    /// before.
    fn parse(&self, id: FileId, path: &Path, text: &str) -> Parsed;
}

/// The files as they are on disk, parsed afresh: what every command reads.
pub struct Disk;

impl Overlay for Disk {
    fn text(&self, _: &Path) -> Option<String> {
        None
    }

    fn parse(&self, id: FileId, _: &Path, text: &str) -> Parsed {
        syntax::parse_within_bounds(id, text)
    }
}

/// One file after the parallel read + parse: the source, an I/O diagnostic, the parse.
type PreparedFile = (
    SourceFile,
    Option<Diagnostic>,
    Option<(FileDecls, Vec<Diagnostic>)>,
);

/// A package to read and parse: import path and files.
struct Pending {
    import_path: String,
    files: Vec<PathBuf>,
}

/// How far the loader follows the inputs' references to other packages.
pub enum Reach<'s> {
    /// Every package the type and constant declarations of the loaded packages name, and
    /// those packages' in turn: what union-gen's own resolution may read (every command but
    /// `controller-gen`).
    Declarations,
    /// Only the packages that the types named by the seeds reach: the seeds' declarations,
    /// the types they name, and theirs in turn (controller-gen's `crd` generator, which reads
    /// the types its kinds reach and nothing else). The seeds are chosen once the inputs are
    /// loaded.
    Types(&'s dyn Fn(&[LoadedPackage]) -> Vec<Seed>),
    /// The inputs alone (controller-gen's `rbac` and `webhook` generators read markers only).
    Inputs,
}

/// Where [`Reach::Types`] starts: a type declared in an input package, or a package some
/// input package imports (`name: None`: the package alone, none of its types).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    /// The input package that declares the type or imports the package.
    pub from: String,
    pub package: String,
    pub name: Option<String>,
}

/// Reads and parses `packages` and what they reference, through `overlay` (every command but
/// `lsp` passes [`Disk`]).
pub fn load_with(packages: &[Package], walk_errors: &[WalkError], overlay: &dyn Overlay) -> Loaded {
    load_reaching(packages, walk_errors, overlay, Reach::Declarations)
}

/// [`load_with`], following references only as far as `reach` says.
pub fn load_reaching(
    packages: &[Package],
    walk_errors: &[WalkError],
    overlay: &dyn Overlay,
    reach: Reach,
) -> Loaded {
    let mut sources = SourceMap::default();
    let mut diagnostics = Vec::new();
    for error in walk_errors {
        diagnostics.push(Diagnostic::without_location(
            Code::IoUnreadable,
            format!(
                "cannot read directory {}: {}",
                error.path.display(),
                error.message
            ),
        ));
    }
    let inputs: Vec<Pending> = packages
        .iter()
        .map(|p| Pending {
            import_path: p.import_path.clone(),
            files: p.files.clone(),
        })
        .collect();
    let mut loaded = load_wave(&inputs, true, overlay, &mut sources, &mut diagnostics);
    if let Some(package) = packages.iter().find(|p| p.module.is_none()) {
        diagnostics.push(Diagnostic::without_location(
            Code::ResolveNoGoMod,
            format!(
                "no go.mod above {}; import paths are taken relative to the working directory (e.g. `{}`)",
                package.dir.display(),
                package.import_path
            ),
        ));
    }

    let mut project: BTreeSet<String> = loaded.iter().map(|p| p.import_path.clone()).collect();
    let missing = match reach {
        Reach::Inputs => BTreeMap::new(),
        Reach::Declarations | Reach::Types(_) => {
            let mut lookups = Lookups::new(packages, &loaded);
            let mut target = Target {
                overlay,
                loaded: &mut loaded,
                sources: &mut sources,
                project: &mut project,
            };
            match reach {
                Reach::Types(seeds) => {
                    let seeds = seeds(target.loaded);
                    reach::load_types(&mut lookups, &mut target, seeds);
                }
                _ => load_dependencies(&mut lookups, &mut target),
            }
            lookups.missing
        }
    };
    Loaded {
        packages: loaded,
        sources,
        missing,
        project,
        diagnostics,
    }
}

/// Where the dependencies of the inputs are looked up, and what the lookups found.
struct Lookups {
    graph: ModuleGraph,
    /// The module each loaded package's imports are looked up from.
    module_of: BTreeMap<String, Option<String>>,
    /// The import paths looked up (or loaded) already.
    known: BTreeSet<String>,
    /// Referenced packages found nowhere, with the places searched.
    missing: BTreeMap<String, Vec<String>>,
}

/// What a wave of dependencies is loaded into.
struct Target<'t> {
    overlay: &'t dyn Overlay,
    loaded: &'t mut Vec<LoadedPackage>,
    sources: &'t mut SourceMap,
    project: &'t mut BTreeSet<String>,
}

impl Target<'_> {
    /// Reads and parses `wave`, adds it; returns the index of its first package.
    fn add(&mut self, wave: &[Pending]) -> usize {
        // Problems inside dependencies are not the user's to fix; they are not reported.
        let mut ignored = Vec::new();
        let new = load_wave(wave, false, self.overlay, self.sources, &mut ignored);
        let first = self.loaded.len();
        self.loaded.extend(new);
        first
    }
}

impl Lookups {
    fn new(packages: &[Package], loaded: &[LoadedPackage]) -> Lookups {
        let roots: BTreeSet<PathBuf> = packages
            .iter()
            .filter_map(|p| p.module.as_ref().map(|m| m.0.clone()))
            .collect();
        let graph = ModuleGraph::load(&roots.into_iter().collect::<Vec<_>>());
        // Each import is looked up from the module of the package that references it (its
        // go.mod's requires, replaces and vendor/). A dependency found inside an input module
        // (go.work, other inputs) belongs to that module; one found elsewhere (vendor/,
        // replace, module cache) keeps the module it was looked up from, whose go.mod lists
        // every module its build needs (module graph pruning). Packages without a go.mod look
        // up from the first input module.
        let main_module = packages
            .iter()
            .find_map(|p| p.module.as_ref().map(|m| m.1.clone()));
        let module_of: BTreeMap<String, Option<String>> = packages
            .iter()
            .map(|p| {
                let module = p.module.as_ref().map(|m| m.1.clone());
                (
                    p.import_path.clone(),
                    module.or_else(|| main_module.clone()),
                )
            })
            .collect();
        let known: BTreeSet<String> = loaded.iter().map(|p| p.import_path.clone()).collect();
        Lookups {
            graph,
            module_of,
            known,
            missing: BTreeMap::new(),
        }
    }

    /// Looks up the packages of `frontier` (each with the module it is looked up from) and
    /// returns those found with Go files, to read; the others become known.
    fn wave(
        &mut self,
        frontier: &BTreeMap<String, Option<String>>,
        project: &mut BTreeSet<String>,
    ) -> Vec<Pending> {
        let mut wave = Vec::new();
        for (import_path, from) in frontier {
            if !self.known.insert(import_path.clone()) {
                continue;
            }
            if modules::is_standard_library(import_path) {
                continue;
            }
            match self.graph.find(import_path, from.as_deref()) {
                Lookup::Found(dir) => {
                    if self.graph.is_run_module_dir(&dir) {
                        project.insert(import_path.clone());
                    }
                    let owner = self
                        .graph
                        .module_at(&dir)
                        .map(str::to_string)
                        .or_else(|| from.clone());
                    self.module_of.insert(import_path.clone(), owner);
                    let files = discover::package_files(&dir);
                    if !files.is_empty() {
                        wave.push(Pending {
                            import_path: import_path.clone(),
                            files,
                        });
                    }
                }
                Lookup::NotFound { searched } => {
                    self.missing.insert(import_path.clone(), searched);
                }
            }
        }
        wave
    }
}

/// Loads, in waves, the packages that the loaded packages' type and const declarations
/// reference.
fn load_dependencies(lookups: &mut Lookups, target: &mut Target) {
    let mut frontier = referenced_imports(target.loaded, &lookups.known, &lookups.module_of);
    while !frontier.is_empty() {
        let wave = lookups.wave(&frontier, target.project);
        let first = target.add(&wave);
        frontier = referenced_imports(&target.loaded[first..], &lookups.known, &lookups.module_of);
    }
}

fn load_wave(
    packages: &[Pending],
    is_input: bool,
    overlay: &dyn Overlay,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<LoadedPackage> {
    let paths: Vec<&PathBuf> = packages.iter().flat_map(|p| p.files.iter()).collect();
    // Ids are assigned in file order (so output never depends on thread timing) before the
    // parallel parse, which needs them for spans.
    let base = sources.len();
    let texts: Vec<ReadResult> = paths
        .par_iter()
        .map(|path| match overlay.text(path) {
            Some(text) => ReadResult::Text(text),
            None => read(path),
        })
        .collect();
    // The largest files are parsed first: a wave lasts at least as long as its largest file's
    // parse (k8s.io/api's core/v1/types.go is a sixth of the tree's), and one started last
    // runs alone on one core while the others wait.
    let mut order: Vec<usize> = (0..texts.len()).collect();
    order.sort_by_key(|&index| std::cmp::Reverse(texts[index].len()));
    let mut parses: Vec<(usize, Option<Parsed>)> = order
        .par_iter()
        // One file per job: rayon's default splits hand a thread a run of files in a row —
        // here, all the largest ones.
        .with_max_len(1)
        .map(|&index| {
            let id = FileId((base + index) as u32);
            (index, parse_read(id, paths[index], &texts[index], overlay))
        })
        .collect();
    parses.sort_unstable_by_key(|(index, _)| *index);
    let prepared = texts
        .into_iter()
        .zip(parses)
        .enumerate()
        .map(|(index, (read, (_, parse)))| {
            let id = FileId((base + index) as u32);
            prepare_file(id, paths[index], read, parse)
        });
    let mut ids = Vec::with_capacity(paths.len());
    let mut parsed = Vec::with_capacity(paths.len());
    for (file, diagnostic, result) in prepared {
        ids.push(sources.add(file));
        diagnostics.extend(diagnostic);
        parsed.push(result);
    }
    let mut results = ids.into_iter().zip(parsed);
    let mut loaded = Vec::with_capacity(packages.len());
    for package in packages {
        let mut files = Vec::new();
        for (id, result) in results.by_ref().take(package.files.len()) {
            if let Some((decls, file_diagnostics)) = result {
                diagnostics.extend(file_diagnostics);
                files.push(LoadedFile { id, decls });
            }
        }
        // Files of another package in the same directory (e.g. `package main` tools) are skipped.
        let main_name = files
            .first()
            .map(|f: &LoadedFile| f.decls.package_name.clone())
            .unwrap_or_default();
        files.retain(|f| f.decls.package_name == main_name || f.decls.package_name.is_empty());
        loaded.push(LoadedPackage {
            import_path: package.import_path.clone(),
            is_input,
            files,
        });
    }
    loaded
}

/// The parse of one file read (`None`: not read as text, or left out by a build constraint).
fn parse_read(id: FileId, path: &Path, read: &ReadResult, overlay: &dyn Overlay) -> Option<Parsed> {
    let ReadResult::Text(text) = read else {
        return None;
    };
    (!syntax::is_build_ignored(text)).then(|| {
        overlay
            .parse(id, path, text)
            .map(|(mut decls, diagnostics)| {
                if path.file_name() == Some(std::ffi::OsStr::new("doc.go")) {
                    decls.gengo_package_comments = Some(syntax::all_comments(id, text));
                }
                (decls, diagnostics)
            })
    })
}

/// One file read (through the overlay) and parsed, with the I/O diagnostic it got.
fn prepare_file(id: FileId, path: &Path, read: ReadResult, parsed: Option<Parsed>) -> PreparedFile {
    match read {
        ReadResult::Text(text) => {
            let (parsed, too_large) = match parsed {
                Some(Err(too_large)) => (None, Some(too_large_to_parse(id, too_large))),
                Some(Ok(parsed)) => (Some(parsed), None),
                None => (None, None),
            };
            (SourceFile::new(path.to_path_buf(), text), too_large, parsed)
        }
        ReadResult::NotUtf8 { valid_prefix } => {
            let offset = valid_prefix.len();
            let diagnostic = Diagnostic::new(
                Code::IoNotUtf8,
                Span::new(id, offset..offset),
                format!("{} is not valid UTF-8", path.display()),
            )
            .with_help("Go source files must be UTF-8; re-encode the file");
            (
                SourceFile::new(path.to_path_buf(), valid_prefix),
                Some(diagnostic),
                None,
            )
        }
        ReadResult::Unreadable(message) => {
            let diagnostic = Diagnostic::new(
                Code::IoUnreadable,
                Span::new(id, 0..0),
                format!("cannot read {}: {message}", path.display()),
            )
            .with_help("check the file's permissions");
            (
                SourceFile::new(path.to_path_buf(), String::new()),
                Some(diagnostic),
                None,
            )
        }
    }
}

/// Import paths named by the type and constant declarations of the packages, not yet known,
/// each with the module it is looked up from (that of its first referencing package).
fn referenced_imports(
    packages: &[LoadedPackage],
    known: &BTreeSet<String>,
    module_of: &BTreeMap<String, Option<String>>,
) -> BTreeMap<String, Option<String>> {
    let mut out = BTreeMap::new();
    for package in packages {
        let from = module_of.get(&package.import_path).cloned().flatten();
        for file in &package.files {
            let mut qualifiers = BTreeSet::new();
            for decl in &file.decls.types {
                type_qualifiers(&decl.ty, &mut qualifiers, 0);
            }
            for spec in &file.decls.consts {
                if let Some(ty) = &spec.ty {
                    type_qualifiers(ty, &mut qualifiers, 0);
                }
                for value in &spec.values {
                    const_qualifiers(value, &mut qualifiers, 0);
                }
            }
            for path in default_ref_packages(&file.decls) {
                if !known.contains(&path) {
                    out.entry(path).or_insert_with(|| from.clone());
                }
            }
            for import in &file.decls.imports {
                let name = match import.alias.as_deref() {
                    Some(alias) => alias.to_string(),
                    None => last_element_name(&import.path),
                };
                // The real name is only known once the package is loaded (`…/foo/v2` is often
                // `foo`): also keep an import whose default name starts like a used qualifier.
                // A dot import's names are used unqualified: load it whenever it is there.
                let used = name == "."
                    || qualifiers.contains(&name)
                    || (import.alias.is_none()
                        && qualifiers
                            .iter()
                            .any(|q| name.starts_with(q.as_str()) || q.starts_with(name.as_str())));
                if used && !known.contains(&import.path) {
                    out.entry(import.path.clone())
                        .or_insert_with(|| from.clone());
                }
            }
        }
    }
    out
}

/// Import paths named by `+default=ref(path.Name)` markers on types and struct fields:
/// openapi-gen loads the package a default names, even when nothing else uses it.
fn default_ref_packages(decls: &crate::syntax::FileDecls) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |doc: &crate::syntax::Doc| {
        for marker in &doc.markers {
            if marker.marker.name != crate::markers::registry::Kind::Default.name() {
                continue;
            }
            let value = marker.marker.value.as_deref().unwrap_or("");
            if let Some((Some(package), _)) = crate::markers::registry::default_ref(value) {
                out.insert(package.to_string());
            }
        }
    };
    for decl in &decls.types {
        add(&decl.doc);
        if let TypeExpr::Struct(fields) = &decl.ty {
            for field in fields {
                add(&field.doc);
            }
        }
    }
    out
}

fn type_qualifiers(ty: &TypeExpr, out: &mut BTreeSet<String>, depth: usize) {
    if depth > crate::limits::LOAD_TYPE_NESTING {
        return;
    }
    match ty {
        TypeExpr::Named { package, args, .. } => {
            if let Some(package) = package {
                out.insert(package.clone());
            }
            for arg in args {
                type_qualifiers(arg, out, depth + 1);
            }
        }
        TypeExpr::Pointer(inner) | TypeExpr::Slice(inner) | TypeExpr::Array(inner) => {
            type_qualifiers(inner, out, depth + 1)
        }
        TypeExpr::Map(key, value) => {
            type_qualifiers(key, out, depth + 1);
            type_qualifiers(value, out, depth + 1);
        }
        TypeExpr::Struct(fields) => {
            for field in fields {
                type_qualifiers(&field.ty, out, depth + 1);
            }
        }
        TypeExpr::Interface { .. } | TypeExpr::Unsupported { .. } => {}
    }
}

fn const_qualifiers(expr: &ConstExpr, out: &mut BTreeSet<String>, depth: usize) {
    if depth > crate::limits::LOAD_TYPE_NESTING {
        return;
    }
    match expr {
        ConstExpr::Qualified { package, .. } => {
            out.insert(package.clone());
        }
        ConstExpr::Binary { first, rest } => {
            const_qualifiers(first, out, depth + 1);
            for (_, operand) in rest {
                const_qualifiers(operand, out, depth + 1);
            }
        }
        ConstExpr::Call { callee, args, .. } => {
            const_qualifiers(callee, out, depth + 1);
            for arg in args {
                const_qualifiers(arg, out, depth + 1);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two independent input modules: each one's imports are looked up through its own go.mod
    /// and vendor/, not through the first module's.
    #[test]
    fn imports_are_looked_up_from_the_importing_module() {
        let patterns = [
            "testdata/deps/replaced/apis/v1".to_string(),
            "testdata/deps/vendored/apis/v1".to_string(),
        ];
        let (packages, errors) = discover::discover(&patterns).expect("testdata is readable");
        let loaded = load_with(&packages, &errors, &Disk);
        let paths: BTreeSet<&str> = loaded
            .packages
            .iter()
            .map(|p| p.import_path.as_str())
            .collect();
        for expected in [
            "example.com/shared/types",             // replace in replaced/go.mod
            "k8s.io/api/core/v1",                   // vendor/ of vendored
            "k8s.io/apimachinery/pkg/apis/meta/v1", // vendor/ of vendored, second wave
        ] {
            assert!(paths.contains(expected), "{expected} not loaded: {paths:?}");
            assert!(!loaded.missing.contains_key(expected));
        }
    }

    /// A seed type `name` of `package`, named from the input package of testdata/deps/reach.
    fn seed(package: &str, name: &str) -> Seed {
        Seed {
            from: "example.com/reach/apis/v1".into(),
            package: package.into(),
            name: Some(name.into()),
        }
    }

    fn loaded_paths(loaded: &Loaded) -> BTreeSet<&str> {
        loaded
            .packages
            .iter()
            .map(|p| p.import_path.as_str())
            .collect()
    }

    /// `Reach::Types` loads the packages of the types the seed reaches and no other; the
    /// declarations closure loads what every type of every loaded package names; `Inputs`
    /// nothing but the inputs.
    #[test]
    fn types_reach_only_what_the_seed_types_name() {
        let patterns = ["testdata/deps/reach/...".to_string()];
        let (packages, errors) = discover::discover(&patterns).expect("testdata is readable");
        let seeds = |_: &[LoadedPackage]| vec![seed("example.com/reach/apis/v1", "Widget")];
        let inputs = ["example.com/reach/apis/v1", "example.com/reach/controllers"];
        let reached = [
            "example.com/used",
            "example.com/used/deeper",
            "k8s.io/apimachinery/pkg/apis/meta/v1",
        ];
        let unreached = ["example.com/unused", "example.com/far"];

        let loaded = load_reaching(&packages, &errors, &Disk, Reach::Types(&seeds));
        let paths = loaded_paths(&loaded);
        let expected: BTreeSet<&str> = inputs.iter().chain(&reached).copied().collect();
        assert_eq!(paths, expected);
        assert!(loaded.missing.is_empty(), "{:?}", loaded.missing);

        let declared = load_with(&packages, &errors, &Disk);
        let paths = loaded_paths(&declared);
        for path in inputs.iter().chain(&reached).chain(&unreached) {
            assert!(paths.contains(path), "{path} not loaded: {paths:?}");
        }

        let only = load_reaching(&packages, &errors, &Disk, Reach::Inputs);
        let expected: BTreeSet<&str> = inputs.iter().copied().collect();
        assert_eq!(loaded_paths(&only), expected);
    }

    /// A package a reached type names that is nowhere is missing (for resolution to report
    /// where the type is used), not silently skipped.
    #[test]
    fn a_reached_package_found_nowhere_is_missing() {
        let patterns = ["testdata/deps/reach/apis/v1".to_string()];
        let (packages, errors) = discover::discover(&patterns).expect("testdata is readable");
        let seeds = |_: &[LoadedPackage]| vec![seed("example.com/nowhere", "Gone")];
        let loaded = load_reaching(&packages, &errors, &Disk, Reach::Types(&seeds));
        assert!(
            loaded.missing.contains_key("example.com/nowhere"),
            "{:?}",
            loaded.missing
        );
    }

    /// The project's packages: the inputs and what go.work's `use` modules hold; not what is
    /// found in `vendor/`, a `replace` directory with its own go.mod or the module cache.
    #[test]
    fn the_project_is_the_input_and_workspace_modules() {
        let patterns = [
            "testdata/deps/workspace/crd/...".to_string(),
            "testdata/deps/replaced/apis/v1".to_string(),
            "testdata/deps/vendored/apis/v1".to_string(),
        ];
        let (packages, errors) = discover::discover(&patterns).expect("testdata is readable");
        let loaded = load_with(&packages, &errors, &Disk);
        let loaded_paths: BTreeSet<&str> = loaded
            .packages
            .iter()
            .map(|p| p.import_path.as_str())
            .collect();
        for (path, project) in [
            ("example.com/ws/crd/apis/v1", true),            // input
            ("example.com/ws/api/v1", true),                 // go.work `use` module
            ("example.com/replaced/apis/v1", true),          // input
            ("example.com/shared/types", false),             // replace => ../shared-local
            ("k8s.io/api/core/v1", false),                   // vendor/
            ("k8s.io/apimachinery/pkg/apis/meta/v1", false), // vendor/
        ] {
            assert!(
                loaded_paths.contains(path),
                "{path} not loaded: {loaded_paths:?}"
            );
            assert_eq!(loaded.project.contains(path), project, "{path}");
        }
    }
}
