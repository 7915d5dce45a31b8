// Package unions reproduces validation-gen's output test levels/unions
// (cmd/validation-gen/output_tests/tags/levels/unions) in our own words: every union marker behind +k8s:alpha or +k8s:beta.
// +k8s:validation-gen-nolint
package unions

// Struct: an alpha discriminated union.
type Struct struct {
	TypeMeta int

	// +k8s:alpha=+k8s:unionDiscriminator
	D D `json:"d"`

	// +k8s:alpha=+k8s:unionMember
	// +k8s:optional
	M1 *M1 `json:"m1"`

	// +k8s:alpha(since: "1.35")=+k8s:unionMember
	// +k8s:optional
	M2 *M2 `json:"m2"`
}

// UnionStructBeta: a beta discriminated union.
type UnionStructBeta struct {
	TypeMeta int

	// +k8s:beta=+k8s:unionDiscriminator
	DBeta BetaD `json:"dBeta"`

	// +k8s:beta=+k8s:unionMember
	// +k8s:optional
	M1Beta *BetaM1 `json:"m1Beta"`

	// +k8s:beta(since: "1.35")=+k8s:unionMember
	// +k8s:optional
	M2Beta *BetaM2 `json:"m2Beta"`
}

// MyStruct: an alpha zero-or-one group.
type MyStruct struct {
	TypeMeta int

	// +k8s:alpha=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Z1 *Z1 `json:"z1"`

	// +k8s:alpha=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Z2 *Z2 `json:"z2"`
}

// MyStructBeta: a beta zero-or-one group.
type MyStructBeta struct {
	TypeMeta int

	// +k8s:beta=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Z1Beta *BetaZ1 `json:"z1Beta"`

	// +k8s:beta=+k8s:zeroOrOneOfMember
	// +k8s:optional
	Z2Beta *BetaZ2 `json:"z2Beta"`
}

// MyListStruct: alpha zero-or-one list items.
type MyListStruct struct {
	TypeMeta int

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:alpha=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:alpha=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	Tasks []Task `json:"tasks"`
}

// MyListStructBeta: beta zero-or-one list items.
type MyListStructBeta struct {
	TypeMeta int

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:beta=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:beta=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	TasksBeta []Task `json:"tasksBeta"`
}

type D string

const (
	DM1 D = "M1"
	DM2 D = "M2"
)

type BetaD string

const (
	BetaDM1 BetaD = "M1Beta"
	BetaDM2 BetaD = "M2Beta"
)

type M1 struct{}

type M2 struct{}

type BetaM1 struct{}

type BetaM2 struct{}

type Z1 struct{}

type Z2 struct{}

type BetaZ1 struct{}

type BetaZ2 struct{}

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}
