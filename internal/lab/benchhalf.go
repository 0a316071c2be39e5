package lab

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
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

// halfCheckElements is the number of elements of the rows that the check
// before timing compares with the float64 reference: enough rows to catch
// a wrong batch stride, few enough for the host to transform at once.
const halfCheckElements = 1 << 16

// Check tolerances, relative L2 against a float64 FFT of the input the
// device read. The complex64 FFT is held to the bound of the FFT tests.
// The half-storage FFT reads halves exactly, computes in float32 and rounds
// each output element to a half, which moves it by at most 2^-11 of its
// magnitude, and so the output's relative L2 by at most as much; the
// float32 FFT adds its own bound.
const (
	halfCheckTolComplex64 = 1e-6
	halfCheckTolHalf      = 0x1p-11 + halfCheckTolComplex64
)

// benchHalf times, for each length of halfLengths, a batched C2C FFT of
// complex64 arrays and the same FFT reading and writing complex32 arrays
// through FromHalf and ToHalf, of the same number of elements, after
// checking each against a float64 reference.
func benchHalf(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[int, *halfReport]{
		mode: "half", what: "half-precision FFT", otherMiB: caseDefaultMiB, cases: selectHalfLengths,
		// Variant 0 is the complex64 FFT, variant 1 the half-storage one.
		label: func(n, _ int) string {
			return fmt.Sprintf("FFT of length %d", n)
		},
		report: func(h runHeader, mib, copyGBs float64) *halfReport {
			return &halfReport{runHeader: h, MiB: mib, CopyGBs: copyGBs, Build: readBuildInfo()}
		},
		measure: func(b *bencher, rep *halfReport, n int, v int) {
			// --mib is the size of a complex32 array.
			elements := max(int(o.MiB*(1<<20))/dtypes.Complex32.Size(), 1)
			shape := []int{max(elements/n, 1), n}
			rep.Rows = append(rep.Rows, b.measureHalf(shape, v == 1, rep.CopyGBs))
		},
		done: (*halfReport).ratios,
	})
}

// measureHalf checks and times the batched FFT of shape over its last axis:
// of complex64 arrays, or where half, of complex32 arrays through FromHalf
// and ToHalf. The rates count the bytes of the input and the output, and
// copyGBs is the device's copy bandwidth.
func (b *bencher) measureHalf(shape []int, half bool, copyGBs float64) halfRow {
	n := shape[1]
	dt, name := dtypes.Complex64, halfCaseName(n)
	if half {
		dt, name = dtypes.Complex32, name+halfSuffix
	}
	bytes := 2 * int64(shape[0]*n) * int64(dt.Size())
	b.arrayBytes = bytes / 2
	r := halfRow{N: n}
	build := func() (*core.Computation, error) {
		return halfFFT(shape, half)
	}
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		r.RelL2, err = checkHalfFFT(call, sets[0], shape, half)
		return err
	}
	r.algoRow = b.measureCase(name, dt, shape, false, build, check)
	r.DType = dt.String()
	r.derive(bytes, copyGBs)
	return r
}

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

// checkHalfFFT runs call once on args, its output poisoned first, and
// compares the first rows of the output with the float64 FFT of the first
// rows of the input. It returns the relative L2 error; a wrong output is a
// *wrongResultError.
func checkHalfFFT(call *core.Callable, args []any, shape []int, half bool) (float64, error) {
	var in, out *cluda.Array
	for i, p := range call.Signature() {
		switch p.Role() {
		case core.Input:
			in, _ = args[i].(*cluda.Array)
		case core.Output:
			out, _ = args[i].(*cluda.Array)
		}
	}
	if in == nil || out == nil {
		return 0, fmt.Errorf("the FFT has no input or output array")
	}
	if err := out.Fill(complex(math.NaN(), math.NaN())); err != nil {
		return 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return 0, fmt.Errorf("the checked call: %w", err)
	}
	rows := min(shape[0], max(halfCheckElements/shape[1], 1))
	x, err := readComplexRows(in, rows)
	if err != nil {
		return 0, fmt.Errorf("reading the input: %w", err)
	}
	y, err := readComplexRows(out, rows)
	if err != nil {
		return 0, fmt.Errorf("reading the output: %w", err)
	}
	tol := halfCheckTolComplex64
	if half {
		tol = halfCheckTolHalf
	}
	c := cliutil.Compare(y, reference.FFTN(x, []int{rows, shape[1]}, []int{1}, false), tol)
	if !(c.RelL2 <= tol) {
		return c.RelL2, &wrongResultError{fmt.Errorf("relative L2 error %.3g of the first %d rows, above %.3g", c.RelL2, rows, tol)}
	}
	return c.RelL2, nil
}

// readComplexRows returns the first rows of a 2-D array of complex64 or
// complex32 as complex128.
func readComplexRows(a *cluda.Array, rows int) ([]complex128, error) {
	v, err := a.Slice(0, 0, rows, 1)
	if err != nil {
		return nil, err
	}
	if a.DType() == dtypes.Complex32 {
		hs, err := cluda.Read[dtypes.HalfComplex](v)
		if err != nil {
			return nil, err
		}
		out := make([]complex128, len(hs))
		for i, h := range hs {
			out[i] = complex128(h.Complex64())
		}
		return out, nil
	}
	cs, err := cluda.Read[complex64](v)
	if err != nil {
		return nil, err
	}
	return cliutil.Widen(cs), nil
}
