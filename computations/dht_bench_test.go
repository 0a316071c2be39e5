package computations_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// BenchmarkDHT transforms complex64 modes of 256×256 (of 64×64 on a device
// other than a GPU) to the coordinates of order 1 and back, over both axes.
// It reports the median kernel time per call and the bytes of the input
// and the output as SetBytes.
func BenchmarkDHT(b *testing.B) {
	thr := cludatest.Thread(b)
	side := 256
	if !thr.Params().IsGPU() {
		side = 64
	}
	modes := core.ArrayOf(dtypes.Complex64, side, side)
	for _, inverse := range []bool{false, true} {
		name := "forward"
		if inverse {
			name = "inverse"
		}
		b.Run(name, func(b *testing.B) {
			d := comptest.Must(computations.NewDHT(modes, computations.DHTOptions{Inverse: inverse}))
			c := comptest.Must(d.Compile(thr))
			defer c.Release()
			coordsParam, _ := d.Parameter("coords")
			coords := coordsParam.Type()
			in, out := coords, modes
			if inverse {
				in, out = modes, coords
			}
			rng := rand.New(rand.NewPCG(1, 2))
			src := uploadValues(b, thr, in, randomValues(rng, in.DType(), in.Size()))
			dst := comptest.ArrayOfType(b, thr, out)
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				d, err := c.CallProfiled(dst, src)
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, d)
			}
			b.StopTimer()
			slices.Sort(times)
			b.SetBytes(int64((in.Size() + out.Size()) * in.DType().Size()))
			b.ReportMetric(times[len(times)/2].Seconds()*1e3, "ms/call")
		})
	}
}

// BenchmarkDHTPlan builds the plan of the forward DHT of complex64 modes
// of the given lengths, of order 1, for the model GPU: the grid, the
// weights and the transform's matrix on the host, without a device. It
// reports the time per plan.
func BenchmarkDHTPlan(b *testing.B) {
	for _, n := range []int{512, 1024, 2048, 4096} {
		b.Run(fmt.Sprintf("modes=%d", n), func(b *testing.B) {
			d := comptest.Must(computations.NewDHT(core.ArrayOf(dtypes.Complex64, n), computations.DHTOptions{}))
			p := cluda.ModelGPU()
			for b.Loop() {
				if _, err := d.Render(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
