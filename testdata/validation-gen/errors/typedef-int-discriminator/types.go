// Package typedefintdiscriminator: a discriminator of a named int type; validation-gen fails
// with "can only be used on string types (pkg.D -> int)".
package typedefintdiscriminator

type Struct struct {
	// +k8s:unionDiscriminator
	D D `json:"d"`

	// +k8s:unionMember
	// +k8s:optional
	M1 *string `json:"m1"`
}

type D int
