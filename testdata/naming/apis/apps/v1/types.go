package v1

import (
	batchv1 "example.com/naming/apis/batch/v1"
	"example.com/naming/internal/deep/nested/v1alpha1"
)

// Deployment runs replicas of a job template.
type Deployment struct {
	// Template of the job.
	Template batchv1.JobTemplate `json:"template"`
	// Extra settings from a deeply nested package.
	// +optional
	Extra *v1alpha1.Extra `json:"extra,omitempty"`
}
