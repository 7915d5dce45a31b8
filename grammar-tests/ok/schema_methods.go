package quantity

// Quantity is a custom-serialised type.
type Quantity struct {
	s string
}

// OpenAPISchemaType overrides the schema type.
func (Quantity) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat overrides the format.
func (Quantity) OpenAPISchemaFormat() string { return "quantity" }

// IntOrText can be either.
type IntOrText struct{}

func (*IntOrText) OpenAPISchemaType() []string {
	return []string{"string", "integer"}
}

func (IntOrText) OpenAPISchemaFormat() string {
	return `int-or-string`
}

// OpenAPIV3OneOfTypes lists alternatives.
func (IntOrText) OpenAPIV3OneOfTypes() []string { return []string{"integer", "string"} }

// Other methods are ignored.
func (q Quantity) String() string { return q.s }
