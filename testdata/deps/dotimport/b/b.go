package b

// Inner is used through a dot import.
type Inner struct {
	Name string `json:"name"`
}
