// Package api opts in to openapi-gen, which selects its types.
// +k8s:openapi-gen=true
package api
