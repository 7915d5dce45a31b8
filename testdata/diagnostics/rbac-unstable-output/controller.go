// Package controllers: rules controller-gen merges into one of two at random.
package controllers

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// ^^^ rbac/unstable-output
// +kubebuilder:rbac:groups=batch,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps;batch,resources=deployments,verbs=list

var x = 1
