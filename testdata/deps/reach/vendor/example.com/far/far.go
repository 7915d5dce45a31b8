// Package far is named by a type no kind reaches.
package far

// Far is never read by the crd generator.
type Far int
