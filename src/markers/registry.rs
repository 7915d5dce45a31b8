//! Every marker this tool interprets, known once: its name, the family (generation of
//! tooling) it comes from, where it belongs, the grammar of its value, and the wrappers
//! (`+k8s:ifEnabled(G)=…`, `+k8s:item(…)=…`) that can hold it.
//!
//! Readers: `resolve::markers_check` (malformed / misplaced / "did you mean"), the union
//! families under `resolve::unions`, `resolve::fields` (optionality), `resolve::enums`, and
//! the parser (which names are gates). Adding a marker is one row in `registry!`'s table;
//! adding a union family is its rows plus one module under `resolve/unions/`.
//!
//! A name not in the table is another generator's marker (`+genclient`, `+protobuf`,
//! `+kubebuilder:printcolumn`, …): never an error, only a "did you mean" when it is within
//! two edits of a known name (see [`similar_known`]).

/// The generation of tooling a marker belongs to (SPEC §3 and §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// kube-openapi's openapi-gen (via gengo): `+enum`, `+optional`, `+listType`, `+default`,
    /// `+patchStrategy`, `+k8s:openapi-gen`, …
    OpenApiGen,
    /// The 2019 union KEP as kube-openapi reads it: `+union`, `+unionDiscriminator`,
    /// `+unionDeprecated`. (`+unionDiscriminator` is shared with KEP-1027.)
    Union2019,
    /// The KEP-1027 revision: `+unionMember[=value][,optional]`, `+unionDiscriminatedBy=`.
    Kep1027,
    /// validation-gen's declarative `+k8s:` markers (`+k8s:unionMember(…)`, `+k8s:optional`).
    Declarative,
    /// controller-gen (kubebuilder): `+kubebuilder:validation:Enum`, the union markers,
    /// `+kubebuilder:object:root`.
    ControllerGen,
    /// controller-gen's value markers (`+kubebuilder:validation:Minimum`, `…:items:…`,
    /// `+kubebuilder:default`, `+nullable`): read by `validate --packages` alone.
    ControllerGenValue,
    /// controller-gen's package markers for RBAC roles and webhook configurations
    /// (`+kubebuilder:rbac`, `+kubebuilder:webhook`): read by `controller-gen`'s `rbac` and
    /// `webhook` generators (`manifests/`).
    ControllerGenManifest,
    /// The conventions Kubernetes' generators share (client-gen, register-gen, controller-gen):
    /// package `+groupName` / `+versionName`, `+genclient` on a kind.
    CodeGenerator,
}

impl Family {
    /// The family's markers, as messages name them.
    pub fn describe(self) -> &'static str {
        match self {
            Family::OpenApiGen => "openapi-gen (`+enum`, `+optional`)",
            Family::Union2019 => "2019 KEP (`+union`/`+unionDeprecated`)",
            Family::Kep1027 => "KEP-1027 (`+unionMember`)",
            Family::Declarative => "declarative validation (`+k8s:unionMember`)",
            Family::ControllerGen => "controller-gen (`+kubebuilder:validation:…`)",
            Family::ControllerGenValue => {
                "controller-gen's value markers (`+kubebuilder:validation:Minimum`)"
            }
            Family::ControllerGenManifest => {
                "controller-gen's rbac and webhook markers (`+kubebuilder:rbac`)"
            }
            Family::CodeGenerator => "code-generator (`+groupName`, `+genclient`)",
        }
    }
}

/// Where a marker has a meaning. Package doc comments are never checked: they hold every
/// generator's package markers (`+groupName`, `+k8s:deepcopy-gen`), and a package-level
/// `+optional` is controller-gen's default for the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// The doc comment of a type declaration; `marker/misplaced` on a field or a constant.
    Type,
    /// The doc comment of a struct field; `marker/misplaced` on a type or a constant.
    Field,
    /// Types and fields: the tools read these on both (`+listType` on a list type or on the
    /// field, `+default` on an enum type or the field); never reported.
    TypeOrField,
    /// The package doc comment (`+groupName`); package comments are never checked, and
    /// elsewhere these are never reported either (no tool reads them there, none fails).
    Package,
}

/// Where a marker was found, for [`Placement::misplaced`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Package,
    Type,
    Field,
    Const,
}

impl Placement {
    /// Whether a marker with this placement is misplaced at `place`.
    pub fn misplaced(self, place: Place) -> bool {
        match (self, place) {
            (_, Place::Package) | (Placement::TypeOrField | Placement::Package, _) => false,
            (Placement::Type, Place::Type) | (Placement::Field, Place::Field) => false,
            (Placement::Type | Placement::Field, _) => true,
        }
    }
}

/// The grammar of a marker's value (what follows `=`, or the parenthesised arguments).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// No value (`+optional`, `+union`); text after the name is ignored, as the tools do.
    None,
    /// Exactly one of the words (`+listType=map`); a missing value is `marker/malformed`.
    OneOf(&'static [&'static str]),
    /// A comma-separated list of the words (`+patchStrategy=merge,retainKeys`); copied to the
    /// schema as written.
    Words(&'static [&'static str]),
    /// A JSON value (`+default="Always"`, `+default={}`) or `ref(Const)` / `ref(pkg.Const)`,
    /// nested at most [`crate::limits::DEFAULT_NESTING`] deep.
    JsonOrRef,
    /// A free-form name (`+listMapKey=port`, `+unionDiscriminatedBy=Type`,
    /// `+k8s:openapi-gen=false`).
    Text,
    /// KEP-1027 member value: `[=<value>][,optional]` (`+unionMember=ALPHA,optional`,
    /// `+unionMember,optional`); read by [`member_value`].
    MemberValue,
    /// validation-gen's named arguments in parentheses, all optional
    /// (`+k8s:unionMember(union: "u", memberName: "M")`).
    Args(&'static [&'static str]),
    /// controller-gen's list of strings: `A;B;C`, `{A,B}`, items bare or Go-quoted (`""` is the
    /// empty string), `:=` for `=`; read by [`list`].
    List,
    /// controller-gen's named arguments (`+kubebuilder:rbac:groups=apps,verbs=get;list`: the
    /// first after a `:`), read with its grammar by [`super::controller_gen`].
    Arguments,
    /// A validation-gen wrapper whose value is another marker that applies elsewhere
    /// (`+k8s:item(key: "v")=+k8s:unionMember`: to one list item); the payload is kept as the
    /// value, and read by the union family that interprets it.
    Payload,
}

/// One known marker.
#[derive(Debug, Clone, Copy)]
pub struct MarkerDef {
    /// The name without `+` (`kubebuilder:validation:Enum`; `Enum:=` is parsed as `Enum=`).
    pub name: &'static str,
    pub family: Family,
    pub placement: Placement,
    pub value: Value,
}

impl MarkerDef {
    /// A marker that declares a union or its members (any family).
    pub fn is_union(&self) -> bool {
        matches!(self.family, Family::Union2019 | Family::Kep1027)
            || (self.family == Family::Declarative && self.name.contains("OneOf"))
            || self.name.contains("union")
            || self.name.ends_with("OneOf")
    }
}

const LIST_TYPES: &[&str] = &["atomic", "set", "map"];
const MAP_TYPES: &[&str] = &["atomic", "granular"];
const PATCH_STRATEGIES: &[&str] = &["merge", "retainKeys", "replace"];
const UNION_ARGS: &[&str] = &["union", "memberName"];

macro_rules! registry {
    ($( $kind:ident = $name:literal, $family:ident, $placement:ident, $value:expr; )*) => {
        /// A known marker, by meaning (the name is [`Kind::name`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind { $( $kind, )* }

        /// Every known marker's kind, in order.
        pub static KINDS: &[Kind] = &[ $( Kind::$kind, )* ];

        /// Every known marker, in the order of [`Kind`].
        pub static MARKERS: &[MarkerDef] = &[ $(
            MarkerDef {
                name: $name,
                family: Family::$family,
                placement: Placement::$placement,
                value: $value,
            },
        )* ];

        impl Kind {
            /// The marker's name without `+`.
            pub fn name(self) -> &'static str {
                match self { $( Kind::$kind => $name, )* }
            }

            /// The known marker of a name (after gates are unwrapped), if any.
            pub fn from_name(name: &str) -> Option<Kind> {
                match name { $( $name => Some(Kind::$kind), )* _ => None }
            }

            pub fn def(self) -> &'static MarkerDef {
                &MARKERS[self as usize]
            }
        }
    };
}

registry! {
    // Enums (KEP-2887) and controller-gen's explicit list.
    Enum = "enum", OpenApiGen, Type, Value::None;
    K8sEnum = "k8s:enum", Declarative, Type, Value::None;
    KubebuilderEnum = "kubebuilder:validation:Enum", ControllerGen, TypeOrField, Value::List;
    // Field semantics.
    Optional = "optional", OpenApiGen, TypeOrField, Value::None;
    Required = "required", OpenApiGen, TypeOrField, Value::None;
    K8sOptional = "k8s:optional", Declarative, TypeOrField, Value::None;
    K8sRequired = "k8s:required", Declarative, TypeOrField, Value::None;
    Default = "default", OpenApiGen, TypeOrField, Value::JsonOrRef;
    ListType = "listType", OpenApiGen, TypeOrField, Value::OneOf(LIST_TYPES);
    K8sListType = "k8s:listType", Declarative, TypeOrField, Value::OneOf(LIST_TYPES);
    ListMapKey = "listMapKey", OpenApiGen, TypeOrField, Value::Text;
    K8sListMapKey = "k8s:listMapKey", Declarative, TypeOrField, Value::Text;
    MapType = "mapType", OpenApiGen, TypeOrField, Value::OneOf(MAP_TYPES);
    StructType = "structType", OpenApiGen, TypeOrField, Value::OneOf(MAP_TYPES);
    PatchStrategy = "patchStrategy", OpenApiGen, TypeOrField, Value::Words(PATCH_STRATEGIES);
    PatchMergeKey = "patchMergeKey", OpenApiGen, TypeOrField, Value::Text;
    OpenApiGenMarker = "k8s:openapi-gen", OpenApiGen, TypeOrField, Value::Text;
    // kube-openapi's old extension tag: `x-kubernetes-validations` as given. The value
    // validations `+k8s:validation:<key>…` have keys, not names: `markers::validation`.
    Validations = "validations", OpenApiGen, TypeOrField, Value::Text;
    // Unions, 2019 KEP.
    Union = "union", Union2019, Type, Value::None;
    UnionDiscriminator = "unionDiscriminator", Union2019, Field, Value::None;
    UnionDeprecated = "unionDeprecated", Union2019, Field, Value::None;
    // Unions, KEP-1027.
    UnionMember = "unionMember", Kep1027, Field, Value::MemberValue;
    UnionDiscriminatedBy = "unionDiscriminatedBy", Kep1027, Field, Value::Text;
    // Unions, declarative validation.
    K8sUnionMember = "k8s:unionMember", Declarative, Field, Value::Args(UNION_ARGS);
    K8sUnionDiscriminator = "k8s:unionDiscriminator", Declarative, Field, Value::Args(&["union"]);
    K8sZeroOrOneOfMember = "k8s:zeroOrOneOfMember", Declarative, Field, Value::Args(UNION_ARGS);
    // Unions, controller-gen: JSON names of the type's fields, one union per marker.
    ExactlyOneOf = "kubebuilder:validation:ExactlyOneOf", ControllerGen, Type, Value::List;
    AtMostOneOf = "kubebuilder:validation:AtMostOneOf", ControllerGen, Type, Value::List;
    AtLeastOneOf = "kubebuilder:validation:AtLeastOneOf", ControllerGen, Type, Value::List;
    // Union members elsewhere: list items (`resolve/unions/items.rs`), a field's fields
    // (`resolve/unions/subfield.rs`); other payloads are validation-gen's and pass silently.
    K8sItem = "k8s:item", Declarative, TypeOrField, Value::Payload;
    K8sSubfield = "k8s:subfield", Declarative, TypeOrField, Value::Payload;
    // validation-gen's list-map uniqueness, read beside `+listType=map` by list-item unions.
    K8sUnique = "k8s:unique", Declarative, TypeOrField, Value::Text;
    // The API a package or type belongs to: the roots of `validate --packages` and of the
    // output closure.
    GroupName = "groupName", CodeGenerator, Package, Value::Text;
    VersionName = "versionName", CodeGenerator, Package, Value::Text;
    Genclient = "genclient", CodeGenerator, Type, Value::None;
    KubebuilderObjectRoot = "kubebuilder:object:root", ControllerGen, Type, Value::Text;
    // openapi-gen's `OpenAPIModelName` package (`--output-model-name-file`).
    OpenApiModelPackage = "k8s:openapi-model-package", OpenApiGen, Package, Value::Text;
    // controller-gen's value markers, read for `validate --packages` only
    // (`resolve/kubebuilder.rs`, with controller-gen's value grammar: its own checks there).
    // Each also exists as `kubebuilder:validation:items:<Name>` (for list items), and
    // `XValidation` takes its arguments after a colon (`XValidation:rule="…",message="…"`):
    // both are read by prefix. Every placement is accepted here, as `check` reads none of them.
    KbMaximum = "kubebuilder:validation:Maximum", ControllerGenValue, TypeOrField, Value::Text;
    KbMinimum = "kubebuilder:validation:Minimum", ControllerGenValue, TypeOrField, Value::Text;
    KbExclusiveMaximum = "kubebuilder:validation:ExclusiveMaximum", ControllerGenValue, TypeOrField, Value::Text;
    KbExclusiveMinimum = "kubebuilder:validation:ExclusiveMinimum", ControllerGenValue, TypeOrField, Value::Text;
    KbMultipleOf = "kubebuilder:validation:MultipleOf", ControllerGenValue, TypeOrField, Value::Text;
    KbMinProperties = "kubebuilder:validation:MinProperties", ControllerGenValue, TypeOrField, Value::Text;
    KbMaxProperties = "kubebuilder:validation:MaxProperties", ControllerGenValue, TypeOrField, Value::Text;
    KbMaxLength = "kubebuilder:validation:MaxLength", ControllerGenValue, TypeOrField, Value::Text;
    KbMinLength = "kubebuilder:validation:MinLength", ControllerGenValue, TypeOrField, Value::Text;
    KbPattern = "kubebuilder:validation:Pattern", ControllerGenValue, TypeOrField, Value::Text;
    KbMaxItems = "kubebuilder:validation:MaxItems", ControllerGenValue, TypeOrField, Value::Text;
    KbMinItems = "kubebuilder:validation:MinItems", ControllerGenValue, TypeOrField, Value::Text;
    KbUniqueItems = "kubebuilder:validation:UniqueItems", ControllerGenValue, TypeOrField, Value::Text;
    KbFormat = "kubebuilder:validation:Format", ControllerGenValue, TypeOrField, Value::Text;
    KbType = "kubebuilder:validation:Type", ControllerGenValue, TypeOrField, Value::Text;
    KbXPreserveUnknownFields = "kubebuilder:validation:XPreserveUnknownFields", ControllerGenValue, TypeOrField, Value::None;
    KbXEmbeddedResource = "kubebuilder:validation:XEmbeddedResource", ControllerGenValue, TypeOrField, Value::None;
    KbXIntOrString = "kubebuilder:validation:XIntOrString", ControllerGenValue, TypeOrField, Value::None;
    KbXValidation = "kubebuilder:validation:XValidation", ControllerGenValue, TypeOrField, Value::Text;
    KbEmbeddedResource = "kubebuilder:validation:EmbeddedResource", ControllerGenValue, TypeOrField, Value::None;
    KbSchemaless = "kubebuilder:validation:Schemaless", ControllerGenValue, TypeOrField, Value::None;
    KbRequired = "kubebuilder:validation:Required", ControllerGenValue, TypeOrField, Value::None;
    KbOptional = "kubebuilder:validation:Optional", ControllerGenValue, TypeOrField, Value::None;
    KbPreserveUnknownFields = "kubebuilder:pruning:PreserveUnknownFields", ControllerGenValue, TypeOrField, Value::None;
    KbDefault = "kubebuilder:default", ControllerGenValue, TypeOrField, Value::Text;
    Nullable = "nullable", ControllerGenValue, TypeOrField, Value::None;
    K8sImmutable = "k8s:immutable", ControllerGenValue, TypeOrField, Value::None;
    // controller-gen's package markers of the `rbac` and `webhook` generators, wherever a
    // package-level comment is (`syntax/package_markers.rs`), read by `manifests/`.
    KubebuilderRbac = "kubebuilder:rbac", ControllerGenManifest, Package, Value::Arguments;
    KubebuilderWebhook = "kubebuilder:webhook", ControllerGenManifest, Package, Value::Arguments;
    KubebuilderWebhookConfiguration = "kubebuilder:webhookconfiguration", ControllerGenManifest, Package, Value::Arguments;
}

impl Kind {
    /// Markers that make a field a union member, in any family.
    pub fn is_union_member(self) -> bool {
        matches!(
            self,
            Kind::UnionMember
                | Kind::UnionDeprecated
                | Kind::K8sUnionMember
                | Kind::K8sZeroOrOneOfMember
        )
    }
}

impl Kind {
    /// controller-gen's value markers, read by `validate --packages` alone: `check` neither
    /// suggests them for typos nor reports them after a field, so its output is what it was
    /// before they were known.
    pub fn validate_only(self) -> bool {
        self.def().family == Family::ControllerGenValue
    }
}

/// The known marker of a name, if any.
pub fn lookup(name: &str) -> Option<&'static MarkerDef> {
    Kind::from_name(name).map(Kind::def)
}

// --- wrappers ------------------------------------------------------------------------------

/// What a gate wrapper (`+k8s:alpha(since: "1.37")=+k8s:optional`) says about its payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GateKind {
    Alpha,
    Beta,
    IfEnabled,
    IfDisabled,
    /// `+k8s:shadow=`: validation-gen evaluates the payload but reports its errors as
    /// shadowed, never enforced; like the other gates, never part of the schema.
    Shadow,
}

/// Gate names: `k8s:alpha`, `k8s:beta`, `k8s:ifEnabled(G)`, `k8s:ifDisabled(G)`,
/// `k8s:shadow`, also with intermediate segments (`k8s:foo:alpha`).
///
/// The parser unwraps gates: the marker counts as its payload, with the gates recorded in
/// [`Marker::gates`](super::Marker::gates). A gated marker is parsed and checked like its
/// payload, but never changes the emitted schema (SPEC §3: a union with a gated marker is
/// `Union::gated`, which no output enforces).
pub fn gate(name: &str) -> Option<GateKind> {
    if !name.starts_with("k8s:") {
        return None;
    }
    match name.rsplit(':').next() {
        Some("alpha") => Some(GateKind::Alpha),
        Some("beta") => Some(GateKind::Beta),
        Some("ifEnabled") => Some(GateKind::IfEnabled),
        Some("ifDisabled") => Some(GateKind::IfDisabled),
        Some("shadow") => Some(GateKind::Shadow),
        _ => None,
    }
}

/// validation-gen wrappers whose payload applies to every value / key of a list or map:
/// `+k8s:eachVal=` / `+k8s:eachKey=`. They are not interpreted: the marker keeps the wrapper's
/// name with the payload as its value. A union member inside one is `marker/misplaced`
/// (`markers_check`; validation-gen fails there); other payloads are validation-gen's and pass
/// silently. (`+k8s:item` and `+k8s:subfield` are rows of the registry: union families read
/// them.)
pub const UNINTERPRETED_WRAPPERS: &[&str] = &["k8s:eachVal", "k8s:eachKey"];

// --- value grammars --------------------------------------------------------------------------

/// [`Value::JsonOrRef`]'s reference form, read as openapi-gen reads it (`^ref\(([^"]+)\)$`,
/// then gengo's `ParseFullyQualifiedName`: the package is everything before the last `.`):
/// `ref(Name)` → `(None, "Name")` (the marker's own package),
/// `ref(k8s.io/api/core/v1.ProtocolTCP)` → `(Some("k8s.io/api/core/v1"), "ProtocolTCP")`.
pub fn default_ref(value: &str) -> Option<(Option<&str>, &str)> {
    let inner = value.strip_prefix("ref(")?.strip_suffix(')')?;
    if inner.is_empty() || inner.contains('"') {
        return None;
    }
    Some(match inner.rfind('.') {
        Some(dot) => (Some(&inner[..dot]), &inner[dot + 1..]),
        None => (None, inner),
    })
}

/// [`Value::MemberValue`]: `+unionMember=<value>,optional` or `+unionMember,optional` →
/// (explicit value, `optional` flag).
pub fn member_value(marker: &super::Marker) -> (Option<String>, bool) {
    let mut parts = marker
        .value
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim);
    let value = parts.next().filter(|v| !v.is_empty()).map(str::to_string);
    let optional = parts
        .chain(marker.flags.iter().map(String::as_str))
        .any(|flag| flag == "optional");
    (value, optional)
}

/// [`Value::List`], read as controller-gen reads a `[]string` marker value: `A;B;C` or
/// `{A,B,C}`, each item bare or a quoted Go string (`""` is the empty string), in the declared
/// order.
pub fn list(raw: &str) -> Vec<String> {
    let raw = raw.trim();
    let (body, separator) = match raw.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        Some(body) => (body, ','),
        None => (raw, ';'),
    };
    let mut values = Vec::new();
    let mut rest = body;
    loop {
        let trimmed = rest.trim_start();
        let (value, after) = if trimmed.starts_with('"') || trimmed.starts_with('`') {
            // A quoted value may hold the separator; it ends at its closing quote.
            let quote = trimmed.as_bytes()[0];
            let mut end = 1;
            let bytes = trimmed.as_bytes();
            while end < bytes.len() && bytes[end] != quote {
                end += if bytes[end] == b'\\' && quote == b'"' {
                    2
                } else {
                    1
                };
            }
            let end = (end + 1).min(trimmed.len());
            let literal = &trimmed[..end];
            let value = crate::golit::unquote(literal)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .unwrap_or_else(|| literal.to_string());
            (Some(value), &trimmed[end..])
        } else {
            let end = trimmed.find(separator).unwrap_or(trimmed.len());
            let value = trimmed[..end].trim();
            (
                (!value.is_empty()).then(|| value.to_string()),
                &trimmed[end..],
            )
        };
        values.extend(value);
        match after.trim_start().strip_prefix(separator) {
            Some(next) => rest = next,
            None => break,
        }
    }
    values
}

/// The deepest nesting of `[`/`{` in a JSON text, outside strings (no parse, no recursion):
/// [`Value::JsonOrRef`] values deeper than [`crate::limits::DEFAULT_NESTING`] are malformed.
pub fn json_nesting(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for byte in text.bytes() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

// --- "did you mean" ----------------------------------------------------------------------------

/// Prefixes of names other generators use; a name with one of them is never suggested a
/// non-`k8s:` known name (`+kubebuilder:validation:Enum` is not a typo of `+enum`).
const OTHER_TOOLS_PREFIXES: &[&str] = &[
    "genclient",
    "kubebuilder:",
    "k8s:",
    "groupName",
    "versionName",
    "protobuf",
    "featureGate",
    "listType",
];

/// The known marker an unknown name is probably a typo of: within Levenshtein distance 2,
/// both at least 5 characters long. A `k8s:` name (or another tool's, see
/// `OTHER_TOOLS_PREFIXES`) is only suggested a `k8s:` name: close to a non-`k8s:` one, it is
/// usually a different, real marker.
pub fn similar_known(name: &str) -> Option<&'static str> {
    if name.len() < 5 {
        return None;
    }
    let (_, known) = KINDS
        .iter()
        .filter(|kind| !kind.validate_only())
        .map(|kind| kind.name())
        .filter(|known| known.len() >= 5 && known.len().abs_diff(name.len()) <= 2)
        .map(|known| (strsim::levenshtein(name, known), known))
        .filter(|(distance, _)| *distance <= 2)
        .min()?;
    if name.starts_with("k8s:") && !known.starts_with("k8s:") {
        return None;
    }
    if OTHER_TOOLS_PREFIXES.iter().any(|p| name.starts_with(p)) && !known.starts_with("k8s:") {
        return None;
    }
    Some(known)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_kind_order_and_names_round_trip() {
        assert_eq!(KINDS.len(), MARKERS.len());
        for (index, (&kind, def)) in KINDS.iter().zip(MARKERS).enumerate() {
            assert_eq!(kind as usize, index, "{}", def.name);
            assert_eq!(kind.name(), def.name);
            assert_eq!(Kind::from_name(def.name), Some(kind));
            assert!(gate(def.name).is_none());
        }
        assert!(lookup("unionMemebr").is_none());
    }

    #[test]
    fn default_refs_split_like_gengo() {
        assert_eq!(default_ref("ref(Name)"), Some((None, "Name")));
        assert_eq!(
            default_ref("ref(k8s.io/api/core/v1.ProtocolTCP)"),
            Some((Some("k8s.io/api/core/v1"), "ProtocolTCP"))
        );
        assert_eq!(default_ref("ref(v1.X)"), Some((Some("v1"), "X")));
        assert_eq!(default_ref("\"ref(X)\""), None);
        assert_eq!(default_ref("ref()"), None);
    }

    #[test]
    fn gates() {
        assert_eq!(gate("k8s:alpha"), Some(GateKind::Alpha));
        assert_eq!(gate("k8s:sub:beta"), Some(GateKind::Beta));
        assert_eq!(gate("k8s:ifDisabled"), Some(GateKind::IfDisabled));
        assert_eq!(gate("k8s:shadow"), Some(GateKind::Shadow));
        assert_eq!(gate("foo:alpha"), None);
        assert_eq!(gate("k8s:item"), None);
    }

    #[test]
    fn did_you_mean() {
        assert_eq!(similar_known("unionMemebr"), Some("unionMember"));
        assert_eq!(similar_known("optinal"), Some("optional"));
        assert_eq!(similar_known("k8s:optinal"), Some("k8s:optional"));
        assert_eq!(similar_known("k8s:union"), None);
        assert_eq!(similar_known("kubebuilder:validation:Enun"), None);
        assert_eq!(similar_known("genclient"), None);
        assert_eq!(strsim::levenshtein("é", "e"), 1);
        assert_eq!(similar_known("nulable"), None, "validate-only markers");
        assert!(Kind::Nullable.validate_only() && !Kind::KubebuilderEnum.validate_only());
    }

    #[test]
    fn lists_are_read_as_controller_gen_reads_them() {
        assert_eq!(list("A;B;C"), ["A", "B", "C"]);
        assert_eq!(list("{A,B}"), ["A", "B"]);
        assert_eq!(list("{\"A\", \"B\"}"), ["A", "B"]);
        assert_eq!(list("\"\";A;B"), ["", "A", "B"]);
        assert_eq!(
            list("{\"\", \"NoPrefix\", \"Prefix\"}"),
            ["", "NoPrefix", "Prefix"]
        );
        assert_eq!(list("\"Enabled\";\"Disabled\";"), ["Enabled", "Disabled"]);
        assert_eq!(list("\"a;b\";C"), ["a;b", "C"]);
        assert_eq!(list("Z;A"), ["Z", "A"], "declared order");
    }

    #[test]
    fn member_values() {
        let read = |text: &str| member_value(&crate::markers::parse_marker(text).unwrap().unwrap());
        assert_eq!(read("+unionMember"), (None, false));
        assert_eq!(read("+unionMember=ALPHA"), (Some("ALPHA".into()), false));
        assert_eq!(
            read("+unionMember=ALPHA,optional"),
            (Some("ALPHA".into()), true)
        );
        assert_eq!(read("+unionMember,optional"), (None, true));
    }

    #[test]
    fn json_nesting_counts_outside_strings() {
        assert_eq!(json_nesting(r#"{"a": [1, {"b": "[[[["}], "c\\\"[": 2}"#), 3);
    }
}
