package broken

// StoreKind names a store.
// +enum
type StoreKind string

const (
	StoreBucket StoreKind = "Bucket"
	StoreDisk   StoreKind = "Disk"
)

// Store gives a member a custom value unrelated to its JSON name.
type Store struct {
	// +unionDiscriminator
	// +required
	Kind StoreKind `json:"kind"`
	// +unionMember=Bucket
	// ^^^^^^^^^^^^^^^^^^^ union/member-value-json-mismatch
	// +optional
	Objects *string `json:"objects,omitempty"`
	// +unionMember
	// +optional
	Disk *string `json:"disk,omitempty"`
}
