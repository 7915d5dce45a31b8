//! Field-level semantics shared by definitions and unions: JSON tags, optionality, and
//! flattening of inlined embedded structs.

use super::universe::{GoType, Origin, TypeEntry, Universe};
use crate::diag::{Code, Diagnostic};
use crate::markers::registry::Kind;
use crate::model::TypeName;
use crate::resolve::hash::HashSet;
use crate::source::Span;
use crate::syntax::{Doc, Field, SpannedMarker, TypeExpr};

/// A parsed `json:"…"` struct tag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JsonTag {
    /// `None` when the tag has no name part (`json:",inline"` or no tag).
    pub name: Option<String>,
    pub omitempty: bool,
    pub inline: bool,
    pub string: bool,
    /// `json:"-"`.
    pub skip: bool,
}

/// The value of `key` in a Go struct tag (`key:"value" other:"x"`).
pub fn tag_value<'t>(tag: &'t str, key: &str) -> Option<&'t str> {
    let mut rest = tag;
    loop {
        rest = rest.trim_start();
        let colon = rest.find(':')?;
        let name = &rest[..colon];
        let after = &rest[colon + 1..];
        let after = after.strip_prefix('"')?;
        let mut end = None;
        let mut escaped = false;
        for (i, c) in after.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let end = end?;
        if name == key {
            return Some(&after[..end]);
        }
        rest = &after[end + 1..];
    }
}

pub fn json_tag(tag: Option<&str>) -> JsonTag {
    let Some(raw) = tag.and_then(|t| tag_value(t, "json")) else {
        return JsonTag::default();
    };
    if raw == "-" {
        return JsonTag {
            skip: true,
            ..JsonTag::default()
        };
    }
    let mut parts = raw.split(',');
    let name = parts.next().filter(|n| !n.is_empty()).map(str::to_string);
    let mut tag = JsonTag {
        name,
        ..JsonTag::default()
    };
    for option in parts {
        match option {
            "omitempty" => tag.omitempty = true,
            "inline" => tag.inline = true,
            "string" => tag.string = true,
            _ => {}
        }
    }
    tag
}

/// Markers that make a field optional, and required (openapi-gen's and validation-gen's).
pub const OPTIONAL_MARKERS: &[Kind] = &[Kind::Optional, Kind::K8sOptional];
pub const REQUIRED_MARKERS: &[Kind] = &[Kind::Required, Kind::K8sRequired];

fn first_marker<'d>(doc: &'d Doc, kinds: &[Kind], gated: bool) -> Option<&'d SpannedMarker> {
    doc.markers.iter().find(|m| {
        (gated || !m.marker.is_gated()) && kinds.iter().any(|kind| kind.name() == m.marker.name)
    })
}

/// The markers that shape the emitted schema: all but the gated ones (`+k8s:alpha(…)=…`,
/// `+k8s:ifEnabled(G)=…`), which openapi-gen ignores and which an API server does not
/// serve as part of the stable schema (SPEC §3).
pub fn schema_markers(doc: &Doc) -> impl Iterator<Item = &SpannedMarker> {
    doc.markers.iter().filter(|m| !m.marker.is_gated())
}

/// The first ungated marker of `kind` (see [`schema_markers`]).
pub fn schema_marker(doc: &Doc, kind: Kind) -> Option<&SpannedMarker> {
    schema_markers(doc).find(|m| m.marker.name == kind.name())
}

/// Optionality as kube-openapi decides it: an explicit ungated marker wins, else
/// `omitempty` (what `required` lists). Both markers at once is
/// `field/optional-and-required`.
pub fn is_optional(field: &Field, tag: &JsonTag, diagnostics: &mut Vec<Diagnostic>) -> bool {
    optionality(field, tag, false, diagnostics)
}

/// Optionality with gated markers counted too: what the union rules check, since a union
/// behind a gate is checked as written (its members' gated `+k8s:optional` included), though
/// no output enforces it.
pub fn is_optional_when_enabled(field: &Field, tag: &JsonTag) -> bool {
    optionality(field, tag, true, &mut Vec::new())
}

fn optionality(
    field: &Field,
    tag: &JsonTag,
    gated: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let optional = first_marker(&field.doc, OPTIONAL_MARKERS, gated);
    let required = first_marker(&field.doc, REQUIRED_MARKERS, gated);
    match (optional, required) {
        (Some(optional), Some(required)) => {
            diagnostics.push(
                Diagnostic::new(
                    Code::FieldOptionalAndRequired,
                    required.span.clone(),
                    format!(
                        "field `{}` is marked both optional and required",
                        field_name(field)
                    ),
                )
                .with_label(optional.span.clone(), "marked optional here")
                .with_help("keep only the marker you mean"),
            );
            true
        }
        (Some(_), None) => true,
        (None, Some(_)) => false,
        (None, None) => tag.omitempty,
    }
}

pub fn field_name(field: &Field) -> String {
    match field.names.first() {
        Some((name, _)) => name.clone(),
        None => embedded_type_name(&field.ty).unwrap_or_default(),
    }
}

/// The name an embedded field gets: its type's name.
pub fn embedded_type_name(ty: &TypeExpr) -> Option<String> {
    match ty {
        TypeExpr::Named { name, .. } => Some(name.clone()),
        TypeExpr::Pointer(inner) => embedded_type_name(inner),
        _ => None,
    }
}

pub fn is_exported(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_uppercase())
}

/// One field of a struct after inlining: the Go field (one of its names) plus where it was
/// written. Both definitions (properties) and unions (members, discriminators) read these.
#[derive(Debug, Clone)]
pub struct FlatField<'a> {
    pub field: &'a Field,
    /// Go name (the embedded type's name for an embedded field with a JSON name).
    pub go_name: String,
    pub json_name: String,
    pub tag: JsonTag,
    pub origin: Origin<'a>,
    /// The struct that declares the field: an index into [`Flattened::structs`] (0 is the
    /// flattened struct itself).
    pub owner: usize,
    /// This name's span (the embedded type's, for an embedded field).
    pub span: Span,
    /// Serialised by encoding/json: exported and not `json:"-"`. Only these are properties;
    /// the others are kept for the union rules (a `json:"-"` member is `union/json-ignored`).
    pub serialized: bool,
}

/// A struct whose fields are part of a flattened struct: the struct itself, or an inlined
/// embedded struct.
#[derive(Debug, Clone)]
pub struct InlinedStruct<'a> {
    pub name: TypeName,
    pub entry: TypeEntry<'a>,
    /// Its inlined embedded fields (`Base` or `Base \`json:",inline"\``), resolved or not.
    pub embeds: Vec<&'a Field>,
}

/// The walk over inlined structs, in Go's order: a struct is entered, its fields and inlined
/// structs follow in declaration order, then it is left. Unions are collected in this order
/// (kube-openapi's: a struct's `+union`, those of its inlined structs, its member unions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Enter(usize),
    Leave(usize),
}

/// A struct's fields after inlining: the one walk over embedded structs, bounded by
/// [`crate::limits::EMBEDDING_DEPTH`], that definitions and unions share.
#[derive(Debug, Default)]
pub struct Flattened<'a> {
    /// Every field in Go's order (inlined fields in place of their embedded field).
    pub fields: Vec<FlatField<'a>>,
    /// The structs walked, in the order they were entered; index 0 is the flattened struct.
    pub structs: Vec<InlinedStruct<'a>>,
    pub steps: Vec<Step>,
    /// Structs being inlined (depth guard), as indices into `structs`.
    stack: Vec<usize>,
    /// Structs inlined so far: each is inlined once (cycle guard; diamonds of embedded
    /// structs would otherwise make flattening exponential, and their second copies of the
    /// fields lose to the first anyway).
    visited: HashSet<TypeName>,
    /// The embedded field where inlining stopped at [`crate::limits::EMBEDDING_DEPTH`], if it did.
    pub too_deep: Option<&'a Field>,
    /// Inlined embedded fields whose type was not found (its package not loaded): their
    /// fields are missing, which `resolve` reports. With the origin to resolve them in.
    pub unresolved_inlines: Vec<(&'a Field, Origin<'a>)>,
}

impl<'a> Flattened<'a> {
    /// The fields a struct declares itself (not those of its inlined structs), in order.
    pub fn own_fields(&self, owner: usize) -> Vec<&FlatField<'a>> {
        self.fields.iter().filter(|f| f.owner == owner).collect()
    }
}

/// kube-openapi before 2026-04-14 inlined an embedded field only when its json tag's second
/// part is `inline`; another embedded field with an empty JSON name (`json:",omitempty"`)
/// had no name and was left out.
fn dropped_before_structural_inline(field: &Field, tag: &JsonTag) -> bool {
    use crate::kube_openapi_versions::{has, Change};
    if !field.is_embedded() || tag.name.is_some() || tag.skip || has(Change::StructuralInline) {
        return false;
    }
    match field.tag.as_deref().and_then(|t| tag_value(t, "json")) {
        Some(raw) if !raw.is_empty() => raw.split(',').nth(1) != Some("inline"),
        _ => false,
    }
}

/// Is this embedded field inlined? Go's encoding/json inlines an embedded struct whose tag
/// has no name (`json:",inline"` or no tag at all). openapi-gen (every version) inlines none
/// without a `json` key: its drop-in makes such a field a property named after the field
/// (argo-workflows' `ArtifactSearchResult.Artifact`, which has a protobuf tag only).
pub fn is_inlined(field: &Field, tag: &JsonTag) -> bool {
    let untagged = field
        .tag
        .as_deref()
        .and_then(|t| tag_value(t, "json"))
        .is_none();
    field.is_embedded()
        && tag.name.is_none()
        && !tag.skip
        && !(untagged && crate::kube_openapi_versions::in_openapi_gen_run())
}

/// Flattens a struct's fields, merging inlined embedded structs in place (depth-first),
/// guarding against embedding cycles. `entry` must be a struct type.
pub fn flatten<'a>(
    universe: &Universe<'a>,
    name: &TypeName,
    entry: TypeEntry<'a>,
) -> Flattened<'a> {
    let mut flattened = Flattened {
        visited: HashSet::from_iter([name.clone()]),
        ..Flattened::default()
    };
    if let TypeExpr::Struct(fields) = &entry.decl.ty {
        flatten_into(universe, name.clone(), entry, fields, &mut flattened);
    }
    flattened
}

fn flatten_into<'a>(
    universe: &Universe<'a>,
    name: TypeName,
    entry: TypeEntry<'a>,
    fields: &'a [Field],
    flattened: &mut Flattened<'a>,
) {
    let owner = flattened.structs.len();
    let origin = entry.origin;
    flattened.structs.push(InlinedStruct {
        name,
        entry,
        embeds: Vec::new(),
    });
    flattened.stack.push(owner);
    flattened.steps.push(Step::Enter(owner));
    for field in fields {
        let tag = json_tag(field.tag.as_deref());
        if dropped_before_structural_inline(field, &tag) {
            continue;
        }
        // An embedded struct without a JSON name is inlined; an embedded non-struct type
        // (`Int64`) is a field named after the type, as encoding/json (and openapi-gen) treat it.
        let embedded = is_inlined(field, &tag)
            .then(|| universe.underlying_named(origin, &field.ty))
            .map(|named| named.map(|(name, entry)| (name, universe.struct_of(entry))));
        match embedded {
            Some(Some((_, None))) => {} // a non-struct type: a field, below
            Some(resolved) => {
                flattened.structs[owner].embeds.push(field);
                let Some((name, Some(entry))) = resolved else {
                    if resolved.is_none() {
                        flattened.unresolved_inlines.push((field, origin));
                    }
                    continue;
                };
                if flattened.visited.contains(&name) {
                    continue;
                }
                if flattened.stack.len() > crate::limits::EMBEDDING_DEPTH {
                    flattened.too_deep.get_or_insert(field);
                    continue;
                }
                if let TypeExpr::Struct(inner) = &entry.decl.ty {
                    flattened.visited.insert(name.clone());
                    flatten_into(universe, name, entry, inner, flattened);
                }
                continue;
            }
            None => {}
        }
        flattened
            .fields
            .extend(flat_fields(field, &tag, origin, owner));
    }
    flattened.steps.push(Step::Leave(owner));
    flattened.stack.pop();
}

/// The JSON fields one declared field makes, not inlined: one per name, or, for an embedded
/// field with a JSON name or of a non-struct type, one named after its type.
pub fn flat_fields<'a>(
    field: &'a Field,
    tag: &JsonTag,
    origin: Origin<'a>,
    owner: usize,
) -> Vec<FlatField<'a>> {
    let names: Vec<(String, Span)> = if field.is_embedded() {
        embedded_type_name(&field.ty)
            .map(|n| vec![(n, field.span.clone())])
            .unwrap_or_default()
    } else {
        field.names.clone()
    };
    names
        .into_iter()
        .map(|(go_name, span)| FlatField {
            field,
            json_name: tag.name.clone().unwrap_or_else(|| go_name.clone()),
            serialized: is_exported(&go_name) && !tag.skip,
            go_name,
            tag: tag.clone(),
            origin,
            owner,
            span,
        })
        .collect()
}

impl<'a> Universe<'a> {
    /// For an embedded field's type: the named struct it refers to (through one pointer).
    pub fn underlying_named(
        &self,
        origin: Origin<'a>,
        ty: &'a TypeExpr,
    ) -> Option<(TypeName, TypeEntry<'a>)> {
        let mut resolved = self.resolve(origin, ty);
        if let GoType::Pointer(inner) = resolved {
            resolved = *inner;
        }
        match resolved {
            GoType::Named(name, entry) => Some((name, entry)),
            _ => None,
        }
    }
}

/// Span of a field's first name (or its type for an embedded field).
pub fn field_span(field: &Field) -> Span {
    match field.names.first() {
        Some((_, span)) => span.clone(),
        None => field.span.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_struct_tags() {
        let tag = r#"json:"name,omitempty" protobuf:"bytes,1,opt,name=name" patchStrategy:"merge""#;
        assert_eq!(tag_value(tag, "json"), Some("name,omitempty"));
        assert_eq!(tag_value(tag, "patchStrategy"), Some("merge"));
        assert_eq!(tag_value(tag, "missing"), None);
        assert_eq!(tag_value(r#"a:"x\"y" b:"z""#, "b"), Some("z"));
    }

    #[test]
    fn parses_json_tags() {
        let tag = json_tag(Some(r#"json:",inline""#));
        assert!(tag.inline && tag.name.is_none());
        let tag = json_tag(Some(r#"json:"port,string,omitempty""#));
        assert_eq!(tag.name.as_deref(), Some("port"));
        assert!(tag.string && tag.omitempty);
        assert!(json_tag(Some(r#"json:"-""#)).skip);
        assert_eq!(json_tag(Some(r#"json:"-,""#)).name.as_deref(), Some("-"));
        assert!(!json_tag(Some(r#"json:"a,omitEmpty""#)).omitempty);
    }

    /// Inlining chains deeper than crate::limits::EMBEDDING_DEPTH overflowed the stack; now they stop with a
    /// diagnostic. Diamonds of embedded structs (each level embedding the next two) took
    /// exponential time; each struct is now inlined once.
    #[test]
    fn deep_and_diamond_inlining_is_bounded() {
        use crate::resolve::tests::{codes, resolve_text};
        let mut chain = String::from("package p\n\n");
        for i in 0..2000 {
            chain.push_str(&format!("type T{i} struct {{\n\tT{}\n}}\n", i + 1));
        }
        chain.push_str("type T2000 struct {\n\tA string `json:\"a\"`\n}\n");
        let (_, diagnostics) = resolve_text(&chain);
        assert!(codes(&diagnostics).contains(&Code::ResolveTooDeep));

        let mut diamond = String::from("package p\n\n");
        for i in 0..40 {
            diamond.push_str(&format!(
                "type B{i} struct {{\n\tB{n}\n\tC{n}\n}}\ntype C{i} struct {{\n\tB{n}\n\tC{n}\n}}\n",
                n = i + 1
            ));
        }
        diamond.push_str("type B40 struct {\n\tX string `json:\"x\"`\n}\ntype C40 struct {\n\tY string `json:\"y\"`\n}\n");
        let (model, diagnostics) = resolve_text(&diamond);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(model.definitions.len(), 82);
    }
}
