package api

// Settings has a field marked both ways.
type Settings struct {
	// Name of the settings.
	// +optional
	// ~~~~~~~~~ field/optional-and-required
	// +required
	// ^^^^^^^^^ field/optional-and-required
	Name string `json:"name"`
}
