//! validation-gen's list-item unions: `+k8s:item(key: "v")=+k8s:unionMember` and
//! `=+k8s:zeroOrOneOfMember` on a list of structs (or on its list typedef). The members are
//! the list's items picked by their list-map key values; a member is set when some item
//! matches (validation-gen's extractor). Grouped per list by `union:` name; exactly one for
//! `unionMember`, at most one for `zeroOrOneOfMember`. validation-gen's generation-time
//! rejections (item.go, union.go) are `union/item-selector` errors.

use super::context::Context;
use super::declarative::check_args;
use super::family::{Found, UnionFamily};
use super::findings;
use super::rules::gated;
use crate::diag::{Code, Diagnostic, Severity};
use crate::markers::registry::{Kind, MarkerDef};
use crate::markers::{parse_marker, Marker};
use crate::model::{
    Count, DiscriminatorValues, ItemList, Listed, MemberSet, Union, UnionMeaning, UnionMember,
};
use crate::resolve::fields::json_tag;
use crate::resolve::universe::{GoType, Universe};
use crate::syntax::{Doc, Field, SpannedMarker};

/// Like the declarative family's; never in `x-kubernetes-unions`, which names fields, not
/// items.
const MEANING: UnionMeaning = UnionMeaning {
    set: MemberSet::NonZero,
    discriminator: DiscriminatorValues::Select,
    listed: Listed::Never,
};

/// `+k8s:item(…)=` union markers on lists (or their list typedefs).
pub(super) struct ListItems;

impl UnionFamily for ListItems {
    fn markers(&self) -> Vec<&'static MarkerDef> {
        [
            Kind::K8sItem,
            Kind::K8sUnionMember,
            Kind::K8sZeroOrOneOfMember,
            Kind::K8sUnique,
        ]
        .map(Kind::def)
        .to_vec()
    }

    fn meaning(&self) -> UnionMeaning {
        MEANING
    }

    fn unions(&self, cx: &mut Context, _: &Found) -> Vec<Union> {
        unions(cx)
    }
}

/// A selector: item fields' JSON names and the strings they must equal, sorted by name.
type Selector = Vec<(String, String)>;

/// A union's key (`zeroOrOneOfMember`, `union:` name) and its members with their selectors.
type Group<'a> = ((bool, String), Vec<(ItemMember<'a>, Selector)>);

/// Whether any loaded type declaration carries `+k8s:item(…)=` (a list typedef's members):
/// when none does, a field without the marker is not resolved to look.
pub(super) fn any_typedef_markers(universe: &Universe) -> bool {
    universe.packages.values().any(|package| {
        package.types.values().any(|entry| {
            let markers = &entry.decl.doc.markers;
            markers
                .iter()
                .any(|m| m.marker.name == Kind::K8sItem.name())
        })
    })
}

/// One `+k8s:item(…)=` member marker.
struct ItemMember<'a> {
    marker: &'a SpannedMarker,
    payload: Marker,
    zero_or_one: bool,
}

/// The list-item unions of the struct's own fields, in field order.
fn unions(cx: &mut Context) -> Vec<Union> {
    let mut out = Vec::new();
    for index in 0..cx.fields.len() {
        let flat = cx.fields[index];
        let field: &Field = flat.field;
        let own = field
            .doc
            .markers
            .iter()
            .any(|m| m.marker.name == Kind::K8sItem.name());
        if !own && !cx.item_typedefs {
            continue; // no list typedef carries the markers either: nothing to resolve
        }
        let resolved = cx.universe.resolve(cx.entry.origin, &field.ty);
        // The markers on the field, then those on its list typedef (`type TaskList []Task`).
        let mut docs: Vec<&Doc> = vec![&field.doc];
        if let GoType::Named(_, entry) = &resolved {
            docs.push(&entry.decl.doc);
        }
        let members = item_members(&docs, cx.diagnostics);
        if members.is_empty() {
            continue;
        }
        let Some(keys) = list_keys(cx, &docs, &resolved, &members, &flat.go_name) else {
            continue;
        };
        out.extend(groups(cx, &flat.json_name, &keys, members));
    }
    out
}

/// The `+k8s:item(…)=` union markers of `docs`; a discriminator there is reported (the item
/// is a struct, and validation-gen's discriminator must be a string).
fn item_members<'a>(docs: &[&'a Doc], diagnostics: &mut Vec<Diagnostic>) -> Vec<ItemMember<'a>> {
    let mut out = Vec::new();
    for m in docs.iter().flat_map(|d| d.markers.iter()) {
        if m.marker.name != Kind::K8sItem.name() {
            continue;
        }
        let Some(Ok(payload)) = m.marker.value.as_deref().and_then(parse_marker) else {
            continue; // not a marker payload: `marker/malformed` elsewhere or not ours
        };
        match Kind::from_name(&payload.name) {
            Some(Kind::K8sUnionMember) => out.push(ItemMember {
                marker: m,
                payload,
                zero_or_one: false,
            }),
            Some(Kind::K8sZeroOrOneOfMember) => out.push(ItemMember {
                marker: m,
                payload,
                zero_or_one: true,
            }),
            Some(Kind::K8sUnionDiscriminator) => diagnostics.push(error(
                m,
                "`+k8s:item(…)=+k8s:unionDiscriminator` makes a list item (a struct) a \
                 discriminator: validation-gen fails (\"can only be used on string types\")"
                    .into(),
                "put `+k8s:unionDiscriminator` on a string field of a struct",
            )),
            _ => {}
        }
    }
    out
}

fn error(marker: &SpannedMarker, message: String, help: &str) -> Diagnostic {
    let mut d = Diagnostic::new(Code::UnionItemSelector, marker.span.clone(), message)
        .with_help(help.to_string());
    d.severity = Severity::Error;
    d
}

/// The list or its items are of a type whose package is not loaded: the union cannot be read,
/// which is said (`union/item-member`, a warning) rather than dropped without a word.
fn not_loaded<T>(cx: &mut Context, marker: &SpannedMarker, go_name: &str) -> Option<T> {
    cx.report(findings::NotLoaded {
        marker: marker.span.clone(),
        field: go_name.to_string(),
        subfield: false,
    });
    None
}

/// The list-map keys of the list (JSON names of string fields of its item struct), or `None`
/// after reporting why validation-gen rejects the list.
fn list_keys(
    cx: &mut Context,
    docs: &[&Doc],
    resolved: &GoType,
    members: &[ItemMember],
    go_name: &str,
) -> Option<Vec<String>> {
    let first = members[0].marker;
    let elem = match cx.universe.underlying(resolved.clone()) {
        GoType::Slice(elem) => *elem,
        GoType::External(..) | GoType::Unknown(..) => return not_loaded(cx, first, go_name),
        _ => {
            cx.diagnostics.push(error(
                first,
                format!("`{go_name}` is not a list, so it has no items to make union members: validation-gen fails (\"can only be used on list types\")"),
                "put `+k8s:item(…)=` union members on a list of structs",
            ));
            return None;
        }
    };
    let elem = match elem {
        GoType::Pointer(inner) => *inner,
        other => other,
    };
    let item_fields: &[Field] = match cx.universe.underlying(elem.clone()) {
        GoType::Struct(fields, _) => fields,
        GoType::External(..) | GoType::Unknown(..) => return not_loaded(cx, first, go_name),
        _ => {
            cx.diagnostics.push(error(
                first,
                format!("the items of `{go_name}` are not structs: validation-gen fails (\"can only be used on lists of structs\")"),
                "list-item union members select struct items by their key fields",
            ));
            return None;
        }
    };
    let origin = match &elem {
        GoType::Named(_, entry) => cx.universe.struct_of(*entry).map(|e| e.origin),
        GoType::Struct(_, origin) => Some(*origin),
        _ => None,
    }?;
    let (is_map, keys) = map_keys(docs);
    if !is_map || keys.is_empty() {
        cx.diagnostics.push(error(
            first,
            format!("`{go_name}` has no list-map keys to select items by: validation-gen fails (\"item tags require listType=map or unique=map with listMapKey\")"),
            "add `+k8s:listType=map` and a `+k8s:listMapKey=<field>` per key field",
        ));
        return None;
    }
    // The key fields must be strings: validation-gen compares them with the quoted values.
    for key in &keys {
        let field = item_fields.iter().find(|f| {
            let tag = json_tag(f.tag.as_deref());
            let name = tag.name.or_else(|| f.names.first().map(|(n, _)| n.clone()));
            name.as_deref() == Some(key.as_str())
        });
        let Some(field) = field else {
            cx.diagnostics.push(error(
                first,
                format!("the items of `{go_name}` have no field with JSON name `{key}` (a `listMapKey`): validation-gen fails (\"no field with JSON name\")"),
                "name an item field's JSON name in `+k8s:listMapKey=`",
            ));
            return None;
        };
        let mut ty = cx.universe.resolve(origin, &field.ty);
        if let GoType::Pointer(inner) = ty {
            ty = *inner;
        }
        let string = match cx.universe.underlying(ty) {
            GoType::Builtin(name) => name == "string",
            GoType::External(..) | GoType::Unknown(..) => true,
            _ => false,
        };
        if !string {
            cx.diagnostics.push(error(
                first,
                format!("the key `{key}` of `{go_name}`'s items is not a string: validation-gen compares it with a string and fails (\"type mismatch\")"),
                "list-item union members select items by string keys",
            ));
            return None;
        }
    }
    Some(keys)
}

/// Whether the list is a map (`listType=map`, `k8s:unique=map`), and its `listMapKey`s, each
/// once, from its ungated markers.
fn map_keys(docs: &[&Doc]) -> (bool, Vec<String>) {
    let markers = || {
        docs.iter()
            .flat_map(|d| d.markers.iter())
            .filter(|m| !m.marker.is_gated())
    };
    let is_map = markers().any(|m| {
        let v = m.marker.value.as_deref();
        let kind = Kind::from_name(&m.marker.name);
        matches!(
            kind,
            Some(Kind::ListType | Kind::K8sListType | Kind::K8sUnique)
        ) && v == Some("map")
    });
    let mut keys: Vec<String> = Vec::new();
    for m in markers().filter(|m| {
        matches!(
            Kind::from_name(&m.marker.name),
            Some(Kind::ListMapKey | Kind::K8sListMapKey)
        )
    }) {
        if let Some(v) = &m.marker.value {
            if !keys.contains(v) {
                keys.push(v.clone());
            }
        }
    }
    (is_map, keys)
}

/// The selector of one member marker (sorted by key), or why validation-gen rejects it.
fn selector(marker: &Marker, keys: &[String]) -> Result<Selector, String> {
    if marker.args.is_empty() {
        return Err("`+k8s:item` selects no item: validation-gen fails (\"no selection criteria was specified\")".into());
    }
    let mut out = Vec::new();
    for arg in &marker.args {
        let Some(name) = &arg.name else {
            return Err(format!("`+k8s:item` has a positional argument `{}`: validation-gen fails (\"all arguments must be named\")", arg.value));
        };
        if !keys.contains(name) {
            return Err(format!("`+k8s:item` selects by `{name}`, which is not a list-map key ({}): validation-gen fails", keys.join(", ")));
        }
        out.push((name.clone(), arg.value.clone()));
    }
    if out.len() != keys.len() {
        let missing: Vec<&str> = keys
            .iter()
            .filter(|k| !out.iter().any(|(n, _)| n == *k))
            .map(String::as_str)
            .collect();
        return Err(format!("`+k8s:item` gives {} of the {} list-map keys (missing {}): validation-gen fails (\"missing required listMapKey fields\")", out.len(), keys.len(), missing.join(", ")));
    }
    out.sort();
    Ok(out)
}

/// The unions of one list, grouped by (kind, `union:` name) in order of first appearance.
fn groups(cx: &mut Context, list: &str, keys: &[String], members: Vec<ItemMember>) -> Vec<Union> {
    let mut groups: Vec<Group> = Vec::new();
    for member in members {
        check_payload_args(member.marker, &member.payload, cx.diagnostics);
        let selector = match selector(&member.marker.marker, keys) {
            Ok(s) => s,
            Err(message) => {
                cx.diagnostics.push(error(
                    member.marker,
                    message,
                    "give every `+k8s:listMapKey` field by name: `+k8s:item(key: \"value\")=`",
                ));
                continue;
            }
        };
        let name = member.payload.arg("union").unwrap_or("").to_string();
        let key = (member.zero_or_one, name);
        let group = match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group,
            None => {
                groups.push((key, Vec::new()));
                &mut groups.last_mut().expect("just pushed").1
            }
        };
        if group.iter().any(|(_, s)| *s == selector) {
            cx.diagnostics.push(error(
                member.marker,
                format!("the item {} is already a member of this union: validation-gen fails (\"list-item union member already exists\")", member_name(list, &selector)),
                "remove the repeated marker",
            ));
            continue;
        }
        group.push((member, selector));
    }
    groups
        .into_iter()
        .filter(|(_, g)| !g.is_empty())
        .map(|((zero_or_one, _), group)| Union {
            meaning: MEANING,
            gated: gated(group.iter().map(|(m, _)| m.marker))
                || group.iter().any(|(m, _)| !m.payload.gates.is_empty()),
            discriminator: None,
            members: group
                .iter()
                .map(|(m, s)| UnionMember {
                    json_name: member_name(list, s),
                    value: m.payload.arg("memberName").unwrap_or("").to_string(),
                    optional: false,
                    gated: false,
                })
                .collect(),
            empty_values: Vec::new(),
            count: if zero_or_one {
                Count::AtMostOne
            } else {
                Count::ExactlyOne
            },
            named_members: Vec::new(),
            items: Some(ItemList {
                list: list.to_string(),
                selectors: group.into_iter().map(|(_, s)| s).collect(),
            }),
            subfield: None,
        })
        .collect()
}

/// validation-gen's member name: `tasks[{"name": "succeeded"}]`.
fn member_name(list: &str, selector: &[(String, String)]) -> String {
    let pairs: Vec<String> = selector
        .iter()
        .map(|(k, v)| format!("{k:?}: {v:?}"))
        .collect();
    format!("{list}[{{{}}}]", pairs.join(", "))
}

/// The payload's own arguments (`union:`, `memberName:`), as for a field member.
fn check_payload_args(marker: &SpannedMarker, payload: &Marker, diagnostics: &mut Vec<Diagnostic>) {
    let mut probe = marker.clone();
    probe.marker = payload.clone();
    let before = diagnostics.len();
    check_args(&probe, &["union", "memberName"], diagnostics);
    for d in &mut diagnostics[before..] {
        d.primary = Some(marker.span.clone());
    }
}
