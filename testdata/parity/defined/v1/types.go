// Package v1 is the source of the structs that package defined redefines.
package v1

// MatchCondition is v1's condition.
type MatchCondition struct {
	// name of the condition.
	Name string `json:"name"`
	// expression to evaluate.
	Expression string `json:"expression"`
	// items of another struct.
	// +optional
	Items []Item `json:"items,omitempty"`
}

// Item is reached only through MatchCondition.
type Item struct {
	Key string `json:"key"`
}
