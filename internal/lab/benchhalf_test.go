package lab

import (
	"slices"
	"strconv"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchHalf runs the shortest and the longest length at a small size on
// the device and checks the table and the JSON: each length as a complex64
// FFT and as one of complex32 data, checked, timed, and the second's ratio
// to the first.
func TestBenchHalf(t *testing.T) {
	var rep halfReport
	runCaseBench(t, "--half --cases=c2c_4096,c2c_64", &rep, "c2c_4096+half", "complex32", "rel L2")
	var names, got []string
	for _, n := range []int{4096, 64} {
		name := "c2c_" + strconv.Itoa(n)
		names = append(names, name, name+halfSuffix)
	}
	for i, r := range rep.Rows {
		got = append(got, r.Case)
		half := i%2 == 1
		dtype, tol := "complex64", halfCheckTolComplex64
		if half {
			dtype, tol = "complex32", halfCheckTolHalf
		}
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0) ||
			r.DType != dtype || len(r.Shape) != 2 || r.Shape[1] != r.N || r.Shape[0]*r.N != 1<<16 ||
			!(r.RelL2 > 0 && r.RelL2 <= tol) || (r.Ratio > 0) != half {
			t.Errorf("row %+v", r)
		}
	}
	if !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
}

func TestBenchHalfErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--half", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--half", "--precision", "double"}, "--precision does not apply"},
		{[]string{"bench", "--half", "--random"}, "--half does not apply"},
		{[]string{"bench", "--algos", "--half"}, "--algos does not apply"},
		{[]string{"bench", "--half", "--cases", "c2c_64,c2c_100"}, `unknown case "c2c_100"`},
		{[]string{"bench", "--half", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--half", "--runs", "-1"}, "cannot be negative"},
	})
}
