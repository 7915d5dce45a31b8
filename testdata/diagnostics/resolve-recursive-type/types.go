package api

// Tree is a list of trees: valid Go, but its schema would be infinite.
type Tree []Tree

// Spec holds a tree.
type Spec struct {
	// +optional
	Tree Tree `json:"tree,omitempty"`
}
