package broken

// Inner is a struct member type.
type Inner struct {
	X string `json:"x,omitempty"`
}

// Source has a `+k8s:` member that is a plain struct: validation-gen fails to generate
// ("can only be used on nilable and primitive types").
type Source struct {
	// +k8s:unionMember
	A Inner `json:"a"`
	// ^@2 union/member-not-pointer error
	// +k8s:unionMember
	// +k8s:optional
	B *Inner `json:"b,omitempty"`
}
