package api

// Café is written in Latin-1.
//    ^ io/not-utf8
type Cafe struct {
	Name string `json:"name"`
}
