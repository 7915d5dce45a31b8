// Package v1 is the reproduction of what controller-gen and openapi-gen accept beside
// a CRD kind: structs no CRD reaches (an anonymous struct field, a test fake with a function
// field, Go's set idiom) and a kubebuilder marker inside a block comment, which controller-gen
// does not read.
// +groupName=example.com
package v1

// Widget is the CRD kind.
// +kubebuilder:object:root=true
type Widget struct {
	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec holds the mode.
type WidgetSpec struct {
	// Mode of the widget.
	Mode Mode `json:"mode,omitempty"`
}

// Mode is how a widget runs.
// +enum
type Mode string

const (
	// ModeFast runs fast.
	ModeFast Mode = "Fast"
	// ModeSlow runs slow.
	ModeSlow Mode = "Slow"
)

// ControllerOnly is never served.
type ControllerOnly struct {
	Spec struct {
		Class string `json:"class"`
	} `json:"spec"`
}

// Stub is a test fake.
type Stub struct {
	GetKey func() string
}

// Config uses Go's set idiom.
type Config struct {
	ExposedPorts map[string]struct{} `json:"ExposedPorts,omitempty"`
}

/*
ModuleType is a kind of module.
+kubebuilder:validation:Enum=DSM
*/
type ModuleType string
