package fft_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/templates"
)

// rowsKernel transforms each row of input with the modules fft and ifft
// into forward and inverse, one row per work-group of .items work-items,
// through one buffer.
var rowsKernel = templates.MustParse("fft_rows.cl", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM {{ .ctype }} buf[{{ .fft }}_LOCAL_ELEMS];
    const unsigned int lid = virtual_local_id(0);
    const VSIZE_T row = virtual_group_id(0);
    for (unsigned int i = lid; i < {{ .fft }}_LENGTH; i += {{ .items }})
        {{ .fft }}_store(buf, i, {{ .input.LoadIdx }}(row, i));
    {{ .fft }}(buf, lid);
    for (unsigned int i = lid; i < {{ .fft }}_LENGTH; i += {{ .items }})
        {{ .forward.StoreIdx }}(row, i, {{ .fft }}_load(buf, i));
    // The loads above read what this work-item stores next: no barrier.
    for (unsigned int i = lid; i < {{ .ifft }}_LENGTH; i += {{ .items }})
        {{ .ifft }}_store(buf, i, {{ .input.LoadIdx }}(row, i));
    {{ .ifft }}(buf, lid);
    for (unsigned int i = lid; i < {{ .ifft }}_LENGTH; i += {{ .items }})
        {{ .inverse.StoreIdx }}(row, i, {{ .ifft }}_load(buf, i));
}`)

// rowsComputation returns a computation of one's own, (forward, inverse,
// input) of type t (rows × N), that transforms the rows with two
// work-group FFT modules, forward and inverse, in one kernel whose
// work-groups have extra work-items beyond those the modules ask.
func rowsComputation(t core.Type, extra int) (*core.Computation, error) {
	rows, n := t.Shape()[0], t.Shape()[1]
	return core.NewComputation("fft_rows", []core.Parameter{
		core.Param("forward", core.Out(t)),
		core.Param("inverse", core.Out(t)),
		core.Param("input", core.In(t)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		f, err := fft.NewFFTModule(n, t.DType(), false, plan.DeviceParams())
		if err != nil {
			return err
		}
		ifft, err := fft.NewFFTModule(n, t.DType(), true, plan.DeviceParams())
		if err != nil {
			return err
		}
		if f.LocalElems() != ifft.LocalElems() || f.WorkGroupSize() != ifft.WorkGroupSize() {
			return fmt.Errorf("the forward module takes %d elements and %d work-items, the inverse %d and %d",
				f.LocalElems(), f.WorkGroupSize(), ifft.LocalElems(), ifft.WorkGroupSize())
		}
		items := f.WorkGroupSize() + extra
		return plan.KernelCall(rowsKernel, []core.KernelArg{
			core.Bind("forward", args["forward"]), core.Bind("inverse", args["inverse"]), core.Bind("input", args["input"]),
		}, []int{rows * items}, core.KernelOptions{
			Name: "fft_rows", Local: []int{items},
			RenderArgs: map[string]any{"fft": f.Module(), "ifft": ifft.Module(), "ctype": t.DType().CType(), "items": items},
		})
	})
}

// moduleCase is a work-group FFT of rows rows of n points of dt.
type moduleCase struct {
	dt      dtypes.DType
	n, rows int
	extra   int // work-items per group beyond the modules'
}

// moduleCases are, spread over the two precisions so that each length
// compiles once: length 1, powers of two (2048 the longest complex128 row
// the model GPU takes; TestFFTModuleLimits plans the longest ones), lengths with factors 3, 5 and 7 (and 11 and 13, which
// the butterflies have too), a group larger than the modules ask, and a
// random 7-smooth length in each precision.
func moduleCases() []moduleCase {
	c64, c128 := dtypes.Complex64, dtypes.Complex128
	cases := []moduleCase{
		{dt: c64, n: 1024, rows: 2}, {dt: c64, n: 105, rows: 3}, {dt: c64, n: 2 * 11 * 13, rows: 2, extra: 37},
		{dt: c128, n: 1, rows: 2}, {dt: c128, n: 2048, rows: 1}, {dt: c128, n: 441, rows: 2},
	}
	rng := rand.New(rand.NewPCG(16, 7))
	for _, dt := range []dtypes.DType{c64, c128} {
		for {
			n := 1
			for _, p := range []int{2, 3, 5, 7} {
				for range rng.IntN(4) {
					n *= p
				}
			}
			if n > 1 && n <= 2048 && !slices.ContainsFunc(cases, func(c moduleCase) bool { return c.n == n }) {
				cases = append(cases, moduleCase{dt: dt, n: n, rows: 2})
				break
			}
		}
	}
	return cases
}

// TestFFTModule transforms rows of random data in a kernel of one's own
// that calls the module, forward and inverse, in both precisions.
func TestFFTModule(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range moduleCases() {
		dt := tc.dt
		t.Run(fmt.Sprintf("%v/N=%d/rows=%d/extra=%d", dt, tc.n, tc.rows, tc.extra), func(t *testing.T) {
			comptest.Supported(t, thr, dt)
			shape := []int{tc.rows, tc.n}
			comp, err := rowsComputation(core.ArrayOf(dt, shape...), tc.extra)
			if err != nil {
				t.Fatal(err)
			}
			c, err := comp.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			rng := rand.New(rand.NewPCG(uint64(tc.n), 2))
			x := randomData(rng, tc.rows*tc.n)
			in := upload(t, thr, dt, x, shape)
			forward, inverse := poisoned(t, thr, dt, shape), poisoned(t, thr, dt, shape)
			defer in.Release()
			defer forward.Release()
			defer inverse.Release()
			if err := c.Call(forward, inverse, in); err != nil {
				t.Fatal(err)
			}
			for _, out := range []struct {
				name    string
				a       *cluda.Array
				inverse bool
			}{{"forward", forward, false}, {"inverse", inverse, true}} {
				want := reference.FFTN(x, shape, []int{1}, out.inverse)
				if e := download(t, out.a, want); e > tolerance(dt) {
					t.Errorf("%s: relative L2 error %.3g, want at most %.0g", out.name, e, tolerance(dt))
				}
			}
		})
	}
}

// TestFFTModuleErrors checks that lengths the module cannot transform, a
// real dtype, a row beyond the device's local memory and missing device
// parameters are refused with an error that says why.
func TestFFTModuleErrors(t *testing.T) {
	gpu := cluda.ModelGPU()
	noDouble := cluda.ModelGPU()
	noDouble.DoubleFP = false
	for _, tc := range []struct {
		name    string
		n       int
		dt      dtypes.DType
		device  *cluda.DeviceParams
		message string
	}{
		{"zero length", 0, dtypes.Complex64, gpu, "at least 1"},
		{"negative length", -4, dtypes.Complex64, gpu, "at least 1"},
		{"prime above 13", 17, dtypes.Complex64, gpu, "prime factor 17"},
		{"factor above 13", 2 * 3 * 19, dtypes.Complex128, gpu, "prime factor 19"},
		{"real dtype", 64, dtypes.Float32, gpu, "must be complex64 or complex128"},
		{"integer dtype", 64, dtypes.Int32, gpu, "must be complex64 or complex128"},
		{"row beyond local memory", 8192, dtypes.Complex64, gpu, "bytes of local memory"},
		{"complex128 row beyond local memory", 4096, dtypes.Complex128, gpu, "bytes of local memory"},
		{"no double precision", 64, dtypes.Complex128, noDouble, "does not support"},
		{"no device", 64, dtypes.Complex64, nil, "no device parameters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := fft.NewFFTModule(tc.n, tc.dt, false, tc.device)
			if err == nil {
				t.Fatalf("got a module of %d work-items, want an error", m.WorkGroupSize())
			}
			if !strings.Contains(err.Error(), tc.message) {
				t.Errorf("error %q does not say %q", err, tc.message)
			}
		})
	}
}

// TestFFTModuleLimits checks what the module reports for the model GPU:
// the longest rows of each precision fit, with padded rows and a
// work-group within the device's limit, which a lower MaxWorkGroupSize
// lowers.
func TestFFTModuleLimits(t *testing.T) {
	gpu := cluda.ModelGPU()
	narrow := cluda.ModelGPU()
	narrow.MaxWorkGroupSize = 32
	for _, tc := range []struct {
		n          int
		dt         dtypes.DType
		device     *cluda.DeviceParams
		wg, elems  int
		localBytes int
	}{
		{4096, dtypes.Complex64, gpu, 256, 4351, 4351 * 8},
		{2048, dtypes.Complex128, gpu, 128, 2175, 2175 * 16},
		{1000, dtypes.Complex64, gpu, 100, 1062, 1062 * 8},
		{1024, dtypes.Complex64, narrow, 32, 1087, 1087 * 8},
		{1, dtypes.Complex64, gpu, 1, 1, 8},
	} {
		t.Run(fmt.Sprintf("%v/N=%d/max=%d", tc.dt, tc.n, tc.device.MaxWorkGroupSize), func(t *testing.T) {
			m, err := fft.NewFFTModule(tc.n, tc.dt, true, tc.device)
			if err != nil {
				t.Fatal(err)
			}
			if m.Length() != tc.n || m.DType() != tc.dt || !m.Inverse() {
				t.Errorf("module of %d points of %v, inverse %v", m.Length(), m.DType(), m.Inverse())
			}
			if m.WorkGroupSize() != tc.wg || m.LocalElems() != tc.elems || m.LocalBytes() != tc.localBytes {
				t.Errorf("%d work-items, %d elements, %d bytes; want %d, %d, %d",
					m.WorkGroupSize(), m.LocalElems(), m.LocalBytes(), tc.wg, tc.elems, tc.localBytes)
			}
		})
	}
}
