// Package v1 holds a kind with controller-gen's value markers; `validate --packages` checks
// objects against what controller-gen would write into its CRD.
// +groupName=example.com
package v1

// Port is a network port (type-level markers: where the type is used).
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
type Port int32

// Name is a DNS label.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=63
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
type Name string

// Mode says how fast.
// +kubebuilder:validation:Enum=Fast;Slow
type Mode string

// Listener is one port (struct type markers: on its definition).
// +kubebuilder:validation:XValidation:rule="self.port != 22",message="port 22 is reserved"
type Listener struct {
	Name Name `json:"name"`
	Port Port `json:"port"`
	// +kubebuilder:validation:Enum=TCP;UDP
	// +kubebuilder:default=TCP
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// WidgetSpec is the spec.
// +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas <= 10 || self.mode == 'Slow'",message="more than 10 replicas need Slow mode",fieldPath=".replicas",reason=FieldValueForbidden
type WidgetSpec struct {
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:Maximum=100
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// +kubebuilder:default=Fast
	// +optional
	Mode Mode `json:"mode,omitempty"`

	// A list of listeners, at least one, names unique.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=3
	// +listType=map
	// +listMapKey=name
	Listeners []Listener `json:"listeners"`

	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:items:MaxLength=5
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Extra ports, each a Port.
	// +optional
	Extra []Port `json:"extra,omitempty"`

	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	// +optional
	Labels map[string]Name `json:"labels,omitempty"`

	// +kubebuilder:validation:Format=date-time
	// +optional
	Since string `json:"since,omitempty"`

	// +kubebuilder:validation:MultipleOf=5
	// +optional
	Step int32 `json:"step,omitempty"`

	// +nullable
	// +optional
	Note *string `json:"note,omitempty"`

	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Type=""
	// +kubebuilder:validation:Pattern=`^[0-9]+%?$`
	// +optional
	Budget *IntOrPercent `json:"budget,omitempty"`

	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +optional
	Raw map[string]string `json:"raw,omitempty"`

	// +k8s:immutable
	// +optional
	Class string `json:"class,omitempty"`

	Common `json:",inline"`

	// A Listener under another name: its markers come along.
	// +optional
	Backup *Backup `json:"backup,omitempty"`

	// +kubebuilder:validation:Optional
	Comment string `json:"comment"`
}

// Common is inlined into WidgetSpec, its rule with it.
// +kubebuilder:validation:XValidation:rule="self.owner != 'root'",message="owner may not be root"
type Common struct {
	// Required by controller-gen: no omitempty, no marker.
	Owner string `json:"owner"`
}

// Backup is a Listener.
type Backup Listener

// IntOrPercent is a number or a percentage.
type IntOrPercent string

// Widget is a kind.
// +kubebuilder:object:root=true
type Widget struct {
	APIVersion string     `json:"apiVersion,omitempty"`
	Kind       string     `json:"kind,omitempty"`
	Spec       WidgetSpec `json:"spec"`
}
