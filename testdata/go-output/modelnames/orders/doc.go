// Package orders has no package-wide model package; one type has its own.
// +k8s:openapi-gen=true
package orders
