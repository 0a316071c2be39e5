package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// RFFT is the FFT of a real array over a set of its axes, batched over the
// others: numpy.fft.rfftn. Its signature is (output, input): the last of
// the axes, of length N in input, has N/2+1 elements in output (the other
// half of the spectrum is their conjugate), and the others are complex
// transforms of the same length. Output is complex64 for float32 input and
// complex128 for float64.
//
// An even length N along the last axis is transformed as the complex FFT
// of N/2 points of the pairs of real values, with the twist that makes
// the spectrum of the real signal from it in the stores of its kernel
// where the transform of N/2 points is one kernel holding whole rows, or
// of its last pass where it is passes of the register kernel (whose
// work-groups then take the sub-transforms that hold partner outputs
// together), so that the real transform takes as many passes over memory
// as the complex one of N/2 points; in a kernel of its own otherwise
// (Bluestein's algorithm, passes of the local kernel). Other lengths are
// transformed as a complex FFT of the real values. Every length the complex FFT takes works. Transformations
// connected to input run inside the loads of the first kernel, those
// connected to output inside the stores of the last.
//
// RFFT embeds a *core.Computation, whose methods it has (see FFT).
type RFFT struct {
	*core.Computation
	in, out core.Type
	axes    []int
	rest    *FFT // over the other axes, or nil
	tuning  fftplan.Tuning
}

// IRFFT is the inverse of RFFT: numpy.fft.irfftn, with the length of the
// real output along the last axis given. Its signature is (output, input):
// input is the half spectrum, complex, with N/2+1 elements along the last
// of the axes, output real with N; the imaginary parts of the elements 0
// and N/2 (for even N) along that axis are taken as zero, as numpy does.
// The result is divided by the product of the transformed lengths.
//
// An even N is transformed as the inverse complex FFT of N/2 points of
// values the first kernel makes from pairs of the half spectrum as it
// loads them, writing the real values as pairs; other lengths as the
// inverse complex FFT of the whole spectrum, made as it is loaded.
//
// IRFFT embeds a *core.Computation, whose methods it has (see FFT).
type IRFFT struct {
	*core.Computation
	in, out core.Type
	axes    []int
	rest    *FFT
	tuning  fftplan.Tuning
}

// RFFTOptions are the optional parts of an RFFT. It has none yet: it is
// there so that every constructor of the package takes its options alike,
// and an option to come does not change NewRFFT.
type RFFTOptions struct{}

// NewRFFT returns the real FFT of arrays of the real type t (float32 or
// float64) over axes (nil for every axis; negative ones count from the
// end), the last of them the real axis.
func NewRFFT(t core.Type, axes []int, opts RFFTOptions) (*RFFT, error) {
	return newRFFT(t, axes, fftplan.Tuning{})
}

// newRFFT is NewRFFT with the plan tuned.
func newRFFT(t core.Type, axes []int, tuning fftplan.Tuning) (*RFFT, error) {
	if err := checkRealFFTType("RFFT", t, false); err != nil {
		return nil, err
	}
	axes, err := realFFTAxes("RFFT", t, axes)
	if err != nil {
		return nil, err
	}
	last := axes[len(axes)-1]
	shape := t.Shape()
	shape[last] = shape[last]/2 + 1
	r := &RFFT{in: t, out: core.ArrayOf(complexOf(t.DType()), shape...), axes: axes, tuning: tuning}
	if r.rest, err = restFFT("RFFT", r.out, axes, tuning); err != nil {
		return nil, err
	}
	if r.Computation, err = realFFTComputation("rfft", r.out, t, axes, r.build); err != nil {
		return nil, err
	}
	return r, nil
}

// IRFFTOptions are the optional parts of an IRFFT.
type IRFFTOptions struct {
	// N is the length of the output along the real axis, whose N/2+1
	// elements the input holds. Zero takes 2(m-1) for an input of m
	// elements along it, as numpy.fft.irfftn does: an even length (give
	// 2m-1 for the odd one).
	N int
}

// NewIRFFT returns the inverse real FFT of half spectra of the complex type
// t over axes (nil for every axis; negative ones count from the end), the
// last of them the real axis.
func NewIRFFT(t core.Type, axes []int, opts IRFFTOptions) (*IRFFT, error) {
	n := opts.N
	if n == 0 && t.IsArray() && t.Validate() == nil {
		if axes, err := realFFTAxes("IRFFT", t, axes); err == nil {
			n = 2 * (t.Shape()[axes[len(axes)-1]] - 1)
		}
	}
	return newIRFFT(t, axes, n, fftplan.Tuning{})
}

// newIRFFT is NewIRFFT with the plan tuned.
func newIRFFT(t core.Type, axes []int, n int, tuning fftplan.Tuning) (*IRFFT, error) {
	if err := checkRealFFTType("IRFFT", t, true); err != nil {
		return nil, err
	}
	axes, err := realFFTAxes("IRFFT", t, axes)
	if err != nil {
		return nil, err
	}
	last := axes[len(axes)-1]
	shape := t.Shape()
	if n < 1 {
		return nil, fmt.Errorf("fft: IRFFT: the output length %d along axis %d is not positive", n, last)
	}
	if shape[last] != n/2+1 {
		return nil, fmt.Errorf("fft: IRFFT: axis %d has %d elements, and an output of length %d takes %d", last, shape[last], n, n/2+1)
	}
	shape[last] = n
	r := &IRFFT{in: t, out: core.ArrayOf(t.DType().Real(), shape...), axes: axes, tuning: tuning}
	if err := checkRealFFTShape("IRFFT", r.out, axes); err != nil {
		return nil, err
	}
	if r.rest, err = restFFT("IRFFT", t, axes, tuning); err != nil {
		return nil, err
	}
	if r.Computation, err = realFFTComputation("irfft", r.out, t, axes, r.build); err != nil {
		return nil, err
	}
	return r, nil
}

// Axes returns the transformed axes; the last one is the real axis.
func (r *RFFT) Axes() []int { return slices.Clone(r.axes) }

// Axes returns the transformed axes; the last one is the real axis.
func (r *IRFFT) Axes() []int { return slices.Clone(r.axes) }

// checkRealFFTType checks that t is an array of a real dtype, or of a
// complex one where complex is set.
func checkRealFFTType(name string, t core.Type, complex bool) error {
	if err := arrayparam.CheckType(name, t); err != nil {
		return fmt.Errorf("fft: %w", err)
	}
	dt := t.DType()
	switch {
	case complex && !dt.IsComplex():
		return fmt.Errorf("fft: %s of %v: the dtype must be complex64 or complex128", name, dt)
	case !complex && dt != dtypes.Float32 && dt != dtypes.Float64:
		return fmt.Errorf("fft: %s of %v: the dtype must be float32 or float64", name, dt)
	}
	return nil
}

// realFFTAxes checks the axes of a real transform of arrays of type t and
// returns them (every axis for nil).
func realFFTAxes(name string, t core.Type, axes []int) ([]int, error) {
	given := axes
	axes, err := arrayparam.Axes(name, t, axes)
	if err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	if len(axes) == 0 {
		return nil, fmt.Errorf("fft: %s: axes %v name no axis of %v to transform", name, given, t)
	}
	for _, a := range axes {
		if t.Shape()[a] == 0 {
			return nil, fmt.Errorf("fft: %s: axis %d has length 0", name, a)
		}
	}
	if err := checkRealFFTShape(name, t, axes); err != nil {
		return nil, err
	}
	return axes, nil
}

// checkRealFFTShape checks that the FFT can index arrays of type t.
func checkRealFFTShape(name string, t core.Type, axes []int) error {
	if err := fftplan.CheckShape(t.Shape(), axes); err != nil {
		return fmt.Errorf("fft: %s: %w", name, err)
	}
	return nil
}

// restFFT returns the complex FFT of arrays of type t over the axes but
// the last, or nil where there is one axis.
func restFFT(name string, t core.Type, axes []int, tuning fftplan.Tuning) (*FFT, error) {
	if len(axes) == 1 {
		return nil, nil
	}
	f, err := newFFT(t, axes[:len(axes)-1], FFTOptions{}, tuning)
	if err != nil {
		return nil, fmt.Errorf("fft: %s: %w", name, err)
	}
	return f, nil
}

// realFFTComputation returns the computation of signature (output, input)
// of the types out and in that build builds, whose axes other than the
// transformed ones are batch axes.
func realFFTComputation(name string, out, in core.Type, axes []int, build func(*core.Plan, map[string]*core.KernelArgument) error) (*core.Computation, error) {
	c, err := core.NewComputation(name, []core.Parameter{
		core.Param("output", core.Out(out)),
		core.Param("input", core.In(in)),
	}, build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(c, in.Rank(), axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	return c, nil
}

// complexOf returns the complex dtype of the real one.
func complexOf(real dtypes.DType) dtypes.DType {
	if real == dtypes.Float64 {
		return dtypes.Complex128
	}
	return dtypes.Complex64
}
