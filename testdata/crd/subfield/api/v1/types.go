// Package v1 holds a CRD whose spec declares a validation-gen subfield union: the union of
// Source's fields, validated through `spec.source` only.
// +groupName=example.com
package v1

// Feed is the CRD kind.
// +kubebuilder:object:root=true
type Feed struct {
	Spec FeedSpec `json:"spec,omitempty"`
}

// FeedSpec declares the union of its source's fields.
type FeedSpec struct {
	// +k8s:subfield(git)=+k8s:unionMember
	// +k8s:subfield(url)=+k8s:unionMember
	// +optional
	Source *Source `json:"source,omitempty"`
}

// Source carries no union of its own.
type Source struct {
	// +optional
	Git *string `json:"git,omitempty"`
	// +optional
	URL *string `json:"url,omitempty"`
}
