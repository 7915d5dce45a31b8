//! controller-gen's `rbac` and `webhook` generators: the package-level markers of the root
//! packages → Kubernetes objects (ClusterRole/Role, Mutating/ValidatingWebhookConfiguration)
//! as JSON values, file by file, in the pinned release's way; controller-gen's refusals as
//! diagnostics at the marker.
//!
//! Input: each root package's files (id and text, in controller-gen's order). Output:
//! [`Generated`]: file names with their objects, for the YAML writer (each object a `---`
//! document, after the header), and diagnostics. Must not know: argv, the YAML layout, where
//! files go.
//!
//! Markers are found where controller-gen finds package markers
//! ([`crate::syntax::package_markers`]) and read with its argument grammar
//! ([`crate::markers::controller_gen`]). Beside controller-gen's refusals (`rbac/invalid`,
//! `webhook/invalid`: nothing is written), two warnings say what controller-gen does silently:
//! a marker in a doc comment it never reads (`marker/ignored`), and a name within two edits of
//! the generator's (`marker/unknown-similar`).

pub mod rbac;
pub mod webhook;

use serde_json::Value;

use crate::diag::{Code, Diagnostic};
use crate::markers::controller_gen::{self, ArgDef, Parsed};
use crate::markers::registry::{self, Family};
use crate::resolve::marker_findings::MarkerFinding;
use crate::source::{FileId, Span};
use crate::syntax::package_markers::{self, CommentPlace, Declaration};

/// One root package: its files, in the order controller-gen reads them.
#[derive(Debug, Clone, Copy)]
pub struct Package<'a> {
    pub files: &'a [(FileId, &'a str)],
}

/// What a generator writes: files (name and objects, in order) and diagnostics.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    pub files: Vec<(String, Vec<Value>)>,
    pub diagnostics: Vec<Diagnostic>,
}

/// One package-level marker of a generator, read.
#[derive(Debug, Clone)]
pub(crate) struct MarkerSet {
    /// The marker's name as registered (`kubebuilder:rbac`).
    pub name: &'static str,
    /// The marker text (from `+`).
    pub span: Span,
    pub parsed: Parsed,
}

impl MarkerSet {
    /// Where the argument `name=` is written, else the marker.
    pub fn argument_span(&self, name: &str, text: &str) -> Span {
        let Some(marker) = text.get(self.span.bytes()) else {
            return self.span.clone();
        };
        let found = [",", ":", "="].iter().find_map(|before| {
            let needle = format!("{before}{name}=");
            marker.find(&needle).map(|at| at + before.len())
        });
        match found {
            Some(at) => {
                let start = self.span.start as usize + at;
                let value_end = marker[at..].find(',').map_or(marker.len(), |end| at + end);
                Span::new(self.span.file, start..self.span.start as usize + value_end)
            }
            None => self.span.clone(),
        }
    }
}

/// Other generators' package markers: never taken for a misspelling of this one's
/// (`+kubebuilder:ac:generate` is two edits from `+kubebuilder:rbac`).
const OTHER_PACKAGE_MARKERS: &[&str] = &[
    "kubebuilder:ac:generate",
    "kubebuilder:ac:output:package",
    "kubebuilder:ac",
    "kubebuilder:ac:output",
    "groupName",
    "versionName",
    "kubebuilder:validation:Optional",
    "kubebuilder:validation:Required",
    "kubebuilder:skip",
    "kubebuilder:object:generate",
    "kubebuilder:object",
    "k8s:deepcopy-gen",
    "kubebuilder:rbac",
    "kubebuilder:webhook",
    "kubebuilder:webhookconfiguration",
];

/// The markers named in `defs` (name, arguments) of every package, read in controller-gen's
/// order; a marker controller-gen refuses is a `refusal` diagnostic and is left out.
pub(crate) fn read_markers(
    packages: &[Package],
    defs: &[(&'static str, &[ArgDef])],
    refusal: Code,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Vec<MarkerSet>> {
    let names: Vec<&'static str> = defs.iter().map(|(name, _)| *name).collect();
    packages
        .iter()
        .map(|package| {
            let mut found = Vec::new();
            for (file, text) in package.files {
                for marker in package_markers::package_markers(*file, text) {
                    let Some(name) = controller_gen::lookup(&marker.text, &names) else {
                        suggest(&marker, &names, diagnostics);
                        continue;
                    };
                    if let CommentPlace::Declaration(declaration) = &marker.place {
                        diagnostics.push(ignored(marker.span.clone(), name, declaration));
                        continue;
                    }
                    let args = defs
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map_or(&[][..], |d| d.1);
                    let parsed = controller_gen::parse_struct(&marker.text, args);
                    if !parsed.errors.is_empty() {
                        diagnostics.push(refused(refusal, &marker.span, name, &parsed));
                        continue;
                    }
                    found.push(MarkerSet {
                        name,
                        span: marker.span,
                        parsed,
                    });
                }
            }
            found
        })
        .collect()
}

/// A package-level marker whose name is two edits from one of `names`, and no other
/// generator's: a warning with the name.
fn suggest(
    marker: &package_markers::CommentMarker,
    names: &[&'static str],
    diagnostics: &mut Vec<Diagnostic>,
) {
    if marker.place != CommentPlace::Package && marker.place != CommentPlace::AboveType {
        return;
    }
    let (name, anonymous, _) = controller_gen::split_marker(&marker.text);
    if [name, anonymous]
        .iter()
        .any(|n| OTHER_PACKAGE_MARKERS.contains(n))
    {
        return;
    }
    // The registry's rows of this generator's markers (`names` are the release's).
    let Some(known) = registry::KINDS
        .iter()
        .map(|kind| kind.def())
        .filter(|def| def.family == Family::ControllerGenManifest && names.contains(&def.name))
        .map(|def| def.name)
        .filter(|known| strsim::levenshtein(name, known) <= 2)
        .min_by_key(|known| strsim::levenshtein(name, known))
    else {
        return;
    };
    let span = Span::new(
        marker.span.file,
        marker.span.start as usize..marker.span.start as usize + 1 + name.len(),
    );
    let finding = MarkerFinding::UnknownSimilar {
        span,
        name: name.to_string(),
        known,
        union: false,
    };
    diagnostics.push(finding.into_diagnostic());
}

fn ignored(span: Span, name: &str, declaration: &Declaration) -> Diagnostic {
    let what = declaration.describe();
    Diagnostic::new(
        Code::MarkerIgnored,
        span,
        format!(
            "controller-gen ignores this `+{name}` marker: it is part of the doc comment of \
             `{what}`, and package markers are read only outside doc comments"
        ),
    )
    .with_help(format!("put a blank line between the marker and `{what}`"))
}

/// `check`, `generate`: the rbac and webhook markers of `packages` as the newest release reads them (the
/// `controller-gen` command checks them as the pinned release does): refusals and warnings,
/// nothing generated.
pub fn check(packages: &[Package]) -> Vec<Diagnostic> {
    let newest = crate::controller_gen_versions::Behaviour::newest();
    let options = rbac::Options {
        role_name: "check".to_string(),
        file_name: None,
    };
    let mut diagnostics = rbac::generate(packages, &options, &newest).diagnostics;
    diagnostics.extend(webhook::generate(packages, &newest).diagnostics);
    diagnostics
}

/// controller-gen's refusal of a marker's arguments, at the first error.
fn refused(code: Code, marker: &Span, name: &str, parsed: &Parsed) -> Diagnostic {
    let first = &parsed.errors[0];
    let span = match &first.range {
        Some(range) => Span::new(
            marker.file,
            marker.start as usize + range.start..marker.start as usize + range.end,
        ),
        None => marker.clone(),
    };
    let more: Vec<&str> = parsed.errors[1..]
        .iter()
        .map(|e| e.message.as_str())
        .collect();
    let mut message = format!("`+{name}`: {}", first.message);
    if !more.is_empty() {
        message.push_str(&format!(" (and: {})", more.join("; ")));
    }
    refusal(code, span, message)
}

/// A refusal of controller-gen (`rbac/invalid`, `webhook/invalid`), in its words.
pub(crate) fn refusal(code: Code, span: Span, message: String) -> Diagnostic {
    Diagnostic::new(code, span, message)
        .with_help("controller-gen fails on this marker too; nothing is written until it is fixed")
}
