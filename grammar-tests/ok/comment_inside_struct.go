package doccase

// Crate has comments scattered between its fields.
type Crate struct {
	// Lid is first.
	Lid string `json:"lid"`

	// A floating remark between fields, followed by a blank line.

	// Base is documented directly.
	Base string `json:"base"`
	// Sides has no blank line before its doc.
	Sides int `json:"sides"`

	// A closing remark at the end of the struct.
}

// Empty has only a comment inside.
type Empty struct {
	// nothing here
}
