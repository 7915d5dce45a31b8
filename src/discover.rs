//! Package discovery: turns `./...`-style patterns into package directories with their Go
//! files and import paths, following the go tool's rules.
//!
//! Input: patterns and the working directory. Output: [`Package`] list (sorted, unique).
//! Must not know: Go syntax (it reads only `go.mod`).

use std::collections::BTreeMap;
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

/// Expands the patterns. A pattern that names nothing is a usage error.
pub fn discover(patterns: &[String]) -> anyhow::Result<(Vec<Package>, Vec<WalkError>)> {
    let mut dirs: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    let mut errors = Vec::new();
    for pattern in patterns {
        let (root, recursive) = match pattern.strip_suffix("...") {
            Some(prefix) => {
                let prefix = prefix.trim_end_matches('/');
                (
                    PathBuf::from(if prefix.is_empty() { "." } else { prefix }),
                    true,
                )
            }
            None => (PathBuf::from(pattern), false),
        };
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
        let before = dirs.len();
        walk(&root, recursive, &mut dirs, &mut errors);
        if !recursive && dirs.len() == before && !dirs.contains_key(&root) {
            bail!(
                "package pattern `{pattern}`: no Go files in {}",
                root.display()
            );
        }
    }
    let mut modules = ModuleCache::default();
    let packages = dirs
        .into_iter()
        .map(|(dir, files)| {
            let (import_path, module) = modules.import_path(&dir);
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

/// Reads a file only when it is a regular file (after symlinks): opening a FIFO blocks until
/// a writer appears, and a device may never end.
pub fn read_regular_file(path: &Path) -> std::io::Result<Vec<u8>> {
    if !fs::metadata(path)?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    fs::read(path)
}

/// [`read_regular_file`] as UTF-8 text (go.mod, go.work).
pub fn read_regular_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_regular_file(path)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
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

fn walk(
    dir: &Path,
    recursive: bool,
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
            if recursive && !is_skipped_dir(&name) {
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
        walk(&sub, true, out, errors);
    }
}

/// The Go files of one package directory (no recursion), with the same skip rules.
pub fn package_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = BTreeMap::new();
    let mut errors = Vec::new();
    walk(dir, false, &mut found, &mut errors);
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
        let found = match read_regular_text(&dir.join("go.mod")) {
            Ok(text) => module_path(&text).map(|m| (dir.to_path_buf(), m)),
            Err(_) => dir.parent().and_then(|parent| self.module_of(parent)),
        };
        self.roots.insert(dir.to_path_buf(), found.clone());
        found
    }
}

/// The `module` directive of a go.mod file (read by the one go.mod parser, [`modules`]).
pub fn module_path(go_mod: &str) -> Option<String> {
    crate::modules::module_directive(go_mod)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_module_directive() {
        assert_eq!(
            module_path("// c\nmodule k8s.io/api // x\n\ngo 1.22\n"),
            Some("k8s.io/api".into())
        );
        assert_eq!(
            module_path("module \"example.com/m\"\n"),
            Some("example.com/m".into())
        );
        assert_eq!(module_path("modules x\n"), None);
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
        let error = read_regular_text(&fifo).expect_err("a FIFO is not read");
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(ModuleCache::default().module_of(dir.path()), None);
    }
}
