// Package typeformat: OpenAPISchemaType and OpenAPISchemaFormat (kube-openapi's TestCustomDefs).
//
// +k8s:openapi-gen=true
package typeformat
