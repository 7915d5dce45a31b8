package api

// Object has a field whose JSON tag has an empty name.
type Object struct {
	// Name of the object.
	Name string `json:"name"`
	// NoName has options but no name in its JSON tag.
	NoName string `json:",omitempty"`
}

// Dashed has a field whose JSON name is "-" (encoding/json's escape hatch).
type Dashed struct {
	// Name of the object.
	Name string `json:"name"`
	// Dash is serialised as "-" by encoding/json, but openapi-gen skips it.
	Dash string `json:"-,"`
}
