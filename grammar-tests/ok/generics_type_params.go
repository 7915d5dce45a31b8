package shapes

// Pair holds two values of possibly different kinds.
type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

// Number is a constraint with a union of approximations.
type Number interface {
	~int | ~int64 | ~float64
}

// Bag collects items constrained by Number.
type Bag[T Number] struct {
	Items []T `json:"items,omitempty"`
}
