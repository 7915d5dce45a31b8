package crlf

// Windows is written with CRLF line endings.
// +enum
type Windows string

const (
	// Pane is a value.
	Pane Windows = "pane"
	Sash Windows = `sash`
)

// Frame has fields.
type Frame struct {
	// Glass is optional.
	// +optional
	Glass *string `json:"glass,omitempty"`
	Wood  int     `json:"wood"` // +optional
}

func helper() int {
	return 1
}
