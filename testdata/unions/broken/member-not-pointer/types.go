package broken

// Meal has a `+unionDeprecated` member that is not a pointer.
type Meal struct {
	// +unionDeprecated
	// +optional
	Pasta *string `json:"pasta,omitempty"`
	// +unionDeprecated
	// +optional
	Rice string `json:"rice,omitempty"`
	// ^@2 union/member-not-pointer
}
