//! `union-gen crd`: adds what controller-gen leaves out of a CRD manifest — the `enum` lists of
//! `+enum` string types and the union CEL rules of [`cel::plan`] — keeping every other byte of
//! the file. The rules are planned and self-checked against the manifest's own schema (its
//! `enum`s, `default`s and `required`, which may differ from the Go types); a rule already
//! present (the same parsed CEL, [`cel::RuleKey`]) is not added again.
//!
//! Enum lists are added only for the project's own `+enum` types (SPEC §4; dependencies' lists
//! are informational in Kubernetes) unless [`Options::dependency_enums`]. What `crd` owns stays
//! true: a list of a deduced enum (no explicit `Enum` marker) that differs from the deduced
//! values is rewritten, and a rule in one of union-gen's forms ([`cel::is_generated`]) that it
//! would not write now is removed.
//!
//! For each `apiextensions.k8s.io/v1` `CustomResourceDefinition` document and each of its
//! `spec.versions`, the Go root type is `spec.names.kind` in the input package whose
//! `+groupName` is `spec.group` and whose version (`+versionName`, else the package name) is
//! the version's `name`. The version's `openAPIV3Schema` is walked alongside the Go fields
//! (JSON names; `properties`, `items`, `additionalProperties`).
//!
//! yaml_serde (the YAML organisation's maintained serde_yaml) reads the structure; the file
//! is changed by inserting lines (and replacing or removing the lines of what `crd` owns), at
//! places found by [`block`], a locator for controller-gen's block-style YAML. The result is
//! read again and must equal the original structure plus exactly the changes, or nothing is
//! written.
//!
//! Input: the [`ApiModel`], the loaded packages (for `+groupName`), CRD file texts. Output:
//! patched texts, diagnostics. Must not know: Go syntax, OpenAPI document layout.

//!
//! Files: `index` the Go roots, `patch` one manifest's text (documents, versions, the
//! insertions applied), `walk` a version's schema alongside its Go struct, `budget` the
//! API server's cost limits, `insert` changes as block-YAML lines, `readback` the
//! self-check; this file is the command's run over every manifest and its diagnostics.

pub(crate) mod block;
mod budget;
mod index;
mod insert;
mod patch;
mod readback;
mod walk;

use std::collections::HashMap;
use std::path::PathBuf;

use yaml_serde::Value;

pub use budget::{rule_costs, RuleCost};
pub use index::Index;
pub use patch::{patch, Patched};

use crate::diag::{Code, Diagnostic};
use crate::model::{ApiModel, TypeName};
use crate::schema::cel;
use crate::source::{FileId, SourceFile, SourceMap, Span};
use patch::{documents, parse_document, split_lines, text_of};

/// Byte span of 0-based `line` of a manifest (its line ending left out), through the file's
/// line index: a manifest may have thousands of findings.
fn line_span(file: FileId, source: &SourceFile, line: usize) -> Span {
    let range = source.line_range(line);
    let content = source.text[range.clone()]
        .trim_end_matches('\n')
        .trim_end_matches('\r');
    Span::new(file, range.start..range.start + content.len())
}

/// What `crd` works on.
#[derive(Debug, Clone)]
pub struct Options {
    /// CRD manifests written by controller-gen.
    pub files: Vec<PathBuf>,
    /// Go package directories or patterns holding the API types.
    pub packages: Vec<String>,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Add the deduced `enum` lists of dependencies' `+enum` types too (`--dependency-enums`).
    pub dependency_enums: bool,
    /// Replace read-only manifests too (`--force`).
    pub force: bool,
}

/// One manifest: its text as read, and its patched text unless it cannot be patched.
pub struct Manifest {
    pub path: PathBuf,
    pub text: String,
    pub patched: Option<Patched>,
}

/// The result of [`run`], before anything is printed or written.
pub struct Outcome {
    /// Go sources and manifests, for rendering diagnostics.
    pub sources: SourceMap,
    pub diagnostics: Vec<Diagnostic>,
    /// The manifests that could be read, in the order given.
    pub manifests: Vec<Manifest>,
    /// Manifests that could not be read (missing, not UTF-8): one message each.
    pub unreadable: Vec<String>,
}

impl Outcome {
    /// Some manifest cannot be read or patched without reformatting it (exit 2).
    pub fn environment_failed(&self) -> bool {
        !self.unreadable.is_empty()
            || self
                .diagnostics
                .iter()
                .any(|d| d.code == Code::CrdNotPatchable)
    }
}

/// `(group, version, kind)` of every version of every `CustomResourceDefinition` in a
/// manifest's text: the roots of `crd` (SPEC §3). What cannot be read is left to `patch`,
/// which reports it.
pub fn kinds(text: &str) -> Vec<(String, String, String)> {
    let lf = patch::cr_only_as_lf(text);
    let text = lf.as_deref().unwrap_or(text);
    let (with_endings, lines) = split_lines(text);
    let Ok(segments) = documents(&lines) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for range in segments {
        let Ok(value) = parse_document(&text_of(&with_endings, range.clone()), range.start) else {
            continue;
        };
        if value.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
            continue;
        }
        let spec = value.get("spec");
        let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
        let group = text(spec.and_then(|s| s.get("group")));
        let kind = text(
            spec.and_then(|s| s.get("names"))
                .and_then(|n| n.get("kind")),
        );
        let (Some(group), Some(kind)) = (group, kind) else {
            continue;
        };
        let versions = spec
            .and_then(|s| s.get("versions"))
            .and_then(Value::as_sequence);
        for version in versions.into_iter().flatten() {
            if let Some(name) = text(version.get("name")) {
                out.push((group.clone(), name, kind.clone()));
            }
        }
    }
    out
}

/// The manifests' texts as read, before any analysis.
pub struct Manifests {
    texts: Vec<(PathBuf, String)>,
    /// Manifests that could not be read (missing, not UTF-8): one message each.
    unreadable: Vec<String>,
}

impl Manifests {
    pub fn read(files: &[PathBuf]) -> Manifests {
        let mut texts = Vec::new();
        let mut unreadable = Vec::new();
        for path in files {
            // A regular file, bounded: a FIFO a glob matched would block the run, and a huge
            // file would be held whole (with its patched copy) in memory.
            let read =
                crate::source::read_regular_file_at_most(path, crate::limits::MANIFEST_BYTES);
            match read.map(String::from_utf8) {
                Ok(Ok(text)) => texts.push((path.clone(), text)),
                Ok(Err(_)) => unreadable.push(format!("{} is not UTF-8", path.display())),
                Err(error) => unreadable.push(format!("cannot read {}: {error}", path.display())),
            }
        }
        Manifests { texts, unreadable }
    }

    /// Manifests already in memory (`controller-gen --with-crd-patch`).
    pub fn from_texts(texts: Vec<(PathBuf, String)>) -> Manifests {
        Manifests {
            texts,
            unreadable: Vec::new(),
        }
    }

    /// The roots of `crd` (SPEC §3): every version of every CRD the manifests hold.
    pub fn roots(&self) -> crate::resolve::Roots {
        crate::resolve::Roots::Kinds(self.texts.iter().flat_map(|(_, t)| kinds(t)).collect())
    }
}

/// The diagnostics of one patched manifest: no CRD in it, rules over budget, CRDs skipped.
fn patch_diagnostics(id: FileId, text: &SourceFile, patched: &Patched) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if patched.crds == 0 {
        out.push(
            Diagnostic::new(
                Code::CrdSkipped,
                line_span(id, text, 0),
                "no CustomResourceDefinition in this file: nothing to patch",
            )
            .with_help(
                "pass controller-gen's CRD manifests (config/crd/bases/*.yaml); Go \
                 packages go after `--packages`",
            ),
        );
    }
    for finding in &patched.budget {
        let span = line_span(id, text, finding.line);
        out.push(finding.over.clone().into_diagnostic(span));
    }
    for finding in &patched.skipped {
        out.push(
            Diagnostic::new(
                Code::CrdSkipped,
                line_span(id, text, finding.line),
                finding.message.clone(),
            )
            .with_help(
                "pass the package of the Go types with `--packages` and give it a \
                 `+groupName=` marker (doc.go / groupversion_info.go)",
            ),
        );
    }
    out
}

/// One diagnostic for the properties left without their dependency's enum list: how many,
/// which types, where the first is.
fn dependency_enums_diagnostic(
    sources: &SourceMap,
    dependency_enums: &[(FileId, usize, String, TypeName)],
) -> Option<Diagnostic> {
    let (id, line, field, _) = dependency_enums.first()?;
    let text = sources.get(*id);
    let mut types: Vec<String> = dependency_enums
        .iter()
        .map(|(.., ty)| format!("`{ty}`"))
        .collect();
    types.sort();
    types.dedup();
    let shown = types.len().min(4);
    let more = types.len() - shown;
    let types = format!(
        "{}{}",
        types[..shown].join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
    Some(
        Diagnostic::new(
            Code::CrdDependencyEnumsSkipped,
            line_span(*id, text, *line),
            format!(
                "the `enum` lists of {} propert{} whose `+enum` type belongs to a dependency \
                 were not added ({types}; the first is `{field}`): Kubernetes' built-in \
                 enums are informational, and in a CRD a list is enforced",
                dependency_enums.len(),
                if dependency_enums.len() == 1 {
                    "y"
                } else {
                    "ies"
                },
            ),
        )
        .with_help(
            "nothing to do: controller-gen writes no such lists either; `--dependency-enums` \
             adds them anyway (see `union-gen explain crd/dependency-enums-skipped`)",
        ),
    )
}

/// Patches every manifest in memory with the analysis of the manifests' roots (the caller
/// runs the orchestrator, `pipeline::analyse`, with [`Manifests::roots`]).
/// `Err` is an environment failure in the Go packages (bad pattern, no worker threads).
pub fn run(
    options: &Options,
    manifests: Manifests,
    loaded: crate::load::Loaded,
    model: ApiModel,
    mut diagnostics: Vec<Diagnostic>,
) -> Outcome {
    let Manifests { texts, unreadable } = manifests;
    // Strategic merge patch does not apply to custom resources: the `patchStrategy` markers
    // and tags mean nothing to a CRD, so their disagreement must not stop `crd`.
    diagnostics.retain(|d| d.code != Code::FieldPatchTagsMismatch);
    let mut sources: SourceMap = loaded.sources;
    let index = Index::new(
        &model,
        &loaded.packages,
        &loaded.project,
        options.dependency_enums,
    );
    let mut manifests = Vec::new();
    // Properties left without their dependency enum list: (manifest, line, field, type).
    let mut dependency_enums: Vec<(FileId, usize, String, TypeName)> = Vec::new();
    for (path, text) in texts {
        // A CR-only manifest is shown with LF endings: the same offsets, lines a terminal
        // and the line counter see.
        let shown = patch::cr_only_as_lf(&text).unwrap_or_else(|| text.clone());
        let id = sources.add(SourceFile::new(path.clone(), shown));
        let patched = match patch(&text, &index) {
            Ok(patched) => {
                dependency_enums.extend(
                    patched
                        .dependency_enums
                        .iter()
                        .map(|(line, field, ty)| (id, *line, field.clone(), ty.clone())),
                );
                diagnostics.extend(patch_diagnostics(id, sources.get(id), &patched));
                Some(patched)
            }
            Err(finding) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::CrdNotPatchable,
                        line_span(id, sources.get(id), finding.line),
                        finding.message,
                    )
                    .with_help(
                        "write the CRD as controller-gen does (block style, `key:` lines, `- ` \
                         items), or add the enum lists and rules by hand",
                    ),
                );
                None
            }
        };
        manifests.push(Manifest {
            path: path.clone(),
            text,
            patched,
        });
    }
    if let Some(diagnostic) = dependency_enums_diagnostic(&sources, &dependency_enums) {
        diagnostics.push(diagnostic);
    }
    // A struct's unwritten rules are reported once, however many manifests walk it.
    let spans: HashMap<&TypeName, &Span> = model
        .definitions
        .iter()
        .map(|d| (&d.name, &d.span))
        .collect();
    let mut reported: Vec<&(TypeName, cel::Finding)> = Vec::new();
    for finding in manifests
        .iter()
        .filter_map(|m| m.patched.as_ref())
        .flat_map(|p| &p.cel)
    {
        if reported.contains(&finding) {
            continue;
        }
        reported.push(finding);
        let (name, finding) = finding;
        if let Some(span) = spans.get(name) {
            diagnostics.push(finding.diagnostic(&name.name, (*span).clone()));
        }
    }
    Outcome {
        sources,
        diagnostics,
        manifests,
        unreadable,
    }
}

#[cfg(test)]
mod tests {
    use super::insert::scalar;
    use super::*;

    #[test]
    fn scalars_read_back() {
        for value in [
            "Small",
            "",
            "true",
            "1",
            "a: b",
            "it's",
            "!has(self.a)",
            "- x",
            "x #y",
            "tab\there",
            "new\nline",
            "(has(self.a) ? 1 : 0) == 1",
        ] {
            let text = scalar(value);
            assert_eq!(
                yaml_serde::from_str::<Value>(&format!("k: {text}")).unwrap()["k"],
                Value::String(value.into()),
                "{value:?} as {text}"
            );
        }
        assert_eq!(scalar("Small"), "Small");
        // YAML 1.1 (Kubernetes' reader) would read these as booleans, null or numbers.
        for special in [
            "off", "On", "yes", "Y", "n", "NO", "null", "~", "0x1F", "1_000", ".5", "-1e3",
        ] {
            assert!(
                scalar(special).starts_with('\''),
                "{special} -> {}",
                scalar(special)
            );
        }
        for plain in ["offline", "Express", "no-cache", "expired", "v1"] {
            assert_eq!(scalar(plain), plain);
        }
        assert_eq!(scalar("a: b"), "'a: b'");
    }

    #[test]
    fn splits_documents() {
        let lines = ["# c", "---", "a: 1", "--- # x", "b: 2", "..."];
        assert_eq!(documents(&lines).unwrap(), vec![0..1, 2..3, 4..5, 6..6]);
        assert!(documents(&["--- {a: 1}"]).is_err());
    }
}
