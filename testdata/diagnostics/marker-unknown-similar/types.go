package api

// Settings has a typo in a marker.
type Settings struct {
	// Name of the settings.
	// +optinal
	// ^^^^^^^^ marker/unknown-similar
	Name string `json:"name,omitempty"`
}
