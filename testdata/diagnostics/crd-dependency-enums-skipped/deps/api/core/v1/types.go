// Package v1 stands in for k8s.io/api/core/v1.
package v1

// TaintEffect of a taint: informational in Kubernetes (`""` means all effects).
// +enum
type TaintEffect string

const (
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	TaintEffectNoExecute  TaintEffect = "NoExecute"
)
