package api

// Holder is generic: neither openapi-gen nor union-gen makes a definition for it.
type Holder[T any] struct {
	Item T `json:"item"`
}

// User refers to an instance of the generic type, whose `$ref` would dangle.
type User struct {
	Names Holder[string] `json:"names"`
	// ^@2 resolve/generic-instance
}
