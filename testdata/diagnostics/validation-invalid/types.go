// (gengo reads the package tag from doc.go)
package vinvalid

// Values openapi-gen reads and rejects (kube-openapi's TestCommentTags_Validate).
type Limits struct {
	// +k8s:validation:minLength=-1
	// ^ validation/invalid
	NegativeLength string `json:"negativeLength"`

	// +k8s:validation:maxItems=-1
	// ^ validation/invalid
	NegativeItems []string `json:"negativeItems"`

	// +k8s:validation:minimum=10.5
	// ^ validation/invalid
	// +k8s:validation:maximum=5.5
	MinAboveMax float64 `json:"minAboveMax"`

	// +k8s:validation:minimum=5
	// +k8s:validation:maximum=5
	// +k8s:validation:exclusiveMinimum
	// ^ validation/invalid
	EmptyRange int `json:"emptyRange"`

	// +k8s:validation:minLength=10
	// ^ validation/invalid
	// +k8s:validation:maxLength=5
	LengthsCrossed string `json:"lengthsCrossed"`

	// +k8s:validation:minProperties=10
	// ^ validation/invalid
	// +k8s:validation:maxProperties=5
	PropertiesCrossed map[string]string `json:"propertiesCrossed"`

	// +k8s:validation:pattern="([a-z]+"
	// ^ validation/invalid
	OpenGroup string `json:"openGroup"`

	// +k8s:validation:pattern="a{1001}"
	// ^ validation/invalid
	TooManyRepeats string `json:"tooManyRepeats"`

	// +k8s:validation:multipleOf=0
	// ^ validation/invalid
	MultipleOfZero int `json:"multipleOfZero"`

	// +k8s:validation:cel[0]:rule="self > 0"
	// ^ validation/invalid
	NoMessage int `json:"noMessage"`

	// +k8s:validation:cel[0]:rule="self > 0"
	// ^ validation/invalid
	// +k8s:validation:cel[0]:message="positive"
	// +k8s:validation:cel[0]:messageExpression="'positive'"
	BothMessages int `json:"bothMessages"`

	// +k8s:validation:cel[0]:message="no rule"
	// ^ validation/invalid
	NoRule int `json:"noRule"`
}
