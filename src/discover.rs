//! Package discovery: turns `./...`-style patterns into package directories with their Go
//! files and import paths, following the go tool's rules.
//!
//! Input: patterns and the working directory. Output: [`Package`] list (sorted, unique).
//! Must not know: Go syntax (it reads only `go.mod`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// One Go package directory to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// Directory as the user would write it (relative when the pattern was).
    pub dir: PathBuf,
    /// `.go` files to parse, sorted, `_test.go` excluded.
    pub files: Vec<PathBuf>,
    pub import_path: String,
    /// Root directory and path of the module (nearest `go.mod`); `None` when there is none and
    /// the import path was made up from the directory.
    pub module: Option<(PathBuf, String)>,
}

/// Errors found while walking (unreadable directories); they become `io/unreadable`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkError {
    pub path: PathBuf,
    pub message: String,
}

/// Expands the patterns as the go tool does. A pattern that names nothing is a usage error
/// (a `...` pattern matching no package included: an update script must not write an
/// empty document over the committed one).
pub fn discover(patterns: &[String]) -> anyhow::Result<(Vec<Package>, Vec<WalkError>)> {
    let mut dirs: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    let mut errors = Vec::new();
    // Directories found through import-path patterns, with their import paths.
    let mut imported: BTreeMap<PathBuf, String> = BTreeMap::new();
    let mut import_paths = ImportPaths::default();
    for given in patterns {
        let mut pattern = given.clone();
        let mut wildcard = Wildcard::parse(&pattern);
        let mut root = match &wildcard {
            Some(wildcard) => wildcard.root.clone(),
            None => PathBuf::from(&pattern),
        };
        // `k8s.io/apimachinery/pkg/runtime` (what kube_codegen.sh passes openapi-gen): an
        // import path, unless a directory of that name exists.
        let mut import_base = None;
        if fs::metadata(&root).is_err() && is_import_path(&pattern) {
            let literal = match &wildcard {
                Some(_) => pattern[..pattern.find("...").unwrap_or(0)].trim_end_matches('/'),
                None => pattern.as_str(),
            };
            let literal = literal.to_string();
            let dir = import_paths
                .directory(&literal, wildcard.is_some())
                .map_err(|searched| {
                    anyhow::anyhow!(
                        "package pattern `{given}`: no such directory, and no package of that \
                     import path was found (looked in: {searched})"
                    )
                })?;
            pattern = format!("{}{}", dir.display(), &pattern[literal.len()..]);
            wildcard = Wildcard::parse(&pattern);
            root = dir.clone();
            import_base = Some((dir, literal));
        }
        let pattern = pattern.as_str();
        let metadata = fs::metadata(&root).with_context(|| {
            format!(
                "package pattern `{pattern}`: cannot read {}",
                root.display()
            )
        })?;
        if !metadata.is_dir() {
            bail!(
                "package pattern `{pattern}`: {} is not a directory",
                root.display()
            );
        }
        let mut found = BTreeMap::new();
        let walk_into = Boundaries::above(&root);
        walk(
            &root,
            wildcard.is_some(),
            &walk_into,
            &mut found,
            &mut errors,
        );
        if let Some(wildcard) = &wildcard {
            found.retain(|dir, _| wildcard.matches(dir));
            if found.is_empty() {
                bail!("package pattern `{pattern}` matched no packages");
            }
        } else if !found.contains_key(&root) {
            bail!(
                "package pattern `{pattern}`: no Go files in {}",
                root.display()
            );
        }
        if let Some((base_dir, base_path)) = &import_base {
            for dir in found.keys() {
                imported.insert(dir.clone(), import_path_below(base_dir, base_path, dir));
            }
        }
        dirs.append(&mut found);
    }
    let mut modules = ModuleCache::default();
    let packages = dirs
        .into_iter()
        .map(|(dir, files)| {
            let (mut import_path, mut module) = modules.import_path(&dir);
            // A package named by import path belongs to the build of the working directory's
            // module, whose go.mod picks every dependency's version (as for the go tool), and
            // keeps the import path it was asked for (a vendored package's nearest go.mod is
            // the vendoring module's).
            if let Some(path) = imported.get(&dir) {
                import_path = path.clone();
                module = import_paths.main.clone().or(module);
            }
            Package {
                dir,
                files,
                import_path,
                module,
            }
        })
        .collect();
    Ok((packages, errors))
}

/// The import path of `dir`, below `base_dir` whose import path is `base_path`.
fn import_path_below(base_dir: &Path, base_path: &str, dir: &Path) -> String {
    let relative = dir.strip_prefix(base_dir).unwrap_or(Path::new(""));
    let mut path = base_path.to_string();
    for component in relative.components() {
        path.push('/');
        path.push_str(&component.as_os_str().to_string_lossy());
    }
    path
}

/// The go tool's reading: a pattern is a file-system path when it starts with `.` or `/`
/// (or a drive on Windows); otherwise an import path, whose first element has a dot
/// (`k8s.io/…`, `example.com/…`) or which lies in the current module.
fn is_import_path(pattern: &str) -> bool {
    !(pattern.starts_with('.') || pattern.starts_with('/') || Path::new(pattern).is_absolute())
        && (!crate::modules::is_standard_library(pattern)
            || current_module()
                .is_some_and(|(_, m)| pattern == m || pattern.starts_with(&format!("{m}/"))))
}

/// The module of the working directory: its root and path.
fn current_module() -> Option<(PathBuf, String)> {
    let cwd = std::env::current_dir().ok()?;
    let cwd = fs::canonicalize(&cwd).unwrap_or(cwd);
    ModuleCache::default().module_of(&cwd)
}

/// Import paths → directories, as the go tool finds them from the working directory's
/// module: that module's own packages, vendor/, `replace`, go.work modules, the module cache.
#[derive(Default)]
struct ImportPaths {
    graph: Option<(crate::modules::ModuleGraph, Option<String>)>,
    /// The working directory's module: root and path.
    main: Option<(PathBuf, String)>,
}

impl ImportPaths {
    /// The directory of `import_path`; with `any_dir`, also one without Go files (the root of
    /// a `path/...` pattern). Err: the places searched.
    fn directory(&mut self, import_path: &str, any_dir: bool) -> Result<PathBuf, String> {
        if self.graph.is_none() {
            self.main = current_module();
        }
        let main_module = &self.main;
        let (graph, main) = self.graph.get_or_insert_with(|| match main_module {
            Some((root, module)) => (
                crate::modules::ModuleGraph::load(std::slice::from_ref(root)),
                Some(module.clone()),
            ),
            None => (crate::modules::ModuleGraph::load(&[]), None),
        });
        let lookup = if any_dir {
            graph.find_directory(import_path, main.as_deref())
        } else {
            graph.find(import_path, main.as_deref())
        };
        match lookup {
            crate::modules::Lookup::Found(dir) => Ok(dir),
            crate::modules::Lookup::NotFound { searched } if searched.is_empty() => {
                Err("no go.mod above the working directory".into())
            }
            crate::modules::Lookup::NotFound { searched } => Err(searched.join(", ")),
        }
    }
}

/// A pattern with `...`, which matches any string (slashes included), as in the go tool:
/// `./pkg/apis/...` (the directory and everything below), `./pkg/apis/v...` (`v1`,
/// `v1beta1/x`), `./.../v1`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Wildcard {
    /// The literal directory before the first `...`, where the walk starts.
    root: PathBuf,
    /// The pattern without a leading `./`, in `/`-separated form.
    pattern: String,
}

impl Wildcard {
    fn parse(pattern: &str) -> Option<Wildcard> {
        let literal = &pattern[..pattern.find("...")?];
        let root = match literal.rfind('/') {
            Some(0) => "/",
            Some(slash) => &literal[..slash],
            None => ".",
        };
        Some(Wildcard {
            root: PathBuf::from(root),
            pattern: normalize(pattern),
        })
    }

    /// Whether the package directory `dir` (as the walk from `root` names it) matches.
    fn matches(&self, dir: &Path) -> bool {
        let dir = normalize(&dir.to_string_lossy());
        // `x/...` matches `x` itself too (the go tool's special case).
        if let Some(prefix) = self.pattern.strip_suffix("/...") {
            if wildcard_match(prefix, &dir) {
                return true;
            }
        }
        wildcard_match(&self.pattern, &dir)
    }
}

/// `./a/b` → `a/b`, `.` and `./` → `.`; separators as `/`.
fn normalize(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut rest = path.as_str();
    while let Some(stripped) = rest.strip_prefix("./") {
        rest = stripped;
    }
    if rest.is_empty() {
        ".".into()
    } else {
        rest.to_string()
    }
}

/// Whether `text` matches `pattern`, where each `...` matches any string.
fn wildcard_match(pattern: &str, text: &str) -> bool {
    if !pattern.contains("...") {
        return pattern == text;
    }
    let mut parts = pattern.split("...");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (index, part) in parts.iter().enumerate() {
        if index + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

fn is_skipped_dir(name: &str) -> bool {
    name == "vendor" || name == "testdata" || name.starts_with('.') || name.starts_with('_')
}

fn is_go_source(name: &str) -> bool {
    name.ends_with(".go")
        && !name.ends_with("_test.go")
        && !name.starts_with('.')
        && !name.starts_with('_')
}

/// Where a `...` walk stops besides the skipped names: a directory with its own go.mod is
/// another module, unless it is a `use` of the go.work above the walk (the go tool matches
/// the packages of every workspace module).
#[derive(Default)]
struct Boundaries {
    /// Canonical directories of the go.work's modules.
    workspace: BTreeSet<PathBuf>,
}

impl Boundaries {
    fn above(root: &Path) -> Boundaries {
        let Ok(absolute) = fs::canonicalize(root) else {
            return Boundaries::default();
        };
        let Some(work_dir) = absolute.ancestors().find(|d| d.join("go.work").is_file()) else {
            return Boundaries::default();
        };
        let Ok(text) = crate::source::read_regular_text(&work_dir.join("go.work")) else {
            return Boundaries::default();
        };
        let workspace = crate::modules::parse_go_work(&text, work_dir)
            .iter()
            .filter_map(|dir| fs::canonicalize(dir).ok())
            .collect();
        Boundaries { workspace }
    }

    fn is_other_module(&self, dir: &Path) -> bool {
        dir.join("go.mod").is_file()
            && !fs::canonicalize(dir).is_ok_and(|dir| self.workspace.contains(&dir))
    }
}

fn walk(
    dir: &Path,
    recursive: bool,
    boundaries: &Boundaries,
    out: &mut BTreeMap<PathBuf, Vec<PathBuf>>,
    errors: &mut Vec<WalkError>,
) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            errors.push(WalkError {
                path: dir.to_path_buf(),
                message: error.to_string(),
            });
            return;
        }
    };
    let mut files = Vec::new();
    let mut subdirs = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = clean_join(dir, &name);
        // The go tool does not follow symlinked directories under `...` (no loops).
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_dir() {
            if recursive && !is_skipped_dir(&name) && !boundaries.is_other_module(&path) {
                subdirs.push(path);
            }
        } else if is_go_source(&name) {
            let is_file = if file_type.is_symlink() {
                fs::metadata(&path).map(|m| m.is_file()).unwrap_or(true)
            } else {
                file_type.is_file()
            };
            if is_file {
                files.push(path);
            }
        }
    }
    if !files.is_empty() {
        files.sort();
        out.insert(dir.to_path_buf(), files);
    }
    subdirs.sort();
    for sub in subdirs {
        walk(&sub, true, boundaries, out, errors);
    }
}

/// `DIR/...` patterns of the modules nested under `root` (directories with their own go.mod,
/// at any depth, skipped names left out as a `...` walk leaves them) that hold Go files: where
/// a `./...` walk stops. `crd` looks there by default, since CRD types often sit in a nested
/// `api/` module of the controller's repository.
pub fn nested_modules(root: &Path) -> Vec<String> {
    fn visit(dir: &Path, module: &mut bool, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        let mut subdirs = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(file_type) = entry.file_type() else {
                continue;
            };
            if file_type.is_dir() && !is_skipped_dir(&name) {
                subdirs.push(clean_join(dir, &name));
            } else if file_type.is_file() && is_go_source(&name) {
                *module = true;
            }
        }
        subdirs.sort();
        for sub in subdirs {
            if sub.join("go.mod").is_file() {
                let mut has_go = false;
                let at = out.len();
                visit(&sub, &mut has_go, out);
                if has_go {
                    out.insert(at, format!("{}/...", sub.display()));
                }
            } else {
                visit(&sub, module, out);
            }
        }
    }
    let mut out = Vec::new();
    visit(root, &mut false, &mut out);
    out
}

/// The Go files of one package directory (no recursion), with the same skip rules.
pub fn package_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = BTreeMap::new();
    let mut errors = Vec::new();
    walk(dir, false, &Boundaries::default(), &mut found, &mut errors);
    found.remove(dir).unwrap_or_default()
}

fn clean_join(dir: &Path, name: &str) -> PathBuf {
    if dir == Path::new(".") {
        PathBuf::from(name)
    } else {
        dir.join(name)
    }
}

/// Finds the nearest `go.mod` above a directory and caches module roots.
#[derive(Default)]
struct ModuleCache {
    roots: BTreeMap<PathBuf, Option<(PathBuf, String)>>,
}

impl ModuleCache {
    fn import_path(&mut self, dir: &Path) -> (String, Option<(PathBuf, String)>) {
        let absolute = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        match self.module_of(&absolute) {
            Some((root, module)) => {
                let relative = absolute.strip_prefix(&root).unwrap_or(Path::new(""));
                let mut path = module.clone();
                for component in relative.components() {
                    path.push('/');
                    path.push_str(&component.as_os_str().to_string_lossy());
                }
                (path, Some((root, module)))
            }
            None => {
                let relative: Vec<String> = dir
                    .components()
                    .filter(|c| matches!(c, std::path::Component::Normal(_)))
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                let path = if relative.is_empty() {
                    absolute
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| "main".into())
                } else {
                    relative.join("/")
                };
                (path, None)
            }
        }
    }

    fn module_of(&mut self, dir: &Path) -> Option<(PathBuf, String)> {
        if let Some(cached) = self.roots.get(dir) {
            return cached.clone();
        }
        let found = match crate::source::read_regular_text(&dir.join("go.mod")) {
            Ok(text) => crate::modules::module_directive(&text).map(|m| (dir.to_path_buf(), m)),
            Err(_) => dir.parent().and_then(|parent| self.module_of(parent)),
        };
        self.roots.insert(dir.to_path_buf(), found.clone());
        found
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // scratch trees for the tests
mod tests {
    use super::*;

    #[test]
    fn reads_module_directive() {
        assert_eq!(
            crate::modules::module_directive("// c\nmodule k8s.io/api // x\n\ngo 1.22\n"),
            Some("k8s.io/api".into())
        );
        assert_eq!(
            crate::modules::module_directive("module \"example.com/m\"\n"),
            Some("example.com/m".into())
        );
        assert_eq!(crate::modules::module_directive("modules x\n"), None);
    }

    #[test]
    fn wildcards_match_as_the_go_tool_matches() {
        let matches = |pattern: &str, dir: &str| {
            Wildcard::parse(pattern)
                .expect("a wildcard")
                .matches(Path::new(dir))
        };
        assert!(matches("./...", "."));
        assert!(matches("./...", "pkg/apis/v1"));
        assert!(matches("...", "a"));
        assert!(matches("./pkg/apis/...", "./pkg/apis"));
        assert!(matches("./pkg/apis/...", "./pkg/apis/v1/x"));
        assert!(!matches("./pkg/apis/...", "./pkg/apisx"));
        assert!(matches("./pkg/apis/v...", "./pkg/apis/v1beta1"));
        assert!(matches("./pkg/apis/v...", "./pkg/apis/v1/internal"));
        assert!(!matches("./pkg/apis/v...", "./pkg/apis/core"));
        assert!(matches("./.../v1", "./a/b/v1"));
        assert!(!matches("./.../v1", "./a/b/v1beta1"));
        assert!(matches("a/.../b/...", "a/x/b/y"));
        assert!(!matches("a/.../b/...", "a/x/c/y"));
        assert!(matches("a/.../b/...", "a/x/b"));
        assert_eq!(
            Wildcard::parse("./pkg/apis/v...").unwrap().root,
            PathBuf::from("./pkg/apis")
        );
        assert_eq!(Wildcard::parse("...").unwrap().root, PathBuf::from("."));
        assert_eq!(
            Wildcard::parse("/abs/...").unwrap().root,
            PathBuf::from("/abs")
        );
        assert_eq!(Wildcard::parse("./pkg"), None);
    }

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            let text = if file.ends_with("go.mod") {
                "module example.com/m\n"
            } else {
                "package p\n"
            };
            fs::write(path, text).unwrap();
        }
        dir
    }

    fn found(patterns: &[String]) -> anyhow::Result<Vec<String>> {
        let (packages, _) = discover(patterns)?;
        Ok(packages.into_iter().map(|p| p.import_path).collect())
    }

    #[test]
    fn dots_stop_at_nested_modules_and_vendor() {
        let dir = tree(&[
            "go.mod",
            "a/a.go",
            "nested/go.mod",
            "nested/b/b.go",
            "vendor/example.com/v/v.go",
            "a/vendor/w/w.go",
        ]);
        let all = format!("{}/...", dir.path().display());
        assert_eq!(found(&[all]).unwrap(), ["example.com/m/a"]);
        // Named directly, the nested module is an input like any other.
        let nested = format!("{}/nested/...", dir.path().display());
        assert_eq!(found(&[nested]).unwrap(), ["example.com/m/b"]);
    }

    #[test]
    fn a_pattern_matching_nothing_is_an_error() {
        let dir = tree(&["go.mod", "pkg/apis/core/c.go", "docs/readme.go.txt"]);
        let none = format!("{}/pkg/apis/v...", dir.path().display());
        let error = found(std::slice::from_ref(&none)).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("package pattern `{none}` matched no packages")
        );
        let docs = format!("{}/docs/...", dir.path().display());
        assert!(found(&[docs]).is_err());
        let core = format!("{}/pkg/apis/c...", dir.path().display());
        assert_eq!(found(&[core]).unwrap(), ["example.com/m/pkg/apis/core"]);
    }

    #[test]
    fn skip_rules_follow_the_go_tool() {
        assert!(is_skipped_dir("vendor") && is_skipped_dir("testdata") && is_skipped_dir(".git"));
        assert!(is_skipped_dir("_output") && !is_skipped_dir("v1"));
        assert!(
            is_go_source("types.go") && !is_go_source("types_test.go") && !is_go_source("_x.go")
        );
    }

    /// A FIFO named go.mod made discovery block forever in `read_to_string`.
    #[cfg(unix)]
    #[test]
    fn fifos_are_not_read() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let fifo = dir.path().join("go.mod");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(status.success());
        let error = crate::source::read_regular_text(&fifo).expect_err("a FIFO is not read");
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(ModuleCache::default().module_of(dir.path()), None);
    }
}
