// (gengo reads the package tag from doc.go)
package eduplicate

// Twice writes extensions twice.
type Twice struct {
	// +k8s:openapi-gen=x-kubernetes-list-type:atomic
	// +listType=atomic
	// ^ extension/duplicate
	Names []string `json:"names"`

	// +k8s:openapi-gen=x-kubernetes-tag:a
	// +k8s:openapi-gen=x-kubernetes-tag:b
	// ^ extension/duplicate
	Tag string `json:"tag"`

	// +validations=self.size() > 0
	// +k8s:validation:cel[0]:rule="self.size() > 0"
	// ^ extension/duplicate
	// +k8s:validation:cel[0]:message="not empty"
	Both string `json:"both"`
}
