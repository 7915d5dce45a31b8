//! controller-gen's `rbac` generator (controller-tools `pkg/rbac/parser.go`): the
//! `+kubebuilder:rbac` markers of the root packages → one ClusterRole (rules without
//! `namespace=`) and one Role per namespace (and, from v0.21.0, per `roleName=`), with
//! controller-gen's merging of rules, in the release's way.
//!
//! Rules are merged as controller-gen merges them: a marker is one rule per resource (v0.16.0
//! on), rules with the same groups, resources, resource names and URLs get their verbs joined,
//! then rules that differ only in their resources are joined, then those that differ only in
//! their groups, then (v0.16.2 on) only in their URLs; every list is deduplicated and sorted,
//! and rules are sorted by `groups + resources + resourceNames + urls` (each joined with `&`).
//! controller-gen does the later merges over Go maps: when two merged rules end up with the
//! same groups, resources, names and URLs but different verbs, it keeps one of them at random
//! from run to run. union-gen keeps the one whose merge key sorts last and says so
//! (`rbac/unstable-output`).

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::{read_markers, Generated, MarkerSet, Package};
use crate::controller_gen_versions::{Behaviour, Change};
use crate::diag::{Code, Diagnostic};
use crate::markers::controller_gen::{ArgDef, ArgType};
use crate::source::Span;

/// The generator's options (`rbac:roleName=manager-role,fileName=role.yaml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub role_name: String,
    /// `fileName=` (v0.18.0 on); `role.yaml` without it.
    pub file_name: Option<String>,
}

pub const MARKER: &str = "kubebuilder:rbac";

/// The marker's arguments in `version` (the `Rule` struct's fields).
pub fn arguments(behaviour: &Behaviour) -> Vec<ArgDef> {
    let list = |name, optional| ArgDef {
        name,
        ty: ArgType::Strings,
        optional,
    };
    let mut args = vec![
        list("groups", true),
        list("resources", true),
        list("resourceNames", true),
        list("verbs", false),
        list("urls", true),
        ArgDef {
            name: "namespace",
            ty: ArgType::String,
            optional: true,
        },
    ];
    if behaviour.has(Change::RbacRoleName) {
        args.push(ArgDef {
            name: "roleName",
            ty: ArgType::String,
            optional: true,
        });
    }
    args
}

/// One rule as controller-gen holds it (`rbac.Rule`); every list normalized (sorted, without
/// duplicates) once it has been keyed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    groups: Vec<String>,
    resources: Vec<String>,
    resource_names: Vec<String>,
    verbs: Vec<String>,
    urls: Vec<String>,
    /// The marker the rule came from, for diagnostics.
    span: Span,
}

/// `(namespace, role name)`: one Role or ClusterRole.
type RoleKey = (String, String);

/// The roles of the packages' `+kubebuilder:rbac` markers, as `version` writes them.
pub fn generate(packages: &[Package], options: &Options, behaviour: &Behaviour) -> Generated {
    let args = arguments(behaviour);
    let mut generated = Generated::default();
    let markers = read_markers(
        packages,
        &[(MARKER, &args)],
        Code::RbacInvalid,
        &mut generated.diagnostics,
    );
    let mut by_role: BTreeMap<RoleKey, Vec<Rule>> = BTreeMap::new();
    for marker in markers.iter().flatten() {
        collect(marker, &options.role_name, behaviour, &mut by_role);
    }
    let mut objects = Vec::new();
    for ((namespace, role_name), rules) in by_role {
        let rules = normalize(rules, behaviour, &mut generated.diagnostics);
        if rules.is_empty() {
            continue;
        }
        objects.push(role(&namespace, &role_name, rules));
    }
    if !objects.is_empty() {
        let file_name = options
            .file_name
            .clone()
            .filter(|name| !name.is_empty() && behaviour.has(Change::RbacFileName))
            .unwrap_or_else(|| "role.yaml".to_string());
        generated.files.push((file_name, objects));
    }
    generated
}

/// Splits a marker into the rules controller-gen starts from and files them by role.
fn collect(
    marker: &MarkerSet,
    default_role: &str,
    behaviour: &Behaviour,
    by_role: &mut BTreeMap<RoleKey, Vec<Rule>>,
) {
    let parsed = &marker.parsed;
    let list = |name: &str| {
        parsed
            .strings(name)
            .map(<[String]>::to_vec)
            .unwrap_or_default()
    };
    let namespace = parsed.string("namespace").unwrap_or("").to_string();
    let role_name = parsed
        .string("roleName")
        .filter(|name| !name.is_empty())
        .unwrap_or(default_role)
        .to_string();
    let rule = Rule {
        groups: list("groups"),
        resources: list("resources"),
        resource_names: list("resourceNames"),
        verbs: list("verbs"),
        urls: list("urls"),
        span: marker.span.clone(),
    };
    let rules = by_role.entry((namespace, role_name)).or_default();
    if !behaviour.has(Change::RbacMergesResourcesAndGroups) {
        rules.push(rule);
    } else if rule.resources.is_empty() {
        // v0.16.0 and v0.16.1 lose a rule without resources (`urls=` only).
        if behaviour.has(Change::RbacKeepsUrlRulesAndMergesUrls) {
            rules.push(rule);
        }
    } else {
        for resource in &rule.resources {
            rules.push(Rule {
                resources: vec![resource.clone()],
                ..rule.clone()
            });
        }
    }
}

/// `removeDupAndSort`: Go's byte-wise string order.
fn sorted(mut list: Vec<String>) -> Vec<String> {
    list.sort();
    list.dedup();
    list
}

impl Rule {
    fn normalize(&mut self) {
        for list in [
            &mut self.groups,
            &mut self.resources,
            &mut self.resource_names,
            &mut self.verbs,
            &mut self.urls,
        ] {
            *list = sorted(std::mem::take(list));
        }
    }

    /// `ruleKey` (normalizes first, as `key()` does).
    fn key(&mut self) -> [String; 4] {
        self.normalize();
        [
            self.groups.join("&"),
            self.resources.join("&"),
            self.resource_names.join("&"),
            self.urls.join("&"),
        ]
    }

    /// `ruleKey.String()`: the sort key of the written rules.
    fn sort_key(&mut self) -> String {
        self.key().join(" + ")
    }

    fn core_is_empty_group(&mut self) {
        for group in &mut self.groups {
            if group == "core" {
                group.clear();
            }
        }
    }
}

/// The merge keys: the rule key with one part left out and the verbs added.
#[derive(Clone, Copy)]
enum Without {
    Resources,
    Groups,
    Urls,
}

fn key_without(rule: &mut Rule, part: Without) -> String {
    let [groups, resources, names, urls] = rule.key();
    let verbs = rule.verbs.join("&");
    match part {
        Without::Resources => format!("{groups} + {names} + {urls} + {verbs}"),
        Without::Groups => format!("{resources} + {names} + {urls} + {verbs}"),
        Without::Urls => format!("{groups} + {resources} + {names} + {verbs}"),
    }
}

/// `NormalizeRules`: merges, sorts and writes the rules of one role.
fn normalize(
    rules: Vec<Rule>,
    behaviour: &Behaviour,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Value> {
    let core_first = behaviour.has(Change::RbacKeepsUrlRulesAndMergesUrls);
    let mut by_key: BTreeMap<[String; 4], Rule> = BTreeMap::new();
    for mut rule in rules {
        if core_first {
            rule.core_is_empty_group();
        }
        let key = rule.key();
        match by_key.get_mut(&key) {
            Some(first) => {
                first.verbs.extend(rule.verbs);
                first.verbs = sorted(std::mem::take(&mut first.verbs));
            }
            None => {
                by_key.insert(key, rule);
            }
        }
    }
    let mut rules: Vec<Rule> = by_key.into_values().collect();
    if behaviour.has(Change::RbacMergesResourcesAndGroups) {
        rules = merge(rules, Without::Resources, diagnostics);
        rules = merge(rules, Without::Groups, diagnostics);
    }
    if behaviour.has(Change::RbacKeepsUrlRulesAndMergesUrls) {
        rules = merge(rules, Without::Urls, diagnostics);
    }
    let mut keyed: Vec<(String, Rule)> = rules
        .into_iter()
        .map(|mut rule| (rule.sort_key(), rule))
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed
        .into_iter()
        .map(|(_, mut rule)| {
            if behaviour.has(Change::RbacStarVerb) && rule.verbs.iter().any(|v| v == "*") {
                rule.verbs = vec!["*".to_string()];
            }
            if !core_first {
                // Before v0.16.2 `core` became `""` only when the rule was written.
                rule.core_is_empty_group();
            }
            policy_rule(rule)
        })
        .collect()
}

/// One merge step: rules equal but for `part` become one rule with the union of their
/// `part`; rules are then keyed by their full key, where controller-gen's map may collide.
fn merge(rules: Vec<Rule>, part: Without, diagnostics: &mut Vec<Diagnostic>) -> Vec<Rule> {
    let mut groups: BTreeMap<String, Vec<Rule>> = BTreeMap::new();
    for mut rule in rules {
        let key = key_without(&mut rule, part);
        groups.entry(key).or_default().push(rule);
    }
    let mut by_key: BTreeMap<[String; 4], Rule> = BTreeMap::new();
    for (_, group) in groups {
        let mut group = group.into_iter();
        let Some(mut merged) = group.next() else {
            continue;
        };
        for other in group {
            let (into, from) = match part {
                Without::Resources => (&mut merged.resources, other.resources),
                Without::Groups => (&mut merged.groups, other.groups),
                Without::Urls => (&mut merged.urls, other.urls),
            };
            into.extend(from);
        }
        let key = merged.key();
        if let Some(lost) = by_key.insert(key, merged) {
            let kept = &by_key.values().last().map(|r| r.span.clone());
            diagnostics.push(unstable(&lost, kept.clone()));
        }
    }
    by_key.into_values().collect()
}

fn unstable(lost: &Rule, kept: Option<Span>) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
        Code::RbacUnstableOutput,
        lost.span.clone(),
        format!(
            "controller-gen writes the rule for verbs [{}] or another with the same groups, \
             resources and URLs, at random from run to run; union-gen writes the other",
            lost.verbs.join(", ")
        ),
    )
    .with_help("give the rules the same verbs, or different resources, so that both are kept");
    if let Some(kept) = kept {
        diagnostic = diagnostic.with_label(kept, "the rule written");
    }
    diagnostic
}

/// `rbacv1.PolicyRule` as JSON: empty lists left out but `verbs` (`null` when empty).
fn policy_rule(rule: Rule) -> Value {
    let mut object = Map::new();
    let verbs = if rule.verbs.is_empty() {
        Value::Null
    } else {
        json!(rule.verbs)
    };
    object.insert("verbs".into(), verbs);
    for (name, list) in [
        ("apiGroups", rule.groups),
        ("resources", rule.resources),
        ("resourceNames", rule.resource_names),
        ("nonResourceURLs", rule.urls),
    ] {
        if !list.is_empty() {
            object.insert(name.into(), json!(list));
        }
    }
    Value::Object(object)
}

fn role(namespace: &str, name: &str, rules: Vec<Value>) -> Value {
    let (kind, metadata) = if namespace.is_empty() {
        ("ClusterRole", json!({ "name": name }))
    } else {
        ("Role", json!({ "name": name, "namespace": namespace }))
    };
    json!({
        "kind": kind,
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "metadata": metadata,
        "rules": rules,
    })
}
