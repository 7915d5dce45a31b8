// (gengo reads the package tag from doc.go)
package emalformed

// Tagged has extensions openapi-gen skips.
// +k8s:openapi-gen=x-kubernetes-type-tag
//                  ^ extension/malformed
type Tagged struct {
	// +k8s:openapi-gen=x-vendor-tag:value
	//                  ^ extension/malformed
	Name string `json:"name"`
}
