package broken

// ReadKind selects a reader.
// +enum
type ReadKind string

const (
	ReadDisk ReadKind = "Disk"
)

// WriteKind selects a writer.
// +enum
type WriteKind string

const (
	WriteLog WriteKind = "Log"
)

// IO has two discriminators; one member does not say which it belongs to.
type IO struct {
	// +unionDiscriminator
	// +required
	Read ReadKind `json:"read"`
	// +unionDiscriminator
	// +required
	Write WriteKind `json:"write"`
	// +unionMember
	// +unionDiscriminatedBy=Read
	// +optional
	Disk *string `json:"disk,omitempty"`
	// +unionMember
	// ^^^^^^^^^^^^ union/ambiguous-member
	// +optional
	Log *string `json:"log,omitempty"`
}
