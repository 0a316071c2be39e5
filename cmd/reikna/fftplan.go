package main

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// fftPlan is the shape of an FFT of the fft command: the shape of the
// data, the axes and the padded shape. Where --shape gives the shape, all
// of it is known before the input is read; otherwise the data has one
// axis, whose length is the number of values read.
type fftPlan struct {
	shape  []int // of the data; nil until known
	padded []int // of the transform
	axes   []int
	pad    []int // the lengths of --pad, one or one per axis
	dtype  dtypes.DType
	o      *fftOptions
}

// planFFT works out what the options say of the shape, axes and padding.
func planFFT(o *fftOptions) (*fftPlan, error) {
	p := &fftPlan{dtype: o.precision.ComplexDType(), o: o}
	rank := 1
	var err error
	if o.shape != "" {
		if p.shape, err = cliutil.ParseInts("--shape", o.shape, 1); err != nil {
			return nil, err
		}
		rank = len(p.shape)
	}
	if p.axes, err = cliutil.ParseAxes(o.axes, rank); err != nil {
		return nil, err
	}
	if o.pad != "" {
		if p.pad, err = cliutil.ParseInts("--pad", o.pad, 1); err != nil {
			return nil, err
		}
		if len(p.pad) != 1 && len(p.pad) != len(p.axes) {
			return nil, fmt.Errorf("--pad %s: %d lengths for %d transformed axes (give one, or one per axis)", o.pad, len(p.pad), len(p.axes))
		}
	}
	if p.shape != nil {
		if err := p.padShape(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// padShape works out the padded shape from the shape.
func (p *fftPlan) padShape() error {
	p.padded = slices.Clone(p.shape)
	for i, a := range p.axes {
		switch {
		case p.o.pow2:
			p.padded[a] = nextPow2(p.shape[a])
		case p.pad != nil:
			m := p.pad[min(i, len(p.pad)-1)]
			if m < p.shape[a] {
				return fmt.Errorf("--pad %s: %d is shorter than the %d values on axis %d (--pad only adds zeros)", p.o.pad, m, p.shape[a], a)
			}
			p.padded[a] = m
		}
	}
	return nil
}

// setLength completes the plan with the number of values read.
func (p *fftPlan) setLength(n int, in string) error {
	if p.shape == nil {
		p.shape = []int{n}
		return p.padShape()
	}
	if m := cliutil.ShapeSize(p.shape); m != float64(n) {
		return fmt.Errorf("--shape %s holds %.0f values, and %s has %d", p.o.shape, m, displayName(in), n)
	}
	return nil
}

// inputLimit returns how many values the input may hold, refusing at once
// a plan whose arrays cannot fit the device. Where the shape is not known
// before reading, the limit is the most values whose arrays (the input,
// the output and a temporary array, each at least as long as the input)
// fit: a larger input is refused as soon as it is read that far.
func (p *fftPlan) inputLimit(params *cluda.DeviceParams) (inputLimit, error) {
	if p.shape != nil {
		if err := p.checkFits(params); err != nil {
			return inputLimit{}, err
		}
		n := int(cliutil.ShapeSize(p.shape))
		return inputLimit{max: n, tooMany: func(name string) error {
			return fmt.Errorf("%s has more values than --shape %s holds (%d)", name, p.o.shape, n)
		}}, nil
	}
	elem := float64(p.dtype.Size())
	maxAlloc, total := cliutil.DeviceMemory(params)
	perArray, all := maxAlloc/int64(elem), total/int64(elem)
	if p.pad != nil {
		// One axis: the output and the temporary array have the padded
		// length, and the input no more than that.
		m := int64(p.pad[0])
		if err := cliutil.CheckFits(params, elem, elem*float64(m), elem*float64(m)); err != nil {
			return inputLimit{}, err
		}
		if n := min(perArray, all-2*m); n < m {
			return deviceLimit(params, int(n)), nil
		}
		return inputLimit{max: int(m), tooMany: func(name string) error {
			return fmt.Errorf("--pad %s: %s has more than %d values (--pad only adds zeros)", p.o.pad, name, m)
		}}, nil
	}
	return deviceLimit(params, int(min(perArray, all/3))), nil
}

// checkFits returns an error unless the arrays of the transform fit the
// device: the input, the output and a temporary array for transforms of
// several passes. The shape must be known.
func (p *fftPlan) checkFits(params *cluda.DeviceParams) error {
	elem := float64(p.dtype.Size())
	in, out := elem*cliutil.ShapeSize(p.shape), elem*cliutil.ShapeSize(p.padded)
	return cliutil.CheckFits(params, in, out, out)
}

// deviceLimit is the limit of n values that the device's memory sets.
func deviceLimit(params *cluda.DeviceParams, n int) inputLimit {
	return inputLimit{max: n, tooMany: func(name string) error {
		maxAlloc, total := cliutil.DeviceMemory(params)
		return fmt.Errorf("%s has more than %d values: more than %s can transform at once (%s of memory, at most %s in one array; the transform needs the input, the output and a temporary array); transform less data, or use a device with more memory",
			name, n, params.Name, cliutil.BytesString(total), cliutil.BytesString(maxAlloc))
	}}
}
