//! `union-gen validate`: Kubernetes objects checked against the schemas of their kinds — from
//! CRD manifests (`--crd`, what a cluster would serve) or built from the Go types
//! (`--packages`) — the way the API server validates a custom resource on create (or on
//! update, paired with an old object of `--old`):
//! defaults, the structural schema and unknown fields ([`structural`], [`metadata`]), then the
//! `x-kubernetes-validations` rules ([`rules`]). Every error is the API server's text, located
//! at its YAML node ([`objects`]).
//!
//! Input: [`Options`]. Output: [`Outcome`] (diagnostics, one [`Verdict`] per object). Prints
//! and writes nothing.

pub mod cel_library;
pub mod cost;
pub mod formats;
pub mod go_net;
pub mod go_regex;
pub mod known_types;
pub mod metadata;
pub mod native;
pub mod objects;
pub mod quantity;
pub mod rules;
pub mod schema;
pub mod semver;
pub mod structural;

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value;

use crate::diag::{Code, Diagnostic, Severity};
use crate::source::{FileId, SourceFile, SourceMap, Span};
use objects::{read_objects, Object, Seg};
use schema::{NodeId, Schemas};

/// What `validate` works on.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Object files and directories (walked for `.yaml`, `.yml`, `.json`); `-` is stdin.
    pub files: Vec<PathBuf>,
    /// CRD manifests whose served versions give schemas.
    pub crds: Vec<PathBuf>,
    /// Go packages whose kinds give schemas (empty: none).
    pub packages: Vec<String>,
    /// An object of an unknown kind is an error, not a warning.
    pub strict: bool,
    /// What an unknown field is: `Strict` (an error, kubectl's default), `Warn` (pruned with a
    /// warning, the API server's default for other clients), `Ignore` (pruned).
    pub field_validation: FieldValidation,
    /// Files of old objects (`--old`): an object paired with one of them (same apiVersion,
    /// kind, namespace and name) is validated as an update of it.
    pub old: Vec<PathBuf>,
    pub jobs: usize,
}

/// The API server's `fieldValidation` of a request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FieldValidation {
    #[default]
    Strict,
    Warn,
    Ignore,
}

/// The API server's `metav1.CauseType` of a field error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Required,
    Invalid,
    NotSupported,
    Duplicate,
    TypeInvalid,
    TooLong,
    TooMany,
    Forbidden,
    /// A field the schema does not declare (strict field validation).
    Unknown,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Required => "FieldValueRequired",
            Reason::Invalid => "FieldValueInvalid",
            Reason::NotSupported => "FieldValueNotSupported",
            Reason::Duplicate => "FieldValueDuplicate",
            Reason::TypeInvalid => "FieldValueTypeInvalid",
            Reason::TooLong => "FieldValueTooLong",
            Reason::TooMany => "FieldValueTooMany",
            Reason::Forbidden => "FieldValueForbidden",
            Reason::Unknown => "FieldValueInvalid",
        }
    }
}

/// One field error.
#[derive(Debug, Clone, PartialEq)]
pub struct Cause {
    /// Where in the object (for its position).
    pub path: Vec<Seg>,
    /// The API server's field path (`spec.containers[0].name`, `<nil>` at the root).
    pub field: String,
    pub reason: Reason,
    /// The whole error text (`spec.x: Required value`).
    pub message: String,
}

/// The result for one object.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub file: FileId,
    /// Byte offset of the object in its file.
    pub offset: usize,
    pub api_version: String,
    pub kind: String,
    pub name: String,
    /// `None`: no schema for its kind (or it could not be read); `Some(causes)` otherwise.
    pub causes: Option<Vec<(Cause, usize)>>,
}

impl Verdict {
    pub fn valid(&self) -> Option<bool> {
        self.causes.as_ref().map(Vec::is_empty)
    }
}

pub struct Outcome {
    pub sources: SourceMap,
    pub diagnostics: Vec<Diagnostic>,
    pub verdicts: Vec<Verdict>,
    /// Files that could not be read: one message each (exit 2).
    pub unreadable: Vec<String>,
    /// Seconds spent validating (schemas loaded), for `--timings`.
    pub validate_seconds: f64,
}

/// A kind's schema: the compiled root node, and whether its `status` is a subresource (the
/// API server drops it on create).
type Kinds = HashMap<(String, String, String), (NodeId, bool)>;

/// Reads the CRD manifests' served versions into `schemas`.
fn crd_kinds(
    options: &Options,
    schemas: &mut Schemas,
    sources: &mut SourceMap,
    unreadable: &mut Vec<String>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Kinds {
    let mut kinds = Kinds::new();
    for path in objects::expand(&options.crds, unreadable) {
        let Some(text) = objects::read(&path, &mut objects::Budget::manifest(), unreadable) else {
            continue;
        };
        let id = sources.add(SourceFile::new(path.clone(), text));
        let mut found = 0;
        let mut failed = false;
        for document in crate::kube_yaml::documents(&sources.get(id).text) {
            let value = match document.value {
                Ok(value) => value,
                Err(error) => {
                    // The schemas would be missing: the run cannot be trusted (exit 2).
                    failed = true;
                    diagnostics.push(objects::unreadable_document(id, &error, true));
                    continue;
                }
            };
            if value.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
                continue;
            }
            let spec = &value["spec"];
            let (Some(group), Some(kind)) =
                (spec["group"].as_str(), spec["names"]["kind"].as_str())
            else {
                continue;
            };
            for version in spec["versions"].as_array().into_iter().flatten() {
                let Some(name) = version["name"].as_str() else {
                    continue;
                };
                if version["served"].as_bool() == Some(false) {
                    continue;
                }
                let schema = &version["schema"]["openAPIV3Schema"];
                if schema.is_null() {
                    continue;
                }
                let root = schemas.compile(schema);
                let status = !version["subresources"]["status"].is_null()
                    || !spec["subresources"]["status"].is_null();
                kinds.insert(
                    (group.to_string(), name.to_string(), kind.to_string()),
                    (root, status),
                );
                found += 1;
            }
        }
        if failed {
            unreadable.push(format!(
                "{}: a --crd manifest that cannot be read (see above)",
                path.display()
            ));
        } else if found == 0 {
            diagnostics.push(Diagnostic::new(
                Code::ValidateUnknownKind,
                Span::new(id, 0..0),
                "no CustomResourceDefinition with a served version schema in this --crd file",
            ));
        }
    }
    kinds
}

/// `apiVersion` → (group, version).
fn group_version(api_version: &str) -> (String, String) {
    match api_version.split_once('/') {
        Some((g, v)) => (g.to_string(), v.to_string()),
        None => (String::new(), api_version.to_string()),
    }
}

/// Runs `validate`. `Err` is an environment failure (bad package pattern). Objects nest up to
/// [`crate::limits::OBJECT_NESTING`] levels and every walk over them recurses per level: the
/// run has a thread with a deep stack of its own.
pub fn run(options: &Options) -> anyhow::Result<Outcome> {
    crate::limits::on_deep_stack(|| run_here(options))?
}

fn run_here(options: &Options) -> anyhow::Result<Outcome> {
    let mut sources = SourceMap::default();
    let mut unreadable = Vec::new();
    let mut diagnostics = Vec::new();
    let mut schemas = Schemas::default();
    let mut kinds = crd_kinds(
        options,
        &mut schemas,
        &mut sources,
        &mut unreadable,
        &mut diagnostics,
    );
    let mut budget = objects::Budget::objects();
    let objects = read_objects(
        &options.files,
        &mut budget,
        &mut sources,
        &mut unreadable,
        &mut diagnostics,
    );
    let old_objects = old_objects(
        &options.old,
        &mut budget,
        &mut sources,
        &mut unreadable,
        &mut diagnostics,
    );
    if !options.packages.is_empty() {
        add_go_kinds(
            options,
            &objects,
            &mut kinds,
            &mut schemas,
            &mut sources,
            &mut diagnostics,
        )?;
    }
    let started = std::time::Instant::now();
    let mut checker = Checker {
        options,
        schemas: &schemas,
        kinds: &kinds,
        old_objects,
        rules: rules::Rules::new(),
        reaching: HashMap::new(),
        diagnostics,
    };
    let verdicts: Vec<Verdict> = objects.into_iter().map(|o| checker.check(o)).collect();
    let validate_seconds = started.elapsed().as_secs_f64();
    let Checker {
        rules,
        mut diagnostics,
        ..
    } = checker;
    rule_notes(options, &rules, &mut diagnostics);
    Ok(Outcome {
        sources,
        diagnostics,
        verdicts,
        unreadable,
        validate_seconds,
    })
}

/// Adds the kinds of the Go packages that the objects use and the CRDs do not give.
fn add_go_kinds(
    options: &Options,
    objects: &[Object],
    kinds: &mut Kinds,
    schemas: &mut Schemas,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> anyhow::Result<()> {
    let wanted: Vec<(String, String, String)> = objects
        .iter()
        .filter_map(|o| {
            let (g, v) = group_version(o.value.get("apiVersion")?.as_str()?);
            Some((g, v, o.value.get("kind")?.as_str()?.to_string()))
        })
        .filter(|gvk| !kinds.contains_key(gvk))
        .collect();
    let (go_kinds, go_sources, go_diagnostics) = go_kinds(options, wanted, schemas)?;
    // The Go files the diagnostics point at join this run's sources, under new ids.
    let mut moved: HashMap<crate::source::FileId, crate::source::FileId> = HashMap::new();
    let mut remap = |span: &mut crate::source::Span| {
        let id = *moved.entry(span.file).or_insert_with(|| {
            let file = go_sources.get(span.file);
            sources.add(crate::source::SourceFile::new(
                file.path.clone(),
                file.text.clone(),
            ))
        });
        span.file = id;
    };
    for mut diagnostic in go_diagnostics {
        if let Some(span) = diagnostic.primary.as_mut() {
            remap(span);
        }
        for (span, _) in &mut diagnostic.labels {
            remap(span);
        }
        diagnostics.push(diagnostic);
    }
    let mut go_kinds: Vec<_> = go_kinds.into_iter().collect();
    go_kinds.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    for (gvk, id) in go_kinds {
        kinds.entry(gvk).or_insert(id);
    }
    Ok(())
}

/// The notes on rules that `validate` could not run (unevaluated, or transition rules with
/// no `--old`).
fn rule_notes(options: &Options, rules: &rules::Rules, diagnostics: &mut Vec<Diagnostic>) {
    for (rule, why) in &rules.unevaluated {
        diagnostics.push(Diagnostic::without_location(
            Code::ValidateRuleNotEvaluated,
            format!("a validation rule was not evaluated (`{rule}`): {why}"),
        ));
    }
    if rules.transition_rules > 0 && options.old.is_empty() {
        diagnostics.push(
            Diagnostic::without_location(
                Code::ValidateTransitionRuleSkipped,
                format!(
                    "{} evaluation(s) of transition rules (rules that read `oldSelf`) skipped: \
                     they apply to updates, and validate checks objects as created",
                    rules.transition_rules
                ),
            )
            .with_help("give the stored objects with --old FILE to check the objects as updates"),
        );
    }
}

/// What checking the objects one by one shares: the schemas, the old objects still unpaired,
/// the compiled rules, and the diagnostics so far.
struct Checker<'a> {
    options: &'a Options,
    schemas: &'a Schemas,
    kinds: &'a Kinds,
    old_objects: HashMap<Identity, Object>,
    rules: rules::Rules,
    /// Whether a root's schema has rules at all, by root.
    reaching: HashMap<NodeId, bool>,
    diagnostics: Vec<Diagnostic>,
}

impl Checker<'_> {
    /// Validates one object: its verdict, its errors as diagnostics.
    fn check(&mut self, mut object: Object) -> Verdict {
        let mut verdict = unchecked_verdict(&object);
        let span = Span::new(object.file, object.offset..object.offset);
        if verdict.api_version.is_empty() || verdict.kind.is_empty() {
            self.diagnostics.push(objects::without_kind(span));
            return verdict;
        }
        if let Some(verdict) = self.duplicate_keys(&object, &mut verdict) {
            return verdict;
        }
        let (group, version) = group_version(&verdict.api_version);
        let Some((root, status_subresource)) = self
            .kinds
            .get(&(group.clone(), version.clone(), verdict.kind.clone()))
            .copied()
        else {
            self.unknown_kind(span, &verdict.kind, &group, &version);
            return verdict;
        };
        let old = self.old_objects.remove(&identity(&object.value));
        // Taken, not cloned: the rest of the object only locates the causes.
        let mut value = std::mem::take(&mut object.value);
        let mut old = old.map(|o| o.value);
        if status_subresource {
            // On create the API server resets `status`; on an update of the main resource
            // it keeps the stored one: neither is this request's to change.
            for value in std::iter::once(&mut value).chain(old.as_mut()) {
                if let Value::Object(map) = value {
                    map.remove("status");
                }
            }
        }
        let schemas = self.schemas;
        let has_rules = *self
            .reaching
            .entry(root)
            .or_insert_with(|| reaches_rules(schemas, root));
        let mut causes = validate_object(
            schemas,
            root,
            value,
            old,
            &mut self.rules,
            has_rules,
            self.options.field_validation,
        );
        if self.options.field_validation != FieldValidation::Strict {
            let (unknown, rest): (Vec<Cause>, Vec<Cause>) = causes
                .into_iter()
                .partition(|c| c.reason == Reason::Unknown);
            causes = rest;
            if self.options.field_validation == FieldValidation::Warn {
                self.pruned_warnings(&object, unknown);
            }
        }
        let located: Vec<(Cause, usize)> = causes
            .into_iter()
            .map(|cause| {
                let at = locate(&object, &cause);
                (cause, at)
            })
            .collect();
        for (cause, at) in &located {
            self.diagnostics.push(
                Diagnostic::new(
                    Code::ValidateInvalid,
                    Span::new(object.file, *at..*at),
                    cause.message.clone(),
                )
                .with_help(format!(
                    "{} {}: {}",
                    verdict.kind,
                    verdict.name,
                    cause.reason.as_str()
                )),
            );
        }
        verdict.causes = Some(located);
        verdict
    }

    /// Keys given twice: the request fails strict decoding (`--field-validation Strict`, the
    /// default), whatever its kind, before any validation — the object's verdict then; a
    /// warning each under `Warn`; nothing under `Ignore`.
    fn duplicate_keys(&mut self, object: &Object, verdict: &mut Verdict) -> Option<Verdict> {
        if object.duplicates.is_empty() || self.options.field_validation == FieldValidation::Ignore
        {
            return None;
        }
        let mut located = Vec::new();
        for duplicate in &object.duplicates {
            let at = object.locate(&duplicate.path);
            let span = Span::new(object.file, at..at);
            if self.options.field_validation == FieldValidation::Warn {
                self.diagnostics.push(Diagnostic::new(
                    Code::ValidateUnknownField,
                    span,
                    format!("{} (the later value is kept)", duplicate.message),
                ));
                continue;
            }
            self.diagnostics.push(
                Diagnostic::new(Code::ValidateInvalid, span, duplicate.message.clone()).with_help(
                    format!("{} {}: strict decoding error", verdict.kind, verdict.name),
                ),
            );
            let cause = Cause {
                path: duplicate.path.clone(),
                field: structural::field_string(&duplicate.path),
                reason: Reason::Unknown,
                message: duplicate.message.clone(),
            };
            located.push((cause, at));
        }
        if located.is_empty() {
            return None;
        }
        verdict.causes = Some(located);
        Some(verdict.clone())
    }

    /// An object whose kind has no schema: a warning, an error under `--strict`.
    fn unknown_kind(&mut self, span: Span, kind: &str, group: &str, version: &str) {
        let mut d = Diagnostic::new(
            Code::ValidateUnknownKind,
            span,
            format!(
                "no schema for kind {kind} in {}: not validated",
                if group.is_empty() {
                    format!("core/{version}")
                } else {
                    format!("{group}/{version}")
                }
            ),
        )
        .with_help(
            "give its CRD manifest with --crd, or the Go packages of its types with --packages",
        );
        if self.options.strict {
            d.severity = Severity::Error;
        }
        self.diagnostics.push(d);
    }

    /// `--field-validation=Warn`: each unknown field is pruned with a warning.
    fn pruned_warnings(&mut self, object: &Object, unknown: Vec<Cause>) {
        for cause in unknown {
            let at = locate(object, &cause);
            self.diagnostics.push(Diagnostic::new(
                Code::ValidateUnknownField,
                Span::new(object.file, at..at),
                format!("{} (pruned)", cause.message),
            ));
        }
    }
}

/// The verdict of an object before it is checked: what it is, no causes.
fn unchecked_verdict(object: &Object) -> Verdict {
    let text = |key: &str| {
        object
            .value
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let name = object
        .value
        .get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    Verdict {
        file: object.file,
        offset: object.offset,
        api_version: text("apiVersion"),
        kind: text("kind"),
        name,
        causes: None,
    }
}

/// Where a cause is in the object's file: its node, else the object's start.
fn locate(object: &Object, cause: &Cause) -> usize {
    object.locate(&cause.path)
}

/// What pairs an object with its old version: apiVersion, kind, namespace, name.
type Identity = (String, String, String, String);

fn identity(value: &Value) -> Identity {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or("").to_string();
    let metadata = value.get("metadata");
    (
        text(value.get("apiVersion")),
        text(value.get("kind")),
        text(metadata.and_then(|m| m.get("namespace"))),
        text(metadata.and_then(|m| m.get("name"))),
    )
}

/// The objects of the `--old` files by identity; the first of a duplicated identity wins.
fn old_objects(
    files: &[PathBuf],
    budget: &mut objects::Budget,
    sources: &mut SourceMap,
    unreadable: &mut Vec<String>,
    diagnostics: &mut Vec<Diagnostic>,
) -> HashMap<Identity, Object> {
    let mut out = HashMap::new();
    for object in read_objects(files, budget, sources, unreadable, diagnostics) {
        out.entry(identity(&object.value)).or_insert(object);
    }
    out
}

/// The API server's checks of one object: defaults, schema, metadata, list types, then
/// (unless a blocking error) the CEL rules — as a create, or as an update of `old` (the
/// stored object: its defaults are applied and unknown fields pruned, it is not validated),
/// which runs the transition rules.
pub fn validate_object(
    schemas: &Schemas,
    root: NodeId,
    mut value: Value,
    old: Option<Value>,
    rules: &mut rules::Rules,
    has_rules: bool,
    field_validation: FieldValidation,
) -> Vec<Cause> {
    structural::apply_defaults(schemas, root, &mut value, 0);
    let mut walker = structural::Walker {
        schemas,
        causes: Vec::new(),
        path: Vec::new(),
    };
    // The Go types describe ObjectMeta; a CRD's schema says `metadata: {type: object}` and
    // the API server checks it by hand.
    let metadata_schema = schema::View::new(schemas, root)
        .property("metadata")
        .is_some_and(|m| schema::View::new(schemas, m).has_properties());
    // `metadata: null` is no metadata (the API server decodes it so).
    if let Some(metadata) = value.get("metadata").filter(|m| !m.is_null()) {
        metadata::check(&mut walker, metadata, true, !metadata_schema);
    } else {
        walker.path.push(Seg::Key("metadata".into()));
        walker.push_at(
            "name",
            Reason::Required,
            "Required value: name or generateName is required".into(),
        );
        walker.path.pop();
    }
    let mut body = value.clone();
    if let (Value::Object(object), false) = (&mut body, metadata_schema) {
        // Present for `required`, checked above.
        if object.contains_key("metadata") {
            object.insert("metadata".into(), Value::Object(serde_json::Map::new()));
        }
    }
    walker.walk(root, &body, 0);
    let mut causes = walker.causes;
    // Strict field validation fails the request while decoding, before any validation;
    // otherwise unknown fields are pruned (the caller reports them as warnings).
    if field_validation == FieldValidation::Strict
        && causes.iter().any(|c| c.reason == Reason::Unknown)
    {
        causes.retain(|c| c.reason == Reason::Unknown);
        return causes;
    }
    let blocking = causes.iter().any(|c| {
        matches!(
            c.reason,
            Reason::NotSupported
                | Reason::Required
                | Reason::TooLong
                | Reason::TooMany
                | Reason::TypeInvalid
        )
    });
    if blocking {
        if has_rules {
            causes.push(Cause {
                path: Vec::new(),
                field: "<nil>".into(),
                reason: Reason::Invalid,
                message: "<nil>: Invalid value: \"null\": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation".into(),
            });
        }
    } else if has_rules {
        // Unknown fields are pruned before the rules see the object.
        prune(schemas, root, &mut body, 0);
        if let (Value::Object(object), Some(metadata)) = (&mut body, value.get("metadata")) {
            object.insert("metadata".into(), metadata.clone());
        }
        let old = old.map(|mut old| {
            structural::apply_defaults(schemas, root, &mut old, 0);
            let metadata = old.get("metadata").cloned();
            prune(schemas, root, &mut old, 0);
            if let (Value::Object(object), Some(metadata)) = (&mut old, metadata) {
                object.insert("metadata".into(), metadata);
            }
            old
        });
        causes.extend(
            rules
                .check_update(schemas, root, &body, old.as_ref())
                .causes,
        );
    }
    causes
}

/// Whether any node reachable from `root` has `x-kubernetes-validations`.
pub fn reaches_rules(schemas: &Schemas, root: NodeId) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        let node = schemas.node(id);
        if !node.rules.is_empty() {
            return true;
        }
        stack.extend(node.properties.iter().map(|(_, p)| *p));
        stack.extend(node.additional_properties);
        stack.extend(node.items);
        stack.extend(node.all_of.iter().chain(&node.any_of).chain(&node.one_of));
        stack.extend(node.not);
        stack.extend(node.reference);
    }
    false
}

/// Removes the fields the schema does not declare (the API server's pruning).
fn prune(schemas: &Schemas, id: NodeId, value: &mut Value, depth: usize) {
    if depth > crate::limits::OBJECT_NESTING {
        return;
    }
    let view = schema::View::new(schemas, id);
    match value {
        Value::Object(object) => {
            if view.any(|n| n.preserve_unknown) && !view.has_properties() {
                return;
            }
            let additional = view.first(|n| n.additional_properties);
            let preserve = view.any(|n| n.preserve_unknown)
                || view.first(|n| n.additional_allowed) == Some(true);
            let declared = view.has_properties() || additional.is_some();
            let embedded = view.any(|n| n.embedded_resource);
            object.retain(|name, _| {
                !declared && !view.types().iter().any(|t| t == "object")
                    || view.property(name).is_some()
                    || additional.is_some()
                    || preserve
                    || (embedded && matches!(name.as_str(), "apiVersion" | "kind" | "metadata"))
                    || (depth == 0 && matches!(name.as_str(), "apiVersion" | "kind" | "metadata"))
            });
            for (name, child) in object.iter_mut() {
                if let Some(next) = view.property(name).or(additional) {
                    prune(schemas, next, child, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = view.first(|n| n.items) {
                for child in items {
                    prune(schemas, item, child, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// The v3 definitions `generate --cel` builds from `model`, by REST name.
fn v3_definitions(
    model: &crate::model::ApiModel,
) -> anyhow::Result<serde_json::Map<String, Value>> {
    let built = crate::schema::build(
        model,
        crate::schema::Naming::Rest,
        crate::schema::UnionFormat::List,
        true,
    );
    let bytes = crate::emit::to_bytes(
        &built.definitions,
        crate::emit::Version::V3,
        &crate::emit::Info {
            title: "validate".into(),
            version: "v".into(),
        },
        crate::emit::Format::Json,
    );
    let mut document: Value = serde_json::from_slice(&bytes)?;
    Ok(
        match document.pointer_mut("/components/schemas").map(Value::take) {
            Some(Value::Object(definitions)) => definitions,
            _ => serde_json::Map::new(),
        },
    )
}

/// The kinds the Go packages serve, compiled from the v3 schemas built from the types.
#[allow(clippy::type_complexity)]
fn go_kinds(
    options: &Options,
    wanted: Vec<(String, String, String)>,
    schemas: &mut Schemas,
) -> anyhow::Result<(Kinds, SourceMap, Vec<Diagnostic>)> {
    let mut kinds = Kinds::new();
    if wanted.is_empty() {
        return Ok((kinds, SourceMap::default(), Vec::new()));
    }
    let roots = crate::resolve::Roots::Kinds(wanted.clone());
    let resolve_options = crate::resolve::Options {
        dependency_definitions: true,
        openapi_gen: false,
        kubebuilder: true,
    };
    let analysis = crate::pipeline::thread_pool(options.jobs.max(1))?.install(|| {
        crate::pipeline::analyse(
            &options.packages,
            resolve_options,
            &roots,
            crate::resolve::Outside::Drop,
            &mut crate::pipeline::Timings::from_env(),
        )
    })?;
    // Custom resources read the schemas of their CRDs as controller-gen writes them; built-in
    // kinds read copies keeping the API server's own checks (`native`, dependencies' enums).
    let custom = known_types::without_dependency_enums(&analysis.model, &analysis.loaded.project);
    let mut definitions = v3_definitions(custom.as_ref().unwrap_or(&analysis.model))?;
    known_types::apply(&mut definitions);
    let mut built_in = match custom {
        Some(_) => {
            let mut full = v3_definitions(&analysis.model)?;
            known_types::apply(&mut full);
            full
        }
        None => definitions.clone(),
    };
    native::add_built_in_copies(&mut built_in);
    definitions.extend(
        built_in
            .into_iter()
            .filter(|(name, _)| name.starts_with(native::BUILT_IN)),
    );
    schemas.add_definitions(definitions);
    let serving = crate::resolve::closure::group_versions(&analysis.loaded.packages);
    for (group, version, kind) in wanted {
        for (_, _, package) in serving
            .iter()
            .filter(|(g, v, _)| *g == group && *v == version)
        {
            let name = crate::schema::definition_name(
                &crate::model::TypeName {
                    package: package.clone(),
                    name: kind.clone(),
                },
                crate::schema::Naming::Rest,
            );
            // Built-in kinds read the definitions with the API server's native checks.
            let built_in = format!("{}{name}", native::BUILT_IN);
            let id = native::is_built_in(package)
                .then(|| schemas.definition(&built_in))
                .flatten()
                .or_else(|| schemas.definition(&name));
            if let Some(id) = id {
                // Built-in and aggregated kinds reset `status` on create.
                kinds.insert((group.clone(), version.clone(), kind.clone()), (id, true));
                break;
            }
        }
    }
    // Errors in the Go types are `check`'s business. A package that was not found is this
    // run's: its types stay unchecked (any value passes there), which must not go unsaid;
    // so are controller-gen markers left out of the schemas (only this run reads them).
    let diagnostics = analysis
        .diagnostics
        .iter()
        .filter_map(|d| match d.code {
            crate::diag::Code::ResolvePackageNotFound => {
                let mut note = Diagnostic::without_location(
                    d.code,
                    format!("{}: objects are not checked against those types", d.message),
                );
                note.help = d.help.clone();
                Some(note)
            }
            crate::diag::Code::KubebuilderInvalid | crate::diag::Code::KubebuilderNotSupported => {
                Some(d.clone())
            }
            _ => None,
        })
        .collect();
    Ok((kinds, analysis.loaded.sources, diagnostics))
}
