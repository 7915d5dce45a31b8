package orders

// Ref is named by its own marker: only it gets a method.
// +k8s:openapi-model-package=com.example.shop.orders
type Ref struct {
	ID string `json:"id"`
}

// Line has no marker: named by its Go path.
type Line struct {
	Ref Ref `json:"ref"`
}

// Draft has the marker without a value: the package gets a file, Draft no method.
// +k8s:openapi-model-package=
type Draft struct {
	Note string `json:"note"`
}
