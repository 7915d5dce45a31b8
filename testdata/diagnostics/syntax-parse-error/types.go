package api

// Broken is missing the type of a field.
type Broken struct {
	Name string `json:"name"`
	Other map[string] `json:"other"`
	//               ^ syntax/parse-error
}

// Fine still parses.
type Fine struct {
	Name string `json:"name"`
}
