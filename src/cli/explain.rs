//! `union-gen explain CODE|all`.

use std::io::Write;

use crate::diag::{self, Code};
use crate::exit;

pub(super) fn command(name: &str, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if name == "all" {
        for code in diag::ALL_CODES {
            let _ = writeln!(
                out,
                "{:<40} {:<8} {}",
                code.as_str(),
                code.default_severity().as_str(),
                code.summary()
            );
        }
        return exit::SUCCESS;
    }
    match Code::from_name(name) {
        Some(code) => {
            let _ = writeln!(
                out,
                "{} ({})\n\n{}\n\n{}",
                code.as_str(),
                code.default_severity().as_str(),
                code.summary(),
                code.explanation()
            );
            exit::SUCCESS
        }
        None => {
            let hint = diag::nearest_code(name)
                .map(|code| format!(" (did you mean `{}`?)", code.as_str()))
                .unwrap_or_default();
            let _ = writeln!(
                err,
                "error: unknown diagnostic code `{name}`{hint}; `union-gen explain all` lists them"
            );
            exit::USAGE_OR_IO
        }
    }
}
