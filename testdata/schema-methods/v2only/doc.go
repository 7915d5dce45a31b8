// Package v2only: a type with OpenAPIDefinition() only (kube-openapi's TestCustomDef).
//
// +k8s:openapi-gen=true
package v2only
