package transformations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/transformations"
)

// Split the complex output of a computation into real and imaginary parts:
// the computation squares complex values, and the callable returns two
// float32 arrays instead of a complex64 one, in the same kernel.
func ExampleSplitComplex() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 4)
	square, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, `const float2 x = {{ .input.LoadSame }};
    {{ .output.StoreSame }}({{ .mul }}(x, x));`, computations.PureParallelOptions{
		Name:       "square",
		RenderArgs: map[string]any{"mul": functions.MustMul(dtypes.Complex64, dtypes.Complex64)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	split, err := transformations.SplitComplex(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := square.Connect("output", split, "input", map[string]string{"real": "re", "imag": "im"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(square.Signature().Names())

	c, err := square.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	in, _ := thr.ToDevice([]complex64{1 + 2i, 2, 1i, 3 - 1i})
	re, _ := thr.Empty([]int{4}, dtypes.Float32)
	im, _ := thr.Empty([]int{4}, dtypes.Float32)
	defer in.Release()
	defer re.Release()
	defer im.Release()
	if err := c.Call(re, im, in); err != nil {
		fmt.Println(err)
		return
	}
	reals, _ := cluda.Read[float32](re)
	imags, _ := cluda.Read[float32](im)
	fmt.Println("re:", reals)
	fmt.Println("im:", imags)
	// Output:
	// [re im input]
	// re: [-3 4 -1 8]
	// im: [4 0 0 -6]
}

// Zero-pad a short signal to a longer transform length, centred, in the
// load of the computation that uses it (here a copy stands for an FFT).
func ExamplePad() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	short, long := core.ArrayOf(dtypes.Float32, 5), core.ArrayOf(dtypes.Float32, 9)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(long)),
		core.Param("input", core.In(long)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }});`, computations.PureParallelOptions{Name: "copy"})
	if err != nil {
		fmt.Println(err)
		return
	}
	pad, err := transformations.Pad(short, long, transformations.CenteredOffsets(short, long))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := comp.Connect("input", pad, "output", map[string]string{"input": "signal"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(comp.Signature())

	c, err := comp.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	signal, _ := thr.ToDevice([]float32{1, 2, 3, 4, 5})
	out, _ := thr.Empty([]int{9}, dtypes.Float32)
	defer signal.Release()
	defer out.Release()
	if err := c.Call(out, signal); err != nil {
		fmt.Println(err)
		return
	}
	padded, _ := cluda.Read[float32](out)
	fmt.Println(padded)
	// Output:
	// (output:Annotation(Type(float32, shape=(9,), strides=(4,)), role='o'), signal:Annotation(Type(float32, shape=(5,), strides=(4,)), role='i'))
	// [0 0 1 2 3 4 5 0 0]
}

// Multiply every row of a batch by a window along the last axis, and scale
// the result by a parameter on the way out.
func ExampleMulArray() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	batch, window := core.ArrayOf(dtypes.Float32, 2, 4), core.ArrayOf(dtypes.Float32, 4)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(batch)),
		core.Param("input", core.In(batch)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }});`, computations.PureParallelOptions{Name: "copy"})
	if err != nil {
		fmt.Println(err)
		return
	}
	mul, err := transformations.MulArray(batch, window, []int{-1})
	if err != nil {
		fmt.Println(err)
		return
	}
	scale, err := transformations.MulParam(batch, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := comp.Connect("input", mul, "output", map[string]string{"input": "signal", "factor": "window"}); err != nil {
		fmt.Println(err)
		return
	}
	if err := comp.Connect("output", scale, "input", map[string]string{"output": "scaled", "param": "gain"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(comp.Signature().Names())

	c, err := comp.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	signal, _ := thr.ToDevice([]float32{1, 1, 1, 1, 2, 4, 6, 8}, 2, 4)
	win, _ := thr.ToDevice([]float32{0, 0.5, 1, 0.5})
	out, _ := thr.Empty([]int{2, 4}, dtypes.Float32)
	defer signal.Release()
	defer win.Release()
	defer out.Release()
	if err := c.Call(out, float32(10), signal, win); err != nil {
		fmt.Println(err)
		return
	}
	res, _ := cluda.Read[float32](out)
	fmt.Println(res[:4])
	fmt.Println(res[4:])
	// Output:
	// [scaled gain signal window]
	// [0 5 10 5]
	// [0 20 60 40]
}

// Transform half-precision data: the FFT reads complex32 values through
// FromHalf and writes them through ToHalf, computing in float32, so that
// its arrays take half the memory and half the bandwidth of complex64 ones.
func ExampleFromHalf() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 4)
	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	from, err := transformations.FromHalf(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	to, err := transformations.ToHalf(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Connect("input", from, "output", map[string]string{"input": "input_half"}); err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Connect("output", to, "input", map[string]string{"output": "output_half"}); err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range f.Signature() {
		fmt.Println(p.Name, p.Type().DType())
	}

	c, err := f.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	x := []dtypes.HalfComplex{
		dtypes.NewHalfComplex(1), dtypes.NewHalfComplex(2), dtypes.NewHalfComplex(3), dtypes.NewHalfComplex(4 + 0.5i),
	}
	in, _ := thr.ToDevice(x)
	out, _ := thr.Empty([]int{4}, dtypes.Complex32)
	defer in.Release()
	defer out.Release()
	if err := c.Call(out, in, int32(0)); err != nil {
		fmt.Println(err)
		return
	}
	y, _ := cluda.Read[dtypes.HalfComplex](out)
	for _, v := range y {
		fmt.Print(v.Complex64(), " ")
	}
	fmt.Println()
	// Output:
	// output_half complex32
	// input_half complex32
	// inverse int32
	// (10+0.5i) (-2.5+2i) (-2-0.5i) (-1.5-2i)
}
