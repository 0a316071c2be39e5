package main

import (
	"fmt"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// algorithmComputation returns the algorithm render prints as what, on
// arrays of type t over axes (nil for the computation's default), and
// its title.
func algorithmComputation(what string, t core.Type, axes []int) (*core.Computation, string, error) {
	switch what {
	case "transpose":
		tr, err := computations.NewTranspose(t, axes, computations.TransposeOptions{})
		if err != nil {
			return nil, "", err
		}
		out, _ := tr.Parameter("output")
		return tr.Computation, fmt.Sprintf("The transpose of %s into %s (numpy.transpose with %s)", typeString(t), typeString(out.Type()), axesOrDefault(axes, "the axes reversed")), nil
	case "fftshift":
		fs, err := computations.NewFFTShift(t, axes, computations.FFTShiftOptions{})
		if err != nil {
			return nil, "", err
		}
		return fs.Computation, fmt.Sprintf("numpy.fft.fftshift of %s over %s (ifftshift with inverse != 0)", typeString(t), axesOrDefault(axes, "every axis")), nil
	case "sum", "cumsum":
		sum, err := computations.PredicateSum(t.DType())
		if err != nil {
			return nil, "", err
		}
		if what == "sum" {
			r, err := computations.NewReduce(t, sum, axes, computations.ReduceOptions{})
			if err != nil {
				return nil, "", err
			}
			return r.Computation, fmt.Sprintf("The sum of %s over %s", typeString(t), axesOrDefault(axes, "every axis")), nil
		}
		sc, err := computations.NewScan(t, sum, axes, computations.ScanOptions{})
		if err != nil {
			return nil, "", err
		}
		return sc.Computation, fmt.Sprintf("The inclusive prefix sums of %s over %s", typeString(t), axesOrDefault(axes, "every axis")), nil
	}
	return nil, "", fmt.Errorf("no algorithm %q", what)
}

// axesOrDefault names axes, or says what nil means.
func axesOrDefault(axes []int, none string) string {
	if axes == nil {
		return none
	}
	return cliutil.AxesString(axes)
}
