package broken

// AuthKind names an authentication method.
// +enum
type AuthKind string

const (
	AuthToken AuthKind = "Token"
	AuthCert  AuthKind = "Cert"
)

// Auth has a member naming a discriminator that does not exist.
type Auth struct {
	// +unionDiscriminator
	// +required
	Method AuthKind `json:"method"`
	// +unionMember
	// +optional
	Token *string `json:"token,omitempty"`
	// +unionMember
	// +unionDiscriminatedBy=Nope
	// ^^^^^^^^^^^^^^^^^^^^^^^^^^ union/unknown-union
	// +optional
	Cert *string `json:"cert,omitempty"`
}
