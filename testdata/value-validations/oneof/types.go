// Package oneof: a limit on a type with v3 one-of types (kube-openapi's
// TestMarkerCommentsV3OneOfTypes): openapi-gen checks no type with schema methods, so
// `maxLength` on a struct is accepted and written into both definitions.
// (gengo reads the package tag from doc.go)
package oneof

// +k8s:validation:maxLength=10
type Endpoint struct {
}

func (_ Endpoint) OpenAPISchemaType() []string   { return []string{"string"} }
func (_ Endpoint) OpenAPIV3OneOfTypes() []string { return []string{"string", "array"} }
func (_ Endpoint) OpenAPISchemaFormat() string   { return "ipv4" }
