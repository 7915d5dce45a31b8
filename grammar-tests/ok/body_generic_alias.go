package newsyntax

func Local() {
	type Set[T comparable] = map[T]struct{}
	type List[T any] = []T
	var s Set[string]
	_ = s
	var l List[int]
	_ = l
}

// Kept follows a body with generic aliases.
type Kept struct {
	V int `json:"v"`
}
