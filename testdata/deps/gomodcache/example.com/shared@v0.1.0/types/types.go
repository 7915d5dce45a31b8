// Package types is the published version, hidden by the replace directive.
package types

// ShelfKind is a kind of shelf.
// +enum
type ShelfKind string

// ShelfFromCache would show that the replace directive was ignored.
const ShelfFromCache ShelfKind = "FromCache"

// Label names a shelf.
type Label struct {
	// FromCache would show that the replace directive was ignored.
	FromCache string `json:"fromCache"`
}
