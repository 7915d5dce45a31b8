//! Zed's extension for union-gen's language server: runs `union-gen lsp` (found on the
//! worktree's PATH) for Go files, with the `lsp.union-gen.initialization_options` of Zed's
//! settings as its settings.

use zed_extension_api::{self as zed, settings::LspSettings};

struct UnionGen;

impl zed::Extension for UnionGen {
    fn new() -> Self {
        UnionGen
    }

    fn language_server_command(
        &mut self,
        _id: &zed::LanguageServerId,
        worktree: &zed::Worktree,
    ) -> zed::Result<zed::Command> {
        let command = worktree
            .which("union-gen")
            .ok_or("union-gen is not on PATH: `cargo install union-gen`")?;
        Ok(zed::Command {
            command,
            args: vec!["lsp".to_string()],
            env: worktree.shell_env(),
        })
    }

    fn language_server_initialization_options(
        &mut self,
        id: &zed::LanguageServerId,
        worktree: &zed::Worktree,
    ) -> zed::Result<Option<zed::serde_json::Value>> {
        Ok(LspSettings::for_worktree(id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.initialization_options))
    }
}

zed::register_extension!(UnionGen);
