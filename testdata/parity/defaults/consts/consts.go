// Package consts is named only by `+default=ref(…)` markers: nothing imports it.
package consts

// Protocol is a protocol.
type Protocol string

// ProtocolTCP is TCP.
const ProtocolTCP Protocol = "TCP"
