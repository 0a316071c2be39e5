package lab

import (
	"fmt"
	"math"
	"math/cmplx"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// waveCount is the number of plane waves of a waveInput.
const waveCount = 3

// waveInput is the input by which the ranks of a distributed FFT check
// their outputs without a whole array on any of them: a sum of plane
// waves, x[n] = Σ_k a_k · exp(2πi Σ_axis f_k[axis]·n[axis]/N[axis]), whose
// forward FFT over every axis is size·a_k at the places f_k and zero
// elsewhere. A block that an exchange loses, misplaces or corrupts moves
// or drops a peak, or breaks the zeros, wherever it lands.
type waveInput struct {
	shape []int
	freqs [waveCount][]int
	amps  [waveCount]complex128
}

// newWaveInput returns the waves of an array of shape: distinct
// frequencies, spread over every axis, and amplitudes of different sizes
// and phases.
func newWaveInput(shape []int) waveInput {
	w := waveInput{shape: shape}
	for k := range waveCount {
		w.freqs[k] = make([]int, len(shape))
		for a, n := range shape {
			w.freqs[k][a] = (1 + 7*k + 3*a + k*a*n/3) % n
		}
		w.amps[k] = cmplx.Rect(1+0.5*float64(k), 0.7+1.3*float64(k))
	}
	return w
}

// box is a part of an array: its first place and its extent along each
// axis.
type box struct{ start, extent []int }

// size returns the number of elements of the box.
func (b box) size() int {
	n := 1
	for _, e := range b.extent {
		n *= e
	}
	return n
}

// values returns the input's elements of the box, in row-major order.
func (w waveInput) values(b box) []complex128 {
	rank := len(w.shape)
	// tables[k][a][i]: the wave k's factor along axis a at place start+i.
	var tables [waveCount][][]complex128
	for k := range waveCount {
		tables[k] = make([][]complex128, rank)
		for a := range rank {
			tables[k][a] = make([]complex128, b.extent[a])
			for i := range b.extent[a] {
				phase := 2 * math.Pi * float64(w.freqs[k][a]*(b.start[a]+i)%w.shape[a]) / float64(w.shape[a])
				tables[k][a][i] = cmplx.Rect(1, phase)
			}
		}
	}
	out := make([]complex128, b.size())
	last := b.extent[rank-1]
	if last == 0 {
		return out
	}
	idx := make([]int, rank-1)
	for row := 0; row*last < len(out); row++ {
		var scale [waveCount]complex128
		for k := range waveCount {
			scale[k] = w.amps[k]
			for a, i := range idx {
				scale[k] *= tables[k][a][i]
			}
		}
		dst := out[row*last : (row+1)*last]
		for k := range waveCount {
			for i, t := range tables[k][rank-1] {
				dst[i] += scale[k] * t
			}
		}
		for a := rank - 2; a >= 0; a-- {
			if idx[a]++; idx[a] < b.extent[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out
}

// errorSums returns Σ|got − X|² and Σ|X|² over the box of the output, X
// being the input's forward FFT over every axis; got holds the box's
// elements in row-major order.
func (w waveInput) errorSums(got []complex128, b box) (errSq, refSq float64) {
	total := 1.0
	for _, n := range w.shape {
		total *= float64(n)
	}
	peaks := map[int]complex128{}
	for k := range waveCount {
		at, inside := 0, true
		for a, f := range w.freqs[k] {
			i := f - b.start[a]
			if i < 0 || i >= b.extent[a] {
				inside = false
				break
			}
			at = at*b.extent[a] + i
		}
		if inside {
			peaks[at] += complex(total, 0) * w.amps[k]
		}
	}
	for i, v := range got {
		want := peaks[i]
		d := v - want
		errSq += real(d)*real(d) + imag(d)*imag(d)
		refSq += real(want)*real(want) + imag(want)*imag(want)
	}
	return errSq, refSq
}

// waveArray returns the input's box as an array of dt on thr.
func (w waveInput) waveArray(thr *cluda.Thread, b box, dt dtypes.DType) (*cluda.Array, error) {
	v := w.values(b)
	if dt == dtypes.Complex128 {
		return thr.ToDevice(v, b.extent...)
	}
	if dt != dtypes.Complex64 {
		return nil, fmt.Errorf("waves of %v: want complex64 or complex128", dt)
	}
	c := make([]complex64, len(v))
	for i, x := range v {
		c[i] = complex64(x)
	}
	return thr.ToDevice(c, b.extent...)
}

// readComplex returns the elements of a complex array as complex128.
func readComplex(a *cluda.Array) ([]complex128, error) {
	if a.DType() == dtypes.Complex128 {
		return cluda.Read[complex128](a)
	}
	c, err := cluda.Read[complex64](a)
	if err != nil {
		return nil, err
	}
	out := make([]complex128, len(c))
	for i, x := range c {
		out[i] = complex128(x)
	}
	return out, nil
}

// wholeBox returns the box of a whole array of shape.
func wholeBox(shape []int) box {
	return box{start: make([]int, len(shape)), extent: slices.Clone(shape)}
}

// split returns the part of the box along axis that rank r of n holds
// where the axis is shared among them as evenly as it goes, the first
// ranks taking one place more (cluda.EqualShares), as the distributed
// FFTs share it.
func (b box) split(axis, n, r int) box {
	shares := cluda.EqualShares(b.extent[axis], n)
	out := box{start: slices.Clone(b.start), extent: slices.Clone(b.extent)}
	for _, s := range shares[:r] {
		out.start[axis] += s
	}
	out.extent[axis] = shares[r]
	return out
}
