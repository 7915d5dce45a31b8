// Package controllers holds rbac markers where controller-gen reads them (and where it does
// not), to snapshot the roles union-gen writes for each release.
package controllers

// Rules merged by groups, resources, names and URLs, then by their verbs.
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=update;get
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get;list;watch

// `core` is the group "": merged with "" from v0.16.2, written as "" always.
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:rbac:groups="",resources=services,verbs=get
// +kubebuilder:rbac:groups=core;"";batch,resources=configmaps,verbs=list

// URLs only: dropped by v0.16.0 and v0.16.1, merged from v0.16.2.
// +kubebuilder:rbac:urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/healthz;/readyz,verbs=get

// `*` among the verbs: only `*` from v0.17.0.
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;create
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=*

// Names and braces.
// +kubebuilder:rbac:groups=apps,resources={deployments,replicasets},resourceNames=web;db,verbs=delete

// Namespaced roles, one per namespace.
// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;update,namespace=system
// +kubebuilder:rbac:groups="",resources=events,verbs=create,namespace=system
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get,namespace=app

// An empty verb list is written as `verbs: null`.
// +kubebuilder:rbac:groups=policy,resources=poddisruptionbudgets,verbs=

// Reconciler reconciles.
type Reconciler struct{}

// Reconcile is documented, and this marker is part of its doc: controller-gen ignores it.
// +kubebuilder:rbac:groups=ignored.example.com,resources=things,verbs=get
func (r *Reconciler) Reconcile() error {
	// +kubebuilder:rbac:groups=inside.example.com,resources=bodies,verbs=get
	return nil
} // +kubebuilder:rbac:groups=after.example.com,resources=braces,verbs=watch

// +kubebuilder:rbac:groups=above.example.com,resources=types,verbs=list

// Widget is a type with a detached rbac marker above it: package-level.
type Widget struct{}
