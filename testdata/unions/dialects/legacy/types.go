// Package legacy holds unions written with the 2019 markers: `+union` on a struct and
// `+unionDeprecated` on member fields.
package legacy

// Transport picks one way of travelling; the whole struct is a union.
// +union
type Transport struct {
	// Mode names the member that is set.
	// +unionDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// Bike travels on two wheels.
	// +optional
	Bike *Bike `json:"bike,omitempty"`
	// Ferry crosses water.
	// +optional
	Ferry *Ferry `json:"ferry,omitempty"`
}

// Colour is a union without any discriminator.
// +union
type Colour struct {
	// +optional
	Named *string `json:"named,omitempty"`
	// +optional
	Hex *string `json:"hex,omitempty"`
	// +optional
	Palette *int32 `json:"palette,omitempty"`
}

// Lunch has a member-level union of pointer fields next to ordinary fields.
type Lunch struct {
	// Course says which dish is served.
	// +unionDiscriminator
	// +optional
	Course string `json:"course,omitempty"`
	// +unionDeprecated
	// +optional
	Soup *string `json:"soup,omitempty"`
	// +unionDeprecated
	// +optional
	Salad *string `json:"salad,omitempty"`
	// Drink is not part of the union.
	Drink string `json:"drink"`
}

// Bike is a bicycle.
type Bike struct {
	// Gears on the bike.
	Gears int32 `json:"gears"`
}

// Ferry is a boat.
type Ferry struct {
	// Port of departure.
	Port string `json:"port"`
}
