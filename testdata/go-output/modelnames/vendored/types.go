package vendored

// Item is in a read-only package: no file is written there.
type Item struct {
	Name string `json:"name"`
}
