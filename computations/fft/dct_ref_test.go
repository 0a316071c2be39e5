package fft_test

import (
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/internal/reference"
)

// r2rRef is the float64 reference of a real-to-real transform of one row
// x (reference.R2R).
func r2rRef(sine bool, typ int, norm fft.R2RNorm, inverse bool, x []float64) []float64 {
	return reference.R2R(sine, typ, norm.String(), inverse, x)
}
