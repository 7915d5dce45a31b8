package consts

type Mode string

const A, B Mode = "a", "b"

const (
	// C and D are declared together.
	C, D Mode = "c", "d"
	E, F
	G Mode = "g"
)
