package v1

import "time"

// Time wraps a timestamp that serialises as an RFC 3339 string.
type Time struct {
	time.Time `protobuf:"-"`
}

// OpenAPISchemaType is the schema type of Time.
func (Time) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is the schema format of Time.
func (Time) OpenAPISchemaFormat() string { return "date-time" }

// Duration wraps a length of time.
type Duration struct {
	time.Duration `protobuf:"varint,1,opt,name=duration,casttype=time.Duration"`
}

// OpenAPISchemaType is the schema type of Duration.
func (Duration) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is deliberately not the built-in table's (which has none), so tests see
// that the vendored source was read.
func (Duration) OpenAPISchemaFormat() string { return "go-duration" }
