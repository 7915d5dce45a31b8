package net

import "example.com/enums/apis/shared"

// AddressType is the kind of an address.
// +enum
type AddressType string

// Typed, one per spec.
const AddressHostname AddressType = "Hostname"

// Grouped, with several names per spec and implicit repetition.
const (
	// AddressIPv4 is an IPv4 address.
	AddressIPv4, AddressIPv6 AddressType = "IPv4", "IPv6"

	// AddressExternal is reachable from outside the cluster.
	AddressExternal AddressType = "External"
	// AddressExternalAgain repeats the previous spec's type and value.
	AddressExternalAgain
)

// Conversions, concatenation, other packages.
const (
	// AddressInternal refers to a constant in another package of the module.
	AddressInternal = AddressType(shared.InternalName)
	// AddressPrefixed concatenates a constant of another package with a literal.
	AddressPrefixed = AddressType(shared.Prefix + "-prefixed")
	// AddressLocal is a conversion of a literal.
	AddressLocal = AddressType("Local")
	// AddressWrapped uses parentheses.
	AddressWrapped AddressType = ("Wr" + ("app" + "ed"))
)

// clusterSuffix is used by a constant in more.go.
const clusterSuffix = "Alias"

// Quoting is an enum whose values need escaping.
// +k8s:enum
type Quoting string

const (
	// QuotingRaw is a raw string with a backslash.
	QuotingRaw Quoting = `raw\value`
	// QuotingEscapes uses interpreted escapes.
	QuotingEscapes Quoting = "tab\there \"quoted\" \u00e9\x41"
	// QuotingPlain is plain.
	QuotingPlain Quoting = "plain"
	// QuotingUpper sorts before lower case letters.
	QuotingUpper Quoting = "Plain"
	// QuotingSame has the same value as QuotingPlain but a much longer doc comment, so its text wins.
	QuotingSame Quoting = "plain"
	// QuotingEmpty is the empty value.
	QuotingEmpty Quoting = ""
)

// Level is declared through an alias: LevelAlias is the same type.
type Level string

// LevelAlias is an alias of Level; the marker makes Level an enum.
// +enum
type LevelAlias = Level

const (
	// LevelHigh is high.
	LevelHigh Level = "High"
	// LevelLow is low.
	LevelLow LevelAlias = "Low"
)

// Size has an explicit list of values only.
// +kubebuilder:validation:Enum=Small;Medium;Large
type Size string

// Endpoint uses every enum.
type Endpoint struct {
	// Type of the address.
	Type AddressType `json:"type"`
	// Quoting of the value.
	// +optional
	Quoting Quoting `json:"quoting,omitempty"`
	// Level of the endpoint.
	// +optional
	Level *Level `json:"level,omitempty"`
	// Size of the endpoint.
	// +optional
	Size Size `json:"size,omitempty"`
	// Flavor is a plain string with an explicit list on the field.
	// +kubebuilder:validation:Enum=vanilla;"chocolate";strawberry
	// +optional
	Flavor string `json:"flavor,omitempty"`
	// Others are more addresses.
	// +optional
	Others []AddressType `json:"others,omitempty"`
	// ByName maps names to quoting styles.
	// +optional
	ByName map[string]Quoting `json:"byName,omitempty"`
}
