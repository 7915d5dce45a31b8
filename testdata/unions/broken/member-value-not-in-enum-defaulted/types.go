package broken

// SourceKind names where a source comes from.
// +enum
type SourceKind string

const (
	SourceGit SourceKind = "Git"
	SourceURL SourceKind = "URL"
)

// Source's member values default to the Go field names, which are not the enum's values.
type Source struct {
	// +unionDiscriminator
	// +required
	Kind SourceKind `json:"kind"`
	// +unionMember
	// ^^^^^^^^^^^^ union/member-value-not-in-enum
	// +optional
	GitRepository *string `json:"gitRepository,omitempty"`
	// +unionMember=URL
	// +optional
	URL *string `json:"url,omitempty"`
}
