package computations_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestMatrixMulTune tunes a product among its candidate plans (the rules'
// choice, the CPU's own kernel here, and the tilings of the GPU's
// kernel): the tuned callable multiplies as a float64 reference does, and
// the choice is kept.
func TestMatrixMulTune(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	const m, n, k = 40, 72, 33
	a, b := core.ArrayOf(dtypes.Float32, m, k), core.ArrayOf(dtypes.Float32, k, n)
	mm := comptest.Must(computations.NewMatrixMul(a, b, computations.MatrixMulOptions{}))
	c := comptest.Must(mm.CompileWith(thr, core.CompileOptions{Tune: true}))
	defer c.Release()
	rng := rand.New(rand.NewPCG(8, 9))
	x := randomValues(rng, dtypes.Float32, m*k).([]float32)
	y := randomValues(rng, dtypes.Float32, k*n).([]float32)
	out := comptest.ArrayOfType(t, thr, core.ArrayOf(dtypes.Float32, m, n))
	if err := c.Call(out, uploadValues(t, thr, a, x), uploadValues(t, thr, b, y)); err != nil {
		t.Fatal(err)
	}
	got := readValues(t, out).([]float32)
	// float32 products of k terms of order 1: a few ulps of the sum of
	// the terms' magnitudes, with a margin.
	const tol = 1e-5
	for i := range m {
		for j := range n {
			var want, mag float64
			for l := range k {
				p := float64(x[i*k+l]) * float64(y[l*n+j])
				want += p
				mag += math.Abs(p)
			}
			if math.Abs(float64(got[i*n+j])-want) > tol*mag {
				t.Fatalf("[%d %d] = %v, want %v", i, j, got[i*n+j], want)
			}
		}
	}
	if choice, ok := thr.Wisdom().Choice("matmul float32 batch 1 m 40 n 72 k 33 transposed false false"); !ok || choice == "" {
		t.Errorf("no choice kept (%q, %v)", choice, ok)
	}
}
