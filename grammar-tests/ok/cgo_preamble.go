package native

/*
#include <stdlib.h>
#cgo LDFLAGS: -lm
static int twice(int x) { return 2 * x; }
*/
import "C"

import "unsafe"

// Handle wraps a C pointer.
type Handle struct {
	ptr unsafe.Pointer
	n   C.int
}

func (h *Handle) Free() {
	C.free(h.ptr)
}
