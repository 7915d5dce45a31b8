//! controller-gen's `crd` generator's output (controller-tools `pkg/crd/gen.go`, `spec.go`,
//! `markers/crd.go`): one CustomResourceDefinition per group and kind, a version per API
//! package of the group that declares the kind (its flattened schema), the CRD-level markers
//! applied (names, scope, subresources, printer columns, storage, served and deprecated
//! versions, selectable fields, metadata), written as controller-gen writes it: the header,
//! `---`, the manifest as sigs.k8s.io/yaml writes it, in `<group>_<plural>.yaml`.
//!
//! Input: the controller-gen [`Model`] and the schemas of `schema::controller_gen`. Output:
//! file names and bytes, and controller-gen's refusals at the Go source. Must not know: the
//! command line, how files are written.

pub mod plural;

use serde_json::{json, Map, Value};

use crate::controller_gen_versions::Change;
use crate::model::controller_gen::*;
use crate::schema::controller_gen::{Builder, Options, Props};
use crate::source::Span;

/// What the `crd` generator writes.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub schema: Options,
    /// `maxDescLen`.
    pub max_desc_len: Option<i64>,
    /// `crdVersions` (controller-gen writes `v1` only: others are refused).
    pub crd_versions: Vec<String>,
    /// `deprecatedV1beta1CompatibilityPreserveUnknownFields`.
    pub preserve_unknown_fields: Option<bool>,
    /// The header text (already with the year).
    pub header: String,
    /// The `controller-gen.kubebuilder.io/version` annotation's value.
    pub version: String,
}

/// The generator's result.
#[derive(Debug, Default)]
pub struct Output {
    /// `<group>_<plural>.yaml` and its bytes, in controller-gen's order.
    pub files: Vec<(String, Vec<u8>)>,
    /// controller-gen's refusals, where they point.
    pub refusals: Vec<(Span, String)>,
    /// Types in packages union-gen did not load (their schemas are unknown).
    pub unresolved: Vec<(Span, String)>,
    /// A refusal with no place in the source (a CRD without a storage version).
    pub unlocated: Vec<String>,
    /// The CRDs written, as JSON (for the opt-in checks on them).
    pub crds: Vec<Value>,
}

/// Runs the generator on the model.
pub fn generate(model: &Model, settings: &Settings) -> Output {
    let mut output = Output::default();
    let versions = if settings.crd_versions.is_empty() {
        vec!["v1".to_string()]
    } else {
        settings.crd_versions.clone()
    };
    if let Some(other) = versions.iter().find(|v| *v != "v1") {
        output.unlocated.push(format!(
            "apiVersion \"apiextensions.k8s.io/{other}\" is not supported"
        ));
        return output;
    }
    let mut builder = Builder::new(model, settings.schema.clone());
    for (group, kind) in &model.kinds {
        let Some(crd) = custom_resource(&mut builder, model, group, kind, settings, &mut output)
        else {
            continue;
        };
        let plural = crd["spec"]["names"]["plural"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        for (index, version) in versions.iter().enumerate() {
            let name = if index == 0 {
                format!("{group}_{plural}.yaml")
            } else {
                format!("{group}_{plural}.{version}.yaml")
            };
            match crate::emit::yaml_v2::to_bytes(&crd) {
                Ok(yaml) => {
                    let mut bytes = settings.header.clone().into_bytes();
                    bytes.extend_from_slice(b"---\n");
                    bytes.extend(yaml);
                    output.files.push((name, bytes));
                }
                Err(too_deep) => output.unlocated.push(format!("{name}: {too_deep}")),
            }
        }
        output.crds.push(crd);
    }
    output.refusals.append(&mut builder.refusals);
    output.unresolved.append(&mut builder.unresolved);
    output
}

/// One version of a CRD while it is assembled.
struct Version {
    name: String,
    served: bool,
    storage: bool,
    deprecated: bool,
    deprecation_warning: Option<String>,
    schema: Props,
    subresources: Option<Map<String, Value>>,
    columns: Vec<Value>,
    selectable_fields: Vec<Value>,
}

/// The CRD's names, scope and metadata while it is assembled.
struct Names {
    plural: String,
    singular: String,
    short_names: Option<Vec<String>>,
    categories: Option<Vec<String>>,
    scope: String,
    annotations: Map<String, Value>,
    labels: Map<String, Value>,
}

/// `NeedCRDFor` and `Generate`'s transforms: the CRD of `group`/`kind` as JSON, or none when no
/// package of the group declares the kind.
fn custom_resource(
    builder: &mut Builder,
    model: &Model,
    group: &str,
    kind: &str,
    settings: &Settings,
    output: &mut Output,
) -> Option<Value> {
    let packages: Vec<usize> = (0..model.packages.len())
        .filter(|&p| !model.packages[p].skip && model.packages[p].group_version().0 == group)
        .filter(|&p| model.packages[p].type_named(kind).is_some())
        .collect();
    let mut names = Names {
        plural: plural::plural(kind),
        singular: kind.to_lowercase(),
        short_names: None,
        categories: None,
        scope: "Namespaced".into(),
        annotations: Map::new(),
        labels: Map::new(),
    };
    let mut versions = Vec::new();
    for &package in &packages {
        let id = TypeId {
            package,
            name: model.packages[package].type_named(kind)?,
        };
        let Some(mut schema) = builder.flattened_schema(id) else {
            continue;
        };
        if let Some(max) = settings.max_desc_len {
            let words = settings.schema.behaviour.has(Change::TruncateWords);
            truncate_descriptions(&mut schema, max, words, 0);
        }
        versions.push(Version {
            name: model.packages[package].group_version().1,
            served: true,
            storage: false,
            deprecated: false,
            deprecation_warning: None,
            schema,
            subresources: None,
            columns: Vec::new(),
            selectable_fields: Vec::new(),
        });
    }
    for &package in &packages {
        let Some(index) = model.packages[package].type_named(kind) else {
            continue;
        };
        let ty = &model.packages[package].types[index];
        let version = model.packages[package].group_version().1;
        for marker in &ty.markers {
            if let Err(refusal) =
                apply_crd_marker(&marker.value, &version, &mut versions, &mut names)
            {
                output.refusals.push((ty.span.clone(), refusal));
            }
        }
    }
    if versions.is_empty() {
        return None;
    }
    versions.sort_by(|a, b| a.name.cmp(&b.name));
    if versions.len() == 1 {
        versions[0].storage = true;
    }
    let group_kind = if group.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}.{group}")
    };
    if !versions.iter().any(|v| v.storage) {
        output
            .unlocated
            .push(format!("CRD for {group_kind} has no storage version"));
    }
    if !versions.iter().any(|v| v.served) {
        output.unlocated.push(format!(
            "CRD for {group_kind} with version(s) {} does not serve any version",
            versions
                .iter()
                .map(|v| v.name.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Some(to_json(group, kind, names, versions, settings))
}

/// A CRD marker (`ApplyToCRD`) on the kind's type in `version`'s package.
fn apply_crd_marker(
    value: &MarkerValue,
    version: &str,
    versions: &mut Vec<Version>,
    names: &mut Names,
) -> Result<(), String> {
    let position = versions.iter().position(|v| v.name == version);
    match value {
        MarkerValue::Resource { .. } | MarkerValue::Metadata { .. } => {
            return names_marker(value, names)
        }
        MarkerValue::SubresourceStatus
        | MarkerValue::SubresourceScale { .. }
        | MarkerValue::PrintColumn(_)
        | MarkerValue::SelectableField { .. } => return version_marker(value, version, versions),
        MarkerValue::StorageVersion => {
            if let Some(index) = position {
                versions[index].storage = true;
            }
        }
        MarkerValue::SkipVersion => versions.retain(|v| v.name != version),
        MarkerValue::UnservedVersion => {
            if let Some(index) = position {
                versions[index].served = false;
            }
        }
        MarkerValue::DeprecatedVersion { warning } => {
            if let Some(index) = position {
                versions[index].deprecated = true;
                versions[index].deprecation_warning = warning.clone();
            }
        }
        _ => {}
    }
    Ok(())
}

/// The markers of one version that must find it: subresources, printer columns, selectable
/// fields.
fn version_marker(
    value: &MarkerValue,
    version: &str,
    versions: &mut [Version],
) -> Result<(), String> {
    let position = versions.iter().position(|v| v.name == version);
    match value {
        MarkerValue::SubresourceStatus => {
            let v = versions
                .get_mut(position.ok_or_else(|| {
                    format!("status subresource applied to version {version:?} not in CRD")
                })?)
                .map(|v| v.subresources.get_or_insert_with(Map::new));
            if let Some(subresources) = v {
                subresources.insert("status".into(), json!({}));
            }
        }
        MarkerValue::SubresourceScale {
            spec_path,
            status_path,
            selector_path,
        } => {
            let index = position.ok_or_else(|| {
                format!("scale subresource applied to version {version:?} not in CRD")
            })?;
            let mut scale = Map::new();
            scale.insert("specReplicasPath".into(), spec_path.clone().into());
            scale.insert("statusReplicasPath".into(), status_path.clone().into());
            if let Some(selector) = selector_path {
                scale.insert("labelSelectorPath".into(), selector.clone().into());
            }
            versions[index]
                .subresources
                .get_or_insert_with(Map::new)
                .insert("scale".into(), Value::Object(scale));
        }
        MarkerValue::PrintColumn(column) => {
            let index = position.ok_or_else(|| {
                format!("printer columns applied to version {version:?} not in CRD")
            })?;
            let version = &mut versions[index];
            version.subresources.get_or_insert_with(Map::new);
            let mut entry = Map::new();
            entry.insert("name".into(), column.name.clone().into());
            entry.insert("type".into(), column.ty.clone().into());
            if !column.format.is_empty() {
                entry.insert("format".into(), column.format.clone().into());
            }
            if !column.description.is_empty() {
                entry.insert("description".into(), column.description.clone().into());
            }
            if column.priority != 0 {
                entry.insert("priority".into(), column.priority.into());
            }
            entry.insert("jsonPath".into(), column.json_path.clone().into());
            version.columns.push(Value::Object(entry));
        }
        MarkerValue::SelectableField { json_path } => {
            let index = position.ok_or_else(|| {
                format!("selectable field applied to version {version:?} not in CRD")
            })?;
            versions[index]
                .selectable_fields
                .push(json!({ "jsonPath": json_path }));
        }
        _ => {}
    }
    Ok(())
}

/// `+kubebuilder:resource` and `+kubebuilder:metadata`: the CRD's names, scope and metadata.
fn names_marker(value: &MarkerValue, names: &mut Names) -> Result<(), String> {
    match value {
        MarkerValue::Resource {
            path,
            short_names,
            categories,
            singular,
            scope,
        } => {
            if !path.is_empty() {
                names.plural = path.clone();
            }
            if !singular.is_empty() {
                names.singular = singular.clone();
            }
            names.short_names = short_names.clone();
            names.categories = categories.clone();
            names.scope = if scope.is_empty() {
                "Namespaced".into()
            } else {
                scope.clone()
            };
        }
        MarkerValue::Metadata {
            annotations,
            labels,
        } => {
            for annotation in annotations {
                let Some((key, value)) = annotation.split_once('=') else {
                    return Err(format!(
                        "annotation {annotation} is not in 'xxx=xxx' format"
                    ));
                };
                names.annotations.insert(key.into(), value.into());
            }
            for label in labels {
                let (key, value) = label.split_once('=').unwrap_or((label, ""));
                names.labels.insert(key.into(), value.into());
            }
        }
        _ => {}
    }
    Ok(())
}

/// `TruncateDescription`: every description to at most `max` bytes, cut after the last
/// sentence end, else at the last space with `...`; `0` drops them.
fn truncate_descriptions(schema: &mut Props, max: i64, words: bool, depth: usize) {
    if max < 0 || depth > crate::limits::SCHEMA_NESTING * 4 {
        return;
    }
    let max = max as usize;
    if max == 0 {
        schema.description.clear();
    } else if schema.description.len() > max {
        schema.description = truncate(&schema.description, max, words);
    }
    if let Some(items) = schema.items.as_deref_mut() {
        truncate_descriptions(items, max as i64, words, depth + 1);
    }
    for entry in schema.all_of.iter_mut().chain(schema.any_of.iter_mut()) {
        truncate_descriptions(entry, max as i64, words, depth + 1);
    }
    if let Some(properties) = schema.properties.as_mut() {
        for property in properties.values_mut() {
            truncate_descriptions(property, max as i64, words, depth + 1);
        }
    }
    if let Some(schema) = schema
        .additional_properties
        .as_mut()
        .and_then(|a| a.schema.as_deref_mut())
    {
        truncate_descriptions(schema, max as i64, words, depth + 1);
    }
}

/// `truncateString`: Go slices bytes (a cut may split a character, which JSON then writes
/// as U+FFFD).
fn truncate(description: &str, max: usize, words: bool) -> String {
    let bytes = &description.as_bytes()[..max];
    let cut = String::from_utf8_lossy(bytes).into_owned();
    if let Some((at, c)) = cut
        .char_indices()
        .rev()
        .find(|(_, c)| is_sentence_terminal(*c))
    {
        if at > 0 {
            return cut[..at + c.len_utf8()].to_string();
        }
    }
    if !words {
        return cut;
    }
    if let Some((at, _)) = cut.char_indices().rev().find(|(_, c)| c.is_whitespace()) {
        if at > 0 {
            return format!("{}...", &cut[..at]);
        }
    }
    format!("{cut}...")
}

/// Unicode's `STerm` property, for the characters descriptions hold.
fn is_sentence_terminal(c: char) -> bool {
    matches!(
        c,
        '!' | '.'
            | '?'
            | '\u{589}'
            | '\u{61D}'
            | '\u{61E}'
            | '\u{61F}'
            | '\u{6D4}'
            | '\u{700}'
            | '\u{701}'
            | '\u{702}'
            | '\u{964}'
            | '\u{965}'
            | '\u{3002}'
            | '\u{FE52}'
            | '\u{FE56}'
            | '\u{FE57}'
            | '\u{FF01}'
            | '\u{FF0E}'
            | '\u{FF1F}'
            | '\u{FF61}'
    )
}

/// The CRD as `json.Marshal` writes it, after controller-gen's transforms: no `status`, no
/// `metadata.creationTimestamp`, top-level `metadata` a bare object, the version annotation.
fn to_json(
    group: &str,
    kind: &str,
    names: Names,
    versions: Vec<Version>,
    settings: &Settings,
) -> Value {
    let mut annotations = names.annotations;
    annotations.insert(
        "controller-gen.kubebuilder.io/version".into(),
        settings.version.clone().into(),
    );
    let mut metadata = Map::new();
    metadata.insert("annotations".into(), Value::Object(annotations));
    if !names.labels.is_empty() {
        metadata.insert("labels".into(), Value::Object(names.labels));
    }
    metadata.insert("name".into(), format!("{}.{group}", names.plural).into());
    let mut crd_names = Map::new();
    if let Some(categories) = names.categories.filter(|c| !c.is_empty()) {
        crd_names.insert("categories".into(), categories.into());
    }
    crd_names.insert("kind".into(), kind.into());
    crd_names.insert("listKind".into(), format!("{kind}List").into());
    crd_names.insert("plural".into(), names.plural.clone().into());
    if let Some(short_names) = names.short_names.filter(|s| !s.is_empty()) {
        crd_names.insert("shortNames".into(), short_names.into());
    }
    if !names.singular.is_empty() {
        crd_names.insert("singular".into(), names.singular.into());
    }
    let versions: Vec<Value> = versions.into_iter().map(version_json).collect();
    let mut spec = Map::new();
    spec.insert("group".into(), group.into());
    spec.insert("names".into(), Value::Object(crd_names));
    spec.insert("scope".into(), names.scope.into());
    spec.insert("versions".into(), Value::Array(versions));
    if let Some(preserve) = settings.preserve_unknown_fields {
        spec.insert("preserveUnknownFields".into(), preserve.into());
    }
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": metadata,
        "spec": spec,
    })
}

fn version_json(mut version: Version) -> Value {
    let mut map = Map::new();
    if !version.columns.is_empty() {
        map.insert(
            "additionalPrinterColumns".into(),
            Value::Array(version.columns),
        );
    }
    if version.deprecated {
        map.insert("deprecated".into(), true.into());
    }
    if let Some(warning) = version.deprecation_warning {
        map.insert("deprecationWarning".into(), warning.into());
    }
    map.insert("name".into(), version.name.into());
    // `FixTopLevelMetadata` and `removeDescriptionFromMetadata`.
    if let Some(metadata) = version
        .schema
        .properties
        .as_mut()
        .and_then(|p| p.get_mut("metadata"))
    {
        *metadata = Props::of_type("object");
    }
    map.insert(
        "schema".into(),
        json!({ "openAPIV3Schema": version.schema.to_json() }),
    );
    if !version.selectable_fields.is_empty() {
        map.insert(
            "selectableFields".into(),
            Value::Array(version.selectable_fields),
        );
    }
    map.insert("served".into(), version.served.into());
    map.insert("storage".into(), version.storage.into());
    if let Some(subresources) = version.subresources {
        map.insert("subresources".into(), Value::Object(subresources));
    }
    Value::Object(map)
}
