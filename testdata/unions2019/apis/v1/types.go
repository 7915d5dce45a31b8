package v1

// Pet is a union of animals with a discriminator.
// +union
type Pet struct {
	// Species says which member is set.
	// +unionDiscriminator
	// +optional
	Species string `json:"species"`
	// Cat is set when Species is Cat.
	// +optional
	Cat *Cat `json:"cat,omitempty"`
	// Dog is set when Species is Dog.
	// +optional
	Dog *Dog `json:"dog,omitempty"`
}

// Shape is a union without a discriminator.
// +union
type Shape struct {
	// +optional
	Circle *int32 `json:"circle,omitempty"`
	// +optional
	Square *int32 `json:"square,omitempty"`
}

// Feeding holds a member-level union.
type Feeding struct {
	// Method selects the member.
	// +unionDiscriminator
	Method string `json:"method"`
	// +unionDeprecated
	// +optional
	Bowl *int32 `json:"bowl,omitempty"`
	// +unionDeprecated
	// +optional
	Hand *int32 `json:"hand,omitempty"`
}

// Undiscriminated holds a member-level union without a discriminator.
type Undiscriminated struct {
	// +unionDeprecated
	// +optional
	Left *string `json:"left,omitempty"`
	// +unionDeprecated
	// +optional
	Right *string `json:"right,omitempty"`
}

// Home combines everything: its own +unionDeprecated members, and inlined embedded
// structs with their own unions, embedded in the order Feeding, Pet, Undiscriminated.
type Home struct {
	// Address of the home.
	Address string `json:"address"`
	// Garden is one of the home's own member-level union.
	// +unionDeprecated
	// +optional
	Garden *int32 `json:"garden,omitempty"`
	// Balcony is the other one.
	// +unionDeprecated
	// +optional
	Balcony *int32 `json:"balcony,omitempty"`

	Feeding `json:",inline"`
	Pet     `json:",inline"`
	// Undiscriminated is embedded through a pointer.
	*Undiscriminated `json:",inline"`

	// Named embedding: a property, not inlined, so its union stays on Shape.
	Shape `json:"shape"`
}

// Cat is a cat.
type Cat struct {
	// Lives left.
	Lives int32 `json:"lives"`
}

// Dog is a dog.
type Dog struct {
	// Good is always true.
	Good bool `json:"good"`
}

// Estate inlines Home (recursively collecting its unions) and adds its own member-level union.
type Estate struct {
	Home `json:",inline"`
	// +unionDeprecated
	// +optional
	Pool *int32 `json:"pool,omitempty"`
	// +unionDeprecated
	// +optional
	Pond *int32 `json:"pond,omitempty"`
}
