package markers

// Broken has markers that do not parse, but the Go is fine.
type Broken struct {
	// +k8s:unionMember(union: "x"
	A *int `json:"a,omitempty"`
	// +k8s:unionMember(union:)
	B *int `json:"b,omitempty"`
	// +k8s:alpha(since: "1.37")=k8s:unionMember
	C *int `json:"c,omitempty"`
	// +1 to this idea, not a marker
	D *int `json:"d,omitempty"`
}
