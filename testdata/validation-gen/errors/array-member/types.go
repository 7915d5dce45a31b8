// Package arraymember: an array member; validation-gen fails with
// "can only be used on nilable and primitive types (Array)".
package arraymember

type Struct struct {
	// +k8s:zeroOrOneOfMember
	M1 [2]string `json:"m1"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	M2 *string `json:"m2"`
}
