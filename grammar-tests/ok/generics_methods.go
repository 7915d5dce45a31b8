package gm

// List is generic with methods.
type List[T any] struct {
	items []T
}

func (l *List[T]) Push(v T) {
	l.items = append(l.items, v)
}

func (l List[T]) Len() int { return len(l.items) }

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Tree has a recursive generic field.
type Tree[K comparable, V any] struct {
	Left, Right *Tree[K, V]
	Entries     map[K]List[V]
}
