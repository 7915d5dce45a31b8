package api

// Stub is a test fake in an API package: no definition refers to it, and its function field
// has no OpenAPI schema, so it is left out with a warning (controller-gen and openapi-gen never
// look at it).
type Stub struct {
//   ^^^^ resolve/left-out
	GetKey func() string
	//     ~~~~~~~~~~~~~ resolve/left-out
}

// Widget is described as usual.
type Widget struct {
	Name string `json:"name"`
}
