package cluda_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// A reshaped array shares the memory of the original: a write through the
// view is seen by both.
func ExampleArray_Reshape() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	a, err := thr.ToDevice([]int32{0, 1, 2, 3, 4, 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()

	m, err := a.Reshape(2, -1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("shape", m.Shape(), "strides", m.Strides())
	row, err := m.Slice(0, 1, 2, 1) // m[1:2, :]
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := row.Fill(int32(-1)); err != nil {
		fmt.Println(err)
		return
	}
	flat, err := cluda.Read[int32](a)
	fmt.Println(flat, err)
	// Output:
	// shape [2 3] strides [12 4]
	// [0 1 2 -1 -1 -1] <nil>
}

// Slicing along an axis gives NumPy's a[:, 1::2], a view that Set and
// Thread.Copy write into, leaving the other elements as they are.
func ExampleArray_Slice() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	a, err := thr.Zeros([]int{2, 4}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()

	odd, err := a.Slice(1, 1, 4, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("shape", odd.Shape(), "strides", odd.Strides(), "offset", odd.Offset())
	if err := odd.Set([]float32{1, 2, 3, 4}); err != nil {
		fmt.Println(err)
		return
	}
	all, err := cluda.Read[float32](a)
	fmt.Println(all, err)
	// Output:
	// shape [2 2] strides [16 8] offset 4
	// [0 1 0 2 0 3 0 4] <nil>
}

// An element view counts strides and the offset in elements: here each
// row is a window of three elements that starts one element after the
// row before.
func ExampleArray_ElementView() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	a, err := thr.ToDevice([]float32{10, 11, 12, 13, 14, 15})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()

	windows, err := a.ElementView([]int{4, 3}, []int{1, 1}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	w, err := cluda.Read[float32](windows)
	fmt.Println(w, err)
	_, err = a.ElementView([]int{6}, []int{-1}, 5)
	fmt.Println(err)
	// Output:
	// [10 11 12 11 12 13 12 13 14 13 14 15] <nil>
	// cluda: element view: strides [-1]: negative strides are not supported
}

// ReadInto reads results into the same Go slice on every call.
func ExampleReadInto() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	a, err := thr.ToDevice([]float64{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()

	out := make([]float64, 3)
	for _, v := range []float64{5, 7} {
		if err := a.Fill(v); err != nil {
			fmt.Println(err)
			return
		}
		if err := cluda.ReadInto(a, out); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(out)
	}
	fmt.Println(cluda.ReadInto(a, make([]float64, 2)))
	// Output:
	// [5 5 5]
	// [7 7 7]
	// cluda: read into: slice of 2 elements for an array of 3 (shape [3])
}

// Fast math, compiler options and defines reach the compiler; each set of
// options builds a program of its own.
func ExampleCompileOptions() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	const source = `KERNEL void fill(GLOBAL_MEM int *x)
{
#ifdef COMPILE_FAST_MATH
    x[get_global_id(0)] = -WIDTH;
#else
    x[get_global_id(0)] = WIDTH;
#endif
}`
	x, err := thr.Empty([]int{2}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Release()
	for _, opts := range []cluda.CompileOptions{
		{Defines: map[string]string{"WIDTH": "3"}},
		{FastMath: true, Defines: map[string]string{"WIDTH": "(2 * 2)"}, Options: []string{"-w"}},
	} {
		prog, err := thr.Compile(source, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		k, err := prog.Kernel("fill")
		if err == nil {
			err = k.Call([]int{2}, nil, x)
		}
		prog.Release()
		if err != nil {
			fmt.Println(err)
			return
		}
		got, err := cluda.Read[int32](x)
		fmt.Println(got, err)
	}
	err = cluda.CompileOptions{Defines: map[string]string{"KERNEL": ""}}.Validate()
	fmt.Println(err)
	// Output:
	// [3 3] <nil>
	// [-4 -4] <nil>
	// define "KERNEL": macro KERNEL is defined by the prelude
}
