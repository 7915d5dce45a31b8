// Package v1 holds the shop API: every exported struct gets a definition.
// +k8s:openapi-gen=true
package v1
