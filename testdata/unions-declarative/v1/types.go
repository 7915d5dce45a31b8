package v1

// Kind selects a member.
// +k8s:enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
	// KindC has no member yet: validation-gen accepts it.
	KindC Kind = "C"
)

// Inner is a member type.
type Inner struct {
	X string `json:"x,omitempty"`
}

// Plain has value members without omitempty: validation-gen counts a member as set when it
// is not its zero value, so they need not be optional.
type Plain struct {
	// +k8s:unionMember
	A string `json:"a"`
	// +k8s:unionMember
	B int32 `json:"b"`
}

// Disc is discriminated; `C` selects nothing.
type Disc struct {
	// +k8s:unionDiscriminator
	Kind Kind `json:"kind"`
	// +k8s:unionMember
	// +k8s:optional
	A *Inner `json:"a,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	B *Inner `json:"b,omitempty"`
}

// Gated is a union only when the gate is on: its schema has no union, and no rule enforces it.
type Gated struct {
	// +k8s:ifEnabled(Foo)=+k8s:unionMember
	// +k8s:optional
	A *Inner `json:"a,omitempty"`
	// +k8s:ifEnabled(Foo)=+k8s:unionMember
	// +k8s:optional
	B *Inner `json:"b,omitempty"`
}
