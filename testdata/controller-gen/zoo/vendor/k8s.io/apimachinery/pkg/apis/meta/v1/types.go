// Package v1 is a trimmed stand-in for apimachinery's meta/v1: only what the zoo types use.
// controller-gen gives TypeMeta's fields their own schemas and ObjectMeta, Time and Duration
// fixed ones.
package v1

// TypeMeta describes an individual object in an API response or request.
type TypeMeta struct {
	// Kind is a string value representing the REST resource this object represents.
	// Servers may infer this from the endpoint the client submits requests to.
	// +optional
	Kind string `json:"kind,omitempty"`

	// APIVersion defines the versioned schema of this representation of an object.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	// Name must be unique within a namespace.
	// +optional
	Name string `json:"name,omitempty"`
}

// ListMeta describes metadata that synthetic resources must have.
type ListMeta struct {
	// +optional
	ResourceVersion string `json:"resourceVersion,omitempty"`
}

// Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.
type Time struct {
	Seconds int64 `json:"seconds"`
}

// Duration is a wrapper around time.Duration which supports correct marshaling.
type Duration struct {
	Nanoseconds int64 `json:"nanoseconds"`
}

// Condition contains details for one aspect of the current state of this API Resource.
type Condition struct {
	// type of condition in CamelCase or in foo.example.com/CamelCase.
	// +required
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Pattern=`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`
	// +kubebuilder:validation:MaxLength=316
	Type string `json:"type"`

	// status of the condition, one of True, False, Unknown.
	// +required
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Enum=True;False;Unknown
	Status string `json:"status"`

	// lastTransitionTime is the last time the condition transitioned from one status to another.
	// +required
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Format=date-time
	LastTransitionTime Time `json:"lastTransitionTime"`

	// message is a human readable message indicating details about the transition.
	// This may be an empty string.
	// +required
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MaxLength=32768
	Message string `json:"message"`
}
