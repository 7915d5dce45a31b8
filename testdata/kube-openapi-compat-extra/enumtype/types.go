package enumtype

// FruitType is an enum of fruits.
// +enum
type FruitType string

// FruitApple names apples.
const FruitApple FruitType = "apple"

// FruitBanana names bananas.
const FruitBanana FruitType = "banana"
