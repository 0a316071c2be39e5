package fft_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// sampleLengths are the lengths TestFFTLengths checks by default, one of
// each kind the planner treats apart on a GPU: short rows of an odd radix,
// a prime butterfly above 16 (alone and with others), uneven register
// stages that stage their loads, of at most 8 registers and of four
// stages, a butterfly of 31 beside one of 17, Bluestein's algorithm for
// a larger prime factor, the butterfly of 43 beside one of 29 that CUDA
// takes from 256 points on (Bluestein's algorithm elsewhere), and above
// 2048 the wider butterflies of 37 (beside 23 and 3) and 59 (beside 17).
// (Each kernel takes about a second and a half to build on PoCL, those of
// 37 and 59 up to eight: the sample keeps the test within the suite's
// time.)
var sampleLengths = []int{23, 30, 143, 360, 527, 529, 1247, 1280, 2047, 2553, 4012, 4095}

// TestFFTLengths checks the FFT of complex64 rows of many lengths, forward
// and back, against the float64 reference: with the device's own plan,
// and (where the device is a CPU) with the plan a GPU of 48 KiB of local
// memory gets, so that the GPU's kernels run in CI. REIKNA_FFT_LENGTHS
// replaces the sample with a list of lengths and ranges ("2-4096,10007"),
// and REIKNA_FFT_MAX_PRIME plans every length with the butterflies up to
// that prime (fftplan.Tuning.MaxPrime), as CUDA's rule does from 256
// points with 47.
func TestFFTLengths(t *testing.T) {
	thr := cludatest.Thread(t)
	lengths := sampleLengths
	if spec := os.Getenv("REIKNA_FFT_LENGTHS"); spec != "" {
		var err error
		if lengths, err = parseLengths(spec); err != nil {
			t.Fatalf("REIKNA_FFT_LENGTHS: %v", err)
		}
	}
	maxPrime := 0
	if spec := os.Getenv("REIKNA_FFT_MAX_PRIME"); spec != "" {
		var err error
		if maxPrime, err = strconv.Atoi(spec); err != nil {
			t.Fatalf("REIKNA_FFT_MAX_PRIME: %v", err)
		}
	}
	tunings := []fft.FFTTuning{{MaxPrime: maxPrime}}
	if thr.Params().IsCPU() {
		tunings = append(tunings, fft.FFTTuning{LocalBytes: 48 << 10, MaxPrime: maxPrime})
	}
	for _, n := range lengths {
		for _, tuning := range tunings {
			t.Run(fmt.Sprintf("%d/local%dK", n, tuning.LocalBytes>>10), func(t *testing.T) {
				// A few rows, and at least two work-groups' worth of short
				// ones.
				shape := []int{max(4, 512/n), n}
				f, err := fft.NewTunedFFT(core.ArrayOf(dtypes.Complex64, shape...), []int{1}, fft.FFTOptions{}, tuning)
				if err != nil {
					t.Fatal(err)
				}
				if e := runPlanned(t, thr, f, dtypes.Complex64, shape, []int{1}, uint64(n)); !(e <= tolComplex64) {
					t.Errorf("relative error %.3g", e)
				}
			})
		}
	}
}

// parseLengths reads a comma-separated list of lengths and ranges A-B.
func parseLengths(spec string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("%q is not a length or a range of lengths", f)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("%q is not a range of lengths", f)
			}
		}
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
	}
	return out, nil
}
