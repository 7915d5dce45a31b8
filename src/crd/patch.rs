//! One manifest's text → its patched text: the documents split, each CRD's versions walked
//! ([`walk`](super::walk)) and budgeted ([`budget`](super::budget)), the changes turned into
//! line insertions ([`insert`](super::insert)) and applied, the result read back
//! ([`readback`](super::readback)).

use std::ops::Range;

use yaml_serde::Value;

use super::block;
use super::budget::version_budget;
use super::index::Index;
use super::insert::{insertion, locate, Insertion};
use super::readback::{apply, self_check};
use super::walk::{drop_new_rules, Walker};
use crate::model::TypeName;
use crate::schema::cel::cost::Cardinality;
use crate::schema::cel::{self, Rule};

/// One step from a document's root to a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Step {
    Key(String),
    Index(usize),
}

/// Changes to one document, each at a path.
pub(super) type Additions = Vec<(Vec<Step>, Addition)>;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Addition {
    /// An `enum` list, added or (`replaces`) written over the manifest's stale one.
    Enum { values: Vec<String>, replaces: bool },
    /// Union rules: the manifest's rules union-gen wrote earlier and no longer writes
    /// (indices into its `x-kubernetes-validations`) removed, the new ones appended.
    Rules { stale: Vec<usize>, new: Vec<Rule> },
}

/// A finding about a CRD file, by 0-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub line: usize,
    pub message: String,
}

/// The outcome of patching one file.
#[derive(Debug, Clone, Default)]
pub struct Patched {
    pub text: String,
    /// `CustomResourceDefinition` documents in the file (of any apiVersion).
    pub crds: usize,
    /// `enum` lists added.
    pub enums: usize,
    /// Stale `enum` lists of deduced enums rewritten.
    pub rewritten_enums: usize,
    /// Union rules added.
    pub rules: usize,
    /// Union-gen's own earlier rules removed (no longer generated).
    pub removed_rules: usize,
    /// Properties of dependencies' `+enum` types left without a list (no
    /// `--dependency-enums`): (0-based line, field path, enum type).
    pub dependency_enums: Vec<(usize, String, TypeName)>,
    /// CRD versions left alone (no Go type, not `apiextensions.k8s.io/v1`).
    pub skipped: Vec<Finding>,
    /// Rules of the walked structs that were not written, once per struct and finding.
    pub cel: Vec<(TypeName, cel::Finding)>,
    /// Versions (and manifest rules) over the API server's cost limits (`cel/over-budget`).
    pub budget: Vec<BudgetFinding>,
}

/// A version whose rules together, or a rule already in the manifest, the API server would
/// estimate over its cost limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetFinding {
    pub line: usize,
    /// What is over which limit (the manifest's own rules: a warning; ours: an error).
    pub over: crate::schema::cel::over_budget::OverBudget,
}

/// Patches one CRD file's text. `Err`: the file cannot be patched without reformatting it
/// (or is not YAML); nothing must be written.
pub fn patch(text: &str, index: &Index) -> Result<Patched, Finding> {
    let (with_endings, lines) = split_lines(text);
    let segments = documents(&lines)?;
    let mut patched = Patched::default();
    let mut insertions: Vec<Insertion> = Vec::new();
    let mut expected: Vec<Option<Value>> = Vec::new();
    for range in &segments {
        let (value, additions) = match document_additions(
            &with_endings,
            &lines,
            range.clone(),
            index,
            &mut patched,
            &mut insertions,
        )? {
            Some(found) => found,
            None => {
                expected.push(None);
                continue;
            }
        };
        let mut value = value;
        for (path, addition) in &additions {
            apply(&mut value, path, addition);
        }
        expected.push((!additions.is_empty()).then_some(value));
    }
    if insertions.is_empty() {
        patched.text = text.to_string();
        return Ok(patched);
    }
    insertions.sort_by(|a, b| {
        (a.line, std::cmp::Reverse(a.indent), a.order).cmp(&(
            b.line,
            std::cmp::Reverse(b.indent),
            b.order,
        ))
    });
    let eol = if with_endings.first().is_some_and(|l| l.ends_with("\r\n")) {
        "\r\n"
    } else {
        "\n"
    };
    let mut out = String::with_capacity(text.len() + insertions.len() * 200);
    let mut next = insertions.iter().peekable();
    // Lines before this one are replaced or removed.
    let mut skip_until = 0;
    for (index, line) in with_endings.iter().enumerate() {
        while let Some(insertion) = next.next_if(|i| i.line == index) {
            for new in &insertion.lines {
                out.push_str(new);
                out.push_str(eol);
            }
            skip_until = skip_until.max(insertion.line + insertion.remove);
        }
        if index >= skip_until {
            out.push_str(line);
        }
    }
    let mut rest = next.peekable();
    if rest.peek().is_some() && !out.is_empty() && !out.ends_with('\n') {
        out.push_str(eol);
    }
    for insertion in rest {
        for new in &insertion.lines {
            out.push_str(new);
            out.push_str(eol);
        }
    }
    self_check(&out, &expected)?;
    patched.text = out;
    Ok(patched)
}

/// A text's lines with their line endings, and without (`\n` or `\r\n`).
pub(super) fn split_lines(text: &str) -> (Vec<&str>, Vec<&str>) {
    let with_endings: Vec<&str> = text.split_inclusive('\n').collect();
    let lines = with_endings
        .iter()
        .map(|l| l.trim_end_matches('\n').trim_end_matches('\r'))
        .collect();
    (with_endings, lines)
}

/// The line ranges of the YAML documents (between `---` / `...` lines).
pub(super) fn documents(lines: &[&str]) -> Result<Vec<Range<usize>>, Finding> {
    let mut out = Vec::new();
    let mut start = 0;
    for (index, line) in lines.iter().enumerate() {
        let marker = ["---", "..."].into_iter().find(|m| {
            line.strip_prefix(m)
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
        });
        let Some(marker) = marker else { continue };
        let after = line[marker.len()..].trim();
        if !after.is_empty() && !after.starts_with('#') {
            return Err(Finding {
                line: index,
                message: format!(
                    "content after `{marker}` on the same line (`{after}`); union-gen patches \
                     block-style YAML only"
                ),
            });
        }
        out.push(start..index);
        start = index + 1;
    }
    out.push(start..lines.len());
    Ok(out)
}

pub(super) fn text_of(with_endings: &[&str], range: Range<usize>) -> String {
    with_endings[range].concat()
}

pub(super) fn parse_document(text: &str, first_line: usize) -> Result<Value, Finding> {
    // The API server's bounds first (size, nesting, alias expansion): yaml_serde expands
    // aliases without a budget.
    if let Err(error) = crate::kube_yaml::check(text, 0) {
        return Err(Finding {
            line: first_line + text[..error.offset.min(text.len())].matches('\n').count(),
            message: format!("not valid YAML: {}", error.message),
        });
    }
    yaml_serde::from_str::<Value>(text).map_err(|error| Finding {
        line: first_line + error.location().map_or(0, |l| l.line().saturating_sub(1)),
        message: format!("not valid YAML: {error}"),
    })
}

/// For one document: its structure and the additions it needs (`None`: not a CRD); pushes
/// the insertions.
pub(super) fn document_additions(
    with_endings: &[&str],
    lines: &[&str],
    range: Range<usize>,
    index: &Index,
    patched: &mut Patched,
    insertions: &mut Vec<Insertion>,
) -> Result<Option<(Value, Additions)>, Finding> {
    let value = parse_document(&text_of(with_endings, range.clone()), range.start)?;
    if value.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
        return Ok(None);
    }
    patched.crds += 1;
    let Some(tree) = block::parse(lines, range.clone()) else {
        return Ok(None);
    };
    let doc_line = tree.entry("kind").map_or(range.start, |entry| entry.line);
    let api_version = value.get("apiVersion").and_then(Value::as_str);
    if api_version != Some("apiextensions.k8s.io/v1") {
        patched.skipped.push(Finding {
            line: doc_line,
            message: format!(
                "a CustomResourceDefinition of {} is not patched: only apiextensions.k8s.io/v1 is",
                api_version.unwrap_or("no apiVersion")
            ),
        });
        return Ok(None);
    }
    let (group, kind, versions) = crd_spec(&value);
    let mut walker = Walker::new(index);
    for (number, version) in versions.iter().enumerate() {
        let Some(schema) = version
            .get("schema")
            .and_then(|s| s.get("openAPIV3Schema"))
            .and_then(Value::as_mapping)
        else {
            continue;
        };
        let name = version
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let mut path = vec![
            Step::Key("spec".into()),
            Step::Key("versions".into()),
            Step::Index(number),
        ];
        let Some((type_name, def)) = index.root(group, name, kind) else {
            let line = locate(&tree, &path).map_or(doc_line, |(_, line)| line);
            patched.skipped.push(Finding {
                line,
                message: format!(
                    "no Go type for {kind} of {group}/{name}: no input package with \
                     `+groupName={group}` and version `{name}` (package name or \
                     `+versionName`) declares a struct `{kind}`; this version is left as it is"
                ),
            });
            continue;
        };
        path.push(Step::Key("schema".into()));
        path.push(Step::Key("openAPIV3Schema".into()));
        let first_addition = walker.additions.len();
        walker.cardinality = Cardinality::ROOT;
        walker.enclosing.clear();
        walker.added.clear();
        walker.walk_struct(&type_name, def, schema, &mut path);
        let version_line = locate(&tree, &path[..3]).map_or(doc_line, |(_, line)| line);
        // The stale rules go: they count no more in the version's cost.
        let stale = stale_rule_paths(&walker.additions[first_addition..]);
        if version_budget(
            &tree,
            schema,
            &path,
            name,
            version_line,
            &walker.added,
            &stale,
            &mut patched.budget,
        ) {
            // Over the per-version limit with union-gen's rules: none of them is written
            // (stale ones are still removed).
            drop_new_rules(&mut walker.additions, first_addition);
        }
    }
    let additions = record_walk(&tree, doc_line, walker, patched, insertions)?;
    Ok(Some((value, additions)))
}

/// A CRD's group, kind and versions, empty where missing.
pub(super) fn crd_spec(value: &Value) -> (&str, &str, &[Value]) {
    let spec = value.get("spec");
    let group = spec
        .and_then(|s| s.get("group"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let kind = spec
        .and_then(|s| s.get("names"))
        .and_then(|n| n.get("kind"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let versions = spec
        .and_then(|s| s.get("versions"))
        .and_then(Value::as_sequence)
        .map(Vec::as_slice)
        .unwrap_or_default();
    (group, kind, versions)
}

/// The schema paths of the stale rules among `additions`, each to its `x-kubernetes-validations`
/// entry.
pub(super) fn stale_rule_paths(additions: &[(Vec<Step>, Addition)]) -> Vec<Vec<Step>> {
    additions
        .iter()
        .flat_map(|(at, addition)| match addition {
            Addition::Rules { stale, .. } => stale
                .iter()
                .map(|i| {
                    let mut rule = at.clone();
                    rule.push(Step::Key(cel::EXTENSION.into()));
                    rule.push(Step::Index(*i));
                    rule
                })
                .collect(),
            Addition::Enum { .. } => Vec::new(),
        })
        .collect()
}

/// Pushes the insertions of one document's walk and counts it into `patched`; gives back its
/// additions.
pub(super) fn record_walk(
    tree: &block::Node,
    doc_line: usize,
    walker: Walker,
    patched: &mut Patched,
    insertions: &mut Vec<Insertion>,
) -> Result<Additions, Finding> {
    let offset = block::sequence_offset(tree).unwrap_or(0);
    for (path, addition) in &walker.additions {
        let order = insertions.len();
        insertions.extend(insertion(tree, path, addition, offset, order)?);
        match addition {
            Addition::Enum {
                replaces: false, ..
            } => patched.enums += 1,
            Addition::Enum { replaces: true, .. } => patched.rewritten_enums += 1,
            Addition::Rules { stale, new } => {
                patched.rules += new.len();
                patched.removed_rules += stale.len();
            }
        }
    }
    for (path, enum_type) in walker.dependency_enums {
        let line = locate(tree, &path).map_or(doc_line, |(_, line)| line);
        patched
            .dependency_enums
            .push((line, field_path(&path), enum_type));
    }
    for finding in walker.cel {
        if !patched.cel.contains(&finding) {
            patched.cel.push(finding);
        }
    }
    Ok(walker.additions)
}

/// The field a schema path describes, as a user reads it: `spec.routes[*].backend` for
/// `….openAPIV3Schema.properties.spec.properties.routes.items.properties.backend`; `<root>`
/// for the version's root.
pub(super) fn field_path(path: &[Step]) -> String {
    let start = path
        .iter()
        .position(|s| matches!(s, Step::Key(k) if k == "openAPIV3Schema"))
        .map_or(0, |i| i + 1);
    let mut out = String::new();
    let mut steps = path[start..].iter();
    while let Some(step) = steps.next() {
        match step {
            Step::Key(k) if k == "properties" => {
                if let Some(Step::Key(name)) = steps.next() {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
            }
            Step::Key(k) if k == "items" || k == "additionalProperties" => out.push_str("[*]"),
            Step::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    if out.is_empty() {
        "<root>".into()
    } else {
        out
    }
}

pub(super) fn path_text(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}
