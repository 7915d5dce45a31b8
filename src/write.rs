//! Output files: every document, manifest or report union-gen writes goes through here.
//!
//! Input: target paths and their bytes. Output: the files replaced, all of them or none.
//! Must not know: what the bytes are.
//!
//! Safe in directories others can write to (a shared CI workspace, `/tmp`): a temporary file
//! is created exclusively (`O_EXCL`, which never follows a symbolic link) under an
//! unpredictable name next to its target, so a link planted at any name cannot redirect the
//! write. A replaced file keeps its permission bits; a new one gets the mode `File::create`
//! would give it (0666 less the umask). After the renames the directories are synced, so a
//! crash right after a run cannot lose the new names on file systems that need that.
//!
//! A target that is a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe)
//! is written in place, never replaced: renaming a file over `/dev/null` would turn the
//! system's null device into a regular file (it happened here: every later `> /dev/null`
//! appended to it, and rustc's `-` probe read the garbage back). Those are written after
//! every temporary is complete and before the renames, as is the command's stdout
//! ([`all_or_nothing_then`]): a full device or a closed pipe leaves every file as it was.
//!
//! An edit of a file the user may be editing too ([`edit_all_or_nothing`], `crd`'s manifests)
//! is checked right before the renames: a file that no longer holds what was read from it is
//! not replaced, and nothing else is either. A linked file is edited in its target when the
//! caller names the target ([`link_target`]); a read-only one is the caller's to refuse
//! ([`is_read_only`]).
//!
//! Interrupted (SIGINT, SIGTERM, SIGHUP, once the binary called
//! [`remove_temporaries_on_signals`]), the process removes every temporary it registered and
//! exits 128 + the signal; a signal that arrives during the renames waits for them, so the
//! outputs are all old or all new.

// The one module that writes files (clippy.toml's `disallowed-methods` refuses them elsewhere).
#![allow(clippy::disallowed_methods)]

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use tempfile::{Builder, NamedTempFile};

use crate::limits;

/// Every temporary file this process has created and not yet renamed or removed. A
/// temporary is created and registered under the lock, and the renames of a run happen
/// under it too, so the signal handler ([`remove_temporaries_on_signals`]) sees either
/// every temporary of a run (and removes them: every output stays old) or none (every
/// output is new).
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while the lock was held leaves the list as valid as before.
    TEMPORARIES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn unregister(path: &Path) {
    temporaries().retain(|p| p != path);
}

/// For the binary: on SIGINT, SIGTERM or SIGHUP, remove every temporary file this process
/// created, then exit with 128 + the signal's number (130, 143, 129), as a shell reports a
/// process it ended. Before this is called (and in a library), signals keep their default
/// action. Idempotent; does nothing where signals do not exist.
pub fn remove_temporaries_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Held until exit: no temporary can be created or renamed after
                        // this point.
                        let registered = temporaries();
                        for path in registered.iter() {
                            let _ = fs::remove_file(path);
                        }
                        std::process::exit(128 + signal);
                    }
                });
        });
    }
}

/// A run's outputs, written to temporaries next to their targets and not yet renamed.
struct Staged<'a> {
    temporaries: Vec<(NamedTempFile, &'a Path)>,
    streams: Vec<(&'a Path, &'a [u8])>,
}

impl Drop for Staged<'_> {
    fn drop(&mut self) {
        // Each temporary is removed before it leaves the list, so a signal in between
        // cannot leave it behind.
        for (temporary, _) in self.temporaries.drain(..) {
            discard(temporary);
        }
    }
}

/// Removes a temporary and forgets it.
fn discard(temporary: NamedTempFile) {
    let name = temporary.path().to_path_buf();
    let _ = temporary.close();
    unregister(&name);
}

/// Writes several files so that either all of them change or none does (as far as the file
/// system allows): every temporary file is written and synced first, and only then are they
/// renamed over their targets. On failure, returns the path that failed; the temporary
/// files are removed and no target has changed.
pub fn all_or_nothing(files: &[(&Path, &[u8])]) -> Result<(), (PathBuf, io::Error)> {
    all_or_nothing_then(files, || Ok::<(), std::convert::Infallible>(())).map_err(|failure| {
        match failure {
            Failure::File(path, error) => (path, error),
            Failure::Last(never) => match never {},
        }
    })
}

/// What stopped [`all_or_nothing_then`]: writing a file (its path), or `last`.
#[derive(Debug)]
pub enum Failure<E> {
    File(PathBuf, io::Error),
    Last(E),
}

/// [`all_or_nothing`], with `last` run after every temporary and every stream (device,
/// FIFO) is written and before the first rename: a failure of a stream or of `last` (the
/// command's stdout) leaves every file as it was.
pub fn all_or_nothing_then<E>(
    files: &[(&Path, &[u8])],
    last: impl FnOnce() -> Result<(), E>,
) -> Result<(), Failure<E>> {
    let planned: Vec<Planned> = files
        .iter()
        .map(|&(path, bytes)| Planned {
            path,
            bytes,
            read: None,
        })
        .collect();
    write_planned(&planned, last)
}

/// A file to be replaced only if it still holds what was read from it: an edit of a file
/// the user may be editing too (`crd` patching a manifest).
pub struct Edit<'a> {
    /// The file replaced: the caller resolves a symbolic link to its target
    /// ([`link_target`]) when the target is what it read.
    pub path: &'a Path,
    pub bytes: &'a [u8],
    /// What the file held when it was read.
    pub read: &'a [u8],
}

/// [`all_or_nothing`] for edits: right before the renames (every temporary written), each
/// file is read again and compared with what was read from it; if one changed meanwhile (an
/// edit saved while the command ran), nothing is replaced and its path is returned with an
/// error saying so. (A change in the instant between that check and the rename cannot be
/// seen: no portable file lock covers editors.)
pub fn edit_all_or_nothing(edits: &[Edit]) -> Result<(), (PathBuf, io::Error)> {
    let planned: Vec<Planned> = edits
        .iter()
        .map(|edit| Planned {
            path: edit.path,
            bytes: edit.bytes,
            read: Some(edit.read),
        })
        .collect();
    write_planned(&planned, || Ok::<(), std::convert::Infallible>(())).map_err(|failure| {
        match failure {
            Failure::File(path, error) => (path, error),
            Failure::Last(never) => match never {},
        }
    })
}

/// The file a path names: itself, or the target of the symbolic link(s) it is (resolved
/// to a canonical path). An edit of a linked manifest replaces the target, and the link
/// stays a link.
pub fn link_target(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Whether an existing file is read-only: no write permission bit, or not writable by this
/// process. `false` for a file that does not exist.
pub fn is_read_only(path: &Path) -> bool {
    let Ok(meta) = fs::metadata(path) else {
        return false;
    };
    // Opening for writing without truncating changes nothing; it fails where the process
    // may not write (a file of another user), which the mode alone does not tell.
    meta.is_file()
        && (meta.permissions().readonly() || fs::OpenOptions::new().write(true).open(path).is_err())
}

/// One output of a run: its target, its bytes, and for an edit what the target held when
/// read.
struct Planned<'a> {
    path: &'a Path,
    bytes: &'a [u8],
    read: Option<&'a [u8]>,
}

/// Stages every file, writes the streams, runs `last`, checks the edited files are
/// unchanged, then renames (see [`all_or_nothing_then`], [`edit_all_or_nothing`]).
fn write_planned<E>(
    files: &[Planned],
    last: impl FnOnce() -> Result<(), E>,
) -> Result<(), Failure<E>> {
    let mut staged = Staged {
        temporaries: Vec::with_capacity(files.len()),
        streams: Vec::new(),
    };
    let (streams, regular): (Vec<&Planned>, Vec<&Planned>) =
        files.iter().partition(|file| is_stream(file.path));
    staged.streams = streams.iter().map(|file| (file.path, file.bytes)).collect();
    let results = stage_all(&regular);
    // Every temporary written goes into `staged` (whose drop removes and unregisters it)
    // before the first failure, in file order, is returned.
    let mut failed = None;
    for (file, result) in regular.into_iter().zip(results) {
        match result {
            Ok(temporary) => staged.temporaries.push((temporary, file.path)),
            Err(error) => {
                failed.get_or_insert(Failure::File(file.path.to_path_buf(), error));
            }
        }
    }
    if let Some(failure) = failed {
        return Err(failure);
    }
    // A dropped temporary removes itself: on an early return, every one goes.
    for &(path, bytes) in &staged.streams {
        fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut stream| stream.write_all(bytes).and_then(|_| stream.flush()))
            .map_err(|error| Failure::File(path.to_path_buf(), error))?;
    }
    last().map_err(Failure::Last)?;
    before_renames();
    for file in files {
        if let Some(read) = file.read {
            unchanged_since_read(file.path, read)
                .map_err(|error| Failure::File(file.path.to_path_buf(), error))?;
        }
    }
    let mut directories: Vec<PathBuf> = Vec::new();
    {
        // Under the lock: a signal waits until every rename is done.
        let mut registered = temporaries();
        let mut pending = std::mem::take(&mut staged.temporaries).into_iter();
        while let Some((temporary, path)) = pending.next() {
            let name = temporary.path().to_path_buf();
            let renamed = temporary.persist(path);
            registered.retain(|p| *p != name);
            if let Err(error) = renamed {
                drop(error.file);
                for (rest, _) in pending {
                    let rest_name = rest.path().to_path_buf();
                    let _ = rest.close();
                    registered.retain(|p| *p != rest_name);
                }
                return Err(Failure::File(path.to_path_buf(), error.error));
            }
            let directory = directory_of(path);
            if !directories.contains(&directory) {
                directories.push(directory);
            }
        }
    }
    for directory in directories {
        sync_directory(&directory);
    }
    Ok(())
}

/// Each file's temporary, in order, staged by at most [`limits::STAGING_THREADS`] threads:
/// most of staging is waiting for fsync. A thread that cannot start leaves its files to
/// this one.
fn stage_all(files: &[&Planned]) -> Vec<io::Result<NamedTempFile>> {
    let per_thread = files.len().div_ceil(limits::STAGING_THREADS).max(1);
    let stage_chunk = |chunk: &[&Planned]| -> Vec<io::Result<NamedTempFile>> {
        chunk
            .iter()
            .map(|file| stage(file.path, file.bytes))
            .collect()
    };
    std::thread::scope(|scope| {
        let writers: Vec<_> = files
            .chunks(per_thread)
            .map(|chunk| {
                let writer =
                    std::thread::Builder::new().spawn_scoped(scope, move || stage_chunk(chunk));
                (chunk, writer)
            })
            .collect();
        writers
            .into_iter()
            .flat_map(|(chunk, writer)| match writer {
                Ok(writer) => writer
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => stage_chunk(chunk),
            })
            .collect()
    })
}

/// `Err` when the file no longer holds `read` (changed, removed, replaced).
fn unchanged_since_read(path: &Path, read: &[u8]) -> io::Result<()> {
    let changed = || {
        io::Error::other(
            "it changed since union-gen read it (an edit saved while the command ran?); \
             nothing was written, so that edit is kept: run the command again",
        )
    };
    let meta = fs::metadata(path).map_err(|_| changed())?;
    if meta.len() != read.len() as u64 {
        return Err(changed());
    }
    // Bounded by the length just seen: the file is read only as far as `read` goes.
    let mut now = Vec::with_capacity(read.len());
    let file = fs::File::open(path)?;
    io::Read::take(file, read.len() as u64 + 1).read_to_end(&mut now)?;
    if now != read {
        return Err(changed());
    }
    Ok(())
}

/// For the tests of the write phase: with `UNION_GEN_TEST_PAUSE_BEFORE_RENAMES=PATH` in the
/// environment, the process reads PATH to its end (a FIFO: until the test writes to it and
/// closes it) after every temporary is written and before the unchanged-since-read checks
/// and the renames, so a test can edit a file at exactly that moment. Unset (always, outside
/// tests), it does nothing.
fn before_renames() {
    if let Some(path) = std::env::var_os("UNION_GEN_TEST_PAUSE_BEFORE_RENAMES") {
        let _ = fs::read(path);
    }
}

/// A character device or FIFO, named directly or by a link under `/dev` (`/dev/stdout`):
/// written in place. A link elsewhere is not followed to one (a planted link to a device
/// is replaced like any other target).
fn is_stream(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let stream = |t: fs::FileType| t.is_char_device() || t.is_fifo();
        match fs::symlink_metadata(path) {
            Ok(meta) if stream(meta.file_type()) => true,
            Ok(meta) if meta.file_type().is_symlink() && path.starts_with("/dev") => {
                fs::metadata(path).is_ok_and(|m| stream(m.file_type()))
            }
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `bytes` to a new, exclusively created temporary file next to `path`, registered
/// for removal on a signal.
fn stage(path: &Path, bytes: &[u8]) -> io::Result<NamedTempFile> {
    if fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::other("it is a directory: name a file in it"));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    // The mode of the file being replaced (through a link to it, the linked file's).
    let kept = fs::metadata(path)
        .ok()
        .filter(fs::Metadata::is_file)
        .map(|m| m.permissions());
    let prefix = format!(".{name}.");
    let mut builder = Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Passed to open(2), so the umask applies, as it does for `File::create`.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let directory = directory_of(path);
    let mut file = {
        let mut registered = temporaries();
        let file = builder
            .tempfile_in(&directory)
            .map_err(|error| creation_error(&directory, error))?;
        registered.push(file.path().to_path_buf());
        file
    };
    let written = (|| {
        if let Some(permissions) = kept {
            file.as_file().set_permissions(permissions)?;
        }
        file.write_all(bytes)?;
        file.as_file().sync_all()
    })();
    match written {
        Ok(()) => Ok(file),
        Err(error) => {
            discard(file);
            Err(error)
        }
    }
}

/// Why no temporary could be created in `directory`, naming the directory rather than
/// the temporary's random name.
fn creation_error(directory: &Path, error: io::Error) -> io::Error {
    let message = match fs::metadata(directory) {
        Err(_) => format!(
            "directory {} does not exist (create it first)",
            directory.display()
        ),
        Ok(meta) if !meta.is_dir() => format!("{} is not a directory", directory.display()),
        Ok(_) => {
            // tempfile adds the temporary's path; keep the operating system's words.
            let cause = std::error::Error::source(&error)
                .or_else(|| error.get_ref().and_then(|e| e.source()))
                .map(ToString::to_string)
                .unwrap_or_else(|| io::Error::from(error.kind()).to_string());
            format!("cannot create a file in {}: {cause}", directory.display())
        }
    };
    io::Error::new(error.kind(), message)
}

/// Makes renames in `directory` durable where the platform offers it; best effort, since
/// the files themselves are already complete.
fn sync_directory(directory: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = fs::File::open(directory) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = directory;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One file, replaced atomically.
    fn atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
        all_or_nothing(&[(path, bytes)]).map_err(|(_, error)| error)
    }

    /// `--v2 /dev/null` discards the document; the device stays a device.
    #[cfg(unix)]
    #[test]
    fn devices_are_written_in_place_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        atomically(Path::new("/dev/null"), b"{}\n").unwrap();
        let meta = fs::symlink_metadata("/dev/null").unwrap();
        assert!(
            meta.file_type().is_char_device(),
            "/dev/null is still a device"
        );
        // A FIFO is written in place too (read on another thread).
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status();
        if status.is_ok_and(|s| s.success()) {
            let reader = {
                let fifo = fifo.clone();
                std::thread::spawn(move || fs::read(fifo).unwrap())
            };
            atomically(&fifo, b"through the pipe").unwrap();
            assert_eq!(reader.join().unwrap(), b"through the pipe");
            assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        }
    }

    #[test]
    fn leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        atomically(&path, b"{}\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"{}\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(atomically(&dir.path().join("missing/out.json"), b"x").is_err());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// More files than staging threads: each gets its bytes, and with one unwritable file
    /// among them (the first failure in file order is the one reported) none is written and
    /// no temporary is left.
    #[test]
    fn many_files_are_staged_in_order_all_or_nothing() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let count = 3 * limits::STAGING_THREADS + 1;
        let paths: Vec<PathBuf> = (0..count)
            .map(|i| dir.path().join(format!("{i}.yaml")))
            .collect();
        let bytes: Vec<Vec<u8>> = (0..count)
            .map(|i| format!("file {i}\n").into_bytes())
            .collect();
        let files: Vec<(&Path, &[u8])> = paths
            .iter()
            .zip(&bytes)
            .map(|(p, b)| (p.as_path(), b.as_slice()))
            .collect();
        all_or_nothing(&files).expect("written");
        for (path, bytes) in &files {
            assert_eq!(fs::read(path).expect("read"), *bytes);
        }
        let missing_early = dir.path().join("missing/a.yaml");
        let missing_late = dir.path().join("missing/b.yaml");
        let mut broken = files.clone();
        broken[3].0 = &missing_early;
        broken[count - 2].0 = &missing_late;
        let replaced: Vec<(&Path, &[u8])> = broken.iter().map(|(p, _)| (*p, &b"new"[..])).collect();
        let result = all_or_nothing(&replaced);
        assert_eq!(result.map_err(|(path, _)| path), Err(missing_early));
        assert_eq!(
            fs::read(&paths[0]).expect("read"),
            b"file 0\n",
            "nothing replaced"
        );
        assert_eq!(
            fs::read_dir(dir.path()).expect("list").count(),
            count,
            "no temporary left"
        );
    }

    /// With two outputs, an unwritable second one (a path under a regular file) left the
    /// first one changed.
    #[test]
    fn all_or_nothing_when_one_output_cannot_be_written() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let first = dir.path().join("v2.json");
        fs::write(&first, "old").expect("write");
        let before = fs::metadata(&first).expect("stat");
        fs::write(dir.path().join("file"), "").expect("write");
        let second = dir.path().join("file/v3.json");
        std::thread::sleep(std::time::Duration::from_millis(20));
        let result = all_or_nothing(&[(&first, b"new"), (&second, b"new")]);
        assert_eq!(result.map_err(|(path, _)| path), Err(second));
        assert_eq!(fs::read_to_string(&first).expect("read"), "old");
        let after = fs::metadata(&first).expect("stat");
        assert_eq!(after.modified().ok(), before.modified().ok(), "mtime kept");
        assert_eq!(after.permissions(), before.permissions(), "mode kept");
        let names: Vec<_> = fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(names.len(), 2, "no temporary file is left behind");
        all_or_nothing(&[(&first, b"new")]).expect("writable");
        assert_eq!(fs::read_to_string(&first).expect("read"), "new");
    }

    #[cfg(unix)]
    mod unix {
        use super::super::*;
        use super::atomically;
        use std::os::unix::fs::{symlink, PermissionsExt};

        fn mode(path: &Path) -> u32 {
            fs::metadata(path).expect("stat").permissions().mode() & 0o7777
        }

        /// The first version wrote through `File::create(dir/.NAME.PID.SERIAL.tmp)`: a link
        /// planted at such a name made it overwrite the link's target. Links at every name
        /// that scheme could use in this process, and at the output itself, stay unwritten.
        #[test]
        fn planted_links_are_never_followed() {
            let dir = tempfile::tempdir().expect("temporary directory");
            let victim_dir = tempfile::tempdir().expect("temporary directory");
            let victim = victim_dir.path().join("victim");
            fs::write(&victim, "precious").expect("write");
            let pid = std::process::id();
            for name in ["out.json", "out.yaml"] {
                for serial in 0..256 {
                    let planted = dir.path().join(format!(".{name}.{pid}.{serial}.tmp"));
                    symlink(&victim, planted).expect("symlink");
                }
            }
            // The output names are links too: replacing them must not write their target.
            let out = dir.path().join("out.json");
            symlink(&victim, &out).expect("symlink");
            let yaml = dir.path().join("out.yaml");
            all_or_nothing(&[(&out, b"{}\n"), (&yaml, b"a: 1\n")]).expect("written");
            for _ in 0..8 {
                atomically(&yaml, b"a: 2\n").expect("written");
            }
            assert_eq!(fs::read_to_string(&victim).expect("read"), "precious");
            assert_eq!(mode(&victim) & 0o200, 0o200, "victim untouched");
            assert_eq!(fs::read_to_string(&out).expect("read"), "{}\n");
            assert!(!fs::symlink_metadata(&out).expect("stat").is_symlink());
            assert_eq!(fs::read_to_string(&yaml).expect("read"), "a: 2\n");
            let planted_left = fs::read_dir(dir.path())
                .expect("list")
                .filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.file_type().is_ok_and(|t| t.is_symlink()))
                })
                .count();
            assert_eq!(
                planted_left, 512,
                "only the planted links besides the outputs"
            );
            assert_eq!(fs::read_dir(dir.path()).expect("list").count(), 514);
        }

        #[test]
        fn a_replaced_file_keeps_its_mode() {
            let dir = tempfile::tempdir().expect("temporary directory");
            let path = dir.path().join("spec.json");
            fs::write(&path, "old").expect("write");
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
            atomically(&path, b"new").expect("written");
            assert_eq!(fs::read_to_string(&path).expect("read"), "new");
            assert_eq!(mode(&path), 0o640);
            fs::set_permissions(&path, fs::Permissions::from_mode(0o604)).expect("chmod");
            atomically(&path, b"newer").expect("written");
            assert_eq!(mode(&path), 0o604);
        }

        /// A new file gets what `File::create` gives (0666 less the umask), not the 0600 of a
        /// temporary file.
        #[test]
        fn a_new_file_gets_the_mode_file_create_gives() {
            let dir = tempfile::tempdir().expect("temporary directory");
            let reference = dir.path().join("reference");
            fs::File::create(&reference).expect("create");
            let path = dir.path().join("new.json");
            atomically(&path, b"{}").expect("written");
            assert_eq!(mode(&path), mode(&reference));
        }
    }
}
