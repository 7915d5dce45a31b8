//! Hostile inputs against the real binary (SPEC §8 "Robust"): whatever the input, the tool
//! exits 0, 1 or 2 (never a panic's 101 or a signal) within a time bound, reports the
//! expected diagnostic code, and leaves an existing output file untouched when it fails.
//!
//! Inputs are generated at test time in temporary directories; nothing big is committed.

use std::fs;
use std::path::{Path, PathBuf};

use crate::harness::process::{Outcome, Process};
use crate::harness::{definitions, module, write_file};

/// The contents of the pre-existing output file that failures must leave alone: an earlier
/// document (union-gen refuses to replace a file that is not one).
const SENTINEL: &str = "{\"swagger\": \"pre-existing\"}\n";

/// Runs the binary in `dir`, killing it after the hang guard (a hang fails the test); the
/// exit code must be 0, 1 or 2 (a panic's 101 or a signal fails it too).
fn run(dir: &Path, args: &[&str]) -> Outcome {
    let outcome = Process::union_gen(args).cwd(dir).run();
    assert!(
        matches!(outcome.code, 0..=2),
        "union-gen {args:?} exited with {} (a panic?):\n{}",
        outcome.code,
        outcome.stderr
    );
    outcome
}

/// One Go file `p/types.go` in a fresh module.
fn one_file(text: &str) -> tempfile::TempDir {
    module(&[("p/types.go", text.as_bytes())])
}

/// `generate --v2 out.json` over a pre-existing `out.json`: the outcome, and whether the
/// file was left as it was.
fn generate_over_existing(dir: &Path, extra: &[&str]) -> (Outcome, bool) {
    let out = dir.join("out.json");
    fs::write(&out, SENTINEL).expect("write sentinel");
    let mut args = vec!["generate", "--message-format", "json", "--v2", "out.json"];
    args.extend_from_slice(extra);
    args.push("./...");
    let outcome = run(dir, &args);
    let untouched = fs::read_to_string(&out).expect("out.json still exists") == SENTINEL;
    (outcome, untouched)
}

/// The run fails with exit 1, reports `code`, and leaves the output alone.
fn assert_fails_with(text: &str, code: &str) -> Outcome {
    let dir = one_file(text);
    let (outcome, untouched) = generate_over_existing(dir.path(), &[]);
    assert_eq!(outcome.code, 1, "expected exit 1:\n{}", outcome.stderr);
    assert!(outcome.has(code), "expected {code}:\n{}", outcome.stderr);
    assert!(untouched, "out.json was changed by a failing run");
    outcome
}

/// The run succeeds without error diagnostics; returns the v3 document on stdout.
fn generate_ok(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec!["generate", "--message-format", "json"];
    args.extend_from_slice(extra);
    args.push("./...");
    let outcome = run(dir, &args);
    assert_eq!(outcome.code, 0, "expected success:\n{}", outcome.stderr);
    outcome.stdout
}

/// A small deterministic generator (Knuth's MMIX LCG), so failures reproduce by seed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }
}

// --- random and truncated files ---------------------------------------------------------

#[test]
fn random_bytes_named_go() {
    for seed in 1..=8u64 {
        let mut lcg = Lcg(seed);
        let len = 1 + (lcg.next() as usize % 8192);
        let bytes = lcg.bytes(len);
        let dir = module(&[("p/random.go", &bytes)]);
        let (outcome, untouched) = generate_over_existing(dir.path(), &[]);
        assert_eq!(outcome.code, 1, "seed {seed}:\n{}", outcome.stderr);
        assert!(
            outcome.has("io/not-utf8"),
            "seed {seed}:\n{}",
            outcome.stderr
        );
        assert!(untouched, "seed {seed}: out.json changed");
    }
}

#[test]
fn random_printable_text_named_go() {
    let alphabet = b"abcdefghijklmnopqrstuvwxyz{}()[]*+-=;,.:`\"'/\\ \t\n\r0123456789";
    for seed in 1..=8u64 {
        let mut lcg = Lcg(seed);
        let len = 1 + (lcg.next() as usize % 8192);
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[lcg.next() as usize % alphabet.len()])
            .collect();
        let dir = module(&[("p/random.go", &bytes)]);
        let (outcome, untouched) = generate_over_existing(dir.path(), &[]);
        assert_eq!(outcome.code, 1, "seed {seed}:\n{}", outcome.stderr);
        assert!(
            outcome.has("syntax/parse-error"),
            "seed {seed}:\n{}",
            outcome.stderr
        );
        assert!(untouched, "seed {seed}: out.json changed");
    }
}

fn go_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("read testdata")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            go_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "go") {
            out.push(path);
        }
    }
}

/// Every `testdata/**/*.go` file cut at 20 points, each cut file its own package of one
/// module, checked in batches: exits 0 or 1 in bounded time, and every diagnostic names a
/// file, line and column.
#[test]
fn every_testdata_file_truncated_at_twenty_points() {
    const CUTS: usize = 20;
    const BATCH: usize = 600;
    let mut files = Vec::new();
    go_files(Path::new("testdata"), &mut files);
    assert!(files.len() > 50, "testdata has Go files");
    let mut cut_files = Vec::new();
    for file in &files {
        // Bytes, cut anywhere: a cut inside a UTF-8 sequence is a not-UTF-8 file.
        let bytes = fs::read(file).expect("read testdata");
        for cut in 1..=CUTS {
            cut_files.push(bytes[..bytes.len() * cut / (CUTS + 1)].to_vec());
        }
    }
    let mut total = 0;
    for (batch_index, batch) in cut_files.chunks(BATCH).enumerate() {
        let dir = module(&[]);
        for (index, text) in batch.iter().enumerate() {
            write_file(dir.path(), &format!("p{index}/cut.go"), text);
        }
        let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
        assert!(
            outcome.code <= 1,
            "batch {batch_index}: exit {}:\n{}",
            outcome.code,
            outcome.stderr
        );
        for diagnostic in outcome.diagnostics() {
            let located = diagnostic["file"].is_string()
                && diagnostic["line"].as_u64().is_some_and(|l| l >= 1)
                && diagnostic["column"].as_u64().is_some_and(|c| c >= 1);
            let global = matches!(
                diagnostic["code"].as_str(),
                Some("resolve/package-not-found" | "resolve/no-go-mod")
            );
            assert!(
                located || global,
                "batch {batch_index}: unlocated {diagnostic}"
            );
        }
        total += batch.len();
    }
    assert_eq!(total, files.len() * CUTS);
}

// --- encodings and line endings ---------------------------------------------------------

const SAMPLE: &str = "// Package p is a sample.
package p

// Mode is a mode.
// +enum
type Mode string

const (
\t// ModeA is A.
\tModeA Mode = \"A\"
\t// ModeB is B.
\tModeB Mode = \"B\" + \"b\"
)

// Spec is a spec.
// +union
type Spec struct {
\t// Kind says which.
\t// +unionDiscriminator
\tKind Mode `json:\"kind\"`
\t// A is A.
\t// +optional
\tA *string `json:\"a,omitempty\"`
\t// B is
\t// two lines.
\t// +optional
\tB *string `json:\"b,omitempty\"`
}

// Plain has odd comments.
type Plain struct {
\tRaw string `json:\"raw\"` /* trailing */
\t/* Block
\t   comment. */
\tBlock int `json:\"block\"`
}
";

#[test]
fn non_utf8_file_is_reported_at_the_first_bad_byte() {
    let mut bytes = b"package p\n\n// caf".to_vec();
    bytes.extend_from_slice(&[0xe9, b'\n']);
    bytes.extend_from_slice(b"type T struct{}\n");
    let dir = module(&[("p/latin1.go", &bytes)]);
    let (outcome, untouched) = generate_over_existing(dir.path(), &[]);
    assert_eq!(outcome.code, 1);
    let diagnostic = &outcome.diagnostics()[0];
    assert_eq!(diagnostic["code"], "io/not-utf8");
    assert_eq!(diagnostic["line"], 3);
    assert_eq!(diagnostic["column"], 7);
    assert!(untouched);
}

#[test]
fn byte_order_mark_changes_nothing() {
    let plain = one_file(SAMPLE);
    let mut with_bom = "\u{feff}".to_string();
    with_bom.push_str(SAMPLE);
    let bom = one_file(&with_bom);
    assert_eq!(generate_ok(plain.path(), &[]), generate_ok(bom.path(), &[]));
}

#[test]
fn crlf_line_endings_give_the_same_output_as_lf() {
    let lf = one_file(SAMPLE);
    let crlf = one_file(&SAMPLE.replace('\n', "\r\n"));
    for format in [&["--v2", "-"][..], &["--v3", "-"][..]] {
        let expected = generate_ok(lf.path(), format);
        assert!(expected.contains("two lines"));
        assert_eq!(expected, generate_ok(crlf.path(), format), "{format:?}");
    }
    // The example module, converted file by file.
    let example = module(&[]);
    let mut files = Vec::new();
    go_files(Path::new("testdata/example"), &mut files);
    for file in &files {
        let relative = file.strip_prefix("testdata/example").expect("inside");
        let text = fs::read_to_string(file).expect("read");
        write_file(
            example.path(),
            &relative.to_string_lossy(),
            text.replace('\n', "\r\n").as_bytes(),
        );
    }
    let converted = generate_ok(example.path(), &[]);
    let original = run(
        Path::new("testdata/example"),
        &["generate", "--message-format", "json", "./..."],
    );
    assert_eq!(original.code, 0, "{}", original.stderr);
    assert_eq!(
        converted.replace("com.example.m", "X"),
        original
            .stdout
            .replace(&module_name_of(Path::new("testdata/example/go.mod")), "X")
    );
}

/// The module path of a go.mod, as it appears in `rest` definition names.
fn module_name_of(go_mod: &Path) -> String {
    let text = fs::read_to_string(go_mod).expect("go.mod");
    let module = union_gen::modules::module_directive(&text).expect("module line");
    let mut parts = module.split('/');
    let mut name: Vec<String> = parts
        .next()
        .expect("domain")
        .split('.')
        .rev()
        .map(str::to_string)
        .collect();
    name.extend(parts.map(str::to_string));
    name.join(".")
}

// --- size ------------------------------------------------------------------------------

#[test]
fn ten_megabyte_file() {
    let mut text = String::from("package p\n\n");
    let comment = format!("// {}\n", "lorem ipsum dolor sit amet ".repeat(37));
    let mut index = 0;
    while text.len() < 10 << 20 {
        text.push_str(&comment.repeat(8));
        text.push_str(&format!(
            "type T{index} struct {{\n\t// +optional\n\tA *string `json:\"a,omitempty\"`\n\tB []int `json:\"b\"`\n}}\n\n"
        ));
        index += 1;
    }
    let dir = one_file(&text);
    let outcome = run(
        dir.path(),
        &["generate", "--message-format", "json", "./..."],
    );
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert_eq!(definitions(&outcome.stdout).len(), index);
}

#[test]
fn struct_with_ten_thousand_fields() {
    let mut text = String::from("package p\n\ntype Big struct {\n");
    for i in 0..10_000 {
        text.push_str(&format!(
            "\t// F{i} is field {i}.\n\tF{i} string `json:\"f{i}\"`\n"
        ));
    }
    text.push_str("}\n");
    let dir = one_file(&text);
    let document = generate_ok(dir.path(), &[]);
    let big = &definitions(&document)["com.example.m.p.Big"];
    assert_eq!(
        big["properties"].as_object().expect("properties").len(),
        10_000
    );
}

#[test]
fn enum_with_ten_thousand_values() {
    let mut text = String::from("package p\n\n// +enum\ntype E string\n\nconst (\n");
    for i in 0..10_000 {
        text.push_str(&format!("\tV{i} E = \"v{i}\"\n"));
    }
    text.push_str(")\n\ntype T struct {\n\tE E `json:\"e\"`\n}\n");
    let dir = one_file(&text);
    let document = generate_ok(dir.path(), &[]);
    let values = &definitions(&document)["com.example.m.p.T"]["properties"]["e"]["enum"];
    assert_eq!(values.as_array().expect("enum list").len(), 10_000);
}

#[test]
fn thousand_deep_type_expressions_are_a_parse_error() {
    let field = |ty: String| format!("package p\n\ntype T struct {{\n\tA {ty} `json:\"a\"`\n}}\n");
    for (what, text) in [
        ("slices", field(format!("{}string", "[]".repeat(1000)))),
        (
            "maps",
            field(format!("{}string", "map[string]".repeat(1000))),
        ),
        ("pointers", field(format!("{}string", "*".repeat(1000)))),
        (
            "pointers 100k",
            field(format!("{}string", "*".repeat(100_000))),
        ),
        (
            "parentheses",
            field(format!("{}string{}", "(".repeat(1000), ")".repeat(1000))),
        ),
        (
            "structs",
            field(format!(
                "{}string{}",
                "struct{ A ".repeat(1000),
                "}".repeat(1000)
            )),
        ),
    ] {
        let outcome = assert_fails_with(&text, "syntax/too-deep");
        assert!(outcome.stderr.contains("nesting deeper than"), "{what}");
    }
}

/// A flat chain of any length is one level (protoc-gen-go writes descriptors as
/// `"" + "…" + …` with thousands of terms): valid Go never fails to parse; the value is the
/// concatenation. Nested parentheses are real nesting, bounded by the limit.
#[test]
fn long_constant_chains_parse_and_evaluate() {
    let terms = vec!["\"a\""; 5000].join(" + ");
    let text = format!(
        "package p\n\n// +enum\ntype E string\n\nconst A E = {terms}\n\ntype S struct {{\n\tE E `json:\"e\"`\n}}\n"
    );
    let dir = one_file(&text);
    let pattern = format!("{}/...", dir.path().display());
    let document = crate::harness::generate(&["--v3", "-", &pattern]);
    assert!(
        document.contains(&"a".repeat(5000)),
        "the 5000-term value is the enum value"
    );
    let nested = format!(
        "package p\n\nconst A = {}\"a\"{}\n\ntype S struct{{}}\n",
        "(\"a\" + ".repeat(200),
        ")".repeat(200)
    );
    assert_fails_with(&nested, "syntax/too-deep");
}

// --- recursion ---------------------------------------------------------------------------

#[test]
fn self_referential_and_mutually_recursive_structs_are_refs() {
    let dir = one_file(
        "package p

type Node struct {
\tNext *Node `json:\"next\"`
\tChildren []Node `json:\"children\"`
\tByName map[string]Node `json:\"byName\"`
\tOther *Other `json:\"other\"`
}

type Other struct {
\tBack *Node `json:\"back\"`
\tList OtherList `json:\"list\"`
}

type OtherList []Other
",
    );
    let document = generate_ok(dir.path(), &[]);
    let schemas = definitions(&document);
    assert_eq!(schemas.len(), 2);
    let next = &schemas["com.example.m.p.Node"]["properties"]["next"];
    assert!(next
        .to_string()
        .contains("#/components/schemas/com.example.m.p.Node"));
}

#[test]
fn recursive_non_struct_types_and_alias_cycles_are_reported() {
    for (decls, code) in [
        ("type L []L", "resolve/recursive-type"),
        ("type L map[string]L", "resolve/recursive-type"),
        ("type L *L", "resolve/recursive-type"),
        ("type L []M\ntype M map[string]L", "resolve/recursive-type"),
        ("type L = M\ntype M = L", "resolve/alias-cycle"),
    ] {
        let text = format!("package p\n\n{decls}\n\ntype T struct {{\n\tL L `json:\"l\"`\n}}\n");
        assert_fails_with(&text, code);
    }
}

#[test]
fn embedding_cycles_and_diamonds_finish() {
    let mut text = String::from(
        "package p\n\ntype E struct {\n\tE `json:\",inline\"`\n\tF\n}\n\ntype F struct {\n\tE\n}\n",
    );
    for i in 0..40 {
        text.push_str(&format!(
            "type B{i} struct {{\n\tB{n}\n\tC{n}\n}}\ntype C{i} struct {{\n\tB{n}\n\tC{n}\n}}\n",
            n = i + 1
        ));
    }
    text.push_str("type B40 struct {\n\tX string `json:\"x\"`\n}\n");
    text.push_str("type C40 struct {\n\tY string `json:\"y\"`\n}\n");
    let dir = one_file(&text);
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert!(outcome.code <= 1, "{}", outcome.stderr);
}

#[test]
fn long_chains_of_named_types_are_reported_or_resolved() {
    // 10,000 structs each embedding the next: inlining stops with a diagnostic.
    let mut text = String::from("package p\n\n");
    for i in 0..10_000 {
        text.push_str(&format!("type T{i} struct {{\n\tT{}\n}}\n", i + 1));
    }
    text.push_str("type T10000 struct {\n\tA string `json:\"a\"`\n}\n");
    assert_fails_with(&text, "resolve/too-deep");
    // 10,000 aliases, each one level deeper.
    let mut text = String::from("package p\n\ntype S struct {\n\tA A0 `json:\"a\"`\n}\n");
    for i in 0..10_000 {
        text.push_str(&format!("type A{i} = []A{}\n", i + 1));
    }
    text.push_str("type A10000 string\n");
    assert_fails_with(&text, "resolve/too-deep");
    // 10,000 structs each pointing at the next: 10,001 definitions.
    let mut text = String::from("package p\n\n");
    for i in 0..10_000 {
        text.push_str(&format!(
            "type T{i} struct {{\n\tN *T{} `json:\"n\"`\n}}\n",
            i + 1
        ));
    }
    text.push_str("type T10000 struct{}\n");
    let dir = one_file(&text);
    assert_eq!(definitions(&generate_ok(dir.path(), &[])).len(), 10_001);
}

#[test]
fn constant_reference_cycles_are_diagnostics() {
    let outcome = assert_fails_with(
        "package p\n\n// +enum\ntype E string\n\nconst A E = B\nconst B E = A\nconst C E = C + \"x\"\n\ntype T struct {\n\tE E `json:\"e\"`\n}\n\ntype U struct {\n\tBroken int `json:\"broken\"\n}\n",
        "syntax/parse-error",
    );
    assert_eq!(
        outcome
            .codes()
            .iter()
            .filter(|c| *c == "enum/unevaluable-constant")
            .count(),
        3,
        "{}",
        outcome.stderr
    );
}

#[test]
fn exponentially_growing_constants_are_bounded() {
    let mut text = String::from("package p\n\n// +enum\ntype E string\n\nconst X0 E = \"ab\"\n");
    for i in 1..40 {
        let p = format!("X{}", i - 1);
        text.push_str(&format!("const X{i} E = (({p} + {p}) + ({p} + {p}))\n"));
    }
    text.push_str("\ntype T struct {\n\tE E `json:\"e\"`\n}\n");
    let dir = one_file(&text);
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert!(
        outcome.has("enum/unevaluable-constant"),
        "{}",
        outcome.stderr
    );
}

// --- the file system ------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn symlink_loop_under_dot_dot_dot() {
    let dir = one_file(SAMPLE);
    std::os::unix::fs::symlink("..", dir.path().join("p/loop")).expect("symlink");
    std::os::unix::fs::symlink("self", dir.path().join("p/self")).expect("symlink");
    let document = generate_ok(dir.path(), &[]);
    assert!(definitions(&document).contains_key("com.example.m.p.Spec"));
}

#[test]
fn directory_named_like_a_go_file() {
    let dir = one_file(SAMPLE);
    fs::create_dir_all(dir.path().join("p/x.go")).expect("directory");
    let document = generate_ok(dir.path(), &[]);
    assert!(definitions(&document).contains_key("com.example.m.p.Spec"));
}

#[cfg(unix)]
#[test]
fn dangling_symlink_is_unreadable() {
    let dir = one_file(SAMPLE);
    std::os::unix::fs::symlink("missing.go", dir.path().join("p/y.go")).expect("symlink");
    let (outcome, untouched) = generate_over_existing(dir.path(), &[]);
    // An I/O error: exit 2, as docs/src/usage.md's exit codes say (issue 25: it was 1).
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(outcome.has("io/unreadable"), "{}", outcome.stderr);
    assert!(untouched);
}

/// Makes a named pipe at `path`.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let outcome = Process::program("mkfifo", [path]).run();
    assert_eq!(outcome.code, 0, "mkfifo: {}", outcome.stderr);
}

/// A FIFO named `y.go` must not be opened (reading it would block forever): discovery
/// keeps regular files only.
#[cfg(unix)]
#[test]
fn fifo_named_go_does_not_hang() {
    let dir = one_file(SAMPLE);
    let fifo = dir.path().join("p/y.go");
    mkfifo(&fifo);
    std::os::unix::fs::symlink("y.go", dir.path().join("p/z.go")).expect("symlink");
    let document = generate_ok(dir.path(), &[]);
    assert!(definitions(&document).contains_key("com.example.m.p.Spec"));
}

/// FIFOs named go.mod / go.work blocked discovery and the module look-up forever.
#[cfg(unix)]
#[test]
fn fifo_named_go_mod_or_go_work_does_not_hang() {
    let dir = one_file(SAMPLE);
    mkfifo(&dir.path().join("go.work"));
    mkfifo(&dir.path().join("p/go.mod"));
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
}

#[test]
fn output_in_a_missing_directory_is_an_io_error() {
    let dir = one_file(SAMPLE);
    let outcome = run(
        dir.path(),
        &["generate", "--v2", "missing/dir/out.json", "./..."],
    );
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("cannot write missing/dir/out.json"));
    assert!(!dir.path().join("missing").exists());
}

/// As root, a read-only directory is writable: a path under a regular file cannot be.
/// With two outputs, the writable one must not change either (all or nothing).
#[test]
fn output_under_a_regular_file_changes_nothing() {
    let dir = one_file(SAMPLE);
    fs::write(dir.path().join("somefile"), "").expect("write");
    fs::write(dir.path().join("v3.json"), SENTINEL).expect("write");
    let outcome = run(
        dir.path(),
        &[
            "generate",
            "--v3",
            "v3.json",
            "--v2",
            "somefile/out.json",
            "./...",
        ],
    );
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("cannot write somefile/out.json"));
    assert_eq!(
        fs::read_to_string(dir.path().join("v3.json")).expect("read"),
        SENTINEL
    );
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .expect("list")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

// --- markers and literals ------------------------------------------------------------------

#[test]
fn hundred_kilobyte_marker_lines() {
    let long = "x".repeat(100_000);
    let field = |marker: String| {
        format!("package p\n\ntype T struct {{\n\t// {marker}\n\t// +optional\n\tA *string `json:\"a,omitempty\"`\n}}\n")
    };
    // Well-formed: accepted.
    for marker in [
        format!("+kubebuilder:validation:Enum={}", "A;".repeat(50_000)),
        format!("+k8s:alpha(since: \"{long}\")=+optional"),
        format!("+listType={long}"),
        format!("+{long}"),
    ] {
        let dir = one_file(&field(marker));
        let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
        assert!(outcome.code <= 1, "{}", outcome.stderr);
    }
    // Malformed markers of known names: `marker/malformed`, nothing written.
    for marker in [
        format!("+k8s:unionMember(union: \"{long}"),
        format!("+k8s:unionMember({})", "(".repeat(100_000)),
        format!("+default={}", "[".repeat(50_000)),
    ] {
        assert_fails_with(&field(marker), "marker/malformed");
    }
}

#[test]
fn deeply_nested_default_json_is_malformed_not_a_crash() {
    let field = |value: String| {
        format!("package p\n\ntype T struct {{\n\t// +default={value}\n\t// +optional\n\tA []string `json:\"a\"`\n}}\n")
    };
    assert_fails_with(
        &field(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))),
        "marker/malformed",
    );
    assert_fails_with(
        &field(format!(
            "{}1{}",
            "{\"a\":".repeat(10_000),
            "}".repeat(10_000)
        )),
        "marker/malformed",
    );
    // Past the 64-level limit for defaults (the YAML output re-reads the document).
    assert_fails_with(
        &field(format!("{}{}", "[".repeat(100), "]".repeat(100))),
        "marker/malformed",
    );
    // Within it: accepted and written back out, as JSON and as (non-empty) YAML.
    let dir = one_file(&field(format!("{}{}", "[".repeat(60), "]".repeat(60))));
    generate_ok(dir.path(), &[]);
    let yaml = generate_ok(dir.path(), &["--v3", "-", "--format", "yaml"]);
    assert!(yaml.contains("default:"), "{yaml}");
}

#[test]
fn string_constant_with_every_go_escape() {
    let text = r#"package p

// +enum
type E string

const (
	Simple   E = "\a\b\f\n\r\t\v\\\"'"
	Numeric  E = "\x41\101\u00e9\U0001F600\xff"
	Raw      E = `raw \n "quoted" ` + "`"
	Unicode  E = "日本\u65e5"
)

type T struct {
	E E `json:"e"`
}
"#;
    let dir = one_file(text);
    let document = generate_ok(dir.path(), &["--v2", "-"]);
    let value: serde_json::Value = serde_json::from_str(&document).expect("JSON");
    let values: Vec<&str> = value["definitions"]["com.example.m.p.T"]["properties"]["e"]["enum"]
        .as_array()
        .expect("enum")
        .iter()
        .map(|v| v.as_str().expect("string"))
        .collect();
    let mut expected = vec![
        "\u{7}\u{8}\u{c}\n\r\t\u{b}\\\"'",
        // `\xff` is not UTF-8: Go's JSON encoder writes U+FFFD.
        "AAé😀\u{fffd}",
        "raw \\n \"quoted\" `",
        "日本日",
    ];
    expected.sort_by_key(|v| union_gen::golit::go_quote(v));
    assert_eq!(values, expected);
    // An unknown escape makes the constant unevaluable (a warning naming it).
    let dir = one_file(&text.replace("\\a\\b", "\\q"));
    let outcome = run(dir.path(), &["check", "--message-format", "json", "./..."]);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(
        outcome.has("enum/unevaluable-constant"),
        "{}",
        outcome.stderr
    );
}

// --- naming ----------------------------------------------------------------------------------

#[test]
fn short_names_colliding_across_packages_fail_without_writing() {
    let types = b"package v1\n\ntype Foo struct {\n\tA string `json:\"a\"`\n}\n";
    let other = b"package v1\n\ntype Foo struct {\n\tB int `json:\"b\"`\n}\n";
    let dir = module(&[("a/v1/types.go", types), ("b/v1/types.go", other)]);
    let (outcome, untouched) = generate_over_existing(dir.path(), &["--naming", "short"]);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    assert!(outcome.has("resolve/name-collision"), "{}", outcome.stderr);
    assert!(untouched);
    // The default naming keeps both.
    let document = generate_ok(dir.path(), &[]);
    assert_eq!(definitions(&document).len(), 2);
}
