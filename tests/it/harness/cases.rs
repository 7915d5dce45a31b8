//! Diagnostics cases as files: every directory under [`ROOTS`] is one case, its expected
//! diagnostics written next to the input as annotations (`// ^^^ code` under the Go line) or
//! in an `expect.txt`. The format is described in `testdata/diagnostics/README.md`.
//!
//! [`Case::check`] runs the case (`check --message-format json <case>/...` unless it names
//! another command) and compares the reported diagnostics, as a multiset of (code, severity,
//! file, line, column), with the annotations: nothing missing, nothing extra.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The directories whose subdirectories are cases. Union cases sit next to the valid union
/// fixtures (`testdata/unions/dialects`) and share their `go.mod`.
pub const ROOTS: &[&str] = &["testdata/diagnostics", "testdata/unions/broken"];

/// The file of a case that holds its command line, exit code and the expectations that
/// cannot be written under a Go line.
pub const EXPECT_FILE: &str = "expect.txt";

/// Severity by the SPEC's tables (§5's union table and its "Other codes"; the manual's code
/// table for the `cel/` and `crd/` codes), written here independently of the tool's own.
pub fn spec_severity(code: &str) -> &'static str {
    match code {
        "enum/no-values"
        | "enum/untyped-constant"
        | "enum/unevaluable-constant"
        | "enum/explicit-mismatch"
        | "marker/unknown-similar"
        | "resolve/package-not-found"
        | "resolve/standard-library-type"
        | "resolve/no-go-mod"
        | "union/discriminator-not-enum"
        | "union/discriminator-without-members"
        | "union/member-not-pointer"
        | "union/member-value-json-mismatch"
        | "union/deprecated-spelling"
        | "cel/unenforceable"
        | "cel/unbounded-list"
        | "crd/skipped"
        | "crd/dependency-enums-skipped"
        | "cli/deprecated-flag"
        | "union/item-member"
        | "resolve/undefined-type"
        | "resolve/unresolved-default-ref"
        | "field/default-not-zero"
        | "resolve/generic-instance"
        | "resolve/left-out"
        | "crd/anonymous-struct"
        | "enum/explicit-not-written"
        | "validation/ignored"
        | "kubebuilder/not-supported"
        | "marker/ignored"
        | "rbac/unstable-output"
        | "extension/malformed"
        | "validate/unknown-kind"
        | "validate/unknown-field"
        | "validate/rule-not-evaluated"
        | "validate/transition-rule-skipped"
        | "controller-gen/version-unknown" => "warning",
        _ => "error",
    }
}

/// Every case directory under [`ROOTS`], sorted.
pub fn discover() -> Vec<String> {
    let mut dirs = Vec::new();
    for root in ROOTS {
        let entries = fs::read_dir(root).unwrap_or_else(|e| panic!("cannot read {root}: {e}"));
        for entry in entries {
            let entry = entry.expect("directory entry");
            if entry.file_type().expect("file type").is_dir() {
                dirs.push(format!("{root}/{}", entry.file_name().to_string_lossy()));
            }
        }
    }
    dirs.sort();
    dirs
}

/// One diagnostic as the comparison sees it, expected or reported.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diag {
    pub code: String,
    pub severity: String,
    pub file: Option<String>,
    pub line: Option<u64>,
    pub column: Option<u64>,
}

impl Diag {
    fn from_json(d: &Value) -> Diag {
        Diag {
            code: d["code"].as_str().unwrap_or("?").to_string(),
            severity: d["severity"].as_str().unwrap_or("?").to_string(),
            file: d["file"].as_str().map(str::to_string),
            line: d["line"].as_u64(),
            column: d["column"].as_u64(),
        }
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.severity)?;
        match (&self.file, self.line, self.column) {
            (None, None, None) => write!(f, " (no location)"),
            (file, line, column) => write!(
                f,
                " at {}:{}:{}",
                file.as_deref().unwrap_or("?"),
                line.map_or("?".into(), |l| l.to_string()),
                column.map_or("?".into(), |c| c.to_string())
            ),
        }
    }
}

/// Where a secondary label of a diagnostic with `code` starts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct LabelAt {
    pub code: String,
    pub file: String,
    pub line: u64,
    pub column: u64,
}

impl fmt::Display for LabelAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "label of {} at {}:{}:{}",
            self.code, self.file, self.line, self.column
        )
    }
}

/// A loaded case.
#[derive(Debug)]
pub struct Case {
    /// The case directory as given (relative to the crate root, or a temporary directory).
    pub dir: String,
    /// The command line after `union-gen`, without `--message-format json`.
    pub command: Vec<String>,
    /// The expected exit code.
    pub exit: u8,
    /// Expected diagnostics, sorted.
    pub expected: Vec<Diag>,
    /// Expected labels, sorted; only the labels of these codes are compared.
    pub labels: Vec<LabelAt>,
}

/// What one run of a case reported.
pub struct Reported {
    pub exit: u8,
    pub stdout: String,
    pub diagnostics: Vec<Value>,
}

impl Case {
    /// Reads the annotations of every `.go` file under `dir` and its `expect.txt`; every
    /// problem with them (a malformed annotation, an unknown code) is returned.
    pub fn load(dir: &str) -> Result<Case, Vec<String>> {
        let mut problems = Vec::new();
        let mut expected = Vec::new();
        let mut labels = Vec::new();
        let mut files = Vec::new();
        files_under(Path::new(dir), &mut files);
        for path in &files {
            if path.extension().is_some_and(|e| e == "go") {
                let relative = path.strip_prefix(dir).expect("under the case directory");
                let name = format!("{dir}/{}", relative.to_string_lossy());
                // An unreadable file (an `io/unreadable` case) has no annotations.
                let Ok(bytes) = fs::read(path) else { continue };
                read_annotations(&name, &bytes, &mut expected, &mut labels, &mut problems);
            }
        }
        let mut command = vec!["check".to_string(), format!("{dir}/...")];
        let mut exit = None;
        let expect_path = Path::new(dir).join(EXPECT_FILE);
        if let Ok(text) = fs::read_to_string(&expect_path) {
            let mut run = None;
            for (index, raw) in text.lines().enumerate() {
                let at = format!("{dir}/{EXPECT_FILE}:{}", index + 1);
                let line = raw.trim();
                if line.is_empty() || line.starts_with('#') {
                } else if let Some(args) = line.strip_prefix("run:") {
                    let args: Vec<String> = args
                        .split_whitespace()
                        .map(|a| a.replace("{case}", dir))
                        .collect();
                    if args.is_empty() || run.replace(args).is_some() {
                        problems.push(format!("{at}: one non-empty `run:` line at most"));
                    }
                } else if let Some(code) = line.strip_prefix("exit:") {
                    match code.trim().parse::<u8>() {
                        Ok(code) if exit.is_none() => exit = Some(code),
                        _ => problems.push(format!("{at}: one `exit: <number>` line at most")),
                    }
                } else {
                    match parse_expect_line(dir, line) {
                        Ok(diag) => expected.push(diag),
                        Err(problem) => problems.push(format!("{at}: {problem}")),
                    }
                }
            }
            if let Some(run) = run {
                command = run;
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        expected.sort();
        labels.sort();
        let has_error = expected.iter().any(|d| d.severity == "error");
        Ok(Case {
            dir: dir.to_string(),
            command,
            exit: exit.unwrap_or(if has_error { 1 } else { 0 }),
            expected,
            labels,
        })
    }

    /// The command line with `--message-format json` after the subcommand.
    pub fn args(&self) -> Vec<String> {
        let mut args = self.command.clone();
        args.splice(1..1, ["--message-format".to_string(), "json".to_string()]);
        args
    }

    /// Runs the case in-process.
    pub fn run(&self) -> Reported {
        let args = self.args();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (exit, stdout, stderr) = super::run(&args);
        Reported {
            exit,
            stdout,
            diagnostics: super::json_diagnostics(&stderr),
        }
    }

    /// The one reported diagnostic with `code` (panics unless there is exactly one).
    pub fn only(&self, code: &str) -> Value {
        let mut matching: Vec<Value> = self
            .run()
            .diagnostics
            .into_iter()
            .filter(|d| d["code"] == code)
            .collect();
        assert_eq!(
            matching.len(),
            1,
            "{}: one `{code}`: {matching:#?}",
            self.dir
        );
        matching.remove(0)
    }

    /// Runs the case and returns every difference from its expectations (empty: it passes).
    pub fn check(&self) -> Vec<String> {
        let reported = self.run();
        let mut problems = Vec::new();
        if self.expected.is_empty() {
            problems.push(format!(
                "no expected diagnostic (an annotation, or a line of {EXPECT_FILE})"
            ));
        }
        let found = sorted(reported.diagnostics.iter().map(Diag::from_json));
        let (missing, extra) = differences(&self.expected, &found);
        problems.extend(missing.iter().map(|d| format!("missing: {d}")));
        problems.extend(extra.iter().map(|d| format!("not annotated: {d}")));

        // Labels, for the codes that have label annotations.
        let found_labels = sorted(
            reported
                .diagnostics
                .iter()
                .filter(|d| self.labels.iter().any(|l| d["code"] == l.code.as_str()))
                .flat_map(|d| {
                    let code = d["code"].as_str().unwrap_or("?").to_string();
                    let labels = d["labels"].as_array().cloned().unwrap_or_default();
                    labels.into_iter().map(move |l| LabelAt {
                        code: code.clone(),
                        file: l["file"].as_str().unwrap_or("?").to_string(),
                        line: l["line"].as_u64().unwrap_or(0),
                        column: l["column"].as_u64().unwrap_or(0),
                    })
                }),
        );
        let (missing, extra) = differences(&self.labels, &found_labels);
        problems.extend(missing.iter().map(|l| format!("missing: {l}")));
        problems.extend(extra.iter().map(|l| format!("not annotated: {l}")));

        for d in &reported.diagnostics {
            let code = d["code"].as_str().unwrap_or("?");
            if code.starts_with("union/") && d["help"].as_str().is_none_or(str::is_empty) {
                problems.push(format!("{code} has no help"));
            }
        }
        if reported.exit != self.exit {
            problems.push(format!(
                "exit code {}, expected {}",
                reported.exit, self.exit
            ));
        }
        if self.command[0] == "check" {
            if !reported.stdout.is_empty() {
                problems.push(format!("check wrote to stdout: {}", reported.stdout));
            }
            // Only once `check` agrees: the expected exit code comes from the expectations.
            if problems.is_empty() {
                problems.extend(self.check_generate(&found));
            }
        }
        problems
    }

    /// `generate` over an existing output reports what `check` reported (`found`) but the
    /// findings about controller-gen's rbac and webhook markers (`check` lints them; they are
    /// no part of `generate`'s documents); on an error it exits as `check` did (1, or 2 for an
    /// unreadable input) and leaves the output as it was (no stray files), otherwise it writes.
    fn check_generate(&self, found: &[Diag]) -> Vec<String> {
        const MANIFEST_CODES: &[&str] = &[
            "marker/ignored",
            "rbac/invalid",
            "rbac/unstable-output",
            "webhook/invalid",
        ];
        let found: Vec<Diag> = found
            .iter()
            .filter(|d| !MANIFEST_CODES.contains(&d.code.as_str()))
            .cloned()
            .collect();
        let found = found.as_slice();
        let expected_exit = if found.iter().any(|d| d.severity == "error") {
            self.exit
        } else {
            0
        };
        let mut problems = Vec::new();
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("openapi.json");
        // An earlier document (union-gen refuses to replace a file that is not one).
        let before = b"{\"openapi\": \"previous content\"}\n";
        fs::write(&path, before).expect("write the old output");
        let target = path.to_str().expect("UTF-8 path");
        let mut args = vec!["generate", "--v3", target, "--message-format", "json"];
        args.extend(self.command[1..].iter().map(String::as_str));
        let (exit, stdout, stderr) = super::run(&args);
        let generated = sorted(super::json_diagnostics(&stderr).iter().map(Diag::from_json));
        let (missing, extra) = differences(found, &generated);
        problems.extend(
            missing
                .iter()
                .map(|d| format!("generate does not report: {d}")),
        );
        problems.extend(extra.iter().map(|d| format!("only generate reports: {d}")));
        let after = fs::read(&path).expect("the output still exists");
        let entries = fs::read_dir(dir.path()).expect("list").count();
        if !stdout.is_empty() {
            problems.push(format!("generate wrote to stdout: {stdout}"));
        }
        if expected_exit != 0 {
            if exit != expected_exit {
                problems.push(format!("generate exited {exit}, expected {expected_exit}"));
            }
            if after != before {
                problems.push("generate changed the output file".to_string());
            }
            if entries != 1 {
                problems.push(format!("generate left {entries} files in the output dir"));
            }
        } else {
            if exit != 0 {
                problems.push(format!("generate exited {exit}, expected 0"));
            }
            if after == before || !after.starts_with(b"{") {
                problems.push("generate did not write the output".to_string());
            }
        }
        problems
    }
}

/// Renders a case with `check --message-format <format>` as a user sees it: from a copy
/// without the annotation lines (in a temporary directory, under the same relative path, so
/// that the paths printed are the case's own). `pattern` is the case directory, or the
/// directory followed by `/...`. Returns (exit code, stdout, stderr).
pub fn render(pattern: &str, format: &str) -> (u8, String, String) {
    let dir = pattern.trim_end_matches("/...");
    let copy = tempfile::tempdir().expect("temporary directory");
    // The go.mod of the case's module: in the case or in a parent directory.
    let module = Path::new(dir)
        .ancestors()
        .find(|a| a.join("go.mod").is_file())
        .unwrap_or_else(|| panic!("no go.mod above {dir}"));
    fs::create_dir_all(copy.path().join(module)).expect("create directories");
    fs::copy(
        module.join("go.mod"),
        copy.path().join(module).join("go.mod"),
    )
    .expect("go.mod");
    let mut files = Vec::new();
    files_under(Path::new(dir), &mut files);
    for path in files {
        let target = copy.path().join(&path);
        fs::create_dir_all(target.parent().expect("a parent")).expect("create directories");
        let bytes = fs::read(&path).expect("read the case");
        let bytes = if path.extension().is_some_and(|e| e == "go") {
            without_annotations(&bytes)
        } else {
            bytes
        };
        fs::write(target, bytes).expect("write the copy");
    }
    let prefix = format!("{}/", copy.path().display());
    let copied = format!("{prefix}{pattern}");
    let (code, out, err) = super::run(&["check", "--message-format", format, &copied]);
    (code, out.replace(&prefix, ""), err.replace(&prefix, ""))
}

/// The multiset differences (`expected` − `found`, `found` − `expected`) of sorted lists.
fn differences<T: Ord + Clone>(expected: &[T], found: &[T]) -> (Vec<T>, Vec<T>) {
    let (mut missing, mut extra) = (Vec::new(), Vec::new());
    let (mut e, mut f) = (expected.iter().peekable(), found.iter().peekable());
    loop {
        match (e.peek(), f.peek()) {
            (None, None) => break,
            (Some(a), Some(b)) if a == b => {
                e.next();
                f.next();
            }
            (Some(a), Some(b)) if a < b => missing.push(e.next().cloned().expect("peeked")),
            (Some(_), None) => missing.push(e.next().cloned().expect("peeked")),
            _ => extra.push(f.next().cloned().expect("peeked")),
        }
    }
    (missing, extra)
}

fn sorted<T: Ord>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut items: Vec<T> = items.collect();
    items.sort();
    items
}

/// Every file under `dir`, sorted, following no symbolic link to a directory.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// A primary (`^`) or label (`~`) annotation.
#[derive(Debug, PartialEq)]
struct Annotation {
    label: bool,
    column: u64,
    code: String,
    severity: Option<String>,
}

/// The lines of a file, without their line terminators (`\n` or `\r\n`); not-UTF-8 bytes are
/// replaced, which only matters on lines that are not annotations.
fn lines(bytes: &[u8]) -> impl Iterator<Item = String> + '_ {
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    text.split(|b| *b == b'\n').map(|line| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        String::from_utf8_lossy(line).into_owned()
    })
}

/// Collects the annotations of one Go file (`name` as the tool prints it).
fn read_annotations(
    name: &str,
    bytes: &[u8],
    expected: &mut Vec<Diag>,
    labels: &mut Vec<LabelAt>,
    problems: &mut Vec<String>,
) {
    let mut target: Option<u64> = None;
    for (index, line) in lines(bytes).enumerate() {
        let number = index as u64 + 1;
        let annotation = match parse_annotation(&line) {
            None => {
                target = Some(number);
                continue;
            }
            Some(Err(problem)) => {
                problems.push(format!("{name}:{number}: {problem}: `{line}`"));
                continue;
            }
            Some(Ok(annotation)) => annotation,
        };
        let Some(target) = target else {
            problems.push(format!(
                "{name}:{number}: an annotation needs a line above it"
            ));
            continue;
        };
        if annotation.label {
            labels.push(LabelAt {
                code: annotation.code,
                file: name.to_string(),
                line: target,
                column: annotation.column,
            });
        } else {
            let severity = annotation
                .severity
                .unwrap_or_else(|| spec_severity(&annotation.code).to_string());
            expected.push(Diag {
                code: annotation.code,
                severity,
                file: Some(name.to_string()),
                line: Some(target),
                column: Some(annotation.column),
            });
        }
    }
}

/// `None`: not an annotation. A line whose comment text starts with `^` or `~` is one, and
/// must then parse: `//<spaces>^^^[@column] code [severity]` (or `~~~[@column] code`).
fn parse_annotation(line: &str) -> Option<Result<Annotation, String>> {
    let comment = line.trim_start().strip_prefix("//")?;
    let marks = comment.trim_start_matches([' ', '\t']);
    let mark = marks.chars().next().filter(|c| matches!(c, '^' | '~'))?;
    let label = mark == '~';
    // The first mark's column, counted in characters from 1 as the tool counts.
    let caret_column = line[..line.len() - marks.len()].chars().count() as u64 + 1;
    let rest = marks.trim_start_matches(mark);
    let (column, rest) = match rest.strip_prefix('@') {
        Some(explicit) => {
            let digits = explicit.len()
                - explicit
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            match explicit[..digits].parse::<u64>() {
                Ok(column) if column >= 1 => (column, &explicit[digits..]),
                _ => return Some(Err("`@` needs a column number from 1".to_string())),
            }
        }
        None => (caret_column, rest),
    };
    if !rest.starts_with([' ', '\t']) {
        return Some(Err(
            "expected a space and a code after the marks".to_string()
        ));
    }
    let mut words = rest.split_whitespace();
    let Some(code) = words.next() else {
        return Some(Err("no code after the marks".to_string()));
    };
    if !union_gen::diag::ALL_CODES
        .iter()
        .any(|c| c.as_str() == code)
    {
        return Some(Err(format!("`{code}` is not a diagnostic code")));
    }
    let severity = words.next().map(str::to_string);
    if let Some(severity) = &severity {
        if label {
            return Some(Err("a label annotation has no severity".to_string()));
        }
        if !matches!(severity.as_str(), "error" | "warning") {
            return Some(Err(format!("`{severity}` is not `error` or `warning`")));
        }
    }
    if let Some(word) = words.next() {
        return Some(Err(format!("unexpected `{word}` after the code")));
    }
    Some(Ok(Annotation {
        label,
        column,
        code: code.to_string(),
        severity,
    }))
}

/// The file without its annotation lines.
fn without_annotations(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for line in bytes.split_inclusive(|b| *b == b'\n') {
        if parse_annotation(&String::from_utf8_lossy(line)).is_none() {
            out.extend_from_slice(line);
        }
    }
    out
}

/// A line of `expect.txt` that is not `run:` or `exit:`: `code [severity] [file:line:column]`
/// (the file relative to the case directory).
fn parse_expect_line(dir: &str, line: &str) -> Result<Diag, String> {
    let mut words = line.split_whitespace();
    let code = words.next().expect("a non-empty line").to_string();
    if !union_gen::diag::ALL_CODES
        .iter()
        .any(|c| c.as_str() == code)
    {
        return Err(format!("`{code}` is not a diagnostic code"));
    }
    let mut diag = Diag {
        severity: spec_severity(&code).to_string(),
        code,
        file: None,
        line: None,
        column: None,
    };
    for word in words {
        if matches!(word, "error" | "warning") {
            diag.severity = word.to_string();
            continue;
        }
        let mut parts = word.rsplitn(3, ':');
        let (column, line, file) = (parts.next(), parts.next(), parts.next());
        match (
            file,
            line.and_then(|l| l.parse().ok()),
            column.and_then(|c| c.parse().ok()),
        ) {
            (Some(file), Some(line), Some(column)) if diag.file.is_none() => {
                diag.file = Some(format!("{dir}/{file}"));
                diag.line = Some(line);
                diag.column = Some(column);
            }
            _ => return Err(format!("`{word}` is not a severity or a file:line:column")),
        }
    }
    Ok(diag)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotation(label: bool, column: u64, code: &str, severity: Option<&str>) -> Annotation {
        Annotation {
            label,
            column,
            code: code.to_string(),
            severity: severity.map(str::to_string),
        }
    }

    #[test]
    fn annotation_forms() {
        let parse = |line: &str| parse_annotation(line).map(|r| r.unwrap());
        assert_eq!(
            parse("// ^^^ enum/not-string"),
            Some(annotation(false, 4, "enum/not-string", None))
        );
        assert_eq!(
            parse("\t//  ^ union/member-not-pointer error"),
            Some(annotation(
                false,
                6,
                "union/member-not-pointer",
                Some("error")
            ))
        );
        assert_eq!(
            parse("\t// ^@2 union/member-not-optional"),
            Some(annotation(false, 2, "union/member-not-optional", None))
        );
        assert_eq!(
            parse("//      ~~~~ enum/not-string"),
            Some(annotation(true, 9, "enum/not-string", None))
        );
        // Not annotations.
        for line in [
            "// +enum",
            "type T int // ^ x",
            "\tA string",
            "//",
            "/* ^ x */",
        ] {
            assert_eq!(parse(line), None, "{line}");
        }
        // Annotations that do not parse.
        for line in [
            "// ^^^",
            "// ^^^enum/not-string",
            "// ^ enum/not-a-code",
            "// ^ enum/not-string fatal",
            "// ~ enum/not-string error",
            "// ^@0 enum/not-string",
            "// ^ enum/not-string error extra",
        ] {
            assert!(matches!(parse_annotation(line), Some(Err(_))), "{line}");
        }
    }

    #[test]
    fn annotations_point_at_the_line_above() {
        let text = "package p\n\n// +enum\n// ^^^^^ enum/not-string\n//    ~~~~ enum/not-string\ntype P int\n//   ^@1 enum/no-values\n";
        let (mut expected, mut labels, mut problems) = (Vec::new(), Vec::new(), Vec::new());
        read_annotations(
            "d/a.go",
            text.as_bytes(),
            &mut expected,
            &mut labels,
            &mut problems,
        );
        assert!(problems.is_empty(), "{problems:?}");
        let at = |code: &str, severity: &str, line, column| Diag {
            code: code.into(),
            severity: severity.into(),
            file: Some("d/a.go".into()),
            line: Some(line),
            column: Some(column),
        };
        assert_eq!(
            expected,
            [
                at("enum/not-string", "error", 3, 4),
                at("enum/no-values", "warning", 6, 1)
            ]
        );
        assert_eq!(
            labels,
            [LabelAt {
                code: "enum/not-string".into(),
                file: "d/a.go".into(),
                line: 3,
                column: 7
            }]
        );
        assert_eq!(
            without_annotations(text.as_bytes()),
            b"package p\n\n// +enum\ntype P int\n"
        );
    }

    #[test]
    fn expect_lines() {
        assert_eq!(
            parse_expect_line("c", "crd/skipped crd.yaml:13:1"),
            Ok(Diag {
                code: "crd/skipped".into(),
                severity: "warning".into(),
                file: Some("c/crd.yaml".into()),
                line: Some(13),
                column: Some(1),
            })
        );
        assert_eq!(
            parse_expect_line("c", "resolve/no-go-mod"),
            Ok(Diag {
                code: "resolve/no-go-mod".into(),
                severity: "warning".into(),
                file: None,
                line: None,
                column: None,
            })
        );
        assert!(parse_expect_line("c", "crd/skipped crd.yaml:13").is_err());
        assert!(parse_expect_line("c", "crd/nope").is_err());
    }

    #[test]
    fn differences_are_multiset_differences() {
        assert_eq!(
            differences(&[1, 1, 2, 4], &[1, 2, 3]),
            (vec![1, 4], vec![3])
        );
    }
}
