package fft_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkFFT times batched 1-D complex64 transforms (complex128 with
// REIKNA_BENCH_PRECISION=double) of lengths 2^4 to
// 2^24, or of the lengths REIKNA_BENCH_SIZES lists (such as 6144,15625),
// each with as many transforms as fill one array. It reports the median
// kernel time per call (the device's profiling), the effective bandwidth
// 2·bytes/time, and GFLOP/s by the convention 5·N·log2(N) per transform.
func BenchmarkFFT(b *testing.B) {
	thr := cludatest.Thread(b)
	dt := benchDType(b)
	for _, n := range benchSizes(b) {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) { benchFFT(b, thr, dt, n) })
	}
}

// benchDType returns the type of BenchmarkFFT's values: complex64, or
// complex128 with REIKNA_BENCH_PRECISION=double.
func benchDType(b *testing.B) dtypes.DType {
	switch p := os.Getenv("REIKNA_BENCH_PRECISION"); p {
	case "", "single":
		return dtypes.Complex64
	case "double":
		return dtypes.Complex128
	default:
		b.Fatalf("REIKNA_BENCH_PRECISION=%q: want single or double", p)
		return dtypes.Complex64
	}
}

// benchSizes returns the lengths of BenchmarkFFT: those REIKNA_BENCH_SIZES
// lists, else the powers of two from 2^4 to 2^24.
func benchSizes(b *testing.B) []int {
	if list := os.Getenv("REIKNA_BENCH_SIZES"); list != "" {
		sizes, err := parseInts(list, ",")
		if err != nil || slices.Contains(sizes, 0) {
			b.Fatalf("REIKNA_BENCH_SIZES=%q: not a list of lengths (%v)", list, err)
		}
		return sizes
	}
	var sizes []int
	for p := 4; p <= 24; p++ {
		sizes = append(sizes, 1<<p)
	}
	return sizes
}

// BenchmarkFFTShape times the FFTs of the shapes that REIKNA_BENCH_SHAPES
// lists, separated by spaces, each over every axis or over the axes after
// a colon (such as "1000x1000 64x100x100x100:1,2,3"), as BenchmarkFFT
// times its lengths.
func BenchmarkFFTShape(b *testing.B) {
	list := os.Getenv("REIKNA_BENCH_SHAPES")
	if list == "" {
		b.Skip("REIKNA_BENCH_SHAPES lists no shape")
	}
	thr := cludatest.Thread(b)
	for _, f := range strings.Fields(list) {
		dims, axesText, hasAxes := strings.Cut(f, ":")
		shape, err := parseInts(dims, "x")
		if err != nil {
			b.Fatalf("REIKNA_BENCH_SHAPES=%q: %q: %v", list, f, err)
		}
		var axes []int
		if hasAxes {
			if axes, err = parseInts(axesText, ","); err != nil {
				b.Fatalf("REIKNA_BENCH_SHAPES=%q: %q: %v", list, f, err)
			}
		}
		b.Run(f, func(b *testing.B) { benchFFTShape(b, thr, dtypes.Complex64, shape, axes) })
	}
}

// parseInts reads whole numbers separated by sep.
func parseInts(text, sep string) ([]int, error) {
	var out []int
	for _, d := range strings.Split(text, sep) {
		n, err := strconv.Atoi(strings.TrimSpace(d))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a whole number", d)
		}
		out = append(out, n)
	}
	return out, nil
}

func benchFFT(b *testing.B, thr *cluda.Thread, dt dtypes.DType, n int) {
	bytes := comptest.BenchMiB() << 20
	batch := max(bytes/(n*dt.Size()), 1)
	benchFFTShape(b, thr, dt, []int{batch, n}, []int{1})
}

// benchFFTShape times the FFT of an array of shape over axes (nil: all).
func benchFFTShape(b *testing.B, thr *cluda.Thread, dt dtypes.DType, shape, axes []int) {
	ft, err := fft.NewTunedFFT(core.ArrayOf(dt, shape...), axes, fft.FFTOptions{}, benchTuning())
	if err != nil {
		b.Fatal(err)
	}
	elems := 1
	for _, d := range shape {
		elems *= d
	}
	n := elems
	if axes != nil {
		n = 1
		for _, a := range axes {
			n *= shape[a]
		}
	}
	batch := elems / n
	c, err := ft.Compile(thr)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Release()
	// Inputs rotate through at least 64 MiB so that no run finds its data
	// in a cache.
	sets := max(64<<20/(batch*n*dt.Size()), 1)
	rng := rand.New(rand.NewPCG(1, 2))
	var ins, outs []*cluda.Array
	for i := 0; i < min(sets, 8); i++ {
		in := upload(b, thr, dt, randomData(rng, batch*n), shape)
		out, err := thr.EmptyLike(in)
		if err != nil {
			b.Fatal(err)
		}
		ins, outs = append(ins, in), append(outs, out)
	}
	defer func() {
		for i := range ins {
			ins[i].Release()
			outs[i].Release()
		}
	}()
	// Warm-up: every input and output once, and at least three calls. A
	// CPU device maps an array's memory at its first use: on PoCL the
	// first call on each of the eight sets took about 15 times as long,
	// which made the median of ten calls (bench_ab.py's) that of the
	// first touches.
	for i := 0; i < max(3, len(ins)); i++ {
		if _, err := c.CallProfiled(outs[i%len(outs)], ins[i%len(ins)], int32(0)); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	kernelTimes := make([][]time.Duration, len(c.Kernels()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		kts, err := c.CallProfiledKernels(outs[i%len(outs)], ins[i%len(ins)], int32(0))
		if err != nil {
			b.Fatal(err)
		}
		var d time.Duration
		for k, kt := range kts {
			kernelTimes[k] = append(kernelTimes[k], kt.Duration)
			d += kt.Duration
		}
		times = append(times, d)
	}
	b.StopTimer()
	// With REIKNA_BENCH_KERNELS=1, each kernel's median is reported too
	// (as k0-ms, k1-ms, ...).
	if os.Getenv("REIKNA_BENCH_KERNELS") == "1" {
		for k, kt := range kernelTimes {
			slices.Sort(kt)
			b.ReportMetric(kt[len(kt)/2].Seconds()*1e3, fmt.Sprintf("k%d-ms", k))
		}
	}
	slices.Sort(times)
	med := times[len(times)/2].Seconds()
	total := float64(batch * n * dt.Size())
	b.ReportMetric(med*1e3, "ms/call")
	b.ReportMetric(2*total/med/1e9, "GB/s")
	b.ReportMetric(5*float64(batch)*float64(n)*math.Log2(float64(n))/med/1e9, "GFLOP/s")
}

// benchTuning returns the tuning of the FFT's plan that the environment
// asks for: REIKNA_BENCH_LOCAL_KERNEL=1 (only the local kernel),
// REIKNA_BENCH_MAX_E and REIKNA_BENCH_MAX_WG (the most elements and
// work-items per work-group of the register kernel) and
// REIKNA_BENCH_LOCAL_BYTES (plan within that much local memory, without
// the opt-in memory of CUDA devices), REIKNA_BENCH_PASS_TABLE (the most
// entries of a one-level table of pass twiddles), REIKNA_BENCH_NO_LANES=1 (no lanes
// on CPU devices), REIKNA_BENCH_NO_LOOPED=1 (no looped passes on CPU
// devices), REIKNA_BENCH_NO_SECTOR_TILES=1 (strided tiles of any width), REIKNA_BENCH_NO_WIDE_ONE_PASS=1 (no one pass of up to 25 elements a work-item in CUDA's large local memory), REIKNA_BENCH_WIDER_GROUPS=1 (one pass of up to 16 elements over up to 512 work-items in CUDA's large local memory where the plan takes more elements over fewer), REIKNA_BENCH_NO_KEEP_FEWER_STAGES=1 (a transform above 2048 takes CUDA's large local memory's one pass even where the 48 KiB one pass has fewer stages), REIKNA_BENCH_NO_ROW_STRIDES=1 (a GPU's short rows of an even length keep the odd row stride), REIKNA_BENCH_NO_WHOLE_EXCHANGES=1 (an uneven pass that exchanges by components within 48 KiB keeps that pass rather than exchanging whole values in CUDA's large local memory), REIKNA_BENCH_NO_PAIR_LOADS=1 (a GPU's forward real transform reads its input's pairs as two 4-byte loads), REIKNA_BENCH_NO_LOOPED_PADDING=1 (a CPU device's looped passes keep their arrays unpadded), REIKNA_BENCH_NO_VECTOR_ROWS=1 (a CPU device's short rows keep the passes of before the vector kernel), REIKNA_BENCH_NO_LOOPED_PASSES=1 (a CPU device's transforms longer than one looped pass keep the plans of before looped passes of several), REIKNA_BENCH_NO_TURN=1 (Bluestein's transforms of several passes without the turn), REIKNA_BENCH_NO_ROW_PAIRS=1 (a CPU device's real transforms of odd lengths a row at a time), REIKNA_BENCH_EVEN_STRIDED=1 (even
// stages over strided data), REIKNA_BENCH_MAX_PRIME (the largest prime
// butterfly), REIKNA_BENCH_LOOPED_PRIME (the largest prime of a CPU
// device's looped pass), REIKNA_BENCH_PRIMES (rader or bluestein: the algorithm of
// prime lengths), REIKNA_BENCH_BLUESTEIN (pow2 or smooth: the length of
// Bluestein's transforms), REIKNA_BENCH_ROW_TURNS (the fewest passes from
// which Bluestein's transforms run over rows), REIKNA_BENCH_MAX_ROW_TURN
// (their longest row), REIKNA_BENCH_LARGE_PASSES (-1, 1 or 2: passes in
// CUDA's large local memory, see fftplan.Tuning.LargePasses),
// REIKNA_BENCH_LARGE_TILE (their most sub-transforms side by side) and REIKNA_BENCH_OPTIONS (compiler options). (The times of
// each kernel: REIKNA_BENCH_KERNELS=1, see benchFFTShape.)
func benchTuning() fft.FFTTuning {
	var t fft.FFTTuning
	t.NoRegisters = os.Getenv("REIKNA_BENCH_LOCAL_KERNEL") == "1"
	t.EvenStrided = os.Getenv("REIKNA_BENCH_EVEN_STRIDED") == "1"
	t.NoLanes = os.Getenv("REIKNA_BENCH_NO_LANES") == "1"
	t.NoLooped = os.Getenv("REIKNA_BENCH_NO_LOOPED") == "1"
	t.NoSectorTiles = os.Getenv("REIKNA_BENCH_NO_SECTOR_TILES") == "1"
	t.NoWideOnePass = os.Getenv("REIKNA_BENCH_NO_WIDE_ONE_PASS") == "1"
	t.WiderGroups = os.Getenv("REIKNA_BENCH_WIDER_GROUPS") == "1"
	t.NoKeepFewerStages = os.Getenv("REIKNA_BENCH_NO_KEEP_FEWER_STAGES") == "1"
	t.NoRowStrides = os.Getenv("REIKNA_BENCH_NO_ROW_STRIDES") == "1"
	t.NoWholeExchanges = os.Getenv("REIKNA_BENCH_NO_WHOLE_EXCHANGES") == "1"
	t.NoPairLoads = os.Getenv("REIKNA_BENCH_NO_PAIR_LOADS") == "1"
	t.NoLoopedPadding = os.Getenv("REIKNA_BENCH_NO_LOOPED_PADDING") == "1"
	t.NoVectorRows = os.Getenv("REIKNA_BENCH_NO_VECTOR_ROWS") == "1"
	t.NoLoopedPasses = os.Getenv("REIKNA_BENCH_NO_LOOPED_PASSES") == "1"
	t.NoTurn = os.Getenv("REIKNA_BENCH_NO_TURN") == "1"
	t.NoRowPairs = os.Getenv("REIKNA_BENCH_NO_ROW_PAIRS") == "1"
	if p, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_LOOPED_PRIME")); err == nil {
		t.LoopedPrime = p
	}
	if p, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_MAX_PRIME")); err == nil {
		t.MaxPrime = p
	}
	if e, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_MAX_E")); err == nil {
		t.MaxRegE = e
	}
	if wg, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_MAX_WG")); err == nil {
		t.MaxRegWG = wg
	}
	if lb, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_LOCAL_BYTES")); err == nil {
		t.LocalBytes = lb
	}
	if pt, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_PASS_TABLE")); err == nil {
		t.PassTable = pt
	}
	switch os.Getenv("REIKNA_BENCH_PRIMES") {
	case "rader":
		t.Primes = fftplan.PrimesRader
	case "bluestein":
		t.Primes = fftplan.PrimesBluestein
	}
	switch os.Getenv("REIKNA_BENCH_BLUESTEIN") {
	case "pow2":
		t.Bluestein = fftplan.BluesteinPow2
	case "smooth":
		t.Bluestein = fftplan.BluesteinSmooth
	}
	if r, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_ROW_TURNS")); err == nil {
		t.RowTurnsFrom = r
	}
	if c, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_MAX_ROW_TURN")); err == nil {
		t.MaxRowTurn = c
	}
	if lp, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_LARGE_PASSES")); err == nil {
		t.LargePasses = lp
	}
	if lt, err := strconv.Atoi(os.Getenv("REIKNA_BENCH_LARGE_TILE")); err == nil {
		t.LargeTile = lt
	}
	t.CompilerOptions = strings.Fields(os.Getenv("REIKNA_BENCH_OPTIONS"))
	return t
}
