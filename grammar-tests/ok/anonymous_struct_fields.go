package anon

// Outer nests anonymous structs.
type Outer struct {
	// Inner is an inline struct.
	Inner struct {
		// Depth is nested.
		Depth int `json:"depth"`
		Deeper *struct {
			Leaf string `json:"leaf"`
		} `json:"deeper,omitempty"`
	} `json:"inner"`
	List []struct {
		K, V string
	} `json:"list"`
	Empty struct{} `json:"empty"`
}
