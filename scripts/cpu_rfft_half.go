//go:build ignore

// Command cpu_rfft_half measures what the CPU device's real FFT can gain
// from the plan of the complex FFT of its half: the real FFT of float32
// rows of n points computed
//
//   - rfft: by the library's RFFT (its CPU plan);
//   - half: by the library's complex FFT of n/2 points over the same rows
//     read as complex64 (z[m] = x[2m] + i·x[2m+1], the bytes as they
//     lie), then one kernel of the twist that makes the n/2+1 outputs:
//     X[k] = (Z[k] + conj Z[n/2−k])/2 − i·w^k·(Z[k] − conj Z[n/2−k])/2,
//     w = exp(−2πi/n), Z[n/2] taken as Z[0];
//   - runs: the same FFT, then the twist with a work-item per run of
//     twistRun outputs of a row, as a loop over scalars (forward and
//     reversed consecutive loads) that LLVM's loop vectoriser can take.
//
// Usage: go run scripts/cpu_rfft_half.go [-n 65536] [-mib 8] [-rounds 5] [-runs 20]
//
// Each variant's output is checked against gonum's float64 transform of
// the same rows (relative L2 error) before any is timed. Each round times
// both variants (-runs calls after two warm-up calls, the queue finished
// after each, median wall time) in an order that alternates from round
// to round; the figures are the medians over the rounds and of the
// per-round ratios to rfft; the steps, fft, twist and twist-runs, are
// timed apart too. The variant half leaves the complex FFT's
// output in an array of its own and the twist reads it back: one more
// pass over memory than a twist fused into the FFT's last pass would take.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/dsp/fourier"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/lab"
)

// source holds the twist over rows of H = n/2 complex values into rows
// of H+1; one work-item per output k of a row, with the twiddles w^k in
// a table of H+1 values.
const source = `
__kernel void twist(__global const float2 *z, __global const float2 *w, __global float2 *out)
{
    const int k = get_global_id(0), row = get_global_id(1);
    __global const float2 *zr = z + (size_t)row * H;
    const float2 a = zr[k == H ? 0 : k];
    const float2 b = zr[k == 0 ? 0 : H - k];
    const float2 e = (float2)(0.5f * (a.x + b.x), 0.5f * (a.y - b.y)); /* (Z[k] + conj Z[H-k]) / 2 */
    const float2 o = (float2)(0.5f * (a.x - b.x), 0.5f * (a.y + b.y)); /* (Z[k] - conj Z[H-k]) / 2 */
    const float2 t = w[k];
    /* -i * t * o */
    const float2 to = (float2)(t.x * o.x - t.y * o.y, t.x * o.y + t.y * o.x);
    out[(size_t)row * (H + 1) + k] = (float2)(e.x + to.y, e.y - to.x);
}

/* The same twist with a work-item per run of RUN outputs of a row (k from
   1 to H-1; k = 0 and H by the first run), as a loop over scalars that
   LLVM's loop vectoriser can take (forward and reversed consecutive
   loads). */
__kernel void twist_runs(__global const float *z, __global const float *w, __global float *out)
{
    const int run = get_global_id(0), row = get_global_id(1);
    __global const float *zr = z + (size_t)row * 2 * H;
    __global float *o = out + (size_t)row * 2 * (H + 1);
    const int k0 = max(1, run * RUN), k1 = min(H, (run + 1) * RUN);
    for (int k = k0; k < k1; k++) {
        const float ax = zr[2 * k], ay = zr[2 * k + 1];
        const float bx = zr[2 * (H - k)], by = zr[2 * (H - k) + 1];
        const float ex = 0.5f * (ax + bx), ey = 0.5f * (ay - by);
        const float ox = 0.5f * (ax - bx), oy = 0.5f * (ay + by);
        const float tx = w[2 * k], ty = w[2 * k + 1];
        const float px = tx * ox - ty * oy, py = tx * oy + ty * ox;
        o[2 * k] = ex + py;
        o[2 * k + 1] = ey - px;
    }
    if (run == 0) {
        const float ax = zr[0], ay = zr[1];
        o[0] = ax + ay;
        o[1] = 0.0f;
        o[2 * H] = ax - ay;
        o[2 * H + 1] = 0.0f;
    }
}
`

// twistRun is the outputs of a row that a work-item of twist_runs takes.
const twistRun = 1024

// tolerance bounds the relative L2 error of a float32 transform of up to
// 2^20 points against float64 (the suite's for complex64 FFTs).
const tolerance = 1e-6

func main() {
	n := flag.Int("n", 65536, "the rows' length (even)")
	mib := flag.Int("mib", 8, "MiB of float32 input")
	rounds := flag.Int("rounds", 5, "interleaved rounds")
	runs := flag.Int("runs", 20, "timed calls of each variant in a round")
	flag.Parse()
	if *n < 4 || *n%2 != 0 {
		log.Fatalf("-n %d: an even length of at least 4", *n)
	}
	rows := max(*mib<<20/(4**n), 1)
	h := *n / 2
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	fmt.Printf("device: %s\n", thr.Params().Name)

	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float32, rows**n)
	for i := range x {
		x[i] = float32(2*rng.Float64() - 1)
	}
	want := make([]complex128, rows*(h+1))
	plan := fourier.NewFFT(*n)
	row := make([]float64, *n)
	for r := 0; r < rows; r++ {
		for i := range row {
			row[i] = float64(x[r**n+i])
		}
		copy(want[r*(h+1):], plan.Coefficients(nil, row))
	}

	// The same bytes as float32 rows and as complex64 rows of h values.
	zin := make([]complex64, rows*h)
	for i := range zin {
		zin[i] = complex(x[2*i], x[2*i+1])
	}
	twiddles := make([]complex64, h+1)
	for k := range twiddles {
		twiddles[k] = complex64(cmplx.Exp(complex(0, -2*math.Pi*float64(k)/float64(*n))))
	}
	dx, err := thr.ToDevice(x, rows, *n)
	check(err)
	defer dx.Release()
	dz, err := thr.ToDevice(zin, rows, h)
	check(err)
	defer dz.Release()
	dzf, err := thr.Empty([]int{rows, h}, dtypes.Complex64)
	check(err)
	defer dzf.Release()
	dw, err := thr.ToDevice(twiddles, h+1)
	check(err)
	defer dw.Release()
	out, err := thr.Empty([]int{rows, h + 1}, dtypes.Complex64)
	check(err)
	defer out.Release()

	r, err := fft.NewRFFT(core.ArrayOf(dtypes.Float32, rows, *n), []int{1}, fft.RFFTOptions{})
	check(err)
	rfft, err := r.Compile(thr)
	check(err)
	defer rfft.Release()
	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, rows, h), []int{1}, fft.FFTOptions{})
	check(err)
	cfft, err := f.Compile(thr)
	check(err)
	defer cfft.Release()
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: map[string]string{"H": fmt.Sprint(h), "RUN": fmt.Sprint(twistRun)}})
	check(err)
	defer prog.Release()
	twist, err := prog.Kernel("twist")
	check(err)
	twistRuns, err := prog.Kernel("twist_runs")
	check(err)
	runs2 := (h + twistRun - 1) / twistRun

	variants := []lab.Variant{
		{Name: "rfft", Call: func() error {
			if err := rfft.Call(out, dx); err != nil {
				return err
			}
			return thr.Synchronize()
		}},
		{Name: "half", Call: func() error {
			if err := cfft.Call(dzf, dz, int32(0)); err != nil {
				return err
			}
			if err := twist.Call([]int{h + 1, rows}, nil, dzf, dw, out); err != nil {
				return err
			}
			return thr.Synchronize()
		}},
		{Name: "runs", Call: func() error {
			if err := cfft.Call(dzf, dz, int32(0)); err != nil {
				return err
			}
			if err := twistRuns.Call([]int{runs2, rows}, nil, dzf, dw, out); err != nil {
				return err
			}
			return thr.Synchronize()
		}},
	}
	got := make([]complex64, rows*(h+1))
	for _, v := range variants {
		check(out.Fill(complex64(complex(math.NaN(), math.NaN()))))
		if err := v.Call(); err != nil {
			log.Fatalf("%s: %v", v.Name, err)
		}
		check(out.Get(got))
		var num, den float64
		for i, w := range want {
			d := cmplx.Abs(complex128(got[i]) - w)
			num += d * d
			den += cmplx.Abs(w) * cmplx.Abs(w)
		}
		e := math.Sqrt(num / den)
		fmt.Printf("%-5s relative L2 error %.2g (tolerance %.0g)\n", v.Name, e, tolerance)
		if !(e <= tolerance) {
			log.Fatalf("%s: relative error %.3g above %.3g", v.Name, e, tolerance)
		}
	}

	// Its two steps apart, timed but not checked.
	variants = append(variants, lab.Variant{Name: "fft", Call: func() error {
		if err := cfft.Call(dzf, dz, int32(0)); err != nil {
			return err
		}
		return thr.Synchronize()
	}}, lab.Variant{Name: "twist", Call: func() error {
		if err := twist.Call([]int{h + 1, rows}, nil, dzf, dw, out); err != nil {
			return err
		}
		return thr.Synchronize()
	}}, lab.Variant{Name: "twist-runs", Call: func() error {
		if err := twistRuns.Call([]int{runs2, rows}, nil, dzf, dw, out); err != nil {
			return err
		}
		return thr.Synchronize()
	}})
	times, ratios, err := lab.Rounds(variants, *rounds, *runs)
	check(err)
	fmt.Printf("real FFT of %d×%d float32, %d rounds of %d calls: median ms, time over rfft's (median of the rounds' ratios)\n", rows, *n, *rounds, *runs)
	for i, v := range variants {
		fmt.Printf("%-5s %8.3f ms %6.2f (rounds %.2f–%.2f)\n", v.Name, lab.Median(times[i]), lab.Median(ratios[i]), slices.Min(ratios[i]), slices.Max(ratios[i]))
	}
}

// check stops the program on an error.
func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
