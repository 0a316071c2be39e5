package fft_test

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/templates"
)

// splitStepKernels are the kernel templates of the split-step example:
// "potential" multiplies by the phase of half a step in the potential
// F·x, computed from the index; "kinetic" multiplies the spectrum by a
// table of phases.
var splitStepKernels = templates.MustParse("splitstep.cl", `
{{- define "potential" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    const float x = {{ .xmin }} + {{ .dx }} * (float)i;
    {{ .out.StoreIdx }}(i, {{ .mul }}({{ .in.LoadIdx }}(i), {{ .polar_unit }}({{ .angle }} * x)));
}
{{- end }}
{{- define "kinetic" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .mul }}({{ .in.LoadIdx }}(i), {{ .phases.LoadIdx }}(i)));
}
{{- end }}`)

// splitStep is a computation of one's own: one step dt of the Schrödinger
// equation i∂ψ/∂t = -½∂²ψ/∂x² + F·x·ψ on a periodic grid of n points over
// [xmin, xmin+length), by the split-step Fourier method: half a step in
// the potential, a whole step of the kinetic term in Fourier space, half a
// step in the potential. Its signature is (output, input).
//
// Its plan has two kernels from templates, two temporary arrays, a
// persistent table of kinetic phases, and f, an FFT of n points, called
// twice, forward and inverse, whose tables the plan uploads once.
func splitStep(f *fft.FFT, n int, xmin, length, force, dt float64) (*core.Computation, error) {
	typ := core.ArrayOf(dtypes.Complex64, n)
	// The phase e^{-i k² dt/2} of each wave number k of the FFT's output.
	phases := make([]complex64, n)
	for j := range phases {
		k := 2 * math.Pi / length * float64(j)
		if j >= n/2 {
			k -= 2 * math.Pi / length * float64(n)
		}
		phases[j] = complex64(cmplx.Exp(complex(0, -k*k*dt/2)))
	}
	f32 := dtypes.Float32
	potential := map[string]any{
		"mul":        functions.MustMul(dtypes.Complex64, dtypes.Complex64),
		"polar_unit": functions.MustPolarUnit(f32),
		"xmin":       f32.MustLiteral(xmin),
		"dx":         f32.MustLiteral(length / float64(n)),
		"angle":      f32.MustLiteral(-force * dt / 2),
	}
	build := func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		half, err := plan.TempArray(typ)
		if err != nil {
			return err
		}
		spectrum, err := plan.TempArray(typ)
		if err != nil {
			return err
		}
		table, err := plan.PersistentArray(phases)
		if err != nil {
			return err
		}
		kernel := func(name string, out, in *core.KernelArgument, more ...core.KernelArg) error {
			args := append([]core.KernelArg{core.Bind("out", out), core.Bind("in", in)}, more...)
			return plan.KernelCall(splitStepKernels.Lookup(name), args, []int{n},
				core.KernelOptions{Name: name, RenderArgs: potential})
		}
		if err := kernel("potential", half, args["input"]); err != nil {
			return err
		}
		if err := plan.ComputationCall(f, spectrum, half, 0); err != nil {
			return err
		}
		if err := kernel("kinetic", half, spectrum, core.Bind("phases", table)); err != nil {
			return err
		}
		if err := plan.ComputationCall(f, spectrum, half, 1); err != nil {
			return err
		}
		return kernel("potential", args["output"], spectrum)
	}
	return core.NewComputation("split_step", []core.Parameter{
		core.Param("output", core.Out(typ)),
		core.Param("input", core.In(typ)),
	}, build)
}

// A wave packet in a uniform force field, propagated by a computation of
// one's own (splitStep) that nests an FFT: its centre follows Newton's
// x0 + k0·t - F·t²/2, which the split-step method reproduces exactly for a
// constant force, and its norm stays 1.
func Example_splitStep() {
	const (
		n              = 256
		xmin, length   = -20.0, 40.0
		x0, k0, force  = -5.0, 2.0, 0.5
		dt, steps      = 0.01, 200
		dx             = length / n
		totalTime      = dt * steps
		newtonPosition = x0 + k0*totalTime - force*totalTime*totalTime/2
	)
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, n), nil, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	step, err := splitStep(f, n, xmin, length, force, dt)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := step.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	// The step's persistent arrays: the kinetic phases, and the FFT's
	// tables once for its two calls.
	fftAlone, err := f.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	fftTables := len(fftAlone.PersistentArrays())
	fftAlone.Release()

	psi := make([]complex64, n)
	for j := range psi {
		x := xmin + dx*float64(j)
		amp := math.Exp(-(x-x0)*(x-x0)/2) / math.Pow(math.Pi, 0.25)
		psi[j] = complex64(cmplx.Rect(amp, k0*x))
	}
	a, err := thr.ToDevice(psi)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()
	b, err := thr.Empty([]int{n}, dtypes.Complex64)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Release()
	for range steps {
		if err := c.Call(b, a); err != nil {
			fmt.Println(err)
			return
		}
		a, b = b, a
	}
	final, err := cluda.Read[complex64](a)
	if err != nil {
		fmt.Println(err)
		return
	}
	var norm, centre float64
	for j, v := range final {
		p := real(v)*real(v) + imag(v)*imag(v)
		norm += float64(p) * dx
		centre += float64(p) * dx * (xmin + dx*float64(j))
	}
	fmt.Printf("norm after %d steps: %.4f\n", steps, norm)
	fmt.Printf("centre: %.2f, Newton's: %.2f\n", centre/norm, newtonPosition)
	fmt.Println("persistent arrays: the phases and the FFT's tables once:", len(c.PersistentArrays()) == fftTables+1)
	// Output:
	// norm after 200 steps: 1.0000
	// centre: -2.00, Newton's: -2.00
	// persistent arrays: the phases and the FFT's tables once: true
}
