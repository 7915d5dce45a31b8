//! The loaded packages as controller-gen's CRD generator sees them ([`Model`]): the root
//! packages of `paths=` and every package their types refer to, each type with its doc
//! comment as controller-gen extracts it ([`doc`]), its markers as controller-gen's registry
//! reads them ([`markers`]: comment order; a marker it does not know where it is written is
//! ignored), its written type with the names resolved as Go's type checker resolves them,
//! and the kinds (types embedding `metav1.TypeMeta` and `metav1.ObjectMeta`).
//!
//! Which comments hold a declaration's markers follows controller-tools' collector: a type's
//! (or field's) doc comment and the comment group closest above it; a package's, every other
//! top-level comment group and the package doc, plus a type's nearest-group markers that
//! exist only at package level (`+kubebuilder:validation:Optional`, `+groupName`). Only `//`
//! comments hold markers.
//!
//! What controller-gen refuses here (a marker whose value does not parse) is
//! `controller-gen/invalid` at the marker.

pub mod doc;
pub mod findings;
pub mod markers;
pub mod unknown;

use std::collections::{HashMap, VecDeque};

use markers::Target;

use super::universe::{Origin, TypeEntry, Universe};
use crate::controller_gen_versions::{Behaviour, Change};
use crate::diag::Diagnostic;
use crate::load::LoadedPackage;
use crate::model::controller_gen::*;
use crate::model::TypeName;
use crate::source::{SourceMap, Span};
use crate::syntax::{self, ConstExpr, Doc, TypeExpr};

/// The string constants of a package by their (package-local) type: literal values only,
/// declaration order.
fn string_consts(package: &LoadedPackage) -> HashMap<&str, Vec<String>> {
    let mut by_type: HashMap<&str, Vec<String>> = HashMap::new();
    for file in &package.files {
        for spec in &file.decls.consts {
            let Some(TypeExpr::Named {
                package: None,
                name,
                ..
            }) = &spec.ty
            else {
                continue;
            };
            if spec.implicit {
                continue;
            }
            let values = by_type.entry(name.as_str()).or_default();
            for value in &spec.values {
                if let ConstExpr::Str(bytes) = value {
                    values.push(String::from_utf8_lossy(bytes).into_owned());
                }
            }
        }
    }
    by_type
}

/// Standard library types API structs use, which union-gen does not read from a Go
/// installation: (package, name, underlying basic type, doc comment as controller-gen
/// extracts it). Their docs have not changed since Go 1.0.
const STANDARD_TYPES: &[(&str, &str, &str, &str)] = &[(
    "time",
    "Duration",
    "int64",
    "A Duration represents the elapsed time between two instants\nas an int64 nanosecond count. The representation limits the\nlargest representable duration to approximately 290 years.",
)];

/// The package whose `TypeMeta` and `ObjectMeta` make a type a kind.
pub const METAV1: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";

/// Where controller-gen's `crd` generator starts reading types, so that no more is loaded than
/// it reads ([`crate::load::Reach::Types`]): the root types that may be kinds (structs with
/// embedded fields named `TypeMeta` and `ObjectMeta`; [`Builder::kinds`] decides) and metav1
/// itself when a root imports it ([`Builder::kinds`], [`Builder::metav1_missing`]).
/// controller-gen reads no other type: the schemas of the kinds are all it writes, and the
/// types they reach are read (with their packages) as they are reached.
pub fn load_seeds(loaded: &[LoadedPackage]) -> Vec<crate::load::Seed> {
    let mut seeds = Vec::new();
    for package in loaded.iter().filter(|p| p.is_input) {
        let from = &package.import_path;
        let mut imports_metav1 = false;
        for file in &package.files {
            imports_metav1 |= file.decls.imports.iter().any(|i| i.path == METAV1);
            for decl in &file.decls.types {
                if may_be_kind(&decl.ty) {
                    seeds.push(crate::load::Seed {
                        from: from.clone(),
                        package: from.clone(),
                        name: Some(decl.name.clone()),
                    });
                }
            }
        }
        if imports_metav1 {
            seeds.push(crate::load::Seed {
                from: from.clone(),
                package: METAV1.to_string(),
                name: None,
            });
        }
    }
    seeds
}

/// A struct with embedded fields named `TypeMeta` and `ObjectMeta` (however qualified).
fn may_be_kind(ty: &TypeExpr) -> bool {
    let TypeExpr::Struct(fields) = ty else {
        return false;
    };
    let embeds = |meta: &str| {
        fields.iter().filter(|f| f.is_embedded()).any(|f| {
            let ty = match &f.ty {
                TypeExpr::Pointer(inner) => inner.as_ref(),
                ty => ty,
            };
            matches!(ty, TypeExpr::Named { name, .. } if name == meta)
        })
    };
    embeds("TypeMeta") && embeds("ObjectMeta")
}

/// The model and what controller-gen refuses in it.
pub struct Resolved {
    pub model: Model,
    pub diagnostics: Vec<Diagnostic>,
    /// The marker comments of the root packages controller-gen's CRD generator does not read
    /// where they are written (for `--deny-unknown-markers`, [`unknown::check`]).
    pub ignored: Vec<unknown::Ignored>,
}

/// Reads the root packages (`is_input`) and every package their types reach, as the release
/// `behaviour` reads them.
pub fn resolve(packages: &[LoadedPackage], sources: &SourceMap, behaviour: &Behaviour) -> Resolved {
    let universe = Universe::build(packages);
    let mut builder = Builder {
        universe: &universe,
        sources,
        behaviour,
        model: Model::default(),
        indices: HashMap::new(),
        positions: HashMap::new(),
        enums: HashMap::new(),
        queue: VecDeque::new(),
        diagnostics: Vec::new(),
        input: false,
        ignored: Vec::new(),
    };
    for package in packages.iter().filter(|p| p.is_input) {
        let index = builder.package_index(&package.import_path);
        builder.model.roots.push(index);
    }
    while let Some((index, path)) = builder.queue.pop_front() {
        builder.read_package(index, &path);
    }
    builder.model.kinds = builder.kinds();
    builder.metav1_missing(packages);
    Resolved {
        model: builder.model,
        diagnostics: builder.diagnostics,
        ignored: builder.ignored,
    }
}

struct Builder<'u, 'a> {
    universe: &'u Universe<'a>,
    sources: &'u SourceMap,
    behaviour: &'u Behaviour,
    model: Model,
    indices: HashMap<String, usize>,
    /// Per package: each type name's position among its declarations (the first wins), made
    /// once per package rather than a scan of its declarations per reference.
    positions: HashMap<&'a str, HashMap<&'a str, usize>>,
    /// Per package: the string constants of each type ([`Builder::enum_values`]), made in one
    /// pass over its constants rather than one per type (quadratic in packages such as
    /// `golang.org/x/sys/unix`).
    enums: HashMap<&'a str, HashMap<&'a str, Vec<String>>>,
    /// Packages given an index and not read yet.
    queue: VecDeque<(usize, String)>,
    diagnostics: Vec<Diagnostic>,
    /// The package being read is a root package (`paths=`).
    input: bool,
    ignored: Vec<unknown::Ignored>,
}

impl<'u, 'a> Builder<'u, 'a> {
    fn paragraphs(&self) -> bool {
        self.behaviour.has(Change::DocParagraphs)
    }

    /// The index of the package `path` (read later, once).
    fn package_index(&mut self, path: &str) -> usize {
        if let Some(&index) = self.indices.get(path) {
            return index;
        }
        let index = self.model.packages.len();
        self.model.packages.push(Package {
            path: path.to_string(),
            ..Package::default()
        });
        self.indices.insert(path.to_string(), index);
        self.queue.push_back((index, path.to_string()));
        index
    }

    /// The id of a type declared in a loaded package (its index assigned on first use).
    fn type_id(&mut self, name: &TypeName) -> Option<TypeId> {
        let loaded = self.universe.package(&name.package)?.package;
        let positions = self
            .positions
            .entry(loaded.import_path.as_str())
            .or_insert_with(|| {
                let mut positions = HashMap::new();
                let declared = loaded.files.iter().flat_map(|f| &f.decls.types);
                for (position, decl) in declared.enumerate() {
                    positions.entry(decl.name.as_str()).or_insert(position);
                }
                positions
            });
        let position = *positions.get(name.name.as_str())?;
        let package = self.package_index(&name.package);
        Some(TypeId {
            package,
            name: position,
        })
    }

    fn read_package(&mut self, index: usize, path: &str) {
        let Some(package) = self.universe.package(path) else {
            return;
        };
        let loaded = package.package;
        self.input = loaded.is_input;
        let mut read = Package {
            path: path.to_string(),
            name: package.name.to_string(),
            ..Package::default()
        };
        for (file_index, file) in loaded.files.iter().enumerate() {
            let origin = Origin {
                package: &loaded.import_path,
                file: file_index,
            };
            self.package_markers(&mut read, &file.decls);
            for decl in &file.decls.types {
                let ty = self.read_type(origin, decl, &mut read);
                read.types.push(ty);
            }
        }
        let slot = &mut self.model.packages[index];
        *slot = read;
    }

    /// The package-level markers of a file: its package doc and free comments.
    fn package_markers(&mut self, package: &mut Package, decls: &syntax::FileDecls) {
        for doc in [&decls.package_doc, &decls.free_doc] {
            for (text, span) in self.marker_lines(doc) {
                self.package_marker(package, &text, span);
            }
        }
    }

    fn package_marker(&mut self, package: &mut Package, text: &str, span: Span) {
        match markers::read(text, Target::Package, self.behaviour) {
            None => self.ignore(text, span, Target::Package),
            Some(Err(message)) => self.invalid(span, message),
            Some(Ok((name, value))) => match (name, value) {
                ("groupName", MarkerValue::Text(group)) => {
                    package.group.get_or_insert(group);
                }
                ("versionName", MarkerValue::Text(version)) => {
                    package.version_name.get_or_insert(version);
                }
                ("kubebuilder:validation:Optional", _) => package.optional_default = true,
                ("kubebuilder:skip", _) => package.skip = true,
                _ => {}
            },
        }
    }

    /// The `//` marker lines of a doc: their text (trimmed, from `+`) and span.
    fn marker_lines(&self, doc: &Doc) -> Vec<(String, Span)> {
        doc.lines
            .iter()
            .filter(|line| !line.block)
            .filter_map(|line| {
                let text = line.text.trim();
                text.starts_with('+')
                    .then(|| (text.to_string(), line.span.clone()))
            })
            .collect()
    }

    /// Reads the markers of `docs` (in order) for `target`; package-only markers of a type's
    /// nearest group go to `package` (controller-tools re-associates them).
    fn read_markers(
        &mut self,
        docs: &[(&Doc, bool)],
        target: Target,
        mut package: Option<&mut Package>,
    ) -> Vec<Marker> {
        let mut read = Vec::new();
        for (doc, nearest) in docs {
            for (text, span) in self.marker_lines(doc) {
                if *nearest
                    && target == Target::Type
                    && markers::read(&text, Target::Type, self.behaviour).is_none()
                {
                    if let Some(package) = package.as_deref_mut() {
                        self.package_marker(package, &text, span);
                        continue;
                    }
                }
                match markers::read(&text, target, self.behaviour) {
                    None => self.ignore(&text, span, target),
                    Some(Err(message)) => self.invalid(span, message),
                    Some(Ok((name, value))) => read.push(Marker {
                        name: name.to_string(),
                        value,
                        span,
                    }),
                }
            }
        }
        read
    }

    /// A marker comment controller-gen does not read here, kept for [`unknown::check`] when
    /// it is in a root package.
    fn ignore(&mut self, text: &str, span: Span, target: Target) {
        if self.input {
            self.ignored.push(unknown::Ignored {
                text: text.to_string(),
                span,
                target,
            });
        }
    }

    fn invalid(&mut self, span: Span, message: String) {
        self.diagnostics
            .push(findings::invalid_marker(span, &message));
    }

    fn read_type(
        &mut self,
        origin: Origin<'a>,
        decl: &'a syntax::TypeDecl,
        package: &mut Package,
    ) -> Type {
        let docs = [(&decl.nearest_doc, true), (&decl.doc, false)];
        let markers = self.read_markers(&docs, Target::Type, Some(package));
        let expr = self.read_expr(origin, &decl.ty, true, &decl.name_span);
        let name = TypeName {
            package: origin.package.to_string(),
            name: decl.name.clone(),
        };
        Type {
            name: decl.name.clone(),
            doc: doc::extract(&decl.doc, self.sources, self.paragraphs()),
            markers,
            marshals_json: self.has_method(&name, "MarshalJSON", 0),
            marshals_text: self.behaviour.has(Change::TextMarshaler)
                && self.has_method(&name, "MarshalText", 0),
            span: decl.name_span.clone(),
            expr_span: expr.span().clone(),
            expr,
            enum_values: self.enum_values(origin, &decl.name),
        }
    }

    /// Whether the type (or its pointer) has the method, declared or promoted from an
    /// embedded field.
    fn has_method(&self, name: &TypeName, method: &str, depth: usize) -> bool {
        if self.universe.method(name, method).is_some() {
            return true;
        }
        if depth >= crate::limits::EMBEDDING_DEPTH {
            return false;
        }
        let Some(entry) = self.universe.lookup_type(name) else {
            return false;
        };
        let TypeExpr::Struct(fields) = &entry.decl.ty else {
            return false;
        };
        fields.iter().filter(|f| f.is_embedded()).any(|field| {
            let ty = match &field.ty {
                TypeExpr::Pointer(inner) => inner.as_ref(),
                ty => ty,
            };
            match self.universe.resolve(entry.origin, ty) {
                super::universe::GoType::Named(embedded, _) => {
                    self.has_method(&embedded, method, depth + 1)
                }
                _ => false,
            }
        })
    }

    /// The string constants declared with this type in its package, as controller-gen's
    /// `+k8s:enum` collects them: literal values only, declaration order.
    fn enum_values(&mut self, origin: Origin<'a>, type_name: &str) -> Vec<String> {
        let Some(package) = self.universe.package(origin.package) else {
            return Vec::new();
        };
        let loaded = package.package;
        let by_type = self
            .enums
            .entry(loaded.import_path.as_str())
            .or_insert_with(|| string_consts(loaded));
        by_type.get(type_name).cloned().unwrap_or_default()
    }

    fn read_fields(&mut self, origin: Origin<'a>, fields: &'a [syntax::Field]) -> Vec<Field> {
        let mut read = Vec::new();
        for field in fields {
            let docs = [(&field.nearest_doc, true), (field.go_doc(), false)];
            let markers = self.read_markers(&docs, Target::Field, None);
            let expr = self.read_expr(origin, &field.ty, false, &field.span);
            let json = field
                .tag
                .as_deref()
                .and_then(|tag| super::fields::tag_value(tag, "json"))
                .map(str::to_string);
            let doc = doc::extract(field.go_doc(), self.sources, self.paragraphs());
            let names: Vec<String> = if field.is_embedded() {
                vec![String::new()]
            } else {
                field.names.iter().map(|(n, _)| n.clone()).collect()
            };
            for name in names {
                read.push(Field {
                    name,
                    doc: doc.clone(),
                    json: json.clone(),
                    markers: markers.clone(),
                    expr: expr.clone(),
                    span: field.span.clone(),
                });
            }
        }
        read
    }

    /// A written type, its names resolved. `top_level`: the type declaration's own type (a
    /// struct there has fields; elsewhere controller-gen refuses it).
    fn read_expr(
        &mut self,
        origin: Origin<'a>,
        ty: &'a TypeExpr,
        top_level: bool,
        at: &Span,
    ) -> Expr {
        match ty {
            TypeExpr::Named {
                package: None,
                name,
                args,
                span,
            } => {
                if !args.is_empty() {
                    return Expr::Unsupported("*ast.IndexExpr".into(), span.clone());
                }
                Expr::Ident {
                    name: name.clone(),
                    ty: self.ident(origin, ty),
                    span: span.clone(),
                }
            }
            TypeExpr::Named {
                package: Some(qualifier),
                name,
                args,
                span,
            } => {
                if !args.is_empty() {
                    return Expr::Unsupported("*ast.IndexExpr".into(), span.clone());
                }
                Expr::Selector {
                    qualifier: qualifier.clone(),
                    name: name.clone(),
                    ty: self.selector(origin, ty),
                    span: span.clone(),
                }
            }
            TypeExpr::Pointer(inner) => {
                let inner = self.read_expr(origin, inner, false, at);
                let span = inner.span().clone();
                Expr::Pointer(Box::new(inner), span)
            }
            TypeExpr::Slice(elem) | TypeExpr::Array(elem) => {
                let byte_slice = matches!(ty, TypeExpr::Slice(_))
                    && matches!(self.ident(origin, elem), Ident::Basic(ref b) if b == "byte")
                    && matches!(elem.as_ref(), TypeExpr::Named { package: None, name, .. } if name == "byte");
                let elem = self.read_expr(origin, elem, false, at);
                let span = elem.span().clone();
                Expr::Array {
                    elem: Box::new(elem),
                    byte_slice,
                    span,
                }
            }
            TypeExpr::Map(key, value) => {
                let key_check = self.map_key(origin, key);
                let key_span = self.read_expr(origin, key, false, at).span().clone();
                let value = self.read_expr(origin, value, false, at);
                let span = value.span().clone();
                Expr::Map {
                    key: key_check,
                    key_span,
                    value: Box::new(value),
                    span,
                }
            }
            TypeExpr::Struct(fields) => Expr::Struct {
                fields: if top_level {
                    self.read_fields(origin, fields)
                } else {
                    Vec::new()
                },
                top_level,
                span: at.clone(),
            },
            TypeExpr::Interface { .. } => Expr::Interface(at.clone()),
            TypeExpr::Unsupported { what, span } => Expr::Unsupported(what.clone(), span.clone()),
        }
    }

    /// What an unqualified name denotes, an alias's right-hand side followed once.
    fn ident(&mut self, origin: Origin<'a>, ty: &'a TypeExpr) -> Ident {
        let TypeExpr::Named { name, .. } = ty else {
            return Ident::Unknown;
        };
        let entry = self.local_entry(origin, name);
        match entry {
            Some((type_name, entry)) if entry.decl.is_alias => self.alias(&type_name, entry),
            Some((type_name, entry)) => self.named(&type_name, entry),
            None => match super::universe::builtin(name) {
                Some("any" | "error") => Ident::Interface,
                Some(basic) => Ident::Basic(basic.to_string()),
                None => Ident::Unknown,
            },
        }
    }

    /// The declaration an unqualified name refers to: the package's own, else a dot import's.
    fn local_entry(&self, origin: Origin<'a>, name: &str) -> Option<(TypeName, TypeEntry<'a>)> {
        let package = self.universe.package(origin.package)?;
        if let Some(entry) = package.types.get(name) {
            let type_name = TypeName {
                package: origin.package.to_string(),
                name: name.to_string(),
            };
            return Some((type_name, *entry));
        }
        let dots = package.dot_imports.get(origin.file)?;
        dots.iter().find_map(|path| {
            let type_name = TypeName {
                package: path.to_string(),
                name: name.to_string(),
            };
            let entry = self.universe.lookup_type(&type_name)?;
            Some((type_name, entry))
        })
    }

    fn named(&mut self, type_name: &TypeName, entry: TypeEntry<'a>) -> Ident {
        let basic = matches!(
            self.universe.underlying(super::universe::GoType::Named(type_name.clone(), entry)),
            super::universe::GoType::Builtin(b) if !matches!(b, "any" | "error")
        );
        match self.type_id(type_name) {
            Some(id) => Ident::Named { id, basic },
            None => Ident::Unknown,
        }
    }

    /// `type A = X`: a name on the right is A's reference (another alias included); a basic
    /// type keeps A; anything else is not supported.
    fn alias(&mut self, alias_name: &TypeName, entry: TypeEntry<'a>) -> Ident {
        match &entry.decl.ty {
            TypeExpr::Named {
                package: None,
                name,
                args,
                ..
            } if args.is_empty() => match self.local_entry(entry.origin, name) {
                Some((target, target_entry)) => match self.type_id(&target) {
                    Some(id) => Ident::Named {
                        id,
                        basic: !target_entry.decl.is_alias
                            && matches!(
                                self.named(&target, target_entry),
                                Ident::Named { basic: true, .. }
                            ),
                    },
                    None => Ident::Unknown,
                },
                None => match super::universe::builtin(name) {
                    Some("any" | "error") => Ident::Interface,
                    Some(basic) => match self.type_id(alias_name) {
                        Some(alias) => Ident::BasicAlias {
                            alias,
                            basic: basic.to_string(),
                        },
                        None => Ident::Unknown,
                    },
                    None => Ident::Unknown,
                },
            },
            ty @ TypeExpr::Named {
                package: Some(_), ..
            } => self.selector(entry.origin, ty),
            TypeExpr::Interface { .. } => Ident::Interface,
            other => Ident::UnsupportedAlias(describe(other)),
        }
    }

    /// What `pkg.Name` denotes: the named type (or alias) it declares.
    fn selector(&mut self, origin: Origin<'a>, ty: &'a TypeExpr) -> Ident {
        let TypeExpr::Named {
            package: Some(qualifier),
            name,
            span,
            ..
        } = ty
        else {
            return Ident::Unknown;
        };
        let path = self
            .universe
            .import_path(origin, qualifier)
            .unwrap_or(qualifier)
            .to_string();
        let type_name = TypeName {
            package: path.clone(),
            name: name.clone(),
        };
        if self.universe.package(&path).is_none() {
            if let Some(id) = self.standard_type(&path, name, span) {
                return Ident::Named { id, basic: false };
            }
            return Ident::External {
                package: path,
                name: name.clone(),
            };
        }
        match self.universe.lookup_type(&type_name) {
            Some(entry) if entry.decl.is_alias => match self.type_id(&type_name) {
                Some(id) => Ident::Named { id, basic: false },
                None => Ident::Unknown,
            },
            Some(entry) => match self.named(&type_name, entry) {
                // controller-gen does not copy a qualified named type's type and format.
                Ident::Named { id, .. } => Ident::Named { id, basic: false },
                other => other,
            },
            None => Ident::Unknown,
        }
    }

    /// A [`STANDARD_TYPES`] entry, as a package of its own in the model.
    /// `at`: where it is first used (its declaration is not read).
    fn standard_type(&mut self, path: &str, name: &str, at: &Span) -> Option<TypeId> {
        let &(_, _, basic, doc) = STANDARD_TYPES
            .iter()
            .find(|(p, n, _, _)| *p == path && *n == name)?;
        let package = match self.indices.get(path) {
            Some(&index) => index,
            None => {
                let index = self.model.packages.len();
                self.model.packages.push(Package {
                    path: path.to_string(),
                    name: path.rsplit('/').next().unwrap_or(path).to_string(),
                    ..Package::default()
                });
                self.indices.insert(path.to_string(), index);
                index
            }
        };
        let types = &mut self.model.packages[package].types;
        let position = match types.iter().position(|t| t.name == name) {
            Some(position) => position,
            None => {
                let span = at.clone();
                types.push(Type {
                    name: name.to_string(),
                    doc: doc.to_string(),
                    markers: Vec::new(),
                    expr: Expr::Ident {
                        name: basic.to_string(),
                        ty: Ident::Basic(basic.to_string()),
                        span: span.clone(),
                    },
                    marshals_json: false,
                    marshals_text: false,
                    span: span.clone(),
                    expr_span: span,
                    enum_values: Vec::new(),
                });
                types.len() - 1
            }
        };
        Some(TypeId {
            package,
            name: position,
        })
    }

    /// A map key must resolve to a string type (through named types).
    fn map_key(&self, origin: Origin<'a>, key: &'a TypeExpr) -> Result<(), String> {
        let resolved = self.universe.resolve(origin, key);
        match self.universe.underlying(resolved) {
            super::universe::GoType::Builtin("string") => Ok(()),
            _ => Err(describe(key)),
        }
    }

    /// A root imports metav1 but it was not found: no kind can be recognised, and a CRD line
    /// would write nothing (controller-gen fails loading the packages).
    fn metav1_missing(&mut self, packages: &[LoadedPackage]) {
        if self.universe.package(METAV1).is_some() {
            return;
        }
        let import = packages
            .iter()
            .filter(|p| p.is_input)
            .flat_map(|p| &p.files)
            .flat_map(|f| &f.decls.imports)
            .find(|i| i.path == METAV1);
        if let Some(import) = import {
            self.diagnostics
                .push(findings::metav1_missing(import.span.clone(), METAV1));
        }
    }

    /// controller-gen's `FindKubeKinds`: root types that embed `metav1.TypeMeta` and
    /// `metav1.ObjectMeta` (both, by value), when some root imports metav1; sorted by
    /// `Kind.group`.
    fn kinds(&self) -> Vec<(String, String)> {
        let roots_import_metav1 = self.model.roots.iter().any(|&root| {
            self.universe
                .package(&self.model.packages[root].path)
                .is_some_and(|p| {
                    p.package
                        .files
                        .iter()
                        .any(|f| f.decls.imports.iter().any(|i| i.path == METAV1))
                })
        });
        if !roots_import_metav1 {
            return Vec::new();
        }
        let mut kinds: Vec<(String, (String, String))> = Vec::new();
        for &root in &self.model.roots {
            let package = &self.model.packages[root];
            if package.skip {
                continue;
            }
            for ty in &package.types {
                let Expr::Struct { fields, .. } = &ty.expr else {
                    continue;
                };
                let embeds = |meta: &str| {
                    fields.iter().any(|f| {
                        f.name.is_empty()
                            && matches!(&f.expr, Expr::Selector { ty: Ident::Named { id, .. }, name, .. }
                                if name == meta && self.model.packages[id.package].path == METAV1)
                    })
                };
                if embeds("TypeMeta") && embeds("ObjectMeta") {
                    let (group, _) = package.group_version();
                    // `GroupKind.String()`: `Kind.group`, or `Kind` without a group.
                    let key = if group.is_empty() {
                        ty.name.clone()
                    } else {
                        format!("{}.{group}", ty.name)
                    };
                    kinds.push((key, (group, ty.name.clone())));
                }
            }
        }
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        kinds.dedup_by(|a, b| a.1 == b.1);
        kinds.into_iter().map(|(_, kind)| kind).collect()
    }
}

/// How go/types prints a written type, for messages.
fn describe(ty: &TypeExpr) -> String {
    match ty {
        TypeExpr::Named { package, name, .. } => match package {
            Some(qualifier) => format!("{qualifier}.{name}"),
            None => name.clone(),
        },
        TypeExpr::Pointer(inner) => format!("*{}", describe(inner)),
        TypeExpr::Slice(inner) => format!("[]{}", describe(inner)),
        TypeExpr::Array(inner) => format!("[...]{}", describe(inner)),
        TypeExpr::Map(key, value) => format!("map[{}]{}", describe(key), describe(value)),
        TypeExpr::Struct(_) => "struct{...}".into(),
        TypeExpr::Interface { .. } => "interface{}".into(),
        TypeExpr::Unsupported { what, .. } => what.clone(),
    }
}
