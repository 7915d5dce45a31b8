// Package oneof: OpenAPIV3OneOfTypes with the type/format pair (kube-openapi's TestV3OneOfTypes).
//
// +k8s:openapi-gen=true
package oneof
