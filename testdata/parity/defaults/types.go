// Package defaults holds zero-value and referenced defaults as openapi-gen writes them
// (kube-openapi's TestMustEnforceDefaultStruct and its integration fixture `defaults`).
package defaults

// Int64 is a defined integer.
type Int64 int64

// Duration has a fixed schema and no UnmarshalJSON: its zero value is that of Int64.
type Duration struct {
	Int64
}

func (Duration) OpenAPISchemaType() []string { return []string{"string"} }
func (Duration) OpenAPISchemaFormat() string { return "" }

// TimeWithoutUnmarshal has a fixed schema and no UnmarshalJSON: `{}`.
type TimeWithoutUnmarshal struct {
	value string
}

func (TimeWithoutUnmarshal) OpenAPISchemaType() []string { return []string{"string"} }
func (TimeWithoutUnmarshal) OpenAPISchemaFormat() string { return "date-time" }

// Time unmarshals itself: no default.
type Time struct {
	value string
}

func (Time) UnmarshalJSON([]byte) error { return nil }

func (Time) OpenAPISchemaType() []string { return []string{"string"} }
func (Time) OpenAPISchemaFormat() string { return "date-time" }

// MicroTime unmarshals itself through a pointer receiver: no default.
type MicroTime struct {
	value string
}

func (t *MicroTime) UnmarshalJSON([]byte) error { return nil }

func (MicroTime) OpenAPISchemaType() []string { return []string{"string"} }
func (MicroTime) OpenAPISchemaFormat() string { return "date-time" }

// NothingSpecial is a plain struct.
type NothingSpecial struct {
	Field string
}

// Blah is kube-openapi's TestMustEnforceDefaultStruct.
type Blah struct {
	Embedded         Duration
	PointerUnmarshal MicroTime
	StructUnmarshal  Time
	NoUnmarshal      TimeWithoutUnmarshal
	Regular          NothingSpecial
}

// Refs names constants, one of a package nothing imports.
type Refs struct {
	// +default=ref(k8s.io/not/here.Nothing)
	// +optional
	External string `json:"external,omitempty"`
	// +default=ref(example.com/parity/defaults/consts.ProtocolTCP)
	// +optional
	Unimported string `json:"unimported,omitempty"`
	// +default=ref(Local)
	// +optional
	Local string `json:"local,omitempty"`
}

// Local is a local constant.
const Local = "local"
