// Package unions reproduces validation-gen's output test options/unions
// (cmd/validation-gen/output_tests/tags/options/unions) in our own words: union markers behind +k8s:ifEnabled / +k8s:ifDisabled.
// +k8s:validation-gen-nolint
package unions

// Struct holds the gated unions and two gated list-item groups.
type Struct struct {
	TypeMeta int

	UnionField         Union         `json:"unionField"`
	UnionFieldDisabled UnionDisabled `json:"unionFieldDisabled"`

	ZeroOrOneOfField         ZeroOrOneOf         `json:"zeroOrOneOfField"`
	ZeroOrOneOfFieldDisabled ZeroOrOneOfDisabled `json:"zeroOrOneOfFieldDisabled"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	ZeroOrOneOfItem []Task `json:"zeroOrOneOfItem"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	ZeroOrOneOfItemDisabled []Task `json:"zeroOrOneOfItemDisabled"`
}

type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}

// Union is discriminated when FeatureX is on; its members are plain strings.
type Union struct {
	// +k8s:ifEnabled(FeatureX)=+k8s:unionDiscriminator
	Discriminator string `json:"discriminator"`

	// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
	XEnabledField string `json:"xEnabledField"`

	// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
	XDisabledField string `json:"xDisabledField"`
}

// UnionDisabled is discriminated when FeatureX is off.
type UnionDisabled struct {
	// +k8s:ifDisabled(FeatureX)=+k8s:unionDiscriminator
	Discriminator string `json:"discriminator"`

	// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
	XEnabledField string `json:"xEnabledField"`

	// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
	XDisabledField string `json:"xDisabledField"`
}

// ZeroOrOneOf is a zero-or-one group when FeatureX is on.
type ZeroOrOneOf struct {
	// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
	XEnabledField string `json:"xEnabledField"`

	// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
	XDisabledField string `json:"xDisabledField"`
}

// ZeroOrOneOfDisabled is a zero-or-one group when FeatureX is off.
type ZeroOrOneOfDisabled struct {
	// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
	XEnabledField string `json:"xEnabledField"`

	// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
	XDisabledField string `json:"xDisabledField"`
}
