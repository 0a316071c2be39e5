package fft_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// fftCase is one transform checked against the float64 reference.
type fftCase struct {
	shape, axes []int
	dt          dtypes.DType
	long        bool // skipped under -short
}

func (c fftCase) name() string {
	return fmt.Sprintf("%v/%v/axes%v", c.dt, c.shape, c.axes)
}

func oneD(dt dtypes.DType, long bool, ns ...int) []fftCase {
	var out []fftCase
	for _, n := range ns {
		out = append(out, fftCase{shape: []int{n}, dt: dt, long: long})
	}
	return out
}

// accuracyCases returns the transforms TestFFTAccuracy checks on a device
// (a GPU when gpu is set).
func accuracyCases(gpu bool) []fftCase {
	c64, c128 := dtypes.Complex64, dtypes.Complex128
	var cases []fftCase
	// Every length from 1 to 64; CI runs a representative part of them.
	for n := 1; n <= 64; n++ {
		cases = append(cases, fftCase{shape: []int{n}, dt: c64, long: n > 17 && n%4 != 0 && n != 31 && n != 61})
	}
	// Powers of two up to 2^20.
	for p := 7; p <= 20; p++ {
		cases = append(cases, fftCase{shape: []int{1 << p}, dt: c64, long: p > 12 && p != 16 && p != 20})
	}
	// Products of 2, 3, 5 and 7.
	cases = append(cases, oneD(c64, false, 105, 1000, 1536, 2187, 6144)...)
	cases = append(cases, oneD(c64, true, 10000, 15625, 16807, 100000, 3*5*7*11*13)...)
	// Primes and lengths one below powers of two (Bluestein).
	cases = append(cases, oneD(c64, false, 17, 97, 1009, 255, 4095)...)
	cases = append(cases, oneD(c64, true, 65537, 63, 511, 2047)...)
	if gpu {
		// Plans that only GPUs with opt-in local memory make: 12288
		// points in one pass of 1024 work-items, and Bluestein's algorithm
		// over 16384 points in one kernel. A CPU device plans these
		// lengths as others of this list.
		cases = append(cases, oneD(c64, true, 12288, 4099, 8191)...)
	}
	// Batches: of 1, odd, large.
	cases = append(cases,
		fftCase{shape: []int{1, 256}, axes: []int{1}, dt: c64},
		fftCase{shape: []int{7, 100}, axes: []int{1}, dt: c64},
		fftCase{shape: []int{4096, 64}, axes: []int{1}, dt: c64},
		fftCase{shape: []int{333, 97}, axes: []int{1}, dt: c64, long: true},
	)
	// Two and three dimensions, subsets of axes, non-contiguous axes.
	cases = append(cases,
		fftCase{shape: []int{64, 48}, dt: c64},
		fftCase{shape: []int{128, 12}, axes: []int{0}, dt: c64},
		fftCase{shape: []int{17, 30}, axes: []int{0}, dt: c64},
		fftCase{shape: []int{12, 10, 8}, dt: c64},
		fftCase{shape: []int{6, 20, 9}, axes: []int{0, 2}, dt: c64},
		fftCase{shape: []int{5, 1, 33}, axes: []int{2, 1}, dt: c64},
		fftCase{shape: []int{3, 4096, 5}, axes: []int{1}, dt: c64},
		fftCase{shape: []int{2, 3, 5, 7}, axes: []int{3, 1}, dt: c64, long: true},
	)
	// Double precision on a representative subset.
	cases = append(cases, oneD(c128, false, 1, 2, 3, 16, 60, 97, 1024, 4096, 1009, 65536)...)
	cases = append(cases,
		fftCase{shape: []int{30, 40}, dt: c128},
		fftCase{shape: []int{1 << 18}, dt: c128, long: true},
		fftCase{shape: []int{65537}, dt: c128, long: true},
	)
	return cases
}

func TestFFTAccuracy(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, c := range accuracyCases(!thr.Params().IsCPU()) {
		t.Run(c.name(), func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("long case")
			}
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision on this device")
			}
			for _, inverse := range []bool{false, true} {
				e := runFFT(t, thr, c.dt, c.shape, c.axes, inverse, uint64(i))
				t.Logf("%s inverse=%v error %.3g", c.name(), inverse, e)
				if !(e <= tolerance(c.dt)) {
					t.Errorf("inverse=%v: relative error %.3g above %.0g", inverse, e, tolerance(c.dt))
				}
			}
		})
	}
}
