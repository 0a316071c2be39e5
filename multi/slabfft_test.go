package multi_test

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/multi"
	"github.com/reikna-go/reikna/transformations"
)

// slabTolerance bounds the relative L2 error of a complex64 slab FFT
// against the float64 reference: the FFT's own bound (DESIGN's 1e-6),
// since the exchange moves values without touching them.
const slabTolerance = 1e-6

// splitOf returns the split axis of a layout's input (in) or output.
func splitOf(l multi.SlabLayout, in bool) int {
	switch {
	case l == multi.SlabsToSlabs, l == multi.SlabsToTransposed && in, l == multi.TransposedToSlabs && !in:
		return 0
	}
	return 1
}

func TestSlabFFT(t *testing.T) {
	cases := []struct {
		devices          int
		shape            []int
		layout           multi.SlabLayout
		shares0, shares1 []int
		chunks           int
	}{
		{2, []int{8, 12, 16}, multi.SlabsToTransposed, nil, nil, 0},
		// Axis 1 splits unevenly, 4, 3, 3 and given as 3, 3, 4; the two
		// cases share their kernels.
		{3, []int{6, 10, 4}, multi.SlabsToSlabs, nil, nil, 0},
		{3, []int{6, 10, 4}, multi.TransposedToSlabs, nil, []int{3, 3, 4}, 0},
		// The exchanges beside the transforms, in chunks of uneven
		// lengths along both split axes.
		{2, []int{8, 12, 16}, multi.SlabsToTransposed, nil, nil, 3},
		{3, []int{6, 10, 4}, multi.SlabsToSlabs, nil, nil, 2},
		{3, []int{6, 10, 4}, multi.TransposedToSlabs, nil, []int{3, 3, 4}, 2},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d devices/%v/%v/%v %v/%d chunks", c.devices, c.shape, c.layout, c.shares0, c.shares1, c.chunks), func(t *testing.T) {
			m := cludatest.MultiThread(t, c.devices, cluda.MultiThreadOptions{})
			typ := core.ArrayOf(dtypes.Complex64, c.shape...)
			f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: c.layout, Shares0: c.shares0, Shares1: c.shares1, Chunks: c.chunks})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Release()
			if want := max(c.chunks, 1); f.Chunks() != want {
				t.Errorf("%d chunks, want %d", f.Chunks(), want)
			}
			if names := f.Signature().Names(); strings.Join(names, " ") != "output input inverse" {
				t.Errorf("signature %v, want output input inverse", names)
			}
			data := randomComplex(typ.Size(), 3)
			inAxis, outAxis := splitOf(c.layout, true), splitOf(c.layout, false)
			in, err := m.ToDeviceSplit(to64(data), c.shape, inAxis, f.Shares(inAxis))
			if err != nil {
				t.Fatal(err)
			}
			defer in.Release()
			out, err := m.EmptySplit(c.shape, dtypes.Complex64, outAxis, f.Shares(outAxis))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			for _, inverse := range []bool{false, true} {
				dir := map[bool]int{false: 0, true: 1}[inverse]
				if err := f.Call(out, in, dir); err != nil {
					t.Fatal(err)
				}
				got, err := cluda.ReadSplit[complex64](out)
				if err != nil {
					t.Fatal(err)
				}
				if e := reference.RelativeL2(got, reference.FFTN(from64(to64(data)), c.shape, nil, inverse)); e > slabTolerance {
					t.Errorf("inverse %v: relative L2 error %.3g, want at most %g", inverse, e, slabTolerance)
				}
			}
			st := f.Stats()
			wantExchanges := 1
			if c.layout == multi.SlabsToSlabs {
				wantExchanges = 2
			}
			if st.Exchanges != wantExchanges || st.ExchangedBytes <= 0 || st.Compute <= 0 || st.Exchange <= 0 {
				t.Errorf("stats %+v: want %d exchanges of some bytes, and times", st, wantExchanges)
			}
		})
	}
}

// TestSlabFFTChunksWithInput checks that input transformations keep the
// first transform whole: to transposed slabs nothing is cut into chunks,
// and back to slabs only the second transform.
func TestSlabFFTChunksWithInput(t *testing.T) {
	m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
	typ := core.ArrayOf(dtypes.Complex64, 4, 6, 5)
	scale := func(f *fft.FFT, _ multi.Part) error {
		p, _ := f.Parameter("input")
		tr, err := transformations.MulConst(p.Type(), 2)
		if err != nil {
			return err
		}
		return f.Connect("input", tr, "output", map[string]string{"input": "unscaled"})
	}
	for _, c := range []struct {
		layout multi.SlabLayout
		want   int
	}{{multi.SlabsToTransposed, 1}, {multi.SlabsToSlabs, 2}} {
		f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: c.layout, Chunks: 2, Input: scale})
		if err != nil {
			t.Fatal(err)
		}
		if f.Chunks() != c.want {
			t.Errorf("%v: %d chunks, want %d", c.layout, f.Chunks(), c.want)
		}
		f.Release()
	}
}

// TestSlabFFTTransformations fuses the joining of real and imaginary
// parts into the first transform's loads and their splitting into the
// last one's stores.
func TestSlabFFTTransformations(t *testing.T) {
	m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
	shape := []int{4, 6, 5}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	partType := func(f *fft.FFT, name string) core.Type {
		p, _ := f.Parameter(name)
		return p.Type()
	}
	f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{
		Input: func(f *fft.FFT, _ multi.Part) error {
			join, err := transformations.CombineComplex(partType(f, "input"))
			if err != nil {
				return err
			}
			return f.Connect("input", join, "output", map[string]string{"real": "in_re", "imag": "in_im"})
		},
		Output: func(f *fft.FFT, _ multi.Part) error {
			split, err := transformations.SplitComplex(partType(f, "output"))
			if err != nil {
				return err
			}
			return f.Connect("output", split, "input", map[string]string{"real": "out_re", "imag": "out_im"})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	if names := strings.Join(f.Signature().Names(), " "); names != "out_re out_im in_re in_im inverse" {
		t.Fatalf("signature %v", names)
	}
	data := randomComplex(typ.Size(), 9)
	re, im := make([]float32, len(data)), make([]float32, len(data))
	for i, v := range data {
		re[i], im[i] = float32(real(v)), float32(imag(v))
	}
	var arrays []*cluda.SplitArray
	split := func(data []float32, axis int) *cluda.SplitArray {
		a, err := m.EmptySplit(shape, dtypes.Float32, axis, nil)
		if err == nil && data != nil {
			err = a.Set(data)
		}
		if err != nil {
			t.Fatal(err)
		}
		arrays = append(arrays, a)
		return a
	}
	defer func() {
		for _, a := range arrays {
			a.Release()
		}
	}()
	inRe, inIm, outRe, outIm := split(re, 0), split(im, 0), split(nil, 1), split(nil, 1)
	err = f.CallNamed(map[string]any{"in_re": inRe, "in_im": inIm, "out_re": outRe, "out_im": outIm, "inverse": 0})
	if err != nil {
		t.Fatal(err)
	}
	gotRe, err := cluda.ReadSplit[float32](outRe)
	if err != nil {
		t.Fatal(err)
	}
	gotIm, err := cluda.ReadSplit[float32](outIm)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]complex64, len(gotRe))
	for i := range got {
		got[i] = complex(gotRe[i], gotIm[i])
	}
	want := make([]complex128, len(data))
	for i := range data {
		want[i] = complex(float64(re[i]), float64(im[i]))
	}
	if e := reference.RelativeL2(got, reference.FFTN(want, shape, nil, false)); e > slabTolerance {
		t.Errorf("relative L2 error %.3g, want at most %g", e, slabTolerance)
	}
}

func TestSlabFFTErrors(t *testing.T) {
	m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
	c64 := func(shape ...int) core.Type { return core.ArrayOf(dtypes.Complex64, shape...) }
	cases := []struct {
		name string
		typ  core.Type
		opts multi.SlabFFTOptions
	}{
		{"one dimension", c64(8), multi.SlabFFTOptions{}},
		{"a real dtype", core.ArrayOf(dtypes.Float32, 4, 4), multi.SlabFFTOptions{}},
		{"fewer places than devices", c64(4, 1, 3), multi.SlabFFTOptions{}},
		{"shares that do not add up", c64(4, 4), multi.SlabFFTOptions{Shares0: []int{1, 2}}},
		{"output transformations back to slabs", c64(4, 4), multi.SlabFFTOptions{Layout: multi.SlabsToSlabs,
			Output: func(*fft.FFT, multi.Part) error { return nil }}},
		{"an unknown layout", c64(4, 4), multi.SlabFFTOptions{Layout: multi.SlabLayout(7)}},
		{"negative chunks", c64(4, 4), multi.SlabFFTOptions{Chunks: -1}},
		{"more chunks than places", c64(4, 6), multi.SlabFFTOptions{Chunks: 3}},
		{"transformations on the work array", c64(4, 4), multi.SlabFFTOptions{
			Input: func(f *fft.FFT, _ multi.Part) error {
				p, _ := f.Parameter("output")
				scale, err := transformations.MulConst(p.Type(), 2)
				if err != nil {
					return err
				}
				return f.Connect("output", scale, "input", map[string]string{"output": "scaled"})
			}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := multi.NewSlabFFT(m, c.typ, c.opts)
			if err == nil {
				f.Release()
				t.Fatal("no error")
			}
		})
	}
	f, err := multi.NewSlabFFT(m, c64(4, 4), multi.SlabFFTOptions{Layout: multi.SlabsToSlabs})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	rows, err := m.EmptySplit([]int{4, 4}, dtypes.Complex64, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Release()
	columns, err := m.EmptySplit([]int{4, 4}, dtypes.Complex64, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer columns.Release()
	if err := f.Call(columns, rows, 0); err == nil {
		t.Error("an output split along axis 1 for slabs to slabs: no error")
	}
	if err := f.Call(rows, columns, 0); err == nil {
		t.Error("an input split along axis 1 for slabs to slabs: no error")
	}
	if err := f.Call(rows, rows); err == nil {
		t.Error("too few arguments: no error")
	}
}

// TestSlabFFTConcurrentCalls calls one SlabFFT from several goroutines at
// once, each with arrays of its own: the calls share the work arrays, so
// that each result is right only if they run one after another.
func TestSlabFFTConcurrentCalls(t *testing.T) {
	const goroutines, calls = 4, 3
	shape := []int{8, 12, 16}
	for _, layout := range []multi.SlabLayout{multi.SlabsToTransposed, multi.SlabsToSlabs} {
		t.Run(layout.String(), func(t *testing.T) {
			m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
			typ := core.ArrayOf(dtypes.Complex64, shape...)
			f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: layout})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Release()
			inAxis, outAxis := splitOf(layout, true), splitOf(layout, false)
			var wg sync.WaitGroup
			errs := make(chan error, goroutines)
			for g := range goroutines {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- slabCalls(m, f, shape, inAxis, outAxis, uint64(10+g), calls)
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// slabCalls transforms fresh random data of the given seed calls times
// with f, poisoning the output before each call, and checks each result
// against the float64 reference.
func slabCalls(m *cluda.MultiThread, f *multi.SlabFFT, shape []int, inAxis, outAxis int, seed uint64, calls int) error {
	data := to64(randomComplex(core.ArrayOf(dtypes.Complex64, shape...).Size(), seed))
	in, err := m.ToDeviceSplit(data, shape, inAxis, f.Shares(inAxis))
	if err != nil {
		return err
	}
	defer in.Release()
	out, err := m.EmptySplit(shape, dtypes.Complex64, outAxis, f.Shares(outAxis))
	if err != nil {
		return err
	}
	defer out.Release()
	want := reference.FFTN(from64(data), shape, nil, false)
	poison := make([]complex64, len(data))
	for i := range poison {
		poison[i] = complex(float32(math.NaN()), float32(math.NaN()))
	}
	for call := range calls {
		if err := out.Set(poison); err != nil {
			return err
		}
		if err := f.Call(out, in, 0); err != nil {
			return err
		}
		got, err := cluda.ReadSplit[complex64](out)
		if err != nil {
			return err
		}
		if e := reference.RelativeL2(got, want); !(e <= slabTolerance) {
			return fmt.Errorf("seed %d, call %d: relative L2 error %.3g, want at most %g", seed, call, e, slabTolerance)
		}
	}
	return nil
}

// TestSlabFFTReleasedArgument calls a SlabFFT with a released array, or
// one whose part on one device was released: the call names the parameter
// and runs nothing, where the transforms before the one that uses the
// array used to run.
func TestSlabFFTReleasedArgument(t *testing.T) {
	m := cludatest.MultiThread(t, 2, cluda.MultiThreadOptions{})
	shape := []int{4, 6, 8}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	for _, tc := range []struct {
		layout multi.SlabLayout
		name   string // the parameter released
		part   int    // the device whose part is released
	}{
		{multi.SlabsToTransposed, "output", 0},
		{multi.SlabsToTransposed, "output", 1},
		{multi.SlabsToTransposed, "input", 1},
		{multi.SlabsToSlabs, "output", 1},
	} {
		t.Run(fmt.Sprintf("%v/%s/device %d", tc.layout, tc.name, tc.part), func(t *testing.T) {
			f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: tc.layout})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Release()
			inAxis, outAxis := splitOf(tc.layout, true), splitOf(tc.layout, false)
			in, err := m.ToDeviceSplit(to64(randomComplex(typ.Size(), 5)), shape, inAxis, f.Shares(inAxis))
			if err != nil {
				t.Fatal(err)
			}
			defer in.Release()
			out, err := m.EmptySplit(shape, dtypes.Complex64, outAxis, f.Shares(outAxis))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			map[string]*cluda.SplitArray{"output": out, "input": in}[tc.name].Part(tc.part).Release()
			before := kernelEnqueues(m)
			if err := f.Call(out, in, 0); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("parameter %q", tc.name)) || !strings.Contains(err.Error(), "released") {
				t.Errorf("error %v, want one naming parameter %q, released", err, tc.name)
			}
			if n := kernelEnqueues(m) - before; n != 0 {
				t.Errorf("%d kernels enqueued by a call with a released array", n)
			}
		})
	}
}
