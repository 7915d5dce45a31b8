package v1

import (
	"k8s.io/kube-openapi/pkg/common"

	"example.com/shop/apis/other"
)

// Size of a parcel.
// +enum
type Size string

const (
	// SizeSmall fits in a letter box.
	SizeSmall Size = "Small"
	// SizeLarge needs a van: "big" <things> & more.
	SizeLarge Size = "Large"
)

// Order is one customer's order.
//
// It is paid in full before shipping.
//
//	Indented lines stay verbatim.
//
// TODO: drop this line
// ---
// Nothing after the dashes.
type Order struct {
	// Standard object metadata.
	Meta `json:",inline"`

	// The parcel's size.
	Size Size `json:"size"`
	// Sizes of every parcel, in order.
	// +listType=atomic
	Sizes []Size `json:"sizes,omitempty"`
	// +optional
	Count *int32 `json:"count,omitempty"`
	// Price in cents.
	Price int64 `json:"price"`
	// +default=1.5
	// +optional
	Weight float64 `json:"weight,omitempty"`
	// +default={"b": [1, 2], "a": "x"}
	// +optional
	Extra map[string]string `json:"extra,omitempty"`
	// Items of the order.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=kind
	// +patchStrategy=merge
	// +patchMergeKey=name
	Items []Item `json:"items,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// Labels by key.
	// +mapType=granular
	// +optional
	Labels map[string][]string `json:"labels,omitempty"`
	// Addresses by kind.
	Addresses map[string]other.Address `json:"addresses"`
	// Free-form data.
	// +optional
	Data interface{} `json:"data,omitempty"`
	// A quantity as text.
	Amount   int64  `json:"amount,string"`
	Raw      []byte `json:"raw,omitempty"`
	Internal string `json:"-"`
	// The delivery.
	// +optional
	Delivery *Delivery `json:"delivery,omitempty"`
	// Where it is sent.
	Destination other.Address `json:"destination"`
}

// Meta is inlined into objects.
type Meta struct {
	Name string `json:"name"`
	// +optional
	Namespace string `json:"namespace,omitempty"`
}

// Item is one line of an order.
// +structType=atomic
type Item struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// +optional
	Quantity int32 `json:"quantity,omitempty"`
}

// Delivery is exactly one of its members.
// +union
type Delivery struct {
	// +unionDiscriminator
	Method string `json:"method"`
	// +optional
	Courier *Courier `json:"courier,omitempty"`
	// +optional
	Pickup *Pickup `json:"pickup,omitempty"`
}

type Courier struct {
	Company string `json:"company"`
}

type Pickup struct {
	Store string `json:"store"`
}

// Hidden is left out.
// +k8s:openapi-gen=false
type Hidden struct {
	A string `json:"a"`
}

// Duration has its own schema.
type Duration struct {
	D int64 `json:"-"`
}

func (Duration) OpenAPISchemaType() []string { return []string{"string"} }
func (Duration) OpenAPISchemaFormat() string { return "duration" }

// Schemaless writes its own definition.
type Schemaless struct{}

func (Schemaless) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{}
}

// Both has a v2 and a v3 definition of its own.
type Both struct{}

func (Both) OpenAPIDefinition() common.OpenAPIDefinition   { return common.OpenAPIDefinition{} }
func (Both) OpenAPIV3Definition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

// Versioned has a v3 definition and a v2 type and format.
type Versioned struct{}

func (Versioned) OpenAPIV3Definition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }
func (Versioned) OpenAPISchemaType() []string                   { return []string{"string"} }
func (Versioned) OpenAPISchemaFormat() string                   { return "" }

// OneOf is a string or a number in v3.
type OneOf struct{}

func (OneOf) OpenAPIV3OneOfTypes() []string { return []string{"string", "number"} }
func (OneOf) OpenAPISchemaType() []string   { return []string{"string"} }
func (OneOf) OpenAPISchemaFormat() string   { return "int-or-string" }
