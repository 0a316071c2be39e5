package computations_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// contractCase builds one computation of the package's contract (see the
// package documentation) over arrays of rank 3 with the given axes and
// returns the axes it reports, counted from the start.
type contractCase struct {
	name   string
	prefix string // the package's prefix of its errors
	build  func(t core.Type, axes []int) ([]int, error)
	real   bool // the computation takes real arrays
}

// contractCases are every constructor of packages computations and
// computations/fft that takes axes or an axis.
func contractCases() []contractCase {
	sum := func(t core.Type) *computations.Predicate {
		dt := t.DType()
		if !dt.Valid() {
			dt = dtypes.Float32 // the type's own check comes first
		}
		return comptest.Must(computations.PredicateSum(dt))
	}
	single := func(axes []int) int {
		if len(axes) == 0 {
			return 99 // no single axis: out of range
		}
		return axes[0]
	}
	return []contractCase{
		{"FFT", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewFFT(t, axes, fft.FFTOptions{})
			return axesOf(c, err)
		}, false},
		{"RFFT", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewRFFT(t, axes, fft.RFFTOptions{})
			return axesOf(c, err)
		}, true},
		{"IRFFT", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewIRFFT(t, axes, fft.IRFFTOptions{})
			return axesOf(c, err)
		}, false},
		{"DCT", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewDCT(t, axes, fft.DCTOptions{})
			return axesOf(c, err)
		}, true},
		{"DST", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewDST(t, axes, fft.DCTOptions{Type: 4})
			return axesOf(c, err)
		}, true},
		{"Convolve", "fft", func(t core.Type, axes []int) ([]int, error) {
			c, err := fft.NewConvolve(t, t, axes, fft.ConvolveCircular, fft.ConvolveOptions{})
			return axesOf(c, err)
		}, false},
		{"Reduce", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewReduce(t, sum(t), axes, computations.ReduceOptions{})
			return axesOf(c, err)
		}, false},
		{"Scan", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewScan(t, sum(t), axes, computations.ScanOptions{})
			return axesOf(c, err)
		}, false},
		{"EntrywiseNorm", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewEntrywiseNorm(t, axes, computations.EntrywiseNormOptions{})
			return axesOf(c, err)
		}, false},
		{"FFTShift", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewFFTShift(t, axes, computations.FFTShiftOptions{})
			return axesOf(c, err)
		}, false},
		{"DHT", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewDHT(t, computations.DHTOptions{Axes: axes})
			return axesOf(c, err)
		}, false},
		{"Roll", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewRoll(t, single(axes), computations.RollOptions{})
			if err != nil {
				return nil, err
			}
			return []int{c.Axis()}, nil
		}, false},
		{"RollInPlace", "computations", func(t core.Type, axes []int) ([]int, error) {
			c, err := computations.NewRollInPlace(t, single(axes), computations.RollOptions{})
			if err != nil {
				return nil, err
			}
			return []int{c.Axis()}, nil
		}, false},
	}
}

// axesOf returns c's axes, or err.
func axesOf(c interface{ Axes() []int }, err error) ([]int, error) {
	if err != nil {
		return nil, err
	}
	return c.Axes(), nil
}

// TestContract feeds every constructor that takes axes a negative axis,
// which counts from the end, and axes out of range, repeated, or of a
// scalar, which each give an error of the one style: the package and the
// computation named once, then what is wrong.
func TestContract(t *testing.T) {
	for _, c := range contractCases() {
		t.Run(c.name, func(t *testing.T) {
			dt := dtypes.Complex64
			if c.real {
				dt = dtypes.Float32
			}
			typ := core.ArrayOf(dt, 4, 6, 8)
			got, err := c.build(typ, []int{-1})
			if err != nil {
				t.Fatalf("axis -1: %v", err)
			}
			if !slices.Equal(got, []int{2}) {
				t.Errorf("axis -1: Axes() = %v, want [2]", got)
			}
			for _, bad := range []struct {
				what string
				typ  core.Type
				axes []int
				says string
			}{
				{"axis out of range", typ, []int{3}, "axis 3 is out of range"},
				{"negative axis out of range", typ, []int{-4}, "axis -4 is out of range"},
				{"scalar", core.ScalarOf(dt), []int{0}, ""},
				{"negative length", core.ArrayOf(dt, 4, -6, 8), []int{0}, ""},
				{"invalid dtype", core.ArrayOf(dtypes.Invalid, 4, 6, 8), []int{0}, ""},
			} {
				_, err := c.build(bad.typ, bad.axes)
				if err == nil {
					t.Errorf("%s: no error", bad.what)
					continue
				}
				checkErrorStyle(t, bad.what, err, c.prefix, c.name, bad.says)
			}
			if c.name == "Roll" || c.name == "RollInPlace" {
				return // one axis: none to repeat
			}
			_, err = c.build(typ, []int{1, -2})
			if err == nil {
				t.Fatal("axes 1 and -2, the same axis: no error")
			}
			checkErrorStyle(t, "repeated axis", err, c.prefix, c.name, "repeated")
		})
	}
}

// checkErrorStyle checks that err reads "PREFIX: NAME..." with each
// package prefix once, and says says.
func checkErrorStyle(t *testing.T, what string, err error, prefix, name, says string) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix+": "+name) {
		t.Errorf("%s: error %q, want one that starts %q", what, msg, prefix+": "+name)
	}
	for _, p := range []string{"computations: ", "fft: ", "core: "} {
		if strings.Count(msg, p) > 1 || (p != prefix+": " && strings.Contains(msg, p)) {
			t.Errorf("%s: error %q names a package other than %s, or twice", what, msg, prefix)
		}
	}
	if !strings.Contains(msg, says) {
		t.Errorf("%s: error %q, want one that says %q", what, msg, says)
	}
}
