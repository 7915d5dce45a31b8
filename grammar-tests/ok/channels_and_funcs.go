package shapes2

// Plumbing has fields OpenAPI cannot express.
type Plumbing struct {
	In      chan int
	Out     <-chan string
	Send    chan<- []byte
	Handler func(int) error
	Multi   func(a, b string) (int, error)
	Variadic func(...string)
	Callback func() `json:"-"`
}

// Pipe is a named channel type.
type Pipe chan struct{}

// Visitor is a named func type.
type Visitor func(node string) bool
