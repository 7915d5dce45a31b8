// Package api of example.com/pinned v0.5.0.
package api

// Tier of service.
// +enum
type Tier string

const (
	// TierGold is the best.
	TierGold Tier = "Gold"
	// TierBronze is the cheapest.
	TierBronze Tier = "Bronze"
)
