//! union-gen: Go API types with marker comments → OpenAPI v2/v3 documents with `enum` lists
//! and `x-kubernetes-unions`.
//!
//! The pipeline runs one way (see ARCHITECTURE.md):
//! [`discover`] → [`load`] + [`syntax`] → [`resolve`] → [`schema`] → [`emit`], with
//! diagnostics collected as values and rendered once by [`diag`].

pub mod cli;
pub mod crd;
pub mod diag;
pub mod discover;
pub mod emit;
pub mod exit;
pub mod limits;
pub mod load;
pub mod markers;
pub mod model;
pub mod modules;
pub mod resolve;
pub mod schema;
pub mod source;
pub mod syntax;
pub mod verify;
pub mod write;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command, Config, Destination};
use diag::{Code, Diagnostic};

/// The result of running the pipeline on a configuration, before anything is written.
pub struct Run {
    pub sources: source::SourceMap,
    pub diagnostics: Vec<Diagnostic>,
    /// Bytes of each requested output, in the order of `Config::outputs`.
    pub documents: Vec<Vec<u8>>,
    /// Per-stage timings when `UNION_GEN_TIMINGS` is set.
    pub timings: Option<String>,
}

/// Per-stage wall times, printed to stderr when `UNION_GEN_TIMINGS` is set (for `bench/`).
pub(crate) struct Timings {
    enabled: bool,
    last: std::time::Instant,
    laps: Vec<(&'static str, std::time::Duration)>,
}

impl Timings {
    pub(crate) fn from_env() -> Timings {
        Timings {
            enabled: std::env::var_os("UNION_GEN_TIMINGS").is_some(),
            last: std::time::Instant::now(),
            laps: Vec::new(),
        }
    }

    fn lap(&mut self, stage: &'static str) {
        if self.enabled {
            let now = std::time::Instant::now();
            self.laps.push((stage, now - self.last));
            self.last = now;
        }
    }

    /// The line to print; not printed here, because the caller may hold the stderr lock.
    fn report(&self) -> Option<String> {
        self.enabled.then(|| {
            let laps: Vec<String> = self
                .laps
                .iter()
                .map(|(stage, time)| format!("{stage}={:.1}ms", time.as_secs_f64() * 1000.0))
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
pub(crate) fn thread_pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start worker threads: {e}"))
}

/// Discovers, loads and resolves the configured packages; call inside the pool.
pub(crate) fn analyse(config: &Config, timings: &mut Timings) -> anyhow::Result<Analysis> {
    let (packages, walk_errors) = discover::discover(&config.packages)?;
    timings.lap("discover");
    let mut loaded = load::load(&packages, &walk_errors);
    timings.lap("load+parse");
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    let (model, resolve_diagnostics) =
        resolve::resolve(&loaded.packages, &loaded.missing, config.resolve);
    diagnostics.extend(resolve_diagnostics);
    timings.lap("resolve");
    Ok(Analysis {
        loaded,
        model,
        diagnostics,
    })
}

/// Runs every stage up to the document bytes. `Err` is an environment failure (exit 2).
pub fn run_pipeline(config: &Config) -> anyhow::Result<Run> {
    let pool = thread_pool(config.jobs)?;
    let mut timings = Timings::from_env();
    pool.install(|| {
        let Analysis {
            loaded,
            model,
            mut diagnostics,
        } = analyse(config, &mut timings)?;
        let mut documents = Vec::new();
        if !config.outputs.is_empty() {
            let schema::Built {
                definitions,
                collisions,
                cel,
            } = schema::build(&model, config.naming, config.union_format, config.cel);
            timings.lap("schema");
            diagnostics.extend(cel);
            for (first, second) in collisions {
                let span = model
                    .definitions
                    .iter()
                    .find(|d| d.name == second)
                    .map(|d| d.span.clone());
                let message = format!(
                    "`{first}` and `{second}` get the same definition name `{}`",
                    schema::definition_name(&second, config.naming)
                );
                let mut diagnostic = match span {
                    Some(span) => Diagnostic::new(Code::ResolveNameCollision, span, message),
                    None => Diagnostic::without_location(Code::ResolveNameCollision, message),
                };
                diagnostic = diagnostic.with_help(
                    "use `--naming rest` or `--naming go`, which keep the whole import path",
                );
                diagnostics.push(diagnostic);
            }
            use rayon::prelude::*;
            documents = config
                .outputs
                .par_iter()
                .map(|output| {
                    emit::to_bytes(&definitions, output.version, &config.info, output.format)
                })
                .collect();
            timings.lap("emit");
        }
        let timings = timings.report();
        Ok(Run {
            timings,
            sources: loaded.sources,
            diagnostics,
            documents,
        })
    })
}

/// Entry point of the binary.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    use std::io::IsTerminal;
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let stderr_color = stderr.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    ExitCode::from(run_styled(
        args,
        verify::Style::for_stdout(),
        stderr_color,
        &mut stdout.lock(),
        &mut stderr.lock(),
    ))
}

/// Runs the command line with explicit stdout/stderr writers (for in-process tests);
/// returns the exit code. The writers are not terminals: no colour.
pub fn run_with_output<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_styled(args, verify::Style::default(), false, out, err)
}

fn run_styled<I, T>(
    args: I,
    style: verify::Style,
    stderr_color: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => {
            let rendered = error.render().to_string();
            return if error.use_stderr() {
                let _ = write!(err, "{rendered}");
                exit::USAGE_OR_IO
            } else {
                let _ = write!(out, "{rendered}");
                exit::SUCCESS
            };
        }
    };
    match cli.command {
        Command::DumpSyntax { file } => dump_syntax(&file, out, err),
        Command::Explain { code } => explain(&code, out, err),
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics when its writer fails (closed pipe).
            let mut script = Vec::new();
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "union-gen", &mut script);
            match out.write_all(&script).and_then(|_| out.flush()) {
                Ok(()) => exit::SUCCESS,
                Err(_) => exit::USAGE_OR_IO,
            }
        }
        Command::Crd(crd_args) => crd::command(crd_args, &args, style, stderr_color, out, err),
        Command::Check(args) => execute(&Config::for_check(args).colored(stderr_color), out, err),
        Command::Generate(generate) => match Config::try_for_generate(generate) {
            Ok(config) => execute_verifying(&config.colored(stderr_color), &args, style, out, err),
            Err(error) => {
                let _ = writeln!(err, "error: {error:#}");
                exit::USAGE_OR_IO
            }
        },
    }
}

fn dump_syntax(path: &std::path::Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            let _ = writeln!(err, "error: cannot read {}: {error}", path.display());
            return exit::USAGE_OR_IO;
        }
    };
    let mut sources = source::SourceMap::default();
    let id = sources.add(source::SourceFile::new(path.to_path_buf(), text));
    let (decls, diagnostics) = syntax::parse(id, &sources.get(id).text);
    let _ = write!(out, "{}", syntax::dump::dump(&decls, &sources.get(id).text));
    let _ = diag::render(
        &diagnostics,
        &sources,
        diag::MessageFormat::Human { color: false },
        err,
    );
    exit::SUCCESS
}

fn explain(name: &str, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if name == "all" {
        for code in diag::ALL_CODES {
            let _ = writeln!(
                out,
                "{:<40} {}",
                code.as_str(),
                code.default_severity().as_str()
            );
        }
        return exit::SUCCESS;
    }
    match Code::from_name(name) {
        Some(code) => {
            let _ = writeln!(
                out,
                "{} ({})\n\n{}",
                code.as_str(),
                code.default_severity().as_str(),
                code.explanation()
            );
            exit::SUCCESS
        }
        None => {
            let _ = writeln!(
                err,
                "error: unknown diagnostic code `{name}`; `union-gen explain all` lists them"
            );
            exit::USAGE_OR_IO
        }
    }
}

/// Runs the pipeline, renders diagnostics, then writes (or verifies) the outputs.
pub fn execute(config: &Config, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    execute_verifying(
        config,
        &[OsString::from("union-gen")],
        verify::Style::default(),
        out,
        err,
    )
}

/// [`execute`], with the command line as typed (for `--verify`'s update hint) and the style
/// of `--verify`'s report.
fn execute_verifying(
    config: &Config,
    args: &[OsString],
    style: verify::Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let run = match run_pipeline(config) {
        Ok(run) => run,
        Err(error) => {
            let _ = writeln!(err, "error: {error:#}");
            return exit::USAGE_OR_IO;
        }
    };
    let _ = diag::render(&run.diagnostics, &run.sources, config.message_format, err);
    if let Some(timings) = &run.timings {
        let _ = writeln!(err, "{timings}");
    }
    if diag::has_errors(&run.diagnostics) {
        return exit::FAILURE;
    }
    if config.verify {
        return verify::verify(config, &run.documents, args, style, out, err);
    }
    // Files first, all or none (an unwritable second output must not leave the first one
    // changed); then stdout.
    let files: Vec<(&std::path::Path, &[u8])> = config
        .outputs
        .iter()
        .zip(&run.documents)
        .filter_map(|(output, bytes)| match &output.destination {
            Destination::File(path) => Some((path.as_path(), bytes.as_slice())),
            Destination::Stdout => None,
        })
        .collect();
    if let Err((path, error)) = write::all_or_nothing(&files) {
        let _ = writeln!(err, "error: cannot write {}: {error}", path.display());
        return exit::USAGE_OR_IO;
    }
    for (output, bytes) in config.outputs.iter().zip(&run.documents) {
        if let Destination::Stdout = output.destination {
            if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
                return exit::USAGE_OR_IO;
            }
        }
    }
    exit::SUCCESS
}
