//! The stable diagnostic codes, their default severities and the texts `explain` prints.

use super::Severity;

macro_rules! codes {
    ($( $variant:ident = $name:literal, $severity:ident, $explain:literal; )*) => {
        /// A stable diagnostic code (`family/name`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $( $variant, )* }

        /// Every code, in documentation order.
        pub const ALL_CODES: &[Code] = &[ $( Code::$variant, )* ];

        impl Code {
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $name, )* }
            }

            pub fn default_severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }

            /// Rationale with a wrong and a right example, printed by `union-gen explain`.
            pub fn explanation(self) -> &'static str {
                match self { $( Code::$variant => $explain, )* }
            }

            pub fn from_name(name: &str) -> Option<Code> {
                match name { $( $name => Some(Code::$variant), )* _ => None }
            }
        }
    };
}

codes! {
    EnumNotString = "enum/not-string", Error,
"A type marked `+enum` (or `+k8s:enum`) must have string as its underlying type: an OpenAPI
enum of this tool is a list of strings deduced from the type's string constants.

wrong:
    // +enum
    type Priority int

right:
    // +enum
    type Priority string
";
    EnumNoValues = "enum/no-values", Warning,
"No constant of the enum type was found in its package (or in any other loaded package), so
the `enum` list would be empty and is left out. Declare the values as typed constants.

wrong:
    // +enum
    type Mode string
    const Fast = \"Fast\"        // untyped: not a value of Mode

right:
    // +enum
    type Mode string
    const Fast Mode = \"Fast\"
";
    EnumUntypedConstant = "enum/untyped-constant", Warning,
"An untyped constant sits in a const group next to constants of an enum type. Go gives it no
type, so it is not a value of the enum; it is almost always a forgotten type.

wrong:
    const (
        Fast Mode = \"Fast\"
        Slow = \"Slow\"
    )

right:
    const (
        Fast Mode = \"Fast\"
        Slow Mode = \"Slow\"
    )
";
    EnumUnevaluableConstant = "enum/unevaluable-constant", Warning,
"A typed constant of an enum type has a value this tool cannot evaluate (a function call, an
arithmetic expression on strings, a constant whose package is not loaded). It is left out of
the enum list.

wrong:
    const Fast Mode = Mode(strings.ToUpper(\"fast\"))

right:
    const Fast Mode = \"FAST\"
";
    EnumExplicitMismatch = "enum/explicit-mismatch", Warning,
"`+kubebuilder:validation:Enum=…` lists values that differ from the constants deduced for the
`+enum` type. The explicit list wins; make the two agree.

wrong:
    // +enum
    // +kubebuilder:validation:Enum=Fast;Slow;Medium
    type Mode string   // constants: Fast, Slow

right:
    // +enum
    // +kubebuilder:validation:Enum=Fast;Slow
    type Mode string
";
    EnumExplicitNotWritten = "enum/explicit-not-written", Warning,
"`+kubebuilder:validation:Enum` on a field that is not a string (an integer, a list, a
struct): controller-gen writes the list into its CRD, but union-gen writes explicit enum
lists on string fields only, so the OpenAPI document has none for this field.

wrong:
    // +kubebuilder:validation:Enum=1;2;4
    Replicas int32 `json:\"replicas\"`     (no enum in union-gen's document)

right:
    // +kubebuilder:validation:Enum=Small;Large
    Size string `json:\"size\"`
";
    MarkerMalformed = "marker/malformed", Error,
"A marker this tool knows is written with broken syntax (an unclosed parenthesis, an
unterminated string, a value that does not parse). Malformed markers are never ignored,
because ignoring them silently changes the generated schema.

wrong:
    // +k8s:unionMember(union: \"backend\"

right:
    // +k8s:unionMember(union: \"backend\")
";
    MarkerMisplaced = "marker/misplaced", Error,
"A known marker sits where it has no meaning: `+enum` on a field, `+unionDiscriminator` on a
type, `+union` on a field, or a marker written as a trailing comment after a field (markers
belong in the doc comment above the field).

wrong:
    Mode string `json:\"mode\"` // +optional

right:
    // +optional
    Mode string `json:\"mode\"`
";
    MarkerUnknownSimilar = "marker/unknown-similar", Warning,
"A marker name is unknown but within two edits of a known one, so it is probably a typo that
would otherwise be silently ignored.

wrong:
    // +unionMemebr

right:
    // +unionMember
";
    FieldDefaultNotZero = "field/default-not-zero", Warning,
"A `+default` applies to a field that is neither a pointer nor `omitempty`, and it is not the
field's zero value. A Go client always writes such a field — with its zero value when unset —
so the API server never sees it missing and never applies the default. openapi-gen refuses
the type (\"invalid default value … for non-pointer/non-omitempty\"), so under
`union-gen openapi-gen` this is an error; controller-gen writes the default into the CRD,
so elsewhere it is a warning and the default is written. The default may come from the
field's type (`+default` above `type Mode string`).

wrong:
    // +default=5
    Replicas int32 `json:\"replicas\"`

right:
    // +default=5
    // +optional
    Replicas *int32 `json:\"replicas,omitempty\"`
";
    FieldOptionalAndRequired = "field/optional-and-required", Error,
"A field carries both an optional marker (`+optional`, `+k8s:optional`) and a required marker
(`+required`, `+k8s:required`). Keep the one you mean.

wrong:
    // +optional
    // +required
    Name string `json:\"name\"`

right:
    // +required
    Name string `json:\"name\"`
";
    FieldPatchTagsMismatch = "field/patch-tags-mismatch", Error,
"The `patchStrategy`/`patchMergeKey` struct tags must equal the `+patchStrategy=`/
`+patchMergeKey=` markers of the field (openapi-gen enforces the same): clients read the tags,
the schema is built from the markers.

wrong:
    // +patchStrategy=merge
    Items []Item `json:\"items\" patchStrategy:\"retainKeys\"`

right:
    // +patchStrategy=merge
    // +patchMergeKey=name
    Items []Item `json:\"items\" patchStrategy:\"merge\" patchMergeKey:\"name\"`
";
    ValidationMalformed = "validation/malformed", Error,
"A `+k8s:validation:` value-validation marker that openapi-gen cannot read, so it fails the
run: a line that is neither `<key>=<JSON>`, `<key>` nor `<key>>text`, a key given two values,
a `key>` line that does not follow the line it continues, list indices that do not start at
0 and go up by one (`cel[0]`, `cel[1]`), a value that is not JSON, or a value of the wrong
JSON type (lengths and counts are integers, `minimum`/`maximum`/`multipleOf` numbers,
`pattern` a string, flags `true`/`false`).

wrong:
    // +k8s:validation:maxLength=\"64\"
    // +k8s:validation:cel[1]:rule=\"self.size() > 0\"     (no cel[0])

right:
    // +k8s:validation:maxLength=64
    // +k8s:validation:cel[0]:rule=\"self.size() > 0\"
    // +k8s:validation:cel[0]:message=\"must not be empty\"
";
    ValidationInvalid = "validation/invalid", Error,
"Value validations that openapi-gen reads and rejects (`commentTags.Validate`), failing the
run: a negative length, count or property count, a minimum above its maximum (or equal to
it with `exclusiveMinimum`/`exclusiveMaximum`), `multipleOf=0`, a `pattern` Go's regexp
package rejects, or a CEL rule without `rule`, without `message`/`messageExpression`, or
with both. Patterns are checked with the regex-syntax parser plus Go's own limits (repeat
counts up to 1000, no `\\<`/`\\>`, flags `imsU` only); Go's `\\Q…\\E` and octal escapes are
reported although Go accepts them.

wrong:
    // +k8s:validation:minLength=10
    // +k8s:validation:maxLength=5
    // +k8s:validation:cel[0]:rule=\"self.size() > 0\"      (no message)

right:
    // +k8s:validation:minLength=5
    // +k8s:validation:maxLength=10
    // +k8s:validation:cel[0]:rule=\"self.size() > 0\"
    // +k8s:validation:cel[0]:message=\"must not be empty\"
";
    ValidationWrongType = "validation/wrong-type", Error,
"A value validation on a type it cannot apply to (`commentTags.ValidateType`), which fails
openapi-gen's run: lengths and `pattern` on a non-string, `minimum`/`maximum`/`multipleOf`/
`exclusive*` on a non-number, `minItems`/`maxItems`/`uniqueItems`/`items:` on a non-list,
`minProperties`/`maxProperties` on something other than a map or struct,
`additionalProperties:` on a non-map, or `properties:<name>:` naming no field of the struct
(by its JSON name). Types with schema methods (`OpenAPIDefinition`, `OpenAPISchemaType`…)
are not checked, as openapi-gen does not check them.

wrong:
    // +k8s:validation:maxLength=5
    Replicas int32 `json:\"replicas\"`

right:
    // +k8s:validation:maximum=5
    Replicas int32 `json:\"replicas\"`
";
    ValidationIgnored = "validation/ignored", Warning,
"A value-validation marker that openapi-gen reads past without effect, so neither its Go
file nor union-gen's documents have it: an unknown key (a typo: openapi-gen skips keys it
does not know), a `ref(…)` value, `format`, `nullable` or `enum` (read and checked, never
written by openapi-gen's Go output), markers on a non-struct type (openapi-gen reads those
of fields), on a `json:\",string\"` field, or on a type whose `OpenAPIDefinition()` method
supplies the whole schema.

wrong:
    // +k8s:validation:maxLenght=5
    Name string `json:\"name\"`

right:
    // +k8s:validation:maxLength=5
    Name string `json:\"name\"`
";
    ExtensionMalformed = "extension/malformed", Warning,
"A `+k8s:openapi-gen=x-…` extension openapi-gen skips (it logs an error and goes on): the
value has no `:` between the extension's name and its value, or the name does not start with
`x-kubernetes-`.

wrong:
    // +k8s:openapi-gen=x-kubernetes-member-tag

right:
    // +k8s:openapi-gen=x-kubernetes-member-tag:member_test
";
    ExtensionDuplicate = "extension/duplicate", Error,
"One schema would get the same extension twice: two `+k8s:openapi-gen=x-kubernetes-<name>:`
markers with one name, an extension that another marker writes too (`+listType` writes
`x-kubernetes-list-type`), or `+validations=` next to `+k8s:validation:cel[…]` (both write
`x-kubernetes-validations`). openapi-gen writes both into one Go map literal, which does not
compile.

wrong:
    // +k8s:openapi-gen=x-kubernetes-list-type:atomic
    // +listType=atomic

right:
    // +listType=atomic
";
    CrdAnonymousStruct = "crd/anonymous-struct", Warning,
"A CRD kind reaches a field whose type is an anonymous struct (`Spec struct{ … }`,
`map[string]struct{}`). controller-gen refuses those in a CRD's types (its testdata
`inline_struct_error`), so the manifest was made some other way or the field is left out of
it; union-gen describes the type as the object encoding/json writes and goes on. A warning:
only `crd` reports it, and only for what a CRD reaches.

wrong:
    type WidgetSpec struct {
        Size struct{ Width int `json:\"width\"` } `json:\"size\"`
    }

right:
    type Size struct{ Width int `json:\"width\"` }
    type WidgetSpec struct {
        Size Size `json:\"size\"`
    }
";
    SyntaxTooDeep = "syntax/too-deep", Error,
"A type or constant expression nests deeper than union-gen's limit of 100 levels (`[][]…T`,
`*…*T`, `struct{ struct{ … } }`, `\"a\" + (\"b\" + (…))`). Valid Go, but every stage after
the parser walks these trees recursively, and the limit keeps that within a worker thread's
stack. The declaration is skipped. A long flat chain (`\"\" + \"a\" + \"b\" + …`, as
protoc-gen-go writes) is one level, whatever its length.

wrong:
    type Grid [][][][]…[]string          // 101 levels

right:
    type Row []string
    type Grid []Row                      // name the inner levels
";
    SyntaxParseError = "syntax/parse-error", Error,
"A declaration the tool needs does not parse as Go. The rest of the file and the other files
are still processed, but the broken declaration is skipped.

wrong:
    type Spec struct {
        Mode string `json:\"mode\"
    }

right:
    type Spec struct {
        Mode string `json:\"mode\"`
    }
";
    IoNotUtf8 = "io/not-utf8", Error,
"Go source files must be UTF-8. The file is skipped; the position is that of the first
invalid byte. Re-encode the file as UTF-8.

wrong:
    // types.go saved as Latin-1: `Größe` is the byte sequence 47 72 F6 DF 65

right:
    // types.go saved as UTF-8 (`iconv -f latin1 -t utf-8`)
";
    IoUnreadable = "io/unreadable", Error,
"A file or directory could not be read (permissions, a broken link, a device). It is skipped
and the run fails with exit 2 (an I/O error), because the output would silently miss its
declarations; nothing is written.

wrong:
    $ ls -l api/v1/types.go
    --w------- types.go      (or a broken symlink)

right:
    $ chmod a+r api/v1/types.go
";
    GoUnsupported = "go/unsupported", Error,
"`union-gen openapi-gen` (the Go output) meets something openapi-gen writes that union-gen's
Go emitter will not write, because openapi-gen's own text would be broken: a model-name file
with invalid Go (a model name with a quote or backslash), an anonymous struct field (openapi-gen
refers to a definition that does not exist), a list or map of a named interface type
(openapi-gen fails on it). Nothing is written (exit 1).

wrong:
    // +k8s:openapi-model-package=com.example\\v1
    package v1

right:
    // +k8s:openapi-model-package=com.example.v1
    package v1
";
    IoUnwritable = "io/unwritable", Error,
"An output file could not be written (a missing directory, permissions, a full disk). Exit
2, and no output of the run is changed: files are replaced all or none.

wrong:
    $ union-gen generate --v2 api/openapi/swagger.json ./pkg/apis/...    (api/openapi missing)

right:
    $ mkdir -p api/openapi && union-gen generate --v2 api/openapi/swagger.json ./pkg/apis/...
";
    CliUsage = "cli/usage", Error,
"The command line cannot run as given: contradictory flags, a package pattern that names no
package, a value that looks like something else. Exit 2 and nothing is written. With
`--message-format json|github` it is reported in that format; a command line that cannot be
parsed at all (an unknown flag) is always plain text.

wrong:
    union-gen generate --v2 - --v3 - ./...        (two documents to stdout)
    union-gen generate --version ./pkg/apis/...   (the pattern as info.version)

right:
    union-gen generate --v2 api/swagger.json --v3 - ./...
    union-gen generate --info-version v1.2.3 ./pkg/apis/...
";
    ControllerGenUnsupportedGenerator = "controller-gen/unsupported-generator", Error,
"`union-gen controller-gen` writes the generators of kubebuilder's `make manifests` line
(`crd`, `rbac`, `webhook`). controller-gen's other generators (`object`, which writes Go
code, `applyconfiguration`, `schemapatch`) are refused by name rather than skipped: keep them
in a controller-gen line of their own. Exit 2, nothing is written.

wrong:
    union-gen controller-gen object:headerFile=hack/boilerplate.go.txt crd paths=./...

right:
    $(CONTROLLER_GEN) object:headerFile=hack/boilerplate.go.txt paths=./...
    union-gen controller-gen crd paths=./...
";
    ControllerGenInvalid = "controller-gen/invalid", Error,
"controller-gen refuses this input, and so does `union-gen controller-gen` (with controller-gen's
own words): a marker whose value does not parse or does not apply where it is written
(`+kubebuilder:validation:Maximum` on a string, `+listMapKey` without `+listType=map`), a type
a CRD cannot hold (a float without `crd:allowDangerousTypes=true`, an interface, a map with
non-string keys, an anonymous struct), a struct field without a `json` tag, a CRD without a
storage version. Nothing is written (exit 1).

wrong:
    // +kubebuilder:validation:Maximum=10
    Name string `json:\"name\"`

right:
    // +kubebuilder:validation:MaxLength=10
    Name string `json:\"name\"`
";
    ControllerGenUnresolved = "controller-gen/unresolved", Error,
"A type a CRD needs lives in a package union-gen did not find (not in `vendor/`, the module
cache or a `replace` directory), so its schema is unknown and the CRD is not written.
controller-gen finds packages through `go list`, which downloads modules; union-gen reads what
is on disk. Fill the module cache or vendor the dependencies first.

wrong:
    $ union-gen controller-gen crd paths=./api/...     (k8s.io/api not downloaded)

right:
    $ go mod download && union-gen controller-gen crd paths=./api/...
";
    ControllerGenVersionUnknown = "controller-gen/version-unknown", Warning,
"`union-gen controller-gen` writes what the controller-gen release the project pins writes
(the `controller-gen.kubebuilder.io/version` annotation included). The release is read from
`--controller-gen-version`, else the Makefile (`CONTROLLER_TOOLS_VERSION ?= v0.16.4`,
`controller-gen@v0.16.4`) or `hack/` scripts, else a tools module's `go.mod`. None was
found (or it is not a release `vX.Y.Z`, or older than the oldest union-gen copies): the
newest release union-gen knows is copied, and its version is written into the annotation.

wrong:
    CONTROLLER_TOOLS_VERSION ?= $(shell cat .controller-gen-version)

right:
    CONTROLLER_TOOLS_VERSION ?= v0.16.4
    (or: union-gen controller-gen --controller-gen-version v0.16.4 …)
";
    CliDeprecatedFlag = "cli/deprecated-flag", Warning,
"A flag spelled the old way still works, with this warning; the next major version drops it.

wrong:
    union-gen generate --title API --version 1.0 ./pkg/apis/...

right:
    union-gen generate --info-title API --info-version 1.0 ./pkg/apis/...
";
    ResolvePackageNotFound = "resolve/package-not-found", Warning,
"A referenced package is neither an input nor found in vendor/, a replace target or the module
cache. Its types become `$ref`s to their would-be definition names and its enum values are
unknown. Add the package to the inputs, vendor it, or populate the module cache
(`go mod download`).

wrong:
    import metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"   // not in vendor/ nor the cache

right:
    $ go mod download    # or: go mod vendor
";
    ResolveNoGoMod = "resolve/no-go-mod", Warning,
"No go.mod was found above an input package, so its import path is taken relative to the
working directory. Definition names then depend on where the tool runs; add a go.mod.

wrong:
    api/v1/types.go            # no go.mod in api/v1 or above

right:
    go.mod: module example.com/shop
    api/v1/types.go
";
    ResolveNameCollision = "resolve/name-collision", Error,
"Two different types get the same definition name (usually with `--naming short`, where only
the last element of the import path is kept). One would overwrite the other; use
`--naming rest` or `--naming go`.

wrong:
    union-gen generate --naming short ./apps/v1 ./batch/v1   # both define v1.Condition

right:
    union-gen generate --naming rest ./apps/v1 ./batch/v1
";
    ResolveRecursiveType = "resolve/recursive-type", Error,
"A named type that is not a struct contains itself (`type L []L`, `type M map[string]M`,
`type P *P`, or a cycle through several such types). Non-struct types are inlined into the
property that uses them, as in Kubernetes' published spec, so the schema would be infinite;
openapi-gen recurses on such a type until it crashes. The property is left out and the run
fails. Put a struct in the cycle: a struct is a definition, and the cycle becomes a `$ref`.

wrong:
    type Tree []Tree
    type Spec struct {
        Tree Tree `json:\"tree\"`
    }

right:
    type Tree struct {
        Children []Tree `json:\"children,omitempty\"`
    }
";
    ResolveAliasCycle = "resolve/alias-cycle", Error,
"Type aliases refer to themselves, directly or through other aliases (`type A = []A`,
`type A = B` with `type B = A`). The Go compiler rejects this (\"invalid recursive type
alias\"); the property is left out and the run fails. Make one of the aliases a defined type.

wrong:
    type A = B
    type B = A

right:
    type A = B
    type B string
";
    ResolveTooDeep = "resolve/too-deep", Error,
"A type nests deeper than this tool follows: more than 64 named types or aliases inside each
other (`type A0 []A1`, `type A1 []A2`, …), or more than 64 levels of inlined embedded
structs. This is valid Go, but the schema would be cut off, so the run fails rather than
write it. (Nesting written out in one type expression, `[][]…T`, is limited by the parser:
`syntax/parse-error`.) Flatten the chain.

wrong:
    type Level0 struct { Level1 }     // … 65 levels of embedded structs
    type Level1 struct { Level2 }

right:
    type Spec struct {
        Level64 Level64 `json:\"level64\"`   // a named field is a `$ref`, not inlined
    }
";
    ResolveUnsupportedType = "resolve/unsupported-type", Error,
"A serialised field has a type OpenAPI cannot describe the way openapi-gen writes schemas: a
map whose keys are not strings (openapi-gen: \"map with non-string keys are not supported by
OpenAPI\"), a channel, a function, a complex number. The property would be the empty schema
`{}`, which accepts anything, so the run fails instead (openapi-gen fails too). Use a
string-keyed map, or keep the field out of JSON.

wrong:
    type Spec struct {
        Ports map[int]string `json:\"ports\"`
    }

right:
    type Spec struct {
        Ports map[string]string `json:\"ports\"`   // or []NamedPort
    }
";
    ResolveLeftOut = "resolve/left-out", Warning,
"A type the run would start from (`generate` and `check`: every exported struct of the input
packages) has a field OpenAPI cannot describe (a function, a channel, a map with non-string
keys), and no definition of the run refers to it: a test fake, a visitor, a controller-only
struct. controller-gen and openapi-gen never look at such a type, since no CRD kind reaches it
and it is not opted in, so it is left out of the output with this warning instead of failing
the run. Reached from a definition, the same field is `resolve/unsupported-type`, an error.

wrong:
    type Stub struct {          // nothing refers to Stub: left out, with this warning
        GetKey func() string
    }

right:
    // +k8s:openapi-gen=false   (not an API type: no warning)
    type Stub struct {
        GetKey func() string
    }
";
    ResolveUndefinedType = "resolve/undefined-type", Warning,
"A field's type names a type that no loaded package declares (a typo, a type deleted, a
package that is loaded but does not have it). The Go compiler would reject the package;
the property is written as the empty schema `{}`. Declare the type or fix its name.

wrong:
    type Spec struct {
        Hooks []Hook `json:\"hooks\"`   // no type Hook anywhere
    }

right:
    type Hook struct {
        Name string `json:\"name\"`
    }
";
    ResolveUnreadableSchemaMethod = "resolve/unreadable-schema-method", Error,
"A type's `OpenAPIDefinition()` or `OpenAPIV3Definition()` method supplies its schema, and
its body is not something union-gen can read into the OpenAPI documents: it must be a single
`return common.OpenAPIDefinition{Schema: spec.Schema{…}}` of literal values (strings,
numbers, booleans, `[]string{…}`, `map[string]…{…}`, nested `spec.Schema{…}`). A call, a
variable or a field union-gen does not read would make the documents differ from what
kube-openapi's builders serve. `union-gen openapi-gen` calls the method in the Go output and
does not read the body, so there this is never reported.

wrong:
    func (Quantity) OpenAPIDefinition() common.OpenAPIDefinition {
        return quantityDefinition()
    }

right:
    func (Quantity) OpenAPIDefinition() common.OpenAPIDefinition {
        return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{
            Type: []string{\"string\"}, Format: \"quantity\"}}}
    }
";
    ResolveGenericInstance = "resolve/generic-instance", Warning,
"A field's type is an instance of a generic type (`Holder[string]`). Generic types get no
OpenAPI definition — openapi-gen makes none either, and writes a `$ref` to a definition that
does not exist — so the property is written as the empty schema (any value). Use a
non-generic named type for API fields.

wrong:
    type Holder[T any] struct{ Item T `json:\"item\"` }
    Names Holder[string] `json:\"names\"`

right:
    type NameHolder struct{ Item string `json:\"item\"` }
    Names NameHolder `json:\"names\"`
";
    ResolveUnresolvedDefaultRef = "resolve/unresolved-default-ref", Warning,
"A `+default=ref(Name)` or `+default=ref(import/path.Name)` marker names no string constant
this tool can find: the package is not loaded or not found (it is looked up like any
dependency: vendor/, replace, the module cache), it declares no such constant, or the
constant is not a string. The default is left out of the OpenAPI documents; the Go output
(`union-gen openapi-gen`) writes the reference as openapi-gen does, which does not compile if
the constant really does not exist. Fix the name, or make the package available.

wrong:
    // +default=ref(k8s.io/api/core/v1.ProtocolTPC)
    Protocol corev1.Protocol `json:\"protocol,omitempty\"`

right:
    // +default=ref(k8s.io/api/core/v1.ProtocolTCP)
    Protocol corev1.Protocol `json:\"protocol,omitempty\"`
";
    UnionUnknownMember = "union/unknown-member", Error,
"A controller-gen union marker (`+kubebuilder:validation:ExactlyOneOf=…`, `AtMostOneOf`,
`AtLeastOneOf`) names a field the type does not have. The names are JSON names of the type's
own fields (inlined embedded fields included), not Go names and not nested paths.
controller-gen does not check them, but writes `has(self.<name>)` into the CRD, which the API
server then rejects (the rule selects an undefined field); a nested path (`a.b`) is
controller-gen's own error.

wrong:
    // +kubebuilder:validation:ExactlyOneOf=ConfigMap;Secret
    type Source struct {
        ConfigMap *ConfigMapSource `json:\"configMap,omitempty\"`
        Secret    *SecretSource    `json:\"secret,omitempty\"`
    }

right:
    // +kubebuilder:validation:ExactlyOneOf=configMap;secret
";
    UnionMultipleDiscriminators = "union/multiple-discriminators", Error,
"A union has exactly one discriminator. With several unions in one struct, tie each member to
its discriminator (`+unionDiscriminatedBy=` or `union: \"name\"`).

wrong:
    // +unionDiscriminator
    Type string `json:\"type\"`
    // +unionDiscriminator
    Kind string `json:\"kind\"`

right:
    // +unionDiscriminator
    Type string `json:\"type\"`
";
    UnionDiscriminatorNotString = "union/discriminator-not-string", Error,
"A discriminator names the member that is set, so its underlying type must be string.

wrong:
    // +unionDiscriminator
    Type int `json:\"type\"`

right:
    // +unionDiscriminator
    Type string `json:\"type\"`
";
    UnionDiscriminatorNotEnum = "union/discriminator-not-enum", Warning,
"In the KEP-1027 `+unionMember` dialect the discriminator should be a `+enum` type, so that its
values (and empty members) are known and validated.

wrong:
    // +unionDiscriminator
    Type string `json:\"type\"`

right:
    // +enum
    type StrategyType string
    // +unionDiscriminator
    Type StrategyType `json:\"type\"`
";
    UnionDiscriminatorWithoutMembers = "union/discriminator-without-members", Warning,
"A discriminator selects one of the union's members; without members it selects nothing.
Mark the member fields (`+unionMember`) or remove the discriminator marker.

A warning, not an error, because the real generators accept it: openapi-gen writes a
`+union` struct whose only union field is the discriminator as
`{\"discriminator\": \"type\", \"fields-to-discriminateBy\": {}}` (union-gen does too) and
ignores a plain `+unionDiscriminator` without members (Kubernetes' `Mutation.patchType`);
validation-gen accepts a `+k8s:unionDiscriminator` whose values have no members yet and
generates no check for it.

wrong:
    // +unionDiscriminator
    Type StrategyType `json:\"type\"`
    Rolling *Rolling `json:\"rolling,omitempty\"`

right:
    // +unionDiscriminator
    Type StrategyType `json:\"type\"`
    // +unionMember
    // +optional
    Rolling *Rolling `json:\"rolling,omitempty\"`
";
    UnionDiscriminatorRequiredness = "union/discriminator-requiredness", Error,
"KEP-1027: the discriminator is required, unless its enum has the value \"\" (then it is
`omitempty`) or it has a `+default` (then it is optional and `omitempty`).

wrong:
    // +unionDiscriminator
    // +optional
    Type StrategyType `json:\"type,omitempty\"`   // no +default, no \"\" value

right:
    // +unionDiscriminator
    Type StrategyType `json:\"type\"`
";
    UnionMemberNotOptional = "union/member-not-optional", Error,
"Every union member is optional: only the selected one is set. This holds for the 2019,
KEP-1027 and controller-gen markers; `+k8s:` members need not be optional (validation-gen
counts a member as set when it is not its zero value).

wrong:
    // +unionMember
    Service *Service `json:\"service\"`

right:
    // +unionMember
    // +optional
    Service *Service `json:\"service,omitempty\"`
";
    UnionMemberNotPointer = "union/member-not-pointer", Warning,
"2019 KEP: `+unionDeprecated` members are pointers, so that \"unset\" is distinguishable from
the zero value (a warning). `+k8s:` union members (validation-gen) must be nilable or
primitive — a pointer, map, slice, string, number or bool — and a plain struct, array or
interface member is an error there, because validation-gen fails to generate for it.

wrong:
    // +unionDeprecated
    Alpha int `json:\"alpha,omitempty\"`

right:
    // +unionDeprecated
    Alpha *int `json:\"alpha,omitempty\"`
";
    UnionDuplicateMemberValue = "union/duplicate-member-value", Error,
"Two members of one union map to the same discriminator value, so the value cannot say which
member is set. Give each member its own value.

wrong:
    // +unionMember=Disk
    Local *Local `json:\"local,omitempty\"`
    // +unionMember=Disk
    Remote *Remote `json:\"remote,omitempty\"`

right:
    // +unionMember=Local
    Local *Local `json:\"local,omitempty\"`
    // +unionMember=Remote
    Remote *Remote `json:\"remote,omitempty\"`
";
    UnionDiscriminatorIsMember = "union/discriminator-is-member", Error,
"A field cannot be both the discriminator of a union and one of its members.

wrong:
    // +unionDiscriminator
    // +unionMember
    Type StrategyType `json:\"type\"`

right:
    // +unionDiscriminator
    Type StrategyType `json:\"type\"`
";
    UnionMemberValueNotInEnum = "union/member-value-not-in-enum", Error,
"A member's discriminator value must be one of the values of the discriminator's enum type,
or the discriminator could never select it.

wrong:
    // StrategyType values: \"Recreate\", \"RollingUpdate\"
    // +unionMember=Rolling
    RollingUpdate *RollingUpdate `json:\"rollingUpdate,omitempty\"`

right:
    // +unionMember=RollingUpdate
    RollingUpdate *RollingUpdate `json:\"rollingUpdate,omitempty\"`
";
    UnionMemberValueJsonMismatch = "union/member-value-json-mismatch", Warning,
"KEP-1027: a custom member value (`+unionMember=<value>`) is the member's JSON name in another
case (`ALPHA` for `alpha`), so that the discriminator's values read like the fields they
select. A value unrelated to the JSON name is most likely a typo or a stale rename.

wrong:
    // +unionMember=BETA
    Alpha *Alpha `json:\"alpha,omitempty\"`

right:
    // +unionMember=ALPHA
    Alpha *Alpha `json:\"alpha,omitempty\"`
";
    UnionUnknownUnion = "union/unknown-union", Error,
"`+unionDiscriminatedBy=` or `union: \"…\"` names a discriminator or union that the struct does
not declare.

wrong:
    // +unionMember
    // +unionDiscriminatedBy=Kind   // the discriminator field is named Type
    Service *Service `json:\"service,omitempty\"`

right:
    // +unionMember
    // +unionDiscriminatedBy=Type
    Service *Service `json:\"service,omitempty\"`
";
    UnionAmbiguousMember = "union/ambiguous-member", Error,
"The struct has several discriminators; a member must say which one it belongs to
(`+unionDiscriminatedBy=` or `union: \"…\"`).

wrong:
    // +unionDiscriminator
    Type BackendType `json:\"type\"`
    // +unionDiscriminator
    Mode ModeType `json:\"mode\"`
    // +unionMember
    Service *Service `json:\"service,omitempty\"`

right:
    // +unionMember
    // +unionDiscriminatedBy=Type
    Service *Service `json:\"service,omitempty\"`
";
    UnionMemberWithoutDiscriminator = "union/member-without-discriminator", Error,
"A KEP-1027 `+unionMember` needs a `+unionDiscriminator` in the same struct (`k8s:` members may
form undiscriminated unions).

wrong:
    type Source struct {
        // +unionMember
        Service *Service `json:\"service,omitempty\"`
    }

right:
    type Source struct {
        // +unionDiscriminator
        Type SourceType `json:\"type\"`
        // +unionMember
        Service *Service `json:\"service,omitempty\"`
    }
";
    UnionEmbeddedInUnionStruct = "union/embedded-in-union-struct", Error,
"A struct marked `+union` cannot also inline embedded structs: their fields would silently
become members.

wrong:
    // +union
    type Source struct {
        Common `json:\",inline\"`
        Service *Service `json:\"service,omitempty\"`
    }

right:
    // +union
    type Source struct {
        Service *Service `json:\"service,omitempty\"`
    }
";
    UnionDeprecatedInUnionStruct = "union/deprecated-in-union-struct", Error,
"A struct marked `+union` cannot hold `+unionDeprecated` fields: the two mechanisms overlap.

wrong:
    // +union
    type Source struct {
        // +unionDeprecated
        Service *Service `json:\"service,omitempty\"`
    }

right:
    // +union
    type Source struct {
        Service *Service `json:\"service,omitempty\"`
    }
";
    UnionMixedDialects = "union/mixed-dialects", Error,
"One union uses one marker generation: 2019 (`+union`/`+unionDeprecated`), KEP-1027
(`+unionMember`) or declarative validation (`+k8s:unionMember`).

wrong:
    // +unionMember
    Service *Service `json:\"service,omitempty\"`
    // +k8s:unionMember
    Bucket *Bucket `json:\"bucket,omitempty\"`

right:
    // +k8s:unionMember
    Service *Service `json:\"service,omitempty\"`
    // +k8s:unionMember
    Bucket *Bucket `json:\"bucket,omitempty\"`
";
    UnionJsonIgnored = "union/json-ignored", Error,
"The discriminator and the members of a union must be serialised: a `json:\"-\"` field can
never be set by a client.

wrong:
    // +unionMember
    Service *Service `json:\"-\"`

right:
    // +unionMember
    // +optional
    Service *Service `json:\"service,omitempty\"`
";
    UnionDeprecatedSpelling = "union/deprecated-spelling", Warning,
"The draft KEP wrote `+unionMember=<discriminator>` to tie a member to a discriminator. The
value of `+unionMember=` is the member's discriminator value in KEP-1027; name the
discriminator with `+unionDiscriminatedBy=` instead.

wrong:
    // +unionMember=Type
    Service *Service `json:\"service,omitempty\"`

right:
    // +unionMember
    // +unionDiscriminatedBy=Type
    Service *Service `json:\"service,omitempty\"`
";
    UnionItemMember = "union/item-member", Warning,
"A validation-gen union whose members are list items (`+k8s:item(key: \"v\")=+k8s:unionMember`)
or fields of a field's type (`+k8s:subfield(m)=+k8s:unionMember`), where that type is in a
package that is not loaded (not vendored, no `replace`, not in the module cache): union-gen
cannot read the items' or the fields' declarations, so the union is not checked and gets no
CEL rule. Nothing is wrong with the markers; the warning says what is not covered. (Under
`+k8s:eachVal=`/`eachKey=` a union member has nothing to select and validation-gen fails:
`marker/misplaced`.)

wrong:
    // +k8s:subfield(m1)=+k8s:unionMember
    // +k8s:subfield(m2)=+k8s:unionMember
    Inner *other.Inner `json:\"inner,omitempty\"`   // package `other` not loaded

right:
    // (the same markers, with `other`'s source available: `go mod vendor`,
    // `go mod download`, or a `replace`)
    // +k8s:subfield(m1)=+k8s:unionMember
    // +k8s:subfield(m2)=+k8s:unionMember
    Inner *other.Inner `json:\"inner,omitempty\"`
";
    UnionItemSelector = "union/item-selector", Error,
"A list-item union member (`+k8s:item(key: \"v\")=+k8s:unionMember` or
`=+k8s:zeroOrOneOfMember`) that validation-gen rejects when it generates: the field is not a
list of structs, the list has no list-map keys (`+k8s:listType=map` with
`+k8s:listMapKey=<field>`), the selector does not name every key by name (or names a field
that is not a key, or a key that is not a string), the same item is selected twice in one
union, or `+k8s:unionDiscriminator` sits on a list item (a struct, not a string).

wrong:
    // +k8s:listType=atomic
    // +k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember
    // +k8s:item(type: \"Denied\")=+k8s:zeroOrOneOfMember
    Conditions []Condition `json:\"conditions,omitempty\"`

right:
    // +k8s:listType=map
    // +k8s:listMapKey=type
    // +k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember
    // +k8s:item(type: \"Denied\")=+k8s:zeroOrOneOfMember
    Conditions []Condition `json:\"conditions,omitempty\"`
";
    UnionOverlappingUnions = "union/overlapping-unions", Error,
"A field belongs to at most one union: a member of two unions could be required set by one and
unset by the other.

wrong:
    // +k8s:unionMember(union: \"backend\")
    // +k8s:unionMember(union: \"frontend\")
    Service *Service `json:\"service,omitempty\"`

right:
    // +k8s:unionMember(union: \"backend\")
    Service *Service `json:\"service,omitempty\"`
";
    CelUnenforceable = "cel/unenforceable", Warning,
"`--cel` and `crd` write a union's rules only from what they are sure of, and leave out (with
this warning) the rules they cannot write safely:
- a member or discriminator whose JSON name Kubernetes cannot show to CEL: only names matching
  `[a-zA-Z_.-/][a-zA-Z0-9_.-/]*` are visible, escaped the way Kubernetes does (`-` →
  `__dash__`, `.` → `__dot__`, `/` → `__slash__`, `__` → `__underscores__`, `namespace` →
  `__namespace__`), and there is no other way to reach a declared property;
- a member whose Go type is a struct (or array, or a type that marshals itself, such as
  `metav1.Time`) and not a pointer: Go writes it even when it is unset (`omitempty` does not
  leave structs out), so `has()` is true for every object a Go client sends and its zero value
  has no form a rule can compare with;
- a member selected by a discriminator value that the discriminator's `enum` does not allow,
  or by the empty value.
What is left out: an undiscriminated union's whole count rule, or a discriminated union's rule
for that member (all of its rules when it is the discriminator).

wrong:
    // +k8s:unionMember
    // +k8s:optional
    Port *int32 `json:\"1stPort,omitempty\"`

right:
    // +k8s:unionMember
    // +k8s:optional
    Port *int32 `json:\"firstPort,omitempty\"`
";
    CelUnboundedList = "cel/unbounded-list", Warning,
"A list-item union's rule (`self.list.exists(…)` per member) is written on a list without
`maxItems`. The API server estimates a rule's cost before it accepts a CRD: for a list
without `maxItems` it assumes the largest list a request can hold, and a rule walking it
once per member (more so when the struct itself sits in a list) may exceed the cost budget,
so the CRD is refused. The rule is written; bound the list to make its cost small
(`+k8s:validation:maxItems=N` for openapi-gen; in a CRD, `maxItems` from
`+kubebuilder:validation:MaxItems=N`).

wrong:
    // +k8s:listType=map
    // +k8s:listMapKey=type
    // +k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember
    // +k8s:item(type: \"Denied\")=+k8s:zeroOrOneOfMember
    Conditions []Condition `json:\"conditions,omitempty\"`

right:
    // +k8s:listType=map
    // +k8s:listMapKey=type
    // +k8s:validation:maxItems=16
    // +k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember
    // +k8s:item(type: \"Denied\")=+k8s:zeroOrOneOfMember
    Conditions []Condition `json:\"conditions,omitempty\"`
";
    CelOverBudget = "cel/over-budget", Error,
"Before it accepts a CRD, the API server (apiextensions-apiserver) estimates the worst-case
cost of every `x-kubernetes-validations` rule: cel-go's static cost of the expression times
the number of times the rule can run in one object, which is the product of the `maxItems`/
`maxProperties` of the lists and maps above it, or, when one of them has none, as many copies
of the struct as fit in a 3 MiB request. It refuses the CRD when one rule is over 10,000,000
(`StaticEstimatedCostLimit`) or when a version's rules together are over 100,000,000
(`StaticEstimatedCRDCostLimit`; both in apiextensions-apiserver's
`pkg/apis/apiextensions/validation/validation.go`). `crd` estimates its union rules the same
way and does not write one that would make `kubectl apply` of the CRD fail: the error gives
the estimate, the limit and the `maxItems` that brings it under. Rules already in the
manifest are estimated too and counted in the version's total; when they alone are over a
limit this is a warning (the API server refuses the manifest as it is).

wrong:
    // Six pointer members, as the items of a list without maxItems: 12 × 1,048,576
    // = 12,582,912 > 10,000,000.
    Routes []Route `json:\"routes,omitempty\"`

right:
    // +kubebuilder:validation:MaxItems=64
    Routes []Route `json:\"routes,omitempty\"`
";
    CelRejectsValid = "cel/rejects-valid", Error,
"A CEL rule that rejects a valid object makes valid resources unadmittable once the CRD is
applied, which is worse than no rule. So before `--cel` or `crd` writes a union rule, it
evaluates it with an embedded CEL interpreter on witness objects the API accepts: each value
the discriminator allows with the member it selects, the empty object where the union may be
empty, each written both with unset fields absent and as a Go client writes them (zero values
of fields without `omitempty`), with the schema's `default`s filled in as the API server does
before it validates. A rule that rejects one of them is not written and this error names the
rule and the object. It means the markers and the schema disagree, most often a union member
with a `default` (the server sets it on every object, so it is never unset) or, in `crd`, a
manifest whose `enum` or `default` differs from the Go types.

wrong:
    // +k8s:zeroOrOneOfMember
    // +default=\"fast\"
    // +optional
    Mode string `json:\"mode,omitempty\"`

right:
    // +k8s:zeroOrOneOfMember
    // +optional
    Mode string `json:\"mode,omitempty\"`
";
    CrdNotPatchable = "crd/not-patchable", Error,
"`union-gen crd` changes a CRD manifest only by inserting lines (and by replacing the lines
of an `enum` list or a rule it owns that went stale), so that every other byte (comments, key
order, quoting, blank lines) stays as it was. It finds where to insert with a
line-based reader of the block-style YAML controller-gen writes (`key:` lines, `- ` items,
indentation). A schema written in flow style (`{type: object, properties: {…}}`), behind
anchors or tags, or with content on a `---` line cannot be patched without reformatting the
file, so nothing is written (exit 2). The same code reports a file that is not YAML and the
internal self-check: the patched file, read again, must equal the original plus exactly the
additions.

wrong:
    spec: {type: object, properties: {size: {type: string}}}

right:
    spec:
      properties:
        size:
          type: string
      type: object
";
    CrdSkipped = "crd/skipped", Warning,
"A version of a CustomResourceDefinition was left as it is: no input Go package has a
`+groupName=` marker equal to `spec.group` with a version (its `+versionName=`, else its
package name) equal to the version's `name` and a struct named `spec.names.kind`; or the CRD
is not `apiextensions.k8s.io/v1`.

wrong:
    package v1            // no +groupName marker

right:
    // +groupName=shop.example.com
    package v1
";
    CrdDependencyEnumsSkipped = "crd/dependency-enums-skipped", Warning,
"`union-gen crd` writes the deduced `enum` list of a `+enum` type only when the type is the
project's own: declared in the module of the CRD's Go types (or a go.work `use` module). The
`+enum` types of dependencies, such as k8s.io/api's `TaintEffect` or `TolerationOperator`,
are informational: Kubernetes' own validation accepts values outside their lists
(`Toleration.effect: \"\"` means \"all effects\", `operator: \"\"` means `Equal`), and the
lists are frozen at the k8s.io/api version the project pins. Written into a CRD, an `enum` is
enforced, and objects Kubernetes accepts for its own types are refused. controller-gen writes
no such lists either. This note says once per run how many lists were left out and where;
`--dependency-enums` adds them anyway (for a dependency whose enums are meant to be closed),
`--allow crd/dependency-enums-skipped` silences it.

wrong:
    # a pod template's tolerations with the dependency's list enforced
    tolerations:
      items:
        properties:
          effect:
            enum: [NoExecute, NoSchedule, PreferNoSchedule]
            type: string

right:
    # as controller-gen writes it: `effect: \"\"` stays valid
    tolerations:
      items:
        properties:
          effect:
            type: string
";
    ValidateInvalid = "validate/invalid", Error,
"`union-gen validate`: the object breaks its kind's schema, and the API server would refuse it
on create. The message is the API server's own field error (`spec.mode: Unsupported value:
\"x\": supported values: \"A\", \"B\"`, `Required value`, `Duplicate value`, `Invalid value:
\"object\": <rule message>`), at the YAML node it is about; the help names the kind, the
object and the API server's cause type (`FieldValueNotSupported`, …).

wrong:
    # schema: replicas: {type: integer, minimum: 0}
    spec:
      replicas: -1

right:
    spec:
      replicas: 1
";
    ValidateUnknownKind = "validate/unknown-kind", Warning,
"`union-gen validate`: no schema was given for the object's apiVersion and kind, so it was not
validated: no `--crd` manifest serves that group, version and kind, and no `--packages` Go
package with that `+groupName` and version declares it. With `--strict` it is an error.

wrong:
    union-gen validate widget.yaml          # kind: Widget, apiVersion: example.com/v1

right:
    union-gen validate --crd config/crd/bases/example.com_widgets.yaml widget.yaml
";
    ValidateUnreadableObject = "validate/unreadable-object", Error,
"`union-gen validate`: a document is not valid YAML or JSON (a duplicate key, a bad indent),
or has no `apiVersion` or `kind`, so the API server could not decode it.

wrong:
    apiVersion: v1
    kind: ConfigMap
    data:
      a: 1
      a: 2

right:
    apiVersion: v1
    kind: ConfigMap
    data:
      a: \"1\"
";
    ValidateUnknownField = "validate/unknown-field", Warning,
"`union-gen validate --field-validation warn`: a field the schema does not declare. The API
server prunes it (and warns) unless the request asks for strict field validation, which
kubectl does by default: then it is a `validate/invalid` error.

wrong:
    spec:
      replicsa: 3        # unknown field \"spec.replicsa\"

right:
    spec:
      replicas: 3
";
    ValidateRuleNotEvaluated = "validate/rule-not-evaluated", Warning,
"`union-gen validate`: an `x-kubernetes-validations` rule could not be evaluated by the
embedded CEL interpreter (a Kubernetes CEL library function it does not have, a parse
difference). The rule was skipped, never reported as failing: the object may still break it.

wrong:
    x-kubernetes-validations:
    - rule: self.split('.').indexOf('2') == 1   # lists' indexOf: not evaluated

right:
    x-kubernetes-validations:
    - rule: self.matches('^[0-9]+[.][0-9]+[.][0-9]+$')
";
    ValidateTransitionRuleSkipped = "validate/transition-rule-skipped", Warning,
"`union-gen validate`: rules that read `oldSelf` (transition rules) apply when an object is
updated; without `--old FILE`, validate checks objects as they are created, so these rules
were skipped. Give the stored objects with `--old` (paired by apiVersion, kind, namespace and
name) to validate the objects as updates and run the transition rules.

wrong:
    union-gen validate --crd crds/ new.yaml              # `self == oldSelf` not checked

right:
    union-gen validate --crd crds/ new.yaml --old old.yaml
";
    KubebuilderInvalid = "kubebuilder/invalid", Error,
"`union-gen validate --packages`: a controller-gen value marker that controller-gen rejects
when it generates the CRD, so the kind's schema is built without it: a value that does not
parse (`Minimum=abc`, a bare `MaxLength`), a `Pattern` Go's regexp package rejects, an
`XValidation` without `rule`, with an unknown argument or an unknown `reason`, or a bound on
a type it does not apply to (`Minimum` on a string, `MinItems` or `items:` on a non-list,
a non-integral `Minimum` on an integer). controller-gen's own messages.

wrong:
    // +kubebuilder:validation:Minimum=one
    Replicas int32 `json:\"replicas\"`

right:
    // +kubebuilder:validation:Minimum=1
    Replicas int32 `json:\"replicas\"`
";
    MarkerIgnored = "marker/ignored", Warning,
"`union-gen controller-gen`: a `+kubebuilder:rbac` or `+kubebuilder:webhook` marker that
controller-gen silently ignores, because it sits in the doc comment of a declaration (the
comment block directly above a `func`, `type`, `var`, `const` or `import`, or on its line).
controller-gen reads these package-level markers only from comments that are not doc
comments, so the role or webhook it describes is missing from the output. union-gen writes
what controller-gen writes (without it) and says so.

wrong:
    // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
    func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {

right:
    // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

    func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
";
    RbacInvalid = "rbac/invalid", Error,
"`union-gen controller-gen … rbac`: a `+kubebuilder:rbac` marker whose arguments controller-gen
refuses (an unknown argument, a missing `verbs`, a list written with `:` instead of `;`, an
argument the pinned release does not know yet, such as `roleName` before v0.21.0). The
message is controller-gen's; nothing is written, where controller-gen would write the role
without the package's rules and fail.

wrong:
    // +kubebuilder:rbac:groups=apps,resources=deployments,verb=get

right:
    // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
";
    RbacUnstableOutput = "rbac/unstable-output", Warning,
"`union-gen controller-gen … rbac`: controller-gen merges rules that differ only in their
resources, then in their groups, then in their URLs, over Go maps. When two merged rules end
up with the same groups, resources and URLs but different verbs, it keeps one of the two at
random, and the committed role changes from run to run. union-gen keeps one (the rule whose
merge key sorts last) and reports the other.

wrong:
    // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
    // +kubebuilder:rbac:groups=batch,resources=deployments,verbs=get
    // +kubebuilder:rbac:groups=apps;batch,resources=deployments,verbs=list

right:
    // +kubebuilder:rbac:groups=apps;batch,resources=deployments,verbs=get;list
";
    WebhookInvalid = "webhook/invalid", Error,
"`union-gen controller-gen … webhook`: a `+kubebuilder:webhook` (or
`+kubebuilder:webhookconfiguration`) marker controller-gen refuses: arguments it cannot read,
a missing required one (`name`, `groups`, `admissionReviewVersions`, …), both or neither of
`path` and `url`, an unknown `matchPolicy`, a `webhookVersions` other than `v1`, a
`sideEffects` missing or `Some`/`Unknown`, a `timeoutSeconds` outside 1–30, two configuration
markers of one kind in a package. The message is controller-gen's; nothing is written.

wrong:
    // +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=fail,groups=\"\",resources=pods,verbs=create,versions=v1,name=vpod.kb.io,admissionReviewVersions=v1

right:
    // +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=fail,sideEffects=None,groups=\"\",resources=pods,verbs=create,versions=v1,name=vpod.kb.io,admissionReviewVersions=v1
";
    KubebuilderNotSupported = "kubebuilder/not-supported", Warning,
"`union-gen validate --packages`: a controller-gen marker that controller-gen writes into the
CRD but union-gen does not yet carry into the schema it builds from the Go types, so objects
are validated without it: an `Enum` with values that are not strings (`Enum=1;2;4`). Validate
against the generated CRD (`--crd`) to have it checked.

wrong:
    // +kubebuilder:validation:Enum=1;2;4
    Level int32 `json:\"level\"`

right:
    union-gen validate --crd config/crd/bases config/samples
";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_code_explains_itself() {
        for code in ALL_CODES {
            assert_eq!(Code::from_name(code.as_str()), Some(*code));
            assert!(code.explanation().len() > 40, "{}", code.as_str());
            // SPEC §5: each explanation has a wrong and a right example.
            assert!(
                code.explanation().contains("\nwrong:\n")
                    && code.explanation().contains("\nright:\n"),
                "{} lacks a wrong/right example",
                code.as_str()
            );
        }
    }
}
