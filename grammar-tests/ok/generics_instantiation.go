package shapes

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Holder uses generic instantiations in its fields.
type Holder struct {
	// Counts maps names to pairs.
	Counts Pair[string, int] `json:"counts"`
	// Remote is a qualified generic.
	Remote *metav1.List[Widget] `json:"remote,omitempty"`
	// Nested nests instantiations.
	Nested []Bag[Pair[string, Widget]] `json:"nested"`
}

type Widget struct{}
