// Package v3only: a type with OpenAPIV3Definition() only (kube-openapi's TestCustomDefV3).
//
// +k8s:openapi-gen=true
package v3only
