package newsyntax

func Builtins(m map[string]int, s []int) int {
	clear(m)
	clear(s)
	lo := min(1, 2, 3)
	hi := max(lo, 10.5)
	return int(hi)
}

// Range is declared between bodies.
// +enum
type Range string

func Labels() {
outer:
	for i := 0; i < 3; i++ {
		for j := range 3 {
			if j == i {
				continue outer
			}
			if j > 5 {
				break outer
			}
		}
	}
	goto done
done:
	switch {
	case true:
		fallthrough
	default:
	}
}

const Wide Range = "wide"
