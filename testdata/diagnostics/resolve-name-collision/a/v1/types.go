package v1

// Thing is defined in a/v1.
type Thing struct {
	// Name of the thing.
	Name string `json:"name"`
}
