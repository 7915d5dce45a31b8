// Package unused is named only by types no kind reaches.
package unused

// Client is never read by the crd generator.
type Client interface{}
