package api

// Settings has a typo in a marker.
type Settings struct {
	// Name of the settings.
	// +optinal
	Name string `json:"name,omitempty"`
}
