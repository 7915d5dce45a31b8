//! The Go types as controller-gen's CRD generator sees them (controller-tools `pkg/markers`
//! `TypeInfo`/`FieldInfo` and the answers of Go's type checker it asks for): what
//! `resolve::controller_gen` hands to `schema::controller_gen`. Plain data: doc comments as
//! controller-gen extracts them, markers parsed into [`Marker`] values in comment order, type
//! expressions with their identifiers resolved.

use crate::source::Span;

/// A type: its package's index in [`Model::packages`] and its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeId {
    pub package: usize,
    pub name: usize,
}

/// Everything the CRD generator may read.
#[derive(Debug, Clone, Default)]
pub struct Model {
    pub packages: Vec<Package>,
    /// The root packages (`paths=`), in load order.
    pub roots: Vec<usize>,
    /// The group and kind of the types that are Kubernetes objects (embed both
    /// `metav1.TypeMeta` and `metav1.ObjectMeta`) in the root packages, once per group and
    /// kind, sorted as controller-gen's `FindKubeKinds` sorts them (`Kind.group`).
    pub kinds: Vec<(String, String)>,
}

/// One Go package.
#[derive(Debug, Clone, Default)]
pub struct Package {
    /// Import path without any vendor prefix.
    pub path: String,
    /// The package clause's name.
    pub name: String,
    /// `+groupName` (its value; `Some("")` for a bare `+groupName`), when given.
    pub group: Option<String>,
    /// `+versionName`.
    pub version_name: Option<String>,
    /// `+kubebuilder:validation:Optional` / `Required` at package level: the default of its
    /// fields (`Optional` wins, as controller-gen checks it alone).
    pub optional_default: bool,
    /// `+kubebuilder:skip`: not an API version.
    pub skip: bool,
    /// Types in declaration order (files in their order, then declarations).
    pub types: Vec<Type>,
}

impl Package {
    /// controller-gen's group-version: `+groupName`, with `+versionName` or else the package
    /// name as the version; none without `+groupName`.
    pub fn group_version(&self) -> (String, String) {
        match &self.group {
            Some(group) => (
                group.clone(),
                self.version_name
                    .clone()
                    .unwrap_or_else(|| self.name.clone()),
            ),
            None => (String::new(), String::new()),
        }
    }

    pub fn type_named(&self, name: &str) -> Option<usize> {
        self.types.iter().position(|t| t.name == name)
    }
}

/// A type declaration (`TypeInfo`).
#[derive(Debug, Clone)]
pub struct Type {
    pub name: String,
    /// The doc comment as controller-gen extracts it (markers dropped, line breaks kept).
    pub doc: String,
    pub markers: Vec<Marker>,
    /// The declared type (`RawSpec.Type`).
    pub expr: Expr,
    /// The type or its pointer has `MarshalJSON` (implements `json.Marshaler`).
    pub marshals_json: bool,
    /// The type or its pointer has `MarshalText` (implements `encoding.TextMarshaler`).
    pub marshals_text: bool,
    /// The type's name in its declaration.
    pub span: Span,
    /// Where the declared type is written (`RawSpec.Type`: where errors about it point).
    pub expr_span: Span,
    /// The string constants of this type in its package, in declaration order (`+k8s:enum`).
    pub enum_values: Vec<String>,
}

/// A struct field (`FieldInfo`), one per declared name.
#[derive(Debug, Clone)]
pub struct Field {
    /// The Go name; empty for an embedded field.
    pub name: String,
    pub doc: String,
    /// The `json` struct tag's value, when the field has one.
    pub json: Option<String>,
    pub markers: Vec<Marker>,
    pub expr: Expr,
    /// The whole field (`RawField`: where errors about it point).
    pub span: Span,
}

/// A written type with what Go's type checker says about its names.
#[derive(Debug, Clone)]
pub enum Expr {
    /// `T`, a builtin or a dot-imported name.
    Ident {
        name: String,
        ty: Ident,
        span: Span,
    },
    /// `pkg.T`.
    Selector {
        qualifier: String,
        name: String,
        ty: Ident,
        span: Span,
    },
    /// `[]T` or `[N]T`; `byte_slice`: `[]byte` written with the `byte` identifier.
    Array {
        elem: Box<Expr>,
        byte_slice: bool,
        span: Span,
    },
    Map {
        /// `Err(type)`: the key is not a string type (`map keys must be strings, not …`).
        key: Result<(), String>,
        key_span: Span,
        value: Box<Expr>,
        span: Span,
    },
    Pointer(Box<Expr>, Span),
    /// A struct type: the named type's own fields (only a type declaration's struct has them;
    /// a struct elsewhere is refused).
    Struct {
        fields: Vec<Field>,
        /// This struct is the type declaration's own type (`RawSpec.Type`).
        top_level: bool,
        span: Span,
    },
    Interface(Span),
    /// A shape CRDs cannot hold (channels, functions, generics): controller-gen's
    /// "unsupported AST kind".
    Unsupported(String, Span),
}

impl Expr {
    pub fn span(&self) -> &Span {
        match self {
            Expr::Ident { span, .. }
            | Expr::Selector { span, .. }
            | Expr::Array { span, .. }
            | Expr::Map { span, .. }
            | Expr::Pointer(_, span)
            | Expr::Struct { span, .. }
            | Expr::Interface(span)
            | Expr::Unsupported(_, span) => span,
        }
    }
}

/// What a name denotes (`TypesInfo.TypeOf(ident)`, with an alias's right-hand side followed
/// once as controller-gen does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ident {
    /// A predeclared basic type (`string`, `int32`, `byte`, …).
    Basic(String),
    /// A named type (or an alias whose target is named, or another alias), with its basic
    /// underlying type when it has one (the named type's type and format apply to the field).
    Named { id: TypeId, basic: bool },
    /// A type in a package union-gen did not load: a reference it cannot follow.
    External { package: String, name: String },
    /// An alias of a basic type (`type Name = string`): the alias's schema, with the basic
    /// type's type and format.
    BasicAlias { alias: TypeId, basic: String },
    /// An alias of something else than a name (`type A = []string`): controller-gen's
    /// "unsupported type".
    UnsupportedAlias(String),
    /// An interface type (`any`, `error`, a named interface).
    Interface,
    /// Not a known type (controller-gen: "unknown type").
    Unknown,
}

/// One marker, parsed as controller-gen parses it, where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// The registered name (`kubebuilder:validation:Minimum`, `kubebuilder:validation:items:
    /// Minimum`, `kubebuilder:printcolumn`).
    pub name: String,
    pub value: MarkerValue,
    /// The marker comment.
    pub span: Span,
}

/// The value of a marker controller-gen's CRD generator reads.
#[derive(Debug, Clone, PartialEq)]
pub enum MarkerValue {
    Maximum(f64),
    Minimum(f64),
    ExclusiveMaximum(bool),
    ExclusiveMinimum(bool),
    MultipleOf(f64),
    MinProperties(i64),
    MaxProperties(i64),
    MaxLength(i64),
    MinLength(i64),
    Pattern(String),
    MaxItems(i64),
    MinItems(i64),
    UniqueItems(bool),
    Enum(Vec<serde_json::Value>),
    Format(String),
    Type(String),
    XPreserveUnknownFields,
    XEmbeddedResource,
    XIntOrString,
    XValidation(crate::model::CelRule),
    /// `kubebuilder:validation:Required` and `Optional`, `required`, `optional`,
    /// `k8s:required`, `k8s:optional` (the marker's name tells which).
    Presence,
    Nullable,
    /// `+kubebuilder:default` (controller-gen's argument syntax).
    Default(serde_json::Value),
    /// `+default` (JSON); `None` for `ref(…)`, which controller-gen skips.
    KubernetesDefault(Option<serde_json::Value>),
    Example(serde_json::Value),
    Schemaless,
    Immutable,
    AtMostOneOf(Vec<String>),
    ExactlyOneOf(Vec<String>),
    AtLeastOneOf(Vec<String>),
    /// `+k8s:enum` on a type.
    K8sEnum,
    /// `+k8s:enum` on a field: an error when applied.
    K8sEnumField,
    Title(serde_json::Value),
    ListMapKey(String),
    ListType(String),
    MapType(String),
    StructType(String),
    ExternalDocs {
        url: String,
        description: String,
    },
    SubresourceStatus,
    SubresourceScale {
        spec_path: String,
        status_path: String,
        selector_path: Option<String>,
    },
    PrintColumn(PrintColumn),
    Resource {
        path: String,
        short_names: Option<Vec<String>>,
        categories: Option<Vec<String>>,
        singular: String,
        scope: String,
    },
    StorageVersion,
    SkipVersion,
    UnservedVersion,
    DeprecatedVersion {
        warning: Option<String>,
    },
    Metadata {
        annotations: Vec<String>,
        labels: Vec<String>,
    },
    SelectableField {
        json_path: String,
    },
    /// A package marker's string (`+groupName`, `+versionName`).
    Text(String),
}

/// `+kubebuilder:printcolumn`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PrintColumn {
    pub name: String,
    pub ty: String,
    pub json_path: String,
    pub description: String,
    pub format: String,
    pub priority: i64,
}

impl Type {
    /// The markers named `name`, in comment order.
    pub fn markers_named<'m>(&'m self, name: &'m str) -> impl Iterator<Item = &'m Marker> + 'm {
        self.markers.iter().filter(move |m| m.name == name)
    }
}

/// Whether a marker list has a marker named `name`.
pub fn has(markers: &[Marker], name: &str) -> bool {
    markers.iter().any(|m| m.name == name)
}
