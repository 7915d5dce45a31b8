//! The schema methods of kube-openapi: methods a Go type may declare to give its own schema
//! (`OpenAPIDefinition`, `OpenAPIV3Definition`, `OpenAPISchemaType`/`Format`,
//! `OpenAPIV3OneOfTypes`) or its own definition name (`OpenAPIModelName`). The parser keeps
//! them (`prescan`), `resolve` reads them, the Go backend finds them: every stage names them
//! through this one enum.

/// A kube-openapi schema method, by the name a Go type declares it with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemaMethod {
    /// `OpenAPIDefinition() common.OpenAPIDefinition`: the v2 schema (and v3 without its own).
    Definition,
    /// `OpenAPIV3Definition() common.OpenAPIDefinition`: the v3 schema.
    V3Definition,
    /// `OpenAPISchemaType() []string`: the schema's type, used only with the format.
    SchemaType,
    /// `OpenAPISchemaFormat() string`: the schema's format.
    SchemaFormat,
    /// `OpenAPIV3OneOfTypes() []string`: the v3 `oneOf` of types.
    V3OneOfTypes,
    /// `OpenAPIModelName() string`: the definition's name, keys and refs.
    ModelName,
}

impl SchemaMethod {
    /// Every schema method.
    pub const ALL: [SchemaMethod; 6] = [
        SchemaMethod::Definition,
        SchemaMethod::V3Definition,
        SchemaMethod::SchemaType,
        SchemaMethod::SchemaFormat,
        SchemaMethod::V3OneOfTypes,
        SchemaMethod::ModelName,
    ];

    /// The Go method name.
    pub fn name(self) -> &'static str {
        match self {
            SchemaMethod::Definition => "OpenAPIDefinition",
            SchemaMethod::V3Definition => "OpenAPIV3Definition",
            SchemaMethod::SchemaType => "OpenAPISchemaType",
            SchemaMethod::SchemaFormat => "OpenAPISchemaFormat",
            SchemaMethod::V3OneOfTypes => "OpenAPIV3OneOfTypes",
            SchemaMethod::ModelName => "OpenAPIModelName",
        }
    }

    /// The schema method a Go method name names, if any.
    pub fn from_name(name: &str) -> Option<SchemaMethod> {
        SchemaMethod::ALL.into_iter().find(|m| m.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for method in SchemaMethod::ALL {
            assert_eq!(SchemaMethod::from_name(method.name()), Some(method));
        }
        assert_eq!(SchemaMethod::from_name("UnmarshalJSON"), None);
    }
}
