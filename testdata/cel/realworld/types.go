// Package realworld reproduces union shapes of real APIs (written here, not copied) on which
// generated rules used to reject valid objects.
package realworld

// ProfileType is the kind of a security profile.
// +enum
type ProfileType string

const (
	// ProfileLocalhost loads a profile from the node.
	ProfileLocalhost ProfileType = "Localhost"
	// ProfileRuntimeDefault is the container runtime's profile.
	ProfileRuntimeDefault ProfileType = "RuntimeDefault"
	// ProfileUnconfined applies no profile.
	ProfileUnconfined ProfileType = "Unconfined"
)

// Profile is a 2019 union (like core SeccompProfile) whose member label, the Go field name
// `LocalhostProfile`, is not one of the discriminator's values.
// +union
type Profile struct {
	// Type of the profile.
	// +unionDiscriminator
	Type ProfileType `json:"type"`
	// LocalhostProfile is the profile's path on the node.
	// +optional
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

// Mirror is a 2019 member-level union with an optional discriminator that is filled in by the
// server: one member set and the discriminator unset is valid.
type Mirror struct {
	// Kind names the member that is set.
	// +unionDiscriminator
	// +optional
	Kind *string `json:"kind,omitempty"`
	// Git mirrors a repository.
	// +unionDeprecated
	// +optional
	Git *string `json:"git,omitempty"`
	// Registry mirrors an image registry.
	// +unionDeprecated
	// +optional
	Registry *string `json:"registry,omitempty"`
}

// DNS is a `k8s:` union whose plain string discriminator allows more values (an explicit
// enum) than it has members, and has a default.
type DNS struct {
	// DNSType says who runs DNS.
	// +k8s:unionDiscriminator
	// +kubebuilder:validation:Enum=ClusterHosted;PlatformDefault;None
	// +default="PlatformDefault"
	// +optional
	DNSType string `json:"dnsType,omitempty"`
	// ClusterHosted configures DNS run in the cluster.
	// +k8s:unionMember(memberName: "ClusterHosted")
	// +k8s:optional
	ClusterHosted *ClusterHostedDNS `json:"clusterHosted,omitempty"`
}

// ClusterHostedDNS configures DNS run in the cluster.
type ClusterHostedDNS struct {
	// Replicas of the DNS server.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// Selector is an undiscriminated `k8s:` union of plain values: a member is set when it is not
// its zero value, as validation-gen counts it, and Go writes the unset ones as zero values.
type Selector struct {
	// Name selects by name.
	// +k8s:unionMember
	// +k8s:optional
	Name string `json:"name"`
	// Index selects by position.
	// +k8s:unionMember
	// +k8s:optional
	Index int32 `json:"index"`
	// Weight selects by weight.
	// +k8s:unionMember
	// +k8s:optional
	Weight float64 `json:"weight"`
	// Labels select by label.
	// +k8s:unionMember
	// +k8s:optional
	Labels []string `json:"labels"`
	// Exact selects the exact match.
	// +k8s:unionMember
	// +k8s:optional
	Exact bool `json:"exact"`
}

// Review is a `k8s:` union whose members are behind an alpha gate: the stable API does not
// enforce it, so no rule may.
type Review struct {
	// User under review.
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	// +k8s:optional
	User *string `json:"user,omitempty"`
	// Group under review.
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	// +k8s:optional
	Group *string `json:"group,omitempty"`
}

// TLSProfile is a `+union` struct whose members also carry `+unionMember`, with an
// optional discriminator and no default (as OpenShift's TLS security profiles): a 2019
// union as openapi-gen reads it, so at most one of the marked members, and no requiredness.
// +union
type TLSProfile struct {
	// Type names the profile.
	// +unionDiscriminator
	// +optional
	Type TLSProfileType `json:"type,omitempty"`
	// Old is the old profile.
	// +unionMember
	// +optional
	Old *TLSSettings `json:"old,omitempty"`
	// Custom is a custom profile.
	// +unionMember
	// +optional
	Custom *TLSSettings `json:"custom,omitempty"`
	// MinVersion applies to every profile; it is not marked as a member.
	// +optional
	MinVersion *string `json:"minVersion,omitempty"`
}

// TLSProfileType names a TLS profile.
// +enum
type TLSProfileType string

const (
	// TLSProfileOld is the old profile.
	TLSProfileOld TLSProfileType = "Old"
	// TLSProfileCustom is a custom profile.
	TLSProfileCustom TLSProfileType = "Custom"
)

// TLSSettings are TLS settings.
type TLSSettings struct {
	// Ciphers to use.
	// +optional
	Ciphers []string `json:"ciphers,omitempty"`
}

// SourceType is the kind of object records are published for.
// +enum
type SourceType string

const (
	// SourceRoute publishes records for routes.
	SourceRoute SourceType = "OpenShiftRoute"
	// SourceService publishes records for services.
	SourceService SourceType = "Service"
	// SourceCRD publishes records for DNSEndpoint objects.
	SourceCRD SourceType = "CRD"
)

// Source is a 2019 `+union` struct (like external-dns-operator's source) with a field its
// author sets beside any source: `labelFilter` is named after no value of `type`, so "at
// most one" of the fields is not the API's rule.
// +union
type Source struct {
	// Type is the kind of source.
	// +unionDiscriminator
	Type SourceType `json:"type"`
	// LabelFilter selects the objects of any source type.
	// +optional
	LabelFilter *string `json:"labelFilter,omitempty"`
	// Service configures the Service source.
	// +optional
	Service *string `json:"service,omitempty"`
	// OpenShiftRoute configures the OpenShiftRoute source.
	// +optional
	OpenShiftRoute *string `json:"openshiftRouteOptions,omitempty"`
}

// BalancerType is the kind of load balancer.
// +enum
type BalancerType string

const (
	// BalancerClassic is a classic load balancer.
	BalancerClassic BalancerType = "Classic"
	// BalancerNLB is a network load balancer.
	BalancerNLB BalancerType = "NLB"
)

// Balancer is a 2019 `+union` struct (like OpenShift's AWSLoadBalancerParameters) whose
// members are named after the discriminator's values loosely (a shared word, initials).
// +union
type Balancer struct {
	// Type is the kind of load balancer.
	// +unionDiscriminator
	Type BalancerType `json:"type"`
	// ClassicLoadBalancerParameters configures a Classic balancer.
	// +optional
	ClassicLoadBalancerParameters *string `json:"classicLoadBalancer,omitempty"`
	// NetworkLoadBalancerParameters configures an NLB.
	// +optional
	NetworkLoadBalancerParameters *string `json:"networkLoadBalancer,omitempty"`
}
