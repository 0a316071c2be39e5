//go:build ignore

// Command cpu_fft_rows_lanes measures what the CPU device's FFT can gain
// from one pass over memory: a kernel whose work-item transforms 8 whole
// rows at once, their values in 8 lanes (real parts in the low half of a
// float16, imaginary parts in the high half, as the FFT's lanes kernel
// holds them) through every stage of a Stockham FFT (radix 4, and one
// radix-2 stage where the length is not a power of 4) in private memory,
// reading the rows once and writing them once. reikna's CPU plan makes a
// pass over memory per stage instead (three for 1024 and 4096), each at
// close to the device's copy bandwidth.
//
// Usage: go run scripts/cpu_fft_rows_lanes.go [-sizes 1024,4096] [-real] [-double] [-mib 8] [-runs 20]
//
// Each length N (a power of 2) transforms the rows of -mib MiB of
// complex64 forward; with -real, rows of float32, as the complex transform
// of their N/2 even and odd values followed by the real transform's twist,
// writing N/2 + 1 values a row; with -double, in complex128 (float64)
// and double16 lanes. The output is checked against gonum's FFT of every
// row in float64 (relative L2 error at most 1e-5, 1e-12 with -double)
// before it is timed. The figure is the median wall time of -runs calls after two
// warm-up calls, the queue finished after each; `reikna bench --cpu=false
// --sizes N --mib M` and `reikna bench --rfft` time reikna's plans of the
// same rows.
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

// source holds the kernels, for M defined as the length of the complex
// transform (a power of 2), RADIX2 as 1 where log2(M) is odd (a radix-2
// stage first) and STAGES4 as the number of radix-4 stages: work-item g
// transforms rows 8g to 8g + 7. fft_rows_lanes transforms complex rows of
// M points; rfft_rows_lanes real rows of N = 2M points, as the complex
// transform of M points of their even and odd values followed by the
// real transform's twist, writing M + 1 values a row.
const source = `
#ifdef DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real_t;
typedef double2 cplx;
typedef double16 lanes; /* .lo: the real parts of 8 rows' values, .hi: the imaginary parts */
#else
typedef float real_t;
typedef float2 cplx;
typedef float16 lanes;
#endif

inline lanes times(lanes v, cplx w)
{
    return (lanes)(v.lo * w.x - v.hi * w.y, v.lo * w.y + v.hi * w.x);
}

inline lanes times_i(lanes v)
{
    return (lanes)(-v.hi, v.lo);
}

inline lanes conj_lanes(lanes v)
{
    return (lanes)(v.lo, -v.hi);
}

/* One radix-4 stage of the Stockham FFT (OTFFT's form): n points a
   sub-transform, s sub-transforms interleaved, from x into y; tw[k] is
   exp(-2 pi i k / M). */
inline void stage4(const int n, const int s, const lanes *x, lanes *y, __global const cplx *tw)
{
    const int m = n / 4;
    for (int p = 0; p < m; p++) {
        const int t = p * (M / n);
        const cplx w1 = tw[t], w2 = tw[2 * t], w3 = tw[3 * t];
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

/* One radix-2 stage, the first where log2(M) is odd. */
inline void stage2(const int n, const int s, const lanes *x, lanes *y, __global const cplx *tw)
{
    const int m = n / 2;
    for (int p = 0; p < m; p++) {
        const cplx w = tw[p * (M / n)];
        for (int q = 0; q < s; q++) {
            const lanes a = x[q + s * p], b = x[q + s * (p + m)];
            y[q + s * (2 * p + 0)] = a + b;
            y[q + s * (2 * p + 1)] = times(a - b, w);
        }
    }
}

/* transform runs every stage on x, y as scratch, and returns the buffer
   that holds the result. */
inline lanes *transform(lanes *x, lanes *y, __global const cplx *tw)
{
    int n = M, s = 1;
    lanes *from = x, *to = y;
    if (RADIX2) {
        stage2(n, s, from, to, tw);
        n /= 2;
        s *= 2;
        from = y;
        to = x;
    }
    for (int i = 0; i < STAGES4; i++) {
        stage4(n, s, from, to, tw);
        n /= 4;
        s *= 4;
        lanes *t = from;
        from = to;
        to = t;
    }
    return from;
}

/* load fills x with element k of 8 rows of M complex values, rows
   stride complex values apart. */
inline void load(lanes *x, __global const cplx *r, const size_t stride)
{
    for (int k = 0; k < M; k++) {
        const cplx e0 = r[k], e1 = r[stride + k], e2 = r[2 * stride + k], e3 = r[3 * stride + k];
        const cplx e4 = r[4 * stride + k], e5 = r[5 * stride + k], e6 = r[6 * stride + k], e7 = r[7 * stride + k];
        x[k] = (lanes)(e0.x, e1.x, e2.x, e3.x, e4.x, e5.x, e6.x, e7.x,
                       e0.y, e1.y, e2.y, e3.y, e4.y, e5.y, e6.y, e7.y);
    }
}

/* store writes v as element k of 8 rows stride complex values apart. */
inline void store(__global cplx *o, const size_t stride, const int k, const lanes v)
{
    o[k] = (cplx)(v.s0, v.s8);
    o[stride + k] = (cplx)(v.s1, v.s9);
    o[2 * stride + k] = (cplx)(v.s2, v.sa);
    o[3 * stride + k] = (cplx)(v.s3, v.sb);
    o[4 * stride + k] = (cplx)(v.s4, v.sc);
    o[5 * stride + k] = (cplx)(v.s5, v.sd);
    o[6 * stride + k] = (cplx)(v.s6, v.se);
    o[7 * stride + k] = (cplx)(v.s7, v.sf);
}

__kernel void fft_rows_lanes(__global cplx *out, __global const cplx *in, __global const cplx *tw)
{
    lanes x[M], y[M];
    const size_t row = get_global_id(0) * 8;
    load(x, in + row * M, M);
    const lanes *result = transform(x, y, tw);
    __global cplx *o = out + row * M;
    for (int k = 0; k < M; k++)
        store(o, M, k, result[k]);
}

/* rtw[k] is exp(-2 pi i k / (2M)), the twist's factors. */
__kernel void rfft_rows_lanes(__global cplx *out, __global const real_t *in, __global const cplx *tw,
                              __global const cplx *rtw)
{
    lanes x[M], y[M];
    const size_t row = get_global_id(0) * 8;
    /* The real values 2k and 2k + 1 of a row are complex value k. */
    load(x, (__global const cplx *)(in + row * 2 * M), M);
    const lanes *z = transform(x, y, tw);
    __global cplx *o = out + row * (M + 1);
    for (int k = 0; k <= M; k++) {
        const lanes a = z[k % M], b = conj_lanes(z[(M - k) % M]);
        const lanes even = (real_t)0.5 * (a + b), odd = times((real_t)0.5 * (a - b), rtw[k]);
        store(o, M + 1, k, even - times_i(odd));
    }
}
`

// tolerance and toleranceDouble bound the relative L2 error of a row
// against gonum's float64 FFT: float32 and float64 arithmetic over
// log2(N) stages.
const (
	tolerance       = 1e-5
	toleranceDouble = 1e-12
)

func main() {
	sizes := flag.String("sizes", "1024,4096", "row lengths, powers of 2")
	realRows := flag.Bool("real", false, "real rows and the real FFT's N/2 + 1 values a row")
	double := flag.Bool("double", false, "double precision (complex128, float64 with -real)")
	mib := flag.Int("mib", 8, "MiB of rows (complex64, or float32 with -real; twice as wide with -double)")
	runs := flag.Int("runs", 20, "timed calls")
	flag.Parse()
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	for _, field := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(field)
		if err != nil || n < 4 || n&(n-1) != 0 {
			log.Fatalf("-sizes: %q is not a power of 2 of at least 4", field)
		}
		item := 8
		if *realRows {
			item = 4
		}
		if *double {
			item *= 2
		}
		rows := *mib << 20 / item / n
		if rows < 8 || rows%8 != 0 {
			log.Fatalf("-mib %d holds %d rows of %d: want a positive multiple of 8", *mib, rows, n)
		}
		if err := measure(thr, n, rows, *realRows, *double, *runs); err != nil {
			log.Fatalf("N = %d: %v", n, err)
		}
	}
}

// twiddles returns exp(-2 pi i k / n) for k from 0 to count - 1, as
// complex128 values where double is set, else complex64 ones.
func twiddles(n, count int, double bool) any {
	tw := make([]complex128, count)
	for k := range tw {
		tw[k] = cmplx.Exp(complex(0, -2*math.Pi*float64(k)/float64(n)))
	}
	if double {
		return tw
	}
	return narrow(tw)
}

// narrow returns v in complex64.
func narrow(v []complex128) []complex64 {
	out := make([]complex64, len(v))
	for i, x := range v {
		out[i] = complex64(x)
	}
	return out
}

// measure checks and times the kernel on rows rows of n points, real
// ones where realRows is set, in double precision where double is.
func measure(thr *cluda.Thread, n, rows int, realRows, double bool, runs int) error {
	m := n // the complex transform's length
	if realRows {
		m = n / 2
	}
	log2 := 0
	for v := m; v > 1; v /= 2 {
		log2++
	}
	defines := map[string]string{
		"M": strconv.Itoa(m), "RADIX2": strconv.Itoa(log2 % 2), "STAGES4": strconv.Itoa(log2 / 2),
	}
	if double {
		defines["DOUBLE"] = "1"
	}
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: defines})
	if err != nil {
		return err
	}
	defer prog.Release()
	name, outLen := "fft_rows_lanes", n
	if realRows {
		name, outLen = "rfft_rows_lanes", m+1
	}
	k, err := prog.Kernel(name)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	// rowsIn holds the rows in complex128, as gonum transforms them; the
	// device gets them in the precision measured.
	rowsIn := make([][]complex128, rows)
	flat := make([]complex128, 0, rows*n)
	for r := range rowsIn {
		rowsIn[r] = make([]complex128, n)
		for i := range n {
			re, im := rng.NormFloat64(), 0.0
			if !realRows {
				im = rng.NormFloat64()
			}
			if !double { // the values the device holds
				re, im = float64(float32(re)), float64(float32(im))
			}
			rowsIn[r][i] = complex(re, im)
		}
		flat = append(flat, rowsIn[r]...)
	}
	var in *cluda.Array
	switch {
	case realRows && double:
		data := make([]float64, len(flat))
		for i, v := range flat {
			data[i] = real(v)
		}
		in, err = thr.ToDevice(data, rows, n)
	case realRows:
		data := make([]float32, len(flat))
		for i, v := range flat {
			data[i] = float32(real(v))
		}
		in, err = thr.ToDevice(data, rows, n)
	case double:
		in, err = thr.ToDevice(flat, rows, n)
	default:
		in, err = thr.ToDevice(narrow(flat), rows, n)
	}
	if err != nil {
		return err
	}
	defer in.Release()
	tw, err := thr.ToDevice(twiddles(m, m, double), m)
	if err != nil {
		return err
	}
	defer tw.Release()
	rtw, err := thr.ToDevice(twiddles(n, m+1, double), m+1)
	if err != nil {
		return err
	}
	defer rtw.Release()
	dt, poison := dtypes.Complex64, any(complex64(complex(-7, 7)))
	if double {
		dt, poison = dtypes.Complex128, complex(-7, 7)
	}
	out, err := thr.Empty([]int{rows, outLen}, dt)
	if err != nil {
		return err
	}
	defer out.Release()
	if err := out.Fill(poison); err != nil {
		return err
	}
	args := []any{out, in, tw}
	if realRows {
		args = append(args, rtw)
	}
	call := func() error {
		if err := k.Call([]int{rows / 8}, []int{1}, args...); err != nil {
			return err
		}
		return thr.Synchronize()
	}
	if err := call(); err != nil {
		return err
	}
	var got []complex128
	if double {
		got, err = cluda.Read[complex128](out)
	} else {
		var single []complex64
		single, err = cluda.Read[complex64](out)
		for _, v := range single {
			got = append(got, complex128(v))
		}
	}
	if err != nil {
		return err
	}
	fft := fourier.NewCmplxFFT(n)
	worst := 0.0
	for r, row := range rowsIn {
		want := fft.Coefficients(nil, row)[:outLen]
		var num, den float64
		for i, w := range want {
			d := got[r*outLen+i] - w
			num += real(d)*real(d) + imag(d)*imag(d)
			den += real(w)*real(w) + imag(w)*imag(w)
		}
		worst = max(worst, math.Sqrt(num/den))
	}
	limit := tolerance
	if double {
		limit = toleranceDouble
	}
	if !(worst <= limit) {
		return fmt.Errorf("relative L2 error %.3g of a row, above %g", worst, limit)
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
	kind := "complex64"
	switch {
	case realRows && double:
		kind = "float64"
	case realRows:
		kind = "float32"
	case double:
		kind = "complex128"
	}
	fmt.Printf("N %5d  %5d %s rows  one pass, 8 rows a work-item: median %.2f ms (min %.2f)  worst row's relative L2 error %.2g\n",
		n, rows, kind, times[len(times)/2], times[0], worst)
	return nil
}
