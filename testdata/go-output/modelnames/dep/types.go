package dep

// Blob is referenced from another package.
type Blob struct {
	// Data of the blob.
	Data string `json:"data"`
}
