package api

// Spec has a map with integer keys: openapi-gen rejects it.
type Spec struct {
	Ports map[int]string `json:"ports"`
	// ^@2 resolve/unsupported-type error
	// Events are not JSON.
	Events chan string `json:"events,omitempty"`
	//     ^^^^^^^^^^^ resolve/unsupported-type error
	// Skipped is not serialised: fine.
	Skipped chan string `json:"-"`
}

// Holder refers to Spec: an undescribable type reached from a definition is an error (alone,
// it is left out: resolve/left-out).
type Holder struct {
	Spec    Spec    `json:"spec"`
	Wrapper Wrapper `json:"wrapper"`
}

// Wrapper's anonymous struct embeds a struct, which is not inlined there: reported once, at
// the embedded field, for the property holding the anonymous struct.
type Wrapper struct {
	Inner struct {
		Spec
		// ^@3 resolve/unsupported-type error
		Name string `json:"name"`
	} `json:"inner"`
}
