package api

// Settings has a trailing marker.
type Settings struct {
	// Name of the settings.
	Name string `json:"name"` // +optional
	//                           ^^^^^^^^^ marker/misplaced
}
