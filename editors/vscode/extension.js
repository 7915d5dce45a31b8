// union-gen's language server for VS Code: starts `union-gen lsp` for Go files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const config = vscode.workspace.getConfiguration("union-gen");
  const command = config.get("path") || "union-gen";
  client = new LanguageClient(
    "union-gen",
    "union-gen",
    { command, args: ["lsp"] },
    {
      documentSelector: [{ scheme: "file", language: "go" }],
      initializationOptions: config.get("initializationOptions") || {},
    }
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
