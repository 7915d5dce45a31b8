package broken

// Relay has two named declarative unions; one member names neither.
type Relay struct {
	// +k8s:unionDiscriminator(union: "in")
	// +k8s:required
	In string `json:"in"`
	// +k8s:unionDiscriminator(union: "out")
	// +k8s:required
	Out string `json:"out"`
	// +k8s:unionMember(union: "in")
	// +k8s:optional
	Socket *string `json:"socket,omitempty"`
	// +k8s:unionMember(union: "out")
	// +k8s:optional
	Pipe *string `json:"pipe,omitempty"`
	// +k8s:unionMember
	// ^^^^^^^^^^^^^^^^ union/ambiguous-member
	// +k8s:optional
	File *string `json:"file,omitempty"`
}
