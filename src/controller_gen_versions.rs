//! controller-gen's output-visible history: what `controller-gen` writes depends on the
//! release a project pins, so `union-gen controller-gen` writes what that release writes.
//! Every change of controller-tools since v0.15.0 that changes the bytes it writes, or what
//! it accepts, is one row of [`TABLE`]; a release has a change iff it is at or after the row's
//! first release. (Each row names the controller-tools commit; `git diff vA vB -- pkg/rbac
//! pkg/webhook` shows them.)

use std::fmt;

/// A controller-tools release, `v0.MINOR.PATCH` (pre-releases count as their release).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
}

impl Version {
    pub const fn new(major: u32, minor: u32, patch: u32) -> Version {
        Version {
            major,
            minor,
            patch,
        }
    }

    /// The newest release this table describes: the default without a pinned version.
    pub const NEWEST: Version = Version::new(0, 21, 0);

    /// `v0.17.2`, `0.17.2`, `v0.16.0-beta.0`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Version> {
        let text = text.trim();
        let text = text.strip_prefix('v').unwrap_or(text);
        let core = text.split(['-', '+']).next()?;
        let mut parts = core.split('.').map(|p| p.parse::<u32>().ok());
        let version = Version::new(parts.next()??, parts.next()??, parts.next()??);
        parts.next().is_none().then_some(version)
    }

    /// Whether this release has `change`.
    pub fn has(self, change: Change) -> bool {
        self >= row(change).since
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// One output-visible change of controller-tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
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
    /// webhook: the webhooks of all packages sorted by name (before: by name within each
    /// package, packages in order).
    WebhookSortedAcrossPackages,
}

/// A row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub change: Change,
    /// The first release with the change.
    pub since: Version,
    /// The controller-tools commit (12 hex digits).
    pub commit: &'static str,
    pub what: &'static str,
}

/// controller-tools' output-visible changes since v0.15.0, oldest first.
pub const TABLE: &[Row] = &[
    Row {
        change: Change::RbacMergesResourcesAndGroups,
        since: Version::new(0, 16, 0),
        commit: "e0fa97d9a32d",
        what: "rbac rules differing only in resources, then only in groups, are merged",
    },
    Row {
        change: Change::RbacKeepsUrlRulesAndMergesUrls,
        since: Version::new(0, 16, 2),
        commit: "97708aa2c496",
        what: "rbac keeps urls-only rules, reads core as \"\" before merging, merges urls",
    },
    Row {
        change: Change::WebhookConfigurationMarker,
        since: Version::new(0, 16, 3),
        commit: "287a105e78c6",
        what: "+kubebuilder:webhookconfiguration names the webhook configurations",
    },
    Row {
        change: Change::RbacStarVerb,
        since: Version::new(0, 17, 0),
        commit: "17cbcd35d8a0",
        what: "an rbac rule with verb * has only that verb",
    },
    Row {
        change: Change::WebhookService,
        since: Version::new(0, 17, 2),
        commit: "fd6668c058a4",
        what: "webhook serviceName, serviceNamespace, servicePort",
    },
    Row {
        change: Change::RbacFileName,
        since: Version::new(0, 18, 0),
        commit: "9327d5128b9c",
        what: "rbac fileName= option",
    },
    Row {
        change: Change::WebhookSortedAcrossPackages,
        since: Version::new(0, 20, 0),
        commit: "9fb4c060647c",
        what: "webhooks of all packages sorted by name",
    },
    Row {
        change: Change::RbacRoleName,
        since: Version::new(0, 21, 0),
        commit: "86b0035deae6",
        what: "rbac marker roleName=",
    },
];

fn row(change: Change) -> &'static Row {
    TABLE
        .iter()
        .find(|row| row.change == change)
        .expect("every change has a row")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_order() {
        assert_eq!(Version::parse("v0.17.2"), Some(Version::new(0, 17, 2)));
        assert_eq!(
            Version::parse("0.16.0-beta.0"),
            Some(Version::new(0, 16, 0))
        );
        assert_eq!(Version::parse("v0.17"), None);
        assert_eq!(Version::parse("main"), None);
        assert!(Version::new(0, 16, 10) > Version::new(0, 16, 2));
        assert_eq!(Version::new(0, 20, 1).to_string(), "v0.20.1");
    }

    #[test]
    fn every_change_has_one_row_oldest_first() {
        for window in TABLE.windows(2) {
            assert!(window[0].since <= window[1].since);
        }
        for row in TABLE {
            let rows = TABLE.iter().filter(|r| r.change == row.change).count();
            assert_eq!(rows, 1, "{:?}", row.change);
            assert!(Version::new(0, 21, 0).has(row.change));
            assert!(!Version::new(0, 15, 0).has(row.change));
        }
        assert!(Version::new(0, 16, 2).has(Change::RbacKeepsUrlRulesAndMergesUrls));
        assert!(!Version::new(0, 16, 1).has(Change::RbacKeepsUrlRulesAndMergesUrls));
    }
}
