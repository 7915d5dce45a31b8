package doccase

// +kubebuilder:object:root=true


// Gizmo has a doc comment; the block two lines up is not attached.
type Gizmo struct {
	Size int `json:"size"`
}

// This comment floats with a blank line below and no second block.

type Loose struct{}
