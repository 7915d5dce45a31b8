// Package pkg uses `roleName=` (v0.21.0): one Role per namespace and name.
package pkg

// +kubebuilder:rbac:groups=apps,namespace=infra,roleName=infra-manager,resources=deployments,verbs=get;list
// +kubebuilder:rbac:groups=apps,namespace=infra,roleName=infra-manager,resources=statefulsets,verbs=get
// +kubebuilder:rbac:groups="",namespace=infra,resources=secrets,verbs=get
// +kubebuilder:rbac:groups="",roleName=reader,resources=pods,verbs=list
// +kubebuilder:rbac:groups="",resources=nodes,verbs=list
