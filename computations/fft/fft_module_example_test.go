package fft_test

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/templates"
)

// filterKernel filters the signal of its work-group's row: it loads the
// row, transforms it with the module fft, multiplies the spectrum by the
// filter's, transforms back with ifft and stores the row, one pass over
// memory. Each work-item multiplies the elements it loaded, so no barrier
// is needed beyond those the modules hold.
var filterKernel = templates.MustParse("filter_rows.cl", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM float2 buf[{{ .fft }}_LOCAL_ELEMS];
    const unsigned int lid = virtual_local_id(0);
    const VSIZE_T row = virtual_group_id(0);
    for (unsigned int i = lid; i < {{ .fft }}_LENGTH; i += {{ .fft }}_WORK_ITEMS)
        {{ .fft }}_store(buf, i, {{ .signals.LoadIdx }}(row, i));
    {{ .fft }}(buf, lid);
    for (unsigned int k = lid; k < {{ .fft }}_LENGTH; k += {{ .fft }}_WORK_ITEMS)
        {{ .fft }}_store(buf, k, {{ .mul }}({{ .fft }}_load(buf, k), {{ .response.LoadIdx }}(k)));
    {{ .ifft }}(buf, lid);
    for (unsigned int i = lid; i < {{ .fft }}_LENGTH; i += {{ .fft }}_WORK_ITEMS)
        {{ .output.StoreIdx }}(row, i, {{ .ifft }}_load(buf, i));
}`)

// filterRows returns a computation of one's own that filters each row of
// signals (rows × n, complex64) by a frequency response of n values, in
// one kernel that calls two work-group FFT modules: the circular
// convolution of every row with the filter's impulse response. Its
// signature is (output, signals, response).
func filterRows(rows, n int) (*core.Computation, error) {
	signals := core.ArrayOf(dtypes.Complex64, rows, n)
	return core.NewComputation("filter_rows", []core.Parameter{
		core.Param("output", core.Out(signals)),
		core.Param("signals", core.In(signals)),
		core.Param("response", core.In(core.ArrayOf(dtypes.Complex64, n))),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		// The modules are made for the device the plan is for. Forward and
		// inverse modules of one length share the buffer and work-items.
		f, err := fft.NewFFTModule(n, dtypes.Complex64, false, plan.DeviceParams())
		if err != nil {
			return err
		}
		ifft, err := fft.NewFFTModule(n, dtypes.Complex64, true, plan.DeviceParams())
		if err != nil {
			return err
		}
		mul, err := functions.Mul(dtypes.Complex64, dtypes.Complex64)
		if err != nil {
			return err
		}
		wg := f.WorkGroupSize()
		return plan.KernelCall(filterKernel, []core.KernelArg{
			core.Bind("output", args["output"]),
			core.Bind("signals", args["signals"]),
			core.Bind("response", args["response"]),
		}, []int{rows * wg}, core.KernelOptions{
			Name:       "filter_rows",
			Local:      []int{wg}, // one work-group per row
			RenderArgs: map[string]any{"fft": f.Module(), "ifft": ifft.Module(), "mul": mul},
		})
	})
}

// filterSeparately returns the same filter as separate computations: an
// FFT over the rows, an elementwise product with the response, and the
// inverse FFT.
func filterSeparately(thr *cluda.Thread, rows, n int, signals, response *cluda.Array) (*cluda.Array, error) {
	typ := core.ArrayOf(dtypes.Complex64, rows, n)
	f, err := fft.NewFFT(typ, []int{1}, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	transform, err := f.Compile(thr)
	if err != nil {
		return nil, err
	}
	defer transform.Release()
	product, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
		core.Param("response", core.In(core.ArrayOf(dtypes.Complex64, n))),
	}, `{{ .out.StoreSame }}({{ .mul }}({{ .in.LoadSame }}, {{ .response.LoadIdx }}({{ index .Idxs 1 }})));`,
		computations.PureParallelOptions{Name: "filter", RenderArgs: map[string]any{"mul": functions.MustMul(dtypes.Complex64, dtypes.Complex64)}})
	if err != nil {
		return nil, err
	}
	multiply, err := product.Compile(thr)
	if err != nil {
		return nil, err
	}
	defer multiply.Release()
	spectrum, err := thr.Empty([]int{rows, n}, dtypes.Complex64)
	if err != nil {
		return nil, err
	}
	defer spectrum.Release()
	out, err := thr.Empty([]int{rows, n}, dtypes.Complex64)
	if err != nil {
		return nil, err
	}
	for _, step := range []func() error{
		func() error { return transform.Call(spectrum, signals, 0) },
		func() error { return multiply.Call(out, spectrum, response) },
		func() error { return transform.Call(out, out, 1) },
	} {
		if err := step(); err != nil {
			out.Release()
			return nil, err
		}
	}
	return out, nil
}

// A kernel of one's own that calls the FFT: a batch of signals, each a
// slow tone of amplitude r+1 with a fast tone on top, goes through a
// low-pass filter in one kernel that loads a row, transforms it, multiplies
// it by the filter's response, transforms it back and stores it. The fast
// tone is gone, and the result is that of an FFT, a PureParallel product
// and an inverse FFT run one after the other.
func ExampleNewFFTModule() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	const rows, n = 4, 1024
	x := make([]complex64, rows*n)
	for r := range rows {
		for i := range n {
			t := 2 * math.Pi * float64(i) / n
			x[r*n+i] = complex64(complex(float64(r+1)*math.Cos(5*t)+math.Cos(200*t), 0))
		}
	}
	// The response of an ideal low-pass filter: frequencies up to 20 pass.
	h := make([]complex64, n)
	for k := range h {
		if k <= 20 || k >= n-20 {
			h[k] = 1
		}
	}
	filter, err := filterRows(rows, n)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := filter.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	signals, err := thr.ToDevice(x, rows, n)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer signals.Release()
	response, err := thr.ToDevice(h)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer response.Release()
	out, err := thr.Empty([]int{rows, n}, dtypes.Complex64)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, signals, response); err != nil {
		fmt.Println(err)
		return
	}
	fused, err := cluda.Read[complex64](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	separate, err := filterSeparately(thr, rows, n, signals, response)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer separate.Release()
	want, err := cluda.Read[complex64](separate)
	if err != nil {
		fmt.Println(err)
		return
	}
	var slow, diff, norm float64 // the largest distance from the slow tone; the L2 difference and norm
	for r := range rows {
		for i := range n {
			t := 2 * math.Pi * float64(i) / n
			got := complex128(fused[r*n+i])
			slow = max(slow, math.Hypot(real(got)-float64(r+1)*math.Cos(5*t), imag(got)))
			d := got - complex128(want[r*n+i])
			diff += real(d)*real(d) + imag(d)*imag(d)
			norm += real(got)*real(got) + imag(got)*imag(got)
		}
	}
	fmt.Printf("the fast tone is gone: %v\n", slow < 1e-4)
	fmt.Printf("the fused kernel agrees with the separate computations: %v\n", math.Sqrt(diff/norm) < 1e-6)
	// Output:
	// the fast tone is gone: true
	// the fused kernel agrees with the separate computations: true
}
