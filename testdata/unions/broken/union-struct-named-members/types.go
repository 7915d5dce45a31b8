package broken

// Meta is inlined into Source.
type Meta struct {
	Labels map[string]string `json:"labels,omitempty"`
}

// Source is a `+union` struct whose members carry `+unionMember` (OpenShift's style): the
// checks judge those fields, the ones its CEL rule counts. The required `name` and the inlined
// Meta beside them are not members: no finding about them.
// +union
type Source struct {
	Meta `json:",inline"`
	// Name is required and not a member.
	Name string `json:"name"`
	// +unionDiscriminator
	// +optional
	Type string `json:"type,omitempty"`
	// +unionMember
	// +optional
	Git *string `json:"git,omitempty"`
	// +unionMember
	Image string `json:"image"`
	//^^^^^@2 union/member-not-optional
}
