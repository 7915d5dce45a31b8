// +k8s:openapi-gen=true

package api

// Limits has a value validation, which openapi-gen writes and the Go output cannot yet.
type Limits struct {
	// +k8s:validation:maxLength=64
	Name string `json:"name"`
}
