// Package v1 contains the zoo API, version v1.
// +kubebuilder:object:generate=true
// +groupName=zoo.example.com
package v1
