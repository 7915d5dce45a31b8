//! What sits at a byte offset of a file's declarations: a marker, a type's name, a field (of
//! a struct type, or of an anonymous struct inside one), or a doc comment's line.

use crate::markers::registry::Place;
use crate::syntax::{Doc, DocLine, Field, FileDecls, SpannedMarker, TypeDecl, TypeExpr};

/// The declaration a position is in.
pub enum Target<'d> {
    /// A marker (from its `+` to its end), where it is written.
    Marker {
        marker: &'d SpannedMarker,
        place: Place,
        owner: Owner<'d>,
    },
    /// The name of a type declaration.
    Type(&'d TypeDecl),
    /// A field (its names, type or tag), with the path of fields from the type down to it
    /// (anonymous structs inside the type).
    Field(&'d TypeDecl, Vec<&'d Field>),
}

/// What a doc comment belongs to.
#[derive(Clone)]
pub enum Owner<'d> {
    Package,
    Type(&'d TypeDecl),
    Field(&'d TypeDecl, Vec<&'d Field>),
    Const,
}

/// The declaration at `offset`, if any.
pub fn at(decls: &FileDecls, offset: usize) -> Option<Target<'_>> {
    let inside = |start: u32, end: u32| (start as usize) <= offset && offset <= end as usize;
    if let Some(marker) = marker_in(&decls.package_doc, offset) {
        return Some(Target::Marker {
            marker,
            place: Place::Package,
            owner: Owner::Package,
        });
    }
    for marker in &decls.trailing_markers {
        if inside(marker.span.start, marker.span.end) {
            return Some(Target::Marker {
                marker,
                place: Place::Field,
                owner: Owner::Package,
            });
        }
    }
    for spec in &decls.consts {
        if let Some(marker) = marker_in(&spec.doc, offset) {
            return Some(Target::Marker {
                marker,
                place: Place::Const,
                owner: Owner::Const,
            });
        }
    }
    for decl in &decls.types {
        if !inside(decl.extent.start, decl.extent.end) && !inside_doc(&decl.detached_doc, offset) {
            continue;
        }
        for doc in [&decl.doc, &decl.detached_doc] {
            if let Some(marker) = marker_in(doc, offset) {
                return Some(Target::Marker {
                    marker,
                    place: Place::Type,
                    owner: Owner::Type(decl),
                });
            }
        }
        if inside(decl.name_span.start, decl.name_span.end) {
            return Some(Target::Type(decl));
        }
        if let TypeExpr::Struct(fields) = &decl.ty {
            if let Some(found) = in_fields(decl, fields, Vec::new(), offset) {
                return Some(found);
            }
        }
    }
    None
}

/// The owner of the doc comment line at `offset` (for completion on a line being typed).
pub fn doc_owner(decls: &FileDecls, offset: usize) -> Option<Owner<'_>> {
    if inside_doc(&decls.package_doc, offset) {
        return Some(Owner::Package);
    }
    if decls
        .consts
        .iter()
        .any(|spec| inside_doc(&spec.doc, offset))
    {
        return Some(Owner::Const);
    }
    for decl in &decls.types {
        if inside_doc(&decl.doc, offset) || inside_doc(&decl.detached_doc, offset) {
            return Some(Owner::Type(decl));
        }
        if let TypeExpr::Struct(fields) = &decl.ty {
            if let Some(path) = field_with_doc(fields, Vec::new(), offset) {
                return Some(Owner::Field(decl, path));
            }
        }
    }
    None
}

fn field_with_doc<'d>(
    fields: &'d [Field],
    path: Vec<&'d Field>,
    offset: usize,
) -> Option<Vec<&'d Field>> {
    for field in fields {
        let mut here = path.clone();
        here.push(field);
        if inside_doc(&field.doc, offset) {
            return Some(here);
        }
        if let TypeExpr::Struct(inner) = strip_pointers(&field.ty) {
            if let Some(found) = field_with_doc(inner, here, offset) {
                return Some(found);
            }
        }
    }
    None
}

fn in_fields<'d>(
    decl: &'d TypeDecl,
    fields: &'d [Field],
    path: Vec<&'d Field>,
    offset: usize,
) -> Option<Target<'d>> {
    for field in fields {
        let mut here = path.clone();
        here.push(field);
        if let Some(marker) = marker_in(&field.doc, offset) {
            return Some(Target::Marker {
                marker,
                place: Place::Field,
                owner: Owner::Field(decl, here),
            });
        }
        if (field.span.start as usize) <= offset && offset <= field.span.end as usize {
            if let TypeExpr::Struct(inner) = strip_pointers(&field.ty) {
                if let Some(found) = in_fields(decl, inner, here.clone(), offset) {
                    return Some(found);
                }
            }
            return Some(Target::Field(decl, here));
        }
    }
    None
}

fn strip_pointers(ty: &TypeExpr) -> &TypeExpr {
    match ty {
        TypeExpr::Pointer(inner) | TypeExpr::Slice(inner) | TypeExpr::Array(inner) => {
            strip_pointers(inner)
        }
        other => other,
    }
}

fn marker_in(doc: &Doc, offset: usize) -> Option<&SpannedMarker> {
    doc.markers
        .iter()
        .find(|m| (m.span.start as usize) <= offset && offset <= m.span.end as usize)
}

fn inside_doc(doc: &Doc, offset: usize) -> bool {
    doc.lines.iter().any(|line: &DocLine| {
        // The line's span is its text after `//`: the `//` itself counts too.
        (line.span.start as usize).saturating_sub(3) <= offset && offset <= line.span.end as usize
    })
}

/// A field's JSON name: the tag's, else the Go name (`None`: not serialised, or embedded).
pub fn json_name(field: &Field) -> Option<String> {
    let tag = crate::resolve::fields::json_tag(field.tag.as_deref());
    if tag.skip {
        return None;
    }
    match tag.name {
        Some(name) => Some(name),
        None => field.names.first().map(|(name, _)| name.clone()),
    }
}
