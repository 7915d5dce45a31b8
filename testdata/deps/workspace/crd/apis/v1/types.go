// Package v1 is a CRD that uses the workspace's other module.
package v1

import (
	apiv1 "example.com/ws/api/v1"
	"github.com/Example/Widgets/pkg/gadgets"
)

// Job is a custom resource.
type Job struct {
	// Where the job is.
	// +optional
	Status apiv1.Status `json:"status,omitempty"`
	// The phase asked for.
	// +optional
	Target apiv1.Phase `json:"target,omitempty"`
	// Size of the job; only this module's go.mod requires the widgets module.
	// +optional
	Size gadgets.Size `json:"size,omitempty"`
}
