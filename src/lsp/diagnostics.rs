//! `check`'s findings as the protocol's diagnostics: the same code, severity, message and
//! help, related places as related information, a link to the code's documentation. A
//! finding about the run itself (no file) is shown at the top of each open file.

use std::collections::BTreeMap;

use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, Uri,
};

use super::settings::Settings;
use super::text::{path_to_uri, LineIndex};
use super::workspace::{Snapshot, Workspace};
use crate::diag::{Diagnostic, Severity};
use crate::source::{FileId, SourceMap};

/// The diagnostics of every file that has some, by URI (as text, the published key).
pub type Published = BTreeMap<String, (Uri, Vec<lsp_types::Diagnostic>)>;

/// The protocol's diagnostics of a snapshot, by file.
pub fn by_file(snapshot: &Snapshot, workspace: &Workspace, settings: &Settings) -> Published {
    let sources = &snapshot.analysis.loaded.sources;
    let mut indexes: BTreeMap<FileId, LineIndex> = BTreeMap::new();
    // Every open file analysed gets a list, empty when it has no finding: the editor then
    // knows it was analysed.
    let mut out: Published = snapshot
        .analysis
        .loaded
        .packages
        .iter()
        .filter(|p| p.is_input)
        .flat_map(|p| &p.files)
        .filter_map(|f| workspace.documents.get(&sources.get(f.id).path))
        .map(|d| (d.uri.as_str().to_string(), (d.uri.clone(), Vec::new())))
        .collect();
    let uri_of = |id: FileId| uri_of(sources, workspace, id);
    let mut ordered: Vec<&Diagnostic> = snapshot.diagnostics.iter().collect();
    ordered.sort_by(|a, b| (&a.primary, a.code).cmp(&(&b.primary, b.code)));
    for diagnostic in ordered {
        let mut related = Vec::new();
        for (span, label) in &diagnostic.labels {
            let Some(uri) = uri_of(span.file) else {
                continue;
            };
            let index = indexes
                .entry(span.file)
                .or_insert_with(|| LineIndex::new(&sources.get(span.file).text));
            related.push(DiagnosticRelatedInformation {
                location: Location::new(uri, index.range(span.bytes())),
                message: label.clone(),
            });
        }
        let places: Vec<(Uri, Range)> = match &diagnostic.primary {
            Some(span) => {
                let index = indexes
                    .entry(span.file)
                    .or_insert_with(|| LineIndex::new(&sources.get(span.file).text));
                uri_of(span.file)
                    .map(|uri| (uri, index.range(span.bytes())))
                    .into_iter()
                    .collect()
            }
            // About the run (no go.mod, a package not found): on every open file.
            None => {
                let top = Range::new(Position::new(0, 0), Position::new(0, 0));
                workspace
                    .documents
                    .values()
                    .map(|document| (document.uri.clone(), top))
                    .collect()
            }
        };
        for (uri, range) in places {
            let converted = convert(diagnostic, range, related.clone(), settings);
            out.entry(uri.as_str().to_string())
                .or_insert_with(|| (uri, Vec::new()))
                .1
                .push(converted);
        }
    }
    out
}

/// The URI of a loaded file: the open buffer's, else made from its path.
fn uri_of(sources: &SourceMap, workspace: &Workspace, id: FileId) -> Option<Uri> {
    let path = &sources.get(id).path;
    match workspace.documents.get(path) {
        Some(document) => Some(document.uri.clone()),
        None => path_to_uri(path),
    }
}

fn convert(
    diagnostic: &Diagnostic,
    range: Range,
    related: Vec<DiagnosticRelatedInformation>,
    settings: &Settings,
) -> lsp_types::Diagnostic {
    let code = diagnostic.code.as_str();
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    lsp_types::Diagnostic {
        range,
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(code.to_string())),
        code_description: settings
            .docs_link(code)
            .and_then(|link| link.parse().ok())
            .map(|href| CodeDescription { href }),
        source: Some("union-gen".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}
