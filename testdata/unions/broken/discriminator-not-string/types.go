package broken

// Slot is a 2019 union whose discriminator is a number.
// +union
type Slot struct {
	// +unionDiscriminator
	// +optional
	Index int32 `json:"index,omitempty"`
	// ^@2 union/discriminator-not-string
	// +optional
	First *string `json:"first,omitempty"`
	// +optional
	Second *string `json:"second,omitempty"`
}
