package main

import (
	"math"
	"math/cmplx"
)

// comparison is how a result differs from a reference.
type comparison struct {
	relL2, maxAbs, refMax float64
	over                  int // values off by more than tol·refMax
	tol                   float64
}

// compare returns how got differs from want, counting the values whose
// error exceeds tol times the largest magnitude of want.
func compare(got, want []complex128, tol float64) comparison {
	var num, den float64
	c := comparison{tol: tol}
	for i := range want {
		d := cmplx.Abs(got[i] - want[i])
		num += d * d
		den += real(want[i])*real(want[i]) + imag(want[i])*imag(want[i])
		c.maxAbs = max(c.maxAbs, d)
		c.refMax = max(c.refMax, cmplx.Abs(want[i]))
	}
	switch {
	case den > 0:
		c.relL2 = math.Sqrt(num / den)
	case num > 0:
		c.relL2 = math.Inf(1)
	}
	for i := range want {
		if d := cmplx.Abs(got[i] - want[i]); !(d <= tol*c.refMax) { // NaN counts
			c.over++
		}
	}
	return c
}
