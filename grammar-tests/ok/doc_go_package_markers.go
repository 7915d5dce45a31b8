// Copyright notice of the snippet author; not the package doc.

// +k8s:openapi-gen=true
// +k8s:deepcopy-gen=package
// +groupName=widgets.example.com
// +k8s:validation-gen=TypeMeta

// Package v1 holds the widget API.
//
// +kubebuilder:object:generate=true
package v1
