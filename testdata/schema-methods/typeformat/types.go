package typeformat

// Deadline is a point in time written as text.
type Deadline struct {
	unix int64
}

func (_ Deadline) OpenAPISchemaType() []string { return []string{"string"} }
func (_ Deadline) OpenAPISchemaFormat() string { return "date-time" }

// Window has a type method but no format method: openapi-gen ignores the lone method and
// describes the fields.
type Window struct {
	Start string `json:"start"`
}

func (Window) OpenAPISchemaType() []string { return []string{"string"} }
