package api

// Pick is a +union struct that inlines another struct.
// +union
type Pick struct {
	Common `json:",inline"`
	// +optional
	A *string `json:"a,omitempty"`
}

// Common is embedded.
type Common struct {
	// +optional
	Name string `json:"name,omitempty"`
}
