package iter2

import "iter"

// Seq wraps an iterator.
type Seq struct {
	Name string `json:"name"`
}

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func Use() {
	for x := range Count(3) {
		_ = x
	}
	for k, v := range func(yield func(string, int) bool) {} {
		_, _ = k, v
	}
	for range Count(2) {
	}
}

// After is declared after the bodies.
type After string
