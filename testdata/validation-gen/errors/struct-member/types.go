// Package structmember: a non-pointer struct member; validation-gen fails with
// "can only be used on nilable and primitive types (Struct)".
package structmember

type Struct struct {
	// +k8s:unionMember
	M1 M1 `json:"m1"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *M1 `json:"m2"`
}

type M1 struct{}
