package ifaces

import "io"

// Any is the empty interface.
type Any interface{}

// Reader embeds another interface and adds methods.
type Reader interface {
	io.Reader
	// Name returns a name.
	Name() string
	Close() error
}

// Holder has interface-typed fields.
type Holder struct {
	Anything interface{} `json:"anything"`
	Value    any         `json:"value"`
	Stream   Reader      `json:"-"`
	Inline   interface{ Get() int }
}
