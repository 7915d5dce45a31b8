//! The editor's open buffers, the parses kept from one analysis to the next, and the analysis
//! of the packages the buffers belong to: `check`'s pipeline run on the buffers' text through
//! a [`load::Overlay`], never on what is saved on disk.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use lsp_types::Uri;

use super::settings::Settings;
use crate::diag::Diagnostic;
use crate::load::{self, LoadedFile, LoadedPackage};
use crate::pipeline::{self, Analysis, Timings};
use crate::resolve::{self, enums::Enums};
use crate::schema;
use crate::source::FileId;
use crate::syntax;

/// One open buffer.
pub struct Document {
    /// The URI as the editor wrote it (diagnostics are published under the same string).
    pub uri: Uri,
    pub version: i32,
    pub text: String,
}

/// A file's parse, kept while its text and id stay the same.
struct KeptParse {
    id: FileId,
    text: String,
    result: load::Parsed,
}

/// Parses kept from the last analysis (`previous`), and those this one used (`current`):
/// after an analysis only the used ones are kept, so closed packages are let go.
#[derive(Default)]
struct ParseCache {
    previous: HashMap<PathBuf, KeptParse>,
    current: HashMap<PathBuf, KeptParse>,
}

/// The open buffers and what was kept between analyses.
#[derive(Default)]
pub struct Workspace {
    pub documents: BTreeMap<PathBuf, Document>,
    parses: Mutex<ParseCache>,
}

/// What the loader reads: the buffers, then the disk; parses kept when the text is the same.
struct Buffers<'w> {
    workspace: &'w Workspace,
}

impl load::Overlay for Buffers<'_> {
    fn text(&self, path: &Path) -> Option<String> {
        let mut text = self.workspace.documents.get(path)?.text.clone();
        // As `load` reads a file: a UTF-8 BOM is blanked so offsets stay the same.
        if text.starts_with('\u{feff}') {
            text.replace_range(0..3, "   ");
        }
        Some(text)
    }

    fn parse(&self, id: FileId, path: &Path, text: &str) -> load::Parsed {
        let kept = {
            let mut cache = lock(&self.workspace.parses);
            cache
                .previous
                .remove(path)
                .filter(|kept| kept.id == id && kept.text == text)
        };
        let kept = kept.unwrap_or_else(|| KeptParse {
            id,
            text: text.to_string(),
            result: syntax::parse_within_bounds(id, text),
        });
        let result = kept.result.clone();
        lock(&self.workspace.parses)
            .current
            .insert(path.to_path_buf(), kept);
        result
    }
}

/// A poisoned lock only means a panic elsewhere, caught by the server: the data is still a
/// cache of whole entries.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Workspace {
    /// The directories of the open Go files that hold a package on disk (an unsaved new file
    /// in a directory without Go files has none yet), sorted.
    pub fn package_dirs(&self) -> Vec<PathBuf> {
        let dirs: BTreeSet<PathBuf> = self
            .documents
            .keys()
            .filter(|path| is_package_file(path))
            .filter_map(|path| path.parent().map(Path::to_path_buf))
            .collect();
        dirs.into_iter()
            .filter(|dir| !crate::discover::package_files(dir).is_empty())
            .collect()
    }

    /// Runs `check`'s analysis on the packages of the open files, reading the buffers.
    pub fn analyse(
        &self,
        settings: &Settings,
        pool: &rayon::ThreadPool,
    ) -> Result<Snapshot, String> {
        let dirs = self.package_dirs();
        if dirs.is_empty() {
            return Err("no open Go file belongs to a package directory".into());
        }
        let patterns: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        let overlay = Buffers { workspace: self };
        let mut timings = Timings::from_env();
        let analysis = pool.install(|| {
            pipeline::analyse_with(
                &patterns,
                settings.resolve_options(),
                &resolve::Roots::InputStructs,
                resolve::Outside::Warn,
                &overlay,
                &mut timings,
            )
        });
        {
            // Keep what this run used; after a failed run, keep everything.
            let mut cache = lock(&self.parses);
            let current = std::mem::take(&mut cache.current);
            if analysis.is_ok() {
                cache.previous = current;
            } else {
                cache.previous.extend(current);
            }
        }
        let analysis = analysis.map_err(|error| format!("{error:#}"))?;
        let mut diagnostics = analysis.diagnostics.clone();
        diagnostics.extend(pipeline::manifest_markers(&analysis.loaded));
        let built = OnceLock::new();
        if settings.cel {
            // `generate --cel`'s findings too: the rules it would not write.
            let schemas = pool.install(|| build(&analysis, settings));
            diagnostics.extend(schemas.diagnostics.iter().cloned());
            let _ = built.set(schemas);
        }
        timings.lap("schema");
        settings.levels.apply(&mut diagnostics);
        Ok(Snapshot {
            analysis,
            diagnostics,
            naming: settings.naming,
            union_format: settings.union_format,
            cel: settings.cel,
            built,
            enums: OnceLock::new(),
            timings: timings.report(),
        })
    }
}

/// A `.go` file that belongs to its directory's package (not a test file).
pub fn is_package_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".go") && !name.ends_with("_test.go")
}

fn build(analysis: &Analysis, settings: &Settings) -> schema::Built {
    schema::build(
        &analysis.model,
        settings.naming,
        settings.union_format,
        settings.cel,
    )
}

/// One analysis of the open packages, as the buffers were when it ran.
pub struct Snapshot {
    pub analysis: Analysis,
    /// `check`'s findings, `--deny`/`--allow` applied (and `--cel`'s with `cel` on).
    pub diagnostics: Vec<Diagnostic>,
    pub naming: schema::Naming,
    pub union_format: schema::UnionFormat,
    pub cel: bool,
    /// The schemas, built on first use (hover) unless `cel` needed them for diagnostics.
    built: OnceLock<schema::Built>,
    enums: OnceLock<Enums>,
    /// Per-stage times when `UNION_GEN_TIMINGS` is set.
    pub timings: Option<String>,
}

impl Snapshot {
    pub fn schemas(&self) -> &schema::Built {
        self.built.get_or_init(|| {
            schema::build(
                &self.analysis.model,
                self.naming,
                self.union_format,
                self.cel,
            )
        })
    }

    /// Every enum type of the loaded packages with its values, as the schema lists them.
    pub fn enums(&self) -> &Enums {
        self.enums.get_or_init(|| {
            let universe = resolve::universe::Universe::build(&self.analysis.loaded.packages);
            resolve::enums::deduce(&universe, &mut Vec::new())
        })
    }

    /// The loaded file at `path`, with its package.
    pub fn file(&self, path: &Path) -> Option<(&LoadedPackage, &LoadedFile)> {
        let sources = &self.analysis.loaded.sources;
        self.analysis.loaded.packages.iter().find_map(|package| {
            package
                .files
                .iter()
                .find(|file| sources.get(file.id).path == path)
                .map(|file| (package, file))
        })
    }

    /// The text the analysis read for file `id`.
    pub fn text(&self, id: FileId) -> &str {
        &self.analysis.loaded.sources.get(id).text
    }
}
