package catalog

import "example.com/shop/modelnames/orders"

// Product is a public struct: it gets a method.
type Product struct {
	Name  string     `json:"name"`
	Price Price      `json:"price"`
	Order orders.Ref `json:"order"`
}

// Price is named by its own model package, which wins over the package's.
// +k8s:openapi-model-package=com.example.pricing
type Price struct {
	Amount int64 `json:"amount"`
}

// Listing is a defined type over a struct: a struct too.
type Listing Product

// Shelf is a Go alias: gengo sees the aliased type, no type of its own.
type Shelf = Product

// Tag is a string type: no method.
type Tag string

// Tags are a slice type: no method.
type Tags []Tag

// internal is private: no method.
type internal struct {
	Note string `json:"note"`
}

// Page is generic: gengo names it with its type parameters.
// +k8s:openapi-gen=false
type Page[T any, U any] struct {
	Items []T `json:"items"`
	Next  *U  `json:"next,omitempty"`
}

// ABTest sorts before Aa (byte order, as gengo sorts `path.Name`).
type ABTest struct {
	Arm string `json:"arm"`
}

// Aa sorts after ABTest.
type Aa struct {
	Value string `json:"value"`
}
