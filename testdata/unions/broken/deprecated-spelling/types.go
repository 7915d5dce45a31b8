package broken

// ProxyKind names a proxy.
// +enum
type ProxyKind string

const (
	ProxyHTTP  ProxyKind = "HTTP"
	ProxySocks ProxyKind = "Socks"
)

// Proxy ties a member to its discriminator with the draft KEP's spelling.
type Proxy struct {
	// +unionDiscriminator
	// +required
	Type ProxyKind `json:"type"`
	// +unionMember=Type
	// ^^^^^^^^^^^^^^^^^ union/deprecated-spelling
	// +optional
	HTTP *string `json:"http,omitempty"`
	// +unionMember
	// +optional
	Socks *string `json:"socks,omitempty"`
}
