//! Kubernetes' API rules, as openapi-gen checks them (`--report-filename`; kube-openapi's
//! `pkg/generators/rules`): `names_match`, `omitempty_match_case`, `list_type_missing`,
//! `streaming_list_type_field_order`, `streaming_list_type_json_tags`,
//! `streaming_list_type_proto_tags`, reported in openapi-gen's exact line format
//! (`API rule violation: <rule>,<package>,<type>,<field>`, sorted by those four).
//!
//! Input: the loaded packages. Output: the report's text. The rules read a struct's fields as
//! written (not inlined, unexported ones included, one member per declared name), as gengo
//! hands them to openapi-gen; the types checked are those `resolve` makes definitions of in
//! the input packages.

use std::collections::BTreeSet;

use super::fields::{embedded_type_name, is_exported, schema_marker, tag_value};
use super::universe::{GoType, Origin, Universe};
use super::LoadedPackage;
use crate::kube_openapi_versions::{self as versions, Change};
use crate::markers::registry::Kind;
use crate::syntax::{Field, TypeExpr};

/// One violation: rule, package, type, field (`""` for the whole type). Sorted as
/// openapi-gen sorts them.
pub type Violation = (&'static str, String, String, String);

/// What a member's type is, as far as the rules ask (gengo's `Kind`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum MemberKind {
    Struct,
    Pointer(Box<MemberKind>),
    /// A slice written as such (`[]T`): whether its elements are bytes.
    Slice {
        bytes: bool,
    },
    /// Anything else (named non-struct types are gengo's "Alias" kind, even over a slice).
    Other,
}

/// One member of a struct as gengo lists it.
struct Member<'a> {
    name: String,
    tag: Option<&'a str>,
    embedded: bool,
    kind: MemberKind,
    /// `package.Name` of a named type (`k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta`).
    type_name: Option<String>,
    field: &'a Field,
}

/// Every violation of the input packages' definition types, sorted.
pub fn violations(packages: &[LoadedPackage]) -> Vec<Violation> {
    collect(packages, false)
}

/// As [`violations`], also for unexported struct types: openapi-gen checks every type it
/// writes a function for (`resource.int64Amount`), and filters by its own selection.
pub fn openapi_gen_violations(packages: &[LoadedPackage]) -> Vec<Violation> {
    collect(packages, true)
}

fn collect(packages: &[LoadedPackage], unexported: bool) -> Vec<Violation> {
    let universe = Universe::build(packages);
    let mut out: BTreeSet<Violation> = BTreeSet::new();
    for path in &universe.order {
        let index = &universe.packages[path];
        if !index.package.is_input || super::closure::package_opted_out(index.package) {
            continue;
        }
        let mut types: Vec<_> = index.types.iter().collect();
        types.sort_unstable_by_key(|(name, _)| **name);
        for (name, entry) in types {
            if (!unexported && !is_exported(name))
                || !entry.decl.type_params.is_empty()
                || entry.decl.is_alias
                || super::closure::type_opted_out(&entry.decl.doc)
            {
                continue;
            }
            let Some(struct_entry) = universe.struct_of(*entry) else {
                continue;
            };
            let TypeExpr::Struct(fields) = &struct_entry.decl.ty else {
                continue;
            };
            let members = members(&universe, struct_entry.origin, fields);
            for (rule, field) in check(&members) {
                out.insert((rule, path.to_string(), name.to_string(), field));
            }
        }
    }
    out.into_iter().collect()
}

/// The report's text: one line per violation, as openapi-gen writes it.
pub fn report(violations: &[Violation]) -> String {
    violations
        .iter()
        .map(|(rule, package, type_name, field)| {
            format!("API rule violation: {rule},{package},{type_name},{field}\n")
        })
        .collect()
}

fn members<'a>(
    universe: &Universe<'a>,
    origin: Origin<'a>,
    fields: &'a [Field],
) -> Vec<Member<'a>> {
    let mut out = Vec::new();
    for field in fields {
        let resolved = universe.resolve(origin, &field.ty);
        let kind = kind(universe, &resolved, 0);
        let type_name = match &resolved {
            GoType::Named(name, _) | GoType::External(name, _) => Some(name.to_string()),
            _ => None,
        };
        let tag = field.tag.as_deref();
        if field.is_embedded() {
            out.push(Member {
                name: embedded_type_name(&field.ty).unwrap_or_default(),
                tag,
                embedded: true,
                kind,
                type_name,
                field,
            });
            continue;
        }
        for (name, _) in &field.names {
            out.push(Member {
                name: name.clone(),
                tag,
                embedded: false,
                kind: kind.clone(),
                type_name: type_name.clone(),
                field,
            });
        }
    }
    out
}

fn kind(universe: &Universe, ty: &GoType, depth: usize) -> MemberKind {
    if depth > crate::limits::TYPE_DEPTH {
        return MemberKind::Other;
    }
    match ty {
        GoType::Named(_, entry) if universe.struct_of(*entry).is_some() => MemberKind::Struct,
        // A type of a package that is not loaded: in API types, nearly always a struct
        // (`metav1.TypeMeta`, `metav1.ObjectMeta`).
        GoType::External(..) | GoType::Struct(..) => MemberKind::Struct,
        GoType::Pointer(inner) => MemberKind::Pointer(Box::new(kind(universe, inner, depth + 1))),
        GoType::Slice(inner) => MemberKind::Slice {
            bytes: matches!(**inner, GoType::Builtin("byte" | "uint8")),
        },
        _ => MemberKind::Other,
    }
}

/// The rules, over one struct's members: (rule, field) pairs.
fn check(members: &[Member]) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let has = |name: &str| members.iter().any(|m| m.name == name);
    for m in members {
        let json = m.tag.and_then(|t| tag_value(t, "json"));
        // names_match
        match json {
            None => out.push(("names_match", m.name.clone())),
            Some("-") => {}
            Some(tag) => {
                let json_name = tag.split(',').next().unwrap_or("");
                if !name_is_okay(m, json_name) {
                    out.push(("names_match", m.name.clone()));
                }
            }
        }
        // omitempty_match_case
        if let Some(tag) = json {
            let parts: Vec<&str> = tag.split(',').collect();
            if parts.len() >= 2 && parts[0] != "-" {
                for part in &parts[1..] {
                    if part.eq_ignore_ascii_case("omitempty") && *part != "omitempty" {
                        out.push(("omitempty_match_case", m.name.clone()));
                    }
                }
            }
        }
        // list_type_missing: only the legacy `+listType` counts, as openapi-gen reads it.
        let has_list_type = schema_marker(&m.field.doc, Kind::ListType).is_some();
        let is_slice = matches!(m.kind, MemberKind::Slice { .. });
        if m.name == "Items" && is_slice && has("ListMeta") {
            if has_list_type {
                out.push(("list_type_missing", m.name.clone()));
            }
        } else if matches!(m.kind, MemberKind::Slice { bytes }
            // `[]byte` counted until 2023-11-13.
            if !bytes || !versions::has(Change::ByteSliceNoListType))
            && !has_list_type
        {
            out.push(("list_type_missing", m.name.clone()));
        }
    }
    let is_list_type = members.len() == 3
        && has("TypeMeta")
        && has("ListMeta")
        && has("Items")
        && versions::has(Change::StreamingListRules);
    if is_list_type {
        for (index, expected) in ["TypeMeta", "ListMeta", "Items"].into_iter().enumerate() {
            if members[index].name != expected {
                out.push(("streaming_list_type_field_order", expected.to_string()));
            }
        }
        for m in members {
            let json = m.tag.and_then(|t| tag_value(t, "json"));
            let protobuf = m.tag.and_then(|t| tag_value(t, "protobuf")).unwrap_or("");
            let (json_ok, proto_ok) = match m.name.as_str() {
                "TypeMeta" if !versions::has(Change::StructuralInline) => {
                    (json == Some(",inline"), protobuf.is_empty())
                }
                "TypeMeta" => (
                    m.embedded && matches!(json, Some("" | ",inline")),
                    protobuf.is_empty(),
                ),
                "ListMeta" => (
                    json == Some("metadata,omitempty"),
                    protobuf.is_empty() || protobuf == "bytes,1,opt,name=metadata",
                ),
                "Items" => (
                    json == Some("items"),
                    protobuf.is_empty() || protobuf == "bytes,2,rep,name=items",
                ),
                _ => continue,
            };
            if !json_ok {
                out.push(("streaming_list_type_json_tags", m.name.clone()));
            }
            if !proto_ok {
                out.push(("streaming_list_type_proto_tags", m.name.clone()));
            }
        }
    }
    out
}

/// kube-openapi's `nameIsOkay`: an empty JSON name only for (pointers to) structs; list and
/// object metadata are named `metadata`; else the names match up to the first letter's case.
fn name_is_okay(m: &Member, json_name: &str) -> bool {
    // Before 2024-09-03: "" and "metadata" were never checked.
    if !versions::has(Change::StrictNamesMatch) && matches!(json_name, "" | "metadata") {
        return true;
    }
    if json_name.is_empty() {
        return match &m.kind {
            MemberKind::Struct => true,
            MemberKind::Pointer(inner) => **inner == MemberKind::Struct,
            _ => false,
        };
    }
    if matches!(m.kind, MemberKind::Struct) {
        if let Some(
            "k8s.io/apimachinery/pkg/apis/meta/v1.ListMeta"
            | "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta",
        ) = m.type_name.as_deref()
        {
            return json_name == "metadata";
        }
    }
    names_match(&m.name, json_name)
}

/// kube-openapi's `namesMatch`: no `_` or `-`, equal but for case, the Go name capitalised
/// and the JSON name not, and the first letter where they agree starts a word (or is the
/// second letter).
fn names_match(go_name: &str, json_name: &str) -> bool {
    let allowed = |name: &str| !name.contains('_') && !name.contains('-');
    if !allowed(go_name) || !allowed(json_name) || !go_name.eq_ignore_ascii_case(json_name) {
        return false;
    }
    let (go, json) = (go_name.as_bytes(), json_name.as_bytes());
    if go.len() != json.len() || !go[0].is_ascii_uppercase() || json[0].is_ascii_uppercase() {
        return false;
    }
    for i in 0..go.len() {
        if go[i] == json[i] {
            return go[i..] == json[i..] && (i == 1 || go[i].is_ascii_uppercase());
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// kube-openapi's table (rules/names_match.go).
    #[test]
    fn names_match_like_kube_openapi() {
        for (go, json, expected) in [
            ("PodSpec", "podSpec", true),
            ("PodSpec", "PodSpec", false),
            ("podSpec", "podSpec", false),
            ("PodSpec", "spec", false),
            ("Spec", "podSpec", false),
            ("JSONSpec", "jsonSpec", true),
            ("JSONSpec", "jsonspec", false),
            ("HTTPJSONSpec", "httpJSONSpec", true),
            ("HTTPJSONSpec", "httpjsonSpec", true),
            ("Pod_Spec", "pod_Spec", false),
            ("A", "a", true),
        ] {
            assert_eq!(names_match(go, json), expected, "{go} {json}");
        }
    }

    #[test]
    fn reports_in_openapi_gen_format() {
        let text = "package p\n\ntype T struct {\n\tFoo string `json:\"foo,omitEmpty\"`\n\tBar []string `json:\"bar\"`\n\tData []byte `json:\"data\"`\n\tBad string `json:\"bad_name\"`\n\tNone int\n\tSkip int `json:\"-\"`\n\t// +listType=atomic\n\tOk []string `json:\"ok\"`\n}\n\ntype TList struct {\n\tListMeta `json:\"metadata\"`\n\tTypeMeta `json:\",inline\"`\n\tItems []T `json:\"items\"`\n}\n\ntype TypeMeta struct{}\ntype ListMeta struct{}\n";
        let (decls, syntax) = crate::syntax::parse(crate::source::FileId(0), text);
        assert!(syntax.is_empty(), "{syntax:?}");
        let package = LoadedPackage {
            import_path: "example.com/p".into(),
            is_input: true,
            files: vec![super::super::LoadedFile {
                id: crate::source::FileId(0),
                decls,
            }],
        };
        let report = report(&violations(&[package]));
        assert_eq!(
            report,
            "API rule violation: list_type_missing,example.com/p,T,Bar\n\
             API rule violation: names_match,example.com/p,T,Bad\n\
             API rule violation: names_match,example.com/p,T,None\n\
             API rule violation: names_match,example.com/p,TList,ListMeta\n\
             API rule violation: omitempty_match_case,example.com/p,T,Foo\n\
             API rule violation: streaming_list_type_field_order,example.com/p,TList,ListMeta\n\
             API rule violation: streaming_list_type_field_order,example.com/p,TList,TypeMeta\n\
             API rule violation: streaming_list_type_json_tags,example.com/p,TList,ListMeta\n"
        );
    }
}
