package computations_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkMatrixMul multiplies matrices of the sizes the speed targets
// name: float32 and complex64 4096², float64 4096², and 1024 float32
// products of 64×64 matrices; on a device other than a GPU, sides of an
// eighth (and 16 products). It reports the median kernel time per call and
// the bytes of the operands and the output as SetBytes, and TFLOP/s (2mnk
// per real product, 8mnk per complex one) as a metric.
func BenchmarkMatrixMul(b *testing.B) {
	thr := cludatest.Thread(b)
	for _, bc := range []struct {
		name         string
		dt           dtypes.DType
		batch, side  int
		small, sideS int
	}{
		{"f32_4096", dtypes.Float32, 1, 4096, 1, 512},
		{"c64_4096", dtypes.Complex64, 1, 4096, 1, 512},
		{"f64_4096", dtypes.Float64, 1, 4096, 1, 512},
		{"f32_batch1024_64", dtypes.Float32, 1024, 64, 16, 64},
	} {
		b.Run(bc.name, func(b *testing.B) {
			comptest.Supported(b, thr, bc.dt)
			batch, side := bc.batch, bc.side
			if !thr.Params().IsGPU() {
				batch, side = bc.small, bc.sideS
			}
			typ := core.ArrayOf(bc.dt, batch, side, side)
			mm := comptest.Must(computations.NewMatrixMul(typ, typ, computations.MatrixMulOptions{}))
			c := comptest.Must(mm.Compile(thr))
			defer c.Release()
			rng := rand.New(rand.NewPCG(1, 2))
			a := uploadValues(b, thr, typ, randomValues(rng, bc.dt, typ.Size()))
			x := uploadValues(b, thr, typ, randomValues(rng, bc.dt, typ.Size()))
			out := comptest.ArrayOfType(b, thr, typ)
			for range 3 { // warm-up
				if err := c.Call(out, a, x); err != nil {
					b.Fatal(err)
				}
			}
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				d, err := c.CallProfiled(out, a, x)
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, d)
			}
			b.StopTimer()
			slices.Sort(times)
			median := times[len(times)/2].Seconds()
			b.SetBytes(int64(3 * typ.Size() * bc.dt.Size()))
			flops := 2.0
			if bc.dt.IsComplex() {
				flops = 8
			}
			flops *= float64(batch) * float64(side) * float64(side) * float64(side)
			b.ReportMetric(median*1e3, "ms/call")
			b.ReportMetric(flops/median/1e12, "TFLOP/s")
		})
	}
}
