//! The `union-gen` binary: a thin wrapper around [`union_gen::run`].

fn main() -> std::process::ExitCode {
    union_gen::run(std::env::args_os())
}
