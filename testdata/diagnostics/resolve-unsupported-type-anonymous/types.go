package api

// Crate has a field of an anonymous struct type, which neither generator writes: controller-gen
// refuses it, openapi-gen refers to a definition nothing defines.
type Crate struct {
	// Dimensions of the crate.
	Dimensions struct {
	// ~@2 resolve/unsupported-type
		// Width in centimetres.
		Width int32 `json:"width"`
		// ^@3 resolve/unsupported-type
	} `json:"dimensions"`
}
