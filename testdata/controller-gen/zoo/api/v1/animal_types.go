package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Diet says what an animal eats.
// +kubebuilder:validation:Enum=Herbivore;Carnivore;Omnivore
type Diet string

// Diet values.
const (
	Herbivore Diet = "Herbivore"
	Carnivore Diet = "Carnivore"
	Omnivore  Diet = "Omnivore"
)

// Tag is a short label.
// +kubebuilder:validation:MaxLength=16
// +kubebuilder:validation:Pattern=`^[a-z]+$`
type Tag string

// Enclosure is where an animal lives.
//
// Enclosures are shared: a long description runs past the eighty columns yaml.v2 folds
// plain scalars at, and keeps its paragraphs.
//
// TODO: this line is not part of the description.
// ---
// Nor is anything after the line above.
type Enclosure struct {
	// Name of the enclosure.
	Name string `json:"name"`

	// Area in square metres.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:Maximum=100000
	// +optional
	Area int32 `json:"area,omitempty"`

	// Heated says whether the enclosure is heated.
	// +kubebuilder:default=false
	// +optional
	Heated *bool `json:"heated,omitempty"`
}

// Feeding is one meal.
type Feeding struct {
	// Time of day, `HH:MM`.
	At string `json:"at"`

	// Amount of food.
	Amount resource.Quantity `json:"amount"`
}

// Common holds what every animal has; it is embedded inline.
type Common struct {
	// Born is when the animal was born.
	// +optional
	Born *metav1.Time `json:"born,omitempty"`

	// Tags label the animal.
	// +listType=set
	// +kubebuilder:validation:MaxItems=8
	// +optional
	Tags []Tag `json:"tags,omitempty"`
}

// AnimalSpec defines the desired state of an Animal.
// +kubebuilder:validation:XValidation:rule="!has(self.enclosure) || self.diet != 'Carnivore' || has(self.enclosure.heated)",message="a carnivore's enclosure says whether it is heated"
// +kubebuilder:validation:AtMostOneOf=trainer;keeper
type AnimalSpec struct {
	Common `json:",inline"`

	// Species of the animal.
	//
	// The common name, in English.
	// TODO: Latin names.
	// ---
	// Internal: not part of the description.
	// +kubebuilder:validation:MinLength=1
	Species string `json:"species"`

	// Diet of the animal.
	Diet Diet `json:"diet"`

	// Enclosure the animal lives in.
	// +optional
	Enclosure *Enclosure `json:"enclosure,omitempty"`

	// Feedings of the day, by time.
	// +listType=map
	// +listMapKey=at
	// +optional
	Feedings []Feeding `json:"feedings,omitempty"`

	// Weights by year.
	// +optional
	Weights map[string]resource.Quantity `json:"weights,omitempty"`

	// Port the animal's tracker listens on.
	// +kubebuilder:validation:XIntOrString
	// +optional
	Port *intstr.IntOrString `json:"port,omitempty"`

	// Checkup is the time between checkups.
	// +optional
	Checkup metav1.Duration `json:"checkup,omitempty"`

	// Photo is a small picture.
	// +optional
	Photo []byte `json:"photo,omitempty"`

	// Trainer of the animal.
	// +optional
	Trainer *string `json:"trainer,omitempty"`

	// Keeper of the animal.
	// +optional
	Keeper *string `json:"keeper,omitempty"`

	// Replicas is how many of this animal the zoo has.
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Notes are free-form.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +optional
	Notes map[string]string `json:"notes,omitempty"`

	// +kubebuilder:validation:Optional
	Nickname string `json:"nickname"`
}

// AnimalStatus defines the observed state of an Animal.
type AnimalStatus struct {
	// Conditions of the animal.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// Replicas is the number of animals seen.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Selector is the label selector of the animals.
	// +optional
	Selector string `json:"selector,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:resource:scope=Cluster,shortName=ani;an,categories=zoo
// +kubebuilder:printcolumn:name="Species",type=string,JSONPath=`.spec.species`
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",priority=1
// +kubebuilder:storageversion

// Animal is one animal of the zoo.
type Animal struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   AnimalSpec   `json:"spec,omitempty"`
	Status AnimalStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// AnimalList contains a list of Animal.
type AnimalList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Animal `json:"items"`
}
