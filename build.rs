//! Records the git commit for `union-gen --version`: `UNION_GEN_GIT_COMMIT` when the build
//! sets it (container images and wheels are built without `.git`), else `git rev-parse` when
//! the crate's directory is the top of a git checkout, else `unknown commit`.
fn main() {
    println!("cargo:rerun-if-env-changed=UNION_GEN_GIT_COMMIT");
    if let Some(commit) = std::env::var("UNION_GEN_GIT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
    {
        println!("cargo:rustc-env=UNION_GEN_GIT_COMMIT={}", commit.trim());
        return;
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|c| !c.is_empty())
    };
    // Only union-gen's own checkout: a source tree unpacked inside another git repository
    // (a vendored copy, a crate from crates.io under a project) must not report that
    // repository's commit.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .and_then(|dir| std::fs::canonicalize(dir).ok());
    let own_checkout = git(&["rev-parse", "--show-toplevel"])
        .and_then(|top| std::fs::canonicalize(top).ok())
        .is_some_and(|top| Some(top) == manifest_dir);
    let commit = own_checkout
        .then(|| git(&["rev-parse", "--short=12", "HEAD"]))
        .flatten()
        .unwrap_or_else(|| "unknown commit".into());
    println!("cargo:rustc-env=UNION_GEN_GIT_COMMIT={commit}");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs");
}
