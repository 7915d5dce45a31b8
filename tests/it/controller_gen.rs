//! `union-gen controller-gen`: the CRDs of `testdata/controller-gen/zoo/` (a kubebuilder-style
//! project with two API versions, vendored stand-ins of apimachinery, a Makefile pinning
//! controller-gen v0.17.2), written as controller-gen writes them. The snapshot's bytes are
//! what the real controller-gen v0.21.0 (and v0.17.1, v0.17.2, v0.18.0, v0.20.1, each with its
//! own version annotation) writes for this tree: checked side by side when it was recorded.
//!
//! Also asserted: the pinned version is read from the Makefile above the working directory;
//! output directories are created and every file is written at once; `--verify` compares;
//! an error writes nothing; generators union-gen does not write are refused by name; an older
//! release's descriptions and presence rules. The opt-ins: without them the bytes stay
//! controller-gen's; `--with-crd-patch` writes exactly what `union-gen crd` makes of the
//! manifest; `--cel-cost` and `--deny-unknown-markers` only report (their cases are under
//! `testdata/diagnostics/controller-gen-*`).

use std::fs;
use std::path::Path;

use crate::harness::process::Process;
use crate::harness::{codes, json_diagnostics, run, snapshot};

const ZOO: &str = "testdata/controller-gen/zoo";

/// `controller-gen` in-process with JSON diagnostics: (exit, stdout, diagnostic codes).
fn controller_gen(args: &[&str]) -> (u8, String, Vec<String>) {
    let mut full = vec!["controller-gen", "--message-format", "json"];
    full.extend_from_slice(args);
    let (code, out, err) = run(&full);
    (code, out, codes(&json_diagnostics(&err)))
}

#[test]
fn zoo_crd_as_controller_gen_writes_it() {
    let paths = format!("paths=./{ZOO}/api/...");
    let (code, out, codes) = controller_gen(&[
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        &paths,
        "output:stdout",
    ]);
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    snapshot("controller_gen__zoo_v0_21_0", &out);
}

/// controller-gen v0.15 kept a blank doc line as two empty lines, wrote `TODO` lines and what
/// follows `---`, and let `+kubebuilder:validation:Optional` count only in a package that is
/// required by default (the field `nickname`, without `omitempty`, stays optional there).
#[test]
fn an_older_release_writes_what_it_wrote() {
    let paths = format!("paths=./{ZOO}/api/v1");
    let (code, out, codes) = controller_gen(&[
        "--controller-gen-version",
        "v0.15.0",
        "crd",
        &paths,
        "output:stdout",
    ]);
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    assert!(out.contains("controller-gen.kubebuilder.io/version: v0.15.0"));
    assert!(out.contains("TODO: Latin names."));
    let (_, newest, _) = controller_gen(&[
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        &paths,
        "output:stdout",
    ]);
    assert!(!newest.contains("TODO"));
    // One-of markers arrived in v0.19: none in v0.15's output.
    assert!(!out.contains("at most one of the fields"));
    assert!(newest.contains("at most one of the fields"));
    snapshot("controller_gen__zoo_v1_v0_15_0", &out);
}

/// The version comes from the Makefile of the project the command runs in.
#[test]
fn the_pinned_version_is_read_from_the_makefile() {
    let out = Process::union_gen(["controller-gen", "crd", "paths=./api/v2", "output:stdout"])
        .cwd(Path::new(env!("CARGO_MANIFEST_DIR")).join(ZOO).as_path())
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out
        .stdout
        .contains("controller-gen.kubebuilder.io/version: v0.17.2"));
    assert!(out.stderr.is_empty(), "{}", out.stderr);
}

/// Scripts that pin other releases than the Makefile's (scheduler-plugins' verify script):
/// the Makefile's release is written, and the others are said.
#[test]
fn scripts_pinning_other_releases_are_said() {
    let dir = tempfile::tempdir().unwrap();
    crate::harness::copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join(ZOO), dir.path());
    fs::create_dir_all(dir.path().join("hack")).unwrap();
    fs::write(
        dir.path().join("hack/verify-crdgen.sh"),
        "go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.16.5 crd paths=./api/...\n",
    )
    .unwrap();
    let out = Process::union_gen(["controller-gen", "crd", "paths=./api/v2", "output:stdout"])
        .cwd(dir.path())
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out
        .stdout
        .contains("controller-gen.kubebuilder.io/version: v0.17.2"));
    assert!(
        out.stderr.contains("controller-gen/version-unknown"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("v0.17.2 (Makefile) and also v0.16.5 (hack/verify-crdgen.sh)"),
        "{}",
        out.stderr
    );
}

#[test]
fn writes_every_file_creating_directories_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("config/crd/bases");
    let rule = format!("output:crd:artifacts:config={}", target.display());
    let paths = format!("paths=./{ZOO}/api/...");
    let args = ["--controller-gen-version", "v0.21.0", "crd", &paths, &rule];
    let mut verify = vec!["--verify"];
    verify.extend_from_slice(&args);
    let (code, _, _) = controller_gen(&verify);
    assert_eq!(code, 1, "a missing file is stale");
    assert!(!target.exists(), "--verify writes nothing");
    let (code, out, codes) = controller_gen(&args);
    assert_eq!((code, codes, out.as_str()), (0, vec![], ""));
    let written = fs::read_to_string(target.join("zoo.example.com_animals.yaml")).unwrap();
    let (_, stdout, _) = controller_gen(&[
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        &paths,
        "output:stdout",
    ]);
    assert_eq!(written, stdout);
    let (code, out, _) = controller_gen(&verify);
    assert_eq!(code, 0, "{out}");
    // A header file's ` YEAR` takes `year=`.
    let header = dir.path().join("boilerplate.yaml.txt");
    fs::write(&header, "# Copyright YEAR The Zoo Authors.\n").unwrap();
    let option = format!("crd:headerFile={},year=2031", header.display());
    let (code, out, _) = controller_gen(&[
        "--controller-gen-version",
        "v0.21.0",
        &option,
        &paths,
        "output:stdout",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("# Copyright 2031 The Zoo Authors.\n---\napiVersion:"),
        "{out}"
    );
}

#[test]
fn an_error_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let rule = format!("output:dir={}", dir.path().display());
    let (code, _, codes) = controller_gen(&[
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        "paths=./testdata/diagnostics/controller-gen-invalid/...",
        &rule,
    ]);
    assert_eq!(
        (code, codes),
        (1, vec!["controller-gen/invalid".to_string()])
    );
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn generators_union_gen_does_not_write_are_refused() {
    let (code, out, codes) = controller_gen(&[
        "object:headerFile=hack/boilerplate.go.txt",
        "crd",
        "paths=./...",
    ]);
    assert_eq!(
        (code, out.as_str(), codes),
        (
            2,
            "",
            vec!["controller-gen/unsupported-generator".to_string()]
        )
    );
}

/// `args` with `flags` in front.
fn with(flags: &[&str], args: &[&str]) -> Vec<String> {
    flags.iter().chain(args).map(|s| s.to_string()).collect()
}

fn controller_gen_owned(args: &[String]) -> (u8, String, Vec<String>) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    controller_gen(&args)
}

/// Whether every line of `plain` is in `patched`, in order (the patch only adds lines).
fn only_adds_lines(plain: &str, patched: &str) -> bool {
    let mut added = patched.lines();
    plain
        .lines()
        .all(|line| added.any(|candidate| candidate == line))
}

/// `--with-crd-patch` on `testdata/crd/shop/` (enum types without `Enum` markers, a
/// `+k8s:unionMember` union, a 2019 `+union`): the manifest gains the enum lists and union
/// rules, nothing else, and the bytes are those `union-gen crd` writes into the plain
/// manifest. The checks alone, with nothing to report, change no byte.
#[test]
fn with_crd_patch_is_what_crd_adds() {
    let base = [
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        "paths=./testdata/crd/shop/...",
        "output:stdout",
    ];
    let (code, plain, codes) = controller_gen(&base);
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    let checked = with(&["--cel-cost", "--deny-unknown-markers"], &base);
    assert_eq!(controller_gen_owned(&checked), (0, plain.clone(), vec![]));
    let (code, patched, codes) = controller_gen_owned(&with(&["--with-crd-patch"], &base));
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    assert!(only_adds_lines(&plain, &patched));
    assert!(patched.contains("x-kubernetes-validations:") && patched.contains("- Express"));
    assert!(!plain.contains("- Express"), "shop has no Enum marker");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shop.example.com_orders.yaml");
    fs::write(&file, &plain).unwrap();
    let (code, _, err) = run(&[
        "crd",
        file.to_str().unwrap(),
        "--packages",
        "./testdata/crd/shop/...",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read_to_string(&file).unwrap(), patched);
    snapshot("controller_gen__shop_with_crd_patch", &patched);
}

/// The checks are opt-in: without them controller-gen's behaviour holds (the misspelt
/// markers are ignored, the expensive rule is written) and the files are written; with
/// them nothing is.
#[test]
fn the_checks_report_only_when_asked() {
    for (case, flag, code) in [
        (
            "controller-gen-unknown-marker",
            "--deny-unknown-markers",
            "controller-gen/unknown-marker",
        ),
        (
            "controller-gen-cel-over-budget",
            "--cel-cost",
            "cel/over-budget",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let rule = format!("output:dir={}", dir.path().display());
        let paths = format!("paths=./testdata/diagnostics/{case}/...");
        let base = ["--controller-gen-version", "v0.19.0", "crd", &paths, &rule];
        let (exit, _, codes) = controller_gen_owned(&with(&[flag], &base));
        assert_eq!(exit, 1, "{case}");
        assert!(codes.iter().all(|c| c == code), "{case}: {codes:?}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "{case}");
        let (exit, _, codes) = controller_gen(&base);
        assert_eq!((exit, codes), (0, vec![]), "{case}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "{case}");
    }
}

/// The `crd` generator loads only what its kinds reach (`testdata/deps/reach/`: a type no kind
/// reaches names other vendored packages): the CRD is the one written when every package the
/// declarations name is loaded (`--with-crd-patch` loads them all, and adds nothing here), the
/// types reached through two packages included; the `rbac` generator, which reads the markers
/// of `paths=` alone, writes the same role with and without `crd` in the line. The real
/// controller-gen v0.21.0 writes these bytes for this tree (checked side by side when the case
/// was written).
#[test]
fn the_crd_generator_reads_what_its_kinds_reach() {
    let base = [
        "--controller-gen-version",
        "v0.21.0",
        "crd",
        "rbac:roleName=manager-role",
        "paths=./testdata/deps/reach/...",
        "output:stdout",
    ];
    let (code, reached, codes) = controller_gen(&base);
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    assert!(
        reached.contains("kind: CustomResourceDefinition"),
        "{reached}"
    );
    assert!(reached.contains("shape:\n"), "{reached}");
    assert!(reached.contains("- widgets"), "{reached}");
    let (code, declared, codes) = controller_gen_owned(&with(&["--with-crd-patch"], &base));
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    assert_eq!(reached, declared);
    let rbac_only: Vec<&str> = base.iter().copied().filter(|a| *a != "crd").collect();
    let (code, role, codes) = controller_gen(&rbac_only);
    assert_eq!((code, codes), (0, Vec::<String>::new()));
    assert!(role.contains("kind: ClusterRole") && reached.ends_with(role.as_str()));
}
