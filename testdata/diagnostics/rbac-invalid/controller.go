// Package controllers: rbac markers controller-gen refuses.
package controllers

// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get
//                                                     ^^^^ rbac/invalid
// +kubebuilder:rbac:groups=apps,resources=deployments
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ rbac/invalid
// +kubebuilder:rbac:groups=apps,resources=pods,verbs=get:list
//                                                       ^ rbac/invalid

var x = 1
