// +groupName=shop.example.com
package v1

// Widget is a resource whose spec holds controller-gen unions.
type Widget struct {
	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec holds the unions.
type WidgetSpec struct {
	// +optional
	Source *Source `json:"source,omitempty"`
	// +optional
	Probe *Probe `json:"probe,omitempty"`
}

// Source is where a config comes from: exactly one of the three.
// +kubebuilder:validation:ExactlyOneOf=configMap;secret;inline
type Source struct {
	// +optional
	ConfigMap *string `json:"configMap,omitempty"`
	// +optional
	Secret *string `json:"secret,omitempty"`
	// +optional
	Inline string `json:"inline,omitempty"`
}

// +kubebuilder:validation:AtMostOneOf={"tcp", "udp"}

// Probe has the marker in the block above its doc comment, as kubebuilder writes it; its
// fields are shared by two unions, which controller-gen allows.
// +kubebuilder:validation:AtLeastOneOf:=tcp;udp;exec
type Probe struct {
	// +optional
	TCP *int32 `json:"tcp,omitempty"`
	// +optional
	UDP *int32 `json:"udp,omitempty"`
	ProbeCommon `json:",inline"`
}

// ProbeCommon is inlined into Probe: its fields are Probe's.
type ProbeCommon struct {
	// +optional
	Exec []string `json:"exec,omitempty"`
}
