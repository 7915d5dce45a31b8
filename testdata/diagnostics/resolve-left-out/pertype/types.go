// Package pertype opts types into openapi-gen one by one: the untagged ones are not API
// (openapi-gen never selects them), so one reaching an undescribable type is left out too.
package pertype

// Served is selected by openapi-gen.
// +k8s:openapi-gen=true
type Served struct {
	Name string `json:"name"`
}

// Helper is not selected, and reaches Cache.
type Helper struct {
//   ^^^^^^ resolve/left-out
	Cache Cache `json:"cache"`
}

// Cache has a channel.
type Cache struct {
//   ^^^^^ resolve/left-out
	Ready chan bool `json:"ready"`
	//    ~~~~~~~~~ resolve/left-out
	//    ~~~~~~~~~ resolve/left-out
}
