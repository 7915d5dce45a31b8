package broken

// Good parses fine.
type Good struct {
	A int `json:"a"`
}

// Bad has a field with a missing type and stray punctuation.
type Bad struct {
	B int `json:"b"`
	C , `json:"c"`
}

// After is still extracted.
type After string
