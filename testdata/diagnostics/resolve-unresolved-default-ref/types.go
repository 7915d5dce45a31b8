package api

// Protocol is a protocol.
type Protocol string

const ProtocolTCP Protocol = "TCP"

// Spec has a default naming a constant that does not exist.
type Spec struct {
	// +default=ref(ProtocolTPC)
	//          ^^^^^^^^^^^^^^^^ resolve/unresolved-default-ref warning
	// +optional
	Protocol Protocol `json:"protocol,omitempty"`
	// +default=ref(ProtocolTCP)
	// +optional
	Good Protocol `json:"good,omitempty"`
}
