// +groupName=example.com
package v1

// Spec is valid: the finding is about the command line.
type Spec struct {
	Name string `json:"name"`
}
