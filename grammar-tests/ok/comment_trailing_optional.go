package doccase

// Sprocket has a trailing marker after a field.
type Sprocket struct {
	// Teeth is counted.
	Teeth int `json:"teeth"` // +optional
	Bore  string `json:"bore"` // plain trailing prose
	// +required
	Pitch string `json:"pitch"`
}
