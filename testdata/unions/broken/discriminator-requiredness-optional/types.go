package broken

// ShapeKind has no empty value.
// +enum
type ShapeKind string

const (
	ShapeCircle ShapeKind = "Circle"
	ShapeSquare ShapeKind = "Square"
)

// Shape has an optional discriminator without a default or a "" value.
type Shape struct {
	// +unionDiscriminator
	// +optional
	Kind ShapeKind `json:"kind,omitempty"`
	// ^@2 union/discriminator-requiredness
	// +unionMember
	// +optional
	Circle *int32 `json:"circle,omitempty"`
	// +unionMember
	// +optional
	Square *int32 `json:"square,omitempty"`
}
