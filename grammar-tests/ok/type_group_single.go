package groups

// Solo is documented above the group.
// +enum
type (
	Solo string
)

type (
	// Inner is documented inside the group.
	Inner int
)
