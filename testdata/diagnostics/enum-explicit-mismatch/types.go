package api

// Mode has constants Fast and Slow, but the explicit list says otherwise.
// +enum
// +kubebuilder:validation:Enum=Fast;Slow;Medium
// ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ enum/explicit-mismatch
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeSlow is slow.
	ModeSlow Mode = "Slow"
)

// Settings uses Mode.
type Settings struct {
	// +optional
	Mode Mode `json:"mode,omitempty"`
}
