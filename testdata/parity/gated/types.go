// Package gated holds fields whose validation-gen markers sit behind feature gates, next to
// the legacy markers openapi-gen reads (the way Kubernetes writes them since 1.36).
package gated

// Phase is an operation kind.
// +k8s:alpha(since: "1.37")=+k8s:enum
type Phase string

const (
	// PhaseApply applies.
	PhaseApply Phase = "Apply"
	// PhaseUpdate updates.
	PhaseUpdate Phase = "Update"
)

// Condition is a list item with a key.
type Condition struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

// Status holds lists.
type Status struct {
	// both forms of one key, ungated: one key.
	// +listType=map
	// +listMapKey=type
	// +optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	Conditions []Condition `json:"conditions,omitempty"`

	// two keys in both forms: each key once, in order.
	// +listType=map
	// +listMapKey=type
	// +listMapKey=name
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=name
	// +optional
	Pairs []Condition `json:"pairs,omitempty"`

	// an atomic list that becomes a map behind a gate: stays atomic, no keys.
	// +listType=atomic
	// +optional
	// +k8s:alpha(since: "1.37")=+k8s:listType=map
	// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
	Gated []Condition `json:"gated,omitempty"`

	// only the declarative form: read as the legacy one.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +optional
	Declarative []Condition `json:"declarative,omitempty"`

	// a gated required on an omitempty field: still optional.
	// +k8s:alpha(since: "1.37")=+k8s:required
	Operation Phase `json:"operation,omitempty"`

	// a gated optional on a field without omitempty: still required.
	// +k8s:beta(since: "1.37")=+k8s:optional
	Endpoints []string `json:"endpoints"`

	// gated behind a feature gate.
	// +k8s:ifEnabled("SomeGate")=+k8s:optional
	// +k8s:ifDisabled("SomeGate")=+k8s:required
	// +k8s:ifEnabled("SomeGate")=+default="x"
	Flagged string `json:"flagged"`
}

// Attribute is a union only behind a gate: no x-kubernetes-unions.
type Attribute struct {
	// +optional
	// +k8s:alpha(since: "1.36")=+k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:unionMember
	IntValue *int64 `json:"int,omitempty"`
	// +optional
	// +k8s:alpha(since: "1.36")=+k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:unionMember
	StringValue *string `json:"string,omitempty"`
}

// Pools has declarative keys on an atomic list, for validation-gen's uniqueness check.
type Pools struct {
	// +optional
	// +listType=atomic
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=name
	Summary []Condition `json:"summary,omitempty"`
}

// Shadowed has a union behind `+k8s:shadow=`: validation-gen evaluates it but reports its
// errors as shadowed, never enforced, so it is checked and listed like any gated union and
// stays out of the schema.
type Shadowed struct {
	// +k8s:shadow=+k8s:unionMember
	// +k8s:optional
	A *string `json:"a,omitempty"`
	// +k8s:shadow=+k8s:unionMember
	// +k8s:optional
	B *string `json:"b,omitempty"`
}
