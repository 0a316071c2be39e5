package multi_test

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
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

// TestRankSlabFFT runs each rank case on three ranks in this process, a
// goroutine and a Thread each, and checks every rank's part against the
// reference and against the same part of SlabFFT's output on the same
// device, which runs the same kernels on the same parts and so must give
// the same bits.
func TestRankSlabFFT(t *testing.T) {
	const ranks = 3
	m := cludatest.MultiThread(t, ranks, cluda.MultiThreadOptions{})
	var cases []rankCase
	for _, device := range []bool{false, true} {
		for _, c := range rankCases {
			c.device = device
			cases = append(cases, c)
		}
	}
	for _, c := range cases {
		t.Run(c.String(), func(t *testing.T) {
			outs := make([][2][]complex64, ranks)
			errs := runRanks(threadsOf(m), func(thr *cluda.Thread, comm multi.Communicator) error {
				var err error
				outs[comm.Rank()], err = runRank(thr, comm, c)
				return err
			})
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			whole := slabFFTOutputs(t, m, c)
			outAxis := splitOf(c.layout, false)
			start := 0
			for r := range ranks {
				length := len(outs[r][0]) / (len(whole[0]) / c.shape[outAxis])
				for dir := range 2 {
					if want := partOf(whole[dir], c.shape, outAxis, start, length); !slices.Equal(outs[r][dir], want) {
						t.Errorf("rank %d, inverse %d: the part differs from SlabFFT's", r, dir)
					}
				}
				start += length
			}
		})
	}
}

// slabFFTOutputs returns SlabFFT's outputs of the case on m, by inverse.
func slabFFTOutputs(t *testing.T, m *cluda.MultiThread, c rankCase) [2][]complex64 {
	t.Helper()
	typ := core.ArrayOf(dtypes.Complex64, c.shape...)
	f, err := multi.NewSlabFFT(m, typ, multi.SlabFFTOptions{Layout: c.layout, Shares0: c.shares0, Shares1: c.shares1})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	inAxis, outAxis := splitOf(c.layout, true), splitOf(c.layout, false)
	in, err := m.ToDeviceSplit(to64(randomComplex(typ.Size(), c.seed)), c.shape, inAxis, f.Shares(inAxis))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := m.EmptySplit(c.shape, dtypes.Complex64, outAxis, f.Shares(outAxis))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	var outs [2][]complex64
	for dir := range 2 {
		if err := f.Call(out, in, dir); err != nil {
			t.Fatal(err)
		}
		if outs[dir], err = cluda.ReadSplit[complex64](out); err != nil {
			t.Fatal(err)
		}
	}
	return outs
}

// TestRankSlabFFTRefusal gives one rank of three an input of the wrong
// shape: every rank returns an error, none waits for the others.
func TestRankSlabFFTRefusal(t *testing.T) {
	const ranks, wrong = 3, 1
	m := cludatest.MultiThread(t, ranks, cluda.MultiThreadOptions{})
	shape := []int{6, 10, 4}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	errs := runRanks(threadsOf(m), func(thr *cluda.Thread, comm multi.Communicator) error {
		f, err := multi.NewRankSlabFFT(thr, comm, typ, multi.SlabFFTOptions{})
		if err != nil {
			return err
		}
		defer f.Release()
		inShape := f.Shape(0)
		if comm.Rank() == wrong {
			inShape[2]++
		}
		in, err := thr.Empty(inShape, dtypes.Complex64)
		if err != nil {
			return err
		}
		defer in.Release()
		out, err := thr.Empty(f.Shape(1), dtypes.Complex64)
		if err != nil {
			return err
		}
		defer out.Release()
		return f.Call(out, in, 0)
	})
	for r, err := range errs {
		switch {
		case err == nil:
			t.Errorf("rank %d: no error", r)
		case r == wrong && !strings.Contains(err.Error(), "input"):
			t.Errorf("rank %d: error %q does not name the input", r, err)
		case r != wrong && !strings.Contains(err.Error(), "rank 1 failed before the exchange"):
			t.Errorf("rank %d: error %q does not name rank %d", r, err, wrong)
		}
	}
}

func TestNewRankSlabFFTErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	comms := newLocalWorld(3)
	typ := core.ArrayOf(dtypes.Complex64, 6, 2, 4)
	for _, tc := range []struct {
		name string
		thr  *cluda.Thread
		comm multi.Communicator
		typ  core.Type
		opts multi.SlabFFTOptions
		want string
	}{
		{"nil Thread", nil, comms[0], typ, multi.SlabFFTOptions{}, "nil Thread"},
		{"nil Communicator", thr, nil, typ, multi.SlabFFTOptions{}, "nil Communicator"},
		{"one dimension", thr, comms[0], core.ArrayOf(dtypes.Complex64, 6), multi.SlabFFTOptions{}, "two or more dimensions"},
		{"a real dtype", thr, comms[0], core.ArrayOf(dtypes.Float32, 6, 6), multi.SlabFFTOptions{}, "complex64 or complex128"},
		{"fewer places than ranks", thr, comms[0], typ, multi.SlabFFTOptions{}, "shares along axis 1 of shape [6 2 4] among 3 ranks"},
		{"shares for other ranks", thr, comms[0], core.ArrayOf(dtypes.Complex64, 6, 6), multi.SlabFFTOptions{Shares0: []int{3, 3}}, "2 shares for 3 devices"},
		{"no such layout", thr, comms[0], core.ArrayOf(dtypes.Complex64, 6, 6), multi.SlabFFTOptions{Layout: 7}, "unknown layout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := multi.NewRankSlabFFT(tc.thr, tc.comm, tc.typ, tc.opts)
			if err == nil {
				f.Release()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

// TestRankSlabFFTTransformations fuses the joining of real and imaginary
// parts into the first transform's loads and their splitting into the
// last one's stores on each of two ranks, which take the leaves as their
// parts.
func TestRankSlabFFTTransformations(t *testing.T) {
	const ranks = 2
	m := cludatest.MultiThread(t, ranks, cluda.MultiThreadOptions{})
	shape := []int{4, 6, 5}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	data := to64(randomComplex(typ.Size(), 11))
	re, im := make([]float32, len(data)), make([]float32, len(data))
	for i, v := range data {
		re[i], im[i] = real(v), imag(v)
	}
	want := reference.FFTN(from64(data), shape, nil, false)
	partType := func(f *fft.FFT, name string) core.Type {
		p, _ := f.Parameter(name)
		return p.Type()
	}
	opts := multi.SlabFFTOptions{
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
	}
	errs := runRanks(threadsOf(m), func(thr *cluda.Thread, comm multi.Communicator) error {
		f, err := multi.NewRankSlabFFT(thr, comm, typ, opts)
		if err != nil {
			return err
		}
		defer f.Release()
		if names := strings.Join(f.Signature().Names(), " "); names != "out_re out_im in_re in_im inverse" {
			return fmt.Errorf("signature %v", names)
		}
		in, out := f.Part(0), f.Part(1)
		args := map[string]any{"inverse": 0}
		for name, host := range map[string][]float32{"in_re": re, "in_im": im} {
			a, err := thr.ToDevice(partOf(host, shape, 0, in.Start, in.Length), f.Shape(0)...)
			if err != nil {
				return err
			}
			defer a.Release()
			args[name] = a
		}
		for _, name := range []string{"out_re", "out_im"} {
			a, err := thr.Empty(f.Shape(1), dtypes.Float32)
			if err != nil {
				return err
			}
			defer a.Release()
			args[name] = a
		}
		if err := f.CallNamed(args); err != nil {
			return err
		}
		gotRe, err := cluda.Read[float32](args["out_re"].(*cluda.Array))
		if err != nil {
			return err
		}
		gotIm, err := cluda.Read[float32](args["out_im"].(*cluda.Array))
		if err != nil {
			return err
		}
		got := make([]complex64, len(gotRe))
		for i := range got {
			got[i] = complex(gotRe[i], gotIm[i])
		}
		if e := reference.RelativeL2(got, partOf(want, shape, 1, out.Start, out.Length)); !(e <= slabTolerance) {
			return fmt.Errorf("rank %d: relative L2 error %.3g, want at most %g", comm.Rank(), e, slabTolerance)
		}
		return nil
	})
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// TestRankSlabFFTOutputChecks calls a SlabsToSlabs transform of one rank
// with outputs that the exchange back cannot write.
func TestRankSlabFFTOutputChecks(t *testing.T) {
	thr := cludatest.Thread(t)
	world := newLocalWorld(1)
	f, err := multi.NewRankSlabFFT(thr, world[0], core.ArrayOf(dtypes.Complex64, 4, 6), multi.SlabFFTOptions{Layout: multi.SlabsToSlabs})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	in, err := thr.Empty([]int{4, 6}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	wide, err := thr.Empty([]int{4, 12}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer wide.Release()
	strided, err := wide.Slice(1, 0, 12, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		output any
		want   string
	}{
		{"not an array", 3, "want a *cluda.Array, got int"},
		{"another shape", wide, "want the rank's part"},
		{"strided", strided, "is not contiguous"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := f.Call(tc.output, in, 0); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one that says %q", err, tc.want)
			}
		})
	}
	out, err := thr.Empty([]int{4, 6}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := f.Call(out, in, 0); err != nil {
		t.Errorf("a call with a right output after the refused ones: %v", err)
	}
}

// TestRankThread checks that RankThread takes the devices in turn, the
// one device of a CPU machine for every local rank, and refuses a
// negative local rank and a device that does not exist.
func TestRankThread(t *testing.T) {
	want := cludatest.Thread(t).Params().Name
	for _, local := range []int{0, 1, 5} {
		thr, err := multi.RankThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, local, cluda.ThreadOptions{})
		if err != nil {
			t.Fatalf("local rank %d: %v", local, err)
		}
		if got := thr.Params().Name; got != want && os.Getenv("REIKNA_TEST_DEVICE") == "" && local == 0 {
			t.Errorf("local rank 0 got %s, want the test device %s", got, want)
		}
		thr.Release()
	}
	if _, err := multi.RankThread(cluda.DeviceFilter{}, -1, cluda.ThreadOptions{}); err == nil || !strings.Contains(err.Error(), "local rank -1") {
		t.Errorf("a negative local rank: %v", err)
	}
	if _, err := multi.RankThread(cluda.DeviceFilter{Device: "no such device anywhere"}, 0, cluda.ThreadOptions{}); err == nil {
		t.Error("a filter that matches no device gave a Thread")
	}
}
