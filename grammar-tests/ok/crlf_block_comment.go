package crlf

/*
Door is documented in a CRLF block comment.
+enum
*/
type Door string

// Hinge spans lines in a raw string; Go drops the carriage returns.
const Hinge Door = `left
right`

// Knob has a block-commented field.
type Knob struct {
	/* Turns counts rotations.
	   +optional */
	Turns *int32 `json:"turns,omitempty"`
}
