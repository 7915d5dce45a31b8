// Package v1 refers to packages that exist nowhere.
package v1

import (
	"example.com/nowhere/things"
	"example.net/unrequired/stuff"
)

// Holder refers to a missing package several times.
type Holder struct {
	// First reference.
	First things.Thing `json:"first"`
	// Second reference, through a pointer.
	// +optional
	Second *things.Other `json:"second,omitempty"`
	// Third reference, as list items.
	// +optional
	Third []things.Thing `json:"third,omitempty"`
	// A package that no require covers.
	// +optional
	Extra stuff.Extra `json:"extra,omitempty"`
}

// Other refers to the same missing package once more.
type Other struct {
	// Fourth reference.
	Fourth things.Thing `json:"fourth"`
}
