//! Hostile input to `validate` (issue 35), each family generated here: every case ends with
//! exit 0, 1 or 2 and the API server's verdict or error text — never a crash, a stack
//! overflow or a hang (the harness's hang guard). `scripts/hostile-validate.py` runs the same
//! families at full size under a memory limit and times them.

use std::fs;
use std::path::Path;

use crate::harness::process::{Outcome, Process};

const CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
            properties:
              i: {type: integer}
              l:
                type: array
                items: {type: integer}
                x-kubernetes-validations:
                - rule: RULE
                  messageExpression: \"'\\\\u001b[31mred ' + string(size(self))\"
";

fn widget(spec: &str) -> String {
    format!("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n{spec}")
}

/// Validates `objects` (written to o.yaml) against the CRD with `rule` on `spec.l`.
fn run(rule: &str, objects: &str, human: bool) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let crd = CRD.replace("RULE", &serde_json::to_string(rule).unwrap());
    fs::write(dir.path().join("crd.yaml"), crd).unwrap();
    fs::write(dir.path().join("o.yaml"), objects).unwrap();
    validate_in(dir.path(), &["--crd", "crd.yaml", "o.yaml"], human)
}

fn validate_in(dir: &Path, args: &[&str], human: bool) -> Outcome {
    let mut full = vec!["validate"];
    if !human {
        full.extend(["--message-format", "json"]);
    }
    full.extend_from_slice(args);
    Process::union_gen(full).cwd(dir).env("NO_COLOR", "1").run()
}

fn assert_says(outcome: &Outcome, code: i32, text: &str) {
    assert_eq!(outcome.code, code, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains(text),
        "expected {text:?} in {}",
        outcome.stderr
    );
}

#[test]
fn an_alias_bomb_is_excessive_aliasing() {
    let n = 5000;
    let bomb = format!(
        "  a: &a [{}]\n  b: [{}]\n",
        vec!["1"; n].join(","),
        vec!["*a"; n].join(",")
    );
    assert_says(
        &run("true", &widget(&bomb), false),
        1,
        "document contains excessive aliasing",
    );
}

#[test]
fn nesting_past_ten_thousand_is_refused_and_below_it_validated() {
    let dash = widget(&format!("  x:\n    {}1\n", "- ".repeat(10_001)));
    assert_says(&run("true", &dash, false), 1, "exceeded max depth of 10000");
    let json = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("crd.yaml"), CRD.replace("RULE", "true")).unwrap();
    fs::write(dir.path().join("o.json"), json).unwrap();
    let outcome = validate_in(dir.path(), &["--crd", "crd.yaml", "o.json"], false);
    assert_says(&outcome, 1, "exceeded max depth");
    // 5,000 levels of maps under a preserved field: read and walked (deep-stack thread).
    let deep = format!("  x: {}1{}\n", "{a: ".repeat(5000), "}".repeat(5000));
    let outcome = run("true", &widget(&deep), false);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
}

#[test]
fn rules_cel_go_refuses_are_its_compile_errors() {
    for rule in [
        format!("{} > 0", vec!["1"; 6000].join("+")),
        format!("self{} == 1", ".a".repeat(20_000)),
        format!("self{} == 1", "[0]".repeat(10_000)),
    ] {
        let outcome = run(&rule, &widget("  l: [1]\n"), false);
        assert_says(
            &outcome,
            1,
            "rule compile error: compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded",
        );
    }
}

#[test]
fn a_runaway_rule_is_stopped_at_the_per_call_limit() {
    let items = vec!["1"; 1000].join(",");
    let outcome = run(
        "self.all(x, self.all(y, self.all(z, x + y + z > 0)))",
        &widget(&format!("  l: [{items}]\n")),
        false,
    );
    assert_says(
        &outcome,
        1,
        "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule",
    );
}

#[test]
fn runtime_errors_are_the_api_servers() {
    // Texts as apiextensions-apiserver v0.36.3 gives them (scripts/apiserver-validate).
    for (rule, text) in [
        (
            "self[5] == 1",
            "index out of bounds: 5 evaluating rule: self[5] == 1",
        ),
        ("self[0] / 0 == 1", "division by zero evaluating rule"),
        ("self[0] % 0 == 1", "modulus by zero evaluating rule"),
        (
            "self[0] + 9223372036854775807 > 0",
            "integer overflow evaluating rule",
        ),
        ("self.sum() > 0", "integer overflow evaluating rule"),
        (
            "int('abc') == 1",
            "type conversion error from 'string' to 'int' evaluating rule",
        ),
        (
            "quantity('10E').asInteger() > 0",
            "cannot convert value to integer evaluating rule",
        ),
    ] {
        let outcome = run(rule, &widget("  l: [9223372036854775807, 1]\n"), false);
        assert_says(&outcome, 1, text);
    }
    // Go's ASCII classes: `٣` is no `\d`.
    let outcome = run("'٣'.matches('^\\\\d+$')", &widget("  l: [1]\n"), false);
    assert_says(&outcome, 1, "\\u001b[31mred 1");
}

#[test]
fn verdicts_at_the_edges_are_the_api_servers() {
    let cases = [
        (
            "metadata: null\n",
            "metadata.name: Required value: name or generateName is required",
        ),
        ("  i: .nan\n", "json: unsupported value: NaN"),
        ("  i: 1e20\n", "must be of type integer"),
        ("  i: 18446744073709551615\n", "must be of type integer"),
        ("  i: yes\n", "must be of type integer: \\\"boolean\\\""),
        (
            "  i: 1\nkind: Gadget\n",
            "key \\\"kind\\\" already set in map",
        ),
    ];
    for (spec, text) in cases {
        let object = if spec.starts_with("metadata") {
            format!("apiVersion: example.com/v1\nkind: Widget\n{spec}spec: {{}}\n")
        } else {
            widget(spec)
        };
        assert_says(&run("true", &object, false), 1, text);
    }
    // YAML 1.1 numbers and a byte-order mark, as kubectl reads them.
    let outcome = run("true", &format!("\u{feff}{}", widget("  i: 0x1F\n")), false);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
}

#[test]
fn a_crd_manifest_that_cannot_be_read_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("crd.yaml"), "a: [\n").unwrap();
    fs::write(dir.path().join("o.yaml"), widget("  i: 1\n")).unwrap();
    let outcome = validate_in(dir.path(), &["--crd", "crd.yaml", "o.yaml"], false);
    assert_says(&outcome, 2, "this --crd manifest cannot be read");
}

#[test]
fn walks_never_follow_links_nor_open_fifos() {
    let dir = tempfile::tempdir().unwrap();
    let objects = dir.path().join("objects");
    fs::create_dir(&objects).unwrap();
    fs::write(dir.path().join("crd.yaml"), CRD.replace("RULE", "true")).unwrap();
    fs::write(objects.join("o.yaml"), widget("  i: 1\n")).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(".", objects.join("self")).unwrap();
        std::os::unix::fs::symlink("loop2", objects.join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", objects.join("loop2")).unwrap();
        let fifo = std::ffi::CString::new(objects.join("fifo.yaml").to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc_mkfifo(fifo.as_ptr(), 0o644) }, 0);
    }
    let dir_path = dir.path();
    let outcome = Process::union_gen([
        "validate", "--crd", "crd.yaml", "objects", "--output", "json",
    ])
    .cwd(dir_path)
    .run();
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    // One object, once.
    assert_eq!(outcome.stdout.lines().count(), 1, "{}", outcome.stdout);
}

#[cfg(unix)]
extern "C" {
    #[link_name = "mkfifo"]
    fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
}

#[test]
fn object_text_never_reaches_the_terminal_raw() {
    let outcome = run("false", &widget("  l: [1]\n"), true);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert!(!outcome.stderr.contains('\u{1b}'), "{:?}", outcome.stderr);
    assert!(
        outcome.stderr.contains("\\x1b[31mred 1"),
        "{}",
        outcome.stderr
    );
}
