package broken

// VcsKind names a version control system.
// +enum
type VcsKind string

const (
	VcsGit VcsKind = "Git"
	VcsHg  VcsKind = "Hg"
)

// Checkout has a member whose value the enum lacks.
type Checkout struct {
	// +unionDiscriminator
	// +required
	Vcs VcsKind `json:"vcs"`
	// +unionMember
	// +optional
	Git *string `json:"git,omitempty"`
	// +unionMember
	// +optional
	Hg *string `json:"hg,omitempty"`
	// +unionMember=SVN
	// ^^^^^^^^^^^^^^^^ union/member-value-not-in-enum
	// +optional
	Svn *string `json:"svn,omitempty"`
}
