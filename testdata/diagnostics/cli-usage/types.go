package api

// Spec is valid: the finding is about the command line.
type Spec struct {
	Name string `json:"name"`
}
