// Package embedded embeds a non-struct type without a tag: encoding/json and openapi-gen
// make it a property named after the type.
package embedded

// Int64 is a defined integer.
type Int64 int64

// Base is inlined.
type Base struct {
	Name string `json:"name"`
}

// Holder embeds both.
type Holder struct {
	Base `json:",inline"`
	Int64
}
