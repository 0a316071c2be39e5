package fft

import (
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// fftTables makes the tables of a plan's kernels as persistent arrays of
// the transform's dtype (int32 for tables of indices), each table once.
type fftTables struct {
	plan  *core.Plan
	dt    dtypes.DType
	cache map[string]*core.KernelArgument
}

func newFFTTables(plan *core.Plan, dt dtypes.DType) *fftTables {
	return &fftTables{plan: plan, dt: dt, cache: map[string]*core.KernelArgument{}}
}

// get returns the persistent array of table t, or nil where t is
// fftplan.NoTable.
func (t *fftTables) get(table fftplan.Table) (*core.KernelArgument, error) {
	if table.Kind == fftplan.NoTable {
		return nil, nil
	}
	key := table.Key()
	if a, ok := t.cache[key]; ok {
		return a, nil
	}
	dt, values := t.dt, func() any { return toDType(table.Values(), t.dt) }
	if table.IsIndices() {
		dt, values = dtypes.Int32, func() any { return table.IndexValues() }
	}
	if err := checkTable(t.plan.DeviceParams(), "FFT table "+key, table.Len(), table.HostValues(), dt); err != nil {
		return nil, err
	}
	a, err := t.plan.PersistentArray(values())
	if err != nil {
		return nil, err
	}
	t.cache[key] = a
	return a, nil
}

// bind sets the arguments of the tables kernel k reads.
func (t *fftTables) bind(k *fftKernel) error {
	for _, b := range []struct {
		arg   **core.KernelArgument
		table fftplan.Table
	}{
		{&k.twInner, k.Tables.Stages},
		{&k.twPassLo, k.Tables.PassLo},
		{&k.twPassHi, k.Tables.PassHi},
		{&k.chirp, k.Tables.Chirp},
		{&k.bTable, k.Tables.KernelB},
		{&k.raderIndex, k.Tables.Indices},
	} {
		a, err := t.get(b.table)
		if err != nil {
			return err
		}
		*b.arg = a
	}
	return nil
}

// toDType returns the values as a Go slice of the complex dtype dt.
func toDType(v []complex128, dt dtypes.DType) any {
	if dt == dtypes.Complex128 {
		return v
	}
	out := make([]complex64, len(v))
	for i, x := range v {
		out[i] = complex64(x)
	}
	return out
}
