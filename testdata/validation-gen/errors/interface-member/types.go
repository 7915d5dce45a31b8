// Package interfacemember: an interface member; validation-gen fails with
// "can only be used on nilable and primitive types (Interface)".
package interfacemember

type Struct struct {
	// +k8s:unionMember
	M1 interface{} `json:"m1"`

	// +k8s:unionMember
	// +k8s:optional
	M2 *string `json:"m2"`
}
