//! The subprocess runner, for the tests that need a real process: a time limit (a hang must
//! fail the test, not block it), exit codes that a panic (101) or a signal would give, a
//! working directory or environment of its own (`GOMODCACHE`, `GOPATH`), and scripts that call
//! the binary. Everything else runs in-process ([`super::run`]).

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long a run may take before it counts as hung and is killed. A hang guard, not a speed
/// check: far above 10x the slowest run on a quiet machine (≈10 s, a debug binary on the
/// robustness inputs), so that a loaded 2-core CI machine never fails on time. Speed is
/// measured in bench/.
pub const HANG_GUARD: Duration = Duration::from_secs(600);

use serde_json::Value;

/// The `union-gen` binary cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_union-gen");

/// A command to run: the binary or another program (`bash`), with standard input closed.
pub struct Process {
    command: Command,
}

/// What one run did.
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Process {
    /// `union-gen args...`, in the crate root unless [`Process::cwd`] says otherwise.
    pub fn union_gen<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Process {
        Process::program(BIN, args)
    }

    /// `program args...`.
    pub fn program<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: impl IntoIterator<Item = S>,
    ) -> Process {
        let mut command = Command::new(program);
        command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        Process { command }
    }

    pub fn cwd(mut self, dir: &Path) -> Process {
        self.command.current_dir(dir);
        self
    }

    pub fn env(mut self, name: &str, value: impl AsRef<OsStr>) -> Process {
        self.command.env(name, value);
        self
    }

    pub fn env_remove(mut self, name: &str) -> Process {
        self.command.env_remove(name);
        self
    }

    /// Runs to the end; fails the test on a hang, a signal, or output that is not UTF-8.
    pub fn run(mut self) -> Outcome {
        let description = format!("{:?}", self.command);
        let started = Instant::now();
        let mut child = self
            .command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{description} does not start: {e}"));
        // Drain both pipes on threads so that a large output cannot block the child.
        let drain = |mut pipe: Box<dyn Read + Send>| {
            thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            })
        };
        let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
        let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for the child") {
                break status;
            }
            if started.elapsed() > HANG_GUARD {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{description} did not finish within {:?}", HANG_GUARD);
            }
            thread::sleep(Duration::from_millis(10));
        };
        let stdout = String::from_utf8(stdout.join().expect("stdout reader"))
            .unwrap_or_else(|e| panic!("{description}: stdout is not UTF-8: {e}"));
        let stderr = String::from_utf8(stderr.join().expect("stderr reader"))
            .unwrap_or_else(|e| panic!("{description}: stderr is not UTF-8: {e}"));
        let code = status.code().unwrap_or_else(|| {
            panic!("{description} was killed by a signal ({status:?}):\n{stderr}")
        });
        Outcome {
            code,
            stdout,
            stderr,
        }
    }
}

impl Outcome {
    /// The `--message-format json` diagnostics on stderr.
    pub fn diagnostics(&self) -> Vec<Value> {
        super::json_diagnostics(&self.stderr)
    }

    /// Diagnostic codes, in order.
    pub fn codes(&self) -> Vec<String> {
        super::codes(&self.diagnostics())
    }

    pub fn has(&self, code: &str) -> bool {
        self.codes().iter().any(|c| c == code)
    }
}
