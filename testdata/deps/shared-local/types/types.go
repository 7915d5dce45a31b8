// Package types is the local checkout that replaces example.com/shared.
package types

// ShelfKind is a kind of shelf.
// +enum
type ShelfKind string

const (
	// ShelfLocalHigh is a tall shelf.
	ShelfLocalHigh ShelfKind = "LocalHigh"
	// ShelfLocalLow is a low shelf.
	ShelfLocalLow ShelfKind = "LocalLow"
)

// Label names a shelf.
type Label struct {
	// Text of the label.
	Text string `json:"text"`
}
