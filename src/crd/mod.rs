//! `union-gen crd`: adds what controller-gen leaves out of a CRD manifest — the `enum` lists of
//! `+enum` string types and the union CEL rules of [`cel::plan`] — keeping every other byte of
//! the file. The rules are planned and self-checked against the manifest's own schema (its
//! `enum`s, `default`s and `required`, which may differ from the Go types); a rule already
//! present (ignoring white space) is not added again.
//!
//! Enum lists are added only for the project's own `+enum` types (SPEC §4; dependencies' lists
//! are informational in Kubernetes) unless [`Options::dependency_enums`]. What `crd` owns stays
//! true: a list of a deduced enum (no explicit `Enum` marker) that differs from the deduced
//! values is rewritten, and a rule in union-gen's exact form ([`cel::is_generated`]) that it
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

pub mod block;

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;
use std::path::PathBuf;

use yaml_serde::{Mapping, Value};

use crate::diag::{Code, Diagnostic};
use crate::model::{
    ApiModel, DefinitionBody, EnumOrigin, EnumValue, PropertyType, StructDef, TypeName,
};
use crate::resolve::LoadedPackage;
use crate::schema::cel::cost::{self, Cardinality};
use crate::schema::cel::{self, Rule};
use crate::source::{FileId, SourceFile, SourceMap, Span};

/// The Go root types a CRD can be matched against.
pub struct Index<'m> {
    structs: HashMap<&'m TypeName, &'m StructDef>,
    /// (group, version, import path) of each input package with a `+groupName`.
    group_versions: Vec<(String, String, String)>,
    /// The packages of the project's own modules: their `+enum` types' lists are added.
    project: &'m BTreeSet<String>,
    /// `--dependency-enums`: add the lists of dependencies' `+enum` types too.
    dependency_enums: bool,
}

impl<'m> Index<'m> {
    pub fn new(
        model: &'m ApiModel,
        packages: &[LoadedPackage],
        project: &'m BTreeSet<String>,
        dependency_enums: bool,
    ) -> Index<'m> {
        let structs = model
            .definitions
            .iter()
            .filter_map(|d| match &d.body {
                DefinitionBody::Struct(def) => Some((&d.name, def)),
                DefinitionBody::Custom { .. } => None,
            })
            .collect();
        Index {
            structs,
            group_versions: crate::resolve::closure::group_versions(packages),
            project,
            dependency_enums,
        }
    }

    /// Whether `crd` writes the deduced list of this `+enum` type (SPEC §4): a type of the
    /// project's own modules, or any type with `--dependency-enums`.
    fn adds_list_of(&self, origin: &EnumOrigin) -> bool {
        self.dependency_enums || self.project.contains(&origin.type_name.package)
    }

    /// Whether `crd` owns the list of a property of this type: it adds the list and keeps it
    /// equal to the deduced values. A list from `+kubebuilder:validation:Enum` is
    /// controller-gen's.
    fn owns_list_of(&self, origin: &EnumOrigin) -> bool {
        !origin.explicit && self.adds_list_of(origin)
    }

    /// The struct of `kind` in the package serving `group`/`version`.
    fn root(&self, group: &str, version: &str, kind: &str) -> Option<(TypeName, &'m StructDef)> {
        self.group_versions
            .iter()
            .filter(|(g, v, _)| g == group && v == version)
            .find_map(|(_, _, package)| {
                let name = TypeName {
                    package: package.clone(),
                    name: kind.to_string(),
                };
                let def = *self.structs.get(&name)?;
                Some((name, def))
            })
    }
}

/// One step from a document's root to a node.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Changes to one document, each at a path.
type Additions = Vec<(Vec<Step>, Addition)>;

#[derive(Debug, Clone, PartialEq)]
enum Addition {
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
    pub message: String,
    pub help: String,
    /// Only the manifest's own rules are over: a warning (union-gen added nothing that
    /// matters); an error when union-gen's rules bring the version over.
    pub warning: bool,
}

/// Patches one CRD file's text. `Err`: the file cannot be patched without reformatting it
/// (or is not YAML); nothing must be written.
pub fn patch(text: &str, index: &Index) -> Result<Patched, Finding> {
    let with_endings: Vec<&str> = text.split_inclusive('\n').collect();
    let lines: Vec<&str> = with_endings
        .iter()
        .map(|l| l.trim_end_matches('\n').trim_end_matches('\r'))
        .collect();
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

/// Lines inserted before line `line` (`line == len`: at the end), in place of the `remove`
/// lines from `line` on (0: a pure insertion).
#[derive(Debug)]
struct Insertion {
    line: usize,
    remove: usize,
    /// Indentation of the mapping it extends: deeper ones go first at the same line.
    indent: usize,
    order: usize,
    lines: Vec<String>,
}

/// The line ranges of the YAML documents (between `---` / `...` lines).
fn documents(lines: &[&str]) -> Result<Vec<Range<usize>>, Finding> {
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

fn text_of(with_endings: &[&str], range: Range<usize>) -> String {
    with_endings[range].concat()
}

fn parse_document(text: &str, first_line: usize) -> Result<Value, Finding> {
    yaml_serde::from_str::<Value>(text).map_err(|error| Finding {
        line: first_line + error.location().map_or(0, |l| l.line().saturating_sub(1)),
        message: format!("not valid YAML: {error}"),
    })
}

/// For one document: its structure and the additions it needs (`None`: not a CRD); pushes
/// the insertions.
fn document_additions(
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
fn crd_spec(value: &Value) -> (&str, &str, &[Value]) {
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
fn stale_rule_paths(additions: &[(Vec<Step>, Addition)]) -> Vec<Vec<Step>> {
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
fn record_walk(
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

struct Walker<'a, 'm> {
    index: &'a Index<'m>,
    additions: Additions,
    cel: Vec<(TypeName, cel::Finding)>,
    /// How often the node being walked may occur in one object, and the lists and maps
    /// above it (schema path, bound).
    cardinality: Cardinality,
    enclosing: Vec<(String, Option<u64>)>,
    /// The rules added in the version being walked: (schema path, estimated cost).
    added: Vec<(String, u64)>,
    /// Properties of a dependency's `+enum` type left without a list.
    dependency_enums: Vec<(Vec<Step>, TypeName)>,
}

/// The manifest's rules at `schema`: the indices of the stale ones (union-gen's own form, but
/// not among `generated`) and the normalized text of the others.
fn manifest_rules(schema: &Mapping, generated: &[String]) -> (Vec<usize>, Vec<String>) {
    let mut stale = Vec::new();
    let mut present: Vec<String> = Vec::new();
    let manifest_rules = schema.get(cel::EXTENSION).and_then(Value::as_sequence);
    for (i, entry) in manifest_rules.into_iter().flatten().enumerate() {
        let Some(rule) = entry.get("rule").and_then(Value::as_str) else {
            continue;
        };
        let normalized = cel::normalized(rule);
        let message = entry.get("message").and_then(Value::as_str);
        let only_rule_and_message = entry.as_mapping().is_some_and(|m| m.len() == 2);
        if only_rule_and_message
            && message.is_some_and(|message| cel::is_generated(rule, message))
            && !generated.contains(&normalized)
        {
            stale.push(i);
        } else {
            present.push(normalized);
        }
    }
    (stale, present)
}

/// Drops the new rules of the changes from `first` on, keeping the removal of stale ones.
fn drop_new_rules(additions: &mut Additions, first: usize) {
    let mut index = first;
    while index < additions.len() {
        if let Addition::Rules { stale, new } = &mut additions[index].1 {
            new.clear();
            if stale.is_empty() {
                additions.remove(index);
                continue;
            }
        }
        index += 1;
    }
}

impl<'a, 'm> Walker<'a, 'm> {
    fn new(index: &'a Index<'m>) -> Self {
        Walker {
            index,
            additions: Vec::new(),
            cel: Vec::new(),
            cardinality: Cardinality::ROOT,
            enclosing: Vec::new(),
            added: Vec::new(),
            dependency_enums: Vec::new(),
        }
    }

    fn walk_struct(
        &mut self,
        name: &TypeName,
        def: &StructDef,
        schema: &Mapping,
        path: &mut Vec<Step>,
    ) {
        let mut facts = cel::StructFacts::from_model(def);
        manifest_facts(&mut facts, schema);
        self.owned_enum_facts(def, schema, &mut facts);
        // The structs that subfield unions' fields hold, with the manifest's own schema there.
        for field in def.unions.iter().filter_map(|u| u.subfield.as_deref()) {
            let held = cel::held_struct(def, field).and_then(|n| self.index.structs.get(n));
            let held_schema = schema
                .get("properties")
                .and_then(|p| p.get(field))
                .and_then(Value::as_mapping);
            if let (Some(held), Some(held_schema)) = (held, held_schema) {
                let mut held_facts = cel::StructFacts::from_model(held);
                manifest_facts(&mut held_facts, held_schema);
                facts = facts.with_nested(field, held_facts);
            }
        }
        let placement = self.placement(schema, path);
        let plan = match &placement {
            Some(placement) => cel::plan_placed(&def.unions, &facts, placement),
            None => cel::plan(&def.unions, &facts),
        };
        // Every rule union-gen would write here, written or not: a manifest rule in
        // union-gen's own form that is none of them is stale (its union changed).
        let generated: Vec<String> =
            plan.rules
                .iter()
                .chain(plan.findings.iter().filter_map(|f| match f {
                    cel::Finding::OverBudget { rule, .. }
                    | cel::Finding::RejectsValid { rule, .. } => Some(rule),
                    _ => None,
                }))
                .map(|r| cel::normalized(&r.rule))
                .collect();
        let (stale, mut present) = manifest_rules(schema, &generated);
        for finding in plan.findings {
            // A rule the manifest already has is the manifest's: the version check reports it.
            if let cel::Finding::OverBudget { rule, .. } = &finding {
                if present.contains(&cel::normalized(&rule.rule)) {
                    continue;
                }
            }
            let finding = (name.clone(), finding);
            if !self.cel.contains(&finding) {
                self.cel.push(finding);
            }
        }
        let mut new: Vec<Rule> = Vec::new();
        for rule in plan.rules {
            let normalized = cel::normalized(&rule.rule);
            if !present.contains(&normalized) {
                present.push(normalized);
                let estimate = placement.as_ref().and_then(|p| p.cost(&rule.rule).ok());
                self.added.push((field_path(path), estimate.unwrap_or(0)));
                new.push(rule);
            }
        }
        if !new.is_empty() || !stale.is_empty() {
            self.additions
                .push((path.clone(), Addition::Rules { stale, new }));
        }
        let Some(properties) = schema.get("properties").and_then(Value::as_mapping) else {
            return;
        };
        for (key, sub) in properties {
            let (Some(key), Some(sub)) = (key.as_str(), sub.as_mapping()) else {
                continue;
            };
            let Some(property) = def.properties.iter().find(|p| p.json_name == key) else {
                continue;
            };
            path.push(Step::Key("properties".into()));
            path.push(Step::Key(key.to_string()));
            self.walk_type(&property.ty, sub, path);
            path.truncate(path.len() - 2);
        }
    }

    /// The `enum` list of a string property: added when missing — for a deduced `+enum` type
    /// (`origin`, not explicit) only when the type is the project's ([`Index::adds_list_of`]) — and, when
    /// union-gen owns it ([`Index::owns_list_of`]), rewritten when it differs from the
    /// deduced values. An explicit list (`origin` `None`, or an explicit type) is only added.
    fn enum_list(
        &mut self,
        values: &[EnumValue],
        origin: Option<&EnumOrigin>,
        schema: &Mapping,
        path: &[Step],
    ) {
        let is_string = schema.get("type").and_then(Value::as_str) == Some("string");
        if values.is_empty() || !is_string {
            return;
        }
        let values: Vec<String> = values.iter().map(|v| v.value.clone()).collect();
        let present = schema.get("enum");
        match (present, origin) {
            // An explicit list is the author's, also on a dependency's type (controller-gen
            // writes it too).
            (None, Some(origin)) if !origin.explicit && !self.index.adds_list_of(origin) => {
                self.dependency_enums
                    .push((path.to_vec(), origin.type_name.clone()));
            }
            (None, _) => self.additions.push((
                path.to_vec(),
                Addition::Enum {
                    values,
                    replaces: false,
                },
            )),
            (Some(present), Some(origin)) if self.index.owns_list_of(origin) => {
                let same = present.as_sequence().is_some_and(|items| {
                    items.len() == values.len()
                        && items
                            .iter()
                            .zip(&values)
                            .all(|(a, b)| a.as_str() == Some(b))
                });
                if !same {
                    self.additions.push((
                        path.to_vec(),
                        Addition::Enum {
                            values,
                            replaces: true,
                        },
                    ));
                }
            }
            (Some(_), _) => {}
        }
    }

    /// The discriminators (and other properties) whose `enum` union-gen owns allow the deduced
    /// values, which the manifest will hold once patched, whatever its stale list says.
    fn owned_enum_facts(&self, def: &StructDef, schema: &Mapping, facts: &mut cel::StructFacts) {
        let properties = schema.get("properties").and_then(Value::as_mapping);
        for property in &def.properties {
            let PropertyType::Enum(values, origin) = &property.ty else {
                continue;
            };
            let is_string = properties
                .and_then(|p| p.get(property.json_name.as_str()))
                .and_then(|p| p.get("type"))
                .and_then(Value::as_str)
                == Some("string");
            if values.is_empty() || !is_string || !self.index.owns_list_of(origin) {
                continue;
            }
            if let Some(f) = facts.get_mut(&property.json_name) {
                f.allowed = Some(values.iter().map(|v| v.value.clone()).collect());
            }
        }
    }

    /// Where the struct at `path` (schema `schema`) sits, for the cost estimate; `None` when
    /// the schema has no CEL type.
    fn placement(&self, schema: &Mapping, path: &[Step]) -> Option<cel::Placement> {
        let json = serde_json::to_value(schema).ok()?;
        let root = matches!(path.last(), Some(Step::Key(k)) if k == "openAPIV3Schema")
            || json
                .get("x-kubernetes-embedded-resource")
                .and_then(serde_json::Value::as_bool)
                == Some(true);
        Some(cel::Placement {
            node: cost::DeclType::from_schema(&json, root)?,
            cardinality: self.cardinality,
            enclosing: self.enclosing.clone(),
        })
    }

    /// Walks a list's items or a map's values, whose cardinality is the list's or map's
    /// times its bound.
    fn walk_elements(
        &mut self,
        inner: &PropertyType,
        schema: &Mapping,
        key: &str,
        path: &mut Vec<Step>,
    ) {
        let Some(elements) = schema.get(key).and_then(Value::as_mapping) else {
            return;
        };
        let factor = Cardinality::factor(
            schema.get("type").and_then(Value::as_str),
            schema.contains_key("additionalProperties"),
            schema.get("maxItems").and_then(Value::as_i64),
            schema.get("maxProperties").and_then(Value::as_i64),
        );
        let saved = self.cardinality;
        self.cardinality = saved.child(factor);
        self.enclosing.push((field_path(path), factor));
        path.push(Step::Key(key.into()));
        self.walk_type(inner, elements, path);
        path.pop();
        self.enclosing.pop();
        self.cardinality = saved;
    }

    fn walk_type(&mut self, ty: &PropertyType, schema: &Mapping, path: &mut Vec<Step>) {
        match ty {
            PropertyType::Enum(values, origin) => {
                self.enum_list(values, Some(origin), schema, path)
            }
            PropertyType::ExplicitEnum(values, _) => self.enum_list(values, None, schema, path),
            PropertyType::Ref(name) => {
                if let Some(def) = self.index.structs.get(name) {
                    self.walk_struct(name, def, schema, path);
                }
            }
            PropertyType::Array(inner) => self.walk_elements(inner, schema, "items", path),
            PropertyType::Map(inner) => {
                self.walk_elements(inner, schema, "additionalProperties", path)
            }
            _ => {}
        }
    }
}

/// The field a schema path describes, as a user reads it: `spec.routes[*].backend` for
/// `….openAPIV3Schema.properties.spec.properties.routes.items.properties.backend`; `<root>`
/// for the version's root.
fn field_path(path: &[Step]) -> String {
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

/// A rule already in the manifest, estimated: where it is and what it costs.
struct Present {
    path: Vec<Step>,
    rule: String,
    cost: Result<u64, String>,
}

/// Every rule (and `messageExpression`) of a version's schema, estimated as the API server
/// does: cardinality from the root through `properties`, `items`, `additionalProperties`.
fn present_rules(
    schema: &serde_json::Value,
    is_root: bool,
    cardinality: Cardinality,
    path: &mut Vec<Step>,
    depth: usize,
    out: &mut Vec<Present>,
) {
    use serde_json::Value as J;
    if depth > crate::limits::SCHEMA_NESTING {
        return;
    }
    let embedded = schema
        .get("x-kubernetes-embedded-resource")
        .and_then(J::as_bool)
        == Some(true);
    if let Some(rules) = schema.get(cel::EXTENSION).and_then(J::as_array) {
        let node = cost::DeclType::from_schema(schema, is_root || embedded);
        for (i, entry) in rules.iter().enumerate() {
            let mut at = path.clone();
            at.push(Step::Key(cel::EXTENSION.into()));
            at.push(Step::Index(i));
            let estimate = |text: &str, times: bool| match &node {
                None => Err("the schema has no CEL type".to_string()),
                Some(node) => cost::estimate(text, node).map(|c| {
                    if times {
                        cost::expression_cost(c, cardinality, node)
                    } else {
                        c // a messageExpression's cost is not multiplied
                    }
                }),
            };
            if let Some(rule) = entry.get("rule").and_then(J::as_str) {
                if !rule.trim().is_empty() {
                    out.push(Present {
                        path: at.clone(),
                        rule: rule.to_string(),
                        cost: estimate(rule, true),
                    });
                }
            }
            if let Some(message) = entry.get("messageExpression").and_then(J::as_str) {
                out.push(Present {
                    path: at,
                    rule: message.to_string(),
                    cost: estimate(message, false),
                });
            }
        }
    }
    let factor = cost::Cardinality::factor_of(schema);
    let child = cardinality.child(factor);
    if let Some(props) = schema.get("properties").and_then(J::as_object) {
        for (name, sub) in props {
            path.push(Step::Key("properties".into()));
            path.push(Step::Key(name.clone()));
            present_rules(sub, false, child, path, depth + 1, out);
            path.truncate(path.len() - 2);
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(sub) = schema.get(key).filter(|s| s.is_object()) {
            path.push(Step::Key(key.into()));
            present_rules(sub, false, child, path, depth + 1, out);
            path.pop();
        }
    }
}

/// The per-version check: the manifest's own rules and union-gen's (`added`: path, cost)
/// against [`cost::STATIC_ESTIMATED_CRD_COST_LIMIT`], and the manifest's rules against the
/// per-rule limit (warnings). Returns whether union-gen's rules bring the version over, in
/// which case none of them is written. The `stale` rules (paths) are being removed and do
/// not count.
#[allow(clippy::too_many_arguments)]
fn version_budget(
    tree: &block::Node,
    schema: &Mapping,
    root: &[Step],
    version: &str,
    version_line: usize,
    added: &[(String, u64)],
    stale: &[Vec<Step>],
    out: &mut Vec<BudgetFinding>,
) -> bool {
    let Ok(json) = serde_json::to_value(schema) else {
        return false;
    };
    let mut present = Vec::new();
    present_rules(
        &json,
        true,
        Cardinality::ROOT,
        &mut root.to_vec(),
        0,
        &mut present,
    );
    present.retain(|rule| !stale.contains(&rule.path));
    let rule_limit = cost::STATIC_ESTIMATED_COST_LIMIT;
    let limit = cost::STATIC_ESTIMATED_CRD_COST_LIMIT;
    let mut existing = 0u64;
    let mut unknown = 0usize;
    for rule in &present {
        match rule.cost {
            Ok(c) => {
                existing = existing.saturating_add(c);
                if c > rule_limit {
                    let line = locate(tree, &rule.path).map_or(version_line, |(_, l)| l);
                    out.push(rule_over_limit(rule, c, version, line));
                }
            }
            Err(_) => unknown += 1,
        }
    }
    let ours = added
        .iter()
        .fold(0u64, |sum, (_, c)| sum.saturating_add(*c));
    let total = existing.saturating_add(ours);
    if total <= limit {
        return false;
    }
    let not_estimated = if unknown == 0 {
        String::new()
    } else {
        format!(" ({unknown} of the manifest's expressions could not be estimated and count 0)")
    };
    if existing > limit || ours == 0 {
        out.push(BudgetFinding {
            line: version_line,
            message: format!(
                "the manifest's rules of version {version} have an estimated total cost of {}, \
                 over the API server's per-version limit of {}{not_estimated}: the API server \
                 refuses this CRD as it is",
                cost::thousands(existing),
                cost::thousands(limit)
            ),
            help: "bound the lists and maps above the most expensive rules (`maxItems`, \
                   `maxProperties`)"
                .into(),
            warning: true,
        });
        return false;
    }
    out.push(ours_over_limit(
        added,
        version,
        version_line,
        existing,
        ours,
        &not_estimated,
    ));
    true
}

/// The warning for a manifest rule over the per-rule limit.
fn rule_over_limit(rule: &Present, c: u64, version: &str, line: usize) -> BudgetFinding {
    BudgetFinding {
        line,
        message: format!(
            "the manifest's rule `{}` at `{}` (version {version}) has an \
             estimated cost of {}, over the API server's per-rule limit of {}: \
             the API server refuses this CRD as it is",
            rule.rule,
            field_path(&rule.path),
            cost::thousands(c),
            cost::thousands(cost::STATIC_ESTIMATED_COST_LIMIT)
        ),
        help: "bound the lists and maps above the rule (`maxItems`, \
               `maxProperties`) or the lists and strings it reads"
            .into(),
        warning: true,
    }
}

/// The error for a version that union-gen's rules (`added`, costing `ours`) bring over the
/// per-version limit; names the most expensive of them.
fn ours_over_limit(
    added: &[(String, u64)],
    version: &str,
    version_line: usize,
    existing: u64,
    ours: u64,
    not_estimated: &str,
) -> BudgetFinding {
    let limit = cost::STATIC_ESTIMATED_CRD_COST_LIMIT;
    let total = existing.saturating_add(ours);
    let mut largest: Vec<&(String, u64)> = added.iter().collect();
    largest.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    let largest: Vec<String> = largest
        .iter()
        .take(4)
        .map(|(path, c)| format!("`{path}` ({})", cost::thousands(*c)))
        .collect();
    BudgetFinding {
        line: version_line,
        message: format!(
            "with union-gen's rules, the rules of version {version} would have an estimated total \
             cost of {} (the manifest's {} + union-gen's {}), over the API server's per-version \
             limit of {}{not_estimated}; union-gen's rules for this version are not written",
            cost::thousands(total),
            cost::thousands(existing),
            cost::thousands(ours),
            cost::thousands(limit)
        ),
        help: format!(
            "lower the cost by {} or more: bound (`maxItems`) the lists above the most expensive \
             union rules: {}",
            cost::thousands(total - limit),
            largest.join(", ")
        ),
        warning: false,
    }
}

/// What the manifest's schema of a struct says of its properties overrides the Go types: the
/// API server enforces the manifest's `enum`, `default`, `required` and `type`.
fn manifest_facts(facts: &mut cel::StructFacts, schema: &Mapping) {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_sequence)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_mapping) else {
        return;
    };
    for (key, property) in properties {
        let (Some(key), Some(property)) = (key.as_str(), property.as_mapping()) else {
            continue;
        };
        let Some(f) = facts.get_mut(key) else {
            continue;
        };
        f.required = required.contains(&key);
        f.max_items = property.get("maxItems").and_then(Value::as_i64);
        f.default = property
            .get("default")
            .and_then(|d| serde_json::to_value(d).ok());
        if let Some(values) = property.get("enum").and_then(Value::as_sequence) {
            let strings: Option<Vec<String>> = values
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect();
            if strings.is_some() {
                f.allowed = strings;
            }
        }
        if property
            .get("x-kubernetes-int-or-string")
            .and_then(Value::as_bool)
            == Some(true)
        {
            f.kind = cel::ValueKind::Any;
        } else if let Some(ty) = property.get("type").and_then(Value::as_str) {
            f.kind = cel::ValueKind::from_schema_type(ty);
        }
    }
}

/// The node at `path` and the line of the last step found.
fn locate<'t>(tree: &'t block::Node, path: &[Step]) -> Result<(&'t block::Node, usize), Finding> {
    let mut node = tree;
    let mut line = 0;
    for step in path {
        let next = match (step, node) {
            (Step::Key(key), _) => node.entry(key).map(|e| (&e.value, e.line)),
            (Step::Index(i), block::Node::Seq(items)) => items.get(*i).map(|i| (&i.value, i.line)),
            _ => None,
        };
        match next {
            Some((found, found_line)) => {
                node = found;
                line = found_line;
            }
            None => {
                return Err(Finding {
                    line,
                    message: format!(
                        "`{}` is not written in block style (flow collections `{{…}}`/`[…]`, \
                         anchors, tags or unusual indentation), so union-gen cannot insert \
                         lines into it without reformatting the file",
                        path_text(path)
                    ),
                })
            }
        }
    }
    Ok((node, line))
}

fn path_text(path: &[Step]) -> String {
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

fn spaces(n: usize) -> String {
    " ".repeat(n)
}

/// Where and what to insert (or replace, or remove) for one change.
fn insertion(
    tree: &block::Node,
    path: &[Step],
    addition: &Addition,
    offset: usize,
    order: usize,
) -> Result<Vec<Insertion>, Finding> {
    let (node, line) = locate(tree, path)?;
    let entries = match node {
        block::Node::Map(entries) if !entries.is_empty() => entries,
        _ => {
            return Err(Finding {
                line,
                message: format!(
                    "the schema `{}` is not a block mapping, so union-gen cannot insert lines \
                     into it without reformatting the file",
                    path_text(path)
                ),
            })
        }
    };
    let indent = entries[0].indent;
    let last = entries.last().map_or(line, |e| e.last) + 1;
    let place = Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    };
    match addition {
        Addition::Enum { values, .. } => enum_insertion(&place, values),
        Addition::Rules { stale, new } => rules_insertion(&place, line, stale, new),
    }
}

/// A block mapping of the schema being changed: its entries, the line after them, their
/// indentation, the offset of list items below its keys and the change's order.
struct Place<'t> {
    path: &'t [Step],
    entries: &'t [block::Entry],
    line: usize,
    indent: usize,
    offset: usize,
    order: usize,
}

fn starts_item(path: &[Step], entry: &block::Entry, what: &str) -> Finding {
    Finding {
        line: entry.line,
        message: format!(
            "the schema `{}` starts on a `- ` line; union-gen cannot {what}",
            path_text(path)
        ),
    }
}

/// The `enum` list added, or written over the manifest's.
fn enum_insertion(place: &Place, values: &[String]) -> Result<Vec<Insertion>, Finding> {
    let Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    } = *place;
    let existing = entries.iter().find(|e| e.key == "enum");
    let (at, remove, offset) = match existing {
        // A stale list: its lines are replaced, in the style of its items.
        Some(entry) if entry.item_start => {
            return Err(starts_item(path, entry, "rewrite its `enum`"))
        }
        Some(entry) => {
            let offset = match &entry.value {
                block::Node::Seq(items) => items[0].indent.saturating_sub(entry.indent),
                _ => offset,
            };
            (entry.line, entry.last + 1 - entry.line, offset)
        }
        None => {
            let at = match entries.iter().position(|e| e.key.as_str() > "enum") {
                Some(0) if entries[0].item_start => {
                    return Err(starts_item(
                        path,
                        &entries[0],
                        "insert `enum` before its first key",
                    ))
                }
                Some(0) => entries[0].line,
                Some(i) => entries[i - 1].last + 1,
                None => last,
            };
            (at, 0, offset)
        }
    };
    let mut lines = vec![format!("{}enum:", spaces(indent))];
    for value in values {
        lines.push(format!("{}- {}", spaces(indent + offset), scalar(value)));
    }
    Ok(vec![Insertion {
        line: at,
        remove,
        indent,
        order,
        lines,
    }])
}

/// The stale rules removed and the new ones added; `line` is the schema's.
fn rules_insertion(
    place: &Place,
    line: usize,
    stale: &[usize],
    new: &[Rule],
) -> Result<Vec<Insertion>, Finding> {
    let Place {
        path,
        entries,
        line: last,
        indent,
        offset,
        order,
    } = *place;
    let existing = entries.iter().find(|e| e.key == cel::EXTENSION);
    let items = match existing.map(|e| &e.value) {
        Some(block::Node::Seq(items)) => Some(items),
        Some(_) => {
            return Err(Finding {
                line: existing.map_or(line, |e| e.line),
                message: format!(
                    "`{}` is not a block sequence, so union-gen cannot change its rules \
                     without reformatting the file",
                    cel::EXTENSION
                ),
            })
        }
        None => None,
    };
    let mut out = Vec::new();
    let removal = |from: usize, to: usize| Insertion {
        line: from,
        remove: to + 1 - from,
        indent,
        order,
        lines: Vec::new(),
    };
    if let (Some(entry), Some(items)) = (existing, items) {
        if new.is_empty() && stale.len() == items.len() {
            // Every rule is stale and none replaces them: the key goes too.
            if entry.item_start {
                return Err(starts_item(path, entry, "remove its rules"));
            }
            return Ok(vec![removal(entry.line, entry.last)]);
        }
        for &i in stale {
            let Some(item) = items.get(i) else {
                return Err(Finding {
                    line: entry.line,
                    message: format!(
                        "`{}` of `{}` is not written in block style, so union-gen cannot \
                         remove a rule from it without reformatting the file",
                        cel::EXTENSION,
                        path_text(path)
                    ),
                });
            };
            out.push(removal(item.line, item.last));
        }
    }
    if new.is_empty() {
        return Ok(out);
    }
    let (at, item_indent, mut lines) = match (existing, items) {
        (Some(entry), Some(items)) => (entry.last + 1, items[0].indent, Vec::new()),
        _ => (
            last,
            indent + offset,
            vec![format!("{}{}:", spaces(indent), cel::EXTENSION)],
        ),
    };
    for rule in new {
        lines.push(format!(
            "{}- message: {}",
            spaces(item_indent),
            scalar(&rule.message)
        ));
        lines.push(format!(
            "{}rule: {}",
            spaces(item_indent + 2),
            scalar(&rule.rule)
        ));
    }
    out.push(Insertion {
        line: at,
        remove: 0,
        indent,
        order,
        lines,
    });
    Ok(out)
}

/// A YAML scalar for `value`: plain when it reads back as the same string, else
/// single-quoted, else (control characters) double-quoted.
pub fn scalar(value: &str) -> String {
    let plain = !value.is_empty()
        && !crate::emit::yaml11::is_special(value)
        && value.trim() == value
        && !value.starts_with([
            '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%',
            '@', '`',
        ])
        && !value.contains(": ")
        && !value.contains(" #")
        && !value.ends_with(':')
        && !value.chars().any(char::is_control)
        && yaml_serde::from_str::<Value>(value).ok() == Some(Value::String(value.to_string()));
    if plain {
        value.to_string()
    } else if !value.chars().any(char::is_control) {
        format!("'{}'", value.replace('\'', "''"))
    } else {
        serde_json::to_string(value).unwrap_or_default()
    }
}

/// Applies an addition to the structure, as the inserted lines should read.
fn apply(value: &mut Value, path: &[Step], addition: &Addition) {
    let mut node = value;
    for step in path {
        let next = match step {
            Step::Key(key) => node.get_mut(key.as_str()),
            Step::Index(i) => node.get_mut(*i),
        };
        match next {
            Some(next) => node = next,
            None => return,
        }
    }
    let Some(mapping) = node.as_mapping_mut() else {
        return;
    };
    match addition {
        Addition::Enum { values, .. } => {
            mapping.insert(
                "enum".into(),
                Value::Sequence(values.iter().map(|v| Value::String(v.clone())).collect()),
            );
        }
        Addition::Rules { stale, new } => {
            let list = mapping
                .entry(cel::EXTENSION.into())
                .or_insert_with(|| Value::Sequence(Vec::new()));
            if let Some(list) = list.as_sequence_mut() {
                for &i in stale.iter().rev() {
                    if i < list.len() {
                        list.remove(i);
                    }
                }
                for rule in new {
                    let mut entry = Mapping::new();
                    entry.insert("message".into(), rule.message.clone().into());
                    entry.insert("rule".into(), rule.rule.clone().into());
                    list.push(Value::Mapping(entry));
                }
            }
            if mapping
                .get(cel::EXTENSION)
                .and_then(Value::as_sequence)
                .is_some_and(Vec::is_empty)
            {
                mapping.remove(cel::EXTENSION);
            }
        }
    }
}

/// The patched text, read again, must hold the original documents plus exactly the additions.
fn self_check(text: &str, expected: &[Option<Value>]) -> Result<(), Finding> {
    let failed = |line: usize, why: String| Finding {
        line,
        message: format!(
            "internal error: the patched file does not read back as the original plus the \
             additions ({why}); nothing was written — please report this with the file"
        ),
    };
    let with_endings: Vec<&str> = text.split_inclusive('\n').collect();
    let lines: Vec<&str> = with_endings
        .iter()
        .map(|l| l.trim_end_matches('\n').trim_end_matches('\r'))
        .collect();
    let segments = documents(&lines)?;
    if segments.len() != expected.len() {
        return Err(failed(0, "the number of documents changed".into()));
    }
    for (range, expected) in segments.iter().zip(expected) {
        let Some(expected) = expected else { continue };
        let value = parse_document(&text_of(&with_endings, range.clone()), range.start)
            .map_err(|f| failed(f.line, f.message))?;
        if &value != expected {
            return Err(failed(
                range.start,
                format!("document at line {} differs", range.start + 1),
            ));
        }
    }
    Ok(())
}

/// Byte span of 0-based `line` in `text`.
fn line_span(file: FileId, text: &str, line: usize) -> Span {
    let mut start = 0;
    for (index, l) in text.split_inclusive('\n').enumerate() {
        if index == line {
            let content = l.trim_end_matches('\n').trim_end_matches('\r');
            return Span::new(file, start..start + content.len());
        }
        start += l.len();
    }
    Span::new(file, text.len()..text.len())
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
/// manifest's text: the roots of `crd` (SPEC §3). What cannot be read is left to [`patch`],
/// which reports it.
pub fn kinds(text: &str) -> Vec<(String, String, String)> {
    let with_endings: Vec<&str> = text.split_inclusive('\n').collect();
    let lines: Vec<&str> = with_endings
        .iter()
        .map(|l| l.trim_end_matches('\n').trim_end_matches('\r'))
        .collect();
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
            match std::fs::read(path).map(String::from_utf8) {
                Ok(Ok(text)) => texts.push((path.clone(), text)),
                Ok(Err(_)) => unreadable.push(format!("{} is not UTF-8", path.display())),
                Err(error) => unreadable.push(format!("cannot read {}: {error}", path.display())),
            }
        }
        Manifests { texts, unreadable }
    }

    /// The roots of `crd` (SPEC §3): every version of every CRD the manifests hold.
    pub fn roots(&self) -> crate::resolve::Roots {
        crate::resolve::Roots::Kinds(self.texts.iter().flat_map(|(_, t)| kinds(t)).collect())
    }
}

/// The diagnostics of one patched manifest: no CRD in it, rules over budget, CRDs skipped.
fn patch_diagnostics(id: FileId, text: &str, patched: &Patched) -> Vec<Diagnostic> {
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
        let mut diagnostic = Diagnostic::new(
            Code::CelOverBudget,
            line_span(id, text, finding.line),
            finding.message.clone(),
        )
        .with_help(finding.help.clone());
        if finding.warning {
            diagnostic.severity = crate::diag::Severity::Warning;
        }
        out.push(diagnostic);
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
    let text = &sources.get(*id).text;
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
        let id = sources.add(SourceFile::new(path.clone(), text.clone()));
        let patched = match patch(&text, &index) {
            Ok(patched) => {
                dependency_enums.extend(
                    patched
                        .dependency_enums
                        .iter()
                        .map(|(line, field, ty)| (id, *line, field.clone(), ty.clone())),
                );
                diagnostics.extend(patch_diagnostics(id, &text, &patched));
                Some(patched)
            }
            Err(finding) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::CrdNotPatchable,
                        line_span(id, &text, finding.line),
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
