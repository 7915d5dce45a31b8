// Package defined redefines another package's struct, as admissionregistration/v1beta1
// does with `type MatchCondition v1.MatchCondition`.
package defined

import v1 "example.com/parity/defined/v1"

// MatchCondition is this version's condition: its own definition, with v1's fields.
type MatchCondition v1.MatchCondition

// Local is a struct of this package.
type Local struct {
	Name string `json:"name"`
}

// Again is a defined type over a defined type.
type Again MatchCondition

// Renamed is a defined type over a struct of its own package.
type Renamed Local

// Alias is the same type as v1.MatchCondition: no definition of its own.
type Alias = v1.MatchCondition

// Webhook uses them.
type Webhook struct {
	// conditions of this version.
	// +optional
	Conditions []MatchCondition `json:"conditions,omitempty"`
	// +optional
	Again *Again `json:"again,omitempty"`
	// +optional
	Renamed Renamed `json:"renamed,omitempty"`
	// +optional
	Aliased *Alias `json:"aliased,omitempty"`
}
