// Package v1 is a small stand-in for apiextensions' v1 types, written for union-gen's tests.
package v1

// JSON is any JSON value.
type JSON struct {
	Raw []byte `json:"-"`
}

// OpenAPISchemaType declares no type: any JSON value.
func (JSON) OpenAPISchemaType() []string {
	return nil
}

// OpenAPISchemaFormat declares no format.
func (JSON) OpenAPISchemaFormat() string { return "" }
