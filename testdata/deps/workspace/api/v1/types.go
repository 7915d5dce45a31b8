// Package v1 is the shared API of the workspace.
package v1

// Phase of a job.
// +enum
type Phase string

const (
	// PhasePending has not started.
	PhasePending Phase = "Pending"
	// PhaseDone has finished.
	PhaseDone Phase = "Done"
)

// Status reports progress.
type Status struct {
	// Current phase.
	Phase Phase `json:"phase"`
}
