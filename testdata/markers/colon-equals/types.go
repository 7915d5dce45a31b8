package colonequals

// Speed is a CRD field's type.
type Speed string

// Drink uses controller-gen's `name:=value` spelling, which means `name=value`.
type Drink struct {
	// Speed of service.
	// +kubebuilder:validation:Enum:=Slow;Fast
	// +kubebuilder:default:=Fast
	// +default:="Fast"
	// +optional
	Speed Speed `json:"speed,omitempty"`
}
