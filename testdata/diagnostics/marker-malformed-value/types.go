package api

// Lists has a list type that does not exist.
type Lists struct {
	// Items of the list.
	// +listType=bogus
	//           ^^^^^ marker/malformed
	// +optional
	Items []string `json:"items,omitempty"`
}
