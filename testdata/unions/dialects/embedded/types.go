// Package embedded holds structs whose unions come from inlined embedded structs.
package embedded

// PowerKind names a power source.
// +enum
type PowerKind string

const (
	PowerBattery PowerKind = "Battery"
	PowerMains   PowerKind = "Mains"
	PowerNone    PowerKind = "None"
)

// Machine gets the unions of Power and Cooling, then its own.
type Machine struct {
	// Name of the machine.
	Name string `json:"name"`

	Power    `json:",inline"`
	*Cooling `json:",inline"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Manual *string `json:"manual,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Warranty *string `json:"warranty,omitempty"`
}

// Power is a KEP-1027 union.
type Power struct {
	// +unionDiscriminator
	// +required
	PowerKind PowerKind `json:"powerKind"`
	// +unionMember
	// +optional
	Battery *int32 `json:"battery,omitempty"`
	// +unionMember
	// +optional
	Mains *int32 `json:"mains,omitempty"`
}

// Cooling is a 2019 union.
// +union
type Cooling struct {
	// +optional
	Fan *int32 `json:"fan,omitempty"`
	// +optional
	Water *int32 `json:"water,omitempty"`
}
