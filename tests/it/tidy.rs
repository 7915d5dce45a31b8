//! Structure checks of `src/`, as tests (rust-analyzer's `xtask/src/tidy.rs` is the model):
//! every `crate::` arrow points down the stage order, each diagnostic code is worded in one
//! file, no file is over 1,000 lines, no function is over 100 lines or nested deeper than 6,
//! and ARCHITECTURE.md is the true map of `src/`. Each check is a function of the files'
//! texts, so the tests below also show it failing on a small bad input.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The modules of `src/` (the first path element), bottom first. A module may use the ones
/// below it, never one above it; modules on one line form one layer and must not use each
/// other unless [`SAME_LAYER_OK`] lists the pair. ARCHITECTURE.md draws the same order.
const STAGES: &[&[&str]] = &[
    &["limits", "source", "golit", "gosort", "exit"],
    // The pinned generator releases, read from a project's build files.
    &["kube_openapi_versions", "controller_gen_versions"],
    // Readers every stage may use, over the bottom layer: Kubernetes' YAML, cel-go's bounds.
    &["kube_yaml", "cel_limits"],
    &["diag"],
    &["markers"],
    &["syntax"],
    &["modules", "discover"],
    &["load"],
    &["model"],
    &["resolve"],
    // manifests: controller-gen's rbac and webhook manifests, from markers (no schema).
    &["schema", "manifests"],
    &["emit"],
    &["crd", "verify", "write"],
    &["pipeline"],
    &["validate"],
    &["lsp"],
    &["cli"],
];
const SAME_LAYER_OK: &[(&str, &str)] = &[("discover", "modules")];

const MAX_FUNCTION_LINES: usize = 100;
const MAX_FUNCTION_DEPTH: usize = 6;
/// A file past this is several files (a module's unit tests may move to a sibling file).
const MAX_FILE_LINES: usize = 1000;

/// Every `.rs` file under `src/`: (path relative to `src/`, text), sorted.
fn sources() -> Vec<(String, String)> {
    let src = Path::new(ROOT).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(&src).expect("under src");
                let name = relative.to_string_lossy().replace('\\', "/");
                files.push((name, fs::read_to_string(&path).expect("a source file")));
            }
        }
    }
    files.sort();
    files
}

// ---------------------------------------------------------------------------------------
// The module graph.

/// The `crate::` arrows between modules, test modules and comments left out.
fn module_edges(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files {
        let first = path.split('/').next().unwrap_or(path);
        let module = first.strip_suffix(".rs").unwrap_or(first);
        if module == "lib" || module == "main" {
            continue;
        }
        // Test modules may reach anywhere.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                let target: String = line[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if !target.is_empty() && target != module {
                    edges.entry(module.to_string()).or_default().insert(target);
                }
            }
        }
    }
    edges
}

/// The arrows against the stage order, sideways in a layer, in a cycle, or from or to a
/// module [`STAGES`] does not place.
fn bad_arrows(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let layer = |module: &str| STAGES.iter().position(|layer| layer.contains(&module));
    let mut bad = Vec::new();
    for (module, targets) in edges {
        for target in targets {
            let why = match (layer(module), layer(target)) {
                (None, _) | (_, None) => Some("a module STAGES does not place"),
                (Some(from), Some(to)) if to > from => Some("up the stage order"),
                (Some(from), Some(to))
                    if to == from
                        && !SAME_LAYER_OK.contains(&(module.as_str(), target.as_str())) =>
                {
                    Some("sideways in a layer")
                }
                _ => None,
            };
            let cycle = edges.get(target).is_some_and(|back| back.contains(module));
            if let Some(why) = why.or(cycle.then_some("a cycle")) {
                bad.push(format!("{module} -> {target}: {why}"));
            }
        }
    }
    bad
}

#[test]
fn every_arrow_points_down_the_stage_order() {
    let bad = bad_arrows(&module_edges(&sources()));
    assert!(bad.is_empty(), "module arrows:\n{}", bad.join("\n"));
}

// ---------------------------------------------------------------------------------------
// File sizes.

/// The files over [`MAX_FILE_LINES`] lines, with their length.
fn long_files(files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .map(|(path, text)| (path, text.lines().count()))
        .filter(|(_, lines)| *lines > MAX_FILE_LINES)
        .map(|(path, lines)| format!("src/{path}: {lines} lines"))
        .collect()
}

#[test]
fn no_file_is_over_1000_lines() {
    let long = long_files(&sources());
    assert!(long.is_empty(), "files to split:\n{}", long.join("\n"));
}

#[test]
fn a_long_file_fails() {
    let files = [
        ("a.rs".to_string(), "x\n".repeat(MAX_FILE_LINES)),
        ("b.rs".to_string(), "x\n".repeat(MAX_FILE_LINES + 1)),
    ];
    assert_eq!(long_files(&files), ["src/b.rs: 1001 lines"]);
}

// ---------------------------------------------------------------------------------------
// ARCHITECTURE.md.

/// The top-level modules of `src/` (`lib` and `main` aside), sorted.
fn top_level_modules() -> Vec<String> {
    let mut modules: Vec<String> = fs::read_dir(Path::new(ROOT).join("src"))
        .expect("src/")
        .map(|entry| entry.expect("an entry").path())
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_string();
            match name.strip_suffix(".rs") {
                Some(module) => Some(module.to_string()),
                None => path.is_dir().then_some(name),
            }
        })
        .filter(|module| module != "lib" && module != "main")
        .collect();
    modules.sort();
    modules.dedup();
    modules
}

/// What ARCHITECTURE.md (`text`) says that `src/` (its top-level `modules`, and `exists` for
/// a path under `src/` or the repository) does not bear out: the stage-order paragraph names
/// every module of [`STAGES`] in its order; every module has a row of the table; every
/// module [`STAGES`] places exists; every path named (`x.rs`, `x/`) exists, unless its line
/// says it is coming.
fn architecture_untruths(
    text: &str,
    modules: &[String],
    exists: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut untrue = Vec::new();
    let order = text
        .split("\n\n")
        .find(|paragraph| paragraph.starts_with("The stage order"))
        .unwrap_or("");
    for (layer, module) in STAGES
        .iter()
        .enumerate()
        .flat_map(|(layer, names)| names.iter().map(move |name| (layer, *name)))
    {
        if !modules.iter().any(|m| m == module) {
            untrue.push(format!(
                "STAGES places `{module}`, which src/ does not have"
            ));
        }
        match order.find(&format!("`{module}`")) {
            None => untrue.push(format!("the stage order does not name `{module}`")),
            Some(at) => {
                let earlier_after = STAGES[layer + 1..]
                    .iter()
                    .flat_map(|names| names.iter())
                    .filter_map(|above| order.find(&format!("`{above}`")))
                    .any(|above_at| above_at < at);
                if earlier_after {
                    untrue.push(format!(
                        "the stage order names `{module}` after a module above it"
                    ));
                }
            }
        }
    }
    for module in modules {
        let row = text.lines().any(|line| {
            line.starts_with("| ")
                && line.split('|').nth(1).is_some_and(|cell| {
                    [
                        format!("`{module}`"),
                        format!("`{module}/`"),
                        format!("`{module}.rs`"),
                    ]
                    .iter()
                    .any(|name| cell.contains(name))
                })
        });
        if !row {
            untrue.push(format!("no row of the table is `{module}`"));
        }
    }
    for line in text.lines().filter(|line| !line.contains("coming")) {
        for (index, token) in line.split('`').enumerate() {
            let path_like = index % 2 == 1
                && (token.ends_with(".rs") || token.ends_with('/'))
                && token
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_/.-".contains(c));
            if path_like && !exists(token) {
                untrue.push(format!("`{token}` does not exist"));
            }
        }
    }
    untrue
}

/// Whether `path` names a file or directory of the repository, or one under `src/` (the
/// table names files relative to their module).
fn in_repository(path: &str) -> bool {
    let root = Path::new(ROOT);
    if root.join(path).exists() || root.join("src").join(path).exists() {
        return true;
    }
    let suffix = path.trim_end_matches('/');
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source directory") {
            let found = entry.expect("an entry").path();
            let name = found.to_string_lossy().replace('\\', "/");
            if name.ends_with(&format!("/{suffix}")) {
                return true;
            }
            if found.is_dir() {
                stack.push(found);
            }
        }
    }
    false
}

#[test]
fn architecture_is_the_map_of_src() {
    let text =
        fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let untrue = architecture_untruths(&text, &top_level_modules(), &in_repository);
    assert!(untrue.is_empty(), "ARCHITECTURE.md:\n{}", untrue.join("\n"));
}

#[test]
fn an_untrue_architecture_fails() {
    let modules: Vec<String> = STAGES
        .iter()
        .flat_map(|l| l.iter().map(|m| m.to_string()))
        .collect();
    let order: Vec<String> = modules.iter().map(|m| format!("`{m}`")).collect();
    let rows: String = modules
        .iter()
        .map(|m| format!("| `{m}` | x | y |\n"))
        .collect();
    let text = |order: &str, rows: &str| format!("The stage order: {order}.\n\n{rows}");
    let exists = |path: &str| path == "load.rs";
    assert!(architecture_untruths(&text(&order.join(", "), &rows), &modules, &exists).is_empty());
    let mut swapped = order.clone();
    swapped.swap(0, order.len() - 1);
    let untrue = architecture_untruths(&text(&swapped.join(", "), &rows), &modules, &exists);
    assert!(
        untrue.iter().any(|u| u.contains("after a module above it")),
        "{untrue:?}"
    );
    let mut more = modules.clone();
    more.push("extra".into());
    let untrue = architecture_untruths(&text(&order.join(", "), &rows), &more, &exists);
    assert_eq!(untrue, ["no row of the table is `extra`"]);
    let stale = format!("{}| `load.rs`, `gone.rs` | x | y |\n", rows);
    let untrue = architecture_untruths(&text(&order.join(", "), &stale), &modules, &exists);
    assert_eq!(untrue, ["`gone.rs` does not exist"]);
}

#[test]
fn an_arrow_up_fails() {
    let files = [
        (
            "schema/mod.rs".to_string(),
            "use crate::cli::args;\n".to_string(),
        ),
        (
            "resolve/mod.rs".to_string(),
            "use crate::model;\n// crate::cli\n".to_string(),
        ),
    ];
    assert_eq!(
        bad_arrows(&module_edges(&files)),
        ["schema -> cli: up the stage order"]
    );
}

// ---------------------------------------------------------------------------------------
// Each code worded in one file.

/// Codes built (`Diagnostic::new(Code::X, …)`) in more than one file, with those files.
fn codes_worded_twice(files: &[(String, String)]) -> Vec<String> {
    let mut places: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for (path, text) in files {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("Diagnostic::new(") {
            rest = &rest[at + "Diagnostic::new(".len()..];
            let Some(code) = rest.trim_start().strip_prefix("Code::") else {
                continue;
            };
            let name: String = code
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            places.entry(name).or_default().insert(path);
        }
    }
    places
        .into_iter()
        .filter(|(_, paths)| paths.len() > 1)
        .map(|(code, paths)| format!("{code}: {paths:?}"))
        .collect()
}

#[test]
fn each_code_is_worded_in_one_file() {
    let twice = codes_worded_twice(&sources());
    assert!(
        twice.is_empty(),
        "codes worded in several files:\n{}",
        twice.join("\n")
    );
}

#[test]
fn a_code_worded_twice_fails() {
    let files = [
        (
            "a.rs".to_string(),
            "Diagnostic::new(Code::EnumNoValues, span, m)".to_string(),
        ),
        (
            "b.rs".to_string(),
            "Diagnostic::new(\n    Code::EnumNoValues, s, m)".to_string(),
        ),
        (
            "c.rs".to_string(),
            "Diagnostic::new(Code::EnumNotString, s, m)".to_string(),
        ),
    ];
    assert_eq!(
        codes_worded_twice(&files),
        [r#"EnumNoValues: {"a.rs", "b.rs"}"#]
    );
}

// ---------------------------------------------------------------------------------------
// Function sizes.

#[derive(Debug, Clone, Copy, PartialEq)]
enum Token<'a> {
    Ident(&'a str),
    Punct(u8),
}

/// The tokens that matter for functions: identifiers and `{ } ( ) ;`, with their byte
/// offsets; strings (raw ones too), chars and comments skipped.
fn tokens(text: &str) -> Vec<(Token<'_>, usize)> {
    let bytes = text.as_bytes();
    let (mut i, n) = (0, bytes.len());
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    let mut out = Vec::new();
    while i < n {
        let c = bytes[i];
        if bytes[i..].starts_with(b"//") {
            i = bytes[i..]
                .iter()
                .position(|b| *b == b'\n')
                .map_or(n, |j| i + j);
        } else if bytes[i..].starts_with(b"/*") {
            let mut depth = 1;
            i += 2;
            while i < n && depth > 0 {
                if bytes[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if bytes[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                } else {
                    i += 1;
                }
            }
        } else if c == b'"' {
            i += 1;
            while i < n && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == b'\'' {
            i = skip_char_or_lifetime(bytes, i);
        } else if is_ident(c) {
            let start = i;
            while i < n && is_ident(bytes[i]) {
                i += 1;
            }
            let word = &text[start..i];
            if matches!(word, "r" | "br") && i < n && matches!(bytes[i], b'#' | b'"') {
                let hashes = bytes[i..].iter().take_while(|b| **b == b'#').count();
                if bytes.get(i + hashes) == Some(&b'"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    i = text[i + hashes + 1..]
                        .find(&close)
                        .map_or(n, |end| i + hashes + 1 + end + close.len());
                    continue;
                }
            }
            out.push((Token::Ident(word), start));
        } else if b"{}();".contains(&c) {
            out.push((Token::Punct(c), i));
            i += 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Past a char literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime or label (`'a`).
fn skip_char_or_lifetime(bytes: &[u8], i: usize) -> usize {
    if bytes.get(i + 1) == Some(&b'\\') {
        let close = bytes[i + 2..].iter().position(|b| *b == b'\'');
        return close.map_or(bytes.len(), |j| i + 2 + j + 1);
    }
    // One character, maybe several bytes, then a quote: a char literal.
    let width = match bytes.get(i + 1) {
        Some(b) if *b < 0x80 => 1,
        Some(b) if *b >= 0xF0 => 4,
        Some(b) if *b >= 0xE0 => 3,
        Some(_) => 2,
        None => return bytes.len(),
    };
    if bytes.get(i + 1 + width) == Some(&b'\'') {
        i + 2 + width
    } else {
        i + 1
    }
}

/// Every `fn` with a body: (name, offset of `fn`, offset of its closing brace, depth of its
/// deepest brace counted from the body).
fn functions(text: &str) -> Vec<(&str, usize, usize, usize)> {
    let tokens = tokens(text);
    let mut found = Vec::new();
    for (t, (token, offset)) in tokens.iter().enumerate() {
        if *token != Token::Ident("fn") {
            continue;
        }
        // A fn pointer type (`fn(u32) -> u32`) has no name.
        let Some((Token::Ident(name), _)) = tokens.get(t + 1) else {
            continue;
        };
        let mut parens = 0i32;
        let mut u = t + 2;
        while let Some((token, _)) = tokens.get(u) {
            match token {
                Token::Punct(b'(') => parens += 1,
                Token::Punct(b')') => parens -= 1,
                Token::Punct(b';' | b'{') if parens == 0 => break,
                _ => {}
            }
            u += 1;
        }
        if tokens.get(u).map(|(token, _)| *token) != Some(Token::Punct(b'{')) {
            continue; // no body
        }
        let (mut depth, mut deepest, mut v) = (0usize, 0usize, u);
        while let Some((token, _)) = tokens.get(v) {
            match token {
                Token::Punct(b'{') => {
                    depth += 1;
                    deepest = deepest.max(depth - 1);
                }
                Token::Punct(b'}') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            v += 1;
        }
        let end = tokens.get(v).map_or(text.len(), |(_, offset)| *offset);
        found.push((*name, *offset, end, deepest));
    }
    found
}

/// Functions over [`MAX_FUNCTION_LINES`] lines (from `fn` to the closing brace) or nested
/// deeper than [`MAX_FUNCTION_DEPTH`]. A macro table is not a fn; a nested fn is measured on
/// its own and also counts towards the lines of the fn around it.
fn oversized_functions(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        for (name, start, end, depth) in functions(text) {
            let line = text[..start].matches('\n').count() + 1;
            let lines = text[start..end].matches('\n').count() + 1;
            if lines > MAX_FUNCTION_LINES || depth > MAX_FUNCTION_DEPTH {
                found.push(format!(
                    "src/{path}:{line}: fn {name}: {lines} lines, nested {depth} deep"
                ));
            }
        }
    }
    found
}

#[test]
fn no_function_is_over_100_lines_or_nested_deeper_than_6() {
    let found = oversized_functions(&sources());
    assert!(
        found.is_empty(),
        "functions to split:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_long_or_deep_function_fails() {
    let long = format!("fn long() {{\n{}}}\n", "    step();\n".repeat(99));
    let short = format!("fn short() {{\n{}}}\n", "    step();\n".repeat(98));
    let deep = "fn deep() { { { { { { { { x(); } } } } } } } }\n";
    let tricky = "fn tricky() { let s = \"{{{{{{{{\"; let r = r#\"}}}\"#; let c = '{'; }\n\
                  fn pointer(f: fn(u32) -> u32) -> u32 { f(1) }\n";
    let files: Vec<(String, String)> = [long.as_str(), short.as_str(), deep, tricky]
        .iter()
        .enumerate()
        .map(|(index, text)| (format!("f{index}.rs"), text.to_string()))
        .collect();
    assert_eq!(
        oversized_functions(&files),
        [
            "src/f0.rs:1: fn long: 101 lines, nested 0 deep",
            "src/f2.rs:1: fn deep: 1 lines, nested 7 deep"
        ]
    );
}
