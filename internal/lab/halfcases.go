package lab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// halfLengths are the transform lengths of bench --half.
var halfLengths = []int{64, 128, 256, 512, 1024, 2048, 4096}

// halfCaseName returns the name of the complex64 case of length n.
func halfCaseName(n int) string { return "c2c_" + strconv.Itoa(n) }

// selectHalfLengths returns the lengths of the cases named in list
// (comma-separated names of complex64 cases, "" for all), in the order
// given.
func selectHalfLengths(list string) ([]int, error) {
	if list == "" {
		return halfLengths, nil
	}
	var out []int
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(halfLengths, func(n int) bool { return halfCaseName(n) == name })
		if i < 0 {
			var names []string
			for _, n := range halfLengths {
				names = append(names, halfCaseName(n))
			}
			return nil, fmt.Errorf("--cases: unknown case %q (the half-precision FFT cases are %s, each timed also%s)",
				name, strings.Join(names, ", "), halfSuffix)
		}
		out = append(out, halfLengths[i])
	}
	return out, nil
}

// halfSuffix ends the name of the half-storage case of a length, whose
// bare case is the complex64 FFT.
const halfSuffix = "+half"

// halfFFT returns the forward FFT of complex64 arrays of shape over the last
// axis, with FromHalf on its input and ToHalf on its output where half.
func halfFFT(shape []int, half bool) (*core.Computation, error) {
	t := core.ArrayOf(dtypes.Complex64, shape...)
	f, err := fft.NewFFT(t, []int{1}, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	if !half {
		return f.Computation, nil
	}
	from, err := transformations.FromHalf(t)
	if err != nil {
		return nil, err
	}
	if err := f.Connect("input", from, "output", map[string]string{"input": "input_half"}); err != nil {
		return nil, fmt.Errorf("connecting FromHalf: %w", err)
	}
	to, err := transformations.ToHalf(t)
	if err != nil {
		return nil, err
	}
	if err := f.Connect("output", to, "input", map[string]string{"output": "output_half"}); err != nil {
		return nil, fmt.Errorf("connecting ToHalf: %w", err)
	}
	return f.Computation, nil
}
