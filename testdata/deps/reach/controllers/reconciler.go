// Package controllers names packages no kind reaches.
package controllers

import "example.com/unused"

// +kubebuilder:rbac:groups=reach.example.com,resources=widgets,verbs=get

// Reconciler is no kind.
type Reconciler struct {
	Client unused.Client
}
