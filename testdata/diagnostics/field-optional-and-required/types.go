package api

// Settings has a field marked both ways.
type Settings struct {
	// Name of the settings.
	// +optional
	// +required
	Name string `json:"name"`
}
