package misc

import "errors"

var ErrNope = errors.New("nope")

var (
	a, b = 1, 2
	c    string
)

// Decl after vars.
type Decl struct {
	X int `json:"x"`
}

func init() {
	_ = a + b
}

func Asm(x int) int

func Multi() (
	a int,
	b error,
) {
	return 0, nil
}
