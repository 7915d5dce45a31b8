//! Writes that lose nothing (issue 35): `crd` never overwrites an edit saved while it ran,
//! patches the target of a symbolic link (the link stays), refuses a read-only manifest
//! unless `--force` (which keeps it read-only), and keeps CR-only line endings.
//!
//! The edit "while it ran" is made deterministically: with `UNION_GEN_TEST_PAUSE_BEFORE_RENAMES`
//! naming a FIFO, the binary blocks reading it after every temporary is written and before
//! its last check and the renames; the test opens the FIFO (so it knows the binary is
//! there), edits the manifest, and closes the FIFO to let the binary go on.

use std::fs;
use std::path::{Path, PathBuf};

use crate::harness::copy_dir;
use crate::harness::process::{Outcome, Process, HANG_GUARD};

const MANIFEST: &str = "config/crd/bases/shop.example.com_orders.yaml";

/// A copy of `testdata/crd/shop` and the path of its manifest.
fn shop() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("testdata/crd/shop"), dir.path());
    let manifest = dir.path().join(MANIFEST);
    (dir, manifest)
}

fn crd(dir: &Path, extra: &[&str], manifest: &str) -> Outcome {
    let mut args = vec!["crd", "--message-format", "json"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&[manifest, "--packages", "./..."]);
    Process::union_gen(args).cwd(dir).run()
}

/// The temporary files `write.rs` leaves while it runs (none may remain).
fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[cfg(unix)]
#[test]
fn an_edit_saved_while_crd_runs_is_kept() {
    use std::os::unix::fs::OpenOptionsExt;
    use std::time::Instant;
    let (dir, manifest) = shop();
    let fifo = dir.path().join("pause");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let root = dir.path().to_path_buf();
    let fifo_for_child = fifo.clone();
    let child = std::thread::spawn(move || {
        let args = [
            "crd",
            "--message-format",
            "json",
            MANIFEST,
            "--packages",
            "./...",
        ];
        Process::union_gen(args)
            .cwd(&root)
            .env("UNION_GEN_TEST_PAUSE_BEFORE_RENAMES", &fifo_for_child)
            .run()
    });
    // Opening a FIFO for writing without blocking fails until a reader has it open: then
    // the binary is paused before its renames.
    let started = Instant::now();
    let writer = loop {
        match fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
        {
            Ok(writer) => break writer,
            Err(_) if child.is_finished() => panic!("crd ended before its write phase"),
            Err(_) => {
                assert!(started.elapsed() < HANG_GUARD, "crd never paused");
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    };
    let edited = fs::read_to_string(&manifest).unwrap().replace(
        "description: \"Order is",
        "description: \"Order (edited while crd ran) is",
    );
    fs::write(&manifest, &edited).unwrap();
    drop(writer);
    let outcome = child.join().unwrap();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(outcome.has("io/unwritable"), "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("changed since union-gen read it"),
        "{}",
        outcome.stderr
    );
    assert_eq!(
        fs::read_to_string(&manifest).unwrap(),
        edited,
        "the edit is kept"
    );
    assert_eq!(
        temporaries(manifest.parent().unwrap()),
        Vec::<String>::new()
    );
    // Run again: the edit is patched.
    let outcome = crd(dir.path(), &[], MANIFEST);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let patched = fs::read_to_string(&manifest).unwrap();
    assert!(patched.contains("(edited while crd ran)") && patched.contains("enum:"));
}

/// A manifest named by a symbolic link: the target is patched, the link stays a link.
#[cfg(unix)]
#[test]
fn a_linked_manifest_is_patched_through_the_link() {
    let (dir, manifest) = shop();
    let link = dir.path().join("orders.yaml");
    std::os::unix::fs::symlink(&manifest, &link).unwrap();
    let chain = dir.path().join("chain.yaml");
    std::os::unix::fs::symlink("orders.yaml", &chain).unwrap();
    let outcome = crd(dir.path(), &[], "chain.yaml");
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    for name in [&link, &chain] {
        let meta = fs::symlink_metadata(name).unwrap();
        assert!(
            meta.file_type().is_symlink(),
            "{} is still a link",
            name.display()
        );
    }
    let patched = fs::read_to_string(&manifest).unwrap();
    assert!(patched.contains("enum:"), "the target is patched");
    let outcome = crd(dir.path(), &["--verify"], "orders.yaml");
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert_eq!(temporaries(dir.path()), Vec::<String>::new());
}

/// A read-only manifest is refused (exit 2, unchanged); `--force` patches it and it stays
/// read-only.
#[cfg(unix)]
#[test]
fn a_read_only_manifest_is_refused_unless_forced() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, manifest) = shop();
    let original = fs::read(&manifest).unwrap();
    fs::set_permissions(&manifest, fs::Permissions::from_mode(0o444)).unwrap();
    let outcome = crd(dir.path(), &[], MANIFEST);
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("is read-only"),
        "{}",
        outcome.stderr
    );
    assert!(outcome.has("io/unwritable"), "{}", outcome.stderr);
    assert_eq!(fs::read(&manifest).unwrap(), original);
    // `--verify` writes nothing, so it reports as usual.
    let outcome = crd(dir.path(), &["--verify"], MANIFEST);
    assert_eq!(outcome.code, 1, "{}", outcome.stderr);
    let outcome = crd(dir.path(), &["--force"], MANIFEST);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    assert!(fs::read_to_string(&manifest).unwrap().contains("enum:"));
    let mode = fs::metadata(&manifest).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "still read-only");
}

/// A manifest whose lines end in CR alone got nothing added and `--verify` called it up to
/// date. It is patched as the LF file is, with CR endings on every line, new ones included.
#[test]
fn cr_only_line_endings_are_kept() {
    let (dir, manifest) = shop();
    let lf = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, lf.replace('\n', "\r")).unwrap();
    let outcome = crd(dir.path(), &["--verify"], MANIFEST);
    assert_eq!(outcome.code, 1, "out of date: {}", outcome.stdout);
    let outcome = crd(dir.path(), &[], MANIFEST);
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let cr = fs::read_to_string(&manifest).unwrap();
    assert!(!cr.contains('\n'), "only CR endings");
    // The same bytes as patching the LF file, line endings aside.
    let lf_copy = dir.path().join("lf.yaml");
    fs::write(&lf_copy, &lf).unwrap();
    let outcome = crd(dir.path(), &[], "lf.yaml");
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let patched_lf = fs::read_to_string(&lf_copy).unwrap();
    assert!(patched_lf.contains("enum:"));
    assert_eq!(cr.replace('\r', "\n"), patched_lf);
    let outcome = crd(dir.path(), &["--verify"], MANIFEST);
    assert_eq!(outcome.code, 0, "{}", outcome.stdout);
}

/// A lone CR inside a file with LF endings is a line break to YAML and not to the line
/// locator: refused (`crd/not-patchable`, exit 2), never silently left unpatched.
#[test]
fn a_lone_carriage_return_among_lf_lines_is_refused() {
    let (dir, manifest) = shop();
    let lf = fs::read_to_string(&manifest).unwrap();
    let mixed = lf.replacen('\n', "\r", 3);
    fs::write(&manifest, &mixed).unwrap();
    for extra in [&[][..], &["--verify"]] {
        let outcome = crd(dir.path(), extra, MANIFEST);
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        assert!(outcome.has("crd/not-patchable"), "{}", outcome.stderr);
    }
    assert_eq!(fs::read_to_string(&manifest).unwrap(), mixed);
}
