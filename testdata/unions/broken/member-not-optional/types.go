package broken

// BackendKind names a backend.
// +enum
type BackendKind string

const (
	BackendService  BackendKind = "Service"
	BackendResource BackendKind = "Resource"
)

// Backend has a member that is required.
type Backend struct {
	// +unionDiscriminator
	// +required
	Kind BackendKind `json:"kind"`
	// +unionMember
	// +optional
	Service *string `json:"service,omitempty"`
	// +unionMember
	Resource *string `json:"resource"`
	// ^@2 union/member-not-optional
}
