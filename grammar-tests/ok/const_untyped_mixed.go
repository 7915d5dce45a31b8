package consts

// Phase is an enum.
// +enum
type Phase string

const (
	Pending Phase = "Pending"
	Running       = "Running"
	Done    Phase = "Done"
)

// Standalone typed constant with a doc.
const Failed Phase = "Failed"

const Count int = 3
