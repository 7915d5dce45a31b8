package api

import "net/http"

// Probe holds a standard-library type that has no built-in schema.
type Probe struct {
	// Headers are sent with the probe.
	Headers http.Header `json:"headers"`
	//      ^^^^^^^^^^^ resolve/standard-library-type
}
