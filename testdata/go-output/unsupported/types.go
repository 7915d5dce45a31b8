// +k8s:openapi-gen=true
package unsupported

// Limits has value validations, which the Go output does not write yet.
type Limits struct {
	// +k8s:validation:maxLength=5
	Name string `json:"name"`
}
