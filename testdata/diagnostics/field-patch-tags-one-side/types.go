package api

// Status has patch struct tags without the markers, as CRD types often do: openapi-gen stops
// on it, controller-gen ignores patch tags, so it is a warning.
type Status struct {
	// Conditions of the object.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	//                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ field/patch-tags-mismatch warning
	//                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ field/patch-tags-mismatch warning
}

// Condition is one condition.
type Condition struct {
	Type string `json:"type"`
}
