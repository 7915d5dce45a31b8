//! Enum deduction (KEP-2887): which types are enums, and their values from the typed
//! constants of every loaded package, with constant expressions evaluated.

use std::collections::{BTreeMap, BTreeSet};

use super::universe::{ConstEntry, GoType, Origin, Universe};
use crate::diag::{Code, Diagnostic};
use crate::golit::go_quote;
use crate::limits::{CONST_BYTES, CONST_DEPTH, CONST_EVAL_STEPS};
use crate::model::{EnumValue, TypeName};
use crate::resolve::hash::{HashMap, HashSet};
use crate::source::Span;
use crate::syntax::{BinaryOp, ConstExpr, ConstSpec, Doc};

use crate::markers::registry::{self, Kind};

/// The markers that make a string type an enum.
pub const ENUM_MARKERS: &[Kind] = &[Kind::Enum, Kind::K8sEnum];

/// Enum types and their values.
#[derive(Debug, Default)]
pub struct Enums {
    pub values: HashMap<TypeName, Vec<EnumValue>>,
    /// The enum types whose values are an explicit `+kubebuilder:validation:Enum` list.
    pub explicit: HashSet<TypeName>,
    /// Enum types whose `+enum` is written in an input package (on the type or on an alias
    /// of it): gengo reads comments of input packages only, so these are openapi-gen's enums.
    pub marked_in_input: HashSet<TypeName>,
    /// The deduced values from the constants of input packages only: gengo (v1 and v2)
    /// fully processes user-requested packages only, so openapi-gen sees no constant of a
    /// dependency (CDI's `PersistentVolumeFromStorageProfile` of another API version).
    pub values_from_inputs: HashMap<TypeName, Vec<EnumValue>>,
}

/// Why a constant has no value we can use.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalError {
    NotConstant(Span),
    NotAString,
    Cycle,
    /// Over [`CONST_EVAL_STEPS`] or [`CONST_BYTES`].
    TooLarge,
}

/// Finds the enum types (`+enum` / `+k8s:enum` on a type whose underlying type is string) of
/// every loaded package and their values: the typed string constants of every loaded
/// package, evaluated, listed once each (the longer doc comment wins), sorted as
/// kube-openapi sorts them; an explicit `+kubebuilder:validation:Enum` on the type replaces
/// them. Diagnostics only for input packages.
pub fn deduce(universe: &Universe, diagnostics: &mut Vec<Diagnostic>) -> Enums {
    let (enum_types, marked_in_input) = enum_types(universe, diagnostics);
    let (mut collected, mut from_inputs) = constant_values(universe, &enum_types, diagnostics);
    let mut enums = Enums {
        marked_in_input,
        ..Enums::default()
    };
    // In name order: the diagnostics below come out in one order whatever the hashes.
    let mut enum_types: Vec<TypeName> = enum_types.into_iter().collect();
    enum_types.sort_unstable();
    for enum_type in enum_types {
        let values: Vec<EnumValue> = collected
            .remove(&enum_type)
            .unwrap_or_default()
            .into_iter()
            .map(|(value, doc)| EnumValue { value, doc })
            .collect();
        let is_input = universe
            .package(&enum_type.package)
            .is_some_and(|p| p.package.is_input);
        let entry = universe.lookup_type(&enum_type);
        // `+kubebuilder:validation:Enum=…` on the type wins over the constants.
        if let Some((explicit, span)) = entry.and_then(|e| explicit_values(&e.decl.doc)) {
            let deduced: BTreeSet<&str> = values.iter().map(|v| v.value.as_str()).collect();
            let listed: BTreeSet<&str> = explicit.iter().map(String::as_str).collect();
            if is_input && !deduced.is_empty() && deduced != listed {
                diagnostics.push(
                    Diagnostic::new(
                        Code::EnumExplicitMismatch,
                        span,
                        format!(
                            "explicit enum values of `{}` differ from its constants",
                            enum_type.name
                        ),
                    )
                    .with_help(format!(
                        "constants: {}; explicit: {} (the explicit list is used)",
                        deduced.into_iter().collect::<Vec<_>>().join(", "),
                        listed.into_iter().collect::<Vec<_>>().join(", ")
                    )),
                );
            }
            let explicit = with_docs(explicit, &values);
            enums.explicit.insert(enum_type.clone());
            enums.values.insert(enum_type, explicit);
            continue;
        }
        let input_values = from_inputs.remove(&enum_type).unwrap_or_default();
        let input_values = input_values
            .into_iter()
            .map(|(value, doc)| EnumValue { value, doc })
            .collect();
        enums
            .values_from_inputs
            .insert(enum_type.clone(), sort_values(input_values));
        if values.is_empty() && is_input {
            if let Some(entry) = entry {
                diagnostics.push(
                    Diagnostic::new(
                        Code::EnumNoValues,
                        entry.decl.name_span.clone(),
                        format!("enum `{}` has no constants of its type", enum_type.name),
                    )
                    .with_help(format!(
                        "declare its values as typed constants: `const X {} = \"x\"`",
                        enum_type.name
                    )),
                );
            }
        }
        enums.values.insert(enum_type, sort_values(values));
    }
    enums
}

/// The enum types: string types marked `+enum` / `+k8s:enum` (through an alias, the aliased
/// type), and those of them marked in an input package. Markers on other types are reported
/// in input packages.
fn enum_types(
    universe: &Universe,
    diagnostics: &mut Vec<Diagnostic>,
) -> (HashSet<TypeName>, HashSet<TypeName>) {
    let mut enum_types: HashSet<TypeName> = HashSet::default();
    let mut marked_in_input: HashSet<TypeName> = HashSet::default();
    for path in &universe.order {
        let package = &universe.packages[path];
        let mut names: Vec<_> = package.types.iter().collect();
        names.sort_by_key(|(name, _)| **name);
        for (name, entry) in names {
            // A gated `+k8s:beta(…)=+k8s:enum` does not make an enum (SPEC §3).
            let Some(marker) = ENUM_MARKERS.iter().find_map(|kind| {
                super::fields::schema_marker(&entry.decl.doc, *kind).or(
                    super::fields::schema_marker(&entry.decl.detached_doc, *kind),
                )
            }) else {
                continue;
            };
            let mut type_name = TypeName {
                package: path.to_string(),
                name: name.to_string(),
            };
            let mut target = Some(GoType::Named(type_name.clone(), *entry));
            if entry.decl.is_alias {
                // `+enum` on `type A = B` makes B the enum (A and B are the same type); an
                // alias of an unnamed type (`type A = string`) has no constants of its own.
                target = match universe.resolve(entry.origin, &entry.decl.ty) {
                    GoType::Named(aliased, aliased_entry) => {
                        type_name = aliased.clone();
                        Some(GoType::Named(aliased, aliased_entry))
                    }
                    _ => None,
                };
            }
            let is_string = target.is_some_and(|target| {
                matches!(universe.underlying(target), GoType::Builtin("string"))
            });
            if is_string {
                if package.package.is_input {
                    marked_in_input.insert(type_name.clone());
                }
                enum_types.insert(type_name);
            } else if package.package.is_input {
                diagnostics.push(
                    Diagnostic::new(
                        Code::EnumNotString,
                        marker.span.clone(),
                        format!("`+{}` on `{}`, whose underlying type is not string", marker.marker.name, name),
                    )
                    .with_label(entry.decl.name_span.clone(), "this type")
                    .with_help("enum values are string constants: declare `type T string`, or remove the marker"),
                );
            }
        }
    }
    (enum_types, marked_in_input)
}

/// Enum values, value to doc text, per enum type.
type Collected = HashMap<TypeName, BTreeMap<String, String>>;

/// The values of every enum type from the typed constants of every loaded package, and from
/// those of input packages only. Constants that cannot be evaluated are reported in input
/// packages.
fn constant_values(
    universe: &Universe,
    enum_types: &HashSet<TypeName>,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Collected, Collected) {
    let mut collected: Collected = HashMap::default();
    let mut from_inputs: Collected = HashMap::default();
    for path in &universe.order {
        let package = &universe.packages[path];
        for (file_index, file) in package.package.files.iter().enumerate() {
            let origin = Origin {
                package: path,
                file: file_index,
            };
            let is_input = package.package.is_input;
            let mut targets = vec![&mut collected];
            if is_input {
                targets.push(&mut from_inputs);
            }
            let typed_groups = file_constants(
                universe,
                origin,
                &file.decls.consts,
                enum_types,
                &mut targets,
                is_input.then_some(&mut *diagnostics),
            );
            if is_input {
                untyped_in_typed_groups(file.decls.consts.as_slice(), &typed_groups, diagnostics);
            }
        }
    }
    (collected, from_inputs)
}

/// The values of one file's typed constants of enum types, added to `collected`; the enum
/// type of each constant group that has one. Constants that cannot be evaluated are reported
/// when `diagnostics` is given.
fn file_constants(
    universe: &Universe,
    origin: Origin,
    consts: &[ConstSpec],
    enum_types: &HashSet<TypeName>,
    targets: &mut [&mut Collected],
    mut diagnostics: Option<&mut Vec<Diagnostic>>,
) -> HashMap<u32, TypeName> {
    let mut typed_groups: HashMap<u32, TypeName> = HashMap::default();
    for spec in consts {
        for (index, (name, name_span)) in spec.names.iter().enumerate() {
            let Some(enum_type) = const_enum_type(universe, origin, spec, index, enum_types) else {
                continue;
            };
            typed_groups.entry(spec.group).or_insert(enum_type.clone());
            let entry = ConstEntry {
                spec,
                index,
                origin,
            };
            match evaluate_const(universe, entry, 0) {
                Ok(bytes) => {
                    let value = String::from_utf8_lossy(&bytes).into_owned();
                    let doc = const_doc(&spec.doc);
                    for collected in targets.iter_mut() {
                        let values = collected.entry(enum_type.clone()).or_default();
                        add_value(values, value.clone(), doc.clone(), name);
                    }
                }
                Err(error) => {
                    if let Some(diagnostics) = diagnostics.as_deref_mut() {
                        diagnostics.push(unevaluable_constant(name, name_span, &enum_type, error));
                    }
                }
            }
        }
    }
    typed_groups
}

/// One constant's value and doc text: each value listed once, the longer doc comment wins
/// (the smaller of two as long).
fn add_value(values: &mut BTreeMap<String, String>, value: String, doc: String, name: &str) {
    let keep = match values.get(&value) {
        Some(existing) => {
            doc.len() > existing.len() || (doc.len() == existing.len() && doc < *existing)
        }
        None => true,
    };
    if keep {
        values.insert(value, strip_name(&doc, name));
    }
}

/// `enum/unevaluable-constant`: why the constant `name` has no value.
fn unevaluable_constant(
    name: &str,
    name_span: &Span,
    enum_type: &TypeName,
    error: EvalError,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
            Code::EnumUnevaluableConstant,
            name_span.clone(),
            format!("cannot evaluate the value of `{name}`; it is left out of enum `{}`", enum_type.name),
        )
        .with_help("enum values must be constant string expressions: literals, `+`, and other string constants");
    match error {
        EvalError::NotConstant(span) => {
            diagnostic = diagnostic.with_label(span, "not a constant string expression");
        }
        EvalError::Cycle => {
            diagnostic = diagnostic.with_help(format!("the constant refers to itself (directly or through other constants), or its definition is nested more than {CONST_DEPTH} levels deep"));
        }
        EvalError::TooLarge => {
            diagnostic = diagnostic.with_help(format!("the value is longer than {CONST_BYTES} bytes or takes more than {CONST_EVAL_STEPS} steps to evaluate"));
        }
        EvalError::NotAString => {}
    }
    diagnostic
}

/// An explicit value list, with the doc text of the constants that have the same value; in
/// the declared order, as controller-gen writes it, each value once.
pub fn with_docs(explicit: Vec<String>, constants: &[EnumValue]) -> Vec<EnumValue> {
    let mut values: Vec<EnumValue> = Vec::with_capacity(explicit.len());
    for value in explicit {
        if values.iter().any(|v| v.value == value) {
            continue;
        }
        values.push(EnumValue {
            doc: constants
                .iter()
                .find(|c| c.value == value)
                .map(|c| c.doc.clone())
                .unwrap_or_default(),
            value,
        });
    }
    values
}

/// Sorted by the Go-quoted form, as kube-openapi sorts `%q` strings.
pub fn sort_values(mut values: Vec<EnumValue>) -> Vec<EnumValue> {
    values.sort_by_cached_key(|v| go_quote(&v.value));
    values
}

/// kube-openapi joins the const's comment lines with spaces (marker lines included).
fn const_doc(doc: &Doc) -> String {
    doc.lines
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn strip_name(doc: &str, name: &str) -> String {
    let trimmed = doc.trim();
    let stripped = trimmed.strip_prefix(name).unwrap_or(trimmed);
    stripped.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The enum type of one constant name, if it has one.
fn const_enum_type(
    universe: &Universe,
    origin: Origin,
    spec: &ConstSpec,
    index: usize,
    enum_types: &HashSet<TypeName>,
) -> Option<TypeName> {
    let named = |ty: GoType| match ty {
        GoType::Named(name, _) | GoType::External(name, _) => Some(name),
        _ => None,
    };
    let type_name = match &spec.ty {
        Some(ty) => named(universe.resolve(origin, ty)),
        None => match spec.values.get(index) {
            Some(ConstExpr::Call { callee, args, .. }) if args.len() == 1 => {
                conversion_type(universe, origin, callee).and_then(named)
            }
            _ => None,
        },
    }?;
    enum_types.contains(&type_name).then_some(type_name)
}

/// The type a conversion's callee names, if it names one.
fn conversion_type<'a>(
    universe: &Universe<'a>,
    origin: Origin<'a>,
    callee: &ConstExpr,
) -> Option<GoType<'a>> {
    let (package, name, span) = match callee {
        ConstExpr::Ident(name, span) => (None, name, span),
        ConstExpr::Qualified {
            package,
            name,
            span,
        } => (Some(package), name, span),
        _ => return None,
    };
    // Build a throwaway type expression with the same lookup rules as written types.
    let path = match package {
        Some(qualifier) => universe.import_path(origin, qualifier)?.to_string(),
        None => origin.package.to_string(),
    };
    let type_name = TypeName {
        package: path,
        name: name.clone(),
    };
    match universe.lookup_type(&type_name) {
        Some(entry) => Some(GoType::Named(type_name, entry)),
        None if package.is_none() => super::universe::builtin(name).map(GoType::Builtin),
        None => Some(GoType::External(type_name, span.clone())),
    }
}

/// Evaluates the value of one constant name (within [`CONST_EVAL_STEPS`]).
pub fn evaluate_const(
    universe: &Universe,
    entry: ConstEntry,
    depth: usize,
) -> Result<Vec<u8>, EvalError> {
    let mut steps = CONST_EVAL_STEPS;
    evaluate_const_within(universe, entry, depth, &mut steps)
}

fn evaluate_const_within(
    universe: &Universe,
    entry: ConstEntry,
    depth: usize,
    steps: &mut usize,
) -> Result<Vec<u8>, EvalError> {
    if depth > CONST_DEPTH {
        return Err(EvalError::Cycle);
    }
    let expr = entry
        .spec
        .values
        .get(entry.index)
        .ok_or(EvalError::NotConstant(entry.spec.span.clone()))?;
    evaluate(universe, entry.origin, expr, depth + 1, steps)
}

fn evaluate(
    universe: &Universe,
    origin: Origin,
    expr: &ConstExpr,
    depth: usize,
    steps: &mut usize,
) -> Result<Vec<u8>, EvalError> {
    if depth > CONST_DEPTH {
        return Err(EvalError::Cycle);
    }
    *steps = steps.checked_sub(1).ok_or(EvalError::TooLarge)?;
    match expr {
        ConstExpr::Str(bytes) => Ok(bytes.clone()),
        ConstExpr::Binary { first, rest } if rest.iter().all(|(op, _)| *op == BinaryOp::Add) => {
            let mut value = evaluate(universe, origin, first, depth + 1, steps)?;
            for (_, operand) in rest {
                let right = evaluate(universe, origin, operand, depth + 1, steps)?;
                if value.len() + right.len() > CONST_BYTES {
                    return Err(EvalError::TooLarge);
                }
                value.extend(right);
            }
            Ok(value)
        }
        ConstExpr::Ident(name, span) => {
            let entry = universe
                .package(origin.package)
                .and_then(|p| p.consts.get(name.as_str()))
                .ok_or(EvalError::NotConstant(span.clone()))?;
            evaluate_const_within(universe, *entry, depth + 1, steps)
        }
        ConstExpr::Qualified {
            package,
            name,
            span,
        } => {
            let entry = universe
                .import_path(origin, package)
                .and_then(|path| universe.package(path))
                .and_then(|p| p.consts.get(name.as_str()))
                .ok_or(EvalError::NotConstant(span.clone()))?;
            evaluate_const_within(universe, *entry, depth + 1, steps)
        }
        ConstExpr::Call { callee, args, span } => {
            let target = conversion_type(universe, origin, callee)
                .ok_or(EvalError::NotConstant(span.clone()))?;
            // A call into a package that is not loaded may be a function: not a constant.
            let is_string = match &target {
                GoType::Builtin(name) => *name == "string",
                GoType::External(..) => false,
                other => matches!(
                    universe.underlying(other.clone()),
                    GoType::Builtin("string")
                ),
            };
            match args.as_slice() {
                [arg] if is_string => evaluate(universe, origin, arg, depth + 1, steps),
                _ => Err(EvalError::NotConstant(span.clone())),
            }
        }
        ConstExpr::Int(_) | ConstExpr::Iota | ConstExpr::Binary { .. } => {
            Err(EvalError::NotAString)
        }
        ConstExpr::Unsupported { span, .. } => Err(EvalError::NotConstant(span.clone())),
    }
}

/// Untyped string constants in a group whose other specs are typed with an enum type.
fn untyped_in_typed_groups(
    specs: &[ConstSpec],
    typed_groups: &HashMap<u32, TypeName>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for spec in specs {
        let Some(enum_type) = typed_groups.get(&spec.group) else {
            continue;
        };
        if spec.ty.is_some() || spec.implicit {
            continue;
        }
        for ((name, span), value) in spec.names.iter().zip(&spec.values) {
            if !is_plain_string(value) {
                continue;
            }
            diagnostics.push(
                Diagnostic::new(
                    Code::EnumUntypedConstant,
                    span.clone(),
                    format!("untyped constant `{name}` sits among constants of enum `{}` but is not one of its values", enum_type.name),
                )
                .with_help(format!("give it the type: `{name} {} = …`", enum_type.name)),
            );
        }
    }
}

fn is_plain_string(expr: &ConstExpr) -> bool {
    match expr {
        ConstExpr::Str(_) => true,
        ConstExpr::Binary { first, rest } => {
            rest.iter().all(|(op, _)| *op == BinaryOp::Add)
                && (is_plain_string(first) || rest.iter().any(|(_, e)| is_plain_string(e)))
        }
        _ => false,
    }
}

/// Explicit values from `+kubebuilder:validation:Enum=…` (grammar: [`registry::list`]), in
/// the declared order.
pub fn explicit_values(doc: &Doc) -> Option<(Vec<String>, Span)> {
    let marker = super::fields::schema_marker(doc, Kind::KubebuilderEnum)?;
    let raw = marker.marker.value.as_deref()?;
    Some((registry::list(raw), marker.span.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(go_quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(go_quote("é"), "\"é\"");
    }

    #[test]
    fn strips_const_name_and_collapses_whitespace() {
        assert_eq!(
            strip_name("ProtocolTCP is the  TCP\tprotocol. ", "ProtocolTCP"),
            "is the TCP protocol."
        );
        assert_eq!(strip_name("Other words", "ProtocolTCP"), "Other words");
    }

    /// `X1 = X0+X0+X0+X0; X2 = X1+…` grew exponentially (hang, then out of memory); the
    /// evaluation of one constant is now bounded in steps and bytes. Cycles stay `Cycle`.
    #[test]
    fn exponential_and_cyclic_constants_are_bounded() {
        use crate::resolve::tests::{codes, resolve_text};
        for first in ["\"ab\"", "\"\""] {
            let mut text =
                format!("package p\n\n// +enum\ntype E string\n\nconst X0 E = {first}\n");
            for i in 1..40 {
                let p = format!("X{}", i - 1);
                text.push_str(&format!("const X{i} E = ({p} + {p}) + ({p} + {p})\n"));
            }
            let (_, diagnostics) = resolve_text(&text);
            assert!(codes(&diagnostics).contains(&Code::EnumUnevaluableConstant));
        }
        let (_, diagnostics) =
            resolve_text("package p\n\n// +enum\ntype E string\n\nconst A E = B\nconst B E = A\n");
        let unevaluable: Vec<_> = diagnostics
            .iter()
            .filter(|d| d.code == Code::EnumUnevaluableConstant)
            .collect();
        assert_eq!(unevaluable.len(), 2);
        assert!(unevaluable[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("refers to itself"));
    }
}
