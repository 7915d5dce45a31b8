package refs

// Item is referenced from another package.
type Item struct {
	// Name of the item.
	Name string `json:"name"`
	// +optional
	Count int32 `json:"count,omitempty"`
}

// DefaultKind is used by a qualified ref() default.
const DefaultKind = "standard"

// Duration has its own schema type and format.
type Duration struct {
	value int64
}

// OpenAPISchemaType gives the schema type.
func (Duration) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat gives the schema format.
func (Duration) OpenAPISchemaFormat() string { return "duration" }

// UnmarshalJSON reads the duration (custom unmarshalling: no enforced default).
func (d *Duration) UnmarshalJSON(data []byte) error { return nil }
