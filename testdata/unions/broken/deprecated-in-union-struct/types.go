package broken

// Light is a `+union` struct with a `+unionDeprecated` field.
// +union
type Light struct {
	// +optional
	Lamp *string `json:"lamp,omitempty"`
	// +unionDeprecated
	// ^^^^^^^^^^^^^^^^ union/deprecated-in-union-struct
	// +optional
	Candle *string `json:"candle,omitempty"`
}
