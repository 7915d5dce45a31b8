package api

// Item is one entry of a map-like list.
type Item struct {
	Name string `json:"name"`
}

// Items carries its list markers on the type, as controller-gen reads them: no finding.
// +listType=map
// +listMapKey=name
type Items []Item

// Source is a union whose second member lost its marker to a typo.
// +union
type Source struct {
	// +unionDiscriminator
	Type string `json:"type"`
	// +optional
	// +unionMemer
	// ^^^^^^^^^^^ marker/unknown-similar
	A *string `json:"a,omitempty"`
	// +optional
	B *string `json:"b,omitempty"`
	// +optional
	Items Items `json:"items,omitempty"`
}
