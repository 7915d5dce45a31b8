//! Unions of a struct, in kube-openapi's order: the struct's own `+union`, then the unions
//! of each inlined embedded struct (recursively, in field order), then the union of its
//! `+unionDeprecated` members (the 2019 KEP dialect).

use super::fields::{is_inlined, json_tag};
use super::universe::{TypeEntry, Universe};
use crate::model::{Union, UnionMember};
use crate::syntax::TypeExpr;

const MAX_EMBED_DEPTH: usize = 32;

pub fn struct_unions(universe: &Universe, entry: TypeEntry) -> Vec<Union> {
    let mut unions = Vec::new();
    collect(universe, entry, &mut unions, 0);
    unions
}

fn collect(universe: &Universe, entry: TypeEntry, unions: &mut Vec<Union>, depth: usize) {
    if depth > MAX_EMBED_DEPTH {
        return;
    }
    let TypeExpr::Struct(fields) = &entry.decl.ty else {
        return;
    };
    if entry.decl.doc.has_marker("union") {
        let mut union = Union {
            discriminator: None,
            members: Vec::new(),
            empty_values: Vec::new(),
        };
        for field in fields {
            let tag = json_tag(field.tag.as_deref());
            if tag.skip || is_inlined(field, &tag) || field.doc.has_marker("unionDeprecated") {
                continue;
            }
            for (go_name, _) in &field.names {
                let json_name = tag.name.clone().unwrap_or_else(|| go_name.clone());
                if field.doc.has_marker("unionDiscriminator") {
                    union.discriminator.get_or_insert(json_name);
                } else {
                    union.members.push(UnionMember {
                        json_name,
                        value: go_name.clone(),
                        optional: true,
                    });
                }
            }
        }
        unions.push(union);
    }
    for field in fields {
        let tag = json_tag(field.tag.as_deref());
        if !is_inlined(field, &tag) {
            continue;
        }
        if let Some((_, embedded)) = universe.underlying_named(entry.origin, &field.ty) {
            collect(universe, embedded, unions, depth + 1);
        }
    }
    let mut member_union = Union {
        discriminator: None,
        members: Vec::new(),
        empty_values: Vec::new(),
    };
    for field in fields {
        let tag = json_tag(field.tag.as_deref());
        if tag.skip || is_inlined(field, &tag) {
            continue;
        }
        for (go_name, _) in &field.names {
            let json_name = tag.name.clone().unwrap_or_else(|| go_name.clone());
            if field.doc.has_marker("unionDeprecated") {
                member_union.members.push(UnionMember {
                    json_name,
                    value: go_name.clone(),
                    optional: true,
                });
            } else if field.doc.has_marker("unionDiscriminator")
                && !entry.decl.doc.has_marker("union")
            {
                member_union.discriminator.get_or_insert(json_name);
            }
        }
    }
    if !member_union.members.is_empty() {
        unions.push(member_union);
    }
}
