// Package intstr is a trimmed stand-in for apimachinery's intstr.
package intstr

// IntOrString is a type that can hold an int32 or a string.
type IntOrString struct {
	Type   int    `json:"type"`
	IntVal int32  `json:"intVal"`
	StrVal string `json:"strVal"`
}
