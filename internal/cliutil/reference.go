package cliutil

import (
	"math"
	"math/cmplx"
)

// Comparison is how a result differs from a reference.
type Comparison struct {
	RelL2, MaxAbs, RefMax float64
	Over                  int // values off by more than tol·refMax
	Tol                   float64
}

// Compare returns how got differs from want, counting the values whose
// error exceeds tol times the largest magnitude of want.
func Compare(got, want []complex128, tol float64) Comparison {
	var num, den float64
	c := Comparison{Tol: tol}
	for i := range want {
		d := cmplx.Abs(got[i] - want[i])
		num += d * d
		den += real(want[i])*real(want[i]) + imag(want[i])*imag(want[i])
		c.MaxAbs = max(c.MaxAbs, d)
		c.RefMax = max(c.RefMax, cmplx.Abs(want[i]))
	}
	switch {
	case den > 0:
		c.RelL2 = math.Sqrt(num / den)
	case num > 0:
		c.RelL2 = math.Inf(1)
	}
	for i := range want {
		if d := cmplx.Abs(got[i] - want[i]); !(d <= tol*c.RefMax) { // NaN counts
			c.Over++
		}
	}
	return c
}

// Widen returns x in complex128, for the float64 reference.
func Widen[T Complex](x []T) []complex128 {
	y := make([]complex128, len(x))
	for i, v := range x {
		y[i] = complex128(v)
	}
	return y
}

// Complex is the element type of the values a transform holds: the
// input is read into it directly, so that the host holds each value at the
// precision of the transform.
type Complex interface{ complex64 | complex128 }
