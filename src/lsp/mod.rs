//! `union-gen lsp`: a Language Server over stdio. `check`'s findings on the editor's buffers
//! (not the disk), re-analysed a moment after each change; hover, completion and code actions
//! on markers, enums, unions and schemas.
//!
//! Input: the protocol's messages (lsp-server's connection). Output: the protocol's messages.
//! Sits above [`pipeline`](crate::pipeline) beside `cli`: it runs the same analysis as `check`
//! ([`pipeline::analyse_with`](crate::pipeline::analyse_with), reading through the buffers)
//! and turns its `Diagnostic`s into the protocol's. Must not know: argv. Prints nothing and
//! writes no file: standard output is the protocol.
//!
//! One thread handles the messages in order. A change marks the analysis stale; it runs once
//! the buffers have been left alone for the debounce time, or at once when a request needs it
//! (so hovers and completions always see the text the editor shows). Parses are kept by
//! content between analyses: an edit re-parses only the file that changed.

mod completion;
mod diagnostics;
mod fixes;
mod hover;
mod lookup;
mod settings;
pub(crate) mod text;
mod workspace;

use std::collections::HashMap;
use std::time::Instant;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{self as notify, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, CompletionOptions, CompletionParams, CompletionResponse,
    DidChangeConfigurationParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, Hover, HoverContents, HoverParams, HoverProviderCapability,
    InitializeParams, LogMessageParams, MarkupContent, MarkupKind, MessageType,
    PublishDiagnosticsParams, ServerCapabilities, ServerInfo, ShowMessageParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use settings::Settings;
use text::{uri_to_path, LineIndex};
use workspace::{Document, Snapshot, Workspace};

/// Runs the server on a connection until the client says `exit` (or goes away); `version`
/// is the one `initialize` answers with.
pub fn serve(connection: &Connection, version: &str) -> anyhow::Result<()> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let initialize = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": ServerInfo {
            name: "union-gen".to_string(),
            version: Some(version.to_string()),
        },
    });
    connection.initialize_finish(id, initialize)?;
    let mut server = Server::new(connection)?;
    if let Some(options) = &params.initialization_options {
        server.configure(options);
    }
    server.run()
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["+".into(), "=".into(), ";".into(), ",".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

struct Server<'c> {
    connection: &'c Connection,
    settings: Settings,
    pool: rayon::ThreadPool,
    workspace: Workspace,
    /// The analysis of the buffers as they are, `None` while stale (or when it failed).
    snapshot: Option<Snapshot>,
    /// When a change made the analysis stale: it runs once the debounce time has passed.
    stale_since: Option<Instant>,
    /// What was last published, by URI.
    published: diagnostics::Published,
    /// The last failure shown to the user (each is shown once, not on every keystroke).
    last_failure: Option<String>,
}

impl<'c> Server<'c> {
    fn new(connection: &'c Connection) -> anyhow::Result<Server<'c>> {
        let settings = Settings::default();
        Ok(Server {
            connection,
            pool: crate::pipeline::thread_pool(settings.jobs)?,
            settings,
            workspace: Workspace::default(),
            snapshot: None,
            stale_since: None,
            published: diagnostics::Published::new(),
            last_failure: None,
        })
    }

    fn configure(&mut self, value: &Value) {
        let (settings, problems) = self.settings.read(value);
        for problem in problems {
            self.show(
                MessageType::ERROR,
                format!("union-gen: settings: {problem}"),
            );
        }
        if settings.jobs != self.settings.jobs {
            match crate::pipeline::thread_pool(settings.jobs) {
                Ok(pool) => self.pool = pool,
                Err(error) => self.show(MessageType::ERROR, format!("union-gen: {error:#}")),
            }
        }
        self.settings = settings;
        self.mark_stale();
    }

    fn run(&mut self) -> anyhow::Result<()> {
        loop {
            let message = match self.stale_since {
                Some(since) => {
                    let wait = self.settings.debounce.saturating_sub(since.elapsed());
                    match self.connection.receiver.recv_timeout(wait) {
                        Ok(message) => message,
                        Err(crossbeam_timeout) if crossbeam_timeout.is_timeout() => {
                            self.refresh();
                            continue;
                        }
                        Err(_) => return Ok(()),
                    }
                }
                None => match self.connection.receiver.recv() {
                    Ok(message) => message,
                    Err(_) => return Ok(()),
                },
            };
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    self.request(request);
                }
                Message::Notification(notification) => {
                    if notification.method == notify::Exit::METHOD {
                        return Ok(());
                    }
                    self.notification(notification);
                }
                Message::Response(_) => {}
            }
        }
    }

    fn mark_stale(&mut self) {
        self.snapshot = None;
        self.stale_since = Some(Instant::now());
    }

    /// Analyses the buffers when they changed since the last analysis, and publishes what
    /// changed in the diagnostics.
    fn refresh(&mut self) {
        if self.stale_since.is_none() {
            return;
        }
        self.stale_since = None;
        let started = Instant::now();
        let settings = &self.settings;
        let workspace = &self.workspace;
        let pool = &self.pool;
        // A bug must not take the editor's server down: it is reported, and the next edit
        // tries again.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workspace.analyse(settings, pool)
        }));
        let snapshot = match result {
            Ok(Ok(snapshot)) => snapshot,
            Ok(Err(failure)) => return self.failed(failure, MessageType::WARNING),
            Err(_) => {
                return self.failed(
                    "union-gen: the analysis panicked (a bug: please report it with the file)"
                        .into(),
                    MessageType::ERROR,
                )
            }
        };
        self.last_failure = None;
        let fresh = diagnostics::by_file(&snapshot, &self.workspace, &self.settings);
        self.publish(fresh);
        if let Some(timings) = &snapshot.timings {
            let total = started.elapsed().as_secs_f64() * 1000.0;
            self.log(format!("{timings} analysed+published={total:.1}ms"));
        }
        self.snapshot = Some(snapshot);
    }

    fn failed(&mut self, failure: String, level: MessageType) {
        if self.last_failure.as_ref() != Some(&failure) {
            self.show(level, failure.clone());
            self.last_failure = Some(failure);
        }
        // Nothing is known about the buffers now: what was published is withdrawn.
        self.publish(diagnostics::Published::new());
    }

    /// Sends the diagnostics of each file whose list changed, and empty lists for the files
    /// that no longer have any.
    fn publish(&mut self, fresh: diagnostics::Published) {
        for (key, (uri, _)) in &self.published {
            if !fresh.contains_key(key) {
                self.send_diagnostics(uri.clone(), Vec::new());
            }
        }
        for (key, (uri, list)) in &fresh {
            if self.published.get(key).map(|(_, old)| old) != Some(list) {
                self.send_diagnostics(uri.clone(), list.clone());
            }
        }
        self.published = fresh;
    }

    fn send_diagnostics(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) {
        let version = uri_to_path(&uri)
            .and_then(|path| self.workspace.documents.get(&path))
            .map(|document| document.version);
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        self.send(Notification::new(
            notify::PublishDiagnostics::METHOD.to_string(),
            params,
        ));
    }

    fn send(&self, message: impl Into<Message>) {
        // The client went away: the loop ends on the next receive.
        let _ = self.connection.sender.send(message.into());
    }

    fn show(&self, typ: MessageType, message: String) {
        self.send(Notification::new(
            notify::ShowMessage::METHOD.to_string(),
            ShowMessageParams { typ, message },
        ));
    }

    fn log(&self, message: String) {
        self.send(Notification::new(
            notify::LogMessage::METHOD.to_string(),
            LogMessageParams {
                typ: MessageType::LOG,
                message,
            },
        ));
    }

    fn notification(&mut self, notification: Notification) {
        match notification.method.as_str() {
            notify::DidOpenTextDocument::METHOD => {
                let Ok(params) = notification
                    .extract::<DidOpenTextDocumentParams>(notify::DidOpenTextDocument::METHOD)
                else {
                    return;
                };
                let document = params.text_document;
                let Some(path) = uri_to_path(&document.uri) else {
                    return;
                };
                self.workspace.documents.insert(
                    path,
                    Document {
                        uri: document.uri,
                        version: document.version,
                        text: document.text,
                    },
                );
                self.mark_stale();
            }
            notify::DidChangeTextDocument::METHOD => {
                let Ok(params) = notification
                    .extract::<DidChangeTextDocumentParams>(notify::DidChangeTextDocument::METHOD)
                else {
                    return;
                };
                let Some(document) = uri_to_path(&params.text_document.uri)
                    .and_then(|path| self.workspace.documents.get_mut(&path))
                else {
                    return;
                };
                document.version = params.text_document.version;
                for change in params.content_changes {
                    text::apply_change(&mut document.text, change);
                }
                self.mark_stale();
            }
            notify::DidCloseTextDocument::METHOD => {
                let Ok(params) = notification
                    .extract::<DidCloseTextDocumentParams>(notify::DidCloseTextDocument::METHOD)
                else {
                    return;
                };
                if let Some(path) = uri_to_path(&params.text_document.uri) {
                    self.workspace.documents.remove(&path);
                }
                self.mark_stale();
            }
            notify::DidChangeConfiguration::METHOD => {
                if let Ok(params) = notification
                    .extract::<DidChangeConfigurationParams>(notify::DidChangeConfiguration::METHOD)
                {
                    self.configure(&params.settings);
                }
            }
            _ => {}
        }
    }

    fn request(&mut self, request: Request) {
        let id = request.id.clone();
        let method = request.method.clone();
        // Requests answer on the buffers as they are now.
        self.refresh();
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.answer(request)));
        let response = match result {
            Ok(Some(Ok(value))) => Response::new_ok(id, value),
            Ok(Some(Err(message))) => {
                Response::new_err(id, ErrorCode::InvalidParams as i32, message)
            }
            Ok(None) => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("union-gen does not answer `{method}`"),
            ),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("union-gen: `{method}` panicked (a bug: please report it)"),
            ),
        };
        self.send(response);
    }

    /// The result of a request; `None` for a method the server does not answer.
    fn answer(&self, request: Request) -> Option<Result<Value, String>> {
        let unreadable = |error: lsp_server::ExtractError<Request>| format!("{error:?}");
        let result = match request.method.as_str() {
            req::HoverRequest::METHOD => request
                .extract::<HoverParams>(req::HoverRequest::METHOD)
                .map_err(unreadable)
                .map(|(_, p)| {
                    let position = p.text_document_position_params;
                    serde_json::to_value(self.hover(&position.text_document.uri, position.position))
                }),
            req::Completion::METHOD => request
                .extract::<CompletionParams>(req::Completion::METHOD)
                .map_err(unreadable)
                .map(|(_, p)| {
                    let position = p.text_document_position;
                    serde_json::to_value(
                        self.completion(&position.text_document.uri, position.position),
                    )
                }),
            req::CodeActionRequest::METHOD => request
                .extract::<CodeActionParams>(req::CodeActionRequest::METHOD)
                .map_err(unreadable)
                .map(|(_, p)| serde_json::to_value(self.code_actions(&p))),
            _ => return None,
        };
        Some(result.map(|value| value.unwrap_or(Value::Null)))
    }

    /// The buffer at `uri`, its path, and the byte offset of `position` in it.
    fn locate(
        &self,
        uri: &Uri,
        position: lsp_types::Position,
    ) -> Option<(std::path::PathBuf, &Document, usize)> {
        let path = uri_to_path(uri)?;
        let document = self.workspace.documents.get(&path)?;
        let offset = LineIndex::new(&document.text).offset(position);
        Some((path, document, offset))
    }

    fn hover(&self, uri: &Uri, position: lsp_types::Position) -> Option<Hover> {
        let (path, _, offset) = self.locate(uri, position)?;
        let markdown = hover::hover(self.snapshot.as_ref()?, &path, offset)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: markdown,
            }),
            range: None,
        })
    }

    fn completion(&self, uri: &Uri, position: lsp_types::Position) -> Option<CompletionResponse> {
        let (path, document, offset) = self.locate(uri, position)?;
        let items = completion::complete(self.snapshot.as_ref(), &path, &document.text, offset);
        Some(CompletionResponse::Array(items))
    }

    fn code_actions(&self, params: &CodeActionParams) -> Vec<CodeActionOrCommand> {
        let uri = &params.text_document.uri;
        let (Some(snapshot), Some(path)) = (self.snapshot.as_ref(), uri_to_path(uri)) else {
            return Vec::new();
        };
        let Some((_, file)) = snapshot.file(&path) else {
            return Vec::new();
        };
        let text = snapshot.text(file.id);
        let index = LineIndex::new(text);
        let wanted = index.offset(params.range.start)..index.offset(params.range.end);
        let published = self.published.get(uri.as_str());
        let mut actions = Vec::new();
        for diagnostic in &snapshot.diagnostics {
            let Some(span) = diagnostic.primary.as_ref().filter(|s| s.file == file.id) else {
                continue;
            };
            if (span.end as usize) < wanted.start || (span.start as usize) > wanted.end {
                continue;
            }
            let Some(fix) = fixes::fix(diagnostic, text, &file.decls) else {
                continue;
            };
            let range = index.range(span.bytes());
            let edits: Vec<TextEdit> = fix
                .edits
                .into_iter()
                .map(|(bytes, new_text)| TextEdit::new(index.range(bytes), new_text))
                .collect();
            let fixed: Vec<lsp_types::Diagnostic> = published
                .map(|(_, list)| {
                    list.iter()
                        .filter(|d| {
                            d.range == range
                                && d.code
                                    == Some(lsp_types::NumberOrString::String(
                                        diagnostic.code.as_str().to_string(),
                                    ))
                        })
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: (!fixed.is_empty()).then_some(fixed),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
        actions
    }
}
