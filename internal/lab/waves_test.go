package lab

import (
	"fmt"
	"math"
	"testing"

	"github.com/reikna-go/reikna/internal/reference"
)

// TestWaveInput checks the waves and the check of a distributed FFT's
// output against the float64 FFT of the whole input: every part of the
// slabs and pencils of arrays of three and four dimensions, the exact
// transform's error near zero, and a misplaced element and a lost one
// found.
func TestWaveInput(t *testing.T) {
	for _, shape := range [][]int{{5, 6, 7}, {4, 3, 6, 2}, {8, 8, 8}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			w := newWaveInput(shape)
			whole := w.values(wholeBox(shape))
			want := reference.FFTN(whole, shape, nil, false)
			for _, b := range []box{wholeBox(shape), wholeBox(shape).split(0, 2, 1), wholeBox(shape).split(1, 3, 0).split(2, 2, 1)} {
				part := w.values(b)
				if e := relDiff(part, boxOf(whole, shape, b)); e > 1e-12 {
					t.Errorf("box %v: the part's values differ from the whole's by %.3g", b, e)
				}
				got := boxOf(want, shape, b)
				errSq, refSq := w.errorSums(got, b)
				if b.size() == len(whole) && refSq == 0 {
					t.Fatal("the whole array's transform has no peak")
				}
				if refSq > 0 && math.Sqrt(errSq/refSq) > 1e-12 || refSq == 0 && errSq > 1e-12 {
					t.Errorf("box %v: the float64 FFT's error %.3g (of %.3g)", b, errSq, refSq)
				}
			}
			// An exchange that swaps two elements, or loses one.
			swapped := append([]complex128(nil), want...)
			for i, v := range swapped {
				if v != 0 && real(v)*real(v)+imag(v)*imag(v) > 1 {
					j := (i + 1) % len(swapped)
					swapped[i], swapped[j] = swapped[j], swapped[i]
					break
				}
			}
			lost := append([]complex128(nil), want...)
			lost[len(lost)/2] = complex(math.NaN(), 0)
			for name, got := range map[string][]complex128{"swapped": swapped, "lost": lost} {
				errSq, refSq := w.errorSums(got, wholeBox(shape))
				// As the bench judges it: an error at or below the bound
				// passes, a larger or a NaN one does not.
				if rel := math.Sqrt(errSq / refSq); rel <= 1e-3 {
					t.Errorf("%s: error %.3g not found", name, rel)
				}
			}
		})
	}
}

// boxOf returns the elements of the box of a row-major array of shape.
func boxOf(data []complex128, shape []int, b box) []complex128 {
	out := make([]complex128, 0, b.size())
	idx := make([]int, len(shape))
	for n := 0; n < b.size(); n++ {
		flat := 0
		for a := range shape {
			flat = flat*shape[a] + b.start[a] + idx[a]
		}
		out = append(out, data[flat])
		for a := len(shape) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < b.extent[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out
}

// relDiff returns the relative L2 difference of a against b.
func relDiff(a, b []complex128) float64 {
	var e, r float64
	for i := range a {
		d := a[i] - b[i]
		e += real(d)*real(d) + imag(d)*imag(d)
		r += real(b[i])*real(b[i]) + imag(b[i])*imag(b[i])
	}
	return math.Sqrt(e / r)
}
