package core

import (
	"fmt"
	"reflect"
)

// AnyComputation is what Plan.ComputationCall takes: a *Computation, or
// any type that embeds one, as every computation of the library does
// (*fft.FFT, *computations.Reduce, ...), so that a plan calls the
// computation its user holds.
type AnyComputation interface {
	// Base returns the computation's *Computation.
	Base() *Computation
}

// Base returns c itself, so that *Computation, and every type that
// embeds one, is an AnyComputation.
func (c *Computation) Base() *Computation { return c }

// baseOf returns the *Computation of c, or an error for a nil one.
func baseOf(c AnyComputation) (*Computation, error) {
	if c == nil {
		return nil, fmt.Errorf("core: nested computation: nil")
	}
	if v := reflect.ValueOf(c); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, fmt.Errorf("core: nested computation: nil %T", c)
	}
	b := c.Base()
	if b == nil {
		return nil, fmt.Errorf("core: nested computation: %T holds no *core.Computation", c)
	}
	return b, nil
}
