//! Command lines that must be refused or understood (SPEC §2, issue 16), run through the
//! real binary: exit code, message, and that no file was written or changed; completions run
//! by bash.

use std::fs;
use std::path::Path;

use crate::harness::module;
use crate::harness::process::{Outcome, Process, BIN};

fn union_gen(dir: &Path, args: &[&str]) -> Outcome {
    Process::union_gen(args).cwd(dir).env("NO_COLOR", "1").run()
}

fn bash(args: &[&str]) -> Outcome {
    Process::program("bash", args).run()
}

/// The committed document of [`project`]: an (old) OpenAPI document, as union-gen would
/// replace it.
const COMMITTED: &str = "{\n  \"swagger\": \"2.0\",\n  \"info\": {\"title\": \"committed\"}\n}\n";

/// A module with one `+enum` package and a committed document `api/openapi.json`.
fn project() -> tempfile::TempDir {
    module(&[
        (
            "pkg/apis/v1/types.go",
            b"package v1\n\n// +enum\ntype Mode string\n\nconst (\n\tFast Mode = \"Fast\"\n\tSlow Mode = \"Slow\"\n)\n\ntype Spec struct {\n\tMode Mode `json:\"mode\"`\n}\n",
        ),
        ("api/openapi.json", COMMITTED.as_bytes()),
    ])
}

fn committed(dir: &Path) -> String {
    fs::read_to_string(dir.join("api/openapi.json")).unwrap()
}

/// A refused command line: exit 2, `message` on stderr, the committed document untouched.
fn assert_refused(dir: &Path, args: &[&str], message: &str) {
    let run = union_gen(dir, args);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains(message), "{}", run.stderr);
    assert_eq!(committed(dir), COMMITTED);
}

/// Every file under `dir`, for "nothing was created".
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn two_documents_to_stdout_are_refused() {
    let dir = project();
    let run = union_gen(dir.path(), &["generate", "--v2", "-", "--v3", "-", "./..."]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(run
        .stderr
        .contains("--v2 - and --v3 - would write two documents to stdout"));
}

#[test]
fn both_documents_to_one_file_are_refused() {
    let dir = project();
    let before = files(dir.path());
    for (v2, v3) in [
        ("api/openapi.json", "api/openapi.json"),
        ("api/openapi.json", "./api/openapi.json"),
        ("api/openapi.json", "api/../api/openapi.json"),
    ] {
        let run = union_gen(dir.path(), &["generate", "--v2", v2, "--v3", v3, "./..."]);
        assert_eq!(run.code, 2, "{v2} {v3}: {}", run.stderr);
        assert!(run.stderr.contains("name the same file"), "{}", run.stderr);
        assert_eq!(committed(dir.path()), COMMITTED);
        assert_eq!(files(dir.path()), before);
    }
}

#[test]
fn a_package_pattern_after_version_is_refused() {
    let dir = project();
    assert_refused(
        dir.path(),
        &[
            "generate",
            "--v2",
            "api/openapi.json",
            "--version",
            "./pkg/apis/...",
        ],
        "`--info-version VERSION`",
    );
}

#[test]
fn old_info_flags_still_work_with_a_warning() {
    let dir = project();
    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--v2",
            "-",
            "--title",
            "T",
            "--version",
            "v9",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\"title\": \"T\""), "{}", run.stdout);
    assert!(run.stdout.contains("\"version\": \"v9\""), "{}", run.stdout);
    assert!(run
        .stderr
        .contains("`--title` is deprecated: use `--info-title`"));
    assert!(run
        .stderr
        .contains("`--version` is deprecated here: use `--info-version`"));
    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--v2",
            "-",
            "--info-title",
            "T",
            "--info-version",
            "v9",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\"version\": \"v9\""));
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn a_pattern_matching_no_package_writes_nothing() {
    let dir = project();
    for pattern in ["./pkg/apis/v2...", "./docs/...", "./api/..."] {
        let run = union_gen(
            dir.path(),
            &["generate", "--v2", "api/openapi.json", pattern],
        );
        assert_eq!(run.code, 2, "{pattern}: {}", run.stderr);
        assert!(
            run.stderr.contains("matched no packages") || run.stderr.contains("cannot read"),
            "{pattern}: {}",
            run.stderr
        );
        assert_eq!(committed(dir.path()), COMMITTED);
    }
    // The go tool's `v...` matches `v1`.
    let run = union_gen(
        dir.path(),
        &["generate", "--v2", "api/openapi.json", "./pkg/apis/v..."],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(committed(dir.path()).contains("\"Fast\""));
}

#[test]
fn a_nested_module_is_not_part_of_dot_dot_dot() {
    let dir = project();
    let nested = dir.path().join("hack/tools");
    fs::create_dir_all(&nested).unwrap();
    fs::write(nested.join("go.mod"), "module example.com/tools\n").unwrap();
    fs::write(
        nested.join("tools.go"),
        "package tools\n\ntype Broken struct {\n",
    )
    .unwrap();
    let run = union_gen(dir.path(), &["check", "./..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn absurd_job_counts_are_refused() {
    let dir = project();
    assert_refused(
        dir.path(),
        &[
            "generate",
            "-j",
            "100000",
            "--v2",
            "api/openapi.json",
            "./...",
        ],
        "100000 is not in 0..=256",
    );
}

#[test]
fn crd_takes_manifests_given_after_packages_and_warns_on_non_crds() {
    let dir = project();
    fs::write(
        dir.path().join("deploy.yaml"),
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n",
    )
    .unwrap();
    let run = union_gen(
        dir.path(),
        &["crd", "--packages", "./pkg/...", "deploy.yaml"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no CustomResourceDefinition in this file"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("crd/skipped"), "{}", run.stderr);
    let run = union_gen(dir.path(), &["crd", "--packages", "./pkg/..."]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("no CRD manifests given"),
        "{}",
        run.stderr
    );
}

/// Runs bash's completion function on `words` (the last one being completed).
fn bash_complete(script: &Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
         COMP_LINE=\"${{COMP_WORDS[*]}}\"\nCOMP_POINT=${{#COMP_LINE}}\nCOMPREPLY=()\n\
         _union__gen union-gen \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        script.display(),
        quoted.join(" ")
    );
    let outcome = bash(&["--norc", "--noprofile", "-c", &program]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    outcome
        .stdout
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_subcommand_flags_and_hides_hidden_ones() {
    let dir = tempfile::tempdir().unwrap();
    let run = union_gen(dir.path(), &["completions", "bash"]);
    assert_eq!(run.code, 0);
    let script = dir.path().join("union-gen.bash");
    fs::write(&script, run.stdout).unwrap();
    let top = bash_complete(&script, &["union-gen", ""]);
    assert!(top.contains(&"generate".to_string()), "{top:?}");
    assert!(!top.contains(&"dump-syntax".to_string()), "{top:?}");
    let flags = bash_complete(&script, &["union-gen", "generate", "--"]);
    for flag in [
        "--v2",
        "--v3",
        "--cel",
        "--verify",
        "--info-version",
        "--jobs",
    ] {
        assert!(flags.contains(&flag.to_string()), "{flag} in {flags:?}");
    }
    for hidden in ["--title", "--version"] {
        assert!(
            !flags.contains(&hidden.to_string()),
            "{hidden} in {flags:?}"
        );
    }
    let naming = bash_complete(&script, &["union-gen", "generate", "--naming", ""]);
    assert_eq!(naming, ["rest", "go", "short"]);
    let crd = bash_complete(&script, &["union-gen", "crd", "--"]);
    assert!(crd.contains(&"--packages".to_string()), "{crd:?}");
}

/// Completions offer diagnostic codes (`--deny`, `--allow`, `explain`) and openapi-gen's
/// flags (issue 25: they offered neither).
#[test]
fn bash_completes_codes_and_openapi_gen_flags() {
    let dir = tempfile::tempdir().unwrap();
    let run = union_gen(dir.path(), &["completions", "bash"]);
    assert_eq!(run.code, 0);
    let script = dir.path().join("union-gen.bash");
    fs::write(&script, run.stdout).unwrap();
    let codes: Vec<String> = union_gen::diag::ALL_CODES
        .iter()
        .map(|c| c.as_str().to_string())
        .collect();
    for (words, extra) in [
        (&["union-gen", "check", "--deny", ""][..], Some("warnings")),
        (&["union-gen", "generate", "--allow", ""][..], None),
        (&["union-gen", "crd", "--deny", ""][..], Some("warnings")),
        (&["union-gen", "explain", ""][..], Some("all")),
    ] {
        // (For a positional value, clap's script also offers `-h`/`--help`.)
        let offered: Vec<String> = bash_complete(&script, words)
            .into_iter()
            .filter(|w| !w.starts_with('-'))
            .collect();
        let expected: Vec<String> = extra
            .map(str::to_string)
            .into_iter()
            .chain(codes.iter().cloned())
            .collect();
        assert_eq!(offered, expected, "{words:?}");
    }
    let offered = bash_complete(&script, &["union-gen", "explain", "union/member-not-o"]);
    assert_eq!(offered, ["union/member-not-optional"]);
    let flags = bash_complete(&script, &["union-gen", "openapi-gen", "--"]);
    for flag in [
        "--output-dir",
        "--output-pkg",
        "--output-file",
        "--go-header-file",
        "--output-model-name-file",
        "--readonly-pkg",
        "--report-filename",
        "--message-format",
    ] {
        assert!(flags.contains(&flag.to_string()), "{flag} in {flags:?}");
    }
    // The parser is unchanged: a misspelt code still gets "did you mean".
    let run = union_gen(dir.path(), &["check", "--deny", "enum/no-value", "./..."]);
    assert!(
        run.stderr.contains("did you mean `enum/no-values`"),
        "{}",
        run.stderr
    );
}

/// The stale-file hint: union-gen names its own command line without `--verify`; the verify
/// script names the update script with the same arguments. Each one, run as printed, makes
/// the verify pass, also with `--report` (issue 25: the hint named the update script
/// "running" the verify command line, and following it left the report stale).
#[test]
fn the_stale_file_hints_bring_the_files_up_to_date() {
    let dir = project();
    let hack = dir.path().join("hack");
    fs::create_dir_all(&hack).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hack");
    for script in ["update-openapi.sh", "verify-openapi.sh"] {
        fs::copy(examples.join(script), hack.join(script)).unwrap();
    }
    let run_script = |script: &str, args: &[&str], union_gen: &str| {
        let mut argv = vec![hack.join(script).display().to_string()];
        argv.extend(args.iter().map(|a| a.to_string()));
        let outcome = Process::program("bash", argv)
            .env("UNION_GEN", union_gen)
            .run();
        (outcome.code, outcome.stdout, outcome.stderr)
    };
    let report = ["--report", "api/openapi/violations.report"];
    let (code, _, stderr) = run_script("update-openapi.sh", &[], BIN);
    assert_eq!(code, 0, "{stderr}");
    // The report does not exist yet, the documents are current.
    let (code, stdout, _) = run_script("verify-openapi.sh", &report, BIN);
    assert_eq!(code, 1, "{stdout}");
    let lines: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert_eq!(
        lines,
        [
            "verify-openapi.sh: or run: hack/update-openapi.sh --report \
             api/openapi/violations.report",
            "union-gen: 1 of 3 file(s) out of date; to update, run: union-gen generate \
             --v2 api/openapi/swagger.json --v3 api/openapi/v3.json --report \
             api/openapi/violations.report ./pkg/apis/...",
        ]
    );
    // Following the script's hint fixes it.
    let (code, _, stderr) = run_script("update-openapi.sh", &report, BIN);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, _) = run_script("verify-openapi.sh", &report, BIN);
    assert_eq!(code, 0, "{stdout}");
    // So does union-gen's own hint (run where the script runs it: the repository root).
    fs::write(
        dir.path().join("api/openapi/v3.json"),
        "{\"openapi\": \"stale\"}\n",
    )
    .unwrap();
    let (code, stdout, _) = run_script("verify-openapi.sh", &report, BIN);
    assert_eq!(code, 1);
    let command = stdout
        .lines()
        .find_map(|l| l.split_once("to update, run: union-gen ").map(|(_, c)| c))
        .expect("union-gen's hint");
    let args: Vec<&str> = command.split(' ').collect();
    assert_eq!(union_gen(dir.path(), &args).code, 0);
    let (code, stdout, _) = run_script("verify-openapi.sh", &report, BIN);
    assert_eq!(code, 0, "{stdout}");
    // A missing binary is named, with what to do, and no unpublished package is suggested.
    let (code, _, stderr) = run_script("verify-openapi.sh", &[], "/nonexistent/union-gen");
    assert_eq!(code, 2);
    assert!(
        stderr
            .contains("/nonexistent/union-gen not found: install it (union-gen's README, Install)"),
        "{stderr}"
    );
    assert!(!stderr.contains("pip"), "{stderr}");
}

/// A package whose only finding is a warning (`enum/no-values`).
fn warning_project() -> tempfile::TempDir {
    let dir = project();
    fs::write(
        dir.path().join("pkg/apis/v1/empty.go"),
        "package v1\n\n// +enum\ntype Empty string\n",
    )
    .unwrap();
    dir
}

#[test]
fn deny_makes_warnings_errors_and_allow_silences_them() {
    let dir = warning_project();
    let run = union_gen(dir.path(), &["check", "./..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("enum/no-values"), "{}", run.stderr);
    for deny in ["warnings", "enum/no-values"] {
        let run = union_gen(
            dir.path(),
            &[
                "generate",
                "--deny",
                deny,
                "--v2",
                "api/openapi.json",
                "./...",
            ],
        );
        assert_eq!(run.code, 1, "--deny {deny}: {}", run.stderr);
        assert_eq!(committed(dir.path()), COMMITTED, "nothing written");
    }
    let run = union_gen(
        dir.path(),
        &[
            "check",
            "--message-format",
            "json",
            "--deny",
            "enum/no-values",
            "./...",
        ],
    );
    assert!(
        run.stderr.contains(r#""severity":"error""#),
        "{}",
        run.stderr
    );
    let run = union_gen(dir.path(), &["check", "--allow", "enum/no-values", "./..."]);
    assert_eq!(run.code, 0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn deny_and_allow_refuse_unknown_codes_and_allowing_errors() {
    let dir = warning_project();
    let run = union_gen(dir.path(), &["check", "--deny", "enum/no-value", "./..."]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("(did you mean `enum/no-values`?)"),
        "{}",
        run.stderr
    );
    let run = union_gen(
        dir.path(),
        &["check", "--allow", "enum/not-string", "./..."],
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be allowed"), "{}", run.stderr);
    let run = union_gen(dir.path(), &["explain", "union/membr-not-optional"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("(did you mean `union/member-not-optional`?)"),
        "{}",
        run.stderr
    );
}

#[test]
fn run_errors_follow_the_message_format() {
    let dir = project();
    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--message-format",
            "json",
            "--v2",
            "-",
            "--v3",
            "-",
            "./...",
        ],
    );
    assert_eq!(run.code, 2);
    let finding: serde_json::Value =
        serde_json::from_str(run.stderr.trim()).expect("one JSON object");
    assert_eq!(finding["code"], "cli/usage");
    assert_eq!(finding["severity"], "error");
    // Every key of a located finding, null (issue 25: `end_line`/`end_column` were absent).
    let keys: Vec<&String> = finding.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "code",
            "severity",
            "message",
            "file",
            "line",
            "column",
            "end_line",
            "end_column",
            "help",
            "labels",
            "url"
        ]
    );
    for key in ["file", "line", "column", "end_line", "end_column"] {
        assert_eq!(finding[key], serde_json::Value::Null, "{key}");
    }
    // The code's page of the manual (relative while Cargo.toml names no repository).
    let url = finding["url"].as_str().expect("a url");
    assert!(url.ends_with("docs/src/codes/cli/usage.md"), "{url}");
    assert!(Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/src/codes/cli/usage.md")
        .exists());

    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--message-format",
            "github",
            "--title",
            "T",
            "--v2",
            "-",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "::warning title=cli/deprecated-flag::`--title` is deprecated: use `--info-title`\n"
    );

    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--message-format",
            "json",
            "--v2",
            "missing/dir/a.json",
            "./...",
        ],
    );
    assert_eq!(run.code, 2);
    let finding: serde_json::Value =
        serde_json::from_str(run.stderr.trim()).expect("one JSON object");
    assert_eq!(finding["code"], "io/unwritable");
    assert!(!dir.path().join("missing").exists());

    let run = union_gen(
        dir.path(),
        &[
            "crd",
            "--message-format",
            "json",
            "gone.yaml",
            "--packages",
            "./...",
        ],
    );
    assert_eq!(run.code, 2);
    let finding: serde_json::Value =
        serde_json::from_str(run.stderr.trim()).expect("one JSON object");
    assert_eq!(finding["code"], "io/unreadable");
}

// ---------------------------------------------------------------------------------------
// Issue 25: output paths that would destroy an input or a file union-gen did not write.

/// `--v3 go.mod` (a typo for `--v3 api/openapi/v3.json go.mod`) and `--v3 <a Go file>`
/// replaced the input with JSON, exit 0.
#[test]
fn an_input_as_output_is_refused_unless_forced() {
    let dir = project();
    let root = dir.path();
    fs::write(root.join("go.work"), "go 1.22\n\nuse .\n").unwrap();
    let before = files(root);
    let source = fs::read_to_string(root.join("pkg/apis/v1/types.go")).unwrap();
    for (flag, path) in [
        ("--v3", "go.mod"),
        ("--v2", "go.work"),
        ("--v3", "pkg/apis/v1/types.go"),
        ("--v3", "pkg/apis/v1/new_file.go"),
        ("--report", "go.mod"),
    ] {
        let run = union_gen(root, &["generate", flag, path, "./pkg/apis/..."]);
        assert_eq!(run.code, 2, "{flag} {path}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "error: {flag} {path}: that is a Go source or module file, an input of the run"
            )),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("--force"), "{}", run.stderr);
        assert_eq!(files(root), before, "{flag} {path}: nothing created");
    }
    assert_eq!(
        fs::read_to_string(root.join("go.mod")).unwrap(),
        "module example.com/m\n\ngo 1.22\n"
    );
    assert_eq!(
        fs::read_to_string(root.join("pkg/apis/v1/types.go")).unwrap(),
        source
    );
    // `check --report` writes too.
    let run = union_gen(root, &["check", "--report", "go.mod", "./..."]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    // --force writes as asked.
    let run = union_gen(
        root,
        &[
            "generate",
            "--force",
            "--v3",
            "pkg/apis/v1/new_file.go",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(fs::read_to_string(root.join("pkg/apis/v1/new_file.go"))
        .unwrap()
        .starts_with("{\n  \"openapi\""));
}

/// An existing file that is not a document of that kind (a mistyped path) is refused; an
/// older document, an empty file, a report over a report are replaced.
#[test]
fn a_file_union_gen_did_not_write_is_refused_unless_forced() {
    let dir = project();
    let root = dir.path();
    fs::write(root.join("NOTES.md"), "# notes\n").unwrap();
    fs::write(
        root.join("crd.yaml"),
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n",
    )
    .unwrap();
    for (flag, path) in [
        ("--v3", "NOTES.md"),
        ("--v2", "crd.yaml"),
        ("--report", "NOTES.md"),
    ] {
        let run = union_gen(root, &["generate", flag, path, "./..."]);
        assert_eq!(run.code, 2, "{flag} {path}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("so union-gen did not write it; refusing to replace it"),
            "{}",
            run.stderr
        );
    }
    assert_eq!(
        fs::read_to_string(root.join("NOTES.md")).unwrap(),
        "# notes\n"
    );
    // Documents of any OpenAPI writer, YAML or JSON, empty files: replaced.
    fs::write(root.join("api/spec.yaml"), "# old\nopenapi: 3.0.0\n").unwrap();
    fs::write(root.join("api/k8s.json"), "{\n  \"definitions\": {}\n}\n").unwrap();
    fs::write(root.join("api/empty.json"), "").unwrap();
    fs::write(
        root.join("api/violations.report"),
        "API rule violation: names_match,example.com/m/pkg/apis/v1,Spec,Mode\n",
    )
    .unwrap();
    for (flag, path) in [
        ("--v3", "api/spec.yaml"),
        ("--v2", "api/k8s.json"),
        ("--v3", "api/empty.json"),
        ("--report", "api/violations.report"),
    ] {
        let run = union_gen(root, &["generate", flag, path, "./..."]);
        assert_eq!(run.code, 0, "{flag} {path}: {}", run.stderr);
    }
    let run = union_gen(root, &["generate", "--force", "--v3", "NOTES.md", "./..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(fs::read_to_string(root.join("NOTES.md"))
        .unwrap()
        .contains("\"openapi\""));
    // --verify writes nothing, so it compares with any file.
    let run = union_gen(root, &["generate", "--verify", "--v3", "crd.yaml", "./..."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

/// `--v3 api/` said "Not a directory" about a directory; a missing directory named the
/// temporary file.
#[test]
fn a_directory_or_a_missing_directory_is_named_plainly() {
    let dir = project();
    let root = dir.path();
    let before = files(root);
    for path in ["api/", "api", "newdir/"] {
        let run = union_gen(root, &["generate", "--force", "--v3", path, "./..."]);
        assert_eq!(run.code, 2, "{path}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "error: --v3 {path}: that is a directory; name the file to write in it (e.g. --v3 {}/v3.json)",
                path.trim_end_matches('/')
            )),
            "{}",
            run.stderr
        );
    }
    let run = union_gen(root, &["generate", "--v3", "missing/dir/v3.json", "./..."]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: cannot write missing/dir/v3.json: directory missing/dir does not exist (create it first)\n"
    );
    assert_eq!(files(root), before);
}

/// A device that fails (`/dev/full`) or a stdout whose reader is gone: exit 2 and no file
/// changed (before, the other outputs were already replaced).
#[cfg(target_os = "linux")]
#[test]
fn a_failing_device_or_stdout_changes_no_file() {
    let dir = project();
    let root = dir.path();
    let run = union_gen(
        root,
        &[
            "generate",
            "--v2",
            "/dev/full",
            "--v3",
            "api/openapi.json",
            "./...",
        ],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot write /dev/full"),
        "{}",
        run.stderr
    );
    assert_eq!(committed(root), COMMITTED);
    assert_eq!(files(root).iter().filter(|f| f.contains(".tmp")).count(), 0);
    // stdout closed by its reader: the shell runs union-gen with a pipe nobody reads.
    let script = format!(
        "exec 3>&1; '{BIN}' generate --v2 - --v3 api/openapi.json ./... 2>&3 | (exec 0<&-; sleep 1); \
         echo \"exit ${{PIPESTATUS[0]}}\""
    );
    let outcome = Process::program("bash", ["-c", &script]).cwd(root).run();
    assert!(
        outcome.stdout.contains("exit 2"),
        "{}{}",
        outcome.stdout,
        outcome.stderr
    );
    assert!(
        outcome
            .stdout
            .contains("cannot write to stdout: Broken pipe"),
        "{}",
        outcome.stdout
    );
    assert_eq!(committed(root), COMMITTED);
}

/// Two outputs to `/dev/null` (a device is written in place, so neither replaces the other).
#[cfg(unix)]
#[test]
fn two_outputs_may_name_one_device() {
    let dir = project();
    let run = union_gen(
        dir.path(),
        &[
            "generate",
            "--v2",
            "/dev/null",
            "--v3",
            "/dev/null",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// `cli/deprecated-flag` is a finding like any other: `--deny warnings` fails the run
/// (nothing written), `--allow` hides it.
#[test]
fn deny_and_allow_apply_to_deprecated_flags() {
    let dir = project();
    let root = dir.path();
    for deny in ["warnings", "cli/deprecated-flag"] {
        let run = union_gen(
            root,
            &[
                "generate",
                "--deny",
                deny,
                "--title",
                "T",
                "--v2",
                "api/openapi.json",
                "./...",
            ],
        );
        assert_eq!(run.code, 1, "--deny {deny}: {}", run.stderr);
        assert!(
            run.stderr.contains("`--title` is deprecated"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("1 error"), "{}", run.stderr);
        assert_eq!(committed(root), COMMITTED, "nothing written");
    }
    let run = union_gen(
        root,
        &[
            "generate",
            "--allow",
            "cli/deprecated-flag",
            "--title",
            "T",
            "--v2",
            "api/openapi.json",
            "./...",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    assert!(committed(root).contains("\"title\": \"T\""));
}

/// SIGINT, SIGTERM or SIGHUP during the write phase: every temporary is removed, the
/// outputs stay as they were, exit 128 + the signal. The run is held in the write phase
/// deterministically: its second output is a FIFO nobody reads, which is opened after the
/// first output's temporary is written and before any rename.
#[cfg(unix)]
#[test]
fn a_signal_during_the_write_phase_removes_the_temporaries() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let dir = project();
        let root = dir.path();
        let fifo = root.join("api/pipe");
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let mut child = Command::new(BIN)
            .args([
                "generate",
                "--v2",
                "api/openapi.json",
                "--v3",
                "api/pipe",
                "./...",
            ])
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let temporaries = || -> Vec<String> {
            fs::read_dir(root.join("api"))
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".tmp"))
                .collect()
        };
        let started = Instant::now();
        while temporaries().is_empty() {
            assert!(
                started.elapsed() < crate::harness::process::HANG_GUARD,
                "no temporary appeared"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            temporaries()[0].starts_with(".openapi.json."),
            "{:?}",
            temporaries()
        );
        let sent = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status:?}");
        assert_eq!(temporaries(), Vec::<String>::new(), "SIG{signal}");
        assert_eq!(committed(root), COMMITTED, "SIG{signal}: the output is old");
        let mut names: Vec<String> = fs::read_dir(root.join("api"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["openapi.json", "pipe"]);
    }
}

/// A JSON manifest was accepted and then refused as "not block style" with the whole file
/// as the snippet: it is refused up front (exit 2), given before or after `--packages`.
#[test]
fn crd_refuses_json_manifests_up_front() {
    let dir = project();
    let root = dir.path();
    let json =
        "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\"}\n";
    fs::write(root.join("crd.json"), json).unwrap();
    for args in [
        &["crd", "crd.json", "--packages", "./..."][..],
        &["crd", "--packages", "./...", "crd.JSON"][..],
    ] {
        let run = union_gen(root, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("JSON manifests are not supported"),
            "{}",
            run.stderr
        );
    }
    assert_eq!(fs::read_to_string(root.join("crd.json")).unwrap(), json);
}

/// A syntax error spanning the rest of a file printed all of it: a long span shows its
/// first line and where it ends.
#[test]
fn a_long_syntax_error_shows_its_first_line() {
    let dir = project();
    let mut text = String::from("package v1\n\ntype Broken struct {\n");
    for i in 0..200 {
        text.push_str(&format!("\tF{i} string `json:\"f{i}\"`\n"));
    }
    fs::write(dir.path().join("pkg/apis/v1/broken.go"), &text).unwrap();
    let run = union_gen(dir.path(), &["check", "./..."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("syntax/parse-error"), "{}", run.stderr);
    assert!(run.stderr.contains("through line 203"), "{}", run.stderr);
    assert!(run.stderr.lines().count() < 20, "{}", run.stderr);
    assert!(!run.stderr.contains("F10 string"), "{}", run.stderr);
}
