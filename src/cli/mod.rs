//! The command layer: argv → clap ([`args`]) → the library's plain configuration → one small
//! file per command, which runs the library and prints, writes or verifies what it returns.
//! The only module that names `clap`; nothing below it parses a command line or prints.

// The command layer is where printing happens (Cargo.toml's lints refuse it elsewhere).
#![allow(clippy::print_stdout, clippy::print_stderr)]

pub mod args;
mod controller_gen;
mod crd;
mod dump;
mod dump_syntax;
mod explain;
mod generate;
mod lsp;
mod openapi_gen;
pub mod openapi_gen_flags;
mod outputs;
mod validate;
mod verify;

/// `union-gen controller-gen -h`: controller-gen's grammar and union-gen's flags (the flag
/// reference and the man page print it).
pub fn controller_gen_usage() -> &'static str {
    controller_gen::run::USAGE
}

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::diag::{self, Code, Diagnostic, MessageFormat};
use crate::exit;
use crate::source::SourceMap;
use crate::verify::Style;
use args::{Cli, Command};

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
    // An interrupted run removes the temporaries it made (in-process runs keep the
    // default signal actions).
    crate::write::remove_temporaries_on_signals();
    // The handles, not their locks: `lsp` writes the protocol from its own thread, and a
    // panic message on a worker thread must not wait for this one.
    let (mut stdout, mut stderr) = (stdout, stderr);
    ExitCode::from(run_styled(
        args,
        verify::style_for_stdout(),
        stderr_color,
        &mut stdout,
        &mut stderr,
    ))
}

/// Runs the command line with explicit stdout/stderr writers (for in-process tests);
/// returns the exit code. The writers are not terminals: no colour.
pub fn run_with_output<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_styled(args, Style::default(), false, out, err)
}

/// How a command prints: the command line as typed (for `--verify`'s update hint), colours
/// of `--verify`'s report (stderr's colour is in the message format).
struct Terminal<'a> {
    command_line: &'a [OsString],
    stdout_style: Style,
}

/// Reports a finding about the run itself (no source position) in the run's message
/// format: for people a plain `error: …` / `warning: …` line, as cargo and the go tool write.
fn report_run(code: Code, message: &str, format: MessageFormat, err: &mut dyn Write) {
    match format {
        MessageFormat::Human { .. } => {
            let _ = writeln!(err, "{}: {message}", code.default_severity().as_str());
        }
        MessageFormat::Json | MessageFormat::Github => {
            let finding = Diagnostic::without_location(code, message);
            let _ = diag::render(&[finding], &SourceMap::default(), format, err);
        }
    }
}

/// After a human report, one line counting errors and warnings (JSON and GitHub output
/// stay one finding per line).
fn print_summary(diagnostics: &[Diagnostic], format: MessageFormat, err: &mut dyn Write) {
    if let (MessageFormat::Human { .. }, Some(line)) = (format, diag::summary(diagnostics)) {
        let _ = writeln!(err, "{line}");
    }
}

/// A command line that cannot run (`cli/usage`): exit 2.
fn usage_error(error: &anyhow::Error, format: MessageFormat, err: &mut dyn Write) -> u8 {
    report_run(Code::CliUsage, &format!("{error:#}"), format, err);
    exit::USAGE_OR_IO
}

/// The completion script for `shell`, written to a buffer first (clap_complete panics when
/// its writer fails, e.g. on a closed pipe).
fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    // clap_complete offers hidden subcommands (`dump-syntax`) and hidden flags (deprecated
    // spellings): complete a copy without them.
    let full = <Cli as clap::CommandFactory>::command();
    let mut command = clap::Command::new("union-gen")
        .version(args::VERSION)
        .about(full.get_about().cloned().unwrap_or_default());
    // Diagnostic codes for `--deny`, `--allow` and `explain` (parsing keeps its own check,
    // with "did you mean"); openapi-gen's flags, which its own parser reads.
    let codes: Vec<&'static str> = diag::ALL_CODES.iter().map(|c| c.as_str()).collect();
    let with_values = |arg: &clap::Arg, extra: &'static str| {
        let values = std::iter::once(extra).chain(codes.iter().copied());
        arg.clone()
            .value_parser(clap::builder::PossibleValuesParser::new(values))
    };
    for subcommand in full.get_subcommands().filter(|s| !s.is_hide_set()) {
        let arguments = subcommand
            .get_arguments()
            .filter(|a| !a.is_hide_set())
            .map(|arg| match (subcommand.get_name(), arg.get_id().as_str()) {
                (_, "deny") => with_values(arg, "warnings"),
                (_, "allow") => arg
                    .clone()
                    .value_parser(clap::builder::PossibleValuesParser::new(codes.clone())),
                ("explain", "code") => with_values(arg, "all"),
                _ => arg.clone(),
            });
        let mut visible = clap::Command::new(subcommand.get_name().to_string())
            .about(subcommand.get_about().cloned().unwrap_or_default());
        if subcommand.get_name() == "controller-gen" {
            visible = visible.arg(
                clap::Arg::new("options")
                    .value_name("OPTION")
                    .num_args(0..)
                    .value_hint(clap::ValueHint::Other),
            );
        } else if subcommand.get_name() == "openapi-gen" {
            visible = visible.args(openapi_gen_flags());
        } else {
            visible = visible.args(arguments);
        }
        command = command.subcommand(visible);
    }
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "union-gen", &mut script);
    if shell == clap_complete::Shell::Bash {
        // clap_complete's bash script names a hyphenated binary's subcommand states two ways
        // (`union__gen__subcmd__generate` when set, `union__subcmd__gen__subcmd__generate` in
        // the `case` that reads it), so no subcommand flag was ever completed: use one.
        let text = String::from_utf8_lossy(&script).replace("union__subcmd__gen", "union__gen");
        script = text.into_bytes();
    }
    script
}

/// openapi-gen's flags as completions offer them (its parser, `openapi_gen::parse`, reads
/// them by hand from the same table; a test checks that it accepts every one).
fn openapi_gen_flags() -> Vec<clap::Arg> {
    use clap::{Arg, ValueHint};
    use openapi_gen_flags::{Hint, Origin, FLAGS};
    let mut args: Vec<Arg> = FLAGS
        .iter()
        .filter(|flag| matches!(flag.origin, Origin::OpenapiGen | Origin::UnionGen))
        .map(|flag| {
            let mut arg = Arg::new(flag.long).long(flag.long);
            if let Some(short) = flag.short.and_then(|s| s.chars().next()) {
                arg = arg.short(short);
            }
            if let Some(value) = flag.value {
                arg = arg.value_name(value).value_hint(match flag.hint {
                    Hint::Dir => ValueHint::DirPath,
                    Hint::File => ValueHint::FilePath,
                    Hint::Other => ValueHint::Other,
                });
            }
            if !flag.values.is_empty() {
                arg = arg.value_parser(flag.values.to_vec());
            }
            arg.action(clap::ArgAction::Append)
        })
        .collect();
    args.push(
        Arg::new("packages")
            .value_name("PACKAGE")
            .num_args(0..)
            .value_hint(ValueHint::DirPath),
    );
    args
}

/// Whether `argv[0]` names the binary `openapi-gen` (`openapi-gen.exe` on Windows).
fn invoked_as_openapi_gen(argv0: Option<&OsString>) -> bool {
    argv0
        .and_then(|a| {
            std::path::Path::new(a)
                .file_stem()
                .map(|s| s == "openapi-gen")
        })
        .unwrap_or(false)
}

fn run_styled<I, T>(
    args: I,
    stdout_style: Style,
    stderr_color: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // Run as `openapi-gen` (a symlink or copy on PATH): openapi-gen's command line.
    if invoked_as_openapi_gen(args.first()) {
        args.insert(1, OsString::from("openapi-gen"));
    }
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
    let terminal = Terminal {
        command_line: &args,
        stdout_style,
    };
    match cli.command {
        Command::OpenapiGen { args } => openapi_gen::command(
            &args,
            &terminal,
            MessageFormat::Human {
                color: stderr_color,
            },
            out,
            err,
        ),
        Command::ControllerGen { args } => {
            controller_gen::run::command(&args, stderr_color, &terminal, out, err)
        }
        Command::DumpSyntax { file } => dump_syntax::command(&file, out, err),
        Command::Dump(dump_args) => dump::command(&dump_args, out, err),
        Command::Explain { code } => explain::command(&code, out, err),
        Command::Lsp { .. } => lsp::command(err),
        Command::Completions { shell } => {
            let script = completions(shell);
            match out.write_all(&script).and_then(|_| out.flush()) {
                Ok(()) => exit::SUCCESS,
                Err(_) => exit::USAGE_OR_IO,
            }
        }
        Command::Crd(crd_args) => run_crd(crd_args, stderr_color, &terminal, out, err),
        Command::Validate(validate_args) => {
            let format = validate_args.reporting.format(stderr_color);
            let json = validate_args.output == Some(args::ValidateOutputArg::Json);
            match validate_args
                .reporting
                .levels()
                .and_then(|levels| Ok((levels, validate_args.options()?)))
            {
                Ok((levels, options)) => {
                    validate::command(&options, format, &levels, json, out, err)
                }
                Err(error) => usage_error(&error, format, err),
            }
        }
        Command::Check(check) => {
            let format = check.reporting.format(stderr_color);
            let before = generate::Before {
                force: check.force,
                findings: Vec::new(),
            };
            match check.reporting.levels() {
                Ok(levels) => generate::command(
                    &check.config(stderr_color),
                    &levels,
                    before,
                    &terminal,
                    out,
                    err,
                ),
                Err(error) => usage_error(&error, format, err),
            }
        }
        Command::Generate(generate) => run_generate(generate, stderr_color, &terminal, out, err),
    }
}

/// `union-gen crd`, its flags parsed.
fn run_crd(
    crd_args: args::CrdArgs,
    stderr_color: bool,
    terminal: &Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let verify_only = crd_args.verify;
    let format = crd_args.reporting.format(stderr_color);
    let levels = crd_args.reporting.levels();
    match levels.and_then(|levels| Ok((levels, crd_args.options(stderr_color)?))) {
        Ok((levels, (options, _))) => {
            let how = crd::How {
                verify_only,
                message_format: format,
                levels: &levels,
            };
            crd::command(&options, &how, terminal, out, err)
        }
        Err(error) => usage_error(&error, format, err),
    }
}

/// `union-gen generate`, its flags parsed.
fn run_generate(
    generate: args::GenerateArgs,
    stderr_color: bool,
    terminal: &Terminal,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let force = generate.common.force;
    let format = generate.common.reporting.format(stderr_color);
    let levels = generate.common.reporting.levels();
    match levels.and_then(|levels| Ok((levels, generate.config(stderr_color)?))) {
        Ok((levels, (config, warnings))) => {
            // Findings like any other: `--deny`/`--allow` apply to them.
            let before = generate::Before {
                force,
                findings: warnings
                    .into_iter()
                    .map(|w| Diagnostic::without_location(Code::CliDeprecatedFlag, w))
                    .collect(),
            };
            generate::command(&config, &levels, before, terminal, out, err)
        }
        Err(error) => usage_error(&error, format, err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag the completions offer for `openapi-gen` is one its parser accepts.
    #[test]
    fn openapi_gen_completion_flags_are_accepted() {
        for arg in openapi_gen_flags() {
            let Some(long) = arg.get_long() else { continue };
            let mut argv = vec![format!("--{long}")];
            if arg.get_action().takes_values() {
                argv.push("1".into());
            }
            let accepted = match openapi_gen::parse(&argv) {
                Ok(_) => true,
                Err(error) => !error.to_string().contains("not supported by union-gen"),
            };
            assert!(accepted, "--{long}");
            if let Some(short) = arg.get_short() {
                let argv = vec![format!("-{short}"), "1".to_string()];
                let result = openapi_gen::parse(&argv);
                assert!(
                    result.is_ok()
                        || !result
                            .unwrap_err()
                            .to_string()
                            .contains("not supported by union-gen"),
                    "-{short}"
                );
            }
        }
    }
}
