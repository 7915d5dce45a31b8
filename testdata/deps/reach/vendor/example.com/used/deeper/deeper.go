// Package deeper is reached from the kind through example.com/used.
package deeper

// Shape is a widget's shape.
type Shape string
