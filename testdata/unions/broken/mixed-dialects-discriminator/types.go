package broken

// Queue has a KEP-1027 discriminator but declarative members, so nothing would use it.
type Queue struct {
	// +unionDiscriminator
	// ^^^^^^^^^^^^^^^^^^^ union/mixed-dialects
	// +required
	Broker string `json:"broker"`
	// +k8s:unionMember
	// +k8s:optional
	Kafka *string `json:"kafka,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Nats *string `json:"nats,omitempty"`
}
