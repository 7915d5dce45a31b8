//! What each known marker means, in one sentence, and which tools read each family: the text
//! an editor shows on a marker (`lsp`'s hover and completion). Kept beside the registry so a
//! new row gets its sentence here (a test lists the markers without one).

use super::registry::{Family, Kind, Value};

/// The tools that read a family's markers.
pub fn readers(family: Family) -> &'static str {
    match family {
        Family::OpenApiGen => "kube-openapi's openapi-gen, controller-gen where it shares the name, and union-gen",
        Family::Union2019 => "kube-openapi's openapi-gen (`x-kubernetes-unions`) and union-gen",
        Family::Kep1027 => "union-gen (KEP-1027's revision; union-gen writes its `x-kubernetes-unions` and CEL rule)",
        Family::Declarative => "validation-gen (declarative validation) and union-gen",
        Family::ControllerGen => "controller-gen (CRD schemas) and union-gen",
        Family::ControllerGenValue => "controller-gen (CRD schemas); union-gen reads it only in `validate --packages`",
        Family::CodeGenerator => "Kubernetes' code generators (client-gen, register-gen, controller-gen)",
        Family::ControllerGenManifest => "controller-gen's rbac and webhook generators (package-level markers) and `union-gen controller-gen`",
    }
}

/// The value grammar as a user writes it, after the name (`=atomic|set|map`).
pub fn grammar(value: Value) -> String {
    match value {
        Value::None => String::new(),
        Value::OneOf(words) => format!("={}", words.join("|")),
        Value::Words(words) => format!("={}[,…]", words.join("|")),
        Value::JsonOrRef => "=<JSON value> | =ref(<Const>)".to_string(),
        Value::Text => "=<name>".to_string(),
        Value::MemberValue => "[=<discriminator value>][,optional]".to_string(),
        Value::Args(names) => {
            let args: Vec<String> = names.iter().map(|n| format!("{n}: \"…\"")).collect();
            format!("({})", args.join(", "))
        }
        Value::List => "=A;B;C".to_string(),
        Value::Payload => "=+<marker>".to_string(),
        Value::Arguments => ":<argument>=<value>,…".to_string(),
    }
}

/// One sentence on what the marker does; `None` for a marker not described yet.
pub fn meaning(kind: Kind) -> Option<&'static str> {
    Some(match kind {
        Kind::Enum => "Makes a string type an enum: its typed constants become the schema's `enum` values (KEP-2887).",
        Kind::K8sEnum => "Declarative validation's spelling of `+enum`: the type's typed constants are its only values.",
        Kind::KubebuilderEnum => "An explicit list of allowed values, written into the schema's `enum` in this order; it wins over deduced constants.",
        Kind::Optional => "The field may be left out: it is not in the schema's `required` list.",
        Kind::Required => "The field must be set: it is in the schema's `required` list.",
        Kind::K8sOptional => "Declarative validation: the field may be left out (not `required`).",
        Kind::K8sRequired => "Declarative validation: the field must be set (`required`).",
        Kind::Default => "The value the API server fills in when the field is absent (`default` in the schema); JSON, or `ref(Const)` for a constant's value.",
        Kind::ListType => "How server-side apply merges the list: `atomic` (replaced whole), `set` (unique scalars), `map` (items keyed by `+listMapKey`); `x-kubernetes-list-type`.",
        Kind::K8sListType => "Declarative validation's `+listType`: `x-kubernetes-list-type` and the list's uniqueness checks.",
        Kind::ListMapKey => "A key field of a `+listType=map` list's items (repeat for several keys); `x-kubernetes-list-map-keys`.",
        Kind::K8sListMapKey => "Declarative validation's `+listMapKey`.",
        Kind::MapType => "How server-side apply merges the map: `atomic` or `granular`; `x-kubernetes-map-type`.",
        Kind::StructType => "How server-side apply merges the struct: `atomic` or `granular`; `x-kubernetes-map-type`.",
        Kind::PatchStrategy => "The strategic-merge-patch strategy, copied to `x-kubernetes-patch-strategy`.",
        Kind::PatchMergeKey => "The item field strategic merge patch matches list items by; `x-kubernetes-patch-merge-key`.",
        Kind::OpenApiGenMarker => "`true`/`false` selects types for openapi-gen's Go output; `x-kubernetes-…:value` adds an extension to the schema.",
        Kind::Validations => "kube-openapi's old tag: a CEL rule copied into `x-kubernetes-validations`.",
        Kind::Union => "2019 union: every field of the struct but the discriminator is a member; at most one may be set.",
        Kind::UnionDiscriminator => "The field whose value says which union member is set.",
        Kind::UnionDeprecated => "2019 union: a member of the struct's member-level union (deprecated fields kept for compatibility).",
        Kind::UnionMember => "KEP-1027: the field is a union member; its discriminator value is its Go name unless given (`=Value`); `optional`: selectable while unset.",
        Kind::UnionDiscriminatedBy => "KEP-1027: the member belongs to the union of this discriminator (Go field name), for structs with several unions.",
        Kind::K8sUnionMember => "Declarative validation: exactly one member of the union (`union:`) is set; `memberName:` is its discriminator value.",
        Kind::K8sUnionDiscriminator => "Declarative validation: the discriminator of the union named `union:`.",
        Kind::K8sZeroOrOneOfMember => "Declarative validation: at most one member of the union (`union:`) is set.",
        Kind::ExactlyOneOf => "controller-gen: exactly one of the listed fields (JSON names) is set; a CEL rule in the CRD.",
        Kind::AtMostOneOf => "controller-gen: at most one of the listed fields (JSON names) is set; a CEL rule in the CRD.",
        Kind::AtLeastOneOf => "controller-gen: at least one of the listed fields (JSON names) is set; a CEL rule in the CRD.",
        Kind::K8sItem => "Declarative validation: the marker after `=` applies to the list items whose keys have these values.",
        Kind::K8sSubfield => "Declarative validation: the marker after `=` applies to the named field of this field's struct.",
        Kind::K8sUnique => "Declarative validation: the list's items are unique by their map keys (`map`) or whole (`set`).",
        Kind::GroupName => "The API group of the package's types (package doc comment).",
        Kind::VersionName => "The API version of the package's types (package doc comment), when not the directory's name.",
        Kind::Genclient => "client-gen writes a typed client for this kind; the type is an API root.",
        Kind::KubebuilderObjectRoot => "controller-gen: the type is a kind (a root object with `TypeMeta` and `ObjectMeta`).",
        Kind::OpenApiModelPackage => "openapi-gen: the package definition names are built from (`OpenAPIModelName`).",
        Kind::KbMaximum => "controller-gen: the number's upper bound (`maximum`).",
        Kind::KbMinimum => "controller-gen: the number's lower bound (`minimum`).",
        Kind::KbExclusiveMaximum => "controller-gen: the maximum itself is not allowed (`exclusiveMaximum`).",
        Kind::KbExclusiveMinimum => "controller-gen: the minimum itself is not allowed (`exclusiveMinimum`).",
        Kind::KbMultipleOf => "controller-gen: the number is a multiple of this (`multipleOf`).",
        Kind::KbMinProperties => "controller-gen: the object's least number of properties (`minProperties`).",
        Kind::KbMaxProperties => "controller-gen: the object's greatest number of properties (`maxProperties`).",
        Kind::KbMaxLength => "controller-gen: the string's greatest length (`maxLength`).",
        Kind::KbMinLength => "controller-gen: the string's least length (`minLength`).",
        Kind::KbPattern => "controller-gen: a regular expression the string matches (`pattern`).",
        Kind::KbMaxItems => "controller-gen: the list's greatest number of items (`maxItems`).",
        Kind::KbMinItems => "controller-gen: the list's least number of items (`minItems`).",
        Kind::KbUniqueItems => "controller-gen: the list's items are unique (`uniqueItems`).",
        Kind::KbFormat => "controller-gen: the string's format (`format`: `date-time`, `uri`, …).",
        Kind::KbType => "controller-gen: overrides the schema's `type`.",
        Kind::KbXPreserveUnknownFields => "controller-gen: unknown fields below are kept, not pruned (`x-kubernetes-preserve-unknown-fields`).",
        Kind::KbXEmbeddedResource => "controller-gen: the object is an embedded Kubernetes resource (`x-kubernetes-embedded-resource`).",
        Kind::KbXIntOrString => "controller-gen: an integer or a string (`x-kubernetes-int-or-string`).",
        Kind::KbXValidation => "controller-gen: a CEL rule (`rule=`, `message=`) in `x-kubernetes-validations`.",
        Kind::KbEmbeddedResource => "controller-gen: the object is an embedded Kubernetes resource.",
        Kind::KbSchemaless => "controller-gen: no schema for the field (any value).",
        Kind::KbRequired => "controller-gen: the field is required (package or field).",
        Kind::KbOptional => "controller-gen: the field is optional (package or field).",
        Kind::KbPreserveUnknownFields => "controller-gen: unknown fields below are kept, not pruned.",
        Kind::KbDefault => "controller-gen: the field's default value (`default`).",
        Kind::Nullable => "controller-gen: `null` is an allowed value (`nullable`).",
        Kind::K8sImmutable => "The field cannot change once set (a CEL transition rule `self == oldSelf`).",
        Kind::KubebuilderRbac => "controller-gen rbac: a rule of the manager's ClusterRole (or of a Role with `namespace=`): `groups`, `resources`, `verbs`, … Read outside doc comments only.",
        Kind::KubebuilderWebhook => "controller-gen webhook: a webhook of the Mutating- or ValidatingWebhookConfiguration (`path`, `mutating`, `failurePolicy`, …). Read outside doc comments only.",
        Kind::KubebuilderWebhookConfiguration => "controller-gen webhook: the name (and annotations) of the Mutating- or ValidatingWebhookConfiguration.",
        #[allow(unreachable_patterns)]
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every marker of the registry has its sentence.
    #[test]
    fn every_marker_is_described() {
        let missing: Vec<&str> = super::super::registry::KINDS
            .iter()
            .filter(|kind| meaning(**kind).is_none())
            .map(|kind| kind.name())
            .collect();
        assert!(missing.is_empty(), "markers without a meaning: {missing:?}");
    }
}
