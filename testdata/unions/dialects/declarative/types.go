// Package declarative holds unions in the declarative-validation dialect (`+k8s:` markers).
package declarative

// Endpoint is an undiscriminated exactly-one union; Socket joins it behind an alpha gate.
type Endpoint struct {
	// +k8s:unionMember
	// +k8s:optional
	Service *string `json:"service,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	URL *string `json:"url,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	// +k8s:beta(since: "1.37")=+k8s:optional
	Socket *string `json:"socket"`
}

// RouteTarget names the target of a route.
// +enum
type RouteTarget string

const (
	RouteToService  RouteTarget = "Svc"
	RouteToRedirect RouteTarget = "Redirect"
	RouteToNowhere  RouteTarget = "Nowhere"
)

// Route has a named discriminated union and an at-most-one group.
type Route struct {
	// +k8s:unionDiscriminator(union: "target")
	// +k8s:required
	Target RouteTarget `json:"target"`
	// +k8s:unionMember(union: "target", memberName: "Svc")
	// +k8s:optional
	Service *string `json:"service,omitempty"`
	// +k8s:unionMember(union: "target")
	// +k8s:optional
	Redirect *string `json:"redirect,omitempty"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Mirror *string `json:"mirror,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Shadow *string `json:"shadow,omitempty"`
}

// Payload is marked `+union`, but only its `+k8s:unionMember` fields are members.
// +union
type Payload struct {
	// Encoding is not a member.
	Encoding string `json:"encoding"`
	// +k8s:unionMember
	// +optional
	Text *string `json:"text,omitempty"`
	// +k8s:unionMember
	// +optional
	Binary []byte `json:"binary,omitempty"`
}
