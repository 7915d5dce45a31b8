package broken

// CacheKind names a cache.
// +enum
type CacheKind string

const (
	CacheMemory CacheKind = "Memory"
	CacheDisk   CacheKind = "Disk"
)

// Cache mixes KEP-1027 and declarative member markers in one union.
type Cache struct {
	// +unionDiscriminator
	// +required
	Kind CacheKind `json:"kind"`
	// +unionMember
	// +optional
	Memory *string `json:"memory,omitempty"`
	// +k8s:unionMember
	// ^^^^^^^^^^^^^^^^ union/mixed-dialects
	// +k8s:optional
	Disk *string `json:"disk,omitempty"`
}
