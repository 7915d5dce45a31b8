//! A Language Server client for the tests: the real `union-gen lsp` binary over its stdio,
//! the protocol's framing, and waits bounded by the one hang guard.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;

use serde_json::{json, Value};

use super::process::{BIN, HANG_GUARD};

pub struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Option<Value>>,
    next_id: u64,
    versions: std::collections::HashMap<String, i64>,
    /// Every notification received, in order (publishDiagnostics, showMessage, …).
    pub notifications: Vec<Value>,
}

/// The `file://` URI of a path (made absolute from the crate root).
pub fn uri(path: &Path) -> String {
    let absolute = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let mut uri = String::from("file://");
    for byte in absolute.to_str().expect("UTF-8 path").bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(byte as char)
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri
}

impl Server {
    /// Starts `union-gen lsp` in `cwd` and initializes it with `options`.
    pub fn start(cwd: &Path, options: Value) -> Server {
        let mut child = Command::new(BIN)
            .arg("lsp")
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("union-gen lsp starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, messages) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        let _ = sender.send(None);
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.strip_prefix("Content-Length:") {
                        length = value.trim().parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                reader.read_exact(&mut body).expect("a whole message");
                let message = serde_json::from_slice(&body).expect("a JSON message");
                if sender.send(Some(message)).is_err() {
                    return;
                }
            }
        });
        let mut server = Server {
            child,
            stdin,
            messages,
            next_id: 0,
            versions: Default::default(),
            notifications: Vec::new(),
        };
        let result = server.request(
            "initialize",
            json!({"processId": null, "capabilities": {}, "initializationOptions": options}),
        );
        assert_eq!(result["serverInfo"]["name"], "union-gen");
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|_| self.stdin.flush())
            .expect("the server reads its input");
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message the server sends; notifications are also kept in `notifications`.
    pub fn receive(&mut self) -> Value {
        let message = self
            .messages
            .recv_timeout(HANG_GUARD)
            .unwrap_or_else(|_| panic!("no message from the server within {HANG_GUARD:?}"))
            .expect("the server is running");
        if message.get("id").is_none() {
            self.notifications.push(message.clone());
        }
        message
    }

    /// Sends a request and returns its result (fails the test on an error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == id && message.get("method").is_none() {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
        }
    }

    /// Opens a file with its text on disk (or `text`); returns its URI.
    pub fn open(&mut self, path: &Path, text: Option<&str>) -> String {
        let uri = uri(path);
        let text = match text {
            Some(text) => text.to_string(),
            None => std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
                .expect("a readable file"),
        };
        self.versions.insert(uri.clone(), 1);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "go", "version": 1, "text": text}}),
        );
        uri
    }

    /// Replaces the whole text of an open file.
    pub fn replace(&mut self, uri: &str, text: &str) {
        let version = self.versions.get_mut(uri).expect("an open file");
        *version += 1;
        let version = *version;
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    /// Applies edits (LSP `TextEdit`s) to an open file through `didChange`.
    pub fn edit(&mut self, uri: &str, edits: &[Value]) {
        let version = self.versions.get_mut(uri).expect("an open file");
        *version += 1;
        let version = *version;
        // Later edits first, so that earlier ranges stay where they were.
        let mut edits = edits.to_vec();
        edits.sort_by_key(|e| {
            let start = &e["range"]["start"];
            std::cmp::Reverse((start["line"].as_u64(), start["character"].as_u64()))
        });
        let changes: Vec<Value> = edits
            .iter()
            .map(|e| json!({"range": e["range"], "text": e["newText"]}))
            .collect();
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    pub fn position_request(
        &mut self,
        method: &str,
        uri: &str,
        line: usize,
        character: usize,
    ) -> Value {
        self.request(
            method,
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
    }

    /// `shutdown` and `exit`; the server must end with exit code 0.
    pub fn shutdown(mut self) {
        let result = self.request("shutdown", Value::Null);
        assert!(result.is_null());
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("the server ends");
        assert_eq!(status.code(), Some(0));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
