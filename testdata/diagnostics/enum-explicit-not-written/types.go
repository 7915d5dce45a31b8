package api

// Pool sizes its replicas from a fixed list: controller-gen writes the list, union-gen does not.
type Pool struct {
	// +kubebuilder:validation:Enum=1;2;4
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ enum/explicit-not-written
	Replicas int32 `json:"replicas"`
	// Size is a string: its list is written.
	// +kubebuilder:validation:Enum=Small;Large
	Size string `json:"size"`
}
