//! Go modules: `go.mod` / `go.work` reading and the look-up of packages that are not inputs,
//! in SPEC §3's order: the module's `vendor/`, `replace` directives, other input modules,
//! then the module cache at the required version.
//!
//! Input: module roots of the input packages. Output: directories of imported packages.
//! Must not know: Go syntax beyond go.mod, what packages contain.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One `go.mod` file, as far as package look-up needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoMod {
    pub module: String,
    /// Module path → version.
    pub require: BTreeMap<String, String>,
    pub replace: Vec<Replace>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replace {
    pub old_path: String,
    /// `None` replaces every version.
    pub old_version: Option<String>,
    pub target: ReplaceTarget,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplaceTarget {
    /// `=> ../local/dir` (relative to the go.mod's directory, resolved when read).
    Dir(PathBuf),
    Module {
        path: String,
        version: String,
    },
}

/// Splits a go.mod / go.work line into tokens (quoted strings unquoted, comments dropped).
fn tokens(line: &str) -> Vec<String> {
    let line = match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    };
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' || c == '`' {
            chars.next();
            let mut token = String::new();
            for d in chars.by_ref() {
                if d == c {
                    break;
                }
                token.push(d);
            }
            out.push(token);
        } else {
            let mut token = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_whitespace() {
                    break;
                }
                token.push(d);
                chars.next();
            }
            out.push(token);
        }
    }
    out
}

/// Visits each directive of a go.mod/go.work file as (verb, arguments), expanding blocks.
fn directives(text: &str, mut visit: impl FnMut(&str, &[String])) {
    let mut block: Option<String> = None;
    for line in text.lines() {
        let words = tokens(line);
        if words.is_empty() {
            continue;
        }
        if let Some(verb) = &block {
            if words[0] == ")" {
                block = None;
            } else {
                visit(verb, &words);
            }
            continue;
        }
        if words.len() == 2 && words[1] == "(" {
            block = Some(words[0].clone());
            continue;
        }
        visit(&words[0], &words[1..]);
    }
}

fn is_local_path(path: &str) -> bool {
    path.starts_with("./")
        || path.starts_with("../")
        || path.starts_with('/')
        || path == "."
        || path == ".."
}

impl GoMod {
    /// Parses a go.mod file whose directory is `dir` (for relative replace targets).
    pub fn parse(text: &str, dir: &Path) -> GoMod {
        let mut go_mod = GoMod::default();
        directives(text, |verb, args| match verb {
            "module" => {
                if let Some(name) = args.first() {
                    go_mod.module = name.clone();
                }
            }
            "require" => {
                if let [path, version, ..] = args {
                    go_mod.require.insert(path.clone(), version.clone());
                }
            }
            "replace" => {
                let Some(arrow) = args.iter().position(|a| a == "=>") else {
                    return;
                };
                let (old, new) = args.split_at(arrow);
                let new = &new[1..];
                let Some(old_path) = old.first() else { return };
                let target = match new {
                    [path] if is_local_path(path) => ReplaceTarget::Dir(dir.join(path)),
                    [path, version] => ReplaceTarget::Module {
                        path: path.clone(),
                        version: version.clone(),
                    },
                    _ => return,
                };
                go_mod.replace.push(Replace {
                    old_path: old_path.clone(),
                    old_version: old.get(1).cloned(),
                    target,
                });
            }
            _ => {}
        });
        go_mod
    }
}

/// The module path a go.mod file declares (its first `module` directive).
pub fn module_directive(text: &str) -> Option<String> {
    let mut module = None;
    directives(text, |verb, args| {
        if verb == "module" && module.is_none() {
            module = args.first().filter(|name| !name.is_empty()).cloned();
        }
    });
    module
}

/// `use` directories of a go.work file.
pub fn parse_go_work(text: &str, dir: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    directives(text, |verb, args| {
        if verb == "use" {
            if let Some(path) = args.first() {
                dirs.push(dir.join(path));
            }
        }
    });
    dirs
}

/// The module cache's escaping: each capital letter becomes `!` + its lower case.
pub fn escape_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if c.is_ascii_uppercase() {
            out.push('!');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The module cache directory: `$GOMODCACHE`, else `$GOPATH/pkg/mod` (first GOPATH entry),
/// else `~/go/pkg/mod`.
pub fn module_cache() -> Option<PathBuf> {
    if let Some(cache) = std::env::var_os("GOMODCACHE").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(cache));
    }
    if let Some(gopath) = std::env::var_os("GOPATH").filter(|v| !v.is_empty()) {
        if let Some(first) = std::env::split_paths(&gopath).next() {
            return Some(first.join("pkg").join("mod"));
        }
    }
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join("go").join("pkg").join("mod"))
}

/// A module known to the run: its root directory and go.mod.
#[derive(Debug, Clone)]
pub struct Module {
    pub root: PathBuf,
    pub go_mod: GoMod,
}

/// Where a package was looked for and whether it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    Found(PathBuf),
    NotFound { searched: Vec<String> },
}

/// All modules of the run and the module cache location.
#[derive(Debug, Clone, Default)]
pub struct ModuleGraph {
    /// Input modules (and go.work `use` modules), keyed by module path.
    pub modules: BTreeMap<String, Module>,
    pub cache: Option<PathBuf>,
}

/// The longest key of `map` that is `path` or a parent path of it.
fn longest_prefix<'m, V>(
    map: impl Iterator<Item = (&'m String, V)>,
    path: &str,
) -> Option<(&'m String, V)> {
    map.filter(|(prefix, _)| path == prefix.as_str() || path.starts_with(&format!("{prefix}/")))
        .max_by_key(|(prefix, _)| prefix.len())
}

fn sub_dir(root: &Path, module: &str, path: &str) -> PathBuf {
    let rest = path[module.len()..].trim_start_matches('/');
    if rest.is_empty() {
        root.to_path_buf()
    } else {
        root.join(rest)
    }
}

fn has_go_files(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".go") && !name.ends_with("_test.go")
        })
    })
}

impl ModuleGraph {
    /// Reads the go.mod of each module root (and the go.work above them, if any).
    pub fn load(roots: &[PathBuf]) -> ModuleGraph {
        let mut graph = ModuleGraph {
            modules: BTreeMap::new(),
            cache: module_cache(),
        };
        let mut pending: Vec<PathBuf> = roots.to_vec();
        for root in roots {
            if let Some(work_dir) = root.ancestors().find(|d| d.join("go.work").is_file()) {
                if let Ok(text) = crate::source::read_regular_text(&work_dir.join("go.work")) {
                    pending.extend(parse_go_work(&text, work_dir));
                }
            }
        }
        for root in pending {
            let root = fs::canonicalize(&root).unwrap_or(root);
            if let Ok(text) = crate::source::read_regular_text(&root.join("go.mod")) {
                let go_mod = GoMod::parse(&text, &root);
                if !go_mod.module.is_empty() {
                    graph
                        .modules
                        .entry(go_mod.module.clone())
                        .or_insert(Module { root, go_mod });
                }
            }
        }
        graph
    }

    /// Finds the directory of `import_path`, imported from the module `from` (a module path).
    pub fn find(&self, import_path: &str, from: Option<&str>) -> Lookup {
        self.find_where(import_path, from, has_go_files)
    }

    /// Finds the directory of `import_path` as [`ModuleGraph::find`] does, without requiring
    /// Go files in it (the root of an `import/path/...` pattern).
    pub fn find_directory(&self, import_path: &str, from: Option<&str>) -> Lookup {
        self.find_where(import_path, from, Path::is_dir)
    }

    fn find_where(
        &self,
        import_path: &str,
        from: Option<&str>,
        accept: fn(&Path) -> bool,
    ) -> Lookup {
        let mut searched = Vec::new();
        let module = from.and_then(|m| self.modules.get(m));
        if let Some(module) = module {
            // 1. vendor/
            let vendored = module.root.join("vendor").join(import_path);
            if accept(&vendored) {
                return Lookup::Found(vendored);
            }
            searched.push(vendored.display().to_string());
            // 2. replace directives
            let required = longest_prefix(module.go_mod.require.iter(), import_path);
            let replace = module
                .go_mod
                .replace
                .iter()
                .filter(|r| {
                    import_path == r.old_path
                        || import_path.starts_with(&format!("{}/", r.old_path))
                })
                .filter(|r| match (&r.old_version, required) {
                    (Some(v), Some((_, required_version))) => v == required_version,
                    (Some(_), None) => false,
                    (None, _) => true,
                })
                .max_by_key(|r| r.old_path.len());
            if let Some(replace) = replace {
                match &replace.target {
                    ReplaceTarget::Dir(dir) => {
                        let dir = sub_dir(dir, &replace.old_path, import_path);
                        if accept(&dir) {
                            return Lookup::Found(dir);
                        }
                        searched.push(dir.display().to_string());
                    }
                    ReplaceTarget::Module { path, version } => {
                        let rest = &import_path[replace.old_path.len()..];
                        match self.in_cache(path, version, &format!("{path}{rest}"), accept) {
                            Ok(dir) => return Lookup::Found(dir),
                            Err(place) => searched.push(place),
                        }
                    }
                }
            }
        }
        // 3. other input modules
        if let Some((module_path, other)) = longest_prefix(self.modules.iter(), import_path) {
            let dir = sub_dir(&other.root, module_path, import_path);
            if accept(&dir) {
                return Lookup::Found(dir);
            }
            searched.push(dir.display().to_string());
        }
        // 4. the module cache at the required version
        if let Some(module) = module {
            match longest_prefix(module.go_mod.require.iter(), import_path) {
                Some((module_path, version)) => {
                    match self.in_cache(module_path, version, import_path, accept) {
                        Ok(dir) => return Lookup::Found(dir),
                        Err(place) => searched.push(place),
                    }
                }
                None => searched.push(format!(
                    "no `require` in {}/go.mod covers it",
                    module.root.display()
                )),
            }
        }
        Lookup::NotFound { searched }
    }

    /// The module of the run whose root holds `dir` (the deepest such root), if any.
    pub fn module_at(&self, dir: &Path) -> Option<&str> {
        self.modules
            .iter()
            .filter(|(_, module)| dir.starts_with(&module.root))
            .max_by_key(|(_, module)| module.root.components().count())
            .map(|(path, _)| path.as_str())
    }

    /// Whether `dir` is part of one of the run's modules (the input modules and go.work's
    /// `use` modules): the nearest `go.mod` above it is one of theirs and no `vendor/` lies
    /// between. A package found in `vendor/`, the module cache or a `replace` directory with
    /// its own `go.mod` belongs to a dependency.
    pub fn is_run_module_dir(&self, dir: &Path) -> bool {
        let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let Some(root) = dir.ancestors().find(|a| a.join("go.mod").is_file()) else {
            return false;
        };
        let vendored = dir
            .strip_prefix(root)
            .is_ok_and(|rest| rest.components().any(|c| c.as_os_str() == "vendor"));
        !vendored && self.modules.values().any(|m| m.root == root)
    }

    fn in_cache(
        &self,
        module_path: &str,
        version: &str,
        import_path: &str,
        accept: fn(&Path) -> bool,
    ) -> Result<PathBuf, String> {
        let Some(cache) = &self.cache else {
            return Err("the module cache (no GOMODCACHE, GOPATH or HOME)".into());
        };
        let root = cache.join(format!(
            "{}@{}",
            escape_path(module_path),
            escape_path(version)
        ));
        let dir = sub_dir(&root, module_path, import_path);
        if accept(&dir) {
            Ok(dir)
        } else {
            Err(dir.display().to_string())
        }
    }
}

/// True for standard-library import paths (no dot in the first element).
pub fn is_standard_library(import_path: &str) -> bool {
    !import_path.split('/').next().unwrap_or("").contains('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_mod_directives() {
        let text = r#"
module example.com/crd // comment

go 1.22

require k8s.io/api v0.30.0
require (
	k8s.io/apimachinery v0.30.1 // indirect
	"github.com/Foo/Bar" v1.2.3+incompatible
)

replace k8s.io/api => ../api
replace (
	k8s.io/apimachinery v0.30.1 => k8s.io/apimachinery v0.30.2
)
"#;
        let go_mod = GoMod::parse(text, Path::new("/src/crd"));
        assert_eq!(go_mod.module, "example.com/crd");
        assert_eq!(go_mod.require["k8s.io/apimachinery"], "v0.30.1");
        assert_eq!(go_mod.require["github.com/Foo/Bar"], "v1.2.3+incompatible");
        assert_eq!(
            go_mod.replace[0],
            Replace {
                old_path: "k8s.io/api".into(),
                old_version: None,
                target: ReplaceTarget::Dir(PathBuf::from("/src/crd/../api")),
            }
        );
        assert_eq!(
            go_mod.replace[1].target,
            ReplaceTarget::Module {
                path: "k8s.io/apimachinery".into(),
                version: "v0.30.2".into()
            }
        );
    }

    #[test]
    fn escapes_capitals_like_the_module_cache() {
        assert_eq!(
            escape_path("github.com/Azure/Go-Thing"),
            "github.com/!azure/!go-!thing"
        );
        assert_eq!(escape_path("v1.2.3+incompatible"), "v1.2.3+incompatible");
    }

    #[test]
    fn reads_go_work_use_directives() {
        let dirs = parse_go_work(
            "go 1.22\nuse (\n\t./api\n\t./crd // x\n)\nuse ./tools\n",
            Path::new("/w"),
        );
        assert_eq!(
            dirs,
            vec![
                PathBuf::from("/w/./api"),
                PathBuf::from("/w/./crd"),
                PathBuf::from("/w/./tools")
            ]
        );
    }

    #[test]
    fn module_at_picks_the_deepest_module_root() {
        let module = |root: &str| Module {
            root: PathBuf::from(root),
            go_mod: GoMod::default(),
        };
        let graph = ModuleGraph {
            modules: BTreeMap::from([
                ("example.com/outer".to_string(), module("/w/outer")),
                ("example.com/inner".to_string(), module("/w/outer/inner")),
            ]),
            cache: None,
        };
        assert_eq!(
            graph.module_at(Path::new("/w/outer/vendor/k8s.io/api/core/v1")),
            Some("example.com/outer")
        );
        assert_eq!(
            graph.module_at(Path::new("/w/outer/inner/apis/v1")),
            Some("example.com/inner")
        );
        assert_eq!(graph.module_at(Path::new("/w/outerwear/x")), None);
        assert_eq!(
            graph.module_at(Path::new("/cache/k8s.io/api@v0.30.0")),
            None
        );
    }

    #[test]
    fn standard_library_has_no_dot_in_the_first_element() {
        assert!(is_standard_library("time") && is_standard_library("encoding/json"));
        assert!(!is_standard_library("k8s.io/api/core/v1"));
    }
}
