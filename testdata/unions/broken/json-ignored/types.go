package broken

// PortKind names a port type.
// +enum
type PortKind string

const (
	PortNumber PortKind = "Number"
	PortName   PortKind = "Name"
)

// Port has a member that is never serialised.
type Port struct {
	// +unionDiscriminator
	// +required
	Kind PortKind `json:"kind"`
	// +unionMember
	// +optional
	Number *int32 `json:"number,omitempty"`
	// +unionMember
	// +optional
	Name *string `json:"-"`
	//           ^^^^^^^^^^ union/json-ignored
}
