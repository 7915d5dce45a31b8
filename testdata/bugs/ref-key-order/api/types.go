package api

// Widget has a struct field with a member-level +structType.
type Widget struct {
	// Pinned is a copy of the backend that is replaced as a whole.
	// +structType=atomic
	// +optional
	Pinned *Backend `json:"pinned,omitempty"`
}

// Backend is referenced by Widget.
type Backend struct {
	// Name of the backend.
	Name string `json:"name"`
}
