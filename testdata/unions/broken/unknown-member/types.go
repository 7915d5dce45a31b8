package broken

// Source names its members by Go name instead of JSON name.
// +kubebuilder:validation:ExactlyOneOf=configMap;Secret
//                                      ^^^^^^^^^ union/unknown-member warning
type Source struct {
	// +optional
	ConfigMap *string `json:"configMap,omitempty"`
	// +optional
	Secret *string `json:"secret,omitempty"`
}
