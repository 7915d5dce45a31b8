package valuevalidation

// +k8s:openapi-gen=true
// +k8s:validation:cel[0]:rule="self == oldSelf"
// +k8s:validation:cel[0]:message="foo"
type Foo struct {
	// +k8s:validation:maxLength=5
	// +k8s:validation:minLength=1
	// +k8s:validation:pattern="^a.*b$"
	// +optional
	StringValue string `json:"StringValue,omitempty"`
	// +k8s:validation:maximum=5.0
	// +k8s:validation:minimum=1.0
	// +k8s:validation:exclusiveMinimum=true
	// +k8s:validation:exclusiveMaximum=true
	// +k8s:validation:multipleOf=2.0
	// +optional
	NumberValue float64 `json:"NumberValue,omitempty"`
	// +k8s:validation:maxItems=5
	// +k8s:validation:minItems=1
	// +k8s:validation:uniqueItems=true
	ArrayValue []string
	// +k8s:validation:minProperties=1
	// +k8s:validation:maxProperties=5
	MapValue map[string]string
	// +k8s:validation:cel[0]:rule="self.length() > 0"
	// +k8s:validation:cel[0]:message="string message"
	// +k8s:validation:cel[1]:rule="self.length() % 2 == 0"
	// +k8s:validation:cel[1]:messageExpression="self + ' hello'"
	// +optional
	CELField string `json:"celField"`
}
