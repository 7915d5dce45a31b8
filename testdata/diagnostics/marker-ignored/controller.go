// Package controllers: rbac and webhook markers in doc comments, which controller-gen never
// reads as package markers.
package controllers

// Reconciler reconciles.
type Reconciler struct{}

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ marker/ignored
func (r *Reconciler) Reconcile() error {
	return nil
}

// Widget is a kind.
// +kubebuilder:webhook:path=/validate,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=widgets,verbs=create,versions=v1,name=vwidget.example.com,admissionReviewVersions=v1
// ^^^ marker/ignored
type Widget struct{}

// +kubebuilder:rbac:groups=apps,resources=replicasets,verbs=get

// Read: a blank line sets the marker apart.
func read() {}
