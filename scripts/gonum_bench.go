//go:build ignore

// Command gonum_bench times gonum's FFT (dsp/fourier, complex128, on as
// many goroutines as GOMAXPROCS, each taking its share of the rows) and
// its matrix product (mat.Dense.Mul, float64, pure Go), the computations
// gonum has of those that scripts/cpu_rounds.py compares reikna on the
// CPU device with.
//
// Usage: go run scripts/gonum_bench.go [-fft 1024,4096,65536] [-mib 8]
// [-matmul 1024] [-json FILE]
//
// Each FFT length transforms a batch of rows that fill -mib MiB of
// complex64 (as reikna's run does; gonum computes in complex128). Each
// figure is the median of 10 timed calls (wall clock) after 2 warm-up
// calls.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/dsp/fourier"
	"gonum.org/v1/gonum/mat"
)

const warmUps, timed = 2, 10

// row is one timed case.
type row struct {
	Case     string  `json:"case"`
	MedianMS float64 `json:"median_ms"`
}

func main() {
	fftSizes := flag.String("fft", "1024,4096,65536", "FFT lengths")
	mib := flag.Float64("mib", 8, "MiB of complex64 per FFT batch")
	side := flag.Int("matmul", 1024, "side of the square float64 product")
	out := flag.String("json", "", "write the rows as JSON to this file")
	flag.Parse()
	var rows []row
	for _, f := range strings.Split(*fftSizes, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			log.Fatalf("-fft: %q is not a length", f)
		}
		batch := max(int(*mib*(1<<20))/(8*n), 1)
		rows = append(rows, row{fmt.Sprintf("fft_c128_%d", n), timeFFT(n, batch)})
	}
	if *side > 0 {
		rows = append(rows, row{fmt.Sprintf("matmul_f64_%d", *side), timeMul(*side)})
	}
	for _, r := range rows {
		fmt.Printf("%-20s %10.3f ms\n", r.Case, r.MedianMS)
	}
	if *out != "" {
		b, err := json.MarshalIndent(map[string]any{"library": "gonum v0.17.0", "goroutines": runtime.GOMAXPROCS(0), "rows": rows}, "", "  ")
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*out, b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// median returns the median time in milliseconds of timed runs of f after
// warm-up runs.
func median(f func()) float64 {
	for range warmUps {
		f()
	}
	ts := make([]float64, timed)
	for i := range ts {
		start := time.Now()
		f()
		ts[i] = float64(time.Since(start).Nanoseconds()) / 1e6
	}
	slices.Sort(ts)
	return ts[len(ts)/2]
}

// timeFFT times the FFT of batch rows of n points, the rows split among
// GOMAXPROCS goroutines, each with its own plan.
func timeFFT(n, batch int) float64 {
	workers := min(runtime.GOMAXPROCS(0), batch)
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]complex128, n*batch)
	for i := range x {
		x[i] = complex(rng.NormFloat64(), rng.NormFloat64())
	}
	y := make([]complex128, len(x))
	plans := make([]*fourier.CmplxFFT, workers)
	for i := range plans {
		plans[i] = fourier.NewCmplxFFT(n)
	}
	return median(func() {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := w; r < batch; r += workers {
					plans[w].Coefficients(y[r*n:(r+1)*n], x[r*n:(r+1)*n])
				}
			}()
		}
		wg.Wait()
	})
}

// timeMul times the product of two random side×side float64 matrices.
func timeMul(side int) float64 {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := mat.NewDense(side, side, nil), mat.NewDense(side, side, nil)
	for i := range side {
		for j := range side {
			a.Set(i, j, rng.Float64())
			b.Set(i, j, rng.Float64())
		}
	}
	var c mat.Dense
	return median(func() { c.Mul(a, b) })
}
