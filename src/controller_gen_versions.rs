//! controller-gen's output-visible history: what `controller-gen` writes depends on the
//! version of controller-tools a project pins, so `union-gen controller-gen` writes what
//! that version writes. Every change between the releases real projects pin (v0.15 on) that
//! changes the bytes of a CRD is one row of [`TABLE`]; a version has a change iff it is at or
//! after the release that shipped it. The version itself is written into every CRD
//! (`controller-gen.kubebuilder.io/version`).
//!
//! Like [`crate::kube_openapi_versions`], the behaviour of a run is a plain value handed to
//! the stages that switch on it ([`Behaviour::has`]).

use std::path::Path;

/// One output-visible change of controller-gen's generators (or of what they accept).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
    /// A description keeps a blank line as one empty line (before: as two), and drops `TODO`
    /// lines and everything from a `---` line on, outside fenced code blocks.
    DocParagraphs,
    /// `+kubebuilder:validation:Required` / `Optional` (and `+required` / `+optional`) decide
    /// whatever the package default and `omitempty` (before: `Required` counted only in an
    /// optional-by-default package, `Optional` only in a required one).
    ExplicitPresence,
    /// `+default=<JSON>` and `+required` are read.
    KubernetesMarkers,
    /// `XValidation` takes `reason` and `fieldPath`.
    RuleReasonFieldPath,
    /// Flattening concatenates the validation rules of a type and its field (before: both
    /// kept apart in an `allOf`).
    MergeValidations,
    /// A bare `+groupName` names the empty group (before: a missing argument).
    OptionalGroupName,
    /// core/v1's `Protocol` is read from source (before: a fixed `{type: string, default: TCP}`).
    NoProtocolDefault,
    /// `+kubebuilder:selectablefield`.
    SelectableFields,
    /// `maxDescLen` cuts at a word and adds `...` when no sentence ends in the limit (before:
    /// the cut as it fell).
    TruncateWords,
    /// A type with `MarshalText` is a string.
    TextMarshaler,
    /// `MaxLength`, `MinLength` apply to `XIntOrString` (before: strings only).
    IntOrStringText,
    /// `XValidation` takes `optionalOldSelf`.
    OptionalOldSelf,
    /// `+kubebuilder:title` on fields.
    Title,
    /// `+kubebuilder:validation:AtMostOneOf` and `ExactlyOneOf`.
    OneOf,
    /// `AtLeastOneOf`; `ExactlyOneOf`'s rule after `AtMostOneOf`'s; `+kubebuilder:title` on
    /// types; `+k8s:required` / `+k8s:optional`; a field of a named basic type gets its type and
    /// format before its markers apply.
    OneOfOrder,
    /// `+kubebuilder:externalDocs`, `+k8s:enum`, `+k8s:immutable`; a field's `enum` kept when its
    /// type has none while flattening (before: both kept apart in an `allOf`).
    EnumsAndImmutability,
    /// rbac: one rule per resource of a marker, then rules that differ only in their
    /// resources merged, then those that differ only in their groups.
    RbacMergesResourcesAndGroups,
    /// rbac: a marker without `resources` (only `urls`) is kept (v0.16.0–v0.16.1 dropped it),
    /// `core` is read as `""` before rules are merged (not after, so they merge), and rules
    /// that differ only in their `urls` are merged.
    RbacKeepsUrlRulesAndMergesUrls,
    /// rbac: a rule whose verbs include `*` has the verbs `[*]`.
    RbacStarVerb,
    /// rbac: the generator's `fileName=` option (default `role.yaml`).
    RbacFileName,
    /// rbac: the marker's `roleName=` argument; roles by namespace and name.
    RbacRoleName,
    /// webhook: the `+kubebuilder:webhookconfiguration` marker (the configurations' names).
    WebhookConfigurationMarker,
    /// webhook: the marker's `serviceName=`, `serviceNamespace=`, `servicePort=` arguments.
    WebhookService,
    /// webhook: the webhooks of all packages sorted by name with Go's unstable sort (before:
    /// by name within each package, packages in order).
    WebhookSortedAcrossPackages,
}

/// A row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub change: Change,
    /// The first release with the change.
    pub release: (u32, u32, u32),
    /// The controller-tools pull request or commit.
    pub source: &'static str,
    pub what: &'static str,
}

/// controller-gen's output-visible changes, oldest first (each checked against the tag's
/// source: `git merge-base --is-ancestor COMMIT TAG`; `git diff vA vB -- pkg/rbac pkg/webhook`
/// in controller-tools shows the rbac and webhook ones).
pub const TABLE: &[Row] = &[
    Row {
        change: Change::DocParagraphs,
        release: (0, 16, 0),
        source: "835e0545 Strip comments from CRD descriptions",
        what: "a blank doc line is one empty line; TODO lines and --- endings dropped",
    },
    Row {
        change: Change::ExplicitPresence,
        release: (0, 16, 0),
        source: "8a753ae4 add support for kubernetes +required annotations",
        what: "Required/Optional markers decide whatever the default and omitempty",
    },
    Row {
        change: Change::KubernetesMarkers,
        release: (0, 16, 0),
        source: "5e5bc88a Add support for +default markers; 8a753ae4",
        what: "+default=<JSON> and +required are read",
    },
    Row {
        change: Change::RuleReasonFieldPath,
        release: (0, 16, 0),
        source: "6fca3f8a Add FieldPath and Reason to XValidation marker",
        what: "XValidation reason= and fieldPath=",
    },
    Row {
        change: Change::MergeValidations,
        release: (0, 16, 0),
        source: "930ec8c7 Fix XValidations flattening (#998)",
        what: "a field's and its type's rules concatenated",
    },
    Row {
        change: Change::OptionalGroupName,
        release: (0, 16, 0),
        source: "7c1db6b3 Make the anonymous field of the groupName marker optional",
        what: "a bare +groupName is the empty group",
    },
    Row {
        change: Change::RbacMergesResourcesAndGroups,
        release: (0, 16, 0),
        source: "e426c7c66427, e0fa97d9a32d",
        what: "rbac rules differing only in resources, then only in groups, are merged",
    },
    Row {
        change: Change::NoProtocolDefault,
        release: (0, 16, 1),
        source: "2f6801da Remove hard-coded Protocol schema",
        what: "core/v1 Protocol without the fixed default TCP",
    },
    Row {
        change: Change::RbacKeepsUrlRulesAndMergesUrls,
        release: (0, 16, 2),
        source: "97708aa2c496, 4c27c1090b1e",
        what: "rbac keeps urls-only rules, reads core as \"\" before merging, merges urls",
    },
    Row {
        change: Change::WebhookConfigurationMarker,
        release: (0, 16, 3),
        source: "287a105e78c6",
        what: "+kubebuilder:webhookconfiguration names the webhook configurations",
    },
    Row {
        change: Change::SelectableFields,
        release: (0, 16, 4),
        source: "f79cfef8 Add selectablefield marker (#1050)",
        what: "+kubebuilder:selectablefield",
    },
    Row {
        change: Change::TruncateWords,
        release: (0, 17, 0),
        source: "e42b1a29 Update TruncateDescription",
        what: "maxDescLen cuts at a word with ...",
    },
    Row {
        change: Change::TextMarshaler,
        release: (0, 17, 0),
        source: "e92e85dc Add support for encoding.TextMarshaler (#1015)",
        what: "MarshalText types are strings",
    },
    Row {
        change: Change::RbacStarVerb,
        release: (0, 17, 0),
        source: "17cbcd35d8a0 (#1081)",
        what: "an rbac rule with verb * has only that verb",
    },
    Row {
        change: Change::IntOrStringText,
        release: (0, 17, 2),
        source: "50893dee Allow string validation on XIntOrString",
        what: "MaxLength/MinLength on XIntOrString",
    },
    Row {
        change: Change::WebhookService,
        release: (0, 17, 2),
        source: "fd6668c058a4",
        what: "webhook serviceName, serviceNamespace, servicePort",
    },
    Row {
        change: Change::OptionalOldSelf,
        release: (0, 17, 3),
        source: "5e25270c add support for optionalOldSelf in XValidation marker",
        what: "XValidation optionalOldSelf=",
    },
    Row {
        change: Change::Title,
        release: (0, 18, 0),
        source: "b836f7a1 Add Title marker (#1175)",
        what: "+kubebuilder:title on fields",
    },
    Row {
        change: Change::RbacFileName,
        release: (0, 18, 0),
        source: "9327d5128b9c",
        what: "rbac fileName= option",
    },
    Row {
        change: Change::OneOf,
        release: (0, 19, 0),
        source: "7c982e07 add AtMostOneOf and ExactlyOneOf constraints (#1212)",
        what: "AtMostOneOf, ExactlyOneOf",
    },
    Row {
        change: Change::OneOfOrder,
        release: (0, 20, 0),
        source: "8f0c1b1b AtLeastOneOf; f7be064a; dfec3875; 8093c7e7; 49d7045b",
        what: "AtLeastOneOf, one-of rule order, title on types, +k8s:required/optional, named basic types' format",
    },
    Row {
        change: Change::WebhookSortedAcrossPackages,
        release: (0, 20, 0),
        source: "#1295 (9fb4c060647c)",
        what: "webhooks of all packages sorted by name",
    },
    Row {
        change: Change::EnumsAndImmutability,
        release: (0, 21, 0),
        source: "916f3caf externalDocs; b20dcc42 k8s:enum; 456a080c k8s:immutable; 7751e1df",
        what: "+kubebuilder:externalDocs, +k8s:enum, +k8s:immutable, field enums kept when flattening",
    },
    Row {
        change: Change::RbacRoleName,
        release: (0, 21, 0),
        source: "86b0035deae6",
        what: "rbac marker roleName=",
    },
];

/// The first release with `change`, as `vX.Y.Z`.
pub fn first_release(change: Change) -> String {
    let (major, minor, patch) = TABLE
        .iter()
        .find(|row| row.change == change)
        .map_or(NEWEST, |row| row.release);
    format!("v{major}.{minor}.{patch}")
}

/// The oldest release whose output union-gen knows.
pub const OLDEST: (u32, u32, u32) = (0, 15, 0);
/// The newest release whose output union-gen knows (the default).
pub const NEWEST: (u32, u32, u32) = (0, 21, 0);

/// The controller-gen release a run copies (the newest by default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Behaviour {
    release: (u32, u32, u32),
    /// As the project wrote it (`v0.16.4`): the annotation's value.
    version: String,
}

impl Default for Behaviour {
    fn default() -> Self {
        Behaviour::newest()
    }
}

impl Behaviour {
    pub fn newest() -> Behaviour {
        let (major, minor, patch) = NEWEST;
        Behaviour {
            release: NEWEST,
            version: format!("v{major}.{minor}.{patch}"),
        }
    }

    /// The behaviour of a release `vX.Y.Z` (a `-suffix` is kept in the annotation).
    pub fn at(version: &str) -> Result<Behaviour, String> {
        let release = parse_release(version)
            .ok_or_else(|| format!("`{version}` is not a controller-gen release (vX.Y.Z)"))?;
        Ok(Behaviour {
            release,
            version: version.to_string(),
        })
    }

    pub fn has(&self, change: Change) -> bool {
        TABLE
            .iter()
            .find(|row| row.change == change)
            .is_some_and(|row| self.release >= row.release)
    }

    /// Older than every release union-gen knows.
    pub fn too_old(&self) -> bool {
        self.release < OLDEST
    }

    /// What controller-gen writes into `controller-gen.kubebuilder.io/version`.
    pub fn version(&self) -> &str {
        &self.version
    }
}

/// `v0.16.4` → (0, 16, 4); a pre-release or build suffix is ignored.
fn parse_release(version: &str) -> Option<(u32, u32, u32)> {
    let digits = version.strip_prefix('v')?;
    let digits = digits.split(['-', '+']).next()?;
    let mut parts = digits.split('.').map(|p| p.parse::<u32>().ok());
    let release = (parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(release)
}

/// Where a project's controller-gen version was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pinned {
    pub version: String,
    /// The file and what in it (`Makefile CONTROLLER_TOOLS_VERSION`, `tools/go.mod`).
    pub source: String,
    /// Other releases the same directory's scripts pin (scheduler-plugins: v0.19.0 in
    /// `hack/update-codegen.sh`, v0.17.3 in `hack/verify-crdgen.sh`), each with the first
    /// script that pins it: union-gen cannot tell which script runs it.
    pub disagreeing: Vec<(String, String)>,
}

const MODULE: &str = "sigs.k8s.io/controller-tools";

/// The controller-gen version the project around `dir` runs: `CONTROLLER_TOOLS_VERSION ?=
/// vX` (or `:=`, `=`) or `controller-gen@vX` in a Makefile or a `hack/` script, else a tools
/// module's requirement of controller-tools (`tools/go.mod`, `hack/tools/go.mod`,
/// `internal/tools/go.mod`, `scripts/go.mod`), else a `go.mod`'s (a `tool` directive's module):
/// in `dir`, then in each directory above it (a Makefile runs `cd api && $(CONTROLLER_GEN) …` in
/// a nested module).
pub fn pinned(dir: &Path) -> Option<Pinned> {
    for root in dir.ancestors() {
        if let Some(found) = pinned_in(root) {
            return Some(found);
        }
    }
    None
}

/// [`pinned`] in one directory.
fn pinned_in(root: &Path) -> Option<Pinned> {
    let mut found: Option<Pinned> = None;
    for script in scripts(root) {
        let Ok(text) = std::fs::read_to_string(&script) else {
            continue;
        };
        let Some(version) = version_in_script(&text) else {
            continue;
        };
        let source = script
            .strip_prefix(root)
            .unwrap_or(&script)
            .display()
            .to_string();
        match &mut found {
            None => {
                found = Some(Pinned {
                    version,
                    source,
                    disagreeing: Vec::new(),
                })
            }
            Some(first) => {
                let known = first.version == version
                    || first.disagreeing.iter().any(|(other, _)| *other == version);
                if !known {
                    first.disagreeing.push((version, source));
                }
            }
        }
    }
    if found.is_some() {
        return found;
    }
    for go_mod in [
        "tools/go.mod",
        "hack/tools/go.mod",
        "internal/tools/go.mod",
        // prometheus-operator: `go install -modfile=scripts/go.mod`
        "scripts/go.mod",
        "go.mod",
    ] {
        if let Some(version) = go_mod_require(&root.join(go_mod)) {
            return Some(Pinned {
                version,
                source: go_mod.to_string(),
                disagreeing: Vec::new(),
            });
        }
    }
    None
}

/// The Makefiles at the root (and an invoke `tasks.py`, metallb's make) and the scripts under
/// `hack/`, sorted.
fn scripts(root: &Path) -> Vec<std::path::PathBuf> {
    let mut found: Vec<std::path::PathBuf> = ["Makefile", "makefile", "GNUmakefile", "tasks.py"]
        .iter()
        .map(|name| root.join(name))
        .filter(|path| path.is_file())
        .collect();
    found.extend(crate::source::files_in(&root.join("hack"), |path| {
        path.extension()
            .is_some_and(|e| e == "sh" || e == "mk" || e == "bash")
    }));
    found
}

/// `CONTROLLER_TOOLS_VERSION ?= v0.16.4` (any assignment operator; a shell script's
/// `CONTROLLER_GEN_VER="v0.21.0"` or `export …=v0.16.4`, quoted or not, as karmada's
/// hack/update-crdgen.sh pins it; lower case, as metallb's tasks.py does) or `sigs.k8s.io/controller-tools/cmd/controller-gen@v0.16.4`.
fn version_in_script(text: &str) -> Option<String> {
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let assignment = line.strip_prefix("export ").map_or(line, str::trim_start);
        for name in [
            "CONTROLLER_TOOLS_VERSION",
            "CONTROLLER_GEN_VERSION",
            "CONTROLLER_GEN_VER",
        ] {
            // a Python build file's `controller_gen_version = "v0.19.0"` too
            let named = assignment
                .get(..name.len())
                .filter(|n| n.eq_ignore_ascii_case(name));
            if let Some(rest) = named.map(|n| &assignment[n.len()..]) {
                let rest = rest.trim_start();
                let value = ["?=", ":=", "::=", "=", "+="]
                    .iter()
                    .find_map(|op| rest.strip_prefix(op))
                    .map(|v| unquoted(v.trim()));
                if let Some(value) = value.filter(|v| parse_release(v).is_some()) {
                    return Some(value.to_string());
                }
            }
        }
        if let Some((_, after)) = line.split_once("controller-gen@") {
            let version: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || ".-+".contains(*c))
                .collect();
            if parse_release(&version).is_some() {
                return Some(version);
            }
        }
    }
    None
}

/// A shell value without its quotes: `"v0.21.0"` → `v0.21.0`.
fn unquoted(value: &str) -> &str {
    ['"', '\'']
        .iter()
        .find_map(|q| value.strip_prefix(*q)?.strip_suffix(*q))
        .unwrap_or(value)
}

/// The version of controller-tools a go.mod requires.
fn go_mod_require(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find_map(|line| {
        let line = line.split("//").next().unwrap_or("").trim();
        let line = line.strip_prefix("require").map_or(line, str::trim);
        let mut words = line.split_whitespace();
        (words.next() == Some(MODULE))
            .then(|| words.next())
            .flatten()
            .filter(|v| parse_release(v).is_some())
            .map(str::to_string)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_releases() {
        assert_eq!(parse_release("v0.16.4"), Some((0, 16, 4)));
        assert_eq!(parse_release("v0.17.0-rc.1"), Some((0, 17, 0)));
        assert_eq!(parse_release("0.16.4"), None);
        assert_eq!(parse_release("v0.16"), None);
        assert!(Behaviour::at("v0.14.0").unwrap().too_old());
        assert_eq!(Behaviour::newest().version(), "v0.21.0");
    }

    /// Each change is on from its release, off before it.
    #[test]
    fn every_change_switches_at_its_release() {
        for row in TABLE {
            let (major, minor, patch) = row.release;
            let at = Behaviour::at(&format!("v{major}.{minor}.{patch}")).unwrap();
            assert!(at.has(row.change), "{:?}", row.change);
            let before = if patch > 0 {
                format!("v{major}.{minor}.{}", patch - 1)
            } else {
                format!("v{major}.{}.9", minor - 1)
            };
            assert!(
                !Behaviour::at(&before).unwrap().has(row.change),
                "{:?}",
                row.change
            );
        }
        assert!(TABLE.windows(2).all(|w| w[0].release <= w[1].release));
    }

    #[test]
    fn every_change_has_one_row_oldest_first() {
        for window in TABLE.windows(2) {
            assert!(window[0].release <= window[1].release);
        }
        for row in TABLE {
            let rows = TABLE.iter().filter(|r| r.change == row.change).count();
            assert_eq!(rows, 1, "{:?}", row.change);
            assert!(Behaviour::newest().has(row.change));
            assert!(!Behaviour::at("v0.15.0").unwrap().has(row.change));
        }
        let at = |v| Behaviour::at(v).unwrap();
        assert!(at("v0.16.2").has(Change::RbacKeepsUrlRulesAndMergesUrls));
        assert!(!at("v0.16.1").has(Change::RbacKeepsUrlRulesAndMergesUrls));
        assert!(at("v0.16.10").has(Change::WebhookConfigurationMarker));
    }

    /// An invoke tasks.py at the root (metallb), a hack/ script (karmada) and scripts/go.mod
    /// above a nested API module (prometheus-operator) are read too.
    #[test]
    fn finds_the_version_in_tasks_py_and_hack_scripts() {
        let dir = tree(&[("tasks.py", "controller_gen_version = \"v0.19.0\"\n")]);
        assert_eq!(pinned(dir.path()).unwrap().version, "v0.19.0");
        let dir = tree(&[("hack/update-crdgen.sh", "CONTROLLER_GEN_VER=\"v0.21.0\"\n")]);
        let found = pinned(dir.path()).unwrap();
        assert_eq!(found.version, "v0.21.0");
        assert_eq!(found.source, "hack/update-crdgen.sh");
        let dir = tree(&[
            (
                "scripts/go.mod",
                "module x\n\nrequire sigs.k8s.io/controller-tools v0.21.0\n",
            ),
            ("pkg/apis/monitoring/go.mod", "module y\n"),
        ]);
        let api = dir.path().join("pkg/apis/monitoring");
        assert_eq!(pinned(&api).unwrap().source, "scripts/go.mod");
    }

    /// scheduler-plugins pins one release in `hack/update-codegen.sh` and another in
    /// `hack/verify-crdgen.sh`: the first script (in order) wins, the other is said.
    #[test]
    fn scripts_that_pin_other_releases_are_listed() {
        let dir = tree(&[
            ("Makefile", "CONTROLLER_TOOLS_VERSION ?= v0.19.0\n"),
            (
                "hack/update-codegen.sh",
                "go install sigs.k8s.io/controller-tools/cmd/controller-gen@v0.19.0\n",
            ),
            (
                "hack/verify-crdgen.sh",
                "go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.17.3 crd\n",
            ),
            ("hack/verify-other.sh", "CONTROLLER_GEN_VER=v0.17.3\n"),
        ]);
        let found = pinned(dir.path()).unwrap();
        assert_eq!(
            (found.version.as_str(), found.source.as_str()),
            ("v0.19.0", "Makefile")
        );
        assert_eq!(
            found.disagreeing,
            vec![("v0.17.3".to_string(), "hack/verify-crdgen.sh".to_string())]
        );
        let agreeing = tree(&[
            ("Makefile", "CONTROLLER_TOOLS_VERSION ?= v0.19.0\n"),
            ("hack/x.sh", "CONTROLLER_GEN_VER=v0.19.0\n"),
        ]);
        assert!(pinned(agreeing.path()).unwrap().disagreeing.is_empty());
    }

    /// A scratch directory holding `files` (relative path, text).
    #[allow(clippy::disallowed_methods)] // scratch trees for the tests
    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn finds_the_version_in_makefiles() {
        assert_eq!(
            version_in_script("CONTROLLER_TOOLS_VERSION ?= v0.16.4\n").as_deref(),
            Some("v0.16.4")
        );
        assert_eq!(
            version_in_script(
                "\tGOBIN=$(LOCALBIN) go install sigs.k8s.io/controller-tools/cmd/controller-gen@v0.15.0\n"
            )
            .as_deref(),
            Some("v0.15.0")
        );
        assert_eq!(
            version_in_script("CONTROLLER_TOOLS_VERSION ?= $(shell cat x)\n"),
            None
        );
        // karmada's hack/update-crdgen.sh; the later `CONTROLLER_GEN_VERSION=$(yq …)` is no pin
        assert_eq!(
            version_in_script(
                "CONTROLLER_GEN_PKG=\"sigs.k8s.io/controller-tools/cmd/controller-gen\"\n\
                 CONTROLLER_GEN_VER=\"v0.21.0\"\n\
                 CONTROLLER_GEN_VERSION=$(yq eval '.metadata' x)\n"
            )
            .as_deref(),
            Some("v0.21.0")
        );
        assert_eq!(
            version_in_script("export CONTROLLER_TOOLS_VERSION='v0.17.3'\n").as_deref(),
            Some("v0.17.3")
        );
        // metallb's tasks.py (invoke)
        assert_eq!(
            version_in_script("controller_gen_version = \"v0.19.0\"\n").as_deref(),
            Some("v0.19.0")
        );
    }
}
