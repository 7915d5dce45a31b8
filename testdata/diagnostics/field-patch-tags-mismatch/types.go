package api

// Settings has patch markers that disagree with the struct tags.
type Settings struct {
	// Items are merged by name.
	// +patchStrategy=merge
	// ^^^^^^^^^^^^^^^^^^^^ field/patch-tags-mismatch
	// +patchMergeKey=name
	// +optional
	Items []Item `json:"items,omitempty" patchStrategy:"retainKeys" patchMergeKey:"name"`
	//           ~~~~~~~~~~~~~~~~~~~~~~~ field/patch-tags-mismatch
}

// Item is one item.
type Item struct {
	Name string `json:"name"`
}
