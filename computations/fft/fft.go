package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FFT is the fast Fourier transform of a complex array over a set of its
// axes, batched over the others. Its signature is (output, input, inverse):
// with inverse 0 it computes numpy.fft.fftn (the kernel exp(-2πi kn/N)),
// otherwise numpy.fft.ifftn, which divides by the product of the
// transformed lengths (unless FFTOptions.Unnormalized is set). Output and
// input may be the same array (or, with transformations connected, leaves
// that stand at their indices); arrays that overlap otherwise are refused
// by the callable.
//
// Every length works: lengths whose prime factors are at most 13 by mixed
// radix passes, other lengths by Bluestein's algorithm. Transformations
// connected to input run inside the loads of the first kernel, those
// connected to output inside the stores of the last kernel.
//
// FFT embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	t := core.ArrayOf(dtypes.Complex64, 1024)
//	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
//	// The spectrum in two float32 arrays: output becomes re and im.
//	split, err := transformations.SplitComplex(t)
//	err = f.Connect("output", split, "input", map[string]string{"real": "re", "imag": "im"})
//	c, err := f.Compile(thr) // c.Signature(): re, im, input, inverse
//	defer c.Release()
//	err = c.Call(re, im, in, 0) // 1 for the inverse
type FFT struct {
	*core.Computation
	typ  core.Type
	axes []int
	opts FFTOptions
}

// FFTOptions are the optional parts of an FFT.
type FFTOptions struct {
	// Unnormalized leaves the inverse transform without the division by
	// the product of the transformed lengths.
	Unnormalized bool
}

// NewFFT returns the FFT of arrays of type t over axes (nil for every
// axis), in the order given.
func NewFFT(t core.Type, axes []int, opts FFTOptions) (*FFT, error) {
	return newFFT(t, axes, opts, fftplan.Tuning{})
}

// newFFT is NewFFT with the plan tuned, so that tests and benchmarks run on
// one device the plans of others.
func newFFT(t core.Type, axes []int, opts FFTOptions, tuning fftplan.Tuning) (*FFT, error) {
	if err := arrayparam.CheckType("FFT", t); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	if !t.DType().IsComplex() {
		return nil, fmt.Errorf("fft: FFT of %v: the dtype must be complex64 or complex128 (connect a transformation such as RealToComplex for real data)", t.DType())
	}
	axes, err := arrayparam.Axes("FFT", t, axes)
	if err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	for _, a := range axes {
		if t.Shape()[a] == 0 {
			return nil, fmt.Errorf("fft: FFT: axis %d has length 0", a)
		}
	}
	if err := fftplan.CheckShape(t.Shape(), axes); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	f := &FFT{typ: t, axes: axes, opts: opts}
	f.Computation, err = core.NewComputation("fft", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
		core.Param("inverse", core.ScalarArg(dtypes.Int32)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		return f.build(plan, args, tuning)
	})
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(f.Computation, t.Rank(), f.axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	// Every kernel reads all the elements of its sub-transforms before it
	// writes any of them, and the first kernel of several reads input
	// into a temporary array: output may be input.
	if err := f.AllowInPlace("output", "input"); err != nil {
		return nil, err
	}
	return f, nil
}

// Axes returns the transformed axes.
func (f *FFT) Axes() []int { return slices.Clone(f.axes) }
