package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
)

// ConvolveMode says which part of the convolution Convolve computes and how
// long its output is along the convolved axes.
type ConvolveMode int

// The modes of Convolve, for a signal of length n and a filter of length m
// along an axis.
const (
	// ConvolveCircular is the cyclic convolution of period n, the inverse
	// FFT of the product of the FFTs: n outputs. The filter may be shorter
	// than the signal (it is padded with zeros to n).
	ConvolveCircular ConvolveMode = iota
	// ConvolveFull is the linear convolution with zero padding, all of it:
	// n+m-1 outputs, as numpy.convolve and scipy.signal.fftconvolve with
	// mode "full".
	ConvolveFull
	// ConvolveSame is the middle n outputs of ConvolveFull, from (m-1)/2
	// on (rounded down), as scipy.signal.fftconvolve with mode "same";
	// numpy.convolve gives the same where n >= m.
	ConvolveSame
)

// String returns the mode's name as numpy spells it ("circular" for the
// cyclic one).
func (m ConvolveMode) String() string {
	if m >= 0 && int(m) < len(convolveModeNames) && convolveModeNames[m] != "" {
		return convolveModeNames[m]
	}
	return fmt.Sprintf("ConvolveMode(%d)", int(m))
}

// convolveModeNames are the names String returns, by value.
var convolveModeNames = [...]string{ConvolveCircular: "circular", ConvolveFull: "full", ConvolveSame: "same"}

// convolveAxis is the convolution along one axis, as numbers: the signal's
// length N, the filter's M, the transform length T and the output's
// length Out. The filter is placed in the transform's period so that the
// output starts at position 0: tap j of the (reversed, for a correlation)
// filter at (j - Shift) mod T.
type convolveAxis struct {
	N, M, T, Out, Shift int
}

// newConvolveAxis plans the convolution along an axis of a signal of
// length n and a filter of length m in the mode.
func newConvolveAxis(n, m int, mode ConvolveMode) convolveAxis {
	a := convolveAxis{N: n, M: m, T: n, Out: n}
	switch mode {
	case ConvolveFull:
		a.Out = n + m - 1
		a.T = convolveLength(a.Out)
	case ConvolveSame:
		a.T = convolveLength(n + m - 1)
		a.Shift = (m - 1) / 2
	}
	return a
}

// convolveLength returns the length of the transforms of a linear
// convolution with n outputs: the smallest length at least n whose prime
// factors are 2, 3, 5 and 7, so that the zero padding adds at most a few
// per cent (1025 outputs take 1029 points where a power of two would take
// 2048) and the FFT needs no Bluestein.
func convolveLength(n int) int {
	best := 1
	for best < n {
		best *= 2
	}
	for p3 := 1; p3 <= best; p3 *= 3 {
		for p5 := p3; p5 <= best; p5 *= 5 {
			for p7 := p5; p7 <= best; p7 *= 7 {
				x := p7
				for x < n {
					x *= 2
				}
				best = min(best, x)
			}
		}
	}
	return best
}

// maxFusedGrowth bounds how much longer than the shortest one a linear
// convolution's transform may grow to run in one kernel: one pass over
// memory instead of the two FFTs' two or more, whose arithmetic runs
// under the memory traffic on GPUs.
const maxFusedGrowth = 2

// fusedLength returns the transform length along axis (of the padded
// shape) of a convolution in one kernel, and that kernel: the length of
// the shape where it fits one, or for a linear convolution (linear set)
// the shortest length with factors 2, 3, 5 and 7, up to maxFusedGrowth
// times longer, that fits one (on GPUs the register kernel has no plan for
// some such lengths: 120 is local, 128 not). It returns the length of the
// shape and false where none fits.
func fusedLength(padded []int, axis int, linear bool, lim fftplan.Limits) (int, fftplan.Kernel, bool) {
	n := padded[axis]
	if k, ok := fusedConvolution(padded, axis, lim); ok || !linear {
		return n, k, ok
	}
	shape := slices.Clone(padded)
	for t := convolveLength(n + 1); t <= maxFusedGrowth*n; t = convolveLength(t + 1) {
		shape[axis] = t
		if k, ok := fusedConvolution(shape, axis, lim); ok {
			return t, k, true
		}
	}
	return n, fftplan.Kernel{}, false
}

// maxFusedRowGPU is the longest row that one kernel convolves on a GPU.
// On the H200 at 512 MiB of complex64 the one kernel took 0.375 ms at
// 1024 points, 0.71 times two bare FFTs (0.265 ms each), but 0.591 ms at
// 4096, 1.12 times two FFTs: a work-group holds one row there and runs the
// stages twice, and the two FFTs are faster.
const maxFusedRowGPU = 2048

// fusedConvolution returns the one kernel that computes the convolution of
// rows of the padded shape along axis, with the limits of the device: the
// forward transform, the product with the filter's spectrum and the
// transform back on the same registers, where the transform is one pass of
// the register kernel with even stages (a row fits one work-group, and the
// outputs stand in the registers of the inputs). It reports false where
// the transform takes more kernels (or none: a length of 1).
func fusedConvolution(padded []int, axis int, lim fftplan.Limits) (fftplan.Kernel, bool) {
	lim.Tuning.EvenStages = true
	lim.Tuning.NoLooped = true // the looped kernel runs no product between its stages
	p, err := fftplan.New(padded, []int{axis}, lim)
	if err != nil || len(p.Axes) != 1 {
		return fftplan.Kernel{}, false
	}
	ax := p.Axes[0]
	if ax.Bluestein || ax.Rader || len(ax.Kernels) != 1 {
		return fftplan.Kernel{}, false
	}
	k := ax.Kernels[0]
	if k.Pass.E == 0 || k.Pass.Uneven || k.Pass.L != k.Pass.N {
		return fftplan.Kernel{}, false
	}
	if !lim.CPU && k.Pass.L > maxFusedRowGPU {
		return fftplan.Kernel{}, false
	}
	return k, true
}
