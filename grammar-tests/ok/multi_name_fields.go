package fields

// Point has several names per field declaration.
type Point struct {
	// X and Y share a type and a doc.
	X, Y int `json:"-"`
	Z    float64
	a, b, c string
}
