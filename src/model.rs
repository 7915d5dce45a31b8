//! The resolved API model: what `resolve` hands to `schema`. Plain data, no Go syntax left
//! (names are import-path qualified, markers are interpreted, enum values evaluated).

use crate::source::Span;

pub mod controller_gen;

/// A Go type's full name: import path plus type name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeName {
    pub package: String,
    pub name: String,
}

impl std::fmt::Display for TypeName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.package, self.name)
    }
}

/// Everything that becomes an OpenAPI definition, sorted by name.
#[derive(Debug, Clone, Default)]
pub struct ApiModel {
    pub definitions: Vec<Definition>,
}

/// One OpenAPI definition: an exported struct of an input package (or a struct reachable
/// from one, with dependency definitions on), or a well-known type with a fixed schema.
#[derive(Debug, Clone)]
pub struct Definition {
    pub name: TypeName,
    /// Doc comment lines, raw (description rules are applied by `schema`).
    pub doc: Vec<String>,
    pub body: DefinitionBody,
    /// The type's name in its declaration (where diagnostics about the definition point).
    pub span: Span,
    /// `+k8s:validation:*` on the type (see [`Validations`]).
    pub validations: Option<Box<Validations>>,
    /// `+k8s:openapi-gen=x-kubernetes-…` and `+validations=` on the type, in openapi-gen's order.
    pub extensions: Vec<MarkerExtension>,
    /// What the type's schema methods put in place of the generated schema.
    pub overrides: Overrides,
    /// The name kube-openapi's builders key the definition by, whatever the naming: its
    /// `OpenAPIModelName()`'s value (hand-written or generated), else
    /// `<+k8s:openapi-model-package>.<Name>` (the method openapi-gen will generate).
    pub model_name: Option<String>,
}

/// The schemas a type supplies through `OpenAPIDefinition()` / `OpenAPIV3Definition()` (their
/// bodies read as JSON, kube-openapi's key names) and `OpenAPIV3OneOfTypes()`, as
/// kube-openapi's builders end up serving them; `None`: the generated schema.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overrides {
    pub v2: Option<serde_json::Value>,
    pub v3: Option<serde_json::Value>,
    /// v3 only: the generated schema with `oneOf: [{type: t}…]` instead of `type`.
    pub v3_one_of: Option<Vec<String>>,
}

/// What a definition holds: a struct's properties, or a fixed schema.
#[derive(Debug, Clone)]
pub enum DefinitionBody {
    Struct(StructDef),
    /// A type with a fixed schema (`OpenAPISchemaType`/`Format`, or a well-known type).
    Custom {
        types: Vec<String>,
        format: Option<String>,
    },
}

/// A struct's schema: its serialised fields after inlining (Go's encoding/json rules: the
/// shallower of two fields with one JSON name wins), which are required, and its unions.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StructDef {
    /// In field order (inline embedded fields merged in place).
    pub properties: Vec<Property>,
    /// JSON names of required properties, in field order.
    pub required: Vec<String>,
    /// Every union, in kube-openapi's order (the struct's `+union`, those of its inlined
    /// structs, its member-level unions, then controller-gen's type-level ones).
    pub unions: Vec<Union>,
    /// `+structType=atomic|granular` on the type.
    pub map_type: Option<MapType>,
}

/// One property of a struct: a serialised Go field, its schema and the markers that shape it.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub json_name: String,
    /// Doc comment lines, raw.
    pub doc: Vec<String>,
    pub ty: PropertyType,
    /// A default value as JSON text (from `+default=` or the zero value of a required field).
    pub default: Option<DefaultValue>,
    /// The defaults kube-openapi before 2026-05-09 wrote on list items and map values, one
    /// per nesting level (`[][]string`: two); empty for the newest behaviour (only the Go
    /// output reads them).
    pub element_defaults: Vec<Option<DefaultValue>>,
    /// `+listType=` / `+k8s:listType=`.
    pub list_type: Option<ListType>,
    /// `+listMapKey=` / `+k8s:listMapKey=`, in marker order.
    pub list_map_keys: Vec<String>,
    /// `+mapType=` (or `+structType=`) on the field.
    pub map_type: Option<MapType>,
    /// `+patchStrategy=`, as written (`merge`, `retainKeys`, `merge,retainKeys`): openapi-gen
    /// copies it verbatim.
    pub patch_strategy: Option<String>,
    pub patch_merge_key: Option<String>,
    /// What the Go field's zero value looks like in JSON: decides what "set" means for a
    /// union member (SPEC §6).
    pub zero: ZeroForm,
    /// `omitempty` in the JSON tag: Go leaves the zero value out instead of writing it.
    pub omitempty: bool,
    /// `+k8s:validation:*` on the field (see [`Validations`]).
    pub validations: Option<Box<Validations>>,
    /// `+k8s:openapi-gen=x-kubernetes-…` and `+validations=` on the field, in openapi-gen's order.
    pub extensions: Vec<MarkerExtension>,
}

/// `x-kubernetes-list-type`: how a server-side apply merges a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListType {
    Atomic,
    Set,
    Map,
}

/// `x-kubernetes-map-type`: how a server-side apply merges a map or struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapType {
    Atomic,
    Granular,
}

impl ListType {
    /// The marker value and extension value (`atomic`, `set`, `map`).
    pub fn as_str(self) -> &'static str {
        match self {
            ListType::Atomic => "atomic",
            ListType::Set => "set",
            ListType::Map => "map",
        }
    }

    /// A marker value; anything else is `marker/malformed` (see the marker registry).
    pub fn from_marker(value: &str) -> Option<ListType> {
        [ListType::Atomic, ListType::Set, ListType::Map]
            .into_iter()
            .find(|t| t.as_str() == value)
    }
}

impl MapType {
    /// The marker value and extension value (`atomic`, `granular`).
    pub fn as_str(self) -> &'static str {
        match self {
            MapType::Atomic => "atomic",
            MapType::Granular => "granular",
        }
    }

    /// A marker value; anything else is `marker/malformed` (see the marker registry).
    pub fn from_marker(value: &str) -> Option<MapType> {
        [MapType::Atomic, MapType::Granular]
            .into_iter()
            .find(|t| t.as_str() == value)
    }
}

/// How a Go field holding its zero value appears in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZeroForm {
    /// A pointer or interface: unset is absent (or `null`, which the API server prunes).
    Absent,
    /// A string, number, bool, slice or map: unset is absent or the schema type's empty value
    /// (`''`, `0`, `false`, `[]`, `{}`).
    Empty,
    /// A struct, array or a type with its own JSON form (`metav1.Time`, `,string`): its zero
    /// value has no form a rule can test.
    Opaque,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DefaultValue {
    /// JSON text from `+default=`.
    Json(String),
    /// `+default=ref(Name)` / `ref(import/path.Name)`: a string constant, by name (the Go
    /// output writes `pkg.Name`, as openapi-gen does, whether or not the constant was found)
    /// and by value (the documents; `None` when the constant was not found — reported, and
    /// left out of the documents).
    Const {
        package: String,
        name: String,
        value: Option<String>,
    },
    EmptyObject,
    EmptyString,
    Zero,
    False,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PropertyType {
    /// An OpenAPI primitive: `type` and optional `format`.
    Primitive {
        ty: &'static str,
        format: Option<&'static str>,
    },
    /// A string of an `+enum` type, with the values deduced from its constants (sorted), and
    /// the type they come from.
    Enum(Vec<EnumValue>, EnumOrigin),
    /// A string with an explicit `+kubebuilder:validation:Enum` list (declared order), and the
    /// type openapi-gen sees, which reads no kubebuilder markers (the Go output writes that).
    ExplicitEnum(Vec<EnumValue>, Box<PropertyType>),
    Ref(TypeName),
    Array(Box<PropertyType>),
    Map(Box<PropertyType>),
    /// `interface{}`: any JSON value, `"type": "object"` as in kube-openapi's type table.
    Any,
    /// A named interface type (`runtime.Object`): any value, and no `type` — openapi-gen
    /// declares no schema for interfaces and writes none (before 2025-09-09 its Go output
    /// wrote a `Ref` to the interface's name, which no definition has).
    NamedInterface(TypeName),
    /// An anonymous struct (`Size struct{ Width int }`): an inline object with its fields'
    /// properties, as controller-gen writes it (openapi-gen writes a `$ref` to a definition
    /// that does not exist; the Go output refuses it).
    Object(Box<StructDef>),
    /// A type this tool does not describe, written as the empty schema `{}` (any value); every
    /// such type is reported (`resolve/recursive-type`, `resolve/alias-cycle`,
    /// `resolve/too-deep`, `resolve/unsupported-type`, `resolve/undefined-type`).
    Unsupported,
}

/// The `+enum` type a [`PropertyType::Enum`] comes from: `crd` adds the lists of the project's
/// own types only, and owns only the lists that are deduced (SPEC §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnumOrigin {
    pub type_name: TypeName,
    /// The type also has `+kubebuilder:validation:Enum=…`, whose values are the ones listed
    /// (controller-gen writes that list itself).
    pub explicit: bool,
}

/// One enum value with the text of the constant's doc comment.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct EnumValue {
    pub value: String,
    pub doc: String,
}

/// A union as the output formats need it.
#[derive(Debug, Clone, PartialEq)]
pub struct Union {
    /// What its markers mean where the outputs differ, as the family that built it says.
    pub meaning: UnionMeaning,
    /// Some marker of the union sits behind a feature gate (`+k8s:alpha(…)=`,
    /// `+k8s:ifEnabled(G)=`): no rule may enforce it, since the API accepts what the gate
    /// allows (SPEC §3).
    pub gated: bool,
    /// JSON name of the discriminator field.
    pub discriminator: Option<String>,
    pub members: Vec<UnionMember>,
    /// Discriminator values with no member field (KEP-1027 empty members).
    pub empty_values: Vec<String>,
    /// How many members may be set.
    pub count: Count,
    /// A `+union` struct whose fields also carry `+unionMember` (OpenShift's style): the JSON
    /// names of those fields. The other fields are members only by the 2019 rule "every
    /// field", which such types do not follow, so the CEL count covers these alone. Empty
    /// otherwise.
    pub named_members: Vec<String>,
    /// validation-gen's list-item union (`+k8s:item(key: "v")=+k8s:unionMember`): the members
    /// are items of one list field of the struct, each picked by its key values; `None` for a
    /// union of fields. Never in `x-kubernetes-unions` (which names fields only); `--cel`
    /// writes its rule on the struct.
    pub items: Option<ItemList>,
    /// validation-gen's subfield union (`+k8s:subfield(m)=+k8s:unionMember` on a field of the
    /// struct): the JSON name of that field, whose type's fields are the members and the
    /// discriminator. The struct holding the field holds the union: it is validated through
    /// that field only. Never in `x-kubernetes-unions`; `--cel` writes its rule on this
    /// struct, over `self.<field>`.
    pub subfield: Option<String>,
}

/// The list of a list-item union and each member's selector.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemList {
    /// JSON name of the list field.
    pub list: String,
    /// Per member (index-aligned with [`Union::members`]): the item fields' JSON names and
    /// the string each must equal, sorted by field name. A member is set when some item of
    /// the list matches all of them (validation-gen's extractor: any matching item, so two
    /// items matching one selector count once).
    pub selectors: Vec<Vec<(String, String)>>,
}

/// What a union's markers mean where the outputs differ. Each union family states its own
/// (`resolve::unions`); the schema, the CEL rules and `crd` read these, never a family's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnionMeaning {
    /// When a member counts as set.
    pub set: MemberSet,
    /// What the discriminator's values do.
    pub discriminator: DiscriminatorValues,
    /// Whether `x-kubernetes-unions` lists the union.
    pub listed: Listed,
}

/// When a union member counts as set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberSet {
    /// Present with a value other than its Go zero value (the Go validators' meaning).
    NonZero,
    /// Present at all: `has(self.m)`, what controller-gen's own rules test.
    Present,
}

/// What a union's discriminator values do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscriminatorValues {
    /// A value selects the members that may be set (KEP-1027, declarative validation).
    Select,
    /// The values are labels (the 2019 KEP: the members' Go names, not necessarily values the
    /// discriminator takes): only the count is sure.
    Label,
}

/// Whether `x-kubernetes-unions` lists a union.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// Always (the 2019 KEP's unions, which openapi-gen writes).
    Always,
    /// Except in openapi-gen's own output, which lists them only on a struct marked `+union`
    /// (the only place openapi-gen reads unions).
    UnlessOpenApiGen,
    /// Never: the list names fields and structured-merge-diff's unions (what schemaconv makes
    /// of it) have neither "at least one" nor overlapping unions; rules enforce these.
    Never,
}

/// How many members of a union may be set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    AtMostOne,
    ExactlyOne,
    /// controller-gen's `AtLeastOneOf` only.
    AtLeastOne,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UnionMember {
    pub json_name: String,
    /// The discriminator value that selects this member.
    pub value: String,
    /// KEP-1027 `,optional`: the member may be selected while unset.
    pub optional: bool,
    /// Its member marker sits behind a feature gate (`+k8s:alpha(…)=+k8s:unionMember`): the
    /// schema lists the union as if the marker were absent (SPEC §3).
    pub gated: bool,
}

/// kube-openapi's value validations (`+k8s:validation:*`) as openapi-gen writes them
/// (`commentTags.ValidationSchema` through `generateValueValidations`): the limits, the CEL
/// rules (`x-kubernetes-validations`), and the nested `items:` / `properties:` /
/// `additionalProperties:` ones, which become one `allOf` entry. `format`, `nullable` and
/// `enum` are read and checked but openapi-gen's Go output never writes them (nor do we).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Validations {
    pub limits: Limits,
    pub rules: Vec<CelRule>,
    pub items: Option<Box<Validations>>,
    /// Sorted by name.
    pub properties: Vec<(String, Validations)>,
    pub additional_properties: Option<Box<Validations>>,
    /// controller-gen's value markers (`+kubebuilder:validation:*`, …), read only for
    /// `validate --packages` (`resolve::Options::kubebuilder`): written on the schema itself
    /// and on its items / map values, as controller-gen writes them into a CRD.
    pub controller_gen: Option<Box<ControllerGen>>,
}

/// What controller-gen's markers put on one schema node (see [`Validations::controller_gen`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ControllerGen {
    /// Bounds, lengths, counts, `pattern` (set ones replace openapi-gen's).
    pub limits: Limits,
    /// `+kubebuilder:validation:Enum`: string values (other JSON values are reported as not
    /// supported and left out).
    pub enum_values: Option<Vec<String>>,
    pub format: Option<String>,
    /// `+kubebuilder:validation:Type`.
    pub ty: Option<String>,
    pub nullable: bool,
    pub int_or_string: bool,
    pub embedded_resource: bool,
    pub preserve_unknown_fields: bool,
    /// `+kubebuilder:validation:Schemaless`: the empty schema.
    pub schemaless: bool,
    /// `+kubebuilder:validation:XValidation` (and `+k8s:immutable`), in marker order.
    pub rules: Vec<CelRule>,
    pub items: Option<Box<ControllerGen>>,
    pub additional_properties: Option<Box<ControllerGen>>,
}

impl ControllerGen {
    /// `other`'s markers over these (a field's over its type's): set values replace.
    pub fn overlay(&mut self, other: &ControllerGen) {
        self.limits.overlay(&other.limits);
        if other.enum_values.is_some() {
            self.enum_values = other.enum_values.clone();
        }
        if other.format.is_some() {
            self.format = other.format.clone();
        }
        if other.ty.is_some() {
            self.ty = other.ty.clone();
        }
        self.nullable |= other.nullable;
        self.int_or_string |= other.int_or_string;
        self.embedded_resource |= other.embedded_resource;
        self.preserve_unknown_fields |= other.preserve_unknown_fields;
        self.schemaless |= other.schemaless;
        self.rules.extend(other.rules.iter().cloned());
        for (mine, theirs) in [
            (&mut self.items, &other.items),
            (
                &mut self.additional_properties,
                &other.additional_properties,
            ),
        ] {
            if let Some(theirs) = theirs {
                mine.get_or_insert_with(Box::default).overlay(theirs);
            }
        }
    }
}

impl Validations {
    /// The `allOf` entry: nested validations of items, properties or map values.
    pub fn has_nested(&self) -> bool {
        self.items.is_some() || !self.properties.is_empty() || self.additional_properties.is_some()
    }
}

/// The value limits of a schema, in kube-openapi's `SchemaProps` order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    /// Never empty (an empty pattern is no pattern).
    pub pattern: Option<String>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: bool,
    pub multiple_of: Option<f64>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
}

impl Limits {
    pub fn is_empty(&self) -> bool {
        *self == Limits::default()
    }

    /// `other`'s set limits replace these (the flags are set when either sets them).
    pub fn overlay(&mut self, other: &Limits) {
        macro_rules! take {
            ($($f:ident),*) => { $( if other.$f.is_some() { self.$f = other.$f.clone(); } )* };
        }
        take!(
            maximum,
            minimum,
            max_length,
            min_length,
            pattern,
            max_items,
            min_items,
            multiple_of,
            max_properties,
            min_properties
        );
        self.exclusive_maximum |= other.exclusive_maximum;
        self.exclusive_minimum |= other.exclusive_minimum;
        self.unique_items |= other.unique_items;
    }
}

/// One `x-kubernetes-validations` entry, as the `+k8s:validation:` markers give it.
pub use crate::markers::validation::CelRule;

/// An extension from a marker: `+k8s:openapi-gen=x-kubernetes-<name>:<value>` (one string) or
/// the old `+validations=<v>` (`x-kubernetes-validations`: one string, or a list when the
/// marker is repeated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerExtension {
    pub name: String,
    pub values: Vec<String>,
    /// From `+k8s:openapi-gen=` (openapi-gen writes these first, in comment order).
    pub openapi_gen: bool,
}

impl MarkerExtension {
    /// The JSON value: a string, or a list of several.
    pub fn value(&self) -> serde_json::Value {
        match self.values.as_slice() {
            [one] => one.clone().into(),
            many => many.to_vec().into(),
        }
    }
}

impl DefaultValue {
    /// The document's `default`; none for a `ref()` to a constant that was not found.
    pub fn to_json(&self) -> Option<serde_json::Value> {
        Some(match self {
            DefaultValue::Json(text) => {
                sort_keys(serde_json::from_str(text).unwrap_or(serde_json::Value::Null))
            }
            DefaultValue::Const { value, .. } => value.clone()?.into(),
            DefaultValue::EmptyObject => serde_json::Value::Object(serde_json::Map::new()),
            DefaultValue::EmptyString => "".into(),
            DefaultValue::Zero => 0.into(),
            DefaultValue::False => false.into(),
        })
    }
}

/// Go marshals maps with sorted keys.
fn sort_keys(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<(String, serde_json::Value)> =
                map.into_iter().map(|(k, v)| (k, sort_keys(v))).collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            serde_json::Value::Object(entries.into_iter().collect())
        }
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.into_iter().map(sort_keys).collect())
        }
        other => other,
    }
}
