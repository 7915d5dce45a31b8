package p

// Status has markers one blank line above a field's doc comment, as kubebuilder projects
// write them: controller-gen reads them as the field's markers.
type Status struct {
	// +optional
	// +listType=map
	// +listMapKey=type

	// Conditions of the object.
	Conditions []Condition `json:"conditions,omitempty"`

	// A section comment, not a marker: it stays out of the doc.

	// Phase of the object.
	// +optional
	Phase string `json:"phase,omitempty"`
}

// Encryption has a commented-out field above another field's doc comment: its markers are
// not read.
type Encryption struct {
	// --- TOMBSTONE ---
	// kekId was renamed.
	// +required
	// KEKId string `json:"kekId,omitempty"`

	// detail of the plugin.
	// +optional
	Detail string `json:"detail,omitempty"`
}
