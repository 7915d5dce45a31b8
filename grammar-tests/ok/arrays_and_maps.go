package coll

const Size = 8

// Buffers holds arrays and maps.
type Buffers struct {
	Digest   [4]byte            `json:"digest"`
	Sized    [Size]int          `json:"sized"`
	Expr     [Size * 2]uint8    `json:"expr"`
	Grid     [3][3]float64      `json:"grid"`
	Index    map[string][]string `json:"index"`
	Nested   map[string]map[int][]*Item `json:"nested"`
	Matrix   [][]int32          `json:"matrix"`
	BytesMap map[[2]int]bool    `json:"-"`
}

// Table uses an implicit-length array in a var, not a type.
var Table = [...]string{"a", "b"}

type Item struct{}
