package core

import (
	"errors"
	"os"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

var addOne = templates.MustParse("add_one", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .in.LoadIdx }}(i) + 1);
}`)

// TestTempLifetimes chains kernels through temporary arrays: out = in + 4
// through t0, t1, t2. t0 is used by kernels 0 and 1, t1 by 1 and 2, t2 by 2
// and 3: t0 and t2 may share memory, t1 may share with neither.
func TestTempLifetimes(t *testing.T) {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, cluda.ThreadOptions{})
	if errors.Is(err, cluda.ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	typ := ArrayOf(dtypes.Int32, 100)
	comp, err := NewComputation("chain", []Parameter{Param("out", Out(typ)), Param("in", In(typ))},
		func(plan *Plan, args map[string]*KernelArgument) error {
			var temps []*KernelArgument
			for i := 0; i < 3; i++ {
				tmp, err := plan.TempArray(typ)
				if err != nil {
					return err
				}
				temps = append(temps, tmp)
			}
			chain := []*KernelArgument{args["in"], temps[0], temps[1], temps[2], args["out"]}
			for i := 0; i < 4; i++ {
				if err := plan.KernelCall(addOne, []KernelArg{Bind("out", chain[i+1]), Bind("in", chain[i])}, []int{100}, KernelOptions{}); err != nil {
					return err
				}
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	c, err := comp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	if !cluda.SharesMemory(c.temps[0], c.temps[2]) {
		t.Error("t0 and t2 do not share memory although their uses do not overlap")
	}
	if cluda.SharesMemory(c.temps[0], c.temps[1]) || cluda.SharesMemory(c.temps[1], c.temps[2]) {
		t.Error("temporary arrays with overlapping uses share memory")
	}
	in := make([]int32, 100)
	for i := range in {
		in[i] = int32(i * 7)
	}
	din, _ := thr.ToDevice(in)
	dout, _ := thr.Empty([]int{100}, dtypes.Int32)
	defer din.Release()
	defer dout.Release()
	if err := c.Call(dout, din); err != nil {
		t.Fatal(err)
	}
	got, _ := cluda.Read[int32](dout)
	for i := range got {
		if got[i] != in[i]+4 {
			t.Fatalf("element %d = %d, want %d", i, got[i], in[i]+4)
		}
	}
}
