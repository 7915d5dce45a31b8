package api

// Settings has a trailing marker.
type Settings struct {
	// Name of the settings.
	Name string `json:"name"` // +optional
	//                           ^^^^^^^^^ marker/misplaced warning
}

// Limits: the same-line comment after Min is the doc comment of Max for gengo (its comment
// group ends on the line above Max), so openapi-gen reads Max as optional; controller-gen
// ignores the comment. Both accept the file: no finding, and Max is optional here too.
type Limits struct {
	Min int `json:"min"` // +optional
	Max int `json:"max,omitempty"`
	// A controller-gen marker after a field is read by no tool.
	Step string `json:"step"` // +kubebuilder:validation:Enum=A;B
	//                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ marker/misplaced warning
}
