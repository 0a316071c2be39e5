//go:build ignore

// Command cpu_scan_chunks measures what the CPU device's cumulative sum
// can gain from scanning contiguous chunks, one a work-item, rather than
// the GPU's blocks of items and levels. Three ways to the inclusive
// prefix sum of n float32 values, y[j] = x[0] + … + x[j]:
//
//   - scan: the library's Scan with the sum predicate (its CPU plan, which
//     since this prototype scans chunks of its own, in blocks of 16);
//   - chunks: W work-items each sum a contiguous chunk of n/W values
//     (a reduction LLVM vectorises, read only), one work-item turns the W
//     totals into each chunk's offset, and the W work-items scan their
//     chunks from those offsets, one value after another (a chain of
//     dependent additions);
//   - chunks16: the same, but the second scan takes 16 values at once: a
//     float16 loaded whole, its prefix sums formed in the register by
//     four shifted additions, the chunk's running total added, stored
//     whole.
//
// Usage: go run scripts/cpu_scan_chunks.go [-mib 64] [-chunks 64] [-rounds 5] [-runs 10]
//
// Each variant's result is checked against a float64 cumulative sum on
// the host before any is timed (relative L2 error; float32 sums of the
// values in [0, 1) in a different order differ by their rounding). Each
// round times every variant (-runs calls after two warm-up calls, the
// queue finished after each, median wall time) in an order that rotates
// from round to round; the figures are the medians over the rounds and
// of the per-round ratios to scan.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/lab"
)

// source holds the kernels of the chunked scans over N values in W
// chunks of C = N/W (C a multiple of 16).
const source = `
__kernel void chunk_sums(__global const float *x, __global float *totals)
{
    const int w = get_global_id(0);
    __global const float *p = x + (size_t)w * C;
    float16 acc = (float16)(0.0f);
    for (int j = 0; j < C; j += 16)
        acc += vload16(0, p + j);
    float8 a8 = acc.lo + acc.hi;
    float4 a4 = a8.lo + a8.hi;
    float2 a2 = a4.lo + a4.hi;
    totals[w] = a2.x + a2.y;
}

__kernel void chunk_offsets(__global float *totals)
{
    float run = 0.0f;
    for (int w = 0; w < W; w++) {
        const float t = totals[w];
        totals[w] = run;
        run += t;
    }
}

__kernel void chunk_scan(__global const float *x, __global const float *offsets, __global float *y)
{
    const int w = get_global_id(0);
    __global const float *p = x + (size_t)w * C;
    __global float *q = y + (size_t)w * C;
    float run = offsets[w];
    for (int j = 0; j < C; j++) {
        run += p[j];
        q[j] = run;
    }
}

/* The inclusive prefix sums of the 16 lanes of v: after the step of
   shift s, lane i holds the sum of lanes i-2s+1 .. i. */
float16 prefix16(float16 v)
{
    const float16 zero = (float16)(0.0f);
    v += (float16)(0.0f, v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7, v.s8, v.s9, v.sa, v.sb, v.sc, v.sd, v.se);
    v += (float16)(0.0f, 0.0f, v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7, v.s8, v.s9, v.sa, v.sb, v.sc, v.sd);
    v += (float16)(zero.s0123, v.s0123, v.s4567, v.s89ab);
    v += (float16)(zero.s01234567, v.s01234567);
    return v;
}

__kernel void chunk_scan16(__global const float *x, __global const float *offsets, __global float *y)
{
    const int w = get_global_id(0);
    __global const float *p = x + (size_t)w * C;
    __global float *q = y + (size_t)w * C;
    float run = offsets[w];
    for (int j = 0; j < C; j += 16) {
        const float16 v = prefix16(vload16(0, p + j)) + (float16)(run);
        vstore16(v, 0, q + j);
        run = v.sf;
    }
}
`

// tolerance bounds the relative L2 error against the float64 sums of
// values in [0, 1): float32 running sums in chunks of 2^24/W values lose
// more than a tree of partial sums (measured at 2^24: 5·10⁻⁸ for Scan's
// levels of blocks, which its CPU plan took before its chunks, 3·10⁻⁶ for
// its chunks in blocks of 16, 1.5·10⁻⁵ for serial chunks of 2^20 and
// 2.9·10⁻⁵ for one of 2^24), and a chunk that missed its offset would be
// off by far more.
const tolerance = 1e-4

func main() {
	mib := flag.Int("mib", 64, "MiB of float32 values")
	chunks := flag.Int("chunks", 64, "chunks, one a work-item")
	rounds := flag.Int("rounds", 5, "interleaved rounds")
	runs := flag.Int("runs", 10, "timed calls of each variant in a round")
	flag.Parse()
	n := *mib << 20 / 4
	if *chunks < 1 || n%(16**chunks) != 0 {
		log.Fatalf("-chunks %d: the %d values of -mib %d must split into chunks of a multiple of 16", *chunks, n, *mib)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	fmt.Printf("device: %s\n", thr.Params().Name)

	rng := rand.New(rand.NewPCG(3, 4))
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.Float64())
	}
	want := make([]float64, n)
	var run float64
	for i, v := range x {
		run += float64(v)
		want[i] = run
	}

	dx, err := thr.ToDevice(x, n)
	if err != nil {
		log.Fatal(err)
	}
	defer dx.Release()
	dy, err := thr.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	defer dy.Release()
	totals, err := thr.Empty([]int{*chunks}, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	defer totals.Release()

	sum, err := computations.PredicateSum(dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	sc, err := computations.NewScan(core.ArrayOf(dtypes.Float32, n), sum, nil, computations.ScanOptions{})
	if err != nil {
		log.Fatal(err)
	}
	scan, err := sc.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer scan.Release()
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: map[string]string{
		"C": fmt.Sprint(n / *chunks), "W": fmt.Sprint(*chunks),
	}})
	if err != nil {
		log.Fatal(err)
	}
	defer prog.Release()
	kernel := func(name string) *cluda.Kernel {
		k, err := prog.Kernel(name)
		if err != nil {
			log.Fatal(err)
		}
		return k
	}
	sums, offsets, serial, vector := kernel("chunk_sums"), kernel("chunk_offsets"), kernel("chunk_scan"), kernel("chunk_scan16")
	chunked := func(k *cluda.Kernel) func() error {
		return func() error {
			if err := sums.Call([]int{*chunks}, nil, dx, totals); err != nil {
				return err
			}
			if err := offsets.Call([]int{1}, nil, totals); err != nil {
				return err
			}
			if err := k.Call([]int{*chunks}, nil, dx, totals, dy); err != nil {
				return err
			}
			return thr.Synchronize()
		}
	}
	variants := []lab.Variant{
		{Name: "scan", Call: func() error {
			if err := scan.Call(dy, dx); err != nil {
				return err
			}
			return thr.Synchronize()
		}},
		{Name: "chunks", Call: chunked(serial)},
		{Name: "chunks16", Call: chunked(vector)},
	}
	got := make([]float32, n)
	for _, v := range variants {
		if err := dy.Fill(float32(math.NaN())); err != nil {
			log.Fatal(err)
		}
		if err := v.Call(); err != nil {
			log.Fatalf("%s: %v", v.Name, err)
		}
		if err := dy.Get(got); err != nil {
			log.Fatal(err)
		}
		var num, den float64
		for i, w := range want {
			d := float64(got[i]) - w
			num += d * d
			den += w * w
		}
		e := math.Sqrt(num / den)
		fmt.Printf("%-9s relative L2 error %.2g (tolerance %.0g)\n", v.Name, e, tolerance)
		if !(e <= tolerance) {
			log.Fatalf("%s: relative error %.3g above %.3g", v.Name, e, tolerance)
		}
	}

	times, ratios, err := lab.Rounds(variants, *rounds, *runs)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("cumulative sum of %d float32 in %d chunks, %d rounds of %d calls: median ms, GB/s (read and write), time over scan's (median of the rounds' ratios)\n", n, *chunks, *rounds, *runs)
	for i, v := range variants {
		t := lab.Median(times[i])
		fmt.Printf("%-9s %8.2f ms %7.1f GB/s %6.2f (rounds %.2f–%.2f)\n", v.Name, t, 8*float64(n)/t/1e6, lab.Median(ratios[i]), slices.Min(ratios[i]), slices.Max(ratios[i]))
	}
}
