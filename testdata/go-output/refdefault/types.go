// +k8s:openapi-gen=true

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
}
