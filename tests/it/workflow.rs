//! The update/verify workflow (issue 5): `generate --verify` reports, GitHub annotations,
//! the manual's `hack/` scripts (`docs/src/guide/update-and-verify.md`, kept identical to
//! `examples/hack/` and run here), shell completions, `--version` and `--help` examples.
//!
//! Everything runs the built binary as a subprocess in a scratch copy of
//! `testdata/example`, with relative paths, so the snapshots hold no temporary directory.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::harness::process::{Outcome, Process, BIN};
use crate::harness::{copy_dir, snapshot};

/// Outputs used by most tests: one JSON, one YAML document.
const OUTPUTS: [&str; 4] = ["--v2", "api/swagger.json", "--v3", "api/v3.yaml"];

/// Runs `union-gen args...` in `dir` (stdout/stderr are pipes, so never coloured).
fn run_in(dir: &Path, args: &[&str]) -> Outcome {
    Process::union_gen(args)
        .cwd(dir)
        .env_remove("NO_COLOR")
        .run()
}

fn testdata_example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/example")
}

/// A scratch copy of `testdata/example` (go.mod + apis/v1).
fn scratch_module() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&testdata_example(), dir.path());
    dir
}

/// Edits one Go doc comment of the example module under `root`.
fn edit_comment(types_go: &Path) {
    let text = fs::read_to_string(types_go).unwrap();
    let edited = text.replacen(
        "\t// Name of the widget.\n",
        "\t// Name of the widget, unique in its namespace.\n",
        1,
    );
    assert_ne!(
        text,
        edited,
        "the comment to edit is in {}",
        types_go.display()
    );
    fs::write(types_go, edited).unwrap();
}

/// Every file and directory under `root`: contents (files) and modification time.
type Tree = BTreeMap<PathBuf, (Option<Vec<u8>>, SystemTime)>;

fn tree(root: &Path) -> Tree {
    fn walk(root: &Path, dir: &Path, into: &mut Tree) {
        for entry in fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let metadata = fs::symlink_metadata(&path).unwrap();
            let relative = path.strip_prefix(root).unwrap().to_path_buf();
            if metadata.is_dir() {
                into.insert(relative, (None, metadata.modified().unwrap()));
                walk(root, &path, into);
            } else {
                let bytes = fs::read(&path).unwrap();
                into.insert(relative, (Some(bytes), metadata.modified().unwrap()));
            }
        }
    }
    let mut into = Tree::new();
    into.insert(
        PathBuf::new(),
        (None, fs::metadata(root).unwrap().modified().unwrap()),
    );
    walk(root, root, &mut into);
    into
}

/// `generate --verify extra...` in `dir`, asserting that nothing under `dir` changes (bytes,
/// mtimes of files and directories, no new or removed entries).
fn verify_in(dir: &Path, extra: &[&str]) -> Outcome {
    let before = tree(dir);
    let mut args = vec!["generate", "--verify"];
    args.extend_from_slice(extra);
    let outcome = run_in(dir, &args);
    let after = tree(dir);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "--verify created or removed files"
    );
    for (path, state) in &before {
        assert!(after[path] == *state, "--verify changed {}", path.display());
    }
    outcome
}

/// The scratch module with its documents freshly generated.
fn generated_module() -> tempfile::TempDir {
    let dir = scratch_module();
    fs::create_dir(dir.path().join("api")).unwrap();
    let mut args = vec!["generate"];
    args.extend_from_slice(&OUTPUTS);
    args.push("./...");
    let outcome = run_in(dir.path(), &args);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    dir
}

/// `OUTPUTS` and the package pattern.
fn verify_args() -> Vec<&'static str> {
    let mut args = OUTPUTS.to_vec();
    args.push("./...");
    args
}

#[test]
fn verify_on_fresh_output_prints_one_line() {
    let dir = generated_module();
    let outcome = verify_in(dir.path(), &verify_args());
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert_eq!(
        outcome.stdout,
        "union-gen: api/swagger.json, api/v3.yaml up to date\n"
    );
    assert_eq!(outcome.stderr, "");
}

#[test]
fn verify_after_comment_edit_shows_exactly_that_change() {
    let dir = generated_module();
    edit_comment(&dir.path().join("apis/v1/types.go"));
    let outcome = verify_in(dir.path(), &verify_args());
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert_eq!(outcome.stderr, "");
    assert!(!outcome.stdout.contains('\x1b'), "no colour when piped");
    // Exactly one changed line per document, old and new.
    let changed: Vec<&str> = outcome
        .stdout
        .lines()
        .filter(|l| {
            (l.starts_with('-') || l.starts_with('+'))
                && !l.starts_with("---")
                && !l.starts_with("+++")
        })
        .collect();
    assert_eq!(
        changed,
        [
            r#"-          "description": "Name of the widget.","#,
            r#"+          "description": "Name of the widget, unique in its namespace.","#,
            "-          description: Name of the widget.",
            "+          description: Name of the widget, unique in its namespace.",
        ]
    );
    assert!(outcome.stdout.ends_with(
        "union-gen: 2 of 2 file(s) out of date; to update, run: \
         union-gen generate --v2 api/swagger.json --v3 api/v3.yaml ./...\n"
    ));
    snapshot("workflow__verify_after_comment_edit", &outcome.stdout);
}

#[test]
fn verify_reports_a_missing_file() {
    let dir = generated_module();
    fs::remove_file(dir.path().join("api/v3.yaml")).unwrap();
    let outcome = verify_in(dir.path(), &verify_args());
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    let generated = run_in(
        dir.path(),
        &["generate", "--v3", "-", "--format", "yaml", "./..."],
    );
    // The whole document as additions against /dev/null.
    let added: String = outcome
        .stdout
        .lines()
        .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
        .map(|l| format!("{}\n", &l[1..]))
        .collect();
    assert_eq!(added, generated.stdout);
    // The rest of the report (the additions elided).
    let structure: Vec<&str> = outcome
        .stdout
        .lines()
        .filter(|l| !l.starts_with('+') || l.starts_with("+++"))
        .collect();
    snapshot("workflow__verify_missing_file", &structure.join("\n"));

    fs::remove_file(dir.path().join("api/swagger.json")).unwrap();
    let outcome = verify_in(dir.path(), &verify_args());
    assert_eq!(outcome.code, 1);
    assert_eq!(outcome.stdout.matches("--- /dev/null").count(), 2);
}

/// The command named in the last line is the update: running it makes verify pass.
#[test]
fn the_update_hint_brings_the_files_up_to_date() {
    let dir = generated_module();
    edit_comment(&dir.path().join("apis/v1/types.go"));
    let outcome = verify_in(dir.path(), &verify_args());
    let hint = outcome
        .stdout
        .lines()
        .last()
        .and_then(|l| l.split_once("to update, run: union-gen "))
        .map(|(_, command)| command.to_string())
        .expect("hint line");
    let args: Vec<&str> = hint.split(' ').collect();
    assert_eq!(run_in(dir.path(), &args).code, 0);
    assert_eq!(verify_in(dir.path(), &verify_args()).code, 0);
}

#[test]
fn verify_github_annotations_escape_properties_and_data() {
    let dir = scratch_module();
    let odd = "out,a:b%c";
    fs::create_dir(dir.path().join(odd)).unwrap();
    let file = format!("{odd}/swagger.json");
    fs::write(dir.path().join(&file), "{}\n").unwrap();
    let outcome = verify_in(
        dir.path(),
        &["--v2", &file, "--message-format", "github", "./..."],
    );
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    let annotations: Vec<&str> = outcome
        .stdout
        .lines()
        .filter(|l| l.starts_with("::"))
        .collect();
    assert_eq!(
        annotations,
        [
            "::error file=out%2Ca%3Ab%25c/swagger.json,title=union-gen/verify::\
          out,a:b%25c/swagger.json is out of date; \
          run union-gen generate --v2 out,a:b%25c/swagger.json --message-format github ./..."
        ]
    );
    // Human format: no annotation.
    let outcome = verify_in(dir.path(), &["--v2", &file, "./..."]);
    assert_eq!(outcome.code, 1);
    assert!(!outcome.stdout.contains("::error"));
}

// ---------------------------------------------------------------------------------------
// The manual's hack/ scripts.

/// The manual's page of the scripts.
const SCRIPTS_PAGE: &str = "docs/src/guide/update-and-verify.md";

fn readme_fenced_blocks() -> Vec<(String, String)> {
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(SCRIPTS_PAGE))
        .expect(SCRIPTS_PAGE);
    let mut blocks = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in readme.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(language)) => current = Some((language.trim().to_string(), String::new())),
            (Some(_), Some("")) => blocks.push(current.take().unwrap()),
            (Some((_, text)), _) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "unclosed fence in {SCRIPTS_PAGE}");
    blocks
}

fn example_scripts() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hack");
    let mut scripts: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sh"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect();
    scripts.sort();
    scripts
}

#[test]
fn readme_quotes_the_example_scripts_exactly() {
    let scripts = example_scripts();
    let names: Vec<&str> = scripts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["update-openapi.sh", "verify-openapi.sh"]);
    let blocks = readme_fenced_blocks();
    for (name, text) in &scripts {
        assert!(
            blocks.iter().any(|(_, block)| block == text),
            "{SCRIPTS_PAGE} must quote examples/hack/{name} exactly in a fenced block"
        );
    }
    for (language, block) in &blocks {
        if block.starts_with("#!") {
            assert_eq!(language, "bash");
            assert!(
                scripts.iter().any(|(_, text)| text == block),
                "{SCRIPTS_PAGE}: a script block is not in examples/hack/:\n{block}"
            );
        }
    }
}

/// A scratch repository laid out as the scripts expect: go.mod at the root, the API types
/// under `apis_dir` (`pkg/apis` as Kubernetes repositories, `api` as kubebuilder projects),
/// the scripts under hack/.
fn scratch_repository(apis_dir: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::copy(testdata_example().join("go.mod"), root.join("go.mod")).unwrap();
    copy_dir(&testdata_example().join("apis"), &root.join(apis_dir));
    fs::create_dir(root.join("hack")).unwrap();
    for (name, text) in example_scripts() {
        fs::write(root.join("hack").join(name), text).unwrap();
    }
    dir
}

/// `bash hack/<script> args...`, started from `cwd` under the root (the scripts find the
/// root), with `env` set.
fn run_script_with(
    root: &Path,
    cwd: &str,
    env: &[(&str, &str)],
    script: &str,
    args: &[&str],
) -> Outcome {
    let mut argv = vec![root.join("hack").join(script).into_os_string()];
    argv.extend(args.iter().map(Into::into));
    let mut process = Process::program("bash", argv)
        .cwd(&root.join(cwd))
        .env("UNION_GEN", BIN)
        .env_remove("NO_COLOR")
        .env_remove("API_PACKAGES")
        .env_remove("OPENAPI_DIR");
    for (name, value) in env {
        process = process.env(name, value);
    }
    process.run()
}

/// The update, verify, edit, verify, update, verify cycle of the manual's scripts page, in a repository
/// whose API types are under `apis_dir`.
fn scripts_run_as_written(apis_dir: &str) {
    let dir = scratch_repository(apis_dir);
    let root = dir.path();
    let run_script =
        |script: &str, args: &[&str]| run_script_with(root, apis_dir, &[], script, args);

    let update = run_script("update-openapi.sh", &[]);
    assert_eq!(update.code, 0, "{}{}", update.stdout, update.stderr);
    for file in ["api/openapi/swagger.json", "api/openapi/v3.json"] {
        let text = fs::read_to_string(root.join(file)).unwrap();
        assert!(text.contains("Name of the widget."), "{file} written");
    }

    let before = tree(root);
    let verify = run_script("verify-openapi.sh", &[]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
    assert_eq!(
        verify.stdout,
        "union-gen: api/openapi/swagger.json, api/openapi/v3.json up to date\n"
    );

    let types_go = format!("{apis_dir}/v1/types.go");
    edit_comment(&root.join(&types_go));
    let verify = run_script("verify-openapi.sh", &["--message-format", "github"]);
    assert_eq!(verify.code, 1, "{}{}", verify.stdout, verify.stderr);
    assert!(verify
        .stdout
        .contains("+          \"description\": \"Name of the widget, unique in its namespace.\","));
    assert_eq!(
        verify.stdout.matches("::error file=api/openapi/").count(),
        2
    );
    assert!(
        verify.stdout.ends_with(&format!(
            "to update, run: union-gen generate --v2 api/openapi/swagger.json --v3 \
             api/openapi/v3.json --message-format github ./{apis_dir}/...\n\
             verify-openapi.sh: or run: hack/update-openapi.sh --message-format github\n"
        )),
        "{}",
        verify.stdout
    );
    // Nothing but the edited Go file changed.
    let after = tree(root);
    for (path, state) in &before {
        if path != Path::new(&types_go) && path != Path::new(&format!("{apis_dir}/v1")) {
            assert!(after[path] == *state, "verify changed {}", path.display());
        }
    }

    let update = run_script("update-openapi.sh", &[]);
    assert_eq!(update.code, 0, "{}", update.stderr);
    assert_eq!(run_script("verify-openapi.sh", &[]).code, 0);
}

#[test]
fn readme_scripts_run_as_written_on_the_kubernetes_layout() {
    scripts_run_as_written("pkg/apis");
}

/// kubebuilder's layout (`api/v1alpha1/*_types.go`): the scripts assumed `pkg/apis` and
/// failed with exit 2 (issue 25).
#[test]
fn readme_scripts_run_as_written_on_the_kubebuilder_layout() {
    scripts_run_as_written("api");
}

/// `API_PACKAGES` and `OPENAPI_DIR` override the layout; neither layout nor the variable:
/// exit 2 naming the variable, nothing written.
#[test]
fn readme_scripts_take_packages_and_directory_from_the_environment() {
    let dir = scratch_repository("apis");
    let root = dir.path();
    let update = run_script_with(root, ".", &[], "update-openapi.sh", &[]);
    assert_eq!(update.code, 2, "{}", update.stderr);
    assert!(
        update
            .stderr
            .contains("update-openapi.sh: no Go files under api/ or pkg/apis/: set API_PACKAGES"),
        "{}",
        update.stderr
    );
    assert!(!root.join("api").exists(), "nothing written");
    let env = [("API_PACKAGES", "./apis/..."), ("OPENAPI_DIR", "openapi")];
    let update = run_script_with(root, "apis", &env, "update-openapi.sh", &[]);
    assert_eq!(update.code, 0, "{}", update.stderr);
    assert!(root.join("openapi/v3.json").is_file());
    let verify = run_script_with(root, ".", &env, "verify-openapi.sh", &[]);
    assert_eq!(verify.code, 0, "{}", verify.stdout);
    assert_eq!(
        verify.stdout,
        "union-gen: openapi/swagger.json, openapi/v3.json up to date\n"
    );
}

/// The manual's pre-commit hook runs on every commit: a `files:` pattern skipped
/// kubebuilder's `api/` silently, so stale documents were committed (issue 25).
#[test]
fn readme_pre_commit_hook_never_skips() {
    let blocks = readme_fenced_blocks();
    let hook = blocks
        .iter()
        .find(|(language, text)| language == "yaml" && text.contains("id: update-openapi"))
        .map(|(_, text)| text)
        .expect("the pre-commit block");
    let config: serde_json::Value = yaml_serde::from_str(hook).expect("YAML");
    let entry = &config["repos"][0]["hooks"][0];
    assert_eq!(entry["entry"], "hack/update-openapi.sh");
    assert_eq!(entry["always_run"], true);
    assert_eq!(entry["pass_filenames"], false);
    assert!(entry.get("files").is_none(), "{entry}");
}

// ---------------------------------------------------------------------------------------
// Completions, --version, --help.

#[test]
fn completions_for_every_shell() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bash = run_in(here, &["completions", "bash"]);
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    assert!(bash.stdout.contains("generate"));
    assert!(bash.stdout.contains("--verify"));
    for shell in ["zsh", "fish", "powershell"] {
        let outcome = run_in(here, &["completions", shell]);
        assert_eq!(outcome.code, 0, "{shell}: {}", outcome.stderr);
        assert!(outcome.stdout.contains("generate"), "{shell}");
    }
    assert_eq!(run_in(here, &["completions", "tcsh"]).code, 2);
}

#[test]
fn version_names_version_and_commit() {
    let outcome = run_in(Path::new(env!("CARGO_MANIFEST_DIR")), &["--version"]);
    assert_eq!(outcome.code, 0);
    let line = outcome.stdout.trim_end();
    let expected_start = format!("union-gen {} (", env!("CARGO_PKG_VERSION"));
    assert!(line.starts_with(&expected_start), "{line}");
    assert!(line.ends_with(')'), "{line}");
    assert_eq!(outcome.stdout.lines().count(), 1);
}

#[test]
fn every_subcommand_help_shows_an_example() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for command in ["generate", "check", "explain", "completions", "dump-syntax"] {
        let outcome = run_in(here, &[command, "--help"]);
        assert_eq!(outcome.code, 0, "{command}");
        assert!(
            outcome.stdout.contains("Example") && outcome.stdout.contains("  union-gen "),
            "{command} --help has no example:\n{}",
            outcome.stdout
        );
    }
}
