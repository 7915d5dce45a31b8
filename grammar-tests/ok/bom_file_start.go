// Package bom starts with a byte order mark.
// +groupName=bom.example.com
package bom

// Marked is a type after a BOM.
type Marked struct {
	Name string `json:"name"`
}
