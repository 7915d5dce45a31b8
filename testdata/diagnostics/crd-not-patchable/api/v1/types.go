// +groupName=flow.example.com
package v1

// Mode of a Gadget.
// +enum
type Mode string

const (
	ModeOn  Mode = "On"
	ModeOff Mode = "Off"
)

// GadgetSpec is written in flow style in crd.yaml, which union-gen cannot patch in place.
type GadgetSpec struct {
	Mode Mode `json:"mode"`
}

// Gadget is the root type.
type Gadget struct {
	Spec GadgetSpec `json:"spec"`
}
