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
