// Package v1 as a published copy in the cache; the workspace's ./api must win over it.
package v1

// Phase of a job.
// +enum
type Phase string

// PhaseFromCache would show that the cache was read instead of the workspace.
const PhaseFromCache Phase = "FromCache"

// Status reports progress.
type Status struct {
	// FromCache would show that the cache was read instead of the workspace.
	FromCache Phase `json:"fromCache"`
}
