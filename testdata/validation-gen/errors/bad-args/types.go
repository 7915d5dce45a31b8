// Package badargs: arguments validation-gen's tag type check rejects: an unknown named
// argument ("unrecognized named argument"), a positional argument, a non-string value
// ("argument ... has wrong type: got int, want string").
package badargs

type Struct struct {
	// +k8s:unionMember(group: "a")
	// +k8s:optional
	M1 *string `json:"m1"`

	// +k8s:unionMember("a")
	// +k8s:optional
	M2 *string `json:"m2"`

	// +k8s:unionMember(union: 1)
	// +k8s:optional
	M3 *string `json:"m3"`
}
