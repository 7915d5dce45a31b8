package api

// Outer embeds Meta without a json tag.
type Outer struct {
	Meta
	// Name of the object.
	Name string `json:"name"`
}

// Meta is embedded by Outer.
type Meta struct {
	// Kind of the object.
	Kind string `json:"kind"`
}
