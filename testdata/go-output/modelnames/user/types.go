// (gengo reads the package tag from doc.go)

package user

import "example.com/shop/modelnames/dep"

// Holder refers to a type whose model name only a generated file declares.
type Holder struct {
	// Blob is the held blob.
	Blob dep.Blob `json:"blob"`
}
