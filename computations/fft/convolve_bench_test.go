package fft_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkConvolve times the batched circular convolution of one array of
// complex64 rows (benchMiB) with one filter of the rows' length, the case
// whose target is 1.1 times two bare FFTs. It reports the median time per
// call (OpenCL profiling) and the effective bandwidth 2·bytes/time.
func BenchmarkConvolve(b *testing.B) {
	thr := cludatest.Thread(b)
	lengths := []int{1024, 4096, 1 << 16}
	if testing.Short() {
		lengths = lengths[:1]
	}
	for _, n := range lengths {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			dt := dtypes.Complex64
			batch := max(comptest.BenchMiB()<<20/(n*dt.Size()), 1)
			conv, err := fft.NewTunedConvolve(core.ArrayOf(dt, batch, n), core.ArrayOf(dt, 1, n), []int{1},
				fft.ConvolveCircular, fft.ConvolveOptions{}, benchTuning())
			if err != nil {
				b.Fatal(err)
			}
			c, err := conv.Compile(thr)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Release()
			rng := rand.New(rand.NewPCG(1, 2))
			in := upload(b, thr, dt, randomData(rng, batch*n), []int{batch, n})
			filter := upload(b, thr, dt, randomData(rng, n), []int{1, n})
			out, err := thr.EmptyLike(in)
			if err != nil {
				b.Fatal(err)
			}
			defer in.Release()
			defer filter.Release()
			defer out.Release()
			times := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N+3; i++ { // three calls of warm-up
				d, err := c.CallProfiled(out, in, filter)
				if err != nil {
					b.Fatal(err)
				}
				if i >= 3 {
					times = append(times, d)
				}
			}
			slices.Sort(times)
			med := times[len(times)/2].Seconds()
			b.ReportMetric(med*1e3, "ms/call")
			b.ReportMetric(2*float64(batch*n*dt.Size())/med/1e9, "GB/s")
		})
	}
}
