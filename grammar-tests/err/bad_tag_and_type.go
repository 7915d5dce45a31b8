package broken

// Tagged has a field whose type is a number.
type Tagged struct {
	A 42 `json:"a"`
	B map[string `json:"b"`
	C string `json:"c"`
}
