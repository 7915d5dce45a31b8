package broken

// LockKind names a lock.
// +enum
type LockKind string

const (
	LockFile  LockKind = "File"
	LockLease LockKind = "Lease"
)

// KeyKind names a key.
// +enum
type KeyKind string

const (
	KeyStatic KeyKind = "Static"
)

// Lock has two discriminators, and every member belongs to the first one.
type Lock struct {
	// +unionDiscriminator
	// +required
	Lock LockKind `json:"lock"`
	// +unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^ union/discriminator-without-members
	// +required
	Key KeyKind `json:"key"`
	// +unionMember
	// +unionDiscriminatedBy=Lock
	// +optional
	File *string `json:"file,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=Lock
	// +optional
	Lease *string `json:"lease,omitempty"`
}
