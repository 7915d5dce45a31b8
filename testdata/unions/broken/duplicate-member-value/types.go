package broken

// SourceKind names a source.
// +enum
type SourceKind string

const (
	SourceGit  SourceKind = "Git"
	SourceHTTP SourceKind = "HTTP"
)

// Source has two members with the value Git.
type Source struct {
	// +unionDiscriminator
	// +required
	Kind SourceKind `json:"kind"`
	// +unionMember
	// +optional
	Git *string `json:"git,omitempty"`
	// +unionMember=GIT
	// +optional
	Http *string `json:"http,omitempty"`
	// +unionMember=Git
	// +optional
	GitMirror *string `json:"gitMirror,omitempty"`
}
