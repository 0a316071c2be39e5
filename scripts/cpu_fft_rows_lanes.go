//go:build ignore

// Command cpu_fft_rows_lanes measures what the CPU device's FFT can gain
// from one pass over memory: a kernel whose work-item transforms 8 whole
// rows at once, their values in 8 lanes (real parts in the low half of a
// float16, imaginary parts in the high half, as the FFT's lanes kernel
// holds them) through every radix-4 stage of a Stockham FFT in private
// memory, reading the rows once and writing them once. reikna's CPU plan
// makes a pass over memory per stage instead (three for 1024 and 4096),
// each at close to the device's copy bandwidth.
//
// Usage: go run scripts/cpu_fft_rows_lanes.go [-sizes 1024,4096] [-mib 8] [-runs 20]
//
// Each length N (a power of 4) transforms the rows of -mib MiB of
// complex64 forward; the output is checked against gonum's FFT of every
// row in float64 (relative L2 error at most 1e-5) before it is timed. The
// figure is the median wall time of -runs calls after two warm-up calls,
// the queue finished after each; `reikna bench --cpu=false --sizes N
// --mib M` times reikna's plan of the same rows.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
	"gonum.org/v1/gonum/dsp/fourier"
)

// source is the kernel, for N defined as the rows' length and STAGES as
// log4(N): work-item g transforms rows 8g to 8g + 7.
const source = `
typedef float16 lanes; /* .lo: the real parts of 8 rows' values, .hi: the imaginary parts */

inline lanes times(lanes v, float2 w)
{
    return (lanes)(v.lo * w.x - v.hi * w.y, v.lo * w.y + v.hi * w.x);
}

inline lanes times_i(lanes v)
{
    return (lanes)(-v.hi, v.lo);
}

/* One radix-4 stage of the Stockham FFT (OTFFT's form): n points a
   sub-transform, s sub-transforms interleaved, from x into y; tw[k] is
   exp(-2 pi i k / N). */
inline void stage(const int n, const int s, const lanes *x, lanes *y, __global const float2 *tw)
{
    const int m = n / 4;
    for (int p = 0; p < m; p++) {
        const int t = p * (N / n);
        const float2 w1 = tw[t], w2 = tw[2 * t], w3 = tw[3 * t];
        for (int q = 0; q < s; q++) {
            const lanes a = x[q + s * p], b = x[q + s * (p + m)];
            const lanes c = x[q + s * (p + 2 * m)], d = x[q + s * (p + 3 * m)];
            const lanes apc = a + c, amc = a - c, bpd = b + d, jbmd = times_i(b - d);
            y[q + s * (4 * p + 0)] = apc + bpd;
            y[q + s * (4 * p + 1)] = times(amc - jbmd, w1);
            y[q + s * (4 * p + 2)] = times(apc - bpd, w2);
            y[q + s * (4 * p + 3)] = times(amc + jbmd, w3);
        }
    }
}

__kernel void fft_rows_lanes(__global float2 *out, __global const float2 *in, __global const float2 *tw)
{
    lanes x[N], y[N];
    const size_t row = get_global_id(0) * 8;
    __global const float2 *r = in + row * N;
    for (int k = 0; k < N; k++) {
        const float2 e0 = r[k], e1 = r[N + k], e2 = r[2 * N + k], e3 = r[3 * N + k];
        const float2 e4 = r[4 * N + k], e5 = r[5 * N + k], e6 = r[6 * N + k], e7 = r[7 * N + k];
        x[k] = (lanes)(e0.x, e1.x, e2.x, e3.x, e4.x, e5.x, e6.x, e7.x,
                       e0.y, e1.y, e2.y, e3.y, e4.y, e5.y, e6.y, e7.y);
    }
    int n = N, s = 1;
    for (int i = 0; i < STAGES; i++) {
        if (i % 2 == 0) {
            stage(n, s, x, y, tw);
        } else {
            stage(n, s, y, x, tw);
        }
        n /= 4;
        s *= 4;
    }
    const lanes *result = STAGES % 2 ? y : x;
    __global float2 *o = out + row * N;
    for (int k = 0; k < N; k++) {
        const lanes v = result[k];
        o[k] = (float2)(v.s0, v.s8);
        o[N + k] = (float2)(v.s1, v.s9);
        o[2 * N + k] = (float2)(v.s2, v.sa);
        o[3 * N + k] = (float2)(v.s3, v.sb);
        o[4 * N + k] = (float2)(v.s4, v.sc);
        o[5 * N + k] = (float2)(v.s5, v.sd);
        o[6 * N + k] = (float2)(v.s6, v.se);
        o[7 * N + k] = (float2)(v.s7, v.sf);
    }
}
`

// tolerance bounds the relative L2 error of a row against gonum's
// float64 FFT: float32 arithmetic over log4(N) radix-4 stages.
const tolerance = 1e-5

func main() {
	sizes := flag.String("sizes", "1024,4096", "row lengths, powers of 4")
	mib := flag.Int("mib", 8, "MiB of complex64 rows")
	runs := flag.Int("runs", 20, "timed calls")
	flag.Parse()
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	for _, field := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(field)
		stages := 0
		for m := n; m > 1 && m%4 == 0; m /= 4 {
			stages++
		}
		if err != nil || n < 4 || 1<<(2*stages) != n {
			log.Fatalf("-sizes: %q is not a power of 4", field)
		}
		rows := *mib << 20 / 8 / n
		if rows < 8 || rows%8 != 0 {
			log.Fatalf("-mib %d holds %d rows of %d: want a positive multiple of 8", *mib, rows, n)
		}
		if err := measure(thr, n, stages, rows, *runs); err != nil {
			log.Fatalf("N = %d: %v", n, err)
		}
	}
}

// measure checks and times the kernel on rows rows of n points.
func measure(thr *cluda.Thread, n, stages, rows, runs int) error {
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: map[string]string{
		"N": strconv.Itoa(n), "STAGES": strconv.Itoa(stages),
	}})
	if err != nil {
		return err
	}
	defer prog.Release()
	k, err := prog.Kernel("fft_rows_lanes")
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	data := make([]complex64, rows*n)
	for i := range data {
		data[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
	}
	tw := make([]complex64, n)
	for i := range tw {
		tw[i] = complex64(cmplx.Exp(complex(0, -2*math.Pi*float64(i)/float64(n))))
	}
	in, err := thr.ToDevice(data, rows, n)
	if err != nil {
		return err
	}
	defer in.Release()
	twd, err := thr.ToDevice(tw, n)
	if err != nil {
		return err
	}
	defer twd.Release()
	out, err := thr.Empty([]int{rows, n}, dtypes.Complex64)
	if err != nil {
		return err
	}
	defer out.Release()
	if err := out.Fill(complex64(complex(-7, 7))); err != nil {
		return err
	}
	call := func() error {
		if err := k.Call([]int{rows / 8}, []int{1}, out, in, twd); err != nil {
			return err
		}
		return thr.Synchronize()
	}
	if err := call(); err != nil {
		return err
	}
	got, err := cluda.Read[complex64](out)
	if err != nil {
		return err
	}
	fft := fourier.NewCmplxFFT(n)
	row := make([]complex128, n)
	worst := 0.0
	for r := 0; r < rows; r++ {
		for i := range row {
			row[i] = complex128(data[r*n+i])
		}
		want := fft.Coefficients(nil, row)
		var num, den float64
		for i, w := range want {
			d := complex128(got[r*n+i]) - w
			num += real(d)*real(d) + imag(d)*imag(d)
			den += real(w)*real(w) + imag(w)*imag(w)
		}
		worst = max(worst, math.Sqrt(num/den))
	}
	if !(worst <= tolerance) {
		return fmt.Errorf("relative L2 error %.3g of a row, above %g", worst, tolerance)
	}
	if err := call(); err != nil { // the second warm-up call
		return err
	}
	times := make([]float64, runs)
	for i := range times {
		start := time.Now()
		if err := call(); err != nil {
			return err
		}
		times[i] = float64(time.Since(start)) / 1e6
	}
	slices.Sort(times)
	fmt.Printf("N %5d  %5d rows  one pass, 8 rows a work-item: median %.2f ms (min %.2f)  worst row's relative L2 error %.2g\n",
		n, rows, times[len(times)/2], times[0], worst)
	return nil
}
