// (gengo reads the package tag from doc.go)
package vwrongtype

// Limits on types they do not apply to (kube-openapi's TestCommentTags_Validate).
type Mismatch struct {
	// +k8s:validation:minimum=10.5
	// ^ validation/wrong-type
	Text string `json:"text"`

	// +k8s:validation:minLength=10
	// ^ validation/wrong-type
	Flag bool `json:"flag"`

	// +k8s:validation:minItems=10
	// ^ validation/wrong-type
	// +k8s:validation:uniqueItems
	// ^ validation/wrong-type
	Word string `json:"word"`

	// +k8s:validation:minProperties=10
	// ^ validation/wrong-type
	Name string `json:"name"`

	// +k8s:validation:pattern="^a"
	// ^ validation/wrong-type
	Count int32 `json:"count"`

	// +k8s:validation:additionalProperties:maxLength=5
	// ^ validation/wrong-type
	NotAMap []string `json:"notAMap"`

	// +k8s:validation:items:maxLength=5
	// ^ validation/wrong-type
	NotAList map[string]string `json:"notAList"`

	// +k8s:validation:properties:name:maxLength=5
	// ^ validation/wrong-type
	NotAStruct int `json:"notAStruct"`

	// +k8s:validation:properties:missing:maxLength=5
	// ^ validation/wrong-type
	// +k8s:validation:properties:name:items:maxLength=5
	// ^ validation/wrong-type
	Inner Inner `json:"inner"`
}

type Inner struct {
	Name string `json:"name"`
}

// A struct's own limits: `maxLength` is for strings.
// +k8s:validation:maxLength=5
// ^ validation/wrong-type
type Whole struct {
	Name string `json:"name"`
}
