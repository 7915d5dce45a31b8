package broken

// Target has a member naming a union nobody declares.
type Target struct {
	// +k8s:unionDiscriminator(union: "dest")
	// +k8s:required
	Dest string `json:"dest"`
	// +k8s:unionMember(union: "dest")
	// +k8s:optional
	Queue *string `json:"queue,omitempty"`
	// +k8s:unionMember(union: "nope")
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/unknown-union
	// +k8s:optional
	Topic *string `json:"topic,omitempty"`
}
