//! Resolution: types across packages, enum values, unions, field semantics and the rule
//! checks, producing the [`ApiModel`] and diagnostics.
//!
//! Input: the loaded packages' [`FileDecls`](crate::syntax::FileDecls). Output:
//! `(ApiModel, Vec<Diagnostic>)`. Must not know: tree-sitter, OpenAPI's JSON shape,
//! definition naming or output formats.

pub(crate) mod api_rules;
mod checks;
pub(crate) mod closure;
pub(crate) mod controller_gen;
mod defaults;
mod definitions;
pub(crate) mod enums;
pub(crate) mod fields;
mod findings;
pub(crate) mod hash;
mod kubebuilder;
pub(crate) mod marker_findings;
mod markers_check;
mod once;
mod overrides;
mod types;
mod unions;
pub(crate) mod universe;
mod validations;
mod well_known;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::ops::Range;

use rayon::prelude::*;

use hash::{HashMap, HashSet};

pub use universe::{LoadedFile, LoadedPackage};

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::*;
use crate::source::Span;
pub use closure::{Closure, Outside, Roots};
use enums::Enums;
use once::{Once, OnceKey};
use universe::{TypeEntry, Universe};

/// What `resolve` includes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Definitions for struct types of dependency packages that inputs reference (else they
    /// stay `$ref`s to definitions the user provides).
    pub dependency_definitions: bool,
    /// The input types as openapi-gen's Go output reads them: only the struct types it selects
    /// (`+k8s:openapi-gen=true` on the type, or on its package without `=false` on the type),
    /// unexported ones included (it writes a function for each, though its definitions map
    /// leaves them out), and unexported fields as properties (encoding/json ignores them;
    /// openapi-gen does not).
    pub openapi_gen: bool,
    /// Also what controller-gen's value markers put in a CRD (`+kubebuilder:validation:*`,
    /// `+kubebuilder:default`, `+nullable`, its optionality rules; see `kubebuilder.rs`):
    /// the schemas `validate --packages` checks objects against. Off for every document.
    pub kubebuilder: bool,
}

/// Resolves what `roots` reach in the loaded packages into the API model, and says what that
/// is ([`Closure`]): the definitions, and every type they reached on the way.
pub fn resolve(
    packages: &[LoadedPackage],
    missing: &BTreeMap<String, Vec<String>>,
    options: Options,
    roots: &Roots,
) -> (ApiModel, Closure, Vec<Diagnostic>) {
    let universe = Universe::build(packages);
    let mut diagnostics = Vec::new();
    markers_check::check(packages, &mut diagnostics);
    let enums = enums::deduce(&universe, &mut diagnostics);
    let mut resolver = Resolver {
        universe: &universe,
        enums: &enums,
        diagnostics,
        queue: VecDeque::new(),
        queued: HashSet::default(),
        custom: BTreeMap::new(),
        searched: missing,
        unions: unions::UnionCache::default(),
        options,
        once: Once::default(),
        current: None,
        edges: HashMap::default(),
        reached: BTreeSet::new(),
        controller_gen: matches!(roots, Roots::Kinds(_)),
    };
    resolver.validate_non_struct_types();
    let roots = roots.types(&universe, packages);
    for root in &roots {
        if let Some(entry) = universe
            .package(&root.package)
            .and_then(|p| p.types.get(root.name.as_str()).copied())
        {
            resolver.enqueue(root.clone(), entry);
        }
    }
    let (mut definitions, undescribable) = resolver.drain_queue();
    resolver.define_custom(&mut definitions);
    let spans: BTreeMap<&TypeName, &Span> =
        definitions.iter().map(|d| (&d.name, &d.span)).collect();
    let (closure, findings) = closure::close(
        &roots,
        &closure::Api::read(packages),
        &resolver.edges,
        undescribable,
        &spans,
    );
    let mut diagnostics = resolver.diagnostics;
    diagnostics.extend(findings);
    definitions.retain(|d| closure.types.contains(&d.name));
    definitions.sort_by(|a, b| a.name.cmp(&b.name));
    (ApiModel { definitions }, closure, diagnostics)
}

struct Resolver<'u, 'a> {
    universe: &'u Universe<'a>,
    enums: &'u Enums,
    diagnostics: Vec<Diagnostic>,
    queue: VecDeque<(TypeName, TypeEntry<'a>)>,
    queued: HashSet<TypeName>,
    /// Well-known types whose source is not loaded, defined from the built-in table.
    custom: BTreeMap<TypeName, (DefinitionBody, Span)>,
    /// Where each package that could not be found was looked for.
    searched: &'u BTreeMap<String, Vec<String>>,
    unions: unions::UnionCache<'u>,
    options: Options,
    /// The findings said once per run (`once.rs`): a missing package, an embedded type of
    /// one (without a module cache every CRD type inlines `metav1.TypeMeta`), a `+default`
    /// marker or a doc comment's validation markers on a type many fields reach.
    once: Once,
    /// The definition being resolved, and the types each definition reached (its field
    /// types, enums, inlined structs): the edges of the output closure.
    current: Option<TypeName>,
    edges: HashMap<TypeName, BTreeSet<TypeName>>,
    /// The edges of the definition being resolved, moved into `edges` when it is done.
    reached: BTreeSet<TypeName>,
    /// The roots are CRD kinds, which controller-gen generated: an anonymous struct they reach
    /// is one controller-gen refuses (reported per property).
    controller_gen: bool,
}

impl<'a> Resolver<'_, 'a> {
    /// Value-validation markers on the input packages' non-struct types, which openapi-gen
    /// does not read (see `validations::on_non_struct`), reported in package and name order.
    fn validate_non_struct_types(&mut self) {
        let universe = self.universe;
        for path in &universe.order {
            let package = &universe.packages[path];
            if !package.package.is_input {
                continue;
            }
            let mut names: Vec<_> = package.types.iter().collect();
            names.sort_by_key(|(name, _)| **name);
            for (name, entry) in names {
                if universe.struct_of(*entry).is_none() {
                    validations::on_non_struct(
                        &entry.decl.doc,
                        name,
                        &mut self.once,
                        &mut self.diagnostics,
                    );
                }
            }
        }
    }

    /// Resolves the queued definitions (and what they enqueue) in turn; with the roots whose
    /// own fields OpenAPI cannot describe, and the findings that say why (moved out of the
    /// diagnostics for the closure to judge).
    ///
    /// The queue is taken a wave at a time (a wave: what the previous one enqueued), each
    /// definition of a wave resolved on its own in parallel (`resolve_one`), then merged in
    /// queue order (`merge`): the same definitions, diagnostics and order as one by one.
    fn drain_queue(&mut self) -> (Vec<Definition>, BTreeMap<TypeName, Vec<Diagnostic>>) {
        let mut definitions = Vec::new();
        let mut undescribable: BTreeMap<TypeName, Vec<Diagnostic>> = BTreeMap::new();
        if !self.queue.is_empty() {
            self.unions.prepare(self.universe);
        }
        while !self.queue.is_empty() {
            let wave: Vec<_> = self.queue.drain(..).collect();
            let unions = std::mem::take(&mut self.unions);
            let this = &*self;
            // The kube-openapi behaviour is per thread: the workers take this one's.
            let versions = crate::kube_openapi_versions::inherit();
            let resolved: Vec<Resolved<'a>> = wave
                .into_par_iter()
                .with_max_len(1)
                .map(|(name, entry)| versions.enter(|| this.fork(&unions).resolve_one(name, entry)))
                .collect();
            self.unions = unions;
            for one in resolved {
                self.merge(one, &mut definitions, &mut undescribable);
            }
        }
        (definitions, undescribable)
    }

    /// A resolver for one definition of a wave: the run's inputs, nothing said or queued yet.
    fn fork<'w>(&'w self, unions: &'w unions::UnionCache<'_>) -> Resolver<'w, 'a> {
        Resolver {
            universe: self.universe,
            enums: self.enums,
            diagnostics: Vec::new(),
            queue: VecDeque::new(),
            queued: HashSet::default(),
            custom: BTreeMap::new(),
            searched: self.searched,
            unions: unions.for_definition(),
            options: self.options,
            once: Once::default(),
            current: None,
            edges: HashMap::default(),
            reached: BTreeSet::new(),
            controller_gen: self.controller_gen,
        }
    }

    /// Resolves one definition with a [`Resolver::fork`]: what it found, for [`Resolver::merge`].
    fn resolve_one(mut self, name: TypeName, entry: TypeEntry<'a>) -> Resolved<'a> {
        self.current = Some(name.clone());
        let definition = self.definition(name.clone(), entry);
        Resolved {
            name,
            definition,
            diagnostics: self.diagnostics,
            once: self.once.into_pushed(),
            enqueued: self.queue,
            reached: self.reached,
            custom: self.custom,
            unions: self.unions.into_computed(),
        }
    }

    /// Takes in one definition of a wave, in queue order: findings said once already are
    /// dropped, what it enqueued and not queued yet is queued.
    fn merge(
        &mut self,
        resolved: Resolved<'a>,
        definitions: &mut Vec<Definition>,
        undescribable: &mut BTreeMap<TypeName, Vec<Diagnostic>>,
    ) {
        let Resolved {
            name,
            definition,
            diagnostics,
            once,
            enqueued,
            reached,
            custom,
            unions,
        } = resolved;
        let own = without(diagnostics, self.once.said_before(once));
        for (queued, entry) in enqueued {
            if self.queued.insert(queued.clone()) {
                self.queue.push_back((queued, entry));
            }
        }
        if !reached.is_empty() {
            self.edges.insert(name.clone(), reached);
        }
        for (custom_name, body) in custom {
            self.custom.entry(custom_name).or_insert(body);
        }
        self.unions.absorb(unions);
        let unsupported = own
            .iter()
            .any(|d| d.code == Code::ResolveUnsupportedType && d.severity == Severity::Error);
        // openapi-gen fails on a type it cannot write: no root is left out there.
        if unsupported && !self.options.openapi_gen {
            let (why, rest): (Vec<_>, Vec<_>) = own
                .into_iter()
                .partition(|d| d.code == Code::ResolveUnsupportedType);
            self.diagnostics.extend(rest);
            undescribable.insert(name, why);
        } else {
            self.diagnostics.extend(own);
        }
        if let Some(definition) = definition {
            definitions.push(definition);
        }
    }

    /// Definitions of the well-known types whose source is not loaded, from the built-in table.
    fn define_custom(&mut self, definitions: &mut Vec<Definition>) {
        for (name, (body, span)) in std::mem::take(&mut self.custom) {
            definitions.push(Definition {
                overrides: well_known::overrides(&name),
                name,
                doc: Vec::new(),
                body,
                span,
                validations: None,
                extensions: Vec::new(),
                model_name: None,
            });
        }
    }
}

/// What resolving one definition found, before it is merged into the run's.
struct Resolved<'a> {
    name: TypeName,
    definition: Option<Definition>,
    diagnostics: Vec<Diagnostic>,
    /// The findings said once, with their diagnostics (indices into `diagnostics`).
    once: Vec<(Range<usize>, OnceKey)>,
    enqueued: VecDeque<(TypeName, TypeEntry<'a>)>,
    reached: BTreeSet<TypeName>,
    custom: BTreeMap<TypeName, (DefinitionBody, Span)>,
    unions: unions::Computed,
}

/// `diagnostics` without those in `dropped` (disjoint ranges).
fn without(diagnostics: Vec<Diagnostic>, dropped: Vec<Range<usize>>) -> Vec<Diagnostic> {
    if dropped.iter().all(|range| range.is_empty()) {
        return diagnostics;
    }
    let mut keep = vec![true; diagnostics.len()];
    for range in dropped {
        keep[range].fill(false);
    }
    diagnostics
        .into_iter()
        .zip(keep)
        .filter_map(|(diagnostic, keep)| keep.then_some(diagnostic))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::diag::Code;
    use crate::source::FileId;

    /// Resolves one input package made of `text` (import path `example.com/p`).
    pub(crate) fn resolve_text(text: &str) -> (ApiModel, Vec<Diagnostic>) {
        let (decls, syntax) = crate::syntax::parse(FileId(0), text);
        assert!(syntax.is_empty(), "{syntax:?}");
        let package = LoadedPackage {
            import_path: "example.com/p".into(),
            is_input: true,
            files: vec![LoadedFile {
                id: FileId(0),
                decls,
            }],
        };
        let options = Options {
            dependency_definitions: false,
            openapi_gen: false,
            kubebuilder: false,
        };
        let (model, _, diagnostics) =
            resolve(&[package], &BTreeMap::new(), options, &Roots::InputStructs);
        (model, diagnostics)
    }

    pub(crate) fn codes(diagnostics: &[Diagnostic]) -> Vec<Code> {
        diagnostics.iter().map(|d| d.code).collect()
    }

    /// A chain of 5,000 aliases, each one level deeper (`type T0 = []T1`), overflowed the
    /// stack: nesting through aliases is now bounded and reported on the field.
    #[test]
    fn deep_alias_chains_are_reported_not_overflowed() {
        let mut text = String::from("package p\n\ntype S struct {\n\tA T0 `json:\"a\"`\n}\n");
        for i in 0..5000 {
            text.push_str(&format!("type T{i} = []T{}\n", i + 1));
        }
        text.push_str("type T5000 string\n");
        let (_, diagnostics) = resolve_text(&text);
        assert_eq!(codes(&diagnostics), vec![Code::ResolveTooDeep]);
        assert!(diagnostics[0].message.contains("deeper than"));
    }

    /// A wave's definitions are resolved in parallel: a finding said once (here a missing
    /// package's embedded type and field type, reached by every struct) is said at the first
    /// definition in queue order, as one by one, whatever the number of threads.
    #[test]
    fn findings_said_once_follow_queue_order_in_parallel() {
        let mut text = String::from("package p\n\nimport m \"example.com/missing\"\n");
        for i in 0..64 {
            text.push_str(&format!(
                "\ntype S{i:02} struct {{\n\tm.Base `json:\",inline\"`\n\tX m.Thing `json:\"x\"`\n}}\n"
            ));
        }
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let (model, diagnostics) = pool.install(|| resolve_text(&text));
            let said: Vec<_> = diagnostics
                .iter()
                .map(|d| {
                    (
                        d.code,
                        d.primary.as_ref().map(|s| s.start),
                        d.message.clone(),
                    )
                })
                .collect();
            (model.definitions.len(), said)
        };
        let (definitions, said) = run(1);
        assert_eq!(definitions, 64);
        // One for the embedded type, one for the package: both at S00's fields.
        assert_eq!(said.len(), 2, "{said:?}");
        let s00_end = text.find("type S01").unwrap() as u32;
        assert!(said
            .iter()
            .all(|(code, start, _)| *code == Code::ResolvePackageNotFound
                && start.is_some_and(|start| start < s00_end)));
        for threads in [2, 4, 8] {
            assert_eq!(
                run(threads),
                (definitions, said.clone()),
                "{threads} threads"
            );
        }
    }

    /// An embedded standard-library struct (metallb's `sync.Mutex` in a config struct) is no
    /// package to fetch: the standard library is not read, and said so.
    #[test]
    fn an_embedded_standard_library_struct_is_not_a_missing_package() {
        let (_, diagnostics) = resolve_text(
            "package p\n\nimport \"sync\"\n\ntype Config struct {\n\tsync.Mutex\n\tA string `json:\"a\"`\n}\n",
        );
        assert_eq!(codes(&diagnostics), vec![Code::ResolveStandardLibraryType]);
        assert!(diagnostics[0]
            .message
            .contains("`sync.Mutex`, a standard-library type"));
        assert!(!diagnostics[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("go mod"));
    }

    /// Recursive non-struct types and alias cycles cannot be inlined: a diagnostic, no hang.
    #[test]
    fn recursive_non_struct_types_are_reported() {
        for (decl, code) in [
            ("type L []L", Code::ResolveRecursiveType),
            ("type L map[string]L", Code::ResolveRecursiveType),
            ("type L *L", Code::ResolveRecursiveType),
            (
                "type L []M\ntype M map[string]L",
                Code::ResolveRecursiveType,
            ),
            ("type L = H\ntype H = L", Code::ResolveAliasCycle),
            ("type L = []L", Code::ResolveAliasCycle),
            (
                "type L = []H\ntype H = map[string]L",
                Code::ResolveAliasCycle,
            ),
        ] {
            let text = format!("package p\n\n{decl}\n\ntype S struct {{\n\tL L `json:\"l\"`\n}}\n");
            let (_, diagnostics) = resolve_text(&text);
            assert_eq!(codes(&diagnostics), vec![code], "{decl}");
        }
        // A long chain that ends in a cycle is recursive, a long chain without one too deep.
        let mut chain = String::from("package p\n\ntype S struct {\n\tA A0 `json:\"a\"`\n}\n");
        for i in 0..100 {
            chain.push_str(&format!("type A{i} []A{}\n", i + 1));
        }
        let (_, diagnostics) = resolve_text(&format!("{chain}type A100 string\n"));
        assert_eq!(codes(&diagnostics), vec![Code::ResolveTooDeep]);
        let (_, diagnostics) = resolve_text(&format!("{chain}type A100 []A99\n"));
        assert_eq!(codes(&diagnostics), vec![Code::ResolveRecursiveType]);
        // Recursion through a struct is a `$ref`: fine.
        let (model, diagnostics) = resolve_text(
            "package p\n\ntype T struct {\n\tA []T `json:\"a\"`\n\tB *T `json:\"b\"`\n}\n",
        );
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(model.definitions.len(), 1);
    }
}
