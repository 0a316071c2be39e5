package fft_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkPassLayout times one Stockham pass of radix 16 (after passes of
// 16, over 2^20 complex64 values) written four ways, the measurement
// behind the CPU device's next FFT kernel (docs/fft-gpu-notes.md §17):
//
//   - complex: a work-item per butterfly on float2 values, as the FFT's
//     private passes are written today;
//   - lanes: a work-item per 8 neighbouring butterflies, their real and
//     imaginary parts in float8 lanes, loaded as float16 and split with
//     .even and .odd, stored through shuffle2 and vstore16;
//   - lanes-scalar-io: the same arithmetic on float8 lanes, each lane loaded
//     and stored as a float2 of its own through private arrays;
//   - lanes-elements: each lane loaded as a float2 of its own and the lanes
//     built with vector literals, each output stored as a float2 (as the
//     FFT's per-element load and store macros would).
//
// The four must give the same output (within passLayoutTolerance), so
// that no variant is timed on work it skips.
func BenchmarkPassLayout(b *testing.B) {
	thr := cludatest.Thread(b)
	if !thr.Params().IsCPU() {
		b.Skip("the layouts are those of the CPU device's kernels (OpenCL C vector types)")
	}
	const n, nj = 1 << 20, 1 << 16
	rng := rand.New(rand.NewPCG(3, 4))
	in := make([]complex64, n)
	for i := range in {
		in[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
	}
	// The pass twiddles W_256^(m·k) of element m of a butterfly with k =
	// j mod 16.
	tw := make([]complex64, 256)
	for m := 0; m < 16; m++ {
		for k := 0; k < 16; k++ {
			tw[m*16+k] = complex64(cmplx.Exp(complex(0, -2*math.Pi*float64(m*k)/256)))
		}
	}
	// The calls rotate over pairs of arrays that span 64 MiB, as
	// BenchmarkFFT's do, so that no call finds its data in a cache; every
	// input holds the same values.
	var ins []*cluda.Array
	for i := 0; i < passLayoutSets; i++ {
		din, err := thr.ToDevice(in, n)
		if err != nil {
			b.Fatal(err)
		}
		defer din.Release()
		ins = append(ins, din)
	}
	dtw, err := thr.ToDevice(tw, 256)
	if err != nil {
		b.Fatal(err)
	}
	defer dtw.Release()
	prog, err := thr.Compile(passLayoutSource(), cluda.CompileOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var ref []complex64
	for _, v := range []struct {
		kernel string
		lanes  int
	}{{"pass_complex", 1}, {"pass_lanes", 8}, {"pass_lanes_scalar_io", 8}, {"pass_lanes_elements", 8}} {
		b.Run(v.kernel, func(b *testing.B) {
			k, err := prog.Kernel(v.kernel)
			if err != nil {
				b.Fatal(err)
			}
			var outs []*cluda.Array
			for range ins {
				out, err := thr.Empty([]int{n}, dtypes.Complex64)
				if err != nil {
					b.Fatal(err)
				}
				defer out.Release()
				if err := out.Fill(complex(float32(math.NaN()), float32(math.NaN()))); err != nil {
					b.Fatal(err)
				}
				outs = append(outs, out)
			}
			r := cluda.NDRange{Global: []int{nj / v.lanes}, Local: []int{64}}
			var times []time.Duration
			for i := -3; i < b.N; i++ {
				set := (i + 3) % len(ins)
				ev, err := k.Enqueue(r, []any{outs[set], ins[set], dtw}, nil, true)
				if err != nil {
					b.Fatal(err)
				}
				if err := ev.Wait(); err != nil {
					b.Fatal(err)
				}
				d, err := ev.Duration()
				ev.Release()
				if err != nil {
					b.Fatal(err)
				}
				if i >= 0 {
					times = append(times, d)
				}
			}
			got := make([]complex64, n)
			if err := outs[0].Get(got); err != nil {
				b.Fatal(err)
			}
			if ref == nil {
				ref = got
			} else if e := relDiff(got, ref); !(e <= passLayoutTolerance) {
				b.Fatalf("output differs from pass_complex's by %.3g", e)
			}
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2].Seconds()*1e3, "ms/call")
		})
	}
}

// passLayoutSets is the number of input and output pairs of 8 MiB each
// that the calls rotate over (64 MiB in all).
const passLayoutSets = 4

// passLayoutTolerance bounds the relative L1 difference between the
// variants: the same float32 operations in another order.
const passLayoutTolerance = 1e-6

// relDiff returns Σ|a−b| / Σ|b|.
func relDiff(a, b []complex64) float64 {
	var e, s float64
	for i := range a {
		e += cmplx.Abs(complex128(a[i] - b[i]))
		s += cmplx.Abs(complex128(b[i]))
	}
	return e / s
}

// passLayoutSource returns the kernels of BenchmarkPassLayout: a radix-16
// butterfly as two stages of radix 4 (DFT16), written once over a type T
// of real and imaginary parts (float in a work-item of one butterfly,
// float8 in one of eight).
func passLayoutSource() string {
	var cs, sn string
	for p := 0; p < 16; p++ {
		cs += fmt.Sprintf("%.9ff, ", math.Cos(2*math.Pi*float64(p)/16))
		sn += fmt.Sprintf("%.9ff, ", -math.Sin(2*math.Pi*float64(p)/16))
	}
	return "CONSTANT_MEM float COS16[16] = {" + cs + "};\nCONSTANT_MEM float SIN16[16] = {" + sn + "};\n" + passLayoutKernels
}

const passLayoutKernels = `
#define DFT4(T, r0, i0, r1, i1, r2, i2, r3, i3) { \
    T t0r = r0 + r2, t0i = i0 + i2, t1r = r0 - r2, t1i = i0 - i2; \
    T t2r = r1 + r3, t2i = i1 + i3, t3r = r1 - r3, t3i = i1 - i3; \
    r0 = t0r + t2r; i0 = t0i + t2i; r2 = t0r - t2r; i2 = t0i - t2i; \
    r1 = t1r + t3i; i1 = t1i - t3r; r3 = t1r - t3i; i3 = t1i + t3r; }
#define DFT16(T, xr, xi) { \
    for (int a = 0; a < 4; a++) \
        DFT4(T, xr[a], xi[a], xr[a + 4], xi[a + 4], xr[a + 8], xi[a + 8], xr[a + 12], xi[a + 12]); \
    for (int a = 1; a < 4; a++) \
        for (int c = 1; c < 4; c++) { \
            const float w = COS16[a * c], s = SIN16[a * c]; \
            const T r = xr[a + 4 * c] * w - xi[a + 4 * c] * s; \
            xi[a + 4 * c] = xr[a + 4 * c] * s + xi[a + 4 * c] * w; \
            xr[a + 4 * c] = r; } \
    T yr[16], yi[16]; \
    for (int c = 0; c < 4; c++) { \
        DFT4(T, xr[4 * c], xi[4 * c], xr[4 * c + 1], xi[4 * c + 1], xr[4 * c + 2], xi[4 * c + 2], xr[4 * c + 3], xi[4 * c + 3]); \
        for (int d = 0; d < 4; d++) { yr[c + 4 * d] = xr[4 * c + d]; yi[c + 4 * d] = xi[4 * c + d]; } } \
    for (int q = 0; q < 16; q++) { xr[q] = yr[q]; xi[q] = yi[q]; } }

// Butterfly j reads j + m·65536, takes the twiddle W_256^(m·(j mod 16)),
// and writes output q to (j − k)·16 + k + q·16.
KERNEL void pass_complex(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in, GLOBAL_MEM const float2 *tw)
{
    const uint j = get_global_id(0), k = j % 16;
    float2 x[16];
    for (int m = 0; m < 16; m++) {
        const float2 e = in[j + m * 65536], w = tw[m * 16 + k];
        x[m] = (float2)(e.x * w.x - e.y * w.y, e.x * w.y + e.y * w.x);
    }
    float xr[16], xi[16];
    for (int m = 0; m < 16; m++) { xr[m] = x[m].x; xi[m] = x[m].y; }
    DFT16(float, xr, xi)
    for (int q = 0; q < 16; q++)
        out[(j - k) * 16 + k + q * 16] = (float2)(xr[q], xi[q]);
}

KERNEL void pass_lanes(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in, GLOBAL_MEM const float2 *tw)
{
    const uint j0 = get_global_id(0) * 8, k0 = j0 % 16;
    float8 xr[16], xi[16];
    for (int m = 0; m < 16; m++) {
        const float16 e = vload16(0, (GLOBAL_MEM const float *)(in + j0 + m * 65536));
        const float16 w = vload16(0, (GLOBAL_MEM const float *)(tw + m * 16 + k0));
        xr[m] = e.even * w.even - e.odd * w.odd;
        xi[m] = e.even * w.odd + e.odd * w.even;
    }
    DFT16(float8, xr, xi)
    const uint16 interleave = (uint16)(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    for (int q = 0; q < 16; q++)
        vstore16(shuffle2(xr[q], xi[q], interleave), 0, (GLOBAL_MEM float *)(out + (j0 - k0) * 16 + k0 + q * 16));
}

KERNEL void pass_lanes_scalar_io(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in, GLOBAL_MEM const float2 *tw)
{
    const uint j0 = get_global_id(0) * 8;
    float8 xr[16], xi[16];
    for (int m = 0; m < 16; m++) {
        float er[8], ei[8], wr[8], wi[8];
        for (int l = 0; l < 8; l++) {
            const float2 e = in[j0 + l + m * 65536], w = tw[m * 16 + (j0 + l) % 16];
            er[l] = e.x; ei[l] = e.y; wr[l] = w.x; wi[l] = w.y;
        }
        const float8 ER = vload8(0, er), EI = vload8(0, ei), WR = vload8(0, wr), WI = vload8(0, wi);
        xr[m] = ER * WR - EI * WI;
        xi[m] = ER * WI + EI * WR;
    }
    DFT16(float8, xr, xi)
    for (int q = 0; q < 16; q++) {
        float r[8], i[8];
        vstore8(xr[q], 0, r);
        vstore8(xi[q], 0, i);
        for (int l = 0; l < 8; l++) {
            const uint j = j0 + l, k = j % 16;
            out[(j - k) * 16 + k + q * 16] = (float2)(r[l], i[l]);
        }
    }
}
KERNEL void pass_lanes_elements(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in, GLOBAL_MEM const float2 *tw)
{
    const uint j0 = get_global_id(0) * 8;
    float8 xr[16], xi[16];
    for (int m = 0; m < 16; m++) {
        float2 e[8], w[8];
        for (int l = 0; l < 8; l++) {
            e[l] = in[j0 + l + m * 65536];
            w[l] = tw[m * 16 + (j0 + l) % 16];
        }
        const float8 er = (float8)(e[0].x, e[1].x, e[2].x, e[3].x, e[4].x, e[5].x, e[6].x, e[7].x);
        const float8 ei = (float8)(e[0].y, e[1].y, e[2].y, e[3].y, e[4].y, e[5].y, e[6].y, e[7].y);
        const float8 wr = (float8)(w[0].x, w[1].x, w[2].x, w[3].x, w[4].x, w[5].x, w[6].x, w[7].x);
        const float8 wi = (float8)(w[0].y, w[1].y, w[2].y, w[3].y, w[4].y, w[5].y, w[6].y, w[7].y);
        xr[m] = er * wr - ei * wi;
        xi[m] = er * wi + ei * wr;
    }
    DFT16(float8, xr, xi)
    for (int q = 0; q < 16; q++) {
        const float8 r = xr[q], i = xi[q];
        const uint k0 = j0 % 16;
        GLOBAL_MEM float2 *o = out + (j0 - k0) * 16 + k0 + q * 16;
        o[0] = (float2)(r.s0, i.s0); o[1] = (float2)(r.s1, i.s1); o[2] = (float2)(r.s2, i.s2); o[3] = (float2)(r.s3, i.s3);
        o[4] = (float2)(r.s4, i.s4); o[5] = (float2)(r.s5, i.s5); o[6] = (float2)(r.s6, i.s6); o[7] = (float2)(r.s7, i.s7);
    }
}
`
