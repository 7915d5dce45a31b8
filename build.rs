//! Records the git commit for `union-gen --version`: `UNION_GEN_GIT_COMMIT` when the build
//! sets it (container images and wheels are built without `.git`), else `git rev-parse`.
fn main() {
    println!("cargo:rerun-if-env-changed=UNION_GEN_GIT_COMMIT");
    if let Some(commit) = std::env::var("UNION_GEN_GIT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
    {
        println!("cargo:rustc-env=UNION_GEN_GIT_COMMIT={}", commit.trim());
        return;
    }
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "unknown commit".into());
    println!("cargo:rustc-env=UNION_GEN_GIT_COMMIT={commit}");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs");
}
