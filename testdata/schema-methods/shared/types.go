// Package shared is no input of the bodies test: its Hop is defined only because a schema
// method names it in `Dependencies`.
package shared

// Hop is one step of a route.
type Hop struct {
	Address string `json:"address"`
}
