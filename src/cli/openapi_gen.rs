//! `union-gen openapi-gen …` (and the binary run as `openapi-gen`): kube-openapi's
//! openapi-gen command line, writing the Go file it writes (`emit::go`). Flags openapi-gen
//! has but this command cannot honour exactly are refused by name, never ignored.

use std::io::Write;
use std::path::PathBuf;

use super::openapi_gen_flags as flags;
use crate::diag::{self, Code, MessageFormat};
use crate::kube_openapi_versions::{self as versions, Behaviour, Change};
use crate::{exit, pipeline, write};

/// openapi-gen's flags, as its `args.AddFlags` (pflag) and klog define them.
#[derive(Debug, Default)]
pub struct Options {
    pub output_dir: Option<String>,
    pub output_pkg: Option<String>,
    pub output_file: String,
    pub go_header_file: Option<PathBuf>,
    pub report_filename: Option<String>,
    pub output_model_name_file: Option<String>,
    /// `--readonly-pkg` (repeatable, comma-separated): no model-name file is written there.
    pub readonly_pkgs: Vec<String>,
    pub packages: Vec<String>,
    pub help: bool,
    /// `-v`: warnings are printed from 1 on (openapi-gen prints none).
    pub verbosity: u32,
    /// `--message-format human|json|github`: union-gen's own flag (openapi-gen has none).
    pub message_format: Option<String>,
    /// `--kube-openapi-version VERSION`: union-gen's own; else read from the project.
    pub kube_openapi_version: Option<String>,
    /// The command line used gengo v1's flags (`--input-dirs`, `--output-package`, …).
    pub gengo_v1_flags: bool,
}

/// pflag's syntax: `--name value`, `--name=value`, `-n value`, `-n=value`; `--` ends flags.
pub fn parse(args: &[String]) -> anyhow::Result<Options> {
    let mut options = Options {
        output_file: "generated.openapi.go".into(),
        ..Options::default()
    };
    let mut unknown = Vec::new();
    let mut i = 0;
    let mut flags_done = false;
    let mut v1_output = V1Output::default();
    let v1 = args.iter().any(|a| {
        let body = a.trim_start_matches('-');
        let name = body.split_once('=').map_or(body, |(n, _)| n);
        a.starts_with('-') && flags::find(name).is_some_and(|flag| flag.v1_only)
    });
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if flags_done || !arg.starts_with('-') || arg == "-" {
            options.packages.push(arg.clone());
            continue;
        }
        if arg == "--" {
            flags_done = true;
            continue;
        }
        let body = arg.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (body, None),
        };
        // klog's names are also accepted with dashes (`--log-dir`).
        let klog_name = name.replace('-', "_");
        let name = if flags::find(&klog_name).is_some() {
            klog_name.as_str()
        } else {
            name
        };
        if flags::find(name).is_some_and(|flag| flag.value.is_none()) {
            continue;
        }
        let name = if v1 && name == "h" {
            "go-header-file"
        } else {
            name
        };
        if name == "h" || name == "help" {
            options.help = true;
            continue;
        }
        if flags::find(name).is_none_or(|flag| flag.value.is_none()) {
            unknown.push(arg.clone());
            continue;
        }
        let value = match inline {
            Some(value) => value,
            None if i < args.len() => {
                i += 1;
                args[i - 1].clone()
            }
            None => anyhow::bail!("openapi-gen flag `{arg}` needs a value"),
        };
        set_valued(&mut options, &mut v1_output, name, value)?;
    }
    if !unknown.is_empty() {
        anyhow::bail!(
            "openapi-gen flag{} not supported by union-gen: {} (supported: {})",
            if unknown.len() == 1 { "" } else { "s" },
            unknown.join(", "),
            flags::supported()
        );
    }
    if options.help {
        return Ok(options);
    }
    if v1 {
        v1_output.apply(&mut options);
    }
    check_required(&options)?;
    Ok(options)
}

/// gengo v1's output: `<output-base>/<output-package>/<output-file-base>.go`.
#[derive(Default)]
struct V1Output {
    output_base: Option<String>,
    output_file_base: Option<String>,
}

impl V1Output {
    /// Sets the output directory, file and header as gengo v1 defaults them.
    fn apply(self, options: &mut Options) {
        options.gengo_v1_flags = true;
        let base = self
            .output_base
            .unwrap_or_else(|| gopath().join("src").display().to_string());
        let package = options.output_pkg.clone().unwrap_or_default();
        options.output_dir = Some(
            std::path::Path::new(&base)
                .join(&package)
                .display()
                .to_string(),
        );
        options.output_file = format!(
            "{}.go",
            self.output_file_base
                .as_deref()
                .unwrap_or("openapi_generated")
        );
        if options.go_header_file.is_none() {
            options.go_header_file =
                Some(gopath().join("src/k8s.io/kube-openapi/boilerplate/boilerplate.go.txt"));
        }
    }
}

/// Sets what the valued flag `name` sets.
fn set_valued(
    options: &mut Options,
    v1_output: &mut V1Output,
    name: &str,
    value: String,
) -> anyhow::Result<()> {
    match name {
        "output-dir" => options.output_dir = Some(value),
        // Go's `path.Base` ignores a trailing slash (metrics-server passes one).
        "output-pkg" | "output-package" | "p" => {
            options.output_pkg = Some(value.trim_end_matches('/').to_string())
        }
        "output-base" | "o" => v1_output.output_base = Some(value),
        "output-file-base" | "O" => v1_output.output_file_base = Some(value),
        // pflag's StringSlice.
        "input-dirs" | "i" => options.packages.extend(
            value
                .split(',')
                .filter(|v| !v.is_empty())
                .map(str::to_string),
        ),
        "kube-openapi-version" => options.kube_openapi_version = Some(value),
        "build-tag" | "trim-path-prefix" | "log_dir" | "log_file" | "log_file_max_size"
        | "stderrthreshold" | "vmodule" | "log_backtrace_at" => {}
        "output-file" => options.output_file = value,
        "go-header-file" => options.go_header_file = Some(PathBuf::from(value)),
        "report-filename" | "r" => options.report_filename = Some(value),
        "output-model-name-file" => options.output_model_name_file = Some(value),
        "v" => {
            options.verbosity = value
                .parse()
                .map_err(|_| anyhow::anyhow!("-v {value}: a number is expected"))?
        }
        "message-format" => options.message_format = Some(value),
        // pflag's StringSlice: comma-separated values, appended per occurrence.
        "readonly-pkg" => options.readonly_pkgs.extend(
            value
                .split(',')
                .filter(|v| !v.is_empty())
                .map(str::to_string),
        ),
        _ => unreachable!("every valued flag is handled"),
    }
    Ok(())
}

/// The flags openapi-gen requires, and the packages.
fn check_required(options: &Options) -> anyhow::Result<()> {
    if options.output_dir.as_deref().unwrap_or("").is_empty() {
        anyhow::bail!("--output-dir must be specified");
    }
    if options.output_pkg.as_deref().unwrap_or("").is_empty() {
        anyhow::bail!("--output-pkg must be specified");
    }
    if options.output_file.is_empty() {
        anyhow::bail!("--output-file must be specified");
    }
    if options.packages.is_empty() {
        anyhow::bail!("no packages given: openapi-gen [flags] ./pkg/apis/v1 …");
    }
    Ok(())
}

/// `$GOPATH`, else `$HOME/go` (the go command's default).
fn gopath() -> PathBuf {
    match std::env::var_os("GOPATH").filter(|p| !p.is_empty()) {
        Some(path) => std::env::split_paths(&path).next().unwrap_or_default(),
        None => std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_default()
            .join("go"),
    }
}

/// What gengo writes before `package`: build tags, the header file with `YEAR` replaced,
/// the generated-by line (gofmt leaves at most one blank line between comments).
///
/// gengo/v2 (`GoBoilerplate`): the header file, one `\n`, `// Code generated …`. gengo v1
/// (`LoadGoBoilerplate` plus kube-openapi's own line): the header file, a `\n` only when it is
/// not empty, `// Code generated …`, then "This file was autogenerated by openapi-gen. Do
/// not edit it manually!".
fn boilerplate(header: Option<&std::path::Path>, gengo_v2: bool) -> anyhow::Result<String> {
    let mut out =
        String::from("//go:build !ignore_autogenerated\n// +build !ignore_autogenerated\n\n");
    if let Some(path) = header {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("--go-header-file {}: {e}", path.display()))?;
        let text = text.replace("YEAR", &current_year().to_string());
        if gengo_v2 || !text.is_empty() {
            out.push_str(&text);
            out.push('\n');
        }
    }
    out.push_str("// Code generated by openapi-gen. DO NOT EDIT.\n\n");
    if !gengo_v2 {
        out.push_str(
            "\n// This file was autogenerated by openapi-gen. Do not edit it manually!\n\n",
        );
    }
    Ok(collapse_blank_lines(&out))
}

/// gofmt's rule for the comments before `package`: runs of blank lines between them
/// become one (the inside of a `/* */` comment is kept as written).
fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = false;
    let mut in_block = false;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches('\n');
        if !in_block && content.trim().is_empty() {
            if !blank && !out.is_empty() {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        if in_block {
            in_block = !content.contains("*/");
        } else if let Some(open) = content.rfind("/*") {
            in_block = !content[open..].contains("*/");
        }
        out.push_str(line);
        if !line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The current year (UTC), from the system clock.
fn current_year() -> i64 {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    // Civil-from-days (Howard Hinnant's algorithm).
    let days = seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

pub(super) fn command(
    args: &[String],
    message_format: MessageFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let options = match parse(args) {
        Ok(options) => options,
        Err(error) => return super::usage_error(&error, message_format, err),
    };
    let message_format = match options.message_format.as_deref() {
        None | Some("human") => message_format,
        Some("json") => MessageFormat::Json,
        Some("github") => MessageFormat::Github,
        Some(other) => {
            let error = anyhow::anyhow!("--message-format {other}: expected human, json or github");
            return super::usage_error(&error, message_format, err);
        }
    };
    if options.help {
        let _ = out.write_all(flags::usage().as_bytes());
        return exit::SUCCESS;
    }
    match run(&options, message_format, err) {
        Ok(code) => code,
        Err(error) => super::usage_error(&error, message_format, err),
    }
}

fn run(
    options: &Options,
    message_format: MessageFormat,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let behaviour = behaviour(options, err);
    versions::with(behaviour, || run_as(options, message_format, err))
}

/// The kube-openapi behaviour to copy: `--kube-openapi-version`, else the project's pin
/// ([`versions::pinned`]), else the newest. An unknown or too old version is a warning.
fn behaviour(options: &Options, err: &mut dyn Write) -> Behaviour {
    let found = match &options.kube_openapi_version {
        Some(version) => Some((version.clone(), "--kube-openapi-version".to_string())),
        None => std::env::current_dir()
            .ok()
            .and_then(|dir| versions::pinned(&dir, crate::modules::module_cache().as_deref()))
            .map(|p| (p.version, p.source)),
    };
    let Some((version, source)) = found else {
        if options.verbosity > 0 {
            let _ = writeln!(
                err,
                "warning: no kube-openapi version found (go.mod, tools/go.mod, Makefile, \
                 --kube-openapi-version): writing what the newest kube-openapi writes"
            );
        }
        return Behaviour::newest();
    };
    if options.verbosity > 0 {
        let _ = writeln!(
            err,
            "kube-openapi {version} ({source}): writing what that version's openapi-gen writes"
        );
    }
    match Behaviour::at(&version) {
        Ok(behaviour) if behaviour.too_old() => {
            let _ = writeln!(
                err,
                "warning: kube-openapi {version} ({source}) is older than the oldest behaviour \
                 union-gen knows (2023-01): writing what the 2023-01 version writes"
            );
            behaviour
        }
        Ok(behaviour) => behaviour,
        Err(why) => {
            let _ = writeln!(
                err,
                "warning: kube-openapi version from {source}: {why}: writing what the newest \
                 kube-openapi writes (give --kube-openapi-version v0.0.0-YYYYMMDDhhmmss-hash)"
            );
            Behaviour::newest()
        }
    }
}

fn run_as(
    options: &Options,
    message_format: MessageFormat,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let behaviour = versions::current();
    let config = pipeline::GoConfig {
        packages: options.packages.clone(),
        boilerplate: boilerplate(
            options.go_header_file.as_deref(),
            behaviour.has(Change::GengoV2),
        )?,
        output_pkg: options.output_pkg.clone().unwrap_or_default(),
        output: PathBuf::from(options.output_dir.clone().unwrap_or_default())
            .join(&options.output_file),
        model_name_file: options
            .output_model_name_file
            .clone()
            .filter(|f| !f.is_empty()),
        readonly_pkgs: options.readonly_pkgs.clone(),
        report: options.report_filename.as_ref().map(PathBuf::from),
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        behaviour,
    };
    let mut run = pipeline::go_output(&config)?;
    if options.verbosity == 0 {
        run.diagnostics
            .retain(|d| d.severity == diag::Severity::Error);
    }
    let _ = diag::render(&run.diagnostics, &run.sources, message_format, err);
    if diag::has_errors(&run.diagnostics) {
        return Ok(exit::FAILURE);
    }
    if !run.problems.is_empty() {
        for problem in &run.problems {
            super::report_run(Code::GoUnsupported, problem, message_format, err);
        }
        return Ok(exit::FAILURE);
    }
    if let Some(dir) = config.output.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("--output-dir {}: {e}", dir.display()))?;
    }
    let files: Vec<(&std::path::Path, &[u8])> = run
        .files
        .iter()
        .map(|(path, bytes)| (path.as_path(), bytes.as_slice()))
        .collect();
    if let Err((path, error)) = write::all_or_nothing(&files) {
        let message = format!("cannot write {}: {error}", path.display());
        super::report_run(Code::IoUnwritable, &message, message_format, err);
        return Ok(exit::USAGE_OR_IO);
    }
    if let Some(timings) = &run.timings {
        let _ = writeln!(err, "{timings}");
    }
    Ok(exit::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_pflag_spellings_and_names_unknown_flags() {
        let options = parse(&strings(&[
            "-v",
            "2",
            "--output-dir=out",
            "--output-pkg",
            "example/out",
            "--output-file",
            "zz.go",
            "./a",
            "./b",
        ]))
        .unwrap();
        assert_eq!(options.output_dir.as_deref(), Some("out"));
        assert_eq!(options.output_file, "zz.go");
        assert_eq!(options.packages, vec!["./a", "./b"]);
        let error = parse(&strings(&["--bogus", "--output-dir", "o", "-x=1", "./a"]))
            .unwrap_err()
            .to_string();
        assert!(error.contains("--bogus, -x=1"), "{error}");
        let options = parse(&strings(&[
            "--output-dir",
            "o",
            "--output-pkg",
            "p",
            "-r",
            "x",
            "./a",
        ]))
        .unwrap();
        assert_eq!(options.report_filename.as_deref(), Some("x"));
        let options = parse(&strings(&[
            "--output-dir=o",
            "--output-pkg=p",
            "--readonly-pkg=a/b,c/d",
            "--readonly-pkg",
            "e/f",
            "./a",
        ]))
        .unwrap();
        assert_eq!(options.readonly_pkgs, vec!["a/b", "c/d", "e/f"]);
    }

    #[test]
    fn year_is_plausible() {
        assert!(current_year() >= 2024);
    }
}
