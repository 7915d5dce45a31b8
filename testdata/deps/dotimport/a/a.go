package a

import . "example.com/dot/b"

// Outer names Inner unqualified, through `import .`.
type Outer struct {
	In Inner `json:"in"`
}
