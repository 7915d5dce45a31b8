//! The command examples of README.md, CONTRIBUTING.md and the manual (`docs/src/`) run here,
//! so the documentation cannot drift from the tool. The format is trycmd's (which clap and
//! cargo use for theirs): a ```` ```console ```` block holds `$ command` lines, each followed
//! by an optional `? N` (the exit code; `? failed`: any but 0) and the expected output
//! (stdout, then stderr). `...` on a line of its own stands for any lines, `[..]` inside a
//! line for any text. Commands run under bash with `union-gen` on `PATH` (`cargo run
//! --release --` is that binary too).
//!
//! Where they run: `<!-- examples: DIR -->` on a line of its own makes the console blocks
//! after it (up to the next such line) run in a fresh copy of DIR, a directory of this
//! repository, with `examples/hack/`'s scripts in its `hack/` and a home directory of their
//! own; they share that copy, in order. Before any such line they run in the repository root
//! and must not write.
//!
//! The generated pages (the flag reference, the man page, the code pages, the limits) are
//! checked here too: `UPDATE_DOCS=1 cargo test --test it docs` rewrites them.

use std::fs;
use std::path::{Path, PathBuf};

use crate::harness::copy_dir;
use crate::harness::process::{Process, BIN};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every Markdown file whose examples run: the README, CONTRIBUTING and the manual.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![
        Path::new(ROOT).join("README.md"),
        Path::new(ROOT).join("CONTRIBUTING.md"),
    ];
    let mut stack = vec![Path::new(ROOT).join("docs/src")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("docs/src") {
            let path = entry.expect("a docs entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// One fenced block: its info string, first line number (1-based) and text.
struct Block {
    language: String,
    /// Preceded by `<!-- not run: REASON -->`: a command for a tree this repository lacks.
    not_run: bool,
    line: usize,
    text: Vec<String>,
}

fn fenced_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    let mut previous = "";
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut current, fence) {
            (None, Some(info)) => {
                current = Some(Block {
                    language: info.split([' ', ',']).next().unwrap_or("").to_string(),
                    not_run: previous.trim_start().starts_with("<!-- not run: "),
                    line: index + 2,
                    text: Vec::new(),
                })
            }
            (Some(_), Some("")) => blocks.push(current.take().expect("an open block")),
            (Some(block), _) => block.text.push(line.to_string()),
            (None, None) => {}
        }
        previous = line;
    }
    assert!(current.is_none(), "an unclosed fence");
    blocks
}

/// One `$ command` of a console block with what it must print and exit with.
struct Example {
    line: usize,
    command: String,
    status: Status,
    expected: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Status {
    Code(i32),
    Failed,
}

fn examples(block: &Block) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for (offset, line) in block.text.iter().enumerate() {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: block.line + offset,
                command: command.to_string(),
                status: Status::Code(0),
                expected: Vec::new(),
            });
            continue;
        }
        let example = examples.last_mut().unwrap_or_else(|| {
            panic!(
                "line {}: a console block starts with `$ `",
                block.line + offset
            )
        });
        // A command continued with a backslash.
        if example.expected.is_empty() && example.command.ends_with('\\') {
            example.command.push('\n');
            example.command.push_str(line);
            continue;
        }
        if let Some(status) = line
            .strip_prefix("? ")
            .filter(|_| example.expected.is_empty())
        {
            example.status = match status {
                "failed" => Status::Failed,
                code => Status::Code(code.parse().expect("`? N` or `? failed`")),
            };
            continue;
        }
        example.expected.push(line.clone());
    }
    examples
}

/// trycmd's matching: `...` any lines, `[..]` any text within a line.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual.split_first().is_some_and(|(line, actual_rest)| {
            line_matches(first, line) && matches(rest, actual_rest)
        }),
    }
}

fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern.trim_end() == line.trim_end();
    }
    let line = line.trim_end();
    let (first, last) = (parts[0], parts[parts.len() - 1].trim_end());
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// `<!-- examples: DIR -->`: the commands after it run in a fresh copy of DIR.
fn directive(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("<!-- examples: ")?
        .strip_suffix(" -->")
}

/// A scratch copy of `dir` (with `examples/hack/` as its `hack/`) and a home directory.
fn sandbox(dir: &str) -> (tempfile::TempDir, PathBuf) {
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let project = scratch.path().join("project");
    copy_dir(&Path::new(ROOT).join(dir), &project);
    copy_dir(
        &Path::new(ROOT).join("examples/hack"),
        &project.join("hack"),
    );
    fs::create_dir(scratch.path().join("home")).expect("a home directory");
    (scratch, project)
}

/// A `bin/union-gen` link to the tested binary, for `PATH`.
fn bin_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a bin directory");
    #[cfg(unix)]
    std::os::unix::fs::symlink(BIN, dir.path().join("union-gen")).expect("a union-gen link");
    #[cfg(not(unix))]
    fs::copy(BIN, dir.path().join("union-gen.exe")).expect("a union-gen copy");
    dir
}

fn run_page(path: &Path, bin: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).expect("a Markdown file");
    let name = path
        .strip_prefix(ROOT)
        .unwrap_or(path)
        .display()
        .to_string();
    // The directives by line (1-based), each with the directory it names.
    let directives: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter_map(|(index, line)| Some((index + 1, directive(line)?)))
        .collect();
    let path_var = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut sandboxes: Vec<Option<(tempfile::TempDir, PathBuf)>> =
        directives.iter().map(|_| None).collect();
    let mut failures = Vec::new();
    for block in fenced_blocks(&text) {
        if block.language != "console" {
            continue;
        }
        let current = directives.iter().rposition(|(line, _)| *line < block.line);
        let (cwd, home) = match current {
            None => (PathBuf::from(ROOT), None),
            Some(index) => {
                let (scratch, project) =
                    sandboxes[index].get_or_insert_with(|| sandbox(directives[index].1));
                (project.clone(), Some(scratch.path().join("home")))
            }
        };
        for example in examples(&block) {
            if let Some(failure) = run_example(&example, &cwd, home.as_deref(), &path_var) {
                failures.push(format!("{name}:{failure}"));
            }
        }
    }
    failures
}

/// Runs one example; a description of the difference when it does not print what it shows.
fn run_example(
    example: &Example,
    cwd: &Path,
    home: Option<&Path>,
    path_var: &str,
) -> Option<String> {
    if example.command == "cargo test" || example.command.starts_with("cargo test ") {
        return None; // the command running this test
    }
    let command = example
        .command
        .replace("cargo run --release -- ", "union-gen ");
    let mut process = Process::program("bash", ["-c", command.as_str()])
        .cwd(cwd)
        .env("PATH", path_var)
        .env("NO_COLOR", "1")
        .env_remove("GOMODCACHE")
        .env_remove("GOFLAGS")
        .env_remove("UNION_GEN")
        .env_remove("API_PACKAGES")
        .env_remove("OPENAPI_DIR")
        .env_remove("UNION_GEN_TIMINGS");
    if let Some(home) = home {
        process = process.env("HOME", home);
    }
    let outcome = process.run();
    let actual = format!("{}{}", outcome.stdout, outcome.stderr);
    let actual_lines: Vec<&str> = actual.lines().collect();
    let status_ok = match example.status {
        Status::Code(code) => outcome.code == code,
        Status::Failed => outcome.code != 0,
    };
    if status_ok && matches(&example.expected, &actual_lines) {
        return None;
    }
    Some(format!(
        "{}: `{}` exited {} (expected {:?}) and printed:\n{actual}--- expected:\n{}\n",
        example.line,
        example.command,
        outcome.code,
        example.status,
        example.expected.join("\n")
    ))
}

/// Every console example of README, CONTRIBUTING and the manual prints what it shows.
#[test]
fn every_console_example_runs_as_shown() {
    let bin = bin_dir();
    let failures: Vec<String> = documents()
        .iter()
        .flat_map(|path| run_page(path, bin.path()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A `union-gen` command shown in a shell block would not run: it belongs in a console block,
/// or, when it needs a tree this repository does not have, after `<!-- not run: REASON -->`.
#[test]
fn every_union_gen_command_is_a_console_example() {
    let mut stray = Vec::new();
    for path in documents() {
        let text = fs::read_to_string(&path).expect("a Markdown file");
        for block in fenced_blocks(&text) {
            if block.not_run || !matches!(block.language.as_str(), "sh" | "bash" | "shell" | "") {
                continue;
            }
            for (offset, line) in block.text.iter().enumerate() {
                if line.trim_start().starts_with("union-gen ") && !line.starts_with("  ") {
                    stray.push(format!(
                        "{}:{}: {line}",
                        path.display(),
                        block.line + offset
                    ));
                }
            }
        }
    }
    assert!(
        stray.is_empty(),
        "commands to run as `$ …` in a ```console block:\n{}",
        stray.join("\n")
    );
}

/// Every `$ command` of every console block of the documents.
fn console_commands() -> Vec<String> {
    documents()
        .iter()
        .flat_map(|path| fenced_blocks(&fs::read_to_string(path).expect("a Markdown file")))
        .filter(|block| block.language == "console")
        .flat_map(|block| examples(&block).into_iter().map(|e| e.command))
        .collect()
}

/// The command of a Makefile recipe line or of a YAML `run:` / `entry:` value that runs
/// union-gen or one of the `hack/` scripts, if the line is one.
fn embedded_command(language: &str, line: &str) -> Option<String> {
    let command = match language {
        "make" => line.strip_prefix('\t')?,
        "yaml" => {
            let value = line.trim_start().trim_start_matches("- ");
            value
                .strip_prefix("run: ")
                .or_else(|| value.strip_prefix("entry: "))?
        }
        _ => return None,
    };
    let command = command.trim();
    (command.starts_with("union-gen ") || command.starts_with("hack/")).then(|| command.into())
}

/// A Go example as a file: declarations get a package clause.
fn go_file(example: &str) -> String {
    if example.starts_with("package ") {
        example.to_string()
    } else {
        format!("package example\n\n{example}\n")
    }
}

/// The examples that are not console blocks are checked for what they are: Go parses, YAML
/// and JSON (settings fragments, read inside `{}`) read, and each union-gen or `hack/`
/// command of a Makefile recipe or a workflow step is a console example somewhere (so it
/// runs, with the same words). Shell blocks are `every_union_gen_command_is_a_console_example`'s;
/// Lua and TOML editor settings are read by the editors only.
#[test]
fn every_other_example_is_checked() {
    let run = console_commands();
    let mut problems = Vec::new();
    for path in documents() {
        let text = fs::read_to_string(&path).expect("a Markdown file");
        for block in fenced_blocks(&text) {
            let at = format!("{}:{}", path.display(), block.line);
            let body = block.text.join("\n");
            let problem = match block.language.as_str() {
                "go" => union_gen::syntax::parse_tree_has_errors(&go_file(&body))
                    .then(|| "does not parse as Go".to_string()),
                "yaml" => yaml_serde::from_str::<yaml_serde::Value>(&body)
                    .err()
                    .map(|e| format!("does not read as YAML: {e}")),
                "json" => serde_json::from_str::<serde_json::Value>(&format!("{{{body}}}"))
                    .err()
                    .map(|e| format!("does not read as JSON: {e}")),
                _ => None,
            };
            problems.extend(problem.map(|p| format!("{at}: {p}")));
            for (offset, line) in block.text.iter().enumerate() {
                let Some(command) = embedded_command(&block.language, line) else {
                    continue;
                };
                if !run.contains(&command) {
                    problems.push(format!(
                        "{}:{}: `{command}` is run by no console example",
                        path.display(),
                        block.line + offset
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn an_unchecked_example_fails() {
    assert_eq!(
        embedded_command("make", "\tunion-gen crd x.yaml"),
        Some("union-gen crd x.yaml".into())
    );
    assert_eq!(
        embedded_command("yaml", "        run: hack/verify-openapi.sh"),
        Some("hack/verify-openapi.sh".into())
    );
    assert_eq!(
        embedded_command("yaml", "      - run: union-gen check ./..."),
        Some("union-gen check ./...".into())
    );
    assert_eq!(embedded_command("make", "\t$(CONTROLLER_GEN) crd"), None);
    assert!(union_gen::syntax::parse_tree_has_errors(&go_file(
        "type T struct {"
    )));
    assert!(!union_gen::syntax::parse_tree_has_errors(&go_file(
        "type T struct{}"
    )));
}

#[test]
fn the_matcher_reads_trycmd_patterns() {
    let pattern = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&pattern(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&pattern(&["a", "...", "b"]), &["a", "b"]));
    assert!(!matches(&pattern(&["a", "d"]), &["a", "b", "d"]));
    assert!(matches(&pattern(&["x [..] z"]), &["x yyy z"]));
    assert!(!matches(&pattern(&["x [..] z"]), &["x yyy"]));
    assert!(matches(&pattern(&["[..]"]), &["anything"]));
    assert!(!matches(&pattern(&[]), &["extra"]));
}

// ---------------------------------------------------------------------------------------
// Generated pages: written from the program's own definitions, checked to be current.

/// The command line as clap defines it, with the bare package version (the git commit in
/// `--version` would make every commit's pages stale).
fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut command = union_gen::cli::args::Cli::command().version(env!("CARGO_PKG_VERSION"));
    command.build();
    command
}

/// `docs/src/reference/flags.md`: every visible command's `--help`.
fn flag_reference() -> String {
    let mut command = command();
    let mut page = String::from(
        "# Flag reference\n\n\
         <!-- Generated from the command-line definition by tests/it/docs.rs: \
         UPDATE_DOCS=1 cargo test --test it docs -->\n\n\
         Each command's `--help`, as `union-gen <command> --help` prints it (also the man pages \
         in `docs/man/`). What the flags do is explained on each command's page.\n",
    );
    page.push_str(&format!(
        "\n## union-gen\n\n```text\n{}```\n",
        command.render_long_help()
    ));
    for sub in command.get_subcommands_mut() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        let help = if sub.get_name() == "openapi-gen" {
            union_gen::cli::openapi_gen_flags::usage()
        } else if sub.get_name() == "controller-gen" {
            union_gen::cli::controller_gen_usage().to_string()
        } else {
            sub.render_long_help().to_string()
        };
        page.push_str(&format!(
            "\n## union-gen {}\n\n```text\n{}```\n",
            sub.get_name(),
            help
        ));
    }
    // clap indents the blank lines of long help.
    page.lines()
        .map(|line| line.trim_end().to_string() + "\n")
        .collect()
}

/// `docs/man/union-gen.1` and one page per visible command (`union-gen-generate.1`, …).
fn man_pages() -> Vec<(String, String)> {
    let render = |command: clap::Command| {
        let mut bytes = Vec::new();
        clap_mangen::Man::new(command)
            .render(&mut bytes)
            .expect("a man page");
        String::from_utf8(bytes).expect("UTF-8")
    };
    let command = command();
    let mut pages = vec![("docs/man/union-gen.1".to_string(), render(command.clone()))];
    for sub in command.get_subcommands() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        let name = format!("union-gen-{}", sub.get_name());
        let mut sub = sub
            .clone()
            .name(name.clone())
            .version(env!("CARGO_PKG_VERSION"));
        if sub.get_name() == "union-gen-openapi-gen" {
            sub = sub.after_long_help(union_gen::cli::openapi_gen_flags::usage());
        }
        if sub.get_name() == "union-gen-controller-gen" {
            sub = sub.after_long_help(union_gen::cli::controller_gen_usage());
        }
        pages.push((format!("docs/man/{name}.1"), render(sub)));
    }
    pages
}

/// `docs/src/limits.md`: every constant of `src/limits.rs` with its reason.
fn limits_page() -> String {
    let source = fs::read_to_string(Path::new(ROOT).join("src/limits.rs")).expect("limits.rs");
    let mut page = String::from(
        "# Limits\n\n\
         <!-- Generated from src/limits.rs by tests/it/docs.rs: \
         UPDATE_DOCS=1 cargo test --test it docs -->\n\n\
         Every bound union-gen puts on its input, so that hostile or absurd input gives a \
         diagnostic or a truncated result, never a crash, a hang or exhausted memory. Where \
         Kubernetes has a bound, it is Kubernetes' value. Real API types stay far below each.\n\n\
         | limit | value | why |\n|---|---|---|\n",
    );
    let mut doc = Vec::new();
    for line in source.lines() {
        let line = line.trim();
        if let Some(text) = line.strip_prefix("///") {
            doc.push(text.trim().to_string());
            continue;
        }
        if let Some(rest) = line.strip_prefix("pub const ") {
            let (name, rest) = rest.split_once(':').expect("`NAME: TYPE = VALUE;`");
            let value = rest
                .split_once('=')
                .expect("`= VALUE`")
                .1
                .trim()
                .trim_end_matches(';');
            let why = doc.join(" ").replace('|', "\\|");
            page.push_str(&format!("| `{name}` | `{value}` | {why} |\n"));
        }
        doc.clear();
    }
    page
}

/// The code table of `docs/src/diagnostics.md`, from the codes' own pages.
fn code_table() -> String {
    let mut table = String::from("| code | severity | when |\n|---|---|---|\n");
    for code in union_gen::diag::ALL_CODES {
        let page = code.page().trim_start_matches("docs/src/");
        table.push_str(&format!(
            "| [`{}`]({page}) | {} | {} |\n",
            code.as_str(),
            code.default_severity().as_str(),
            code.summary().replace('|', "\\|")
        ));
    }
    table
}

/// `path` with the text between the lines `begin` and `end` replaced by `region`.
fn with_region(path: &str, begin: &str, end: &str, region: &str) -> String {
    let text = fs::read_to_string(Path::new(ROOT).join(path)).expect("a page with a region");
    let (head, rest) = text
        .split_once(&format!("{begin}\n"))
        .unwrap_or_else(|| panic!("{path}: no line `{begin}`"));
    let (_, tail) = rest
        .split_once(&format!("{end}\n"))
        .unwrap_or_else(|| panic!("{path}: no line `{end}`"));
    format!("{head}{begin}\n{region}{end}\n{tail}")
}

/// `docs/src/SUMMARY.md` with one entry per code page under Diagnostics (mdBook builds only
/// the pages its summary lists).
fn summary_page() -> String {
    let path = "docs/src/SUMMARY.md";
    let text = fs::read_to_string(Path::new(ROOT).join(path)).expect(path);
    let anchor = "- [Diagnostics](diagnostics.md)\n";
    let (head, rest) = text.split_once(anchor).expect("a Diagnostics entry");
    let tail: String = rest
        .lines()
        .skip_while(|line| line.starts_with("  - "))
        .map(|line| format!("{line}\n"))
        .collect();
    let entries: String = union_gen::diag::ALL_CODES
        .iter()
        .map(|code| {
            let page = code.page().trim_start_matches("docs/src/");
            format!("  - [{}]({page})\n", code.as_str())
        })
        .collect();
    format!("{head}{anchor}{entries}{tail}")
}

/// Every generated file with its current text.
fn generated_files() -> Vec<(String, String)> {
    let mut files = vec![
        ("docs/src/reference/flags.md".to_string(), flag_reference()),
        ("docs/src/limits.md".to_string(), limits_page()),
        (
            "docs/src/diagnostics.md".to_string(),
            with_region(
                "docs/src/diagnostics.md",
                "<!-- generated from docs/src/codes/ by tests/it/docs.rs -->",
                "<!-- end of the generated table -->",
                &code_table(),
            ),
        ),
        ("docs/src/SUMMARY.md".to_string(), summary_page()),
    ];
    files.extend(man_pages());
    files
}

/// Every page under `docs/src/codes/` is a code's (no page of a code that is gone).
#[test]
fn every_code_page_is_a_code() {
    let mut pages: Vec<String> = Vec::new();
    let mut stack = vec![Path::new(ROOT).join("docs/src/codes")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("docs/src/codes") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(ROOT).expect("under the root");
                pages.push(relative.display().to_string());
            }
        }
    }
    pages.sort();
    let mut codes: Vec<String> = union_gen::diag::ALL_CODES
        .iter()
        .map(|code| code.page().to_string())
        .collect();
    codes.sort();
    assert_eq!(pages, codes);
}

/// The generated pages are what the program's definitions give (`UPDATE_DOCS=1` rewrites them).
#[test]
fn generated_pages_are_current() {
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (path, text) in generated_files() {
        let full = Path::new(ROOT).join(&path);
        if fs::read_to_string(&full).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if update {
            fs::create_dir_all(full.parent().expect("a parent")).expect("a docs directory");
            fs::write(&full, text).expect("a generated page");
        } else {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated pages (run UPDATE_DOCS=1 cargo test --test it docs): {stale:?}"
    );
}

/// Every file under `docs/src/` is a page the book's summary lists (mdBook builds only those):
/// no page left out of the book, no stray copy (`validate.md.orig`).
#[test]
fn every_manual_file_is_in_the_book() {
    let src = Path::new(ROOT).join("docs/src");
    let summary = fs::read_to_string(src.join("SUMMARY.md")).expect("docs/src/SUMMARY.md");
    let mut stray = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a docs directory") {
            let path = entry.expect("a docs entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let page = path
                .strip_prefix(&src)
                .expect("under docs/src")
                .to_string_lossy()
                .replace('\\', "/");
            if page != "SUMMARY.md" && !summary.contains(&format!("]({page})")) {
                stray.push(page);
            }
        }
    }
    stray.sort();
    assert!(
        stray.is_empty(),
        "files under docs/src that SUMMARY.md does not list: {stray:?}"
    );
}

/// `not-supported.md` is the one list of what union-gen leaves out or refuses: it names every
/// code whose page says so ("not supported", "unsupported", "not yet", "not written",
/// "cannot evaluate"), and the openapi-gen flags union-gen refuses.
#[test]
fn the_not_supported_page_lists_every_limitation() {
    let page = fs::read_to_string(Path::new(ROOT).join("docs/src/not-supported.md"))
        .expect("docs/src/not-supported.md");
    let says_unsupported = |text: &str| {
        [
            "not supported",
            "unsupported",
            "not yet",
            "not written",
            "cannot evaluate",
        ]
        .iter()
        .any(|words| text.contains(words))
    };
    let mut missing: Vec<String> = union_gen::diag::ALL_CODES
        .iter()
        .filter(|code| says_unsupported(code.document()))
        .map(|code| code.as_str().to_string())
        .filter(|name| !page.contains(&format!("`{name}`")))
        .collect();
    if !page.contains("not supported by union-gen") {
        missing.push("openapi-gen's refused flags".into());
    }
    assert!(
        missing.is_empty(),
        "docs/src/not-supported.md does not list: {missing:?}"
    );
}

/// Every relative link of the manual, README and CONTRIBUTING names a file that exists.
#[test]
fn relative_links_resolve() {
    let mut broken = Vec::new();
    for path in documents() {
        let text = fs::read_to_string(&path).expect("a Markdown file");
        for (_, target) in text
            .match_indices("](")
            .map(|(at, _)| ((), &text[at + 2..]))
        {
            let Some(end) = target.find(')') else {
                continue;
            };
            let link = &target[..end];
            if link.contains("://") || link.starts_with('#') || link.starts_with("mailto:") {
                continue;
            }
            let file = link.split('#').next().unwrap_or(link);
            if !path.parent().expect("a parent").join(file).exists() {
                broken.push(format!("{}: {link}", path.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
