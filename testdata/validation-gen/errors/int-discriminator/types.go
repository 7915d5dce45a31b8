// Package intdiscriminator: a discriminator of type int; validation-gen fails with
// "can only be used on string types (int)".
package intdiscriminator

type Struct struct {
	// +k8s:unionDiscriminator
	D int `json:"d"`

	// +k8s:unionMember
	// +k8s:optional
	M1 *string `json:"m1"`
}
