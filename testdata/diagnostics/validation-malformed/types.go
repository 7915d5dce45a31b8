// (gengo reads the package tag from doc.go)
package vmalformed

// Broken value-validation markers, each one that openapi-gen fails to read (the cases of
// kube-openapi's markers_test.go, TestParseCommentTags).
type Broken struct {
	// +k8s:validation:minimum=1
	// +k8s:validation:minimum=2
	// ^ validation/malformed
	Twice int `json:"twice"`

	// +k8s:validation:minimum=asdf
	// ^ validation/malformed
	NotJSON int `json:"notJSON"`

	// +k8s:validation:minimum="1"
	// ^ validation/malformed
	QuotedNumber int `json:"quotedNumber"`

	// +k8s:validation:maxLength=5.0
	// ^ validation/malformed
	FractionalLength string `json:"fractionalLength"`

	// +k8s:validation:=5
	// ^ validation/malformed
	EmptyKey string `json:"emptyKey"`

	// +k8s:validation:max Length=5
	// ^ validation/malformed
	SpaceInKey string `json:"spaceInKey"`

	// +k8s:validation:cel[0]:rule="oldSelf == self"
	// +k8s:validation:cel[2]:rule="self > 5"
	// ^ validation/malformed
	SkippedIndex int `json:"skippedIndex"`

	// +k8s:validation:cel[0]:rule="oldSelf == self"
	// +k8s:validation:cel[1]:rule="self > 5"
	// +k8s:validation:cel[1]:message="greater than 5"
	// +k8s:validation:cel[0]:optionalOldSelf=true
	// ^ validation/malformed
	BackToZero int `json:"backToZero"`

	// +k8s:validation:cel[0]:message>raw string message
	// +k8s:validation:cel[0]:rule="self.size() % 2 == 0"
	// +k8s:validation:cel[0]:message>raw string message 2
	// ^ validation/malformed
	RawNotConsecutive string `json:"rawNotConsecutive"`

	// +k8s:validation:cel:rule="self > 0"
	// ^ validation/malformed
	NoIndex int `json:"noIndex"`
}
