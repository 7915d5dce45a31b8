package doccase

/*
Lever is described in a block comment.
+enum
*/
type Lever string

/* Fulcrum has a single-line block comment. */
type Fulcrum struct {
	/* Arm is documented with a block comment.
	   +optional */
	Arm *Lever `json:"arm,omitempty"`
}
