// Package v1 has no +groupName marker, so no CRD version matches it.
package v1

// Gizmo is the root type.
type Gizmo struct {
	Size string `json:"size"`
}
