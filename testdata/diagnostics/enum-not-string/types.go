package api

// Priority is not a string.
// +enum
type Priority int
