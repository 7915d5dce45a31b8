package tricky

func Strings() string {
	a := "}{"
	b := `}
{{`
	c := '}'
	d := '\''
	/* } */
	// }
	_ = struct{ x int }{x: 1}
	return a + b + string(c) + string(d)
}

func (r *Receiver) Method(x interface{ M() }) (struct{ y int }, error) {
	if true {
		return struct{ y int }{}, nil
	}
	return struct{ y int }{y: 1}, nil
}

// Receiver is after the tricky bodies.
type Receiver struct {
	F func() `json:"-"`
}

func Generic[T interface{ ~string }](v T) T { return v }
