// Package extra adds values to enums of another package.
package extra

import "example.com/enumsacross/kinds"

// ShadeSatin is declared away from its type.
const ShadeSatin kinds.Shade = "satin"

// FinishBrushed is the only value of Finish.
const FinishBrushed kinds.Finish = "brushed"
