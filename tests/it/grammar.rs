//! Grammar suite: every Go snippet under `grammar-tests/` is parsed with the tree-sitter-go
//! front end and its extraction is snapshotted (`snapshots/grammar_{ok,err}__<name>.snap`).
//!
//! - `grammar-tests/ok/*.go` must parse without ERROR/MISSING nodes and without diagnostics;
//! - `grammar-tests/err/*.go` must yield at least one `syntax/parse-error`, and the
//!   declarations that did parse are kept (the snapshot shows them and the diagnostics).
//!
//! Failures are collected across all files and reported together, each naming its file.

use std::path::{Path, PathBuf};

use union_gen::diag::{Code, Diagnostic};

use crate::harness::{self, panic_message};
use union_gen::source::{FileId, SourceFile, SourceMap};
use union_gen::syntax::{self, dump};

/// Lower bounds on the number of snippets, so that a broken glob or a moved directory
/// cannot make the suite pass vacuously.
const MIN_OK_FILES: usize = 36;
const MIN_ERR_FILES: usize = 6;

fn grammar_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammar-tests")
        .join(sub)
}

/// The `.go` files of a grammar-tests subdirectory, sorted by name.
fn go_files(sub: &str, minimum: usize) -> Vec<(String, PathBuf)> {
    let dir = grammar_dir(sub);
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "go"))
        .map(|path| {
            let name = path
                .file_stem()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            (name, path)
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= minimum,
        "{} holds {} .go files, expected at least {minimum}",
        dir.display(),
        files.len()
    );
    files
}

struct Parsed {
    sources: SourceMap,
    decls: syntax::FileDecls,
    diagnostics: Vec<Diagnostic>,
}

fn parse_file(path: &Path) -> Parsed {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let text =
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{} is not UTF-8: {e}", path.display()));
    let mut sources = SourceMap::default();
    let id = sources.add(SourceFile::new(path.to_path_buf(), text));
    let (decls, diagnostics) = syntax::parse(id, &sources.get(id).text);
    Parsed {
        sources,
        decls,
        diagnostics,
    }
}

/// `code line:column message`, one per diagnostic.
fn diagnostic_lines(parsed: &Parsed) -> Vec<String> {
    parsed
        .diagnostics
        .iter()
        .map(|d| {
            let position = match &d.primary {
                Some(span) => {
                    let (line, column) =
                        parsed.sources.get(span.file).line_col(span.start as usize);
                    format!("{line}:{column}")
                }
                None => "-".to_string(),
            };
            format!("{} {position} {}", d.code.as_str(), d.message)
        })
        .collect()
}

/// Compares `content` with `snapshots/<name>.snap`; a mismatch becomes an error message
/// (instead of a panic) so that it can be reported together with the file's other problems.
fn snapshot(name: String, content: String) -> Result<(), String> {
    std::panic::catch_unwind(|| harness::snapshot(&name, &content))
        .map_err(|panic| format!("snapshot: {}", panic_message(panic.as_ref())))
}

/// Runs `check` on every file, catching panics so that one failing file does not hide
/// the others; panics at the end with the list of failures, each naming its file.
fn run_all(sub: &str, minimum: usize, check: impl Fn(&str, &Path) -> Vec<String>) {
    let mut failures = Vec::new();
    for (name, path) in go_files(sub, minimum) {
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&name, &path)));
        let problems = outcome.unwrap_or_else(|panic| vec![panic_message(panic.as_ref())]);
        for problem in problems {
            failures.push(format!("grammar-tests/{sub}/{name}.go: {problem}"));
        }
    }
    if !failures.is_empty() {
        panic!(
            "{} problem(s) in grammar-tests/{sub}:\n  {}",
            failures.len(),
            failures.join("\n  ")
        );
    }
}

#[test]
fn grammar_ok_files_parse_cleanly() {
    run_all("ok", MIN_OK_FILES, |name, path| {
        let parsed = parse_file(path);
        let text = &parsed.sources.get(FileId(0)).text;
        let mut problems = Vec::new();
        if !parsed.diagnostics.is_empty() {
            problems.push(format!(
                "unexpected diagnostics: {:?}",
                diagnostic_lines(&parsed)
            ));
        }
        if syntax::parse_tree_has_errors(text) {
            problems.push("the parse tree has ERROR/MISSING nodes".to_string());
        }
        let dump = dump::dump(&parsed.decls, text);
        problems.extend(snapshot(format!("grammar_ok__{name}"), dump).err());
        problems
    });
}

#[test]
fn grammar_err_files_report_parse_errors() {
    run_all("err", MIN_ERR_FILES, |name, path| {
        let parsed = parse_file(path);
        let text = &parsed.sources.get(FileId(0)).text;
        let mut problems = Vec::new();
        if !parsed
            .diagnostics
            .iter()
            .any(|d| d.code == Code::SyntaxParseError)
        {
            problems.push("expected at least one syntax/parse-error diagnostic".to_string());
        }
        let mut content = dump::dump(&parsed.decls, text);
        content.push_str("--- diagnostics\n");
        for line in diagnostic_lines(&parsed) {
            content.push_str(&line);
            content.push('\n');
        }
        problems.extend(snapshot(format!("grammar_err__{name}"), content).err());
        problems
    });
}
