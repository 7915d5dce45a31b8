// Package v1 stands in for k8s.io/api/core/v1: built-in enums whose lists are informational
// (Kubernetes accepts `effect: ""`, "all effects", and `operator: ""`, "Equal").
package v1

// TaintEffect of a taint.
// +enum
type TaintEffect string

const (
	// TaintEffectNoSchedule does not schedule new pods.
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	// TaintEffectPreferNoSchedule avoids scheduling new pods.
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	// TaintEffectNoExecute evicts running pods.
	TaintEffectNoExecute TaintEffect = "NoExecute"
)

// TolerationOperator compares a toleration's key and value.
// +enum
type TolerationOperator string

const (
	// TolerationOpExists matches any value.
	TolerationOpExists TolerationOperator = "Exists"
	// TolerationOpEqual matches the value.
	TolerationOpEqual TolerationOperator = "Equal"
)

// Toleration tolerates a taint.
type Toleration struct {
	// Key of the taint.
	// +optional
	Key string `json:"key,omitempty"`
	// Operator of the match; empty means Equal.
	// +optional
	Operator TolerationOperator `json:"operator,omitempty"`
	// Value of the taint.
	// +optional
	Value string `json:"value,omitempty"`
	// Effect to match; empty means all effects.
	// +optional
	Effect TaintEffect `json:"effect,omitempty"`
}
