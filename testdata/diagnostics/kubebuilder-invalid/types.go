// Markers controller-gen fails on: `validate --packages` reports them and leaves them out.
// +groupName=example.com
package v1

// Port has a bound that is not a number.
// +kubebuilder:validation:Minimum=one
//                                 ^^^ kubebuilder/invalid
type Port int32

// WidgetSpec is the spec.
type WidgetSpec struct {
	Port Port `json:"port"`

	// +kubebuilder:validation:Pattern=`^[a-z]+(?<!x)$`
	//                                 ^^^^^^^^^^^^^^^^^ kubebuilder/invalid
	Name string `json:"name"`

	// +kubebuilder:validation:XValidation:message="no rule"
	//                                             ^^^^^^^^^ kubebuilder/invalid
	Size int32 `json:"size"`

	// +kubebuilder:validation:MaxLength=3
	//                                   ^ kubebuilder/invalid
	Count int32 `json:"count"`

	// +kubebuilder:validation:items:MinLength=1
	//                                         ^ kubebuilder/invalid
	Title string `json:"title"`

	// +kubebuilder:validation:Maximum=1.5
	//                                 ^^^ kubebuilder/invalid
	Level int32 `json:"level"`

	// +kubebuilder:validation:XValidation:rule="self > 0",reason=Wrong
	//                                          ^^^^^^^^^^^^^^^^^^^^^^^ kubebuilder/invalid
	Weight int32 `json:"weight"`
}

// Widget is a kind.
// +kubebuilder:object:root=true
type Widget struct {
	APIVersion string     `json:"apiVersion,omitempty"`
	Kind       string     `json:"kind,omitempty"`
	Spec       WidgetSpec `json:"spec"`
}
