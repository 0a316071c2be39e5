package lab

import (
	"errors"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// shapeCase is the one multi-dimensional FFT that bench --shape times: an
// array of exactly shape, transformed over axes, with the other axes the
// batch.
type shapeCase struct {
	shape, axes []int
}

// shapeCase parses --shape and --axes, and returns an error where other
// options that only a sweep of lengths uses are given with them. It turns
// the CPU comparison off, which --shape does not do.
func (o *Options) shapeCase() (*shapeCase, error) {
	err := o.deviceOnly([]flagConflict{
		{"sizes", "--shape and --sizes both say what to transform; give one of them"},
		{"mib", "--mib has no meaning with --shape: the array is exactly that shape"},
		{"pipeline", "--pipeline times 1-D lengths only; it cannot be combined with --shape"},
		{"plot", "--plot draws a sweep of lengths; with --shape there is one case (--json records it)"},
	}, "--shape times the device only: the CPU comparison (--cpu) covers 1-D lengths; leave --cpu out")
	if err != nil {
		return nil, err
	}
	shape, err := cliutil.ParseInts("--shape", o.Shape, 1)
	if err != nil {
		return nil, err
	}
	axes, err := cliutil.ParseAxes(o.Axes, len(shape))
	if err != nil {
		return nil, err
	}
	return &shapeCase{shape: shape, axes: axes}, nil
}

// flagConflict is a flag that a kind of benchmark does not take, and why.
type flagConflict struct{ flag, why string }

// deviceOnly returns the error of the first of conflicts whose flag is
// given, or cpuWhy where --cpu is given true, for a benchmark that times
// the device only, and turns the CPU comparison off.
func (o *Options) deviceOnly(conflicts []flagConflict, cpuWhy string) error {
	for _, c := range conflicts {
		if o.Given[c.flag] {
			return errors.New(c.why)
		}
	}
	if o.Given["cpu"] && o.CPU {
		return errors.New(cpuWhy)
	}
	o.CPU = false
	return nil
}

// measureShape times the FFT of an array of the given shape over axes. The
// row's N is the number of points of one transform, the product of the
// lengths of the axes, and its batch the product of the other lengths.
func (b *bencher) measureShape(shape, axes []int) (benchResult, error) {
	n := transformLength(shape, axes)
	size := transformLength(shape, cliutil.AllAxes(len(shape)))
	r := benchResult{N: n, Batch: size / n, Bytes: int64(size) * int64(b.dt.Size()), Shape: shape, Axes: axes}
	kernel, wall, plan, err := b.timeFFT(shape, axes, pipeline{}, &r.Kernels, nil)
	if err != nil {
		return r, err
	}
	r.setTimes(kernel, wall, plan)
	return r, nil
}
