// Package memberontype: union markers on a type declaration; validation-gen fails with
// `tag "k8s:unionMember" cannot be specified on type definitions`.
package memberontype

// +k8s:unionMember
type M1 struct{}

// +k8s:unionDiscriminator
type D string

// +k8s:zeroOrOneOfMember
type Z string

// Holder makes D and Z part of the output: findings about types nothing reaches are warnings.
type Holder struct {
	D D `json:"d"`
	Z Z `json:"z"`
}
