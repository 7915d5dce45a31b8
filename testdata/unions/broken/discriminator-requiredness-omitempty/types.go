package broken

// ShapeKind has the empty value.
// +enum
type ShapeKind string

const (
	ShapeCircle ShapeKind = "Circle"
	ShapeNone   ShapeKind = ""
)

// Shape's discriminator may be "", but its JSON tag lacks omitempty.
type Shape struct {
	// +unionDiscriminator
	// +optional
	Kind ShapeKind `json:"kind"`
	// ^@2 union/discriminator-requiredness
	// +unionMember
	// +optional
	Circle *int32 `json:"circle,omitempty"`
}
