// Package v1 contains API Schema definitions for the paint v1 API group.
// +groupName=paint.example.com
package v1
