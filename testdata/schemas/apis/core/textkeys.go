package core

// Region is a map key that marshals itself to text.
type Region struct {
	Zone string
}

// MarshalText writes the zone.
func (r *Region) MarshalText() ([]byte, error) { return []byte(r.Zone), nil }

// Latency keys a map by a type that marshals to text, as controller-gen accepts.
type Latency struct {
	// Millis by region.
	// +optional
	Millis map[Region]int32 `json:"millis,omitempty"`
}
