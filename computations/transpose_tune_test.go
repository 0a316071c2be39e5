package computations_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestTransposeTune tunes a transpose among its candidate plans (one
// gathering pass, tiles of 16 or 32): the tuned callable moves every
// element where the plain one does, and the choice is kept.
func TestTransposeTune(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	typ := core.ArrayOf(dtypes.Float32, 96, 130)
	tr := comptest.Must(computations.NewTranspose(typ, nil, computations.TransposeOptions{}))
	c := comptest.Must(tr.CompileWith(thr, core.CompileOptions{Tune: true}))
	defer c.Release()
	x := randomValues(rand.New(rand.NewPCG(5, 6)), dtypes.Float32, typ.Size()).([]float32)
	in := uploadValues(t, thr, typ, x)
	out := comptest.ArrayOfType(t, thr, core.ArrayOf(dtypes.Float32, 130, 96))
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := readValues(t, out).([]float32)
	for i := range 130 {
		for j := range 96 {
			if got[i*96+j] != x[j*130+i] {
				t.Fatalf("output [%d %d] = %v, want %v", i, j, got[i*96+j], x[j*130+i])
			}
		}
	}
	if choice, ok := thr.Wisdom().Choice("transpose float32 [96 130] axes [1 0]"); !ok || choice == "" {
		t.Errorf("no choice kept (%q, %v)", choice, ok)
	}
}
