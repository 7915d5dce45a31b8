package v1

// JobTemplate describes a job.
type JobTemplate struct {
	// Image to run.
	Image string `json:"image"`
}
