// Package v1 uses types of replaced modules.
package v1

import (
	"example.com/legacy/api"
	pinnedapi "example.com/pinned/api"
	"example.com/shared/types"
)

// Depot stores things described by replaced modules.
type Depot struct {
	// Kind of shelf, from the local replacement.
	Shelf types.ShelfKind `json:"shelf"`

	// Label, a struct from the local replacement.
	// +optional
	Label *types.Label `json:"label,omitempty"`

	// Mode, from the module that replaces example.com/legacy.
	// +optional
	Mode api.Mode `json:"mode,omitempty"`

	// Tier, from the module cache (its replace names another version).
	// +optional
	Tier pinnedapi.Tier `json:"tier,omitempty"`
}
