//! controller-gen's flattening (controller-tools `pkg/crd/flatten.go`, `schema_visitor.go`):
//! every `$ref` replaced by the referenced type's flattened schema, the field's own
//! description, title, example and external docs kept and its other settings merged as an
//! `allOf` entry; then every `allOf` merged into its node (`FlattenEmbedded`), where two
//! settings that differ are kept side by side as a new `allOf`.

use std::collections::HashSet;

use super::props::Props;
use super::Builder;
use crate::model::controller_gen::TypeId;

/// controller-tools' `flattenVisitor`, as the walker carries it.
#[derive(Debug, Clone)]
struct Visitor {
    package: usize,
    /// The type whose schema this node became, and the field schema it replaced: both
    /// handled when the walk leaves the node.
    current: Option<(TypeId, Props)>,
}

impl Builder<'_> {
    /// The type's schema with every reference resolved (`Flattener.FlattenType`), cached.
    pub(super) fn flatten_type(&mut self, id: TypeId) -> Option<Props> {
        if let Some(cached) = self.flattened_types.get(&id) {
            return Some(cached.clone());
        }
        let base = self.unflattened(id)?;
        let mut flattened = base;
        self.walk(
            &mut flattened,
            Visitor {
                package: id.package,
                current: None,
            },
            0,
        );
        self.flattened_types.insert(id, flattened.clone());
        Some(flattened)
    }

    /// `loadUnflattenedSchema`.
    fn unflattened(&mut self, id: TypeId) -> Option<Props> {
        self.need_schema_for(id, None);
        let found = self.schemata.get(&id).cloned();
        if found.is_none() {
            let ty = &self.model.packages[id.package];
            let name = ty.types.get(id.name).map_or("", |t| t.name.as_str());
            self.refuse_type(
                id,
                format!("unable to locate schema for type \"{}\".{name}", ty.path),
            );
        }
        found
    }

    /// `schemaWalker.walkSchema` with the flatten visitor.
    fn walk(&mut self, schema: &mut Props, visitor: Visitor, depth: usize) {
        if depth > crate::limits::SCHEMA_NESTING * 4 {
            return;
        }
        let mut seen: HashSet<String> = HashSet::new();
        if let Some(reference) = &schema.reference {
            seen.insert(reference.text.clone());
        }
        let mut current = visitor;
        let mut ends: Vec<Visitor> = Vec::new();
        loop {
            let Some(next) = self.visit(&current, schema) else {
                self.leave(ends, schema);
                return;
            };
            ends.push(next.clone());
            current = next;
            match &schema.reference {
                Some(reference) if !seen.contains(&reference.text) => {
                    seen.insert(reference.text.clone());
                }
                _ => break,
            }
        }
        if let Some(items) = schema.items.as_deref_mut() {
            self.walk(items, current.clone(), depth + 1);
        }
        for entry in &mut schema.all_of {
            self.walk(entry, current.clone(), depth + 1);
        }
        for entry in &mut schema.any_of {
            self.walk(entry, current.clone(), depth + 1);
        }
        if let Some(properties) = schema.properties.as_mut() {
            for property in properties.values_mut() {
                self.walk(property, current.clone(), depth + 1);
            }
        }
        if let Some(schema) = schema
            .additional_properties
            .as_mut()
            .and_then(|a| a.schema.as_deref_mut())
        {
            self.walk(schema, current.clone(), depth + 1);
        }
        self.leave(ends, schema);
    }

    /// The deferred `Visit(nil)` calls, last first.
    fn leave(&mut self, ends: Vec<Visitor>, schema: &mut Props) {
        for end in ends.into_iter().rev() {
            if let Some((id, original)) = end.current {
                self.flattened_types.insert(id, schema.clone());
                preserve_fields(schema, original);
            }
        }
    }

    /// `flattenVisitor.Visit` on a node: a reference is replaced by the type's schema (cached:
    /// done; else walked as that type).
    fn visit(&mut self, visitor: &Visitor, schema: &mut Props) -> Option<Visitor> {
        if let Some(reference) = schema.reference.clone() {
            let id = reference.id?;
            if let Some(cached) = self.flattened_types.get(&id) {
                let mut cached = cached.clone();
                preserve_fields(&mut cached, schema.clone());
                *schema = cached;
                return None;
            }
            let referenced = self.unflattened(id)?;
            let original = std::mem::replace(schema, referenced);
            // Marks the type while it is flattened: a cycle finds the empty schema.
            self.flattened_types.insert(id, Props::default());
            return Some(Visitor {
                package: id.package,
                current: Some((id, original)),
            });
        }
        if visitor.current.is_some() {
            return Some(Visitor {
                package: visitor.package,
                current: None,
            });
        }
        Some(visitor.clone())
    }
}

/// `preserveFields`: the node becomes `allOf: [type's schema, field's schema]`, with the
/// field's description, title, external docs and example (else the type's) on the node.
pub(super) fn preserve_fields(dst: &mut Props, mut src: Props) {
    let description = std::mem::take(&mut src.description);
    let title = std::mem::take(&mut src.title);
    let external_docs = src.external_docs.take();
    let example = src.example.take();
    src.reference = None;
    let old = std::mem::take(dst);
    *dst = Props {
        description: old.description.clone(),
        title: old.title.clone(),
        external_docs: old.external_docs.clone(),
        example: old.example.clone(),
        all_of: vec![old, src],
        ..Props::default()
    };
    if !description.is_empty() {
        dst.description = description;
    }
    if !title.is_empty() {
        dst.title = title;
    }
    if external_docs.is_some() {
        dst.external_docs = external_docs;
    }
    if example.is_some() {
        dst.example = example;
    }
}

/// `FlattenEmbedded`: every `allOf` merged into its node, top-down.
pub(super) fn flatten_embedded(schema: &mut Props, conflicts: &mut Vec<String>, depth: usize) {
    if depth > crate::limits::SCHEMA_NESTING * 4 {
        return;
    }
    let all_of = std::mem::take(&mut schema.all_of);
    for embedded in all_of {
        flatten_all_of_into(schema, embedded, conflicts, depth);
    }
    if let Some(items) = schema.items.as_deref_mut() {
        flatten_embedded(items, conflicts, depth + 1);
    }
    for entry in &mut schema.all_of {
        flatten_embedded(entry, conflicts, depth + 1);
    }
    for entry in &mut schema.any_of {
        flatten_embedded(entry, conflicts, depth + 1);
    }
    if let Some(properties) = schema.properties.as_mut() {
        for property in properties.values_mut() {
            flatten_embedded(property, conflicts, depth + 1);
        }
    }
    if let Some(additional) = schema
        .additional_properties
        .as_mut()
        .and_then(|a| a.schema.as_deref_mut())
    {
        flatten_embedded(additional, conflicts, depth + 1);
    }
}

/// `flattenAllOfInto`: `src` (after its own `allOf`) merged into `dst`, field by field as
/// controller-tools' reflection does: unset in `src` changes nothing, unset in `dst` takes
/// `src`'s, equal strings and booleans stay, properties and required merge, validations
/// concatenate (`src`'s first), a type conflict is an error, and anything else that both set
/// (pointers never compare equal) moves to a new `allOf` pair.
fn flatten_all_of_into(dst: &mut Props, src: Props, conflicts: &mut Vec<String>, depth: usize) {
    if depth > crate::limits::SCHEMA_NESTING * 4 {
        return;
    }
    let mut src = src;
    for embedded in std::mem::take(&mut src.all_of) {
        flatten_all_of_into(dst, embedded, conflicts, depth + 1);
    }
    let mut dst_rest = Props::default();
    let mut src_rest = Props::default();
    let mut hoisted = false;
    macro_rules! pointer {
        ($($field:ident),*) => {$(
            if src.$field.is_some() {
                if dst.$field.is_none() {
                    dst.$field = src.$field.take();
                } else {
                    hoisted = true;
                    src_rest.$field = src.$field.take();
                    dst_rest.$field = dst.$field.take();
                }
            }
        )*};
    }
    macro_rules! text {
        ($($field:ident),*) => {$(
            if !src.$field.is_empty() {
                if dst.$field.is_empty() {
                    dst.$field = std::mem::take(&mut src.$field);
                } else if dst.$field != src.$field {
                    hoisted = true;
                    src_rest.$field = std::mem::take(&mut src.$field);
                    dst_rest.$field = std::mem::take(&mut dst.$field);
                }
            }
        )*};
    }
    macro_rules! flag {
        ($($field:ident),*) => {$(
            if src.$field && !dst.$field {
                dst.$field = true;
            }
        )*};
    }
    pointer!(reference);
    if !src.ty.is_empty() {
        if dst.ty.is_empty() {
            dst.ty = std::mem::take(&mut src.ty);
        } else if dst.ty != src.ty {
            conflicts.push(format!(
                "conflicting types in allOf branches in schema: {} vs {}",
                dst.ty, src.ty
            ));
        }
    }
    text!(format);
    pointer!(default, maximum);
    flag!(exclusive_maximum);
    pointer!(minimum);
    flag!(exclusive_minimum);
    pointer!(max_length, min_length);
    text!(pattern);
    pointer!(max_items, min_items);
    flag!(unique_items);
    pointer!(multiple_of);
    if !src.enum_values.is_empty() && dst.enum_values.is_empty() {
        dst.enum_values = std::mem::take(&mut src.enum_values);
    }
    pointer!(max_properties, min_properties);
    if let Some(required) = src.required.take() {
        match dst.required.as_mut() {
            None => dst.required = Some(required),
            Some(existing) => existing.extend(required),
        }
    }
    pointer!(items);
    if !src.any_of.is_empty() {
        if dst.any_of.is_empty() {
            dst.any_of = std::mem::take(&mut src.any_of);
        } else {
            hoisted = true;
            src_rest.any_of = std::mem::take(&mut src.any_of);
            dst_rest.any_of = std::mem::take(&mut dst.any_of);
        }
    }
    if let Some(properties) = src.properties.take() {
        match dst.properties.as_mut() {
            None => dst.properties = Some(properties),
            Some(existing) => {
                for (name, property) in properties {
                    match existing.get_mut(&name) {
                        None => {
                            existing.insert(name, property);
                        }
                        Some(into) => flatten_all_of_into(into, property, conflicts, depth + 1),
                    }
                }
            }
        }
    }
    if let Some(additional) = src.additional_properties.take() {
        match dst.additional_properties.as_mut() {
            None => dst.additional_properties = Some(additional),
            Some(existing) => {
                if let Some(schema) = additional.schema {
                    let into = existing
                        .schema
                        .get_or_insert_with(|| Box::new(Props::default()));
                    flatten_all_of_into(into, *schema, conflicts, depth + 1);
                }
            }
        }
    }
    flag!(nullable);
    if let Some(preserve) = src.x_preserve_unknown_fields {
        dst.x_preserve_unknown_fields = Some(preserve);
    }
    flag!(x_embedded_resource, x_int_or_string);
    pointer!(x_list_map_keys, x_list_type);
    if let Some(map_type) = src.x_map_type.take() {
        dst.x_map_type = Some(map_type);
    }
    if let Some(mut rules) = src.x_validations.take() {
        match dst.x_validations.take() {
            None => dst.x_validations = Some(rules),
            Some(existing) => {
                rules.extend(existing);
                dst.x_validations = Some(rules);
            }
        }
    }
    if hoisted {
        dst.all_of.push(dst_rest);
        dst.all_of.push(src_rest);
    }
    if let Some(required) = dst.required.as_mut().filter(|r| !r.is_empty()) {
        required.sort();
        required.dedup();
    }
}
