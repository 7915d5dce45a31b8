// (gengo reads the package tag from doc.go)

package api

// Limits has a model package that openapi-gen would copy into a Go string literal that does
// not compile (a backslash escape).
// +k8s:openapi-model-package=com.example\api
type Limits struct {
	Name string `json:"name"`
}
