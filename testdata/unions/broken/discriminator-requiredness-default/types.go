package broken

// ShapeKind has no empty value.
// +enum
type ShapeKind string

const (
	ShapeCircle ShapeKind = "Circle"
	ShapeSquare ShapeKind = "Square"
)

// Shape's discriminator has a default but is required.
type Shape struct {
	// +unionDiscriminator
	// +default="Circle"
	//          ^^^^^^^^ field/default-not-zero
	// +required
	Kind ShapeKind `json:"kind"`
	// ^@2 union/discriminator-requiredness
	// +unionMember
	// +optional
	Circle *int32 `json:"circle,omitempty"`
	// +unionMember
	// +optional
	Square *int32 `json:"square,omitempty"`
}
