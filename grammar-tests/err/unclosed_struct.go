package broken

// Before parses.
type Before struct {
	X int
}

// Open never closes.
type Open struct {
	Y int `json:"y"`
