package main

import (
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// fftJob is an FFT of the fft command with its values, held in the
// precision of the transform.
type fftJob[T cliutil.Complex] struct {
	*fftPlan
	values []T
}

// compile builds the FFT of the job's padded shape, with the padding
// transformation fused into its input where the data is shorter.
func (j *fftJob[T]) compile(thr *cluda.Thread) (*core.Callable, error) {
	t := core.ArrayOf(j.dtype, j.padded...)
	f, err := fft.NewFFT(t, j.axes, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	if !slices.Equal(j.shape, j.padded) {
		lens := make([]int, len(j.axes))
		for i, a := range j.axes {
			lens[i] = j.shape[a]
		}
		site := cliutil.ChainSite{Type: t, Axes: j.axes}
		if err := cliutil.ConnectChains(f.Computation, site, []cliutil.TrfSpec{{Name: "pad", Arg: cliutil.JoinInts(lens, ",")}}, nil); err != nil {
			return nil, err
		}
	}
	return f.Compile(thr)
}

// run uploads the values, calls c and returns the result and the time the
// kernels took.
func (j *fftJob[T]) run(thr *cluda.Thread, c *core.Callable, inverse bool) ([]T, time.Duration, error) {
	in, err := thr.ToDevice(j.values, j.shape...)
	if err != nil {
		return nil, 0, err
	}
	defer in.Release()
	out, err := thr.Empty(j.padded, j.dtype)
	if err != nil {
		return nil, 0, err
	}
	defer out.Release()
	var inv int32
	if inverse {
		inv = 1
	}
	var args []any
	for _, p := range c.Signature() {
		switch p.Role() {
		case core.Output:
			args = append(args, out)
		case core.Input:
			args = append(args, in)
		default:
			args = append(args, inv)
		}
	}
	dur, err := c.CallProfiled(args...)
	if err != nil {
		return nil, 0, err
	}
	r, err := cluda.Read[T](out)
	return r, dur, err
}

// paddedValues returns the values zero-padded to the padded shape, as the
// device sees them.
func (j *fftJob[T]) paddedValues() []complex128 {
	out := make([]complex128, int(cliutil.ShapeSize(j.padded)))
	idx := make([]int, len(j.shape))
	for _, v := range j.values {
		flat := 0
		for a, i := range idx {
			flat = flat*j.padded[a] + i
		}
		out[flat] = complex128(v)
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < j.shape[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out
}
