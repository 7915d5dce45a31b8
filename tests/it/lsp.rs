//! `union-gen lsp` driven over its stdio by a real client ([`harness::lsp`]): the diagnostics
//! of every `check` case as `check` reports them, hover, completion and code actions on
//! testdata packages, re-analysis on change, buffers mid-edit, and no file written.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::harness::cases::{self, Case};
use crate::harness::lsp::{uri, Server};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Go files of every package `pattern` names, as `check` finds them.
fn package_files(pattern: &str) -> Vec<PathBuf> {
    let (packages, _) =
        union_gen::discover::discover(&[pattern.to_string()]).expect("the case's packages");
    packages.into_iter().flat_map(|p| p.files).collect()
}

/// One diagnostic as both sides can say it: code, severity, file, start and end (line and
/// column from 1, columns in characters), the message with its help, and the labels.
type Key = (
    String,
    String,
    String,
    u64,
    u64,
    u64,
    u64,
    String,
    BTreeSet<String>,
);

fn check_key(d: &Value) -> Key {
    let mut message = d["message"].as_str().unwrap_or("").to_string();
    if let Some(help) = d["help"].as_str() {
        message = format!("{message}\nhelp: {help}");
    }
    let labels = d["labels"]
        .as_array()
        .map(|labels| {
            labels
                .iter()
                .map(|l| {
                    format!(
                        "{}:{}:{} {}",
                        l["file"].as_str().unwrap_or(""),
                        l["line"],
                        l["column"],
                        l["label"].as_str().unwrap_or("")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    (
        d["code"].as_str().unwrap_or("").to_string(),
        d["severity"].as_str().unwrap_or("").to_string(),
        d["file"].as_str().unwrap_or("").to_string(),
        d["line"].as_u64().unwrap_or(0),
        d["column"].as_u64().unwrap_or(0),
        d["end_line"].as_u64().unwrap_or(0),
        d["end_column"].as_u64().unwrap_or(0),
        message,
        labels,
    )
}

/// A `file://` URI back to a path relative to the crate root.
fn relative(uri: &str) -> String {
    let prefix = format!("file://{}/", root().display());
    uri.strip_prefix(&prefix).unwrap_or(uri).to_string()
}

/// Line (from 1) and column in characters (from 1) of an LSP position in `file`.
fn line_column(file: &str, position: &Value) -> (u64, u64) {
    let text = std::fs::read_to_string(root().join(file)).unwrap_or_default();
    let line = position["line"].as_u64().unwrap_or(0);
    let units = position["character"].as_u64().unwrap_or(0) as usize;
    let line_text = text.split('\n').nth(line as usize).unwrap_or("");
    let mut seen = 0;
    let mut column = 1;
    for c in line_text.chars() {
        if seen >= units {
            break;
        }
        seen += c.len_utf16();
        column += 1;
    }
    (line + 1, column)
}

fn lsp_key(file: &str, d: &Value) -> Key {
    let (line, column) = line_column(file, &d["range"]["start"]);
    let (end_line, end_column) = line_column(file, &d["range"]["end"]);
    let labels = d["relatedInformation"]
        .as_array()
        .map(|related| {
            related
                .iter()
                .map(|r| {
                    let label_file = relative(r["location"]["uri"].as_str().unwrap_or(""));
                    let (l, c) = line_column(&label_file, &r["location"]["range"]["start"]);
                    format!(
                        "{label_file}:{l}:{c} {}",
                        r["message"].as_str().unwrap_or("")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let severity = match d["severity"].as_u64() {
        Some(1) => "error",
        _ => "warning",
    };
    (
        d["code"].as_str().unwrap_or("").to_string(),
        severity.to_string(),
        file.to_string(),
        line,
        column,
        end_line,
        end_column,
        d["message"].as_str().unwrap_or("").to_string(),
        labels,
    )
}

/// Opens every file of `pattern`'s packages and collects the first diagnostics published for
/// each (run-level findings, at the top of every open file, apart).
fn editor_diagnostics(
    server: &mut Server,
    pattern: &str,
) -> (Vec<Key>, BTreeSet<(String, String)>) {
    let files = package_files(pattern);
    let uris: Vec<String> = files.iter().map(|f| server.open(f, None)).collect();
    let mut located = Vec::new();
    let mut run_level: Option<BTreeSet<(String, String)>> = None;
    for (file, uri) in files.iter().zip(&uris) {
        let file = file.display().to_string();
        let mut here = BTreeSet::new();
        for d in server.diagnostics_or_none(uri) {
            let at_top = d["range"]["start"] == json!({"line": 0, "character": 0})
                && d["range"]["end"] == json!({"line": 0, "character": 0});
            if at_top && d["relatedInformation"].is_null() {
                here.insert((
                    d["code"].as_str().unwrap_or("").to_string(),
                    d["message"].as_str().unwrap_or("").to_string(),
                ));
            } else {
                located.push(lsp_key(&file, &d));
            }
        }
        // Run-level findings are on every file; a located one at 1:1 is on one file only.
        run_level = Some(match run_level {
            None => here,
            Some(before) => before.intersection(&here).cloned().collect(),
        });
    }
    located.sort();
    (located, run_level.unwrap_or_default())
}

impl Server {
    /// The diagnostics published for `uri` once the files opened so far are analysed: a
    /// hover request forces the analysis, after which every file with findings has had them
    /// published; a file without any has had none.
    fn diagnostics_or_none(&mut self, uri: &str) -> Vec<Value> {
        self.position_request("textDocument/hover", uri, 0, 0);
        self.notifications
            .iter()
            .rev()
            .find(|n| n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri)
            .map(|n| {
                n["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
            })
            .unwrap_or_default()
    }
}

/// Every diagnostics case `check` runs on has the same findings in the editor: same codes,
/// severities, places, messages, help and labels.
#[test]
fn every_check_case_reports_in_the_editor_what_check_reports() {
    let mut compared = 0;
    for dir in cases::discover() {
        let case = Case::load(&dir).expect("a readable case");
        if case.command != ["check".to_string(), format!("{dir}/...")] {
            continue;
        }
        // An editor's buffer is text: a file that is not UTF-8 cannot be one.
        let utf8 = package_files(&format!("{dir}/..."))
            .iter()
            .all(|f| String::from_utf8(std::fs::read(root().join(f)).unwrap_or_default()).is_ok());
        if !utf8 {
            continue;
        }
        let reported = case.run();
        let mut expected: Vec<Key> = reported
            .diagnostics
            .iter()
            .filter(|d| d["file"].is_string())
            .map(check_key)
            .collect();
        expected.sort();
        let expected_run_level: BTreeSet<(String, String)> = reported
            .diagnostics
            .iter()
            .filter(|d| !d["file"].is_string())
            .map(|d| {
                let mut message = d["message"].as_str().unwrap_or("").to_string();
                if let Some(help) = d["help"].as_str() {
                    message = format!("{message}\nhelp: {help}");
                }
                (d["code"].as_str().unwrap_or("").to_string(), message)
            })
            .collect();
        let mut server = Server::start(root(), json!({}));
        let (located, run_level) = editor_diagnostics(&mut server, &format!("{dir}/..."));
        assert_eq!(
            located, expected,
            "{dir}: the editor's diagnostics differ from check's"
        );
        assert_eq!(run_level, expected_run_level, "{dir}: run-level findings");
        server.shutdown();
        compared += 1;
    }
    assert!(compared > 50, "only {compared} cases compared");
}

/// `deny` and `allow` from initializationOptions act as `check --deny/--allow`.
#[test]
fn settings_are_checks_flags() {
    let dir = "testdata/diagnostics/marker-unknown-similar";
    let file = Path::new(dir).join("types.go");
    let mut server = Server::start(root(), json!({"deny": ["warnings"]}));
    let uri = server.open(&file, None);
    let diagnostics = server.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["severity"], 1, "denied: an error");
    server.shutdown();
    let mut server = Server::start(root(), json!({"allow": ["marker/unknown-similar"]}));
    let uri = server.open(&file, None);
    assert!(server.diagnostics_or_none(&uri).is_empty());
    // A bad setting is shown to the user, and the rest still applies.
    let mut server2 = Server::start(root(), json!({"deny": ["no/such-code"]}));
    let shown = server2.receive();
    assert_eq!(shown["method"], "window/showMessage", "{shown}");
    assert!(shown["params"]["message"]
        .as_str()
        .unwrap()
        .contains("unknown diagnostic code"));
    server2.shutdown();
    server.shutdown();
}

fn text_of(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("a testdata file")
}

/// The line (from 0) of the first line of `text` containing `needle`, and its column.
fn find(text: &str, needle: &str) -> (usize, usize) {
    for (index, line) in text.lines().enumerate() {
        if let Some(column) = line.find(needle) {
            return (index, line[..column].encode_utf16().count());
        }
    }
    panic!("`{needle}` not in the text")
}

fn hover_text(server: &mut Server, uri: &str, at: (usize, usize)) -> String {
    let hover = server.position_request("textDocument/hover", uri, at.0, at.1);
    hover["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Hover on an enum type, a union struct, a union member, a marker, and a finding.
#[test]
fn hover_shows_values_unions_schemas_and_markers() {
    let path = "testdata/unions/broken/member-not-optional/types.go";
    let text = text_of(path);
    let mut server = Server::start(root(), json!({}));
    let uri = server.open(Path::new(path), None);

    let on_enum = hover_text(&mut server, &uri, find(&text, "BackendKind string"));
    assert!(
        on_enum.contains("**enum `BackendKind`**: 2 values"),
        "{on_enum}"
    );
    assert!(
        on_enum.contains("- `\"Resource\"`") && on_enum.contains("- `\"Service\"`"),
        "{on_enum}"
    );

    let on_union = hover_text(&mut server, &uri, find(&text, "Backend struct"));
    assert!(on_union.contains("discriminator `kind`"), "{on_union}");
    assert!(
        on_union.contains("| `service` (optional) | `\"Service\"` |")
            || on_union.contains("| `service` | `\"Service\"` |"),
        "{on_union}"
    );
    assert!(on_union.contains("OpenAPI v3 schema of"), "{on_union}");
    assert!(on_union.contains("\"x-kubernetes-unions\""), "{on_union}");

    let on_field = hover_text(&mut server, &uri, find(&text, "Kind BackendKind"));
    assert!(
        on_field.contains("**`kind`** takes the values of enum `BackendKind`"),
        "{on_field}"
    );
    assert!(
        on_field.contains("\"enum\": [\n    \"Resource\",\n    \"Service\"\n  ]"),
        "{on_field}"
    );

    let (line, column) = find(&text, "+unionDiscriminator");
    let on_marker = hover_text(&mut server, &uri, (line, column + 2));
    assert!(
        on_marker.contains(
            "**`+unionDiscriminator`**: The field whose value says which union member is set."
        ),
        "{on_marker}"
    );
    assert!(
        on_marker.contains("Read by kube-openapi's openapi-gen"),
        "{on_marker}"
    );

    let (line, _) = find(&text, "Resource *string");
    let on_finding = hover_text(&mut server, &uri, (line, 2));
    assert!(
        on_finding.contains("**`union/member-not-optional`**"),
        "{on_finding}"
    );
    assert!(
        on_finding.contains("Every union member is optional"),
        "{on_finding}"
    );
    server.shutdown();
}

/// With `cel`, a union's hover shows the rule `--cel` writes.
#[test]
fn hover_shows_the_cel_rule() {
    let path = "testdata/unions/broken/member-not-optional/types.go";
    let text = text_of(path);
    let mut server = Server::start(root(), json!({"cel": true}));
    let uri = server.open(Path::new(path), None);
    let on_union = hover_text(&mut server, &uri, find(&text, "Backend struct"));
    assert!(
        on_union.contains("CEL rules `--cel` writes on `Backend`:\n```cel\n"),
        "{on_union}"
    );
    server.shutdown();
}

fn labels(items: &Value) -> Vec<String> {
    let items = items
        .as_array()
        .cloned()
        .or_else(|| items["items"].as_array().cloned());
    items
        .unwrap_or_default()
        .iter()
        .map(|i| i["label"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Completion of marker names and of their values, on a buffer being typed.
#[test]
fn completion_offers_markers_and_values() {
    let path = "testdata/unions/broken/member-not-optional/types.go";
    let text = text_of(path);
    let mut server = Server::start(root(), json!({}));
    let (line, _) = find(&text, "Resource *string");
    let typed = |insert: &str| {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(line, insert);
        lines.join("\n") + "\n"
    };
    let uri = server.open(Path::new(path), Some(&typed("\t// +list")));
    let names = server.position_request("textDocument/completion", &uri, line, "\t// +list".len());
    let all = labels(&names);
    assert!(
        all.contains(&"listType".to_string())
            && all.contains(&"kubebuilder:validation:Enum".to_string()),
        "{all:?}"
    );
    let list_type = names
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "listType")
        .unwrap();
    assert_eq!(list_type["detail"], "+listType=atomic|set|map");
    assert_eq!(list_type["textEdit"]["range"]["start"]["character"], 5);

    server.replace(&uri, &typed("\t// +listType=s"));
    let values = server.position_request(
        "textDocument/completion",
        &uri,
        line,
        "\t// +listType=s".len(),
    );
    assert_eq!(labels(&values), ["atomic", "set", "map"]);

    // On the discriminator: the members' values, as JSON.
    let (kind_line, _) = find(&text, "Kind BackendKind");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(kind_line, "\t// +default=");
    server.replace(&uri, &(lines.join("\n") + "\n"));
    let values = server.position_request(
        "textDocument/completion",
        &uri,
        kind_line,
        "\t// +default=".len(),
    );
    let values = labels(&values);
    assert!(
        values.contains(&"\"Service\"".to_string()) && values.contains(&"\"Resource\"".to_string()),
        "{values:?}"
    );
    server.shutdown();
}

/// The fix of each finding that has one: applied through the editor, the finding is gone.
#[test]
fn code_actions_fix_their_findings() {
    for (path, code) in [
        (
            "testdata/diagnostics/marker-unknown-similar/types.go",
            "marker/unknown-similar",
        ),
        (
            "testdata/unions/broken/member-not-optional/types.go",
            "union/member-not-optional",
        ),
        (
            "testdata/diagnostics/enum-untyped-constant/types.go",
            "enum/untyped-constant",
        ),
    ] {
        let mut server = Server::start(root(), json!({}));
        let uri = server.open(Path::new(path), None);
        let before = server.diagnostics(&uri);
        let finding = before
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("{path}: no {code} in {before:?}"))
            .clone();
        let actions = server.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": finding["range"], "context": {"diagnostics": [finding]}}),
        );
        let action = actions
            .as_array()
            .and_then(|a| a.first())
            .unwrap_or_else(|| panic!("{path}: no action for {code}"))
            .clone();
        assert_eq!(action["kind"], "quickfix");
        assert_eq!(action["diagnostics"][0]["code"], code, "{action}");
        let edits = action["edit"]["changes"][&uri]
            .as_array()
            .cloned()
            .expect("edits");
        server.edit(&uri, &edits);
        let after = server.diagnostics_or_none(&uri);
        assert!(
            after.iter().all(|d| d["code"] != code),
            "{path}: `{}` left {after:?}",
            action["title"]
        );
        server.shutdown();
    }
}

/// A change is analysed from the buffer; undoing it withdraws the finding.
#[test]
fn changes_are_analysed_from_the_buffer() {
    let path = "testdata/example/apis/v1/types.go";
    let text = text_of(path);
    let mut server = Server::start(root(), json!({}));
    let uri = server.open(Path::new(path), None);
    assert!(
        server.diagnostics_or_none(&uri).is_empty(),
        "{path} is clean"
    );
    let typo = format!("{text}\n// Typo has a misspelt marker.\ntype Typo struct {{\n\t// +optinal\n\tX string `json:\"x\"`\n}}\n");
    server.replace(&uri, &typo);
    let diagnostics = server.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "marker/unknown-similar");
    let (line, _) = find(&typo, "// +optinal");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": line, "character": 4})
    );
    server.replace(&uri, &text);
    assert!(server.diagnostics(&uri).is_empty());
    server.shutdown();
}

/// A buffer mid-edit (unbalanced braces, half markers, a huge paste) never stops the server,
/// and a burst of changes is one analysis: one publication, not one per keystroke.
#[test]
fn buffers_mid_edit_are_survived_and_bursts_coalesced() {
    let path = "testdata/unions/broken/member-not-optional/types.go";
    let text = text_of(path);
    // A debounce the burst cannot outlast: only the request forces the analysis.
    let mut server = Server::start(root(), json!({"debounceMs": 10000}));
    let uri = server.open(Path::new(path), None);
    let mut states = Vec::new();
    for cut in (0..text.len()).step_by(7) {
        if text.is_char_boundary(cut) {
            states.push(text[..cut].to_string());
        }
    }
    states.push(format!("{text}\ntype X struct {{\n\t// +k8s:unionMember(union: \"\n\t// +kubebuilder:validation:Enum=\n\tA *struct{{ {{{{{{ `json:\"a"));
    states.push("}}}}}} ((( // +".repeat(2000));
    states.push(String::new());
    for state in &states {
        server.replace(&uri, state);
    }
    let published_before = server.notifications.len();
    let hover = server.position_request("textDocument/hover", &uri, 0, 0);
    assert!(hover.is_null() || hover.is_object());
    let completion = server.position_request("textDocument/completion", &uri, 0, 0);
    assert!(completion.is_array());
    let publications = server.notifications[published_before..]
        .iter()
        .filter(|n| n["method"] == "textDocument/publishDiagnostics")
        .count();
    assert!(
        publications <= 1,
        "{publications} publications for one burst"
    );
    // Every half-typed state, analysed one at a time: the server answers each.
    let mut server2 = Server::start(root(), json!({}));
    let uri2 = server2.open(Path::new(path), None);
    for state in states.iter().step_by(9) {
        server2.replace(&uri2, state);
        let diagnostics = server2.diagnostics_or_none(&uri2);
        let parse_errors = diagnostics
            .iter()
            .filter(|d| d["code"] == "syntax/parse-error")
            .count();
        assert!(
            parse_errors <= 6,
            "{parse_errors} parse errors published for one file"
        );
        let (line, _) = (state.lines().count().saturating_sub(1), 0);
        let completion = server2.position_request("textDocument/completion", &uri2, line, 3);
        assert!(completion.is_array() || completion.is_null());
    }
    server2.shutdown();
    server.shutdown();
}

/// Every file as it was, after a session that opened, changed and closed buffers.
#[test]
fn the_server_writes_no_file() {
    let scratch = tempfile::tempdir().expect("a temporary directory");
    let case = root().join("testdata/unions/broken/member-not-optional");
    for entry in std::fs::read_dir(&case).expect("the case") {
        let entry = entry.expect("an entry");
        std::fs::copy(entry.path(), scratch.path().join(entry.file_name())).expect("a copy");
    }
    std::fs::copy(
        root().join("testdata/unions/go.mod"),
        scratch.path().join("go.mod"),
    )
    .expect("go.mod");
    let snapshot = |dir: &Path| -> Vec<(PathBuf, Vec<u8>, std::time::SystemTime)> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the directory")
            .map(|e| {
                let path = e.expect("an entry").path();
                let meta = std::fs::metadata(&path).expect("metadata");
                (
                    path.clone(),
                    std::fs::read(&path).expect("a file"),
                    meta.modified().expect("mtime"),
                )
            })
            .collect();
        files.sort();
        files
    };
    let before = snapshot(scratch.path());
    let mut server = Server::start(scratch.path(), json!({}));
    let file = scratch.path().join("types.go");
    let uri = uri(&file);
    let text = std::fs::read_to_string(&file).expect("the file");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "go", "version": 1, "text": text}}),
    );
    let _ = server.diagnostics(&uri);
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "package broken\n"}]}),
    );
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    server.shutdown();
    assert_eq!(snapshot(scratch.path()), before);
}
