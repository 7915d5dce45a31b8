package markers

// Backend selects one target.
// +k8s:union(union: "backend")
type Backend struct {
	// +k8s:unionDiscriminator(union: "backend")
	Type string `json:"type"`
	// +k8s:unionMember(union: "backend", memberName: "Service")
	// +k8s:optional
	Service *Ref `json:"service,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	Resource *Ref `json:"resource,omitempty"`
	// +k8s:beta(since: "1.38")=+k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:unionMember(union: "backend", memberName: "Other")
	Other *Ref `json:"other,omitempty"`
	// +k8s:unionMember("positional")
	Pos *Ref `json:"pos,omitempty"`
}

type Ref struct{}
