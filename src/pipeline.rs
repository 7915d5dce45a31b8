//! The library's entry point: a plain [`Config`] in, a [`Run`] (document bytes, diagnostics,
//! sources) out. Nothing here parses a command line, prints or writes a file: the command
//! layer (`cli/`) does those with what [`run`] returns.

use std::path::PathBuf;

use rayon::prelude::*;

use crate::diag::{Diagnostic, MessageFormat};
use crate::emit::{Format, Info, Version};
use crate::schema::{Naming, UnionFormat};
use crate::{discover, emit, load, manifests, model, resolve, schema, source};

pub mod controller_gen;

/// Where a document goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    File(PathBuf),
}

/// One requested document.
#[derive(Debug, Clone)]
pub struct Output {
    pub document: Document,
    pub destination: Destination,
}

/// What an output holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// The OpenAPI document of a version, as JSON or YAML.
    OpenApi(Version, Format),
    /// openapi-gen's API rule violation report (`--report-filename`): one line per
    /// violation, empty when there is none ([`resolve::api_rules`]).
    ApiRuleReport,
}

/// What to analyse and which documents to make.
#[derive(Debug, Clone)]
pub struct Config {
    /// Package directories or patterns (`./...`).
    pub packages: Vec<String>,
    pub message_format: MessageFormat,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Empty for `check`.
    pub outputs: Vec<Output>,
    pub naming: Naming,
    pub union_format: UnionFormat,
    /// CEL `x-kubernetes-validations` for unions.
    pub cel: bool,
    pub resolve: resolve::Options,
    /// Where the output starts: what it reaches is resolved and judged (SPEC §3).
    pub roots: resolve::Roots,
    /// Compare with the files instead of writing them.
    pub verify: bool,
    pub info: Info,
    /// `check` (the linter): also the input packages' `+kubebuilder:rbac` and
    /// `+kubebuilder:webhook` markers as controller-gen reads them. Not `generate`: roles and
    /// webhook configurations are no part of its documents.
    pub manifest_markers: bool,
}

impl Config {
    /// `check`: analyse `packages`, make no document.
    pub fn check(packages: Vec<String>, message_format: MessageFormat, jobs: usize) -> Config {
        Config {
            packages,
            message_format,
            jobs,
            outputs: Vec::new(),
            naming: Naming::Rest,
            union_format: UnionFormat::List,
            cel: false,
            resolve: resolve::Options {
                dependency_definitions: true,
                openapi_gen: false,
                kubebuilder: false,
            },
            roots: resolve::Roots::InputStructs,
            verify: false,
            info: Info {
                title: String::new(),
                version: String::new(),
            },
            manifest_markers: true,
        }
    }
}

/// The result of running the pipeline on a configuration, before anything is written.
pub struct Run {
    pub sources: source::SourceMap,
    pub diagnostics: Vec<Diagnostic>,
    /// Bytes of each requested output, in the order of `Config::outputs`.
    pub documents: Vec<Vec<u8>>,
    /// Per-stage timings when `UNION_GEN_TIMINGS` is set.
    pub timings: Option<String>,
    /// The files of loaded packages that are not the project's (module cache, `vendor/`,
    /// another module's `replace` directory): where a warning is the dependency's, not the
    /// user's to fix.
    pub dependency_files: std::collections::HashSet<source::FileId>,
}

/// Per-stage wall times, printed to stderr when `UNION_GEN_TIMINGS` is set (for `bench/`).
pub struct Timings {
    enabled: bool,
    last: std::time::Instant,
    laps: Vec<(&'static str, std::time::Duration)>,
    counts: Vec<(&'static str, usize)>,
}

impl Timings {
    pub fn from_env() -> Timings {
        Timings {
            enabled: std::env::var_os("UNION_GEN_TIMINGS").is_some(),
            last: std::time::Instant::now(),
            laps: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// A size to print beside the times (how many packages were loaded, …).
    pub fn count(&mut self, what: &'static str, n: usize) {
        if self.enabled {
            self.counts.push((what, n));
        }
    }

    pub fn lap(&mut self, stage: &'static str) {
        if self.enabled {
            let now = std::time::Instant::now();
            self.laps.push((stage, now - self.last));
            self.last = now;
        }
    }

    /// The line to print; not printed here, because the caller may hold the stderr lock.
    pub fn report(&self) -> Option<String> {
        self.enabled.then(|| {
            let laps: Vec<String> = self
                .laps
                .iter()
                .map(|(stage, time)| format!("{stage}={:.1}ms", time.as_secs_f64() * 1000.0))
                .chain(self.counts.iter().map(|(what, n)| format!("{what}={n}")))
                .collect();
            format!("union-gen timings: {}", laps.join(" "))
        })
    }
}

/// The front half shared by `generate`, `check` and `crd`: discover → load → resolve.
pub struct Analysis {
    pub loaded: load::Loaded,
    pub model: model::ApiModel,
    /// Loading and resolution diagnostics (those of `loaded` included).
    pub diagnostics: Vec<Diagnostic>,
}

/// The worker pool every stage runs in (`-j`).
pub fn thread_pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start worker threads: {e}"))
}

/// Discovers, loads and resolves `packages` from `roots`, then judges the findings by the
/// closure (`outside`: what becomes of findings about types no root reaches). Every command
/// runs its analysis through here; call inside the pool.
pub fn analyse(
    packages: &[String],
    options: resolve::Options,
    roots: &resolve::Roots,
    outside: resolve::Outside,
    timings: &mut Timings,
) -> anyhow::Result<Analysis> {
    analyse_with(packages, options, roots, outside, &load::Disk, timings)
}

/// [`analyse`] reading through an overlay: the editor's buffers (`lsp`).
pub fn analyse_with(
    packages: &[String],
    options: resolve::Options,
    roots: &resolve::Roots,
    outside: resolve::Outside,
    overlay: &dyn load::Overlay,
    timings: &mut Timings,
) -> anyhow::Result<Analysis> {
    let (packages, walk_errors) = discover::discover(packages)?;
    timings.lap("discover");
    let mut loaded = load::load_with(&packages, &walk_errors, overlay);
    timings.lap("load+parse");
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    let (model, closure, resolve_diagnostics) =
        resolve::resolve(&loaded.packages, &loaded.missing, options, roots);
    diagnostics.extend(resolve_diagnostics);
    closure.judge(&mut diagnostics, &loaded.packages, outside);
    timings.lap("resolve");
    Ok(Analysis {
        loaded,
        model,
        diagnostics,
    })
}

/// Runs every stage up to the document bytes. `Err` is an environment failure (exit 2).
pub fn run(config: &Config) -> anyhow::Result<Run> {
    let pool = thread_pool(config.jobs)?;
    let mut timings = Timings::from_env();
    pool.install(|| {
        let Analysis {
            loaded,
            model,
            mut diagnostics,
            ..
        } = analyse(
            &config.packages,
            config.resolve,
            &config.roots,
            resolve::Outside::Warn,
            &mut timings,
        )?;
        if config.manifest_markers {
            diagnostics.extend(manifest_markers(&loaded));
        }
        let mut documents = Vec::new();
        let mut definitions = Vec::new();
        let wants = |f: fn(&Document) -> bool| config.outputs.iter().any(|o| f(&o.document));
        if !config.outputs.is_empty() {
            let built = wants(|d| matches!(d, Document::OpenApi(..))).then(|| {
                let built = schema::build(&model, config.naming, config.union_format, config.cel);
                timings.lap("schema");
                built
            });
            let report = wants(|d| *d == Document::ApiRuleReport).then(|| {
                let violations = resolve::api_rules::violations(&loaded.packages);
                resolve::api_rules::report(&violations).into_bytes()
            });
            definitions = match built {
                Some(built) => {
                    diagnostics.extend(built.diagnostics);
                    built.definitions
                }
                None => Vec::new(),
            };
            documents = config
                .outputs
                .par_iter()
                .map(|output| match output.document {
                    Document::OpenApi(version, format) => {
                        emit::to_bytes(&definitions, version, &config.info, format)
                    }
                    Document::ApiRuleReport => report.clone().unwrap_or_default(),
                })
                .collect();
            timings.lap("emit");
        }
        let dependency_files = loaded
            .packages
            .iter()
            .filter(|p| !p.is_input && !loaded.project.contains(&p.import_path))
            .flat_map(|p| p.files.iter().map(|f| f.id))
            .collect();
        drop_in_background((loaded.packages, model, definitions));
        Ok(Run {
            timings: timings.report(),
            sources: loaded.sources,
            diagnostics,
            documents,
            dependency_files,
        })
    })
}

/// Frees `value` on a thread of its own, not waited for: a run's syntax trees, model and
/// schemas are about a million allocations, and freeing them took a tenth of `generate`'s
/// time on k8s.io/api while nothing after it needs them. The command prints and writes
/// meanwhile, and exits without waiting.
pub fn drop_in_background<T: Send + 'static>(value: T) {
    // A thread that cannot start drops its closure, and the value with it, here.
    let _ = std::thread::Builder::new()
        .name("free".into())
        .spawn(move || drop(value));
}

/// `check` (and the editor, which shows `check`'s findings): the input packages'
/// `+kubebuilder:rbac` and `+kubebuilder:webhook` markers, read as controller-gen reads them
/// (`manifests::check`).
pub fn manifest_markers(loaded: &load::Loaded) -> Vec<Diagnostic> {
    let inputs = loaded.packages.iter().filter(|package| package.is_input);
    let files = package_texts(loaded, inputs);
    let packages: Vec<manifests::Package> = files
        .iter()
        .map(|files| manifests::Package { files })
        .collect();
    manifests::check(&packages)
}

/// Each package's files with their texts, as the rbac and webhook generators read them.
pub fn package_texts<'a>(
    loaded: &'a load::Loaded,
    packages: impl IntoIterator<Item = &'a load::LoadedPackage>,
) -> Vec<Vec<(source::FileId, &'a str)>> {
    packages
        .into_iter()
        .map(|package| {
            package
                .files
                .iter()
                .map(|file| (file.id, loaded.sources.get(file.id).text.as_str()))
                .collect()
        })
        .collect()
}

/// What `openapi-gen` (the Go output) is asked to write: openapi-gen's options, read by the
/// command layer.
#[derive(Debug, Clone)]
pub struct GoConfig {
    pub packages: Vec<String>,
    /// The file header, laid out as the pinned gengo lays it out.
    pub boilerplate: String,
    /// `--output-pkg`: the package the Go file is in.
    pub output_pkg: String,
    /// `--output-dir` joined with `--output-file`.
    pub output: PathBuf,
    /// `--output-model-name-file`, when given and not empty.
    pub model_name_file: Option<String>,
    pub readonly_pkgs: Vec<String>,
    /// `--report-filename`.
    pub report: Option<PathBuf>,
    pub jobs: usize,
    /// The kube-openapi behaviour to copy ([`crate::kube_openapi_versions`]).
    pub behaviour: crate::kube_openapi_versions::Behaviour,
}

/// The result of [`go_output`], before anything is printed or written.
pub struct GoRun {
    pub sources: source::SourceMap,
    /// Every finding of the analysis, with openapi-gen's own refusals as errors.
    pub diagnostics: Vec<Diagnostic>,
    /// The files to write, all or none (the Go file, model-name files, the report); empty
    /// when a diagnostic is an error or `problems` is not.
    pub files: Vec<(PathBuf, Vec<u8>)>,
    /// What openapi-gen itself would write broken (`go/unsupported`), one message each.
    pub problems: Vec<String>,
    pub timings: Option<String>,
}

/// Warnings that are errors under openapi-gen.
const OPENAPI_GEN_DENIED: &[crate::diag::Code] = &[
    crate::diag::Code::FieldDefaultNotZero,
    crate::diag::Code::ResolveStandardLibraryType,
];

/// openapi-gen's run: the types it selects, from the one orchestrator, as the pinned
/// kube-openapi version writes them (Go file, model-name files, API rule report).
pub fn go_output(config: &GoConfig) -> anyhow::Result<GoRun> {
    use crate::emit::go::{self, select::Selection, GoFile};
    use crate::kube_openapi_versions::{self as versions, Change};
    let behaviour = config.behaviour;
    let pool = thread_pool(config.jobs)?;
    let mut timings = Timings::from_env();
    let (analysis, built) = pool.install(|| -> anyhow::Result<_> {
        // The behaviour is per thread: set it on the pool's thread.
        let _guard = versions::Guard::set(behaviour);
        let options = resolve::Options {
            dependency_definitions: false,
            openapi_gen: true,
            kubebuilder: false,
        };
        let analysis = analyse(
            &config.packages,
            options,
            &resolve::Roots::OpenApiGen,
            resolve::Outside::Drop,
            &mut timings,
        )?;
        let built = schema::build(&analysis.model, Naming::Go, UnionFormat::OpenApiGen, false);
        Ok((analysis, built))
    })?;
    let mut run = GoRun {
        sources: analysis.loaded.sources,
        diagnostics: analysis.diagnostics,
        files: Vec::new(),
        problems: Vec::new(),
        timings: None,
    };
    run.diagnostics.extend(built.diagnostics);
    // What openapi-gen refuses, and what it writes from its Go's standard library (here a
    // `$ref` without definition would be wrong): union-gen elsewhere only warns about them.
    crate::diag::Levels {
        deny: OPENAPI_GEN_DENIED.to_vec(),
        ..crate::diag::Levels::default()
    }
    .apply(&mut run.diagnostics);
    if crate::diag::has_errors(&run.diagnostics) {
        return Ok(run);
    }
    let packages = &analysis.loaded.packages;
    let selection = Selection::read(packages, &run.sources);
    let types = selected_types(&analysis.model, &built.definitions, &selection);
    let model_name_files = match &config.model_name_file {
        Some(file_name) => go::model_names::files(
            packages,
            &run.sources,
            &config.readonly_pkgs,
            file_name,
            &config.boilerplate,
        ),
        None => Ok(Vec::new()),
    };
    if let Err(invalid) = &model_name_files {
        run.problems.extend(invalid.iter().cloned());
    }
    // Before 2025-09-10 openapi-gen named every type by its Go name.
    let model_names = behaviour.has(Change::ModelNames);
    let model_named = |name: &model::TypeName| model_names && selection.model_named(name);
    let file = GoFile {
        model_named: &model_named,
        boilerplate: config.boilerplate.clone(),
        package: config
            .output_pkg
            .rsplit('/')
            .next()
            .unwrap_or(&config.output_pkg)
            .to_string(),
        package_path: config.output_pkg.clone(),
        types,
    };
    let bytes = match go::render(&file) {
        Ok(bytes) => bytes,
        Err(unsupported) => {
            run.problems.extend(unsupported.into_iter().map(|u| {
                format!(
                    "{}: {} is not supported by the Go output yet",
                    u.type_name, u.what
                )
            }));
            Vec::new()
        }
    };
    if !run.problems.is_empty() {
        return Ok(run);
    }
    run.files.push((config.output.clone(), bytes));
    run.files.extend(model_name_files.unwrap_or_default());
    // openapi-gen's API rule report covers the types it generates.
    if let Some(path) = &config.report {
        let report = api_rule_report(packages, &selection);
        run.files.push((path.clone(), report.into_bytes()));
    }
    run.timings = timings.report();
    Ok(run)
}

/// The definitions openapi-gen generates, with their schemas, sorted by name.
fn selected_types<'a>(
    model: &'a model::ApiModel,
    definitions: &'a schema::Definitions,
    selection: &crate::emit::go::select::Selection,
) -> Vec<crate::emit::go::Selected<'a>> {
    use crate::emit::go::Selected;
    let mut types = Vec::new();
    for definition in &model.definitions {
        if !selection.selected(&definition.name) {
            continue;
        }
        let key = schema::model_definition_name(definition, Naming::Go);
        let Ok(index) = definitions.binary_search_by(|(k, _)| k.as_str().cmp(&key)) else {
            continue;
        };
        types.push(Selected {
            definition,
            schema: &definitions[index].1,
            methods: selection.methods(&definition.name),
        });
    }
    types.sort_by_key(|t| t.definition.name.to_string());
    types
}

/// openapi-gen's API rule report: the violations in the types it generates.
fn api_rule_report(
    packages: &[load::LoadedPackage],
    selection: &crate::emit::go::select::Selection,
) -> String {
    let violations: Vec<_> = resolve::api_rules::openapi_gen_violations(packages)
        .into_iter()
        .filter(|(_, package, type_name, _)| {
            selection.selected(&model::TypeName {
                package: package.clone(),
                name: type_name.clone(),
            })
        })
        .collect();
    resolve::api_rules::report(&violations)
}
