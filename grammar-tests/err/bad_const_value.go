package broken

type Level string

const (
	Fine Level = "fine"
	Broken Level = = "oops"
	AlsoFine Level = "also"
)
