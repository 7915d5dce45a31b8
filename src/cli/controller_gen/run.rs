//! Running a parsed controller-gen command line: the project's controller-gen version, one
//! analysis of `paths=`, each generator through [`Generator::run`], then every artifact
//! through its output rule — written all or none, or compared (`--verify`).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Action, Generator, Invocation, OutputRule};
use crate::controller_gen_versions::{self as versions, Behaviour};
use crate::diag::{self, Code, Diagnostic, Levels, MessageFormat};
use crate::{exit, manifests, pipeline, write};

/// What a generator gets.
pub struct GeneratorInput<'a> {
    /// The packages of `paths=`, loaded and resolved once for every generator.
    pub analysis: &'a pipeline::Analysis,
    /// The `paths=` patterns, in the order given (controller-gen's roots come in that order).
    pub paths: &'a [String],
    /// `headerFile=`'s text with ` YEAR` replaced by ` <year>` (empty without one).
    pub header: String,
    /// The controller-gen release whose output to copy.
    pub behaviour: &'a Behaviour,
    /// union-gen's own flags (the opt-ins).
    pub own: &'a super::OwnFlags,
}

/// What a generator made: files named as controller-gen names them, with their bytes, and
/// findings (nothing is written when one is an error).
#[derive(Debug, Default)]
pub struct Artifacts {
    pub files: Vec<(String, Vec<u8>)>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Generator {
    /// The dispatch point: runs this generator on the analysed packages.
    pub fn run(&self, input: &GeneratorInput) -> Artifacts {
        match self {
            Generator::Crd(options) => {
                let settings = crate::emit::crd::Settings {
                    schema: crate::schema::controller_gen::Options {
                        behaviour: input.behaviour.clone(),
                        allow_dangerous_types: options.allow_dangerous_types,
                        ignore_unexported_fields: options.ignore_unexported_fields,
                        generate_embedded_object_meta: options.generate_embedded_object_meta,
                    },
                    max_desc_len: options.max_desc_len,
                    crd_versions: options.crd_versions.clone(),
                    preserve_unknown_fields: options.preserve_unknown_fields,
                    header: input.header.clone(),
                    version: input.behaviour.version().to_string(),
                };
                let checks = pipeline::controller_gen::Checks {
                    unknown_markers: input.own.deny_unknown_markers,
                    cel_cost: input.own.cel_cost,
                };
                let (files, diagnostics) =
                    pipeline::controller_gen::crds(&input.analysis.loaded, &settings, checks);
                Artifacts { files, diagnostics }
            }
            Generator::Rbac(options) => {
                let options = manifests::rbac::Options {
                    role_name: options.role_name.clone(),
                    file_name: options.file_name.clone(),
                };
                let generated = with_root_packages(input, |packages| {
                    manifests::rbac::generate(packages, &options, input.behaviour)
                });
                manifest_artifacts(generated, &input.header)
            }
            Generator::Webhook(_) => {
                let generated = with_root_packages(input, |packages| {
                    manifests::webhook::generate(packages, input.behaviour)
                });
                manifest_artifacts(generated, &input.header)
            }
            // Refused when the command line is parsed; never run.
            Generator::Refused(name) => Artifacts {
                files: Vec::new(),
                diagnostics: vec![not_written_yet(name)],
            },
        }
    }
}

/// `generate` over the root packages of `paths=` (their files in order, with their text), in
/// controller-gen's order: by the first pattern that matches them, then by path (`go list`).
fn with_root_packages(
    input: &GeneratorInput,
    generate: impl FnOnce(&[manifests::Package]) -> manifests::Generated,
) -> manifests::Generated {
    let loaded = &input.analysis.loaded;
    let mut roots: Vec<&crate::load::LoadedPackage> = loaded
        .packages
        .iter()
        .filter(|package| package.is_input)
        .collect();
    let cwd = std::env::current_dir().unwrap_or_default();
    let patterns: Vec<(PathBuf, bool)> = input
        .paths
        .iter()
        .map(|pattern| {
            let pattern = pattern.trim();
            let (base, recursive) = match pattern.strip_suffix("...") {
                Some(base) => (base.trim_end_matches('/'), true),
                None => (pattern, false),
            };
            (canonical(&cwd.join(base)), recursive)
        })
        .collect();
    let rank = |package: &crate::load::LoadedPackage| {
        let dir = package
            .files
            .first()
            .and_then(|file| loaded.sources.get(file.id).path.parent().map(canonical));
        dir.and_then(|dir| {
            patterns
                .iter()
                .position(|(base, recursive)| dir == *base || (*recursive && dir.starts_with(base)))
        })
        .unwrap_or(usize::MAX)
    };
    roots.sort_by_key(|package| rank(package));
    let files = pipeline::package_texts(loaded, roots.iter().copied());
    let packages: Vec<manifests::Package> = files
        .iter()
        .map(|files| manifests::Package { files })
        .collect();
    generate(&packages)
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// controller-gen's `WriteYAML`: the header, then `---` and each object as sigs.k8s.io/yaml
/// writes it.
fn manifest_artifacts(generated: manifests::Generated, header: &str) -> Artifacts {
    let mut diagnostics = generated.diagnostics;
    let mut files = Vec::new();
    for (name, objects) in generated.files {
        let mut bytes = header.as_bytes().to_vec();
        for object in &objects {
            match crate::emit::yaml_v2::to_bytes(object) {
                Ok(yaml) => {
                    bytes.extend_from_slice(b"---\n");
                    bytes.extend_from_slice(&yaml);
                }
                // Roles and webhook configurations nest six levels deep at most.
                Err(too_deep) => diagnostics.push(Diagnostic::without_location(
                    Code::ResolveTooDeep,
                    format!("{name}: {too_deep}"),
                )),
            }
        }
        files.push((name, bytes));
    }
    Artifacts { files, diagnostics }
}

/// A generator of kubebuilder's line that this build does not write yet.
fn not_written_yet(generator: &str) -> Diagnostic {
    Diagnostic::without_location(
        Code::ControllerGenUnsupportedGenerator,
        format!(
            "union-gen does not write controller-gen's `{generator}` generator yet: keep it in \
             a controller-gen line"
        ),
    )
}

pub(crate) const USAGE: &str =
    "Usage: union-gen controller-gen [flags] GENERATOR[:ARG=VALUE,…]… paths=PATTERN… [output:…]
(union-gen's drop-in for controller-gen's `make manifests` line: the same files, byte for byte)

Generators:
  crd[:crdVersions=v1,maxDescLen=N,allowDangerousTypes=true,ignoreUnexportedFields=true,
      generateEmbeddedObjectMeta=true,headerFile=FILE,year=YEAR]
  rbac:roleName=NAME[,fileName=FILE,headerFile=FILE,year=YEAR]
  webhook[:headerFile=FILE,year=YEAR]
  (object, applyconfiguration, schemapatch: keep them in a controller-gen line)
Paths:
  paths=./...   paths=./api/...;./other/...   paths={./a,./b}   (repeatable)
Output rules (per generator `output:<generator>:<rule>`, or the default `output:<rule>`):
  dir=DIR   artifacts:config=DIR   stdout   none      (default: config/<generator>/)

controller-gen's flags: -h/--detailed-help, -w/--which-markers, --version,
  --load-build-tags=TAGS (accepted; build tags are not evaluated)
union-gen's flags:
  --controller-gen-version vX.Y.Z  write what this release writes (default: the project's pin:
                                   Makefile CONTROLLER_TOOLS_VERSION, controller-gen@vX, a
                                   hack/ script, tasks.py, a tools go.mod; else the newest
                                   union-gen knows)
  --verify                         write nothing; exit 1 and a diff when a file would change
  --with-crd-patch                 also what `union-gen crd` adds: the enum lists of the
                                   project's +enum types, the CEL rules of its unions
  --cel-cost                       the API server's checks of every rule written: a rule
                                   that does not compile, or a rule or version over its cost
                                   limits, is an error
  --deny-unknown-markers           misspelt or misplaced markers controller-gen would ignore
                                   are errors
  --message-format FORMAT          human (default), json or github
  -j, --jobs N                     worker threads
  --deny CODE|warnings, --allow CODE
";

/// `union-gen controller-gen ARGS…`.
pub(in crate::cli) fn command(
    args: &[String],
    stderr_color: bool,
    terminal: &crate::cli::Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let human = MessageFormat::Human {
        color: stderr_color,
    };
    let parsed = super::parse(args);
    // A refused line is reported in the format asked for, when that much can be read.
    let asked = match &parsed {
        Ok(invocation) => invocation.own.message_format.clone(),
        Err(_) => args
            .iter()
            .position(|a| a == "--message-format")
            .and_then(|i| args.get(i + 1).cloned())
            .or_else(|| {
                args.iter()
                    .find_map(|a| a.strip_prefix("--message-format=").map(str::to_string))
            }),
    };
    let message_format = match asked.as_deref() {
        None | Some("human") => human,
        Some("json") => MessageFormat::Json,
        Some("github") => MessageFormat::Github,
        Some(other) => {
            let message = format!("--message-format {other}: expected human, json or github");
            crate::cli::report_run(Code::CliUsage, &message, human, err);
            return exit::USAGE_OR_IO;
        }
    };
    let invocation = match parsed {
        Ok(invocation) => invocation,
        Err(error) => {
            let code = if error.unsupported_generator {
                Code::ControllerGenUnsupportedGenerator
            } else {
                Code::CliUsage
            };
            crate::cli::report_run(code, &error.message, message_format, err);
            return exit::USAGE_OR_IO;
        }
    };
    match invocation.action {
        Action::Help => {
            let _ = out.write_all(USAGE.as_bytes());
            return exit::SUCCESS;
        }
        Action::Version => {
            let behaviour = behaviour(&invocation, &mut Vec::new());
            let _ = writeln!(
                out,
                "Version: {} (union-gen {})",
                behaviour.version(),
                crate::cli::args::VERSION
            );
            return exit::SUCCESS;
        }
        Action::Markers => {
            let _ = out.write_all(markers_summary().as_bytes());
            return exit::SUCCESS;
        }
        Action::Generate => {}
    }
    let levels = match Levels::parse(&invocation.own.deny, &invocation.own.allow) {
        Ok(levels) => levels,
        Err(message) => {
            crate::cli::report_run(Code::CliUsage, &message, message_format, err);
            return exit::USAGE_OR_IO;
        }
    };
    let how = How {
        message_format,
        levels: &levels,
        terminal,
    };
    generate(&invocation, &how, out, err)
}

/// `-w`: the markers controller-gen's CRD generator reads (as union-gen copies it), one per
/// line with where it is read.
fn markers_summary() -> String {
    use crate::resolve::controller_gen::markers::catalogue;
    let mut text = String::from(
        "The markers controller-gen's crd generator reads (field, type, package: where):\n",
    );
    for (name, on) in catalogue() {
        let places: Vec<&str> = ["field", "type", "package"]
            .into_iter()
            .zip(on)
            .filter_map(|(place, read)| read.then_some(place))
            .collect();
        text.push_str(&format!("  +{name:<44} {}\n", places.join(", ")));
    }
    text.push_str(
        "The markers of the rbac and webhook generators (package: a comment that is no \
         declaration's doc comment):\n",
    );
    let mut manifest_markers: Vec<&str> = crate::markers::registry::KINDS
        .iter()
        .map(|kind| kind.def())
        .filter(|def| def.family == crate::markers::registry::Family::ControllerGenManifest)
        .map(|def| def.name)
        .collect();
    manifest_markers.sort_unstable();
    for name in manifest_markers {
        text.push_str(&format!("  +{name:<44} package\n"));
    }
    text
}

struct How<'a> {
    message_format: MessageFormat,
    levels: &'a Levels,
    terminal: &'a crate::cli::Terminal<'a>,
}

/// The release to copy: `--controller-gen-version`, else the project's pin, else the newest;
/// findings about it go to `notes`.
fn behaviour(invocation: &Invocation, notes: &mut Vec<Diagnostic>) -> Behaviour {
    let found = match &invocation.own.controller_gen_version {
        Some(version) => Some((version.clone(), "--controller-gen-version".to_string())),
        None => std::env::current_dir()
            .ok()
            .and_then(|dir| versions::pinned(&dir))
            .map(|p| {
                if !p.disagreeing.is_empty() {
                    notes.push(disagreeing_pins(&p));
                }
                (p.version, p.source)
            }),
    };
    let Some((version, source)) = found else {
        notes.push(Diagnostic::without_location(
            Code::ControllerGenVersionUnknown,
            format!(
                "no controller-gen version found (Makefile CONTROLLER_TOOLS_VERSION, \
                 controller-gen@vX, a hack/ script's CONTROLLER_GEN_VER, tasks.py, a tools \
                 go.mod, --controller-gen-version): writing what controller-gen {} writes",
                Behaviour::newest().version()
            ),
        ));
        return Behaviour::newest();
    };
    match Behaviour::at(&version) {
        Ok(behaviour) if behaviour.too_old() => {
            notes.push(Diagnostic::without_location(
                Code::ControllerGenVersionUnknown,
                format!(
                    "controller-gen {version} ({source}) is older than the oldest release \
                     union-gen copies (v0.15.0): writing what v0.15.0 writes, with {version} \
                     in the version annotation"
                ),
            ));
            behaviour
        }
        Ok(behaviour) => behaviour,
        Err(why) => {
            notes.push(Diagnostic::without_location(
                Code::ControllerGenVersionUnknown,
                format!(
                    "controller-gen version from {source}: {why}: writing what controller-gen {} \
                     writes",
                    Behaviour::newest().version()
                ),
            ));
            Behaviour::newest()
        }
    }
}

/// The project's scripts pin several controller-gen releases: which one runs this command
/// line is not known.
fn disagreeing_pins(pinned: &versions::Pinned) -> Diagnostic {
    let others: Vec<String> = pinned
        .disagreeing
        .iter()
        .map(|(version, source)| format!("{version} ({source})"))
        .collect();
    Diagnostic::without_location(
        Code::ControllerGenVersionUnknown,
        format!(
            "the project pins controller-gen {} ({}) and also {}: writing what {} writes; \
             `--controller-gen-version` chooses the release of the script this line comes from",
            pinned.version,
            pinned.source,
            others.join(", "),
            pinned.version
        ),
    )
}

/// The header a generator writes before each manifest (controller-gen reads the file from
/// the working directory and replaces ` YEAR`).
fn header(generator: &Generator) -> Result<String, String> {
    let (file, year) = generator.header();
    let Some(file) = file.filter(|f| !f.is_empty()) else {
        return Ok(String::new());
    };
    let text = std::fs::read_to_string(file)
        .map_err(|error| format!("cannot read headerFile {file}: {error}"))?;
    Ok(text.replace(" YEAR", &format!(" {year}")))
}

fn generate(invocation: &Invocation, how: &How, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut diagnostics = Vec::new();
    let behaviour = behaviour(invocation, &mut diagnostics);
    let jobs = crate::cli::args::jobs(invocation.own.jobs.map(|j| j as u16));
    let paths = if invocation.paths.is_empty() {
        // controller-gen loads no package without `paths=`; neither does union-gen.
        Vec::new()
    } else {
        invocation.paths.clone()
    };
    let mut timings = pipeline::Timings::from_env();
    let pool = match pipeline::thread_pool(jobs) {
        Ok(pool) => pool,
        Err(error) => return crate::cli::usage_error(&error, how.message_format, err),
    };
    use pipeline::controller_gen::Needs;
    let crd = invocation
        .generators
        .iter()
        .any(|g| matches!(g, Generator::Crd(_)));
    let needs = match (crd, invocation.own.with_crd_patch) {
        (false, _) => Needs::Markers,
        (true, false) => Needs::Kinds,
        (true, true) => Needs::Declarations,
    };
    let analysis = pool.install(|| pipeline::controller_gen::analysis(&paths, needs, &mut timings));
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(error) => return crate::cli::usage_error(&error, how.message_format, err),
    };
    diagnostics.extend(analysis.diagnostics.iter().cloned());
    let mut outputs: Vec<(OutputRule, String, Vec<u8>)> = Vec::new();
    // The outputs of the `crd` generator (for `--with-crd-patch`).
    let mut manifests: Vec<usize> = Vec::new();
    for generator in &invocation.generators {
        let header = match header(generator) {
            Ok(header) => header,
            Err(message) => {
                crate::cli::report_run(Code::IoUnreadable, &message, how.message_format, err);
                return exit::USAGE_OR_IO;
            }
        };
        let input = GeneratorInput {
            analysis: &analysis,
            paths: &paths,
            header,
            behaviour: &behaviour,
            own: &invocation.own,
        };
        let artifacts = generator.run(&input);
        timings.lap(generator.name());
        diagnostics.extend(artifacts.diagnostics);
        let rule = invocation.outputs.for_generator(generator.name());
        for (name, bytes) in artifacts.files {
            if matches!(generator, Generator::Crd(_)) {
                manifests.push(outputs.len());
            }
            outputs.push((rule.clone(), name, bytes));
        }
    }
    let sources = if invocation.own.with_crd_patch && !manifests.is_empty() {
        let patch = Patch {
            manifests: &manifests,
            cel_cost: invocation.own.cel_cost,
        };
        pool.install(|| patch.apply(analysis.loaded, &mut outputs, &mut diagnostics))
    } else {
        analysis.loaded.sources
    };
    timings.lap("opt-ins");
    if let Some(report) = timings.report() {
        let _ = writeln!(err, "{report}");
    }
    how.levels.apply(&mut diagnostics);
    let _ = diag::render(&diagnostics, &sources, how.message_format, err);
    crate::cli::print_summary(&diagnostics, how.message_format, err);
    if diagnostics
        .iter()
        .any(|d| d.code == Code::ControllerGenUnsupportedGenerator)
    {
        return exit::USAGE_OR_IO;
    }
    if diag::has_errors(&diagnostics) {
        return exit::FAILURE;
    }
    // `--verify`'s report names the release whose bytes were expected.
    let verify = invocation
        .own
        .verify
        .then(|| format!("as controller-gen {} writes them", behaviour.version()));
    deliver(&outputs, verify, how, out, err)
}

/// `--with-crd-patch`: what `union-gen crd` adds, applied to the `crd` generator's outputs.
struct Patch<'a> {
    /// Indices of the manifests among the outputs.
    manifests: &'a [usize],
    /// `--cel-cost` reports every rule over a limit already: the patch's warnings about the
    /// manifest's own rules would say it twice.
    cel_cost: bool,
}

impl Patch<'_> {
    /// Patches the manifests in place, adds the findings; gives back the sources the
    /// findings point into (the Go files, then the manifests as they would be written).
    fn apply(
        &self,
        loaded: crate::load::Loaded,
        outputs: &mut [(OutputRule, String, Vec<u8>)],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> crate::source::SourceMap {
        let texts: Vec<(PathBuf, String)> = self
            .manifests
            .iter()
            .map(|&index| {
                let (rule, name, bytes) = &outputs[index];
                let shown = rule.path(name).unwrap_or_else(|| PathBuf::from(name));
                (shown, String::from_utf8_lossy(bytes).into_owned())
            })
            .collect();
        let outcome = pipeline::controller_gen::patch(loaded, texts);
        for (&index, manifest) in self.manifests.iter().zip(&outcome.manifests) {
            if let Some(patched) = &manifest.patched {
                outputs[index].2 = patched.text.clone().into_bytes();
            }
        }
        diagnostics.extend(outcome.diagnostics.into_iter().filter(|d| {
            !(self.cel_cost
                && d.code == Code::CelOverBudget
                && d.severity == diag::Severity::Warning)
        }));
        outcome.sources
    }
}

/// Writes (or with `--verify` compares) every output: files all or none, stdout after them.
/// `verify`: compare only, the report saying what the expected bytes are written as.
fn deliver(
    outputs: &[(OutputRule, String, Vec<u8>)],
    verify: Option<String>,
    how: &How,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let files: Vec<(PathBuf, &[u8])> = outputs
        .iter()
        .filter_map(|(rule, name, bytes)| Some((rule.path(name)?, bytes.as_slice())))
        .collect();
    let stdout: Vec<u8> = outputs
        .iter()
        .filter(|(rule, _, _)| *rule == OutputRule::Stdout)
        .flat_map(|(_, _, bytes)| bytes.iter().copied())
        .collect();
    let borrowed: Vec<(&Path, &[u8])> = files.iter().map(|(p, b)| (p.as_path(), *b)).collect();
    if let Some(written_as) = verify {
        let report = crate::cli::verify::Report {
            update: crate::cli::verify::update_command(how.terminal.command_line),
            github_annotations: how.message_format == MessageFormat::Github,
            style: how.terminal.stdout_style,
            written_as: Some(written_as),
        };
        return crate::cli::verify::verify(&borrowed, &report, out, err);
    }
    let created = match create_directories(&borrowed) {
        Ok(created) => created,
        Err((path, error)) => {
            let message = format!("cannot create {}: {error}", path.display());
            crate::cli::report_run(Code::IoUnwritable, &message, how.message_format, err);
            return exit::USAGE_OR_IO;
        }
    };
    let written = write::all_or_nothing_then(&borrowed, || {
        out.write_all(&stdout)?;
        out.flush()
    });
    if let Err(failure) = written {
        // All or none: the directories made for this run go too.
        for dir in created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
        let message = match failure {
            write::Failure::Last(error) => {
                format!("cannot write to stdout: {error}; no file was changed")
            }
            write::Failure::File(path, error) => {
                format!("cannot write {}: {error}", path.display())
            }
        };
        crate::cli::report_run(Code::IoUnwritable, &message, how.message_format, err);
        return exit::USAGE_OR_IO;
    }
    exit::SUCCESS
}

/// controller-gen creates its output directories (`os.MkdirAll`); so does union-gen, and
/// says which it created (to remove them if the write fails).
fn create_directories(files: &[(&Path, &[u8])]) -> Result<Vec<PathBuf>, (PathBuf, std::io::Error)> {
    let mut created = Vec::new();
    for (path, _) in files {
        let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) else {
            continue;
        };
        let missing: Vec<&Path> = parent
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .collect();
        for dir in missing.into_iter().rev() {
            std::fs::create_dir(dir).map_err(|error| (dir.to_path_buf(), error))?;
            created.push(dir.to_path_buf());
        }
    }
    Ok(created)
}
