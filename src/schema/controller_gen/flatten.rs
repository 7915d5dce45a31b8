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

/// What flattening merges in a release (else both are kept apart in an `allOf`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Merge {
    /// Validation rules concatenate (controller-gen v0.16 on).
    pub validations: bool,
    /// A field's `enum` is kept when its type has none (v0.21 on).
    pub enums: bool,
}

/// `FlattenEmbedded`: every `allOf` merged into its node, top-down.
pub(super) fn flatten_embedded(
    schema: &mut Props,
    merge: Merge,
    conflicts: &mut Vec<String>,
    depth: usize,
) {
    if depth > crate::limits::SCHEMA_NESTING * 4 {
        return;
    }
    let all_of = std::mem::take(&mut schema.all_of);
    for embedded in all_of {
        flatten_all_of_into(schema, embedded, merge, conflicts, depth);
    }
    if let Some(items) = schema.items.as_deref_mut() {
        flatten_embedded(items, merge, conflicts, depth + 1);
    }
    for entry in &mut schema.all_of {
        flatten_embedded(entry, merge, conflicts, depth + 1);
    }
    for entry in &mut schema.any_of {
        flatten_embedded(entry, merge, conflicts, depth + 1);
    }
    if let Some(properties) = schema.properties.as_mut() {
        for property in properties.values_mut() {
            flatten_embedded(property, merge, conflicts, depth + 1);
        }
    }
    if let Some(additional) = schema
        .additional_properties
        .as_mut()
        .and_then(|a| a.schema.as_deref_mut())
    {
        flatten_embedded(additional, merge, conflicts, depth + 1);
    }
}

/// `flattenAllOfInto`: `src` (after its own `allOf`) merged into `dst`, field by field as
/// controller-tools' reflection does: unset in `src` changes nothing, unset in `dst` takes
/// `src`'s, equal strings and booleans stay, properties and required merge, validations
/// concatenate (`src`'s first), a type conflict is an error, and anything else that both set
/// (pointers never compare equal) moves to a new `allOf` pair.
fn flatten_all_of_into(
    dst: &mut Props,
    src: Props,
    merge: Merge,
    conflicts: &mut Vec<String>,
    depth: usize,
) {
    if depth > crate::limits::SCHEMA_NESTING * 4 {
        return;
    }
    let mut src = src;
    for embedded in std::mem::take(&mut src.all_of) {
        flatten_all_of_into(dst, embedded, merge, conflicts, depth + 1);
    }
    let mut merging = Merging {
        dst,
        src,
        dst_rest: Props::default(),
        src_rest: Props::default(),
        hoisted: false,
    };
    merging.values(merge, conflicts);
    merging.structures(merge, conflicts, depth);
    let Merging {
        dst,
        dst_rest,
        src_rest,
        hoisted,
        ..
    } = merging;
    if hoisted {
        dst.all_of.push(dst_rest);
        dst.all_of.push(src_rest);
    }
    if let Some(required) = dst.required.as_mut().filter(|r| !r.is_empty()) {
        required.sort();
        required.dedup();
    }
}

/// One `flattenAllOfInto` step: what `src` brings into `dst`, and what both set (kept apart).
struct Merging<'d> {
    dst: &'d mut Props,
    src: Props,
    dst_rest: Props,
    src_rest: Props,
    hoisted: bool,
}

/// A field Go holds by pointer: taken when unset, kept when the same pointer, else apart.
macro_rules! pointer {
    ($m:ident, $($field:ident),*) => {$(
        if $m.src.$field.is_some() {
            if $m.dst.$field.is_none() {
                $m.dst.$field = $m.src.$field.take();
                $m.dst.pointers.$field = $m.src.pointers.$field;
            } else if $m.dst.pointers.$field != $m.src.pointers.$field
                || $m.dst.pointers.$field == 0
            {
                $m.hoisted = true;
                $m.src_rest.$field = $m.src.$field.take();
                $m.dst_rest.$field = $m.dst.$field.take();
            }
        }
    )*};
}

/// A slice (never equal in Go: not comparable): taken when unset, else apart.
macro_rules! slice {
    ($m:ident, $($field:ident),*) => {$(
        if $m.src.$field.is_some() {
            if $m.dst.$field.is_none() {
                $m.dst.$field = $m.src.$field.take();
            } else {
                $m.hoisted = true;
                $m.src_rest.$field = $m.src.$field.take();
                $m.dst_rest.$field = $m.dst.$field.take();
            }
        }
    )*};
}

/// A string: taken when empty, kept when equal, else apart.
macro_rules! text {
    ($m:ident, $($field:ident),*) => {$(
        if !$m.src.$field.is_empty() {
            if $m.dst.$field.is_empty() {
                $m.dst.$field = std::mem::take(&mut $m.src.$field);
            } else if $m.dst.$field != $m.src.$field {
                $m.hoisted = true;
                $m.src_rest.$field = std::mem::take(&mut $m.src.$field);
                $m.dst_rest.$field = std::mem::take(&mut $m.dst.$field);
            }
        }
    )*};
}

/// A boolean: `true` wins (two `true`s are equal).
macro_rules! flag {
    ($m:ident, $($field:ident),*) => {$(
        if $m.src.$field && !$m.dst.$field {
            $m.dst.$field = true;
        }
    )*};
}

impl Merging<'_> {
    /// The scalar and pointer fields, in `JSONSchemaProps`' order.
    fn values(&mut self, merge: Merge, conflicts: &mut Vec<String>) {
        pointer!(self, reference);
        if !self.src.ty.is_empty() {
            if self.dst.ty.is_empty() {
                self.dst.ty = std::mem::take(&mut self.src.ty);
            } else if self.dst.ty != self.src.ty {
                conflicts.push(format!(
                    "conflicting types in allOf branches in schema: {} vs {}",
                    self.dst.ty, self.src.ty
                ));
            }
        }
        text!(self, format);
        pointer!(self, default, maximum);
        flag!(self, exclusive_maximum);
        pointer!(self, minimum);
        flag!(self, exclusive_minimum);
        pointer!(self, max_length, min_length);
        text!(self, pattern);
        pointer!(self, max_items, min_items);
        flag!(self, unique_items);
        pointer!(self, multiple_of);
        if !self.src.enum_values.is_empty() {
            if self.dst.enum_values.is_empty() {
                self.dst.enum_values = std::mem::take(&mut self.src.enum_values);
            } else if !merge.enums {
                self.hoisted = true;
                self.src_rest.enum_values = std::mem::take(&mut self.src.enum_values);
                self.dst_rest.enum_values = std::mem::take(&mut self.dst.enum_values);
            }
        }
        pointer!(self, max_properties, min_properties);
        pointer!(self, items);
        flag!(self, nullable);
        if let Some(preserve) = self.src.x_preserve_unknown_fields {
            self.dst.x_preserve_unknown_fields = Some(preserve);
        }
        flag!(self, x_embedded_resource, x_int_or_string);
        slice!(self, x_list_map_keys);
        if !self.src.any_of.is_empty() {
            if self.dst.any_of.is_empty() {
                self.dst.any_of = std::mem::take(&mut self.src.any_of);
            } else {
                self.hoisted = true;
                self.src_rest.any_of = std::mem::take(&mut self.src.any_of);
                self.dst_rest.any_of = std::mem::take(&mut self.dst.any_of);
            }
        }
        pointer!(self, x_list_type);
        if let Some(map_type) = self.src.x_map_type.take() {
            self.dst.x_map_type = Some(map_type);
        }
    }

    /// `required` (appended), properties and map values (merged), rules (concatenated).
    fn structures(&mut self, merge: Merge, conflicts: &mut Vec<String>, depth: usize) {
        if let Some(required) = self.src.required.take() {
            match self.dst.required.as_mut() {
                None => self.dst.required = Some(required),
                Some(existing) => existing.extend(required),
            }
        }
        if let Some(properties) = self.src.properties.take() {
            match self.dst.properties.as_mut() {
                None => self.dst.properties = Some(properties),
                Some(existing) => {
                    for (name, property) in properties {
                        match existing.get_mut(&name) {
                            None => {
                                existing.insert(name, property);
                            }
                            Some(into) => {
                                flatten_all_of_into(into, property, merge, conflicts, depth + 1)
                            }
                        }
                    }
                }
            }
        }
        if let Some(additional) = self.src.additional_properties.take() {
            match self.dst.additional_properties.as_mut() {
                None => self.dst.additional_properties = Some(additional),
                Some(existing) => {
                    if let Some(schema) = additional.schema {
                        let into = existing
                            .schema
                            .get_or_insert_with(|| Box::new(Props::default()));
                        flatten_all_of_into(into, *schema, merge, conflicts, depth + 1);
                    }
                }
            }
        }
        if let Some(mut rules) = self.src.x_validations.take() {
            match self.dst.x_validations.take() {
                None => self.dst.x_validations = Some(rules),
                Some(existing) if merge.validations => {
                    rules.extend(existing);
                    self.dst.x_validations = Some(rules);
                }
                Some(existing) => {
                    self.hoisted = true;
                    self.src_rest.x_validations = Some(rules);
                    self.dst_rest.x_validations = Some(existing);
                }
            }
        }
    }
}
