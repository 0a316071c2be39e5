package multi_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/multi"
)

// splitFFTTolerance bounds the relative L2 difference between a batched
// complex64 FFT split among devices and the same FFT on one device: each
// row goes through the same plan, so only the rounding of plans chosen
// for other batch sizes may differ, well below the FFT's own 1e-6 bound.
const splitFFTTolerance = 1e-6

// rowsFFT builds the FFT of rows of n complex64 points, over axis 1.
func rowsFFT(n int) multi.Builder {
	return func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, n), []int{1}, fft.FFTOptions{})
	}
}

func TestBatchedFFTOnSplitArrays(t *testing.T) {
	cases := []struct {
		name    string
		devices int
		rows, n int
		shares  []int
	}{
		{"three devices, uneven shares", 3, 5, 4, []int{2, 1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := cludatest.MultiThread(t, c.devices, cluda.MultiThreadOptions{})
			shares, err := cluda.SplitShares(c.rows, c.shares, c.devices)
			if err != nil {
				t.Fatal(err)
			}
			f, err := multi.Compile(m, shares, rowsFFT(c.n))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Release()
			data := to64(randomComplex(c.rows*c.n, 7))
			in, err := m.ToDeviceSplit(data, []int{c.rows, c.n}, 0, shares)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Release()
			out, err := m.EmptySplit([]int{c.rows, c.n}, dtypes.Complex64, 0, shares)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			if err := f.Call(out, in, 0); err != nil {
				t.Fatal(err)
			}
			got, err := cluda.ReadSplit[complex64](out)
			if err != nil {
				t.Fatal(err)
			}
			// The same transform of the whole batch on one device.
			thr := cludatest.Thread(t)
			whole, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, c.rows, c.n), []int{1}, fft.FFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			one, err := whole.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer one.Release()
			a, err := thr.ToDevice(data, c.rows, c.n)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Release()
			if err := one.Call(a, a, 0); err != nil {
				t.Fatal(err)
			}
			want, err := cluda.Read[complex64](a)
			if err != nil {
				t.Fatal(err)
			}
			if e := reference.RelativeL2(got, from64(want)); e > splitFFTTolerance {
				t.Errorf("relative L2 difference from one device %.3g, want at most %g", e, splitFFTTolerance)
			}
		})
	}
}

func TestPureParallelOnSplitArrays(t *testing.T) {
	m := cludatest.MultiThread(t, 3, cluda.MultiThreadOptions{})
	shape := []int{4, 5, 3}
	shares := []int{2, 2, 1}
	pp, err := multi.Compile(m, shares, func(p multi.Part) (core.AnyComputation, error) {
		part := core.ArrayOf(dtypes.Float32, 4, p.Length, 3)
		return computations.NewPureParallel([]core.Parameter{
			core.Param("out", core.Out(part)),
			core.Param("in", core.In(part)),
			core.Param("k", core.ScalarArg(dtypes.Float32)),
		}, `{{ .out.StoreSame }}({{ .in.LoadSame }} * {{ .k }});`, computations.PureParallelOptions{})
	})
	if err != nil {
		t.Fatal(err)
	}
	defer pp.Release()
	data := make([]float32, 4*5*3)
	for i := range data {
		data[i] = float32(i)
	}
	in, err := m.ToDeviceSplit(data, shape, 1, shares)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := m.EmptySplit(shape, dtypes.Float32, 1, shares)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	// By name, in an order of its own: the same call.
	if err := pp.CallNamed(map[string]any{"k": 2.5, "in": in, "out": out}); err != nil {
		t.Fatal(err)
	}
	if err := pp.CallNamed(map[string]any{"k": 2.5, "in": in}); err == nil || !strings.Contains(err.Error(), "no value for out") {
		t.Errorf("a call by name without out: error %v, want one that says so", err)
	}
	got, err := cluda.ReadSplit[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != data[i]*2.5 {
			t.Fatalf("element %d is %v, want %v", i, v, data[i]*2.5)
		}
	}
}

func TestCallErrors(t *testing.T) {
	m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
	// The parts' transforms are those of TestBatchedFFTOnSplitArrays and
	// of the first phase of the slab FFT in TestSlabFFTErrors.
	shares := []int{2, 2}
	f, err := multi.Compile(m, shares, rowsFFT(4))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	split := func(axis int, s []int) *cluda.SplitArray {
		a, err := m.EmptySplit([]int{4, 4}, dtypes.Complex64, axis, s)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		return a
	}
	rows, rows2 := split(0, shares), split(0, shares)
	columns := split(1, shares)
	other := split(0, []int{3, 1})
	one, err := m.Thread(0).Empty([]int{4, 4}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Release()
	cases := []struct {
		name string
		c    *multi.Callable
		args []any
		want string
	}{
		// The rows' FFT transforms axis 1.
		{"split along a transformed axis", f, []any{columns, rows, 0}, "transforms"},
		{"other shares", f, []any{rows, other, 0}, "shares"},
		{"an array of one device", f, []any{rows, one, 0}, "SplitArray"},
		{"a split array for a scalar", f, []any{rows2, rows, rows}, "scalar"},
		{"too few arguments", f, []any{rows2, rows}, "arguments"},
	}
	// Device 1's part of the output released: found before device 0
	// enqueues its part.
	released := split(0, shares)
	released.Part(1).Release()
	cases = append(cases, struct {
		name string
		c    *multi.Callable
		args []any
		want string
	}{"a released part", f, []any{released, rows, 0}, `device 1: core: fft: parameter "output": the array was released`})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := kernelEnqueues(m)
			err := c.c.Call(c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one that mentions %q", err, c.want)
			}
			if n := kernelEnqueues(m) - before; n != 0 {
				t.Errorf("%d kernels enqueued by a call with a bad argument", n)
			}
		})
	}
	if _, err := multi.Compile(m, []int{4}, rowsFFT(4)); err == nil {
		t.Error("Compile with one share for two devices: no error")
	}
	if _, err := multi.Compile(m, []int{4, 0}, rowsFFT(4)); err == nil {
		t.Error("Compile with a share of zero: no error")
	}
	if _, err := multi.Compile(m, shares, func(multi.Part) (core.AnyComputation, error) { return nil, nil }); err == nil {
		t.Error("Compile of a Builder that returns nothing: no error")
	}
}

// kernelEnqueues returns the kernels enqueued on every device of m.
func kernelEnqueues(m *cluda.MultiThread) uint64 {
	var n uint64
	for i := range m.Len() {
		n += m.Thread(i).KernelEnqueues()
	}
	return n
}
