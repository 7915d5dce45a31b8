package broken

// Gen has an unterminated type parameter list.
type Gen[T any struct {
	V T
}

type Fine struct{}
