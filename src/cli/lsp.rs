//! `union-gen lsp`: the Language Server on standard input and output (see [`crate::lsp`]).

use std::io::Write;

use crate::exit;

pub(super) fn command(err: &mut dyn Write) -> u8 {
    let (connection, threads) = lsp_server::Connection::stdio();
    let served = crate::lsp::serve(&connection, super::args::VERSION);
    // The writer thread ends once every sender is gone.
    drop(connection);
    let joined = threads.join();
    match served.and(joined.map_err(anyhow::Error::from)) {
        Ok(()) => exit::SUCCESS,
        Err(error) => {
            let _ = writeln!(err, "error: union-gen lsp: {error:#}");
            exit::USAGE_OR_IO
        }
    }
}
