package hidden

// Invisible never becomes a definition.
type Invisible struct {
	Value string `json:"value"`
}
