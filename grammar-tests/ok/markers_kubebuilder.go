package markers

// Size is constrained by kubebuilder markers.
// +kubebuilder:validation:Enum=Small;Medium;Large
// +kubebuilder:validation:MaxLength=10
type Size string

// Box uses field-level kubebuilder markers.
type Box struct {
	// +kubebuilder:validation:Enum=A;B
	// +kubebuilder:default=A
	Letter string `json:"letter"`
	// +kubebuilder:validation:XValidation:rule="self > 0",message="must be positive"
	Count int `json:"count"`
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Name string `json:"name"`
}
