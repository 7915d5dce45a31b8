package broken

// Grant puts one field in two declarative unions.
type Grant struct {
	// +k8s:unionMember(union: "who")
	// +k8s:optional
	User *string `json:"user,omitempty"`
	// +k8s:unionMember(union: "who")
	// +k8s:unionMember(union: "scope")
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ union/overlapping-unions
	// +k8s:optional
	Group *string `json:"group,omitempty"`
	// +k8s:unionMember(union: "scope")
	// +k8s:optional
	Cluster *string `json:"cluster,omitempty"`
}
