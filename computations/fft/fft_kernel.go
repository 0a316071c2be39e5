package fft

import (
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// fftEnd is where a pass reads or writes: a parameter of the computation
// (indexed by its shape) or a flat temporary array.
type fftEnd struct {
	arg   *core.KernelArgument
	shape []int // of a parameter; nil for a flat temporary array
}

// fftKernel is everything one pass kernel needs: its plan, and the
// arguments and hooks of the computation it runs in.
type fftKernel struct {
	fftplan.Kernel
	name     string
	dt       dtypes.DType
	src, dst fftEnd

	inverse *core.KernelArgument // set on the first and last kernels: the inverse flag applies
	// in and out are how the complex values are loaded and stored: the
	// first and last kernels of an FFT conjugate them for the inverse.
	in, out complexEnd
	// fused, where set, is the product between the stages of a kernel
	// that is the whole of a convolution.
	fused *fftFused

	twInner, twPassLo, twPassHi, chirp, bTable *core.KernelArgument
	// raderIndex is the table of indices of Rader's algorithm.
	raderIndex *core.KernelArgument

	// real is set on the first and last kernels of a real transform: how
	// they read and write (rfft_hooks.go); realTw is the table it reads.
	real   *fftRealKernel
	realTw *core.KernelArgument

	// scratch is the array of a looped pass's arrays where they lie in
	// global memory (fftplan.Pass.Slots).
	scratch *core.KernelArgument
}

// index returns how the load or store macro of an end, of length along
// the axis, indexes it.
func (e fftEnd) index(axis, outer, length, inner int) fftEndIndex {
	if e.shape == nil {
		x := fftEndIndex{Flat: true, Inner: inner}
		if outer > 1 {
			x.OuterStride = length * inner
		}
		return x
	}
	return fftEndIndex{
		Outer:    core.RowMajorIndices("_o", e.shape[:axis]),
		InnerIdx: core.RowMajorIndices("_i", e.shape[axis+1:]),
	}
}

// renderArgs returns the template arguments of the kernel besides its
// kernel arguments.
func (k *fftKernel) renderArgs() map[string]any {
	return map[string]any{"body": newFFTBody(k)}
}

// args returns the kernel's arguments; the tables and the inverse flag are
// bound only where the kernel uses them, and absent ones are nil in the
// render arguments so that the template leaves their macros out.
func (k *fftKernel) args() ([]core.KernelArg, map[string]any) {
	args := []core.KernelArg{core.Bind("output", k.dst.arg), core.Bind("input", k.src.arg)}
	render := k.renderArgs()
	optional := []struct {
		name string
		arg  *core.KernelArgument
	}{
		{"inverse", k.inverse}, {"tw_inner", k.twInner}, {"tw_pass_lo", k.twPassLo},
		{"tw_pass_hi", k.twPassHi}, {"chirp", k.chirp}, {"kernel_b", k.bTable},
		{"real_twiddle", k.realTw}, {"rader_index", k.raderIndex}, {"scratch", k.scratch},
	}
	for _, o := range optional {
		if o.arg != nil {
			args = append(args, core.Bind(o.name, o.arg))
		} else {
			render[o.name] = nil
		}
	}
	return args, render
}
