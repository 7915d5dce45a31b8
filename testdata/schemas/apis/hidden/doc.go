// Package hidden is excluded from the output as a whole.
// +k8s:openapi-gen=false
package hidden
