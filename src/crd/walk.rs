//! A version's `openAPIV3Schema` walked alongside the Go struct it is made from: the `enum`
//! lists and union rules each node needs (planned against the manifest's own `enum`s,
//! `default`s and `required`), with the cardinality of each struct for the cost estimate.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use yaml_serde::{Mapping, Value};

use super::index::{lists_elsewhere, Index};
use super::patch::{field_path, Addition, Additions, Step};
use crate::model::{EnumOrigin, EnumValue, Property, PropertyType, StructDef, TypeName};
use crate::schema::cel::cost::{self, Cardinality};
use crate::schema::cel::{self, Rule};

pub(super) struct Walker<'a, 'm> {
    pub(super) index: &'a Index<'m>,
    pub(super) additions: Additions,
    pub(super) cel: Vec<(TypeName, cel::Finding)>,
    /// How often the node being walked may occur in one object, and the lists and maps
    /// above it (schema path, bound).
    pub(super) cardinality: Cardinality,
    pub(super) enclosing: Vec<(String, Option<u64>)>,
    /// The rules added in the version being walked: (schema path, estimated cost).
    pub(super) added: Vec<(String, u64)>,
    /// Properties of a dependency's `+enum` type left without a list.
    pub(super) dependency_enums: Vec<(Vec<Step>, TypeName)>,
    /// The field being walked carries another generator's enum marker: its list is not
    /// union-gen's ([`lists_elsewhere`]).
    field_listed_elsewhere: bool,
    /// Plans already made ([`Walker::planned`]), by struct, schema and place.
    plans: HashMap<(TypeName, String, String), Rc<Planned>>,
}

/// A struct's plan where it sits, and each planned rule's estimated cost there.
type Planned = (cel::Plan, Vec<Option<u64>>);

/// The manifest's rules at `schema`: the indices of the stale ones (union-gen's own form, but
/// not among `generated`) and the others, as compared. Where union-gen writes nothing
/// (`generated` empty, most of a manifest's structs) nothing is compared with them, so their
/// rules are not parsed: only a rule with one of union-gen's messages is (to tell it stale).
pub(super) fn manifest_rules(
    schema: &Mapping,
    generated: &[cel::RuleKey],
) -> (Vec<usize>, Vec<cel::RuleKey>) {
    let mut stale = Vec::new();
    let mut present = Vec::new();
    let manifest_rules = schema.get(cel::EXTENSION).and_then(Value::as_sequence);
    for (i, entry) in manifest_rules.into_iter().flatten().enumerate() {
        let Some(rule) = entry.get("rule").and_then(Value::as_str) else {
            continue;
        };
        let key = (!generated.is_empty()).then(|| cel::RuleKey::of(rule));
        let message = entry.get("message").and_then(Value::as_str);
        let only_rule_and_message = entry.as_mapping().is_some_and(|m| m.len() == 2);
        if only_rule_and_message
            && message.is_some_and(|message| cel::is_generated(rule, message))
            && key.as_ref().is_none_or(|key| !generated.contains(key))
        {
            stale.push(i);
        } else {
            present.extend(key);
        }
    }
    (stale, present)
}

/// The list a stale owned `enum` list becomes, or `None` when it is not stale. A list is stale
/// only when its set of values differs from the deduced one: the order is the manifest's
/// (another generator, or a hand, may have written the same values in another order). The
/// values that remain keep their order; each new value goes before the first remaining value
/// that follows it in the deduced order (else at the end), so a renamed constant takes its
/// predecessor's place. A list with other than string items is not union-gen's: `None`.
pub(super) fn stale_list_update(present: &Value, deduced: &[String]) -> Option<Vec<String>> {
    let items = present.as_sequence()?;
    let existing: Vec<&str> = items.iter().map(Value::as_str).collect::<Option<_>>()?;
    let existing_set: HashSet<&str> = existing.iter().copied().collect();
    let deduced_set: HashSet<&str> = deduced.iter().map(String::as_str).collect();
    if existing_set == deduced_set {
        return None;
    }
    // New values grouped by the remaining value they go before (`None`: the end).
    let mut before: HashMap<Option<&str>, Vec<&str>> = HashMap::new();
    let mut pending: Vec<&str> = Vec::new();
    let mut placed: HashSet<&str> = HashSet::new();
    for value in deduced.iter().map(String::as_str) {
        if existing_set.contains(value) {
            before.entry(Some(value)).or_default().append(&mut pending);
        } else if placed.insert(value) {
            pending.push(value);
        }
    }
    before.entry(None).or_default().append(&mut pending);
    let mut seen: HashSet<&str> = HashSet::new();
    let mut merged: Vec<String> = Vec::with_capacity(deduced.len());
    for value in existing {
        if !deduced_set.contains(value) || !seen.insert(value) {
            continue;
        }
        if let Some(new) = before.remove(&Some(value)) {
            merged.extend(new.into_iter().map(str::to_string));
        }
        merged.push(value.to_string());
    }
    if let Some(new) = before.remove(&None) {
        merged.extend(new.into_iter().map(str::to_string));
    }
    Some(merged)
}

/// Drops the new rules of the changes from `first` on, keeping the removal of stale ones.
pub(super) fn drop_new_rules(additions: &mut Additions, first: usize) {
    let mut index = first;
    while index < additions.len() {
        if let Addition::Rules { stale, new } = &mut additions[index].1 {
            new.clear();
            if stale.is_empty() {
                additions.remove(index);
                continue;
            }
        }
        index += 1;
    }
}

impl<'a, 'm> Walker<'a, 'm> {
    pub(super) fn new(index: &'a Index<'m>) -> Self {
        Walker {
            index,
            additions: Vec::new(),
            cel: Vec::new(),
            cardinality: Cardinality::ROOT,
            enclosing: Vec::new(),
            added: Vec::new(),
            dependency_enums: Vec::new(),
            field_listed_elsewhere: false,
            plans: HashMap::new(),
        }
    }

    pub(super) fn walk_struct(
        &mut self,
        name: &TypeName,
        def: &StructDef,
        schema: &Mapping,
        path: &mut Vec<Step>,
    ) {
        let planned = self.planned(name, def, schema, path);
        let (plan, costs) = (planned.0.clone(), &planned.1);
        // Every rule union-gen would write here, written or not: a manifest rule in
        // union-gen's own form that is none of them is stale (its union changed).
        let generated: Vec<cel::RuleKey> =
            plan.rules
                .iter()
                .chain(plan.findings.iter().filter_map(|f| match f {
                    cel::Finding::OverBudget { rule, .. }
                    | cel::Finding::RejectsValid { rule, .. } => Some(rule),
                    _ => None,
                }))
                .map(|r| cel::RuleKey::of(&r.rule))
                .collect();
        let (stale, mut present) = manifest_rules(schema, &generated);
        for finding in plan.findings {
            // A rule the manifest already has is the manifest's: the version check reports it.
            if let cel::Finding::OverBudget { rule, .. } = &finding {
                if present.contains(&cel::RuleKey::of(&rule.rule)) {
                    continue;
                }
            }
            let finding = (name.clone(), finding);
            if !self.cel.contains(&finding) {
                self.cel.push(finding);
            }
        }
        let mut new: Vec<Rule> = Vec::new();
        for (rule, estimate) in plan.rules.into_iter().zip(costs) {
            let key = cel::RuleKey::of(&rule.rule);
            if !present.contains(&key) {
                present.push(key);
                self.added.push((field_path(path), estimate.unwrap_or(0)));
                new.push(rule);
            }
        }
        if !new.is_empty() || !stale.is_empty() {
            self.additions
                .push((path.clone(), Addition::Rules { stale, new }));
        }
        let Some(properties) = schema.get("properties").and_then(Value::as_mapping) else {
            return;
        };
        // By JSON name: a struct and its schema may have thousands of properties.
        let mut by_name: HashMap<&str, &Property> = HashMap::with_capacity(def.properties.len());
        for property in &def.properties {
            by_name
                .entry(property.json_name.as_str())
                .or_insert(property);
        }
        for (key, sub) in properties {
            let (Some(key), Some(sub)) = (key.as_str(), sub.as_mapping()) else {
                continue;
            };
            let Some(property) = by_name.get(key).copied() else {
                continue;
            };
            path.push(Step::Key("properties".into()));
            path.push(Step::Key(key.to_string()));
            let saved = self.field_listed_elsewhere;
            self.field_listed_elsewhere = lists_elsewhere(property.doc.iter().map(String::as_str));
            self.walk_type(&property.ty, sub, path);
            self.field_listed_elsewhere = saved;
            path.truncate(path.len() - 2);
        }
    }

    /// The `enum` list of a string property: added when missing — for a deduced `+enum` type
    /// (`origin`, not explicit) only when the type is the project's ([`Index::adds_list_of`])
    /// — and, when union-gen owns it ([`Index::owns_list_of`]), rewritten when its set of
    /// values differs from the deduced one ([`stale_list_update`]). An explicit list (`origin`
    /// `None`, or an explicit type) is only added; a list another generator writes (its
    /// marker on the field or the type) is neither added nor rewritten.
    fn enum_list(
        &mut self,
        values: &[EnumValue],
        origin: Option<&EnumOrigin>,
        schema: &Mapping,
        path: &[Step],
    ) {
        let is_string = schema.get("type").and_then(Value::as_str) == Some("string");
        let elsewhere = self.field_listed_elsewhere
            || origin.is_some_and(|o| self.index.is_listed_elsewhere(o));
        if values.is_empty() || !is_string || elsewhere {
            return;
        }
        let values: Vec<String> = values.iter().map(|v| v.value.clone()).collect();
        let present = schema.get("enum");
        match (present, origin) {
            // An explicit list is the author's, also on a dependency's type (controller-gen
            // writes it too).
            (None, Some(origin)) if !origin.explicit && !self.index.adds_list_of(origin) => {
                self.dependency_enums
                    .push((path.to_vec(), origin.type_name.clone()));
            }
            (None, _) => self.additions.push((
                path.to_vec(),
                Addition::Enum {
                    values,
                    replaces: false,
                },
            )),
            (Some(present), Some(origin)) if self.index.owns_list_of(origin) => {
                if let Some(merged) = stale_list_update(present, &values) {
                    self.additions.push((
                        path.to_vec(),
                        Addition::Enum {
                            values: merged,
                            replaces: true,
                        },
                    ));
                }
            }
            (Some(_), _) => {}
        }
    }

    /// The discriminators (and other properties) whose `enum` union-gen owns allow the deduced
    /// values, which the manifest will hold once patched, whatever its stale list says.
    fn owned_enum_facts(&self, def: &StructDef, schema: &Mapping, facts: &mut cel::StructFacts) {
        let properties = schema.get("properties").and_then(Value::as_mapping);
        for property in &def.properties {
            let PropertyType::Enum(values, origin) = &property.ty else {
                continue;
            };
            let is_string = properties
                .and_then(|p| p.get(property.json_name.as_str()))
                .and_then(|p| p.get("type"))
                .and_then(Value::as_str)
                == Some("string");
            let elsewhere = lists_elsewhere(property.doc.iter().map(String::as_str));
            if values.is_empty() || !is_string || elsewhere || !self.index.owns_list_of(origin) {
                continue;
            }
            if let Some(f) = facts.get_mut(&property.json_name) {
                f.allowed = Some(values.iter().map(|v| v.value.clone()).collect());
            }
        }
    }

    /// The plan of the struct `name` at `path` (schema `schema`) and each planned rule's
    /// estimated cost there. Planned once per struct, schema and place: the versions of a CRD
    /// often repeat one schema, and a manifest may hold thousands of versions (planning
    /// parses and evaluates every rule).
    fn planned(
        &mut self,
        name: &TypeName,
        def: &StructDef,
        schema: &Mapping,
        path: &[Step],
    ) -> Rc<Planned> {
        let json = serde_json::to_value(schema).ok();
        let root = matches!(path.last(), Some(Step::Key(k)) if k == "openAPIV3Schema");
        let key = (
            name.clone(),
            json.as_ref().map(ToString::to_string).unwrap_or_default(),
            format!("{root} {:?} {:?}", self.cardinality, self.enclosing),
        );
        if let Some(planned) = self.plans.get(&key) {
            return planned.clone();
        }
        let mut facts = cel::StructFacts::from_model(def);
        manifest_facts(&mut facts, schema);
        self.owned_enum_facts(def, schema, &mut facts);
        // The structs that subfield unions' fields hold, with the manifest's own schema there.
        for field in def.unions.iter().filter_map(|u| u.subfield.as_deref()) {
            let held = cel::held_struct(def, field).and_then(|n| self.index.structs.get(n));
            let held_schema = schema
                .get("properties")
                .and_then(|p| p.get(field))
                .and_then(Value::as_mapping);
            if let (Some(held), Some(held_schema)) = (held, held_schema) {
                let mut held_facts = cel::StructFacts::from_model(held);
                manifest_facts(&mut held_facts, held_schema);
                facts = facts.with_nested(field, held_facts);
            }
        }
        let placement = json.and_then(|json| self.placement(&json, root));
        let plan = match &placement {
            Some(placement) => cel::plan_placed(&def.unions, &facts, placement),
            None => cel::plan(&def.unions, &facts),
        };
        let costs = plan
            .rules
            .iter()
            .map(|rule| placement.as_ref().and_then(|p| p.cost(&rule.rule).ok()))
            .collect();
        let planned = Rc::new((plan, costs));
        self.plans.insert(key, planned.clone());
        planned
    }

    /// Where a struct with schema `json` sits, for the cost estimate (`root`: the version's
    /// root schema); `None` when the schema has no CEL type.
    fn placement(&self, json: &serde_json::Value, root: bool) -> Option<cel::Placement> {
        let root = root
            || json
                .get("x-kubernetes-embedded-resource")
                .and_then(serde_json::Value::as_bool)
                == Some(true);
        Some(cel::Placement {
            node: cost::DeclType::from_schema(json, root)?,
            cardinality: self.cardinality,
            enclosing: self.enclosing.clone(),
        })
    }

    /// Walks a list's items or a map's values, whose cardinality is the list's or map's
    /// times its bound.
    fn walk_elements(
        &mut self,
        inner: &PropertyType,
        schema: &Mapping,
        key: &str,
        path: &mut Vec<Step>,
    ) {
        let Some(elements) = schema.get(key).and_then(Value::as_mapping) else {
            return;
        };
        let factor = Cardinality::factor(
            schema.get("type").and_then(Value::as_str),
            schema.contains_key("additionalProperties"),
            schema.get("maxItems").and_then(Value::as_i64),
            schema.get("maxProperties").and_then(Value::as_i64),
        );
        let saved = self.cardinality;
        self.cardinality = saved.child(factor);
        self.enclosing.push((field_path(path), factor));
        path.push(Step::Key(key.into()));
        self.walk_type(inner, elements, path);
        path.pop();
        self.enclosing.pop();
        self.cardinality = saved;
    }

    fn walk_type(&mut self, ty: &PropertyType, schema: &Mapping, path: &mut Vec<Step>) {
        match ty {
            PropertyType::Enum(values, origin) => {
                self.enum_list(values, Some(origin), schema, path)
            }
            PropertyType::ExplicitEnum(values, _) => self.enum_list(values, None, schema, path),
            PropertyType::Ref(name) => {
                if let Some(def) = self.index.structs.get(name) {
                    self.walk_struct(name, def, schema, path);
                }
            }
            PropertyType::Array(inner) => self.walk_elements(inner, schema, "items", path),
            PropertyType::Map(inner) => {
                self.walk_elements(inner, schema, "additionalProperties", path)
            }
            _ => {}
        }
    }
}

/// What the manifest's schema of a struct says of its properties overrides the Go types: the
/// API server enforces the manifest's `enum`, `default`, `required` and `type`.
pub(super) fn manifest_facts(facts: &mut cel::StructFacts, schema: &Mapping) {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_sequence)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_mapping) else {
        return;
    };
    for (key, property) in properties {
        let (Some(key), Some(property)) = (key.as_str(), property.as_mapping()) else {
            continue;
        };
        let Some(f) = facts.get_mut(key) else {
            continue;
        };
        f.required = required.contains(&key);
        f.max_items = property.get("maxItems").and_then(Value::as_i64);
        f.default = property
            .get("default")
            .and_then(|d| serde_json::to_value(d).ok());
        if let Some(values) = property.get("enum").and_then(Value::as_sequence) {
            let strings: Option<Vec<String>> = values
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect();
            if strings.is_some() {
                f.allowed = strings;
            }
        }
        if property
            .get("x-kubernetes-int-or-string")
            .and_then(Value::as_bool)
            == Some(true)
        {
            f.kind = cel::ValueKind::Any;
        } else if let Some(ty) = property.get("type").and_then(Value::as_str) {
            f.kind = cel::ValueKind::from_schema_type(ty);
        }
    }
}
