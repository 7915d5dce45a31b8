package broken

// SourceKind names a source.
// +enum
type SourceKind string

const (
	SourceGit  SourceKind = "Git"
	SourceHTTP SourceKind = "HTTP"
)

// Source has two members with the discriminator value Git.
type Source struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind SourceKind `json:"kind"`
	// +k8s:unionMember
	// +k8s:optional
	Git *string `json:"git,omitempty"`
	// +k8s:unionMember(memberName: "HTTP")
	// +k8s:optional
	Web *string `json:"web,omitempty"`
	// +k8s:unionMember(memberName: "Git")
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/duplicate-member-value
	// +k8s:optional
	GitMirror *string `json:"gitMirror,omitempty"`
}
