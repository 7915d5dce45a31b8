//! `--deny-unknown-markers`: the marker comments of the root packages that controller-gen's
//! CRD generator silently ignores, and that were probably meant for it — a misspelt name
//! (within two edits of a marker controller-gen knows), an unknown name in a namespace
//! controller-gen owns (`+kubebuilder:validation:…`), a `+kubebuilder:` marker where
//! controller-gen does not read it (on a field instead of a type), or one the pinned release
//! does not read yet.
//!
//! Other tools' markers are never reported: names of controller-gen's other generators
//! (`+kubebuilder:rbac`, `+kubebuilder:object:root`, …), every marker union-gen's registry
//! knows (`+enum`, `+k8s:…`, `+listType`), and anything not close to a controller-gen name
//! (`+genclient`, `+kubebuilder:scaffold:…`, `+kubebuilder:docs-gen:…`).

use super::findings;
use super::markers::{self, Target};
use crate::controller_gen_versions::{first_release, Behaviour};
use crate::diag::Diagnostic;
use crate::source::Span;

/// A marker comment controller-gen does not read where it is written.
#[derive(Debug, Clone)]
pub struct Ignored {
    /// The comment's text from `+`, trimmed.
    pub text: String,
    pub span: Span,
    pub target: Target,
}

/// The markers of controller-gen's other generators (rbac, webhook, object,
/// applyconfiguration): known, never reported.
const OTHER_GENERATORS: &[&str] = &[
    "kubebuilder:rbac",
    "kubebuilder:webhook",
    "kubebuilder:webhookconfiguration",
    "kubebuilder:object:generate",
    "kubebuilder:object:root",
    "k8s:deepcopy-gen",
    "k8s:deepcopy-gen:interfaces",
    "kubebuilder:ac:generate",
    "kubebuilder:ac:output:package",
];

/// Namespaces whose every name is controller-gen's: an unknown one there is a mistake.
const OWNED_PREFIXES: &[&str] = &[
    "kubebuilder:validation:",
    "kubebuilder:subresource:",
    "kubebuilder:pruning:",
];

/// Why an ignored marker is reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Not a marker controller-gen knows; `similar`: the known name it is probably a typo of.
    Unknown {
        name: String,
        similar: Option<&'static str>,
    },
    /// Known on other targets only.
    Misplaced {
        name: String,
        here: Target,
        read_on: Vec<Target>,
    },
    /// Read from a later release on.
    Later {
        name: String,
        pinned: String,
        from: String,
    },
}

/// The findings about the ignored markers, once per comment, in source order.
pub fn check(ignored: &[Ignored], behaviour: &Behaviour) -> Vec<Diagnostic> {
    let mut seen: Vec<&Span> = Vec::new();
    let mut out = Vec::new();
    for marker in ignored {
        if seen.contains(&&marker.span) {
            continue;
        }
        seen.push(&marker.span);
        if let Some(why) = classify(&marker.text, marker.target, behaviour) {
            out.push(findings::unknown_marker(marker.span.clone(), why));
        }
    }
    out
}

/// The names a marker comment can be looked up by, as controller-tools looks it up: the text
/// before `=`, and without its last `:segment` when there is a value.
fn lookup_names(text: &str) -> Vec<&str> {
    let body = text.strip_prefix('+').unwrap_or(text);
    let (anonymous, has_value) = match body.split_once('=') {
        Some((anonymous, _)) => (anonymous.trim(), true),
        None => (body.trim(), false),
    };
    let mut names = vec![anonymous];
    if has_value {
        if let Some((short, _)) = anonymous.rsplit_once(':') {
            names.push(short);
        }
    }
    names
}

/// Why controller-gen ignoring `text` at `target` is probably a mistake, if it is.
pub fn classify(text: &str, target: Target, behaviour: &Behaviour) -> Option<Why> {
    let names = lookup_names(text);
    let name = names[0];
    let plausible = |n: &str| {
        !n.is_empty()
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '_' | '.'))
    };
    if !plausible(name) || names.iter().any(|n| OTHER_GENERATORS.contains(n)) {
        return None;
    }
    let targets = [Target::Field, Target::Type, Target::Package];
    let ours = name.starts_with("kubebuilder:");
    if ours {
        if let Some(why) = misplaced_or_later(text, target, behaviour, &targets) {
            return Some(why);
        }
    }
    let known_anywhere = targets
        .iter()
        .any(|&t| markers::read(text, t, &Behaviour::newest()).is_some());
    let another_tools = names
        .iter()
        .any(|n| crate::markers::registry::lookup(n).is_some());
    if known_anywhere || another_tools {
        return None;
    }
    let similar = names.iter().find_map(|n| similar(n));
    let owned = OWNED_PREFIXES.iter().any(|p| name.starts_with(p));
    (similar.is_some() || owned).then(|| Why::Unknown {
        name: name.to_string(),
        similar,
    })
}

/// A `+kubebuilder:` marker known elsewhere (`Misplaced`) or later (`Later`).
fn misplaced_or_later(
    text: &str,
    target: Target,
    behaviour: &Behaviour,
    targets: &[Target],
) -> Option<Why> {
    let newest = Behaviour::newest();
    if let Some(change) = markers::introduced_in(text, target) {
        if !behaviour.has(change) && markers::read(text, target, &newest).is_some() {
            return Some(Why::Later {
                name: markers::registered_name(text, target)?.to_string(),
                pinned: behaviour.version().to_string(),
                from: first_release(change),
            });
        }
    }
    let read_on: Vec<Target> = targets
        .iter()
        .copied()
        .filter(|&t| t != target && markers::read(text, t, behaviour).is_some())
        .collect();
    let name = markers::registered_name(text, *read_on.first()?)?.to_string();
    Some(Why::Misplaced {
        name,
        here: target,
        read_on,
    })
}

/// The controller-gen marker `name` is probably a typo of: within two edits, both at least
/// five characters long.
fn similar(name: &str) -> Option<&'static str> {
    if name.len() < 5 {
        return None;
    }
    markers::names()
        .chain(OTHER_GENERATORS.iter().copied())
        .filter(|known| known.len() >= 5 && known.len().abs_diff(name.len()) <= 2)
        .map(|known| (strsim::levenshtein(name, known), known))
        .filter(|(distance, _)| *distance <= 2)
        .min()
        .map(|(_, known)| known)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(text: &str, target: Target, version: &str) -> Option<Why> {
        classify(text, target, &Behaviour::at(version).unwrap())
    }

    #[test]
    fn misspelt_names_are_reported_with_the_known_one() {
        assert_eq!(
            why(
                "+kubebuilder:validation:MaxLenght=5",
                Target::Field,
                "v0.21.0"
            ),
            Some(Why::Unknown {
                name: "kubebuilder:validation:MaxLenght".into(),
                similar: Some("kubebuilder:validation:MaxLength"),
            })
        );
        assert_eq!(
            why("+optinal", Target::Field, "v0.21.0"),
            Some(Why::Unknown {
                name: "optinal".into(),
                similar: Some("optional"),
            })
        );
        assert!(matches!(
            why("+kubebuilder:subresources:status", Target::Type, "v0.21.0"),
            Some(Why::Unknown {
                similar: Some("kubebuilder:subresource:status"),
                ..
            })
        ));
        assert!(matches!(
            why(
                "+kubebuilder:printcolum:name=Age,type=date,JSONPath=.x",
                Target::Type,
                "v0.21.0"
            ),
            Some(Why::Unknown {
                similar: Some("kubebuilder:printcolumn"),
                ..
            })
        ));
        assert!(matches!(
            why(
                "+kubebuilder:validation:Frobnicate",
                Target::Field,
                "v0.21.0"
            ),
            Some(Why::Unknown { similar: None, .. })
        ));
    }

    #[test]
    fn other_tools_markers_are_not_reported() {
        for (text, target) in [
            ("+genclient", Target::Type),
            ("+genclient:nonNamespaced", Target::Type),
            (
                "+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
                Target::Type,
            ),
            ("+kubebuilder:object:root=true", Target::Type),
            (
                "+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get",
                Target::Package,
            ),
            ("+kubebuilder:scaffold:imports", Target::Package),
            ("+kubebuilder:docs-gen:collapse=Kubernetes", Target::Type),
            ("+enum", Target::Type),
            ("+listType=atomic", Target::Type),
            ("+k8s:openapi-gen=true", Target::Package),
            ("+k8s:minimum=1", Target::Field),
            ("+protobuf=true", Target::Field),
            ("+1 for this", Target::Field),
            ("+", Target::Field),
        ] {
            assert_eq!(why(text, target, "v0.21.0"), None, "{text}");
        }
    }

    #[test]
    fn markers_where_controller_gen_does_not_read_them() {
        assert_eq!(
            why(
                "+kubebuilder:printcolumn:name=Age,type=date,JSONPath=.x",
                Target::Field,
                "v0.21.0"
            ),
            Some(Why::Misplaced {
                name: "kubebuilder:printcolumn".into(),
                here: Target::Field,
                read_on: vec![Target::Type],
            })
        );
        assert_eq!(
            why(
                "+kubebuilder:validation:ExactlyOneOf=a;b",
                Target::Type,
                "v0.18.0"
            ),
            Some(Why::Later {
                name: "kubebuilder:validation:ExactlyOneOf".into(),
                pinned: "v0.18.0".into(),
                from: "v0.19.0".into(),
            })
        );
        assert_eq!(
            why(
                "+kubebuilder:validation:ExactlyOneOf=a;b",
                Target::Type,
                "v0.19.0"
            ),
            None,
            "read there: never ignored"
        );
    }
}
