// Package empty reproduces validation-gen's output test union/union/discriminated/empty
// (cmd/validation-gen/output_tests/tags/union/union/discriminated/empty) in our own words: a discriminator without members (validation-gen generates nothing).
// +k8s:validation-gen-nolint
package empty

// Struct has a discriminator and no member.
type Struct struct {
	TypeMeta int

	// +k8s:unionDiscriminator
	D D `json:"d"`
}

type D string
