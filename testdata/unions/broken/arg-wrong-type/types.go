package broken

// Pet's union name is written as a number, which validation-gen's tag parser reads as an
// integer where a string is expected.
type Pet struct {
	// +k8s:unionMember(union: 1)
	//                  ^^^^^^^^ marker/malformed
	// +k8s:optional
	Cat *string `json:"cat,omitempty"`
	// +k8s:unionMember(union: "1", memberName: true)
	//                              ^^^^^^^^^^^^^^^^ marker/malformed
	// +k8s:optional
	Dog *string `json:"dog,omitempty"`
}
