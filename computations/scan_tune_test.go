package computations_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestScanTune tunes a cumulative sum among its candidate plans (the
// forms and work-group sizes): the tuned callable sums as the plain one
// does, and the choice is kept.
func TestScanTune(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	const n = 5000
	typ := core.ArrayOf(dtypes.Int32, n)
	sc := comptest.Must(computations.NewScan(typ, comptest.Must(computations.PredicateSum(dtypes.Int32)), nil, computations.ScanOptions{}))
	c := comptest.Must(sc.CompileWith(thr, core.CompileOptions{Tune: true}))
	defer c.Release()
	x := make([]int32, n)
	for i := range x {
		x[i] = int32(i%7) - 3
	}
	in := uploadValues(t, thr, typ, x)
	out := comptest.ArrayOfType(t, thr, typ)
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := readValues(t, out).([]int32)
	var sum int32
	for i, v := range x {
		sum += v
		if got[i] != sum {
			t.Fatalf("element %d: got %d, want %d", i, got[i], sum)
		}
	}
	if choice, ok := thr.Wisdom().Choice("scan int32 [5000] axes [0] exclusive false"); !ok || choice == "" {
		t.Errorf("no choice kept (%q, %v)", choice, ok)
	}
}
