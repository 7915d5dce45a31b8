package api

// Mode is how the pool scales.
// +default="auto"
//          ^^^^^^ field/default-not-zero
type Mode string

// Pool has defaults on fields a Go client always sends.
type Pool struct {
	// Replicas of the pool.
	// +default=3
	//          ^ field/default-not-zero
	Replicas int32 `json:"replicas"`

	// Scaling takes its default from its type.
	Scaling Mode `json:"scaling"`
	// ~@2 field/default-not-zero

	// Zero is the zero value: allowed.
	// +default=0
	Zero int64 `json:"zero"`

	// Optional fields may have any default.
	// +default=5
	// +optional
	Size *int32 `json:"size,omitempty"`
}
