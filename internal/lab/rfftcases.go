package lab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

const (
	// rfftSampleRows is how many rows of a real FFT's output are compared
	// with a float64 reference: the first, the last and some between.
	rfftSampleRows = 4
	// rfftTolerance bounds the relative L2 error of a float32 row: that of
	// the complex FFT's tests.
	rfftTolerance = 1e-6
)

// rfftCase is one workload of the real FFT benchmark, named and sized as
// PyTorch's counterpart in scripts/torch_rfft_bench.py: float32 rows of
// length n, as many as fill algoFullMiB of input.
type rfftCase struct {
	name string
	n    int
}

// rfftCases are the cases in the order they run.
var rfftCases = []rfftCase{
	{"rfft_f32_1024", 1 << 10},
	{"rfft_f32_4096", 1 << 12},
	{"rfft_f32_65536", 1 << 16},
	{"rfft_f32_2^20", 1 << 20},
}

// rfftLengthPrefix starts the name of a real FFT case of any length:
// rfft_f32_N, float32 rows of N points, sized as the listed cases are.
const rfftLengthPrefix = "rfft_f32_"

// selectRFFTCases returns the cases named in list (comma-separated, ""
// for all), in the order given: the listed ones, and rfft_f32_N for any
// other length N from 2 on.
func selectRFFTCases(list string) ([]rfftCase, error) {
	all := slices.Clone(rfftCases)
	for _, name := range strings.Split(list, ",") {
		if slices.ContainsFunc(all, func(c rfftCase) bool { return c.name == name }) || !strings.HasPrefix(name, rfftLengthPrefix) {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(name, rfftLengthPrefix))
		if err != nil || n < 2 {
			return nil, fmt.Errorf("--cases: %q: a real FFT case of any length is %sN with a length N of 2 or more", name, rfftLengthPrefix)
		}
		all = append(all, rfftCase{name, n})
	}
	return selectCases(list, all, func(c rfftCase) string { return c.name }, "real FFT")
}

// sizedShape returns the case's input shape at mib MiB of input. Rows of
// a power of two shrink as the algorithm cases shrink, the rows first, then
// their length; rows of other lengths keep their length, as many as fill
// mib MiB (at least one).
func (c rfftCase) sizedShape(mib float64) []int {
	if c.n&(c.n-1) == 0 {
		return algoCase{shape: []int{(algoFullMiB << 20) / (4 * c.n), c.n}}.sizedShape(mib)
	}
	return []int{max(int(mib*(1<<20))/(4*c.n), 1), c.n}
}

// movedRFFTBytes returns the bytes a call on an input of shape reads and
// writes: the real input and the half spectrum, as the PyTorch script
// counts them.
func movedRFFTBytes(shape []int) int64 {
	return int64(shape[0]) * int64(4*shape[1]+8*(shape[1]/2+1))
}

// computation returns the case's RFFT of an input of shape.
func (c rfftCase) computation(shape []int) (*fft.RFFT, error) {
	return fft.NewRFFT(core.ArrayOf(dtypes.Float32, shape...), []int{1}, fft.RFFTOptions{})
}

// scaledComputation returns the case's RFFT with a scale on its input.
func (c rfftCase) scaledComputation(shape []int) (*fft.RFFT, error) {
	r, err := c.computation(shape)
	if err != nil {
		return nil, err
	}
	t := core.ArrayOf(dtypes.Float32, shape...)
	scale, err := transformations.MulConst(t, algoScale)
	if err != nil {
		return nil, err
	}
	if err := r.Connect("input", scale, "output", map[string]string{"input": "unscaled"}); err != nil {
		return nil, fmt.Errorf("connecting the scale: %w", err)
	}
	return r, nil
}

// checkRFFT compares rfftSampleRows rows of out, the half spectra of the
// real rows in (of shape) multiplied by scale, with a float64 reference,
// and returns the largest relative L2 error of a row.
func checkRFFT(shape []int, in []float32, out []complex64, scale float64) (float64, error) {
	rows, n := shape[0], shape[1]
	half := n/2 + 1
	return worstSampleError(rows, rfftSampleRows, rfftTolerance, "row %d", func(r int) float64 {
		x := make([]complex128, n)
		for k := range x {
			x[k] = complex(scale*float64(in[r*n+k]), 0)
		}
		want := reference.FFTN(x, []int{n}, []int{0}, false)[:half]
		got := make([]complex128, half)
		for k := range got {
			got[k] = complex128(out[r*half+k])
		}
		return cliutil.Compare(got, want, rfftTolerance).RelL2
	})
}
