package fft_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/reikna-go/reikna/computations/fft"
)

// TestR2RReferenceDump writes the reference of every type, norm and
// direction on a few lengths to the JSON file that REIKNA_R2R_DUMP names,
// for scripts/r2r_reference_check.py to compare with scipy.fft (skipped
// without it). That is how r2rRef was validated: against SciPy 1.10 on
// every case, with the orthonormal DST-II and III of later SciPy, which
// scale the last element (scipy gh-18452, fixed by gh-18613).
func TestR2RReferenceDump(t *testing.T) {
	path := os.Getenv("REIKNA_R2R_DUMP")
	if path == "" {
		t.Skip("REIKNA_R2R_DUMP names no file to write the reference to")
	}
	type c struct {
		Sine    bool
		Type    int
		Norm    string
		Inverse bool
		X, Y    []float64
	}
	var out []c
	for _, n := range []int{1, 2, 3, 5, 8} {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i*i%7) - 2.5 + 0.1*float64(i)
		}
		for _, sine := range []bool{false, true} {
			for typ := 1; typ <= 4; typ++ {
				if typ == 1 && !sine && n < 2 {
					continue
				}
				for _, norm := range []fft.R2RNorm{fft.NormBackward, fft.NormOrtho, fft.NormForward} {
					for _, inv := range []bool{false, true} {
						out = append(out, c{sine, typ, norm.String(), inv, x, r2rRef(sine, typ, norm, inv, x)})
					}
				}
			}
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
