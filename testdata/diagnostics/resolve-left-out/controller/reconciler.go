// Package controller is beside the API (no `+groupName`, no `+k8s:openapi-gen=true`): its
// structs reach undescribable types, and nothing of the API refers to them.
package controller

// Reconciler reaches Options, whose field is a function.
type Reconciler struct {
//   ^^^^^^^^^^ resolve/left-out
	Options Options `json:"options"`
}

// Options has a function field.
type Options struct {
//   ^^^^^^^ resolve/left-out
	Hook func() error `json:"-"`
	Now  func() int64
	//   ~~~~~~~~~~~~ resolve/left-out
	//   ~~~~~~~~~~~~ resolve/left-out
}
