// (gengo reads the package tag from doc.go)

package refdefault

// Mode is how fast a job runs.
// +enum
type Mode string

const (
	ModeFast Mode = "Fast"
	ModeSlow Mode = "Slow"
)

// Job defaults its mode to a named constant, which openapi-gen writes by name.
type Job struct {
	// +default=ref(ModeFast)
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// A constant of the output package, which is no input: openapi-gen writes it unqualified.
	// +default=ref(example.com/shop/generated/openapi.DefaultSpeed)
	// +optional
	Speed *string `json:"speed,omitempty"`
	// A package that is not available here: written by name all the same.
	// +default=ref(example.com/elsewhere/modes.Turbo)
	// +optional
	Boost *string `json:"boost,omitempty"`
}
