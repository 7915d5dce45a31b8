//! Owned per-file declarations extracted from the tree-sitter tree: no tree lifetimes, no
//! name resolution. Positions are [`Span`]s into the original file.

use crate::markers::registry::Kind;
use crate::markers::Marker;
use crate::source::Span;

/// Everything the later stages need from one Go file.
#[derive(Debug, Clone, Default)]
pub struct FileDecls {
    pub package_name: String,
    /// Comment lines directly above the `package` clause (package doc and markers).
    pub package_doc: Doc,
    /// For a file named `doc.go` only: every comment of the file ([`crate::syntax::all_comments`]),
    /// where gengo (openapi-gen's parser) reads package tags.
    pub gengo_package_comments: Option<Doc>,
    pub imports: Vec<Import>,
    pub types: Vec<TypeDecl>,
    pub consts: Vec<ConstSpec>,
    /// Methods with a literal-returning body, used for `OpenAPISchemaType`-style overrides.
    pub methods: Vec<MethodDecl>,
    /// Trailing marker comments after a field (reported as misplaced by resolve).
    pub trailing_markers: Vec<SpannedMarker>,
    /// The top-level `//` comment groups after the package clause that document nothing:
    /// neither a declaration's doc comment (type, const, var, import, function, method) nor
    /// the [`TypeDecl::nearest_doc`] of a type, one after the other (their lines and markers).
    /// controller-gen reads their markers (and the package doc's) as the package's:
    /// `+kubebuilder:rbac` in the block above a reconciler's doc comment,
    /// `+kubebuilder:validation:Optional` in a free comment, a `+groupName` anywhere.
    pub free_doc: Doc,
}

/// One comment line of a doc block, with its `//` (or `/* */`) removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocLine {
    pub text: String,
    pub span: Span,
    /// From a `/* … */` comment (else `//`).
    pub block: bool,
}

/// A marker together with where it was written.
#[derive(Debug, Clone)]
pub struct SpannedMarker {
    pub marker: Marker,
    /// Span of the marker text (from `+`).
    pub span: Span,
    /// Offset of the comment text in the file, to map the marker's inner ranges.
    pub text_offset: u32,
}

impl SpannedMarker {
    /// Span of the marker's value (after `=`), else of the whole marker.
    pub fn value_or_marker_span(&self) -> Span {
        self.marker
            .value_span
            .as_ref()
            .map(|r| self.sub_span(r))
            .unwrap_or_else(|| self.span.clone())
    }

    /// Span of a range inside the marker's comment text (e.g. `marker.value_span`).
    pub fn sub_span(&self, bytes: &std::ops::Range<usize>) -> Span {
        Span {
            file: self.span.file,
            start: self.text_offset + bytes.start as u32,
            end: self.text_offset + bytes.end as u32,
        }
    }
}

/// A doc comment block: its lines, plus the markers among them, plus malformed markers.
#[derive(Debug, Clone, Default)]
pub struct Doc {
    pub lines: Vec<DocLine>,
    pub markers: Vec<SpannedMarker>,
    pub malformed: Vec<(crate::markers::MarkerError, Span)>,
}

impl Doc {
    /// The first marker of a known kind (after gates are unwrapped).
    pub fn marker(&self, kind: Kind) -> Option<&SpannedMarker> {
        let name = kind.name();
        self.markers.iter().find(|m| m.marker.name == name)
    }

    pub fn has_marker(&self, kind: Kind) -> bool {
        self.marker(kind).is_some()
    }
}

#[derive(Debug, Clone)]
pub struct Import {
    /// Explicit name (`corev1 "k8s.io/api/core/v1"`), `_`, or `.`.
    pub alias: Option<String>,
    pub path: String,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct TypeDecl {
    pub name: String,
    pub name_span: Span,
    pub type_params: Vec<String>,
    /// `type A = B`.
    pub is_alias: bool,
    pub ty: TypeExpr,
    /// Doc comment directly above.
    pub doc: Doc,
    /// The block separated from the doc by exactly one blank line (kubebuilder's convention):
    /// only its markers count.
    pub detached_doc: Doc,
    /// The comment group closest above the doc comment, however many blank lines between, back
    /// to the previous declaration: controller-gen reads its markers as the type's
    /// (`detached_doc` is gengo's narrower rule). Empty in a `type ( … )` group's specs.
    pub nearest_doc: Doc,
    /// From the first comment line of its docs to the end of the type: a finding located in
    /// here is about this type (the output closure judges findings by it).
    pub extent: Span,
}

/// A Go type expression as written.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeExpr {
    /// `T`, `pkg.T`, `T[A]`; `package` is the qualifier as written.
    Named {
        package: Option<String>,
        name: String,
        args: Vec<TypeExpr>,
        span: Span,
    },
    Pointer(Box<TypeExpr>),
    Slice(Box<TypeExpr>),
    Array(Box<TypeExpr>),
    Map(Box<TypeExpr>, Box<TypeExpr>),
    Struct(Vec<Field>),
    Interface {
        empty: bool,
    },
    /// Channels, functions and other shapes OpenAPI cannot express.
    Unsupported {
        what: String,
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// Declared names; empty for an embedded field.
    pub names: Vec<(String, Span)>,
    pub ty: TypeExpr,
    /// Raw tag contents (quotes removed, escapes processed).
    pub tag: Option<String>,
    pub tag_span: Option<Span>,
    pub doc: Doc,
    /// Go's own doc comment of the field (`ast.Field.Doc`), when it differs from `doc`:
    /// gengo's rules put the previous field's same-line comment, or the markers of the block
    /// above, into `doc`; controller-gen reads neither there.
    pub go_doc: Option<Doc>,
    /// The comment group closest above the field's doc comment inside the struct, back to the
    /// previous field (its same-line comment excluded): controller-gen reads its markers as the
    /// field's.
    pub nearest_doc: Doc,
    pub span: Span,
}

impl Field {
    /// The field's doc comment as Go's parser attaches it (controller-gen's view).
    pub fn go_doc(&self) -> &Doc {
        self.go_doc.as_ref().unwrap_or(&self.doc)
    }
}

impl PartialEq for Doc {
    fn eq(&self, other: &Doc) -> bool {
        self.lines == other.lines
    }
}

impl Field {
    pub fn is_embedded(&self) -> bool {
        self.names.is_empty()
    }
}

/// One `const` spec, after implicit repetition has been applied.
#[derive(Debug, Clone)]
pub struct ConstSpec {
    pub names: Vec<(String, Span)>,
    pub ty: Option<TypeExpr>,
    pub values: Vec<ConstExpr>,
    /// Index of the spec in its group (the value of `iota`).
    pub iota: u32,
    /// The spec repeats the previous one's type and values (no `= …` written).
    pub implicit: bool,
    /// Index of the group in the file (specs of one `const (…)` share it).
    pub group: u32,
    pub doc: Doc,
    pub span: Span,
}

/// A constant expression, as far as enum values need one.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstExpr {
    /// A string literal, unquoted (raw bytes: Go strings need not be UTF-8).
    Str(Vec<u8>),
    Int(i128),
    Ident(String, Span),
    Qualified {
        package: String,
        name: String,
        span: Span,
    },
    /// `first op₁ e₁ op₂ e₂ …`, evaluated left to right: Go's left-associative chain of binary
    /// operators, kept flat so that `"" + "a" + … ` with thousands of terms (protoc-gen-go's
    /// descriptors) nests no deeper than one level.
    Binary {
        first: Box<ConstExpr>,
        rest: Vec<(BinaryOp, ConstExpr)>,
    },
    /// `T(x)`: a conversion (or a call, which is not constant).
    Call {
        callee: Box<ConstExpr>,
        args: Vec<ConstExpr>,
        span: Span,
    },
    Iota,
    Unsupported {
        text: String,
        span: Span,
    },
}

#[derive(Debug, Clone)]
pub struct MethodDecl {
    pub receiver: String,
    pub name: String,
    /// The method's name (where diagnostics about its body point).
    pub span: Span,
    /// The body is a single `return "literal"` (or `return []string{"a", "b"}`).
    pub returns: Vec<String>,
    /// The returned expression of a single-`return` body, for the schema methods whose bodies
    /// are composite literals (`OpenAPIDefinition`, `OpenAPIV3Definition`).
    pub value: Option<GoValue>,
}

/// A Go expression of a schema method's body, read as far as literals go.
#[derive(Debug, Clone, PartialEq)]
pub enum GoValue {
    /// A string literal, unquoted.
    String(String),
    /// An integer or float literal, as written.
    Number(String),
    Bool(bool),
    Nil,
    /// `T{…}` or `&T{…}` (`ty` as written, `&` included; empty for an elided type), with its
    /// elements: `Key: value` (the key an identifier or a literal) or a bare value.
    Composite {
        ty: String,
        elements: Vec<(Option<GoValue>, GoValue)>,
    },
    /// An identifier or a selector (`ptr`, `spec.Extensions`), as written.
    Name(String),
    /// `f(args…)`.
    Call {
        func: String,
        args: Vec<GoValue>,
    },
    /// Anything else (an operator expression, a closure…): where it is.
    Other(Span),
}

/// Go's binary operators (the spec's `binary_op`, `rel_op`, `add_op`, `mul_op`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    AndNot,
    Shl,
    Shr,
    LogicalAnd,
    LogicalOr,
    Eq,
    NotEq,
    Less,
    LessEq,
    Greater,
    GreaterEq,
}

impl BinaryOp {
    const ALL: [(BinaryOp, &'static str); 19] = [
        (BinaryOp::Add, "+"),
        (BinaryOp::Sub, "-"),
        (BinaryOp::Mul, "*"),
        (BinaryOp::Div, "/"),
        (BinaryOp::Rem, "%"),
        (BinaryOp::And, "&"),
        (BinaryOp::Or, "|"),
        (BinaryOp::Xor, "^"),
        (BinaryOp::AndNot, "&^"),
        (BinaryOp::Shl, "<<"),
        (BinaryOp::Shr, ">>"),
        (BinaryOp::LogicalAnd, "&&"),
        (BinaryOp::LogicalOr, "||"),
        (BinaryOp::Eq, "=="),
        (BinaryOp::NotEq, "!="),
        (BinaryOp::Less, "<"),
        (BinaryOp::LessEq, "<="),
        (BinaryOp::Greater, ">"),
        (BinaryOp::GreaterEq, ">="),
    ];

    /// The operator as Go writes it.
    pub fn as_str(self) -> &'static str {
        Self::ALL[self as usize].1
    }

    /// The operator written `text`, if it is one.
    pub fn from_text(text: &str) -> Option<BinaryOp> {
        Self::ALL
            .iter()
            .find(|(_, written)| *written == text)
            .map(|(op, _)| *op)
    }
}
