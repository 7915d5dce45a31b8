// Package nested: validations of list items, map values and properties at the point of use
// (kube-openapi's TestNestedMarkers).
package nested

// +k8s:openapi-gen=true
// +k8s:validation:properties:names:items:maxLength=10
// +k8s:validation:properties:labelSets:additionalProperties:pattern>^foo$
type Catalog struct {
	// +k8s:validation:items:cel[0]:rule="self.length() % 2 == 0"
	Names NameList `json:"names,omitempty"`

	// +k8s:validation:additionalProperties:maxLength=10
	LabelSets NamedLists `json:"labelSets,omitempty"`
}

type NamedLists map[string]NameList
type NameList []string
