package oneof

// Amount is a number or its text.
type Amount struct {
	text string
}

func (_ Amount) OpenAPISchemaType() []string { return []string{"string"} }
func (_ Amount) OpenAPISchemaFormat() string { return "date-time" }
func (_ Amount) OpenAPIV3OneOfTypes() []string { return []string{"string", "number"} }
