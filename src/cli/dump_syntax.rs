//! `union-gen dump-syntax FILE` (hidden): what the front end extracts from one Go file.

use std::io::Write;
use std::path::Path;

use crate::{diag, exit, source, syntax};

pub(super) fn command(path: &Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            let _ = writeln!(err, "error: cannot read {}: {error}", path.display());
            return exit::USAGE_OR_IO;
        }
    };
    let mut sources = source::SourceMap::default();
    let id = sources.add(source::SourceFile::new(path.to_path_buf(), text));
    let Ok((decls, diagnostics)) = syntax::parse_within_bounds(id, &sources.get(id).text) else {
        let _ = writeln!(err, "error: {} is too large to parse", path.display());
        return exit::USAGE_OR_IO;
    };
    let _ = write!(out, "{}", syntax::dump::dump(&decls, &sources.get(id).text));
    let _ = diag::render(
        &diagnostics,
        &sources,
        diag::MessageFormat::Human { color: false },
        err,
    );
    exit::SUCCESS
}
