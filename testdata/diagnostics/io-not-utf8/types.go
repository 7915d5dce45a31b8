package api

// Café is written in Latin-1.
type Cafe struct {
	Name string `json:"name"`
}
