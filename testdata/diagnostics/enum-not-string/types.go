package api

// Priority is not a string.
// +enum
// ^^^^^ enum/not-string
type Priority int
//   ~~~~~~~~ enum/not-string

// Task uses Priority, so the finding is about the output (unused, it is a warning).
type Task struct {
	Priority Priority `json:"priority"`
}
