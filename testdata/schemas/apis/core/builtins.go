package core

import "example.com/schemas/apis/refs"

// Builtins has one required field per Go builtin; every one gets its zero default.
type Builtins struct {
	Int     int     `json:"int"`
	Int8    int8    `json:"int8"`
	Int16   int16   `json:"int16"`
	Int32   int32   `json:"int32"`
	Int64   int64   `json:"int64"`
	Uint    uint    `json:"uint"`
	Uint8   uint8   `json:"uint8"`
	Uint16  uint16  `json:"uint16"`
	Uint32  uint32  `json:"uint32"`
	Uint64  uint64  `json:"uint64"`
	Float32 float32 `json:"float32"`
	Float64 float64 `json:"float64"`
	Bool    bool    `json:"bool"`
	String  string  `json:"string"`
	Bytes   []byte  `json:"bytes"`
	Uint8s  []uint8 `json:"uint8s"`
}

// Optionals has the same kinds of fields, all omitempty: no defaults, nothing required.
type Optionals struct {
	Int    int     `json:"int,omitempty"`
	Bool   bool    `json:"bool,omitempty"`
	String string  `json:"string,omitempty"`
	Float  float64 `json:"float,omitempty"`
}

// Containers exercises pointers, slices, arrays and maps.
type Containers struct {
	// Pointer to a builtin: required (no omitempty) but no default.
	IntPtr *int32 `json:"intPtr"`
	// Pointer to a pointer.
	PtrPtr **string `json:"ptrPtr,omitempty"`
	// A slice of strings.
	Strings []string `json:"strings,omitempty"`
	// A fixed-size array.
	Array [4]int64 `json:"array,omitempty"`
	// A slice of slices.
	Matrix [][]float64 `json:"matrix,omitempty"`
	// A map of slices of structs from another package.
	Groups map[string][]refs.Item `json:"groups,omitempty"`
	// A map of maps.
	Nested map[string]map[string]bool `json:"nested,omitempty"`
	// A slice of pointers to structs.
	ItemPtrs []*refs.Item `json:"itemPtrs,omitempty"`
	// A struct from another package, required, non-pointer: default {}.
	Item refs.Item `json:"item"`
	// The same, optional through omitempty: still default {}.
	OtherItem refs.Item `json:"otherItem,omitempty"`
	// A pointer to a struct: no default.
	ItemPtr *refs.Item `json:"itemPtr,omitempty"`
	// A named slice type is inlined.
	Names NameList `json:"names,omitempty"`
	// A named map type is inlined.
	Table Table `json:"table,omitempty"`
	// A custom schema type.
	Duration refs.Duration `json:"duration,omitempty"`
	// A struct with a single embedded field: its default comes from the embedded type.
	Wrapper Wrapper `json:"wrapper"`
	// A required string alias: default "".
	Mode Mode `json:"mode"`
}

// NameList is a named slice.
type NameList []string

// Table is a named map.
type Table map[string]int32

// Mode is a named string (not an enum).
type Mode string

// Wrapper wraps a string through an embedded struct.
type Wrapper struct {
	Inner `json:",inline"`
}

// Inner is embedded by Wrapper.
type Inner struct {
	Value string `json:"value"`
}

// Tags exercises JSON tag rules.
type Tags struct {
	// Skipped is never serialised.
	Skipped string `json:"-"`
	// Untagged keeps its Go name.
	Untagged string
	// unexported is not part of the schema.
	unexported string
	// AsString is an int sent as a JSON string.
	AsString int32 `json:"asString,string,omitempty"`
	// Other tags do not matter.
	Protobuf string `json:"protobuf" protobuf:"bytes,1,opt,name=protobuf"`
}

// Hidden is excluded from the output.
// +k8s:openapi-gen=false
type Hidden struct {
	Secret string `json:"secret"`
}

// unexportedType never becomes a definition.
type unexportedType struct {
	Value string `json:"value"`
}

// Defaults has explicit defaults of several shapes.
type Defaults struct {
	// +default="text"
	// +optional
	Text string `json:"text,omitempty"`
	// +default=1.5
	// +optional
	Ratio float64 `json:"ratio,omitempty"`
	// +default={"b": 2, "a": 1}
	// +optional
	Object *refs.Item `json:"object,omitempty"`
	// +default=true
	// +optional
	Flag *bool `json:"flag,omitempty"`
	// +default=ref(DefaultName)
	// +optional
	Referenced string `json:"referenced,omitempty"`
	// +default=ref(example.com/schemas/apis/refs.DefaultKind)
	// +optional
	Qualified string `json:"qualified,omitempty"`
	// Level takes its default from its type.
	// +optional
	Level Level `json:"level,omitempty"`
}

// DefaultName is used by a ref() default.
const DefaultName = "primary"

// Level has a type-level default.
// +default="medium"
type Level string
