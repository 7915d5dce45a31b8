package consts

type Level int

// Levels use iota with implicit repetition.
const (
	// Low is the first.
	Low Level = iota
	Medium
	High
	_
	// Max skips one.
	Max
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
)
