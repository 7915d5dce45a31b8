// Package resource is a trimmed stand-in for apimachinery's resource.
package resource

// Quantity is a fixed-point representation of a number.
type Quantity struct {
	Format string `json:"format"`
}
