package lab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// algoFullMiB is the --mib at which the algorithm cases have their own
// sizes (those of scripts/torch_algos_bench.py); a smaller --mib shrinks
// them.
const algoFullMiB = 512

// algoMinSide is the length below which shrinking leaves an axis alone.
const algoMinSide = 16

// algoScale is the constant the transformation of a "+scale" case
// multiplies the input by: a power of two, so that the scaled reference
// values are exact.
const algoScale = 0.5

// algoKind is what an algorithm case computes.
type algoKind int

const (
	algoPermute  algoKind = iota // numpy.transpose with axes
	algoSum                      // a sum over axes
	algoCumsum                   // an inclusive prefix sum along the last axis
	algoFFTShift                 // numpy.fft.fftshift over every axis
)

// algoCase is one workload of the algorithm benchmark, named and sized as
// PyTorch's counterpart in scripts/torch_algos_bench.py.
type algoCase struct {
	name  string
	kind  algoKind
	dt    dtypes.DType
	shape []int // at algoFullMiB
	axes  []int // the permutation, or the summed axes (nil: all)
}

// algoCases are the cases in the order they run.
var algoCases = []algoCase{
	{"transpose_c64_8192x8192", algoPermute, dtypes.Complex64, []int{8192, 8192}, []int{1, 0}},
	{"transpose_f32_16384x8192", algoPermute, dtypes.Float32, []int{16384, 8192}, []int{1, 0}},
	{"permute201_c64_256x256x256", algoPermute, dtypes.Complex64, []int{256, 256, 256}, []int{2, 0, 1}},
	{"sum_f32_2^27", algoSum, dtypes.Float32, []int{1 << 27}, nil},
	{"sum_rows_f32_8192x16384", algoSum, dtypes.Float32, []int{8192, 16384}, []int{1}},
	{"sum_cols_f32_8192x16384", algoSum, dtypes.Float32, []int{8192, 16384}, []int{0}},
	{"cumsum_f32_2^27", algoCumsum, dtypes.Float32, []int{1 << 27}, nil},
	{"cumsum_rows_f32_8192x16384", algoCumsum, dtypes.Float32, []int{8192, 16384}, nil},
	{"fftshift_c64_8192x8192", algoFFTShift, dtypes.Complex64, []int{8192, 8192}, nil},
}

// algoCaseNames returns the names of the cases.
func algoCaseNames() []string {
	names := make([]string, len(algoCases))
	for i, c := range algoCases {
		names[i] = c.name
	}
	return names
}

// selectAlgoCases returns the cases named in list (comma-separated, "" for
// all), in the order given.
func selectAlgoCases(list string) ([]algoCase, error) {
	if list == "" {
		return algoCases, nil
	}
	var cs []algoCase
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(algoCases, func(c algoCase) bool { return c.name == name })
		if i < 0 {
			return nil, fmt.Errorf("--cases: unknown case %q (the cases are %s)", name, strings.Join(algoCaseNames(), ", "))
		}
		cs = append(cs, algoCases[i])
	}
	return cs, nil
}

// sizedShape returns the case's shape at mib MiB per array: its own at
// algoFullMiB, and otherwise smaller by the power of two nearest to
// algoFullMiB/mib, taken from the leading axes first and leaving every
// axis at least algoMinSide long where it was.
func (c algoCase) sizedShape(mib float64) []int {
	shape := slices.Clone(c.shape)
	shrink := 1 << max(int(math.Round(math.Log2(algoFullMiB/mib))), 0)
	for i := range shape {
		for shrink > 1 && shape[i]%2 == 0 && shape[i]/2 >= algoMinSide {
			shape[i] /= 2
			shrink /= 2
		}
	}
	return shape
}

// movedBytes returns the bytes a call reads and writes, counted as the
// PyTorch script counts them: a reduction reads its input (its output is
// negligible); the other cases read and write one array.
func (c algoCase) movedBytes(shape []int) int64 {
	bytes := int64(core.ArrayOf(c.dt, shape...).Size()) * int64(c.dt.Size())
	if c.kind == algoSum {
		return bytes
	}
	return 2 * bytes
}

// computation returns the case's computation for an input of shape, with
// a scale transformation on its input where scaled.
func (c algoCase) computation(shape []int, scaled bool) (*core.Computation, error) {
	t := core.ArrayOf(c.dt, shape...)
	var comp *core.Computation
	switch c.kind {
	case algoPermute:
		tr, err := computations.NewTranspose(t, c.axes, computations.TransposeOptions{})
		if err != nil {
			return nil, err
		}
		comp = tr.Computation
	case algoSum, algoCumsum:
		sum, err := computations.PredicateSum(c.dt)
		if err != nil {
			return nil, err
		}
		if c.kind == algoSum {
			rd, err := computations.NewReduce(t, sum, c.axes, computations.ReduceOptions{})
			if err != nil {
				return nil, err
			}
			comp = rd.Computation
		} else {
			sc, err := computations.NewScan(t, sum, []int{len(shape) - 1}, computations.ScanOptions{})
			if err != nil {
				return nil, err
			}
			comp = sc.Computation
		}
	case algoFFTShift:
		s, err := computations.NewFFTShift(t, nil, computations.FFTShiftOptions{})
		if err != nil {
			return nil, err
		}
		comp = s.Computation
	}
	if scaled {
		scale, err := transformations.MulConst(t, algoScale)
		if err != nil {
			return nil, err
		}
		if err := comp.Connect("input", scale, "output", map[string]string{"input": "unscaled"}); err != nil {
			return nil, fmt.Errorf("connecting the scale: %w", err)
		}
	}
	return comp, nil
}
