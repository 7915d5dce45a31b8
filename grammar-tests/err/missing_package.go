// No package clause at all.

type Orphan struct {
	A int
}
