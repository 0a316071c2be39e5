package transformations_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchElements returns the length of the complex64 arrays of
// BenchmarkFusedCopy: REIKNA_BENCH_ELEMENTS if set (a GPU wants 1<<26,
// 512 MiB, to leave its L2 cache far behind), else 1<<22, 32 MiB, as much
// as the last-level cache of the CPUs PoCL runs on, so that runs go to
// memory and the benchmark stays short.
func benchElements(b *testing.B) int {
	s := os.Getenv("REIKNA_BENCH_ELEMENTS")
	if s == "" {
		return 1 << 22
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		b.Fatalf("REIKNA_BENCH_ELEMENTS=%q is not a positive integer", s)
	}
	return n
}

// BenchmarkFusedCopy compares a copy of complex64 values with three
// transformations fused on each side (fusedCopy: two float32 arrays in,
// two out, so the same bytes as a plain copy) with the device's own buffer
// copy, a bare PureParallel copy of the complex64 array, and a PureParallel
// copy of the same four float32 leaves as the fused kernel, and the fused
// kernel's arithmetic written by hand on those leaves. Each reports
// the median kernel time of its runs as the effective bandwidth
// 2·bytes/time, bytes being the size of one complex64 array.
func BenchmarkFusedCopy(b *testing.B) {
	thr := thread(b)
	d := dtypes.Complex64
	size := benchElements(b)
	typ := core.ArrayOf(d, size)
	nbytes := typ.Size() * d.Size()
	rng := rand.New(rand.NewPCG(8, 8))
	data := make([]complex64, size)
	re, im := make([]float32, size), make([]float32, size)
	for i := range data {
		re[i], im[i] = float32(rng.NormFloat64()), float32(rng.NormFloat64())
		data[i] = complex(re[i], im[i])
	}
	upload := func(b *testing.B, data any) *cluda.Array {
		a, err := thr.ToDevice(data)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(a.Release)
		return a
	}
	empty := func(b *testing.B, d dtypes.DType) *cluda.Array {
		a, err := thr.Empty([]int{size}, d)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(a.Release)
		return a
	}
	compile := func(b *testing.B, comp interface {
		Compile(*cluda.Thread) (*core.Callable, error)
	}) *core.Callable {
		c, err := comp.Compile(thr)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(c.Release)
		return c
	}

	b.Run("device_copy", func(b *testing.B) {
		src, dst := upload(b, data), empty(b, d)
		measure(b, nbytes, func() (time.Duration, error) {
			ev, err := thr.EnqueueCopy(dst, src, true)
			if err != nil {
				return 0, err
			}
			defer ev.Release()
			if err := ev.Wait(); err != nil {
				return 0, err
			}
			return ev.Duration()
		})
	})
	b.Run("pure_parallel_copy", func(b *testing.B) {
		c := compile(b, copyComputation(b, typ))
		src, dst := upload(b, data), empty(b, d)
		measure(b, nbytes, func() (time.Duration, error) { return c.CallProfiled(dst, src) })
	})
	b.Run("pure_parallel_copy_of_parts", func(b *testing.B) {
		// The leaves of fused_3+3 without the transformations: two
		// float32 arrays copied into two others.
		rt := typ.WithDType(d.Real())
		comp, err := computations.NewPureParallel([]core.Parameter{
			core.Param("out_re", core.Out(rt)),
			core.Param("out_im", core.Out(rt)),
			core.Param("in_re", core.In(rt)),
			core.Param("in_im", core.In(rt)),
		}, `{{ .out_re.StoreSame }}({{ .in_re.LoadSame }});
    {{ .out_im.StoreSame }}({{ .in_im.LoadSame }});`, computations.PureParallelOptions{Name: "copy_parts"})
		if err != nil {
			b.Fatal(err)
		}
		c := compile(b, comp)
		inRe, inIm := upload(b, re), upload(b, im)
		outRe, outIm := empty(b, d.Real()), empty(b, d.Real())
		measure(b, nbytes, func() (time.Duration, error) { return c.CallProfiled(outRe, outIm, inRe, inIm) })
	})
	b.Run("hand_written_3+3", func(b *testing.B) {
		// What fused_3+3 computes, written by hand as one kernel: the
		// cost of the arithmetic without the framework.
		rt := typ.WithDType(d.Real())
		comp, err := computations.NewPureParallel([]core.Parameter{
			core.Param("out_re", core.Out(rt)),
			core.Param("out_im", core.Out(rt)),
			core.Param("in_re", core.In(rt)),
			core.Param("in_im", core.In(rt)),
			core.Param("scale", core.ScalarArg(d)),
		}, `const float re = {{ .in_re.LoadSame }}, im = {{ .in_im.LoadSame }};
    const float2 s = {{ .scale }};
    // conj(scale * (re + i im)) + 1 - i, halved
    {{ .out_re.StoreSame }}((re * s.x - im * s.y + 1.0f) * 0.5f);
    {{ .out_im.StoreSame }}((-(re * s.y + im * s.x) - 1.0f) * 0.5f);`,
			computations.PureParallelOptions{Name: "hand_written"})
		if err != nil {
			b.Fatal(err)
		}
		c := compile(b, comp)
		inRe, inIm := upload(b, re), upload(b, im)
		outRe, outIm := empty(b, d.Real()), empty(b, d.Real())
		scale := complex64(complex(0.75, -1.25))
		measure(b, nbytes, func() (time.Duration, error) { return c.CallProfiled(outRe, outIm, inRe, inIm, scale) })
	})
	b.Run("fused_3+3", func(b *testing.B) {
		c := compile(b, fusedCopy(b, typ))
		inRe, inIm := upload(b, re), upload(b, im)
		outRe, outIm := empty(b, d.Real()), empty(b, d.Real())
		scale := complex64(complex(0.75, -1.25))
		measure(b, nbytes, func() (time.Duration, error) { return c.CallProfiled(outRe, outIm, inRe, inIm, scale) })
	})
}

// measure runs run twice to warm up, then once per benchmark iteration,
// and reports the median of the device times it returns as bandwidth
// (GB/s, 2·nbytes/time) and time (ms).
func measure(b *testing.B, nbytes int, run func() (time.Duration, error)) {
	b.Helper()
	for range 2 {
		if _, err := run(); err != nil {
			b.Fatal(err)
		}
	}
	var times []time.Duration
	for b.Loop() {
		t, err := run()
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, t)
	}
	slices.Sort(times)
	median := times[len(times)/2]
	b.ReportMetric(2*float64(nbytes)/median.Seconds()/1e9, "GB/s")
	b.ReportMetric(median.Seconds()*1e3, "kernel-ms")
	b.SetBytes(2 * int64(nbytes))
}
