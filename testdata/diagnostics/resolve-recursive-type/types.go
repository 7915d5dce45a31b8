package api

// Tree is a list of trees: valid Go, but its schema would be infinite.
type Tree []Tree
//   ~~~~ resolve/recursive-type

// Spec holds a tree.
type Spec struct {
	// +optional
	Tree Tree `json:"tree,omitempty"`
	// ^@2 resolve/recursive-type
}
