// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.api

package api

// Limits is in a package with model names, whose model-name file the Go output cannot
// write yet.
type Limits struct {
	Name string `json:"name"`
}
