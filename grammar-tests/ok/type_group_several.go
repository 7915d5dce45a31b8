package groups

// Group doc applies to no single spec.
type (
	// First is first.
	// +enum
	First string

	// Second is second.
	Second struct {
		A First `json:"a"`
	}
	Third = Second
	Fourth[T any] []T
)
