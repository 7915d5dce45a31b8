// Package both: a type with both definition methods (kube-openapi's TestCustomDefV2AndV3).
//
// +k8s:openapi-gen=true
package both
