package tutorial_test

import (
	"fmt"
	"log"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

// A Go value printed into C source is not a C literal of the kernel's
// type; literal makes one.
func Example_literal() {
	tmpl := templates.MustParse("scale", `naive: x * {{ .dk }}f;
literal: x * {{ literal .dtype .dk }};
double: x * {{ literal "float64" .dk }};
`)
	src, err := snippets.RenderTemplate(tmpl, map[string]any{"dtype": dtypes.Float32, "dk": 1.0})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(src)
	// Output:
	// naive: x * 1f;
	// literal: x * 1.0f;
	// double: x * 1.0;
}

// powerSpectrum returns an output transformation that stores
// scale·|input|² of a complex array of type t as a real array.
func powerSpectrum(t core.Type, scale float64) (*core.Transformation, error) {
	return core.NewTransformation([]core.Parameter{
		core.Param("power", core.Out(t.WithDType(t.DType().Real()))),
		core.Param("input", core.In(t)),
	}, `const {{ .input.CType }} z = {{ .input.LoadSame }};
    {{ .power.StoreSame }}({{ literal .power.DType .scale }} * (z.x * z.x + z.y * z.y));`,
		core.TransformationOptions{Name: "power_spectrum", RenderArgs: map[string]any{"scale": scale}})
}

// A transformation of one's own on the output of an FFT: the power
// spectrum of a cosine, divided by the squared length.
func Example_transformation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 16)
	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
	if err != nil {
		log.Fatal(err)
	}
	power, err := powerSpectrum(t, 1.0/(16*16))
	if err != nil {
		log.Fatal(err)
	}
	err = f.Connect("output", power, "input", map[string]string{"power": "power"})
	if err != nil {
		log.Fatal(err)
	}
	c, err := f.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Release()

	signal := make([]complex64, 16)
	for i, x := range cosine(16, 3) {
		signal[i] = complex(x, 0)
	}
	in, err := thr.ToDevice(signal)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.Empty([]int{16}, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out, in, 0); err != nil {
		log.Fatal(err)
	}
	p, err := cluda.Read[float32](out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("P[0] = %.2f, P[3] = %.2f, P[13] = %.2f\n", p[0], p[3], p[13])
	// Output:
	// P[0] = 0.00, P[3] = 0.25, P[13] = 0.25
}

// windowKernel multiplies each value of input by its weight in window.
var windowKernel = templates.MustParse("window.cl", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .output.StoreIdx }}(i, {{ .mul }}({{ .input.LoadIdx }}(i), {{ .window.LoadIdx }}(i)));
}`)

// newWindowedFFT returns a computation of one's own with the signature
// (output, input), both complex64 arrays of n values: the FFT of the input
// multiplied by a Hann window. Its plan multiplies the input by the window,
// a persistent array, into a temporary array, which a nested FFT
// transforms.
func newWindowedFFT(n int) (*core.Computation, error) {
	t := core.ArrayOf(dtypes.Complex64, n)
	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	mul, err := functions.Mul(dtypes.Complex64, dtypes.Float32)
	if err != nil {
		return nil, err
	}
	hann := make([]float32, n)
	for i := range hann {
		hann[i] = float32(0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n)))
	}
	return core.NewComputation("windowed_fft", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		window, err := plan.PersistentArray(hann)
		if err != nil {
			return err
		}
		windowed, err := plan.TempArray(t)
		if err != nil {
			return err
		}
		err = plan.KernelCall(windowKernel, []core.KernelArg{
			core.Bind("output", windowed), core.Bind("input", args["input"]), core.Bind("window", window),
		}, []int{n}, core.KernelOptions{Name: "window", RenderArgs: map[string]any{"mul": mul}})
		if err != nil {
			return err
		}
		return plan.ComputationCall(f, args["output"], windowed, 0)
	})
}

// A computation of one's own: the windowed FFT of a cosine, whose peak
// the window spreads over three bins.
func Example_computation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	comp, err := newWindowedFFT(16)
	if err != nil {
		log.Fatal(err)
	}
	c, err := comp.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Release()
	fmt.Println(c.Signature().Names())

	signal := make([]complex64, 16)
	for i, x := range cosine(16, 3) {
		signal[i] = complex(x, 0)
	}
	in, err := thr.ToDevice(signal)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		log.Fatal(err)
	}
	spectrum, err := cluda.Read[complex64](out)
	if err != nil {
		log.Fatal(err)
	}
	printMagnitudes(spectrum, 8)
	// Output:
	// [output input]
	// |X|: 0 0 2 4 2 0 0 0
}
