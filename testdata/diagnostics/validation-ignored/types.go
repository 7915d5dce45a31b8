// (gengo reads the package tag from doc.go)
package vignored

import "k8s.io/kube-openapi/pkg/common"

// Markers openapi-gen reads past.
type Quiet struct {
	// +k8s:validation:maxLenght=5
	// ^ validation/ignored
	Typo string `json:"typo"`

	// +k8s:validation:maxLength=ref(MaxName)
	// ^ validation/ignored
	Reference string `json:"reference"`

	// +k8s:validation:format="email"
	// ^ validation/ignored
	Format string `json:"format"`

	// +k8s:validation:minimum=1
	// ^ validation/ignored
	Quoted int64 `json:"quoted,string"`
}

// Name is not a struct: openapi-gen reads the markers of fields.
// +k8s:validation:maxLength=5
// ^ validation/ignored
type Name string

// Replaced supplies its whole schema.
// +k8s:validation:maxProperties=5
// ^ validation/ignored
type Replaced struct{}

func (Replaced) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{}
}
