package cl

import "unsafe"

// pin returns p as an unsafe.Pointer for a C call that reads or writes *p
// before it returns.
func pin[T any](p *T) unsafe.Pointer { return unsafe.Pointer(p) }
