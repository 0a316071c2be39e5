package main

import (
	"fmt"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/dtypes"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
)

// fftJob is an FFT of the fft command, with its shapes worked out.
type fftJob struct {
	values []complex128
	shape  []int // of the data
	padded []int // of the transform
	axes   []int
	dtype  dtypes.DType
}

// planJob works out the shape, axes and padding of an FFT of values from
// the options.
func planJob(o *fftOptions, values []complex128, in string) (*fftJob, error) {
	job := &fftJob{values: values, shape: []int{len(values)}, dtype: o.precision.complexDType()}
	var err error
	if o.shape != "" {
		if job.shape, err = parseInts("--shape", o.shape, 1); err != nil {
			return nil, err
		}
		if n := shapeSize(job.shape); n != float64(len(values)) {
			return nil, fmt.Errorf("--shape %s holds %.0f values, and %s has %d", o.shape, n, displayName(in), len(values))
		}
	}
	if job.axes, err = parseAxes(o.axes, len(job.shape)); err != nil {
		return nil, err
	}
	job.padded = slices.Clone(job.shape)
	switch {
	case o.pow2:
		for _, a := range job.axes {
			job.padded[a] = nextPow2(job.shape[a])
		}
	case o.pad != "":
		lens, err := parseInts("--pad", o.pad, 1)
		if err != nil {
			return nil, err
		}
		if len(lens) != 1 && len(lens) != len(job.axes) {
			return nil, fmt.Errorf("--pad %s: %d lengths for %d transformed axes (give one, or one per axis)", o.pad, len(lens), len(job.axes))
		}
		for i, a := range job.axes {
			m := lens[min(i, len(lens)-1)]
			if m < job.shape[a] {
				return nil, fmt.Errorf("--pad %s: %d is shorter than the %d values on axis %d (--pad only adds zeros)", o.pad, m, job.shape[a], a)
			}
			job.padded[a] = m
		}
	}
	return job, nil
}

// compile builds the FFT of the job's padded shape, with the padding
// transformation fused into its input where the data is shorter.
func (j *fftJob) compile(thr *cluda.Thread) (*core.Callable, error) {
	t := core.ArrayOf(j.dtype, j.padded...)
	fft, err := computations.NewFFT(t, j.axes, computations.FFTOptions{})
	if err != nil {
		return nil, err
	}
	if !slices.Equal(j.shape, j.padded) {
		lens := make([]int, len(j.axes))
		for i, a := range j.axes {
			lens[i] = j.shape[a]
		}
		site := chainSite{typ: t, axes: j.axes}
		if err := connectChains(fft.Computation, site, []trfSpec{{"pad", joinInts(lens, ",")}}, nil); err != nil {
			return nil, err
		}
	}
	return fft.Compile(thr)
}

// run uploads the values, calls c and returns the result and the time the
// kernels took.
func (j *fftJob) run(thr *cluda.Thread, c *core.Callable, inverse bool) ([]complex128, time.Duration, error) {
	var host any
	if j.dtype == dtypes.Complex64 {
		host = toComplex64(j.values)
	} else {
		host = j.values
	}
	in, err := thr.ToDevice(host, j.shape...)
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
	if j.dtype == dtypes.Complex64 {
		r, err := cluda.Read[complex64](out)
		if err != nil {
			return nil, 0, err
		}
		res := make([]complex128, len(r))
		for i, v := range r {
			res[i] = complex128(v)
		}
		return res, dur, nil
	}
	r, err := cluda.Read[complex128](out)
	return r, dur, err
}

func toComplex64(x []complex128) []complex64 {
	y := make([]complex64, len(x))
	for i, v := range x {
		y[i] = complex64(v)
	}
	return y
}

// paddedValues returns the values zero-padded to the padded shape, as the
// device sees them (rounded to the precision).
func (j *fftJob) paddedValues() []complex128 {
	round := func(v complex128) complex128 {
		if j.dtype == dtypes.Complex64 {
			return complex128(complex64(v))
		}
		return v
	}
	out := make([]complex128, int(shapeSize(j.padded)))
	idx := make([]int, len(j.shape))
	for _, v := range j.values {
		flat := 0
		for a, i := range idx {
			flat = flat*j.padded[a] + i
		}
		out[flat] = round(v)
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < j.shape[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out
}
