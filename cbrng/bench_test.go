package cbrng_test

import (
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchGenerators is the number of generators of the benchmarks, those of
// `reikna bench --random`: 2^19 fill a GPU several times over.
const benchGenerators = 1 << 19

// BenchmarkCBRNG fills float32 arrays with uniform and normal values from
// Philox 4×32-10, as the speed targets name them: 2^27 values on a GPU,
// 64 times fewer elsewhere (and in -short mode), so that PoCL runs them in
// seconds. It reports the median kernel time per call (OpenCL profiling)
// and the bandwidth of the values written.
func BenchmarkCBRNG(b *testing.B) {
	thr := cludatest.Thread(b)
	philox, err := cbrng.Philox(32, 4, cbrng.PhiloxRounds)
	if err != nil {
		b.Fatal(err)
	}
	size := 1 << 27
	if !thr.Params().IsGPU() || testing.Short() {
		size >>= 6
	}
	gens := min(benchGenerators, size/16)
	shape := []int{size / gens, gens}
	for _, tc := range []struct {
		name    string
		sampler func() (*cbrng.Sampler, error)
	}{
		{"uniform_f32", func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(philox, dtypes.Float32, 0, 1) }},
		{"normal_f32", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(philox, dtypes.Float32, 0, 1) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := tc.sampler()
			if err != nil {
				b.Fatal(err)
			}
			_, call, counters, randoms := compileRNG(b, thr, core.ArrayOf(dtypes.Float32, shape...), 1, s, 1)
			for range 3 { // warm-up
				if _, err := call.CallProfiled(counters, randoms); err != nil {
					b.Fatal(err)
				}
			}
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				d, err := call.CallProfiled(counters, randoms)
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, d)
			}
			b.StopTimer()
			slices.Sort(times)
			med := times[len(times)/2].Seconds()
			written := 4 * size
			b.SetBytes(int64(written))
			b.ReportMetric(med*1e3, "ms/call")
			b.ReportMetric(float64(written)/med/1e9, "GB/s")
		})
	}
}
