package api

import "example.org/elsewhere/meta"

// Settings references a type from a package that is not loaded.
type Settings struct {
	// Meta comes from elsewhere.
	Meta meta.ObjectMeta `json:"meta"`
	//   ^^^^^^^^^^^^^^^ resolve/package-not-found
}
