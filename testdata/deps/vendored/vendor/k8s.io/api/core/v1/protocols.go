package v1

// The protocol values live in a separate file of the package.
const (
	// ProtocolTCP is stream transport.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is datagram transport.
	ProtocolUDP Protocol = "UDP"
)
