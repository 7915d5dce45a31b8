package api

// Priority is not a string.
// +enum
// ^^^^^ enum/not-string
type Priority int
//   ~~~~~~~~ enum/not-string
