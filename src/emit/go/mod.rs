//! The Go backend: `zz_generated.openapi.go` as kube-openapi's openapi-gen writes it
//! (`GetOpenAPIDefinitions` and one `schema_<pkg>_<Type>` function per struct), gofmt's
//! layout included, so the file is byte-identical without a Go toolchain.
//!
//! Input: the model's definitions of the selected types (field order, property types) and
//! their schemas built once with Go naming (descriptions, defaults, extensions), plus the
//! methods openapi-gen looks for ([`Methods`]). Output: the file's bytes.
//! Must not know: how the types were selected or read, files, diagnostics.

mod layout;
pub(crate) mod model_names;
pub(crate) mod select;
mod validations;
mod value;

use std::collections::{BTreeMap, HashMap};

use crate::kube_openapi_versions::{self as versions, Change};
use layout::{Element, Node};

use crate::golit::go_quote;
use crate::model::{DefaultValue, Definition, DefinitionBody, PropertyType, TypeName};
use crate::schema::Schema;

const COMMON: &str = "k8s.io/kube-openapi/pkg/common";
const SPEC: &str = "k8s.io/kube-openapi/pkg/validation/spec";

/// The schema methods openapi-gen calls instead of generating (their bodies are not read).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Methods {
    /// `OpenAPIDefinition() common.OpenAPIDefinition`.
    pub v2_definition: bool,
    /// `OpenAPIV3Definition() common.OpenAPIDefinition`.
    pub v3_definition: bool,
    /// `OpenAPIV3OneOfTypes() []string`.
    pub v3_one_of: bool,
}

/// One type of the generated file.
pub struct Selected<'a> {
    pub definition: &'a Definition,
    /// Its schema, built with Go naming (`k8s.io/api/core/v1.Pod`).
    pub schema: &'a Schema,
    pub methods: Methods,
}

/// What the file is.
pub struct GoFile<'a> {
    /// Everything before `package`: build tags, the header file, the generated-by line.
    pub boilerplate: String,
    /// The output package's name (`path.Base(--output-pkg)`).
    pub package: String,
    /// The output package's import path (not imported by itself).
    pub package_path: String,
    pub types: Vec<Selected<'a>>,
    /// Types openapi-gen names by `pkg.T{}.OpenAPIModelName()` rather than by a string.
    pub model_named: &'a dyn Fn(&TypeName) -> bool,
}

/// What the Go backend cannot write yet; the caller reports each, never writes a partial file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    pub type_name: TypeName,
    pub what: String,
}

/// gengo's import tracker: a local name per import path, from the path's last elements
/// (`v1`, then `metav1`… when taken), in the order the file first uses them.
#[derive(Default)]
struct Imports {
    /// The output package: its names are written unqualified, never imported.
    local: String,
    by_path: HashMap<String, String>,
    names: HashMap<String, String>,
}

impl Imports {
    fn new(local: &str) -> Imports {
        Imports {
            local: local.to_string(),
            ..Imports::default()
        }
    }

    /// `pkg.Name`, or `Name` in the output package.
    fn qualified(&mut self, path: &str, name: &str) -> String {
        if path == self.local {
            name.to_string()
        } else {
            format!("{}.{name}", self.name(path))
        }
    }

    fn name(&mut self, path: &str) -> String {
        if let Some(name) = self.by_path.get(path) {
            return name.clone();
        }
        let dirs: Vec<&str> = path.split('/').collect();
        let mut chosen = None;
        for n in (0..dirs.len()).rev() {
            let name: String = dirs[n..]
                .concat()
                .chars()
                .filter(|c| !matches!(c, '_' | '.' | '-'))
                .collect();
            if self.names.contains_key(&name) {
                continue;
            }
            let name = if is_go_keyword(&name) {
                format!("_{name}")
            } else {
                name
            };
            chosen = Some(name);
            break;
        }
        let name = chosen.unwrap_or_else(|| format!("p{}", self.by_path.len()));
        self.names.insert(name.clone(), path.to_string());
        self.by_path.insert(path.to_string(), name.clone());
        name
    }

    fn lines(&self) -> Vec<String> {
        let mut paths: Vec<(&String, &String)> = self.by_path.iter().collect();
        paths.sort();
        paths
            .into_iter()
            .map(|(path, name)| format!("{name} {}", go_quote(path)))
            .collect()
    }
}

fn is_go_keyword(name: &str) -> bool {
    matches!(
        name,
        "break"
            | "case"
            | "chan"
            | "const"
            | "continue"
            | "default"
            | "defer"
            | "else"
            | "fallthrough"
            | "for"
            | "func"
            | "go"
            | "goto"
            | "if"
            | "import"
            | "interface"
            | "map"
            | "package"
            | "range"
            | "return"
            | "select"
            | "struct"
            | "switch"
            | "type"
            | "var"
    )
}

/// gengo's private namer with four package names: `k8s.io/api/core/v1.Pod` →
/// `k8sio_api_core_v1_Pod`.
pub fn function_name(name: &TypeName) -> String {
    let mut parts: Vec<String> = name
        .package
        .split('/')
        .map(|p| p.replace('-', "_").replace('.', ""))
        .collect();
    parts.push(name.name.clone());
    let keep = parts.len().min(5);
    format!("schema_{}", parts[parts.len() - keep..].join("_"))
}

/// Whether openapi-gen writes a `schema_…` function for the type (else the definitions map
/// calls the type's own `OpenAPIDefinition` / `OpenAPIV3Definition` method).
pub fn writes_function(definition: &Definition, methods: Methods) -> bool {
    let custom = matches!(definition.body, DefinitionBody::Custom { .. });
    !(methods.v2_definition || (methods.v3_definition && !custom))
}

/// The file's bytes, or what in the selected types cannot be written yet.
pub fn render(file: &GoFile) -> Result<Vec<u8>, Vec<Unsupported>> {
    let mut imports = Imports::new(&file.package_path);
    imports
        .names
        .insert(file.package.clone(), file.package_path.clone());
    let mut problems = Vec::new();
    let common = imports.name(COMMON);
    let mut entries = Vec::new();
    let mut functions = Vec::new();
    for selected in &file.types {
        let name = &selected.definition.name;
        // gengo's `generateCall` skips private types; their functions are still written.
        if !name.name.starts_with(|c: char| c.is_uppercase())
            && versions::has(Change::NoPrivateEntries)
        {
            continue;
        }
        let key = if (file.model_named)(name) {
            format!("{}.OpenAPIModelName()", type_literal(&mut imports, name))
        } else {
            go_quote(&name.to_string())
        };
        let methods = selected.methods;
        let custom = matches!(selected.definition.body, DefinitionBody::Custom { .. });
        let value = match (custom, methods.v2_definition, methods.v3_definition) {
            (false, true, true) => {
                let t = type_literal(&mut imports, name);
                format!("{common}.EmbedOpenAPIDefinitionIntoV2Extension({t}.OpenAPIV3Definition(), {t}.OpenAPIDefinition())")
            }
            (false, true, false) | (true, true, _) => {
                format!("{}.OpenAPIDefinition()", type_literal(&mut imports, name))
            }
            (false, false, true) => {
                format!("{}.OpenAPIV3Definition()", type_literal(&mut imports, name))
            }
            _ => format!("{}(ref)", function_name(name)),
        };
        entries.push(Element::line(key, value));
    }
    for selected in &file.types {
        if !writes_function(selected.definition, selected.methods) {
            continue;
        }
        match function(&mut imports, &common, selected, file.model_named) {
            Ok(text) => functions.push(text),
            Err(what) => problems.push(Unsupported {
                type_name: selected.definition.name.clone(),
                what,
            }),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut out = String::new();
    out.push_str(&file.boilerplate);
    out.push_str(&format!("package {}\n\n", file.package));
    out.push_str("import (\n");
    for line in imports.lines() {
        out.push('\t');
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(")\n\n");
    out.push_str(&format!(
        "func GetOpenAPIDefinitions(ref {common}.ReferenceCallback) map[string]{common}.OpenAPIDefinition {{\n\treturn "
    ));
    layout::write_node(
        &mut out,
        &Node::block(format!("map[string]{common}.OpenAPIDefinition{{"), entries),
        1,
        "",
    );
    out.push_str("}\n");
    for function in functions {
        out.push('\n');
        out.push_str(&function);
    }
    Ok(out.into_bytes())
}

/// A description as a Go string: `%#v` since 2024-04-23; before, kube-openapi escaped only
/// `"` (after unescaping `\"`), newlines and tabs, and copied backslashes as they are.
fn description_literal(text: &str) -> String {
    if versions::has(Change::QuotedDescriptions) {
        return go_quote(text);
    }
    let escaped = text
        .trim_matches('\n')
        .replace("\\\"", "\"")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
        .replace('\t', "\\t");
    format!("\"{}\"", escaped.trim_matches(' '))
}

/// `pkg.T{}`, or `T{}` for a type of the output package (openapi-gen's import tracker knows
/// the output package: `--output-pkg` equal to an input package imports nothing of itself).
fn type_literal(imports: &mut Imports, name: &TypeName) -> String {
    format!("{}{{}}", imports.qualified(&name.package, &name.name))
}

/// Refs a function's properties make, for `Dependencies` (sorted by `pkg.Type`), and how
/// each is named.
struct Refs<'n> {
    names: BTreeMap<String, String>,
    model_named: &'n dyn Fn(&TypeName) -> bool,
}

impl Refs<'_> {
    /// `ref(…)`'s argument for `name`, recorded as a dependency.
    fn name(&mut self, imports: &mut Imports, name: &TypeName) -> String {
        let text = if (self.model_named)(name) {
            format!("{}.OpenAPIModelName()", type_literal(imports, name))
        } else {
            go_quote(&name.to_string())
        };
        self.names.insert(name.to_string(), text.clone());
        text
    }
}

/// A definition's `spec.Schema{…}` elements: `SchemaProps`, then its extensions.
fn schema_elements(props: Vec<Element>, schema: &Schema, definition: &Definition) -> Vec<Element> {
    let mut elements = vec![Element::pair(
        "SchemaProps",
        Node::block("spec.SchemaProps{", props),
    )];
    if let Some(extensions) = validations::extensions_node(
        &schema.extensions,
        &definition.extensions,
        definition.validations.as_deref(),
    ) {
        elements.push(Element::pair("VendorExtensible", extensions));
    }
    elements
}

/// A custom type with a v3 `oneOf` and no v3 definition of its own: its v3 definition
/// embedded into the v2 one, the two on their own lines.
fn embedded_one_of(
    imports: &mut Imports,
    common: &str,
    selected: &Selected,
    t: &str,
    mut v3_props: Vec<Element>,
    props: Vec<Element>,
) -> String {
    let definition = selected.definition;
    let schema = selected.schema;
    // The v3 definition (oneOf) embedded into the v2 one.
    v3_props.push(Element::line(
        "OneOf",
        format!("{common}.GenerateOpenAPIV3OneOfSchema({t}.OpenAPIV3OneOfTypes())"),
    ));
    v3_props.push(Element::line(
        "Format",
        format!("{t}.OpenAPISchemaFormat()"),
    ));
    v3_props.extend(validations::value_validations(
        imports,
        definition.validations.as_deref(),
    ));
    let definition_of = |props: Vec<Element>| {
        vec![Element::pair(
            "Schema",
            Node::block("spec.Schema{", schema_elements(props, schema, definition)),
        )]
    };
    let mut out = format!(
        "func {}(ref {common}.ReferenceCallback) {common}.OpenAPIDefinition {{\n\treturn ",
        function_name(&definition.name)
    );
    layout::write_node(
        &mut out,
        &Node::closed(
            format!("{common}.EmbedOpenAPIDefinitionIntoV2Extension({common}.OpenAPIDefinition{{"),
            definition_of(v3_props),
            &format!("}}, {common}.OpenAPIDefinition{{"),
        ),
        1,
        "",
    );
    // The second definition continues the line the first one closed.
    out.pop();
    out.push('\n');
    layout::write_elements(&mut out, &definition_of(props), 2);
    out.push_str("\t})\n}\n");
    out
}

/// A struct's `Properties` (the ones its schema has) and `Required`.
fn struct_props(
    imports: &mut Imports,
    def: &crate::model::StructDef,
    schema: &Schema,
    refs: &mut Refs<'_>,
    props: &mut Vec<Element>,
) -> Result<(), String> {
    let schemas: HashMap<&str, &Schema> = schema
        .properties
        .iter()
        .map(|(name, s)| (name.as_str(), s))
        .collect();
    let mut properties = Vec::new();
    for property in &def.properties {
        let Some(property_schema) = schemas.get(property.json_name.as_str()) else {
            continue;
        };
        let node = property_node(imports, property, property_schema, refs)
            .map_err(|e| format!("field `{}`: {e}", property.json_name))?;
        properties.push(Element::pair(go_quote(&property.json_name), node));
    }
    if !properties.is_empty() {
        let spec = imports.name(crate::emit::go::SPEC);
        props.push(Element::pair(
            "Properties",
            Node::block(format!("map[string]{spec}.Schema{{"), properties),
        ));
    }
    if !def.required.is_empty() {
        let required: Vec<String> = def.required.iter().map(|r| go_quote(r)).collect();
        props.push(Element::line(
            "Required",
            format!("[]string{{{}}}", required.join(", ")),
        ));
    }
    Ok(())
}

fn function(
    imports: &mut Imports,
    common: &str,
    selected: &Selected,
    model_named: &dyn Fn(&TypeName) -> bool,
) -> Result<String, String> {
    let definition = selected.definition;
    let schema = selected.schema;
    let mut refs = Refs {
        names: BTreeMap::new(),
        model_named,
    };
    let mut props = Vec::new();
    if let Some(description) = &schema.description {
        props.push(Element::line(
            "Description",
            description_literal(description),
        ));
    }
    let mut outer = Vec::new();
    let open;
    let close;
    match &definition.body {
        DefinitionBody::Custom { .. } => {
            let t = type_literal(imports, &definition.name);
            let v3_props = props.clone();
            props.push(Element::line("Type", format!("{t}.OpenAPISchemaType()")));
            props.push(Element::line(
                "Format",
                format!("{t}.OpenAPISchemaFormat()"),
            ));
            props.extend(validations::value_validations(
                imports,
                definition.validations.as_deref(),
            ));
            if selected.methods.v3_one_of && !selected.methods.v3_definition {
                return Ok(embedded_one_of(
                    imports, common, selected, &t, v3_props, props,
                ));
            }
            if selected.methods.v3_definition {
                open = format!("{common}.EmbedOpenAPIDefinitionIntoV2Extension({t}.OpenAPIV3Definition(), {common}.OpenAPIDefinition{{");
                close = "})";
            } else {
                open = format!("{common}.OpenAPIDefinition{{");
                close = "}";
            }
        }
        DefinitionBody::Struct(def) => {
            open = format!("{common}.OpenAPIDefinition{{");
            close = "}";
            props.push(Element::line("Type", "[]string{\"object\"}"));
            props.extend(validations::value_validations(
                imports,
                definition.validations.as_deref(),
            ));
            struct_props(imports, def, schema, &mut refs, &mut props)?;
        }
    }
    outer.push(Element::pair(
        "Schema",
        Node::block("spec.Schema{", schema_elements(props, schema, definition)),
    ));
    if !refs.names.is_empty() {
        let items: Vec<String> = refs.names.values().cloned().collect();
        outer.push(Element::pair(
            "Dependencies",
            Node::Tail {
                open: "[]string{".into(),
                items: items.join(", "),
                close: "}".into(),
            },
        ));
    }
    let mut out = format!(
        "func {}(ref {common}.ReferenceCallback) {common}.OpenAPIDefinition {{\n\treturn ",
        function_name(&definition.name)
    );
    layout::write_node(&mut out, &Node::closed(open, outer, close), 1, "");
    out.push_str("}\n");
    Ok(out)
}

/// One property: its extensions, then `SchemaProps` with description, default and type.
fn property_node(
    imports: &mut Imports,
    property: &crate::model::Property,
    schema: &Schema,
    refs: &mut Refs<'_>,
) -> Result<Node, String> {
    let ty = &property.ty;
    let mut elements = Vec::new();
    if let Some(extensions) = validations::extensions_node(
        &schema.extensions,
        &property.extensions,
        property.validations.as_deref(),
    ) {
        elements.push(Element::pair("VendorExtensible", extensions));
    }
    let mut props = Vec::new();
    // openapi-gen reads no kubebuilder markers: the enum type's paragraph stays.
    let description = match ty {
        PropertyType::ExplicitEnum(_, seen) => {
            crate::schema::property_description(&property.doc, seen)
        }
        _ => schema.description.clone(),
    };
    if let Some(description) = &description {
        props.push(Element::line(
            "Description",
            description_literal(description),
        ));
    }
    // `+default=ref(pkg.Name)`: the constant by name, as openapi-gen writes it.
    if let Some(crate::model::DefaultValue::Const { package, name, .. }) = &property.default {
        props.push(Element::line("Default", imports.qualified(package, name)));
    } else if let Some(default) = &schema.default {
        props.push(Element::line("Default", value::sharp_v(default)));
    }
    props.extend(validations::value_validations(
        imports,
        property.validations.as_deref(),
    ));
    type_elements(
        imports,
        ty,
        true,
        &property.element_defaults,
        &mut props,
        refs,
    )?;
    elements.push(Element::pair(
        "SchemaProps",
        Node::block("spec.SchemaProps{", props),
    ));
    Ok(Node::block("{", elements))
}

/// The type's elements of a property (`top_level`) or of a list item / map value;
/// `element_defaults` are the defaults of its items or values, outermost first (kube-openapi
/// before 2026-05-09).
fn type_elements(
    imports: &mut Imports,
    ty: &PropertyType,
    top_level: bool,
    element_defaults: &[Option<DefaultValue>],
    props: &mut Vec<Element>,
    refs: &mut Refs<'_>,
) -> Result<(), String> {
    match ty {
        PropertyType::Primitive { ty, format } => {
            props.push(Element::line(
                "Type",
                format!("[]string{{{}}}", go_quote(ty)),
            ));
            props.push(Element::line("Format", go_quote(format.unwrap_or(""))));
        }
        PropertyType::Enum(values, _) => {
            props.push(Element::line("Type", "[]string{\"string\"}"));
            props.push(Element::line("Format", "\"\""));
            // Items and map values have had their enum lists since 2024-02-23.
            if !top_level && !versions::has(Change::EnumOnElements) {
                return Ok(());
            }
            let mut quoted: Vec<String> = values.iter().map(|v| go_quote(&v.value)).collect();
            quoted.sort();
            quoted.dedup();
            props.push(Element::line(
                "Enum",
                format!("[]interface{{}}{{{}}}", quoted.join(", ")),
            ));
        }
        // openapi-gen reads no kubebuilder markers: the type as it sees it.
        PropertyType::ExplicitEnum(_, seen) => {
            type_elements(imports, seen, top_level, element_defaults, props, refs)?;
        }
        PropertyType::Ref(name) => {
            let argument = refs.name(imports, name);
            props.push(Element::line("Ref", format!("ref({argument})")));
        }
        PropertyType::Array(inner) => {
            props.push(Element::line("Type", "[]string{\"array\"}"));
            let schema = element_schema(imports, inner, element_defaults, refs)?;
            props.push(Element::pair(
                "Items",
                Node::block(
                    "&spec.SchemaOrArray{",
                    vec![Element::pair("Schema", schema)],
                ),
            ));
        }
        PropertyType::Map(inner) => {
            props.push(Element::line("Type", "[]string{\"object\"}"));
            props.push(additional_properties(element_schema(
                imports,
                inner,
                element_defaults,
                refs,
            )?));
        }
        // kube-openapi's type table maps `interface{}` to "object" (meta/v1 TableRow.cells).
        PropertyType::Any => {
            props.push(Element::line("Type", "[]string{\"object\"}"));
            props.push(Element::line("Format", "\"\""));
        }
        PropertyType::NamedInterface(name) if top_level => {
            if !versions::has(Change::NoInterfaceRefs) {
                let argument = refs.name(imports, name);
                props.push(Element::line("Ref", format!("ref({argument})")));
            }
        }
        PropertyType::NamedInterface(_) => {
            return Err(
                "a list or map of a named interface type (openapi-gen refuses it too)".into(),
            )
        }
        PropertyType::Object(_) => {
            return Err(
                "an anonymous struct (openapi-gen writes a reference to a definition that does \
                 not exist)"
                    .into(),
            )
        }
        PropertyType::Unsupported => return Err("a type the tool cannot describe".into()),
    }
    Ok(())
}

/// `AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: …}` of a map.
fn additional_properties(schema: Node) -> Element {
    Element::pair(
        "AdditionalProperties",
        Node::block(
            "&spec.SchemaOrBool{",
            vec![
                Element::line("Allows", "true"),
                Element::pair("Schema", schema),
            ],
        ),
    )
}

/// `&spec.Schema{SchemaProps: spec.SchemaProps{…}}` of a list item or map value.
fn element_schema(
    imports: &mut Imports,
    ty: &PropertyType,
    element_defaults: &[Option<DefaultValue>],
    refs: &mut Refs<'_>,
) -> Result<Node, String> {
    let mut props = Vec::new();
    let (default, inner) = element_defaults.split_first().unwrap_or((&None, &[]));
    match default {
        Some(DefaultValue::Const { package, name, .. }) => {
            props.push(Element::line("Default", imports.qualified(package, name)));
        }
        Some(default) => {
            if let Some(json) = default.to_json() {
                props.push(Element::line("Default", value::sharp_v(&json)));
            }
        }
        None => {}
    }
    type_elements(imports, ty, false, inner, &mut props, refs)?;
    Ok(Node::block(
        "&spec.Schema{",
        vec![Element::pair(
            "SchemaProps",
            Node::block("spec.SchemaProps{", props),
        )],
    ))
}
