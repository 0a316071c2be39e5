package lab

import (
	"fmt"
	"math/cmplx"
	"math/rand/v2"
	"slices"

	"github.com/reikna-go/reikna/internal/cliutil"
)

const (
	// algoSamples is how many output positions of a permutation or a
	// shift are compared with the input.
	algoSamples = 4096
	// algoSumSamples is how many outputs of a sum, or rows of a prefix
	// sum, are compared with a float64 reference.
	algoSumSamples = 16
	// algoSumTolerance bounds the error of a float32 sum relative to the
	// sum of the magnitudes of its terms: a sum of n terms in blocks and
	// tree levels errs by about log2(n)·2^-24 of it at worst (1.6e-6 at
	// n = 2^27), and a wrong or missing term of a short sum by far more.
	algoSumTolerance = 1e-5
)

// values returns element access to a slice of float32, float64,
// complex64 or complex128 values, and its length.
func values(s any) (func(int) complex128, int, error) {
	switch v := s.(type) {
	case []float32:
		return func(i int) complex128 { return complex(float64(v[i]), 0) }, len(v), nil
	case []float64:
		return func(i int) complex128 { return complex(v[i], 0) }, len(v), nil
	case []complex64:
		return func(i int) complex128 { return complex128(v[i]) }, len(v), nil
	case []complex128:
		return func(i int) complex128 { return v[i] }, len(v), nil
	}
	return nil, 0, fmt.Errorf("no host reference for values of type %T", s)
}

// check compares out, the case's output on the input in of the given
// shape multiplied by scale, with a host reference: at a sample of
// positions, exactly for the cases that move elements, within
// algoSumTolerance for the sums. It returns an error that names the first
// position that differs.
func (c algoCase) check(shape []int, in, out any, scale float64) error {
	x, _, err := values(in)
	if err != nil {
		return err
	}
	y, n, err := values(out)
	if err != nil {
		return err
	}
	input := func(i int) complex128 { return complex(scale, 0) * x(i) }
	switch c.kind {
	case algoPermute, algoFFTShift:
		source := c.sourceIndex(shape)
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		for s := range min(algoSamples, n) {
			o := s // every element, or a random sample and the last
			if n > algoSamples {
				o = rng.IntN(n)
				if s == 0 {
					o = n - 1
				}
			}
			if want := input(source(o)); y(o) != want {
				return fmt.Errorf("output element %d is %v, want %v", o, y(o), want)
			}
		}
	case algoSum:
		return checkSums(shape, c.axes, input, y, n)
	case algoCumsum:
		return checkPrefixSums(shape, input, y)
	}
	return nil
}

// sourceIndex returns the map from a flat output index of a permutation
// or a shift of an array of the given shape to the flat index of the input
// element it holds.
func (c algoCase) sourceIndex(shape []int) func(int) int {
	inStrides := rowMajorStrides(shape)
	outShape := slices.Clone(shape)
	if c.kind == algoPermute {
		for k, a := range c.axes {
			outShape[k] = shape[a]
		}
	}
	return func(o int) int {
		i := 0
		for k := len(outShape) - 1; k >= 0; k-- {
			ok := o % outShape[k]
			o /= outShape[k]
			if c.kind == algoPermute {
				i += ok * inStrides[c.axes[k]]
			} else { // numpy.fft.fftshift: a roll by half the length
				i += (ok - shape[k]/2 + shape[k]) % shape[k] * inStrides[k]
			}
		}
		return i
	}
}

// rowMajorStrides returns the strides, in elements, of a contiguous array
// of the given shape.
func rowMajorStrides(shape []int) []int {
	strides := make([]int, len(shape))
	s := 1
	for k := len(shape) - 1; k >= 0; k-- {
		strides[k] = s
		s *= shape[k]
	}
	return strides
}

// checkSums compares a sample of the n outputs y of a sum over axes (nil:
// all) of an input of the given shape with float64 sums.
func checkSums(shape, axes []int, input func(int) complex128, y func(int) complex128, n int) error {
	if axes == nil {
		axes = cliutil.AllAxes(len(shape))
	}
	strides := rowMajorStrides(shape)
	var kept, summed []int
	for k := range shape {
		if slices.Contains(axes, k) {
			summed = append(summed, k)
		} else {
			kept = append(kept, k)
		}
	}
	for s := range min(algoSumSamples, n) {
		o := spread(s, n)
		// The input offset of output o, then every summed position.
		base, rest := 0, o
		for j := len(kept) - 1; j >= 0; j-- {
			k := kept[j]
			base += rest % shape[k] * strides[k]
			rest /= shape[k]
		}
		var sum complex128
		var magnitude float64
		idx := make([]int, len(summed))
		for {
			i := base
			for j, k := range summed {
				i += idx[j] * strides[k]
			}
			sum += input(i)
			magnitude += cmplx.Abs(input(i))
			j := len(summed) - 1
			for ; j >= 0; j-- {
				if idx[j]++; idx[j] < shape[summed[j]] {
					break
				}
				idx[j] = 0
			}
			if j < 0 {
				break
			}
		}
		if !(cmplx.Abs(y(o)-sum) <= algoSumTolerance*magnitude) {
			return fmt.Errorf("sum %d is %v, want %v (within %.3g)", o, y(o), sum, algoSumTolerance*magnitude)
		}
	}
	return nil
}

// checkPrefixSums compares a sample of the rows (along the last axis) of
// the inclusive prefix sums y of an input of the given shape with float64
// prefix sums, every element of each row sampled.
func checkPrefixSums(shape []int, input func(int) complex128, y func(int) complex128) error {
	row := shape[len(shape)-1]
	rows := 1
	for _, d := range shape[:len(shape)-1] {
		rows *= d
	}
	for s := range min(algoSumSamples, rows) {
		r := spread(s, rows)
		var sum complex128
		var magnitude float64
		for k := range row {
			i := r*row + k
			sum += input(i)
			magnitude += cmplx.Abs(input(i))
			if !(cmplx.Abs(y(i)-sum) <= algoSumTolerance*magnitude) {
				return fmt.Errorf("prefix sum %d of row %d is %v, want %v (within %.3g)", k, r, y(i), sum, algoSumTolerance*magnitude)
			}
		}
	}
	return nil
}

// spread returns the index of sample s of algoSumSamples spread evenly
// over n indices, first and last included: s itself where n is no more.
func spread(s, n int) int {
	if n <= algoSumSamples {
		return s
	}
	return s * (n - 1) / (algoSumSamples - 1)
}
