package v1

// Thing is defined in b/v1 too.
type Thing struct {
//   ^^^^^ resolve/name-collision
	// Size of the thing.
	Size int32 `json:"size"`
}
