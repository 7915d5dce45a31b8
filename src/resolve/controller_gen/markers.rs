//! controller-gen's marker registry for the CRD generator (controller-tools `pkg/crd/markers`):
//! which names it knows on a field, a type or a package, and their values read with its
//! argument grammar ([`super::super::kubebuilder::values`]). A marker controller-gen does not
//! know where it is written is ignored, as controller-gen ignores it; a known one whose value
//! does not parse is controller-gen's parse error.

use serde_json::Value;

use crate::controller_gen_versions::{Behaviour, Change};
use crate::model::controller_gen::MarkerValue;
use crate::resolve::kubebuilder::values::{self, ArgKind, ArgValue};

/// Where a marker is written (controller-tools' `TargetType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Field,
    Type,
    Package,
}

/// The value grammar of a definition.
#[derive(Debug, Clone, Copy)]
enum Grammar {
    Number,
    Int,
    Bool,
    String,
    /// `[]any` (`Enum`): a slice, or one value.
    AnySlice,
    /// `[]string` as one anonymous argument.
    Strings,
    /// An `any` value (`default`, `example`, `title`).
    Any,
    /// No arguments.
    Empty,
    /// `+default=`: JSON, or `ref(…)` (skipped).
    Json,
    /// Named arguments: (name, type), and the required ones.
    Struct(&'static [(&'static str, ArgKind)], &'static [&'static str]),
    /// `+groupName`: an optional anonymous string.
    OptionalString,
}

/// The validation markers, each also a type marker and an `items:` variant of both.
const VALIDATION: &[(&str, Grammar)] = &[
    ("Maximum", Grammar::Number),
    ("Minimum", Grammar::Number),
    ("ExclusiveMaximum", Grammar::Bool),
    ("ExclusiveMinimum", Grammar::Bool),
    ("MultipleOf", Grammar::Number),
    ("MinProperties", Grammar::Int),
    ("MaxProperties", Grammar::Int),
    ("MaxLength", Grammar::Int),
    ("MinLength", Grammar::Int),
    ("Pattern", Grammar::String),
    ("MaxItems", Grammar::Int),
    ("MinItems", Grammar::Int),
    ("UniqueItems", Grammar::Bool),
    ("Enum", Grammar::AnySlice),
    ("Format", Grammar::String),
    ("Type", Grammar::String),
    ("XPreserveUnknownFields", Grammar::Empty),
    ("XEmbeddedResource", Grammar::Empty),
    ("XIntOrString", Grammar::Empty),
    (
        "XValidation",
        Grammar::Struct(
            &[
                ("rule", ArgKind::String),
                ("message", ArgKind::String),
                ("messageExpression", ArgKind::String),
                ("reason", ArgKind::String),
                ("fieldPath", ArgKind::String),
                ("optionalOldSelf", ArgKind::Bool),
            ],
            &["rule"],
        ),
    ),
];

const VALIDATION_PREFIX: &str = "kubebuilder:validation:";
const ITEMS_PREFIX: &str = "kubebuilder:validation:items:";

/// Markers with fixed names: name, field / type / package, grammar.
const NAMED: &[(&str, bool, bool, bool, Grammar)] = &[
    (
        "kubebuilder:validation:Required",
        true,
        false,
        true,
        Grammar::Empty,
    ),
    (
        "kubebuilder:validation:Optional",
        true,
        false,
        true,
        Grammar::Empty,
    ),
    ("required", true, false, false, Grammar::Empty),
    ("optional", true, false, false, Grammar::Empty),
    ("k8s:required", true, false, false, Grammar::Empty),
    ("k8s:optional", true, false, false, Grammar::Empty),
    ("nullable", true, false, false, Grammar::Empty),
    ("kubebuilder:default", true, false, false, Grammar::Any),
    ("default", true, false, false, Grammar::Json),
    ("kubebuilder:example", true, false, false, Grammar::Any),
    (
        "kubebuilder:validation:EmbeddedResource",
        true,
        false,
        false,
        Grammar::Empty,
    ),
    (
        "kubebuilder:validation:Schemaless",
        true,
        false,
        false,
        Grammar::Empty,
    ),
    ("k8s:immutable", true, false, false, Grammar::Empty),
    (
        "kubebuilder:validation:AtMostOneOf",
        false,
        true,
        false,
        Grammar::Strings,
    ),
    (
        "kubebuilder:validation:ExactlyOneOf",
        false,
        true,
        false,
        Grammar::Strings,
    ),
    (
        "kubebuilder:validation:AtLeastOneOf",
        false,
        true,
        false,
        Grammar::Strings,
    ),
    ("k8s:enum", true, true, false, Grammar::Empty),
    (
        "kubebuilder:pruning:PreserveUnknownFields",
        true,
        true,
        false,
        Grammar::Empty,
    ),
    ("kubebuilder:title", true, true, false, Grammar::Any),
    ("listMapKey", true, true, false, Grammar::String),
    ("listType", true, true, false, Grammar::String),
    ("mapType", true, true, false, Grammar::String),
    ("structType", true, true, false, Grammar::String),
    (
        "kubebuilder:subresource:status",
        false,
        true,
        false,
        Grammar::Empty,
    ),
    (
        "kubebuilder:subresource:scale",
        false,
        true,
        false,
        Grammar::Struct(
            &[
                ("specpath", ArgKind::String),
                ("statuspath", ArgKind::String),
                ("selectorpath", ArgKind::String),
            ],
            &["specpath", "statuspath"],
        ),
    ),
    (
        "kubebuilder:printcolumn",
        false,
        true,
        false,
        Grammar::Struct(
            &[
                ("name", ArgKind::String),
                ("type", ArgKind::String),
                ("JSONPath", ArgKind::String),
                ("description", ArgKind::String),
                ("format", ArgKind::String),
                ("priority", ArgKind::Int),
            ],
            &["name", "type", "JSONPath"],
        ),
    ),
    (
        "kubebuilder:resource",
        false,
        true,
        false,
        Grammar::Struct(
            &[
                ("path", ArgKind::String),
                ("shortName", ArgKind::Strings),
                ("categories", ArgKind::Strings),
                ("singular", ArgKind::String),
                ("scope", ArgKind::String),
            ],
            &[],
        ),
    ),
    (
        "kubebuilder:storageversion",
        false,
        true,
        false,
        Grammar::Empty,
    ),
    (
        "kubebuilder:skipversion",
        false,
        true,
        false,
        Grammar::Empty,
    ),
    (
        "kubebuilder:unservedversion",
        false,
        true,
        false,
        Grammar::Empty,
    ),
    (
        "kubebuilder:deprecatedversion",
        false,
        true,
        false,
        Grammar::Struct(&[("warning", ArgKind::String)], &[]),
    ),
    (
        "kubebuilder:metadata",
        false,
        true,
        false,
        Grammar::Struct(
            &[
                ("annotations", ArgKind::Strings),
                ("labels", ArgKind::Strings),
            ],
            &[],
        ),
    ),
    (
        "kubebuilder:selectablefield",
        false,
        true,
        false,
        Grammar::Struct(&[("JSONPath", ArgKind::String)], &["JSONPath"]),
    ),
    (
        "kubebuilder:externalDocs",
        true,
        true,
        false,
        Grammar::Struct(
            &[("url", ArgKind::String), ("description", ArgKind::String)],
            &["url"],
        ),
    ),
    ("groupName", false, false, true, Grammar::OptionalString),
    ("versionName", false, false, true, Grammar::String),
    ("kubebuilder:skip", false, false, true, Grammar::Empty),
];

/// The registered definition `name` has for `target`.
fn definition(name: &str, target: Target) -> Option<(&'static str, Grammar)> {
    let on = |field: bool, ty: bool, package: bool| match target {
        Target::Field => field,
        Target::Type => ty,
        Target::Package => package,
    };
    if let Some(&(registered, _, _, _, grammar)) = NAMED
        .iter()
        .find(|(n, field, ty, package, _)| *n == name && on(*field, *ty, *package))
    {
        return Some((registered, grammar));
    }
    if target == Target::Package {
        return None;
    }
    let (prefix, rest) = if let Some(rest) = name.strip_prefix(ITEMS_PREFIX) {
        (ITEMS_PREFIX, rest)
    } else {
        (VALIDATION_PREFIX, name.strip_prefix(VALIDATION_PREFIX)?)
    };
    let &(short, grammar) = VALIDATION.iter().find(|(n, _)| *n == rest)?;
    let registered = NAMES
        .iter()
        .find(|n| n.strip_prefix(prefix) == Some(short))
        .copied()?;
    Some((registered, grammar))
}

/// Every validation marker's full names (`kubebuilder:validation:X`, `…:items:X`), made once.
static NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    VALIDATION
        .iter()
        .flat_map(|(short, _)| {
            [VALIDATION_PREFIX, ITEMS_PREFIX]
                .into_iter()
                .map(move |prefix| &*format!("{prefix}{short}").leak())
        })
        .collect()
});

/// controller-tools' `Registry.Lookup`: by the anonymous name (before the first `=`), else by
/// that name without its last `:segment`. Returns the definition's name and grammar, the
/// name it was found by, and the text after `=`.
fn lookup(text: &str, target: Target) -> Option<(&'static str, Grammar, bool, &str)> {
    let text = text.strip_prefix('+')?;
    let (anonymous, rest) = match text.split_once('=') {
        Some((anonymous, rest)) => (anonymous, rest),
        None => (text, ""),
    };
    let anonymous = anonymous.trim();
    if let Some((name, grammar)) = definition(anonymous, target) {
        return Some((name, grammar, true, rest));
    }
    let name = match text.split_once('=') {
        Some(_) => anonymous
            .rsplit_once(':')
            .map_or(anonymous, |(name, _)| name),
        None => anonymous,
    };
    let (registered, grammar) = definition(name, target)?;
    Some((registered, grammar, false, rest))
}

/// Every marker name the CRD generator of the newest release union-gen knows registers.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMED
        .iter()
        .map(|(name, ..)| *name)
        .chain(NAMES.iter().copied())
}

/// Every marker the CRD generator of the newest release reads, sorted, with where: `(name,
/// [field, type, package])` (`-w`).
pub fn catalogue() -> Vec<(&'static str, [bool; 3])> {
    let mut out: Vec<(&'static str, [bool; 3])> = NAMED
        .iter()
        .map(|&(name, field, ty, package, _)| (name, [field, ty, package]))
        .chain(NAMES.iter().map(|&name| (name, [true, true, false])))
        .collect();
    out.sort_unstable_by_key(|entry| entry.0);
    out
}

/// The registered name of the marker `text` at `target` (`kubebuilder:printcolumn` for
/// `+kubebuilder:printcolumn:name=Age,…`), in any release.
pub fn registered_name(text: &str, target: Target) -> Option<&'static str> {
    lookup(text, target).map(|(name, ..)| name)
}

/// The release that introduced the marker `text` names at `target`, when a later release than
/// every one union-gen copies reads it there (`None`: unknown there, or always known).
pub fn introduced_in(text: &str, target: Target) -> Option<Change> {
    let (name, ..) = lookup(text, target)?;
    introduced(name, target)
}

/// The release that introduced a marker (`None`: in every release union-gen copies).
fn introduced(name: &str, target: Target) -> Option<Change> {
    Some(match name {
        "default" | "required" => Change::KubernetesMarkers,
        "kubebuilder:selectablefield" => Change::SelectableFields,
        "kubebuilder:title" if target == Target::Field => Change::Title,
        "kubebuilder:title" => Change::OneOfOrder,
        "kubebuilder:validation:AtMostOneOf" | "kubebuilder:validation:ExactlyOneOf" => {
            Change::OneOf
        }
        "kubebuilder:validation:AtLeastOneOf" | "k8s:required" | "k8s:optional" => {
            Change::OneOfOrder
        }
        "kubebuilder:externalDocs" | "k8s:enum" | "k8s:immutable" => Change::EnumsAndImmutability,
        _ => return None,
    })
}

/// Reads a marker comment for `target` as the release `behaviour` reads it: `None` when
/// controller-gen has no such marker there; else its registered name and value, or
/// controller-gen's parse error.
pub fn read(
    text: &str,
    target: Target,
    behaviour: &Behaviour,
) -> Option<Result<(&'static str, MarkerValue), String>> {
    let (name, grammar, by_anonymous, rest) = lookup(text, target)?;
    if introduced(name, target).is_some_and(|change| !behaviour.has(change)) {
        return None;
    }
    let grammar = match (name, grammar) {
        ("groupName", Grammar::OptionalString) if !behaviour.has(Change::OptionalGroupName) => {
            Grammar::String
        }
        (_, Grammar::Struct(known, required)) if name.ends_with("XValidation") => {
            Grammar::Struct(rule_arguments(known, behaviour), required)
        }
        _ => grammar,
    };
    // A struct marker named by its shorter name takes the anonymous name's last segment as
    // its first argument's name (`printcolumn:name="Age",…`).
    let text = text.strip_prefix('+').unwrap_or(text);
    let anonymous = text.split_once('=').map_or(text, |(a, _)| a).trim();
    let fields = match grammar {
        Grammar::Struct(..) if !by_anonymous && anonymous.len() > name.len() => {
            format!("{}={rest}", &anonymous[name.len() + 1..])
        }
        _ => rest.to_string(),
    };
    Some(value(name, grammar, &fields).map(|value| (name, value)))
}

/// `XValidation`'s arguments in a release: `reason` and `fieldPath` from v0.16, `optionalOldSelf`
/// from v0.17.3.
fn rule_arguments(
    known: &'static [(&'static str, ArgKind)],
    behaviour: &Behaviour,
) -> &'static [(&'static str, ArgKind)] {
    const V0_15: &[(&str, ArgKind)] = &[
        ("rule", ArgKind::String),
        ("message", ArgKind::String),
        ("messageExpression", ArgKind::String),
    ];
    const V0_16: &[(&str, ArgKind)] = &[
        ("rule", ArgKind::String),
        ("message", ArgKind::String),
        ("messageExpression", ArgKind::String),
        ("reason", ArgKind::String),
        ("fieldPath", ArgKind::String),
    ];
    if !behaviour.has(Change::RuleReasonFieldPath) {
        V0_15
    } else if !behaviour.has(Change::OptionalOldSelf) {
        V0_16
    } else {
        known
    }
}

fn value(name: &'static str, grammar: Grammar, text: &str) -> Result<MarkerValue, String> {
    let short = name
        .strip_prefix(ITEMS_PREFIX)
        .or_else(|| name.strip_prefix(VALIDATION_PREFIX))
        .unwrap_or(name);
    // controller-tools' definitions are strict: an anonymous argument that is not optional
    // and not given (`+groupName` before v0.16, `+kubebuilder:validation:Pattern=`) is
    // missing. `+default` parses itself; a struct checks its own arguments.
    let anonymous = !matches!(
        grammar,
        Grammar::Empty | Grammar::OptionalString | Grammar::Json | Grammar::Struct(..)
    );
    if anonymous && text.trim().is_empty() {
        return Err("missing argument \"\"".to_string());
    }
    Ok(match grammar {
        Grammar::Empty => {
            if !text.trim().is_empty() {
                return Err(format!("extra arguments provided: {:?}", text.trim()));
            }
            empty(name, short)
        }
        Grammar::Number => {
            let number = values::number(text)?;
            match short {
                "Maximum" => MarkerValue::Maximum(number),
                "Minimum" => MarkerValue::Minimum(number),
                _ => MarkerValue::MultipleOf(number),
            }
        }
        Grammar::Int => {
            let n = values::integer(text)?;
            match short {
                "MinProperties" => MarkerValue::MinProperties(n),
                "MaxProperties" => MarkerValue::MaxProperties(n),
                "MaxLength" => MarkerValue::MaxLength(n),
                "MinLength" => MarkerValue::MinLength(n),
                "MaxItems" => MarkerValue::MaxItems(n),
                _ => MarkerValue::MinItems(n),
            }
        }
        Grammar::Bool => {
            let b = values::boolean(text)?;
            match short {
                "ExclusiveMaximum" => MarkerValue::ExclusiveMaximum(b),
                "ExclusiveMinimum" => MarkerValue::ExclusiveMinimum(b),
                _ => MarkerValue::UniqueItems(b),
            }
        }
        Grammar::String => {
            let s = values::string(text)?;
            match short {
                "Pattern" => MarkerValue::Pattern(s),
                "Format" => MarkerValue::Format(s),
                "Type" => MarkerValue::Type(s),
                "listMapKey" => MarkerValue::ListMapKey(s),
                "listType" => MarkerValue::ListType(s),
                "mapType" => MarkerValue::MapType(s),
                "structType" => MarkerValue::StructType(s),
                _ => MarkerValue::Text(s),
            }
        }
        Grammar::OptionalString => MarkerValue::Text(if text.trim().is_empty() {
            String::new()
        } else {
            values::string(text)?
        }),
        Grammar::AnySlice => MarkerValue::Enum(values::list(text)?),
        Grammar::Strings => {
            let list = values::string_list(text)?;
            match short {
                "AtMostOneOf" => MarkerValue::AtMostOneOf(list),
                "ExactlyOneOf" => MarkerValue::ExactlyOneOf(list),
                _ => MarkerValue::AtLeastOneOf(list),
            }
        }
        Grammar::Any => {
            let any = values::any(text)?;
            match name {
                "kubebuilder:default" => MarkerValue::Default(any),
                "kubebuilder:example" => MarkerValue::Example(any),
                _ => MarkerValue::Title(any),
            }
        }
        Grammar::Json => MarkerValue::KubernetesDefault(kubernetes_default(text)?),
        Grammar::Struct(known, required) => {
            structure(name, values::named_args(text, known, required)?, text)?
        }
    })
}

/// The markers without arguments.
fn empty(name: &str, short: &str) -> MarkerValue {
    match (name, short) {
        (_, "XPreserveUnknownFields") | ("kubebuilder:pruning:PreserveUnknownFields", _) => {
            MarkerValue::XPreserveUnknownFields
        }
        (_, "XEmbeddedResource") | ("kubebuilder:validation:EmbeddedResource", _) => {
            MarkerValue::XEmbeddedResource
        }
        (_, "XIntOrString") => MarkerValue::XIntOrString,
        ("nullable", _) => MarkerValue::Nullable,
        ("kubebuilder:validation:Schemaless", _) => MarkerValue::Schemaless,
        ("k8s:immutable", _) => MarkerValue::Immutable,
        ("k8s:enum", _) => MarkerValue::K8sEnum,
        ("kubebuilder:subresource:status", _) => MarkerValue::SubresourceStatus,
        ("kubebuilder:storageversion", _) => MarkerValue::StorageVersion,
        ("kubebuilder:skipversion", _) => MarkerValue::SkipVersion,
        ("kubebuilder:unservedversion", _) => MarkerValue::UnservedVersion,
        _ => MarkerValue::Presence,
    }
}

/// `+default=`'s JSON (controller-tools' `KubernetesDefault.ParseMarker`): `ref(…)` is skipped.
fn kubernetes_default(text: &str) -> Result<Option<Value>, String> {
    if text.trim().starts_with("ref(") {
        return Ok(None);
    }
    serde_json::from_str::<Value>(text)
        .map(Some)
        .map_err(|error| error.to_string())
}

fn structure(
    name: &str,
    args: Vec<(String, ArgValue)>,
    _text: &str,
) -> Result<MarkerValue, String> {
    let text = |key: &str| {
        args.iter().find_map(|(n, v)| match v {
            ArgValue::String(s) if n == key => Some(s.clone()),
            _ => None,
        })
    };
    let list = |key: &str| {
        args.iter().find_map(|(n, v)| match v {
            ArgValue::Strings(s) if n == key => Some(s.clone()),
            _ => None,
        })
    };
    Ok(match name {
        "kubebuilder:validation:XValidation" | "kubebuilder:validation:items:XValidation" => {
            MarkerValue::XValidation(crate::model::CelRule {
                rule: text("rule").unwrap_or_default(),
                message: text("message").unwrap_or_default(),
                message_expression: text("messageExpression").unwrap_or_default(),
                reason: text("reason").unwrap_or_default(),
                field_path: text("fieldPath").unwrap_or_default(),
                optional_old_self: args.iter().find_map(|(n, v)| match v {
                    ArgValue::Bool(b) if n == "optionalOldSelf" => Some(*b),
                    _ => None,
                }),
            })
        }
        "kubebuilder:subresource:scale" => MarkerValue::SubresourceScale {
            spec_path: text("specpath").unwrap_or_default(),
            status_path: text("statuspath").unwrap_or_default(),
            selector_path: text("selectorpath"),
        },
        "kubebuilder:printcolumn" => {
            MarkerValue::PrintColumn(crate::model::controller_gen::PrintColumn {
                name: text("name").unwrap_or_default(),
                ty: text("type").unwrap_or_default(),
                json_path: text("JSONPath").unwrap_or_default(),
                description: text("description").unwrap_or_default(),
                format: text("format").unwrap_or_default(),
                priority: args
                    .iter()
                    .find_map(|(n, v)| match v {
                        ArgValue::Int(i) if n == "priority" => Some(*i),
                        _ => None,
                    })
                    .unwrap_or(0),
            })
        }
        "kubebuilder:resource" => MarkerValue::Resource {
            path: text("path").unwrap_or_default(),
            short_names: list("shortName"),
            categories: list("categories"),
            singular: text("singular").unwrap_or_default(),
            scope: text("scope").unwrap_or_default(),
        },
        "kubebuilder:deprecatedversion" => MarkerValue::DeprecatedVersion {
            warning: text("warning"),
        },
        "kubebuilder:metadata" => MarkerValue::Metadata {
            annotations: list("annotations").unwrap_or_default(),
            labels: list("labels").unwrap_or_default(),
        },
        "kubebuilder:selectablefield" => MarkerValue::SelectableField {
            json_path: text("JSONPath").unwrap_or_default(),
        },
        _ => MarkerValue::ExternalDocs {
            url: text("url").unwrap_or_default(),
            description: text("description").unwrap_or_default(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_arrive_with_their_release() {
        let v0_17 = Behaviour::at("v0.17.1").unwrap();
        assert!(read("+kubebuilder:title=T", Target::Field, &v0_17).is_none());
        assert!(read("+k8s:required", Target::Field, &v0_17).is_none());
        assert!(read("+kubebuilder:title=T", Target::Field, &Behaviour::newest()).is_some());
        let v0_15 = Behaviour::at("v0.15.0").unwrap();
        assert!(read(
            r#"+kubebuilder:validation:XValidation:rule="x",reason=FieldValueInvalid"#,
            Target::Field,
            &v0_15
        )
        .unwrap()
        .is_err());
        assert!(read("+groupName", Target::Package, &v0_15)
            .unwrap()
            .is_err());
        assert!(read("+groupName", Target::Package, &Behaviour::newest())
            .unwrap()
            .is_ok());
    }

    fn read_ok(text: &str, target: Target) -> (&'static str, MarkerValue) {
        read(text, target, &Behaviour::newest())
            .unwrap_or_else(|| panic!("{text}: not registered"))
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn looks_up_as_controller_tools_does() {
        assert_eq!(
            read_ok("+kubebuilder:validation:Minimum=-2", Target::Field),
            ("kubebuilder:validation:Minimum", MarkerValue::Minimum(-2.0))
        );
        assert_eq!(
            read_ok("+kubebuilder:validation:items:MaxLength=4", Target::Type).0,
            "kubebuilder:validation:items:MaxLength"
        );
        let (name, value) = read_ok(
            r#"+kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp""#,
            Target::Type,
        );
        assert_eq!(name, "kubebuilder:printcolumn");
        match value {
            MarkerValue::PrintColumn(column) => {
                assert_eq!(column.name, "Age");
                assert_eq!(column.json_path, ".metadata.creationTimestamp");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_ok("+kubebuilder:default:={a: 1}", Target::Field).1,
            MarkerValue::Default(serde_json::json!({"a": 1}))
        );
        // Field-only markers are unknown on a type.
        assert!(read("+kubebuilder:default=1", Target::Type, &Behaviour::newest()).is_none());
        assert!(read(
            "+kubebuilder:validation:Optional",
            Target::Type,
            &Behaviour::newest()
        )
        .is_none());
        assert!(read(
            "+kubebuilder:validation:Optional",
            Target::Package,
            &Behaviour::newest()
        )
        .is_some());
        assert!(read(
            "+kubebuilder:object:root=true",
            Target::Type,
            &Behaviour::newest()
        )
        .is_none());
        assert!(read(
            "+kubebuilder:validation:Minimum=abc",
            Target::Field,
            &Behaviour::newest()
        )
        .unwrap()
        .is_err());
        assert!(read(
            "+kubebuilder:subresource:status=x",
            Target::Type,
            &Behaviour::newest()
        )
        .unwrap()
        .is_err());
        assert_eq!(
            read_ok(
                "+kubebuilder:resource:path=foos,shortName=f;fo,scope=Cluster",
                Target::Type
            )
            .1,
            MarkerValue::Resource {
                path: "foos".into(),
                short_names: Some(vec!["f".into(), "fo".into()]),
                categories: None,
                singular: String::new(),
                scope: "Cluster".into()
            }
        );
        assert_eq!(
            read_ok("+default=ref(Foo)", Target::Field).1,
            MarkerValue::KubernetesDefault(None)
        );
    }
}
