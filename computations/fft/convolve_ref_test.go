package fft_test

import (
	"math/cmplx"

	"github.com/reikna-go/reikna/computations/fft"
)

// convolveRef is the direct O(n·m) sum of Convolve in float64: signal of
// shape ss, filter of shape fs (the signal's rank), over axes, in the
// mode; it returns the output and its shape.
func convolveRef(x []complex128, ss []int, f []complex128, fs []int, axes []int,
	mode fft.ConvolveMode, correlate bool) ([]complex128, []int) {
	conv := make([]bool, len(ss))
	out := append([]int(nil), ss...)
	for _, a := range axes {
		conv[a] = true
		if mode == fft.ConvolveFull {
			out[a] = ss[a] + fs[a] - 1
		}
	}
	y := make([]complex128, elementsOf(out))
	k := make([]int, len(out))
	j := make([]int, len(fs))
	src := make([]int, len(ss))
	for oi := range y {
		unravel(oi, out, k)
		var sum complex128
		for fi := 0; fi < elementsOf(fs); fi++ {
			unravel(fi, fs, j)
			ok := true
			for a := range ss {
				if !conv[a] {
					if fs[a] == 1 {
						ok = ok && j[a] == 0
					} else {
						ok = ok && j[a] == k[a]
					}
					src[a] = k[a]
					continue
				}
				n, m, ka := ss[a], fs[a], k[a]
				if mode == fft.ConvolveSame {
					ka += (m - 1) / 2
				}
				switch {
				case mode == fft.ConvolveCircular && correlate:
					src[a] = (j[a] + ka) % n
				case mode == fft.ConvolveCircular:
					src[a] = ((ka-j[a])%n + n) % n
				case correlate:
					src[a] = j[a] + ka - (m - 1)
				default:
					src[a] = ka - j[a]
				}
				ok = ok && src[a] >= 0 && src[a] < n
			}
			if !ok {
				continue
			}
			w := f[fi]
			if correlate {
				w = cmplx.Conj(w)
			}
			sum += x[ravel(src, ss)] * w
		}
		y[oi] = sum
	}
	return y, out
}

func elementsOf(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// unravel sets idx to the row-major indices of flat element i of shape.
func unravel(i int, shape, idx []int) {
	for a := len(shape) - 1; a >= 0; a-- {
		idx[a] = i % shape[a]
		i /= shape[a]
	}
}

// ravel returns the row-major flat index of idx in shape.
func ravel(idx, shape []int) int {
	i := 0
	for a := range shape {
		i = i*shape[a] + idx[a]
	}
	return i
}
