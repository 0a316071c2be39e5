package fft_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// TestLoopedPasses runs the transforms that a CPU device takes in one
// looped pass (fftplan.Pass.Looped): powers of two and mixed radices up
// to primes of 31, over rows and over axes with elements after them (the
// lanes then neighbouring columns), batches of fewer sub-transforms than
// the lanes and of a number that is not a multiple of them (the last
// work-item repeats one it does not store), complex64 and complex128,
// forward and inverse, and the whole of Bluestein's algorithm in one
// looped kernel (the chirps in its loads and stores, the padding and the
// truncation guarded, the product with the convolution kernel between its
// two transforms), its arrays on the stack or in a scratch array. On a CPU device it
// checks that the plan is that many looped kernels, and that NoLooped
// plans none; each plan is checked against the float64 reference.
func TestLoopedPasses(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape   []int
		axis    int
		dt      dtypes.DType
		kernels int  // looped kernels
		scratch bool // their arrays in a scratch array
	}{
		{[]int{3, 1024}, 1, dtypes.Complex64, 1, false},
		{[]int{9, 360}, 1, dtypes.Complex64, 1, false},
		{[]int{16, 1000}, 1, dtypes.Complex64, 1, false},
		{[]int{5, 2187}, 1, dtypes.Complex64, 1, false},
		{[]int{11, 4095}, 1, dtypes.Complex64, 1, false},
		{[]int{2, 6144}, 1, dtypes.Complex64, 1, false},
		{[]int{2, 8192}, 1, dtypes.Complex64, 1, false},
		{[]int{10, 768}, 1, dtypes.Complex128, 1, false},
		{[]int{2, 4096}, 1, dtypes.Complex128, 1, false},
		{[]int{1000, 24}, 0, dtypes.Complex64, 1, false},
		{[]int{3, 1024, 5}, 1, dtypes.Complex64, 1, false},
		{[]int{360, 9}, 0, dtypes.Complex128, 1, false},
		{[]int{7, 263}, 1, dtypes.Complex64, 1, false},
		{[]int{2053, 3}, 0, dtypes.Complex64, 1, false},
		{[]int{3, 1031}, 1, dtypes.Complex128, 1, false},
		// From loopedFrom on: 33 and 66 points over rows, 45 over columns
		// (rows of 60, whose factors are at most 7, take the vector
		// kernel).
		{[]int{7, 33}, 1, dtypes.Complex64, 1, false},
		{[]int{10, 66}, 1, dtypes.Complex64, 1, false},
		{[]int{45, 20}, 0, dtypes.Complex128, 1, false},
		// Stages of 17 to 31 (the looped pass's primes): 34 and 1785
		// over rows, 5168 = 2^4·17·19, 899 = 29·31, 46 over columns in
		// complex128.
		{[]int{7, 34}, 1, dtypes.Complex64, 1, false},
		{[]int{5, 1785}, 1, dtypes.Complex64, 1, false},
		{[]int{3, 5168}, 1, dtypes.Complex64, 1, false},
		{[]int{4, 899}, 1, dtypes.Complex64, 1, false},
		{[]int{46, 9}, 0, dtypes.Complex128, 1, false},
		// Bluestein's arrays in a scratch array: 8232 points of
		// complex64, 4320 of complex128, over rows and columns.
		{[]int{2, 4099}, 1, dtypes.Complex64, 1, true},
		{[]int{4099, 3}, 0, dtypes.Complex64, 1, true},
		{[]int{2, 2161}, 1, dtypes.Complex128, 1, true},
		// Past maxScratchLoopedBytes, within maxBluesteinLoopedBytes:
		// 18461 = 37·499 over 37044 points; and 18445 = 5·7·17·31 in one
		// looped pass over a scratch array, without Bluestein's algorithm.
		{[]int{2, 18461}, 1, dtypes.Complex64, 1, true},
		{[]int{2, 18445}, 1, dtypes.Complex64, 1, true},
		{[]int{9775, 3}, 0, dtypes.Complex64, 1, true},
	}
	for i, c := range cases {
		for _, noLooped := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/%v/axis%d/looped=%v", c.dt, c.shape, c.axis, !noLooped), func(t *testing.T) {
				if !thr.Params().SupportsDType(c.dt) {
					t.Skip("no double precision")
				}
				axes := []int{c.axis}
				f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), axes, fft.FFTOptions{}, fft.FFTTuning{NoLooped: noLooped})
				if err != nil {
					t.Fatal(err)
				}
				looped, all := kernelsWith(t, f, thr.Params(), loopedMarker)
				want, wantAll := c.kernels, c.kernels
				if noLooped {
					want, wantAll = 0, all
				}
				if thr.Params().IsCPU() && (looped != want || all != wantAll) {
					t.Errorf("%d of %d kernels looped, want %d of %d", looped, all, want, wantAll)
				}
				if scratch, _ := kernelsWith(t, f, thr.Params(), scratchMarker); thr.Params().IsCPU() && !noLooped && (scratch > 0) != c.scratch {
					t.Errorf("%d looped kernels with a scratch array, want them: %v", scratch, c.scratch)
				}
				if e := runPlanned(t, thr, f, c.dt, c.shape, axes, uint64(i)); !(e <= tolerance(c.dt)) {
					t.Errorf("relative error %.3g", e)
				}
			})
		}
	}
}

// TestLoopedPrimeButterflies runs the looped passes whose stages include a
// prime above 31, its butterfly as loops (loopedButterflyModule): 74 =
// 2·37 and 254 = 2·127 over rows, 61 alone, 122 = 2·61 over columns in
// complex128, 12851 = 71·181 and 9212 = 2²·7²·47 in a scratch array. On
// a CPU device it checks that the compiled kernels hold that butterfly,
// so that a kernel the device refused, which the plan replaces, fails
// here; each transform is checked against the float64 reference.
func TestLoopedPrimeButterflies(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape []int
		axis  int
		dt    dtypes.DType
		prime int // the stage whose butterfly runs as loops
	}{
		{[]int{7, 74}, 1, dtypes.Complex64, 37},
		{[]int{3, 254}, 1, dtypes.Complex64, 127},
		{[]int{5, 61}, 1, dtypes.Complex64, 61},
		{[]int{122, 5}, 0, dtypes.Complex128, 61},
		{[]int{2, 12851}, 1, dtypes.Complex64, 181},
		{[]int{9212, 2}, 0, dtypes.Complex64, 47},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%v/%v/axis%d", c.dt, c.shape, c.axis), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			axes := []int{c.axis}
			f, err := fft.NewFFT(core.ArrayOf(c.dt, c.shape...), axes, fft.FFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			cc, err := f.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer cc.Release()
			marker := fmt.Sprintf("fft_dft%d_%s_loop", c.prime, c.dt)
			if thr.Params().IsCPU() && !slices.ContainsFunc(cc.Kernels(), func(k core.KernelInfo) bool { return strings.Contains(k.Source, marker) }) {
				t.Errorf("no compiled kernel holds %s", marker)
			}
			if e := runCompiled(t, thr, cc, c.dt, c.shape, axes, uint64(i)); !(e <= tolerance(c.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// renderer is a computation that renders its plan for a device.
type renderer interface {
	Render(p *cluda.DeviceParams) (*core.RenderedPlan, error)
}

// kernelsWith returns the number of kernels of c's plan on the device
// whose source holds marker, and the number of its kernels.
func kernelsWith(t *testing.T, c renderer, p *cluda.DeviceParams, marker string) (n, all int) {
	t.Helper()
	plan, err := c.Render(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range plan.Kernels {
		if strings.Contains(k.Source, marker) {
			n++
		}
	}
	return n, len(plan.Kernels)
}

// loopedMarker is in the source of every looped kernel: the product of
// lanes by one twiddle.
const loopedMarker = "_lanes_twiddle("

// twistRunsMarker is in the source of the twist over runs of a real
// transform in lanes (rfft_twist_runs.cl).
const twistRunsMarker = "X[0] and X[M] from Z[0] alone"

// scratchMarker is in the source of a looped kernel whose arrays lie in a
// scratch array (fftplan.Pass.Slots).
const scratchMarker = "slot of the scratch array"

// TestLoopedRealFFT runs real transforms whose complex transform a CPU
// device takes in one looped pass: even lengths (the real pairs loaded as
// complex values, the spectrum twisted in the stores; the untwist and the
// pairs in IRFFT) and an odd one (real values loaded as complex ones, the
// half spectrum stored; the Hermitian loads in IRFFT), over rows and over
// axes with elements after them, batches that do not fill the lanes,
// float32 and float64, against the float64 references. The longer ones
// keep their arrays in a scratch array (scratch: fftplan.Pass.Slots), in
// one slot or in two that share the groups of lanes; along the last axis
// the forward transform of those takes the half's passes in lanes and the
// twist over runs instead (lanes: realAxis.lanesPlan), the inverse the
// looped pass.
func TestLoopedRealFFT(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, tc := range []struct {
		rfftCase
		scratch, lanes bool
	}{
		{rfftCase{dtypes.Float32, []int{9, 1024}, []int{1}}, false, false},
		{rfftCase{dtypes.Float32, []int{11, 100}, []int{1}}, false, false},
		{rfftCase{dtypes.Float32, []int{3, 2000}, []int{1}}, false, false},
		{rfftCase{dtypes.Float64, []int{2, 4096}, []int{1}}, false, false},
		{rfftCase{dtypes.Float32, []int{5, 1215}, []int{1}}, false, false},
		{rfftCase{dtypes.Float32, []int{4, 3570}, []int{1}}, false, false}, // a half of 1785 = 3·5·7·17
		{rfftCase{dtypes.Float64, []int{4, 1000, 3}, []int{1}}, false, false},
		{rfftCase{dtypes.Float32, []int{3, 65536}, []int{1}}, true, true},
		{rfftCase{dtypes.Float32, []int{19, 32768}, []int{1}}, true, true},
		{rfftCase{dtypes.Float32, []int{2, 20000, 5}, []int{1}}, true, false},
		{rfftCase{dtypes.Float64, []int{9, 16384}, []int{1}}, true, true},
	} {
		c := tc.rfftCase
		t.Run(c.String(), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			cdt, n, half := complexOfReal(c.dt), c.realLength(), halfShape(c.shape, c.axes)
			r, err := fft.NewRFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.RFFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			ir, err := fft.NewIRFFT(core.ArrayOf(cdt, half...), c.axes, fft.IRFFTOptions{N: n})
			if err != nil {
				t.Fatal(err)
			}
			for _, comp := range []renderer{r, ir} {
				lanes := tc.lanes && comp == renderer(r)
				if looped, _ := kernelsWith(t, comp, thr.Params(), loopedMarker); thr.Params().IsCPU() && (looped == 1) == lanes {
					t.Errorf("%T: %d looped kernels, want them: %t", comp, looped, !lanes)
				}
				if scratch, _ := kernelsWith(t, comp, thr.Params(), scratchMarker); thr.Params().IsCPU() && (scratch == 1) != (tc.scratch && !lanes) {
					t.Errorf("%T: %d looped kernels with a scratch array, want %t", comp, scratch, tc.scratch && !lanes)
				}
				if twists, _ := kernelsWith(t, comp, thr.Params(), twistRunsMarker); thr.Params().IsCPU() && (twists == 1) != lanes {
					t.Errorf("%T: %d twists over runs, want them: %t", comp, twists, lanes)
				}
			}
			checkRealPair(t, thr, r, ir, c, uint64(i))
		})
	}
}

// TestLoopedSeveral runs the transforms that a CPU device takes as
// several looped passes (fftplan.Pass.Looped with L < N: a Stockham pass
// whose work-items each take Lanes neighbouring butterflies): a length of
// prime factors up to 251 past one looped pass over rows and over an axis
// with elements after it (the lanes then neighbouring columns), and
// Bluestein's transforms past the one looped kernel of the whole algorithm
// (the chirps in the first pass's loads and the last's stores, the
// padding and the truncation guarded), complex64 and complex128, forward
// and inverse, one of them with a transformation on its input and output
// (the loads and stores then go through them). On a CPU device it checks
// that the plan is that many looped kernels; each plan is checked
// against the float64 reference.
func TestLoopedSeveral(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape       []int
		axis        int
		dt          dtypes.DType
		kernels     int
		transformed bool
	}{
		{[]int{1, 941535}, 1, dtypes.Complex64, 2, false},
		{[]int{140049, 3}, 0, dtypes.Complex64, 2, false},
		{[]int{2, 95071}, 1, dtypes.Complex64, 3, false},
		{[]int{1, 70001}, 1, dtypes.Complex128, 3, false},
		{[]int{1, 540148}, 1, dtypes.Complex64, 2, true},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%v/%v/axis%d/transformed=%v", c.dt, c.shape, c.axis, c.transformed), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			typ := core.ArrayOf(c.dt, c.shape...)
			f, err := fft.NewFFT(typ, []int{c.axis}, fft.FFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c.transformed {
				scaledBy(t, f, typ, 2, 0.5)
			}
			if n, all := kernelsWith(t, f, thr.Params(), loopedMarker); thr.Params().IsCPU() && (n != c.kernels || all != c.kernels) {
				t.Errorf("%d of %d kernels looped, want %d of %d", n, all, c.kernels, c.kernels)
			}
			if e := runPlanned(t, thr, f, c.dt, c.shape, []int{c.axis}, uint64(i)); !(e <= tolerance(c.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// scaledBy connects to f's input a transformation that multiplies it by in
// and to its output one that multiplies it by out, of f's type typ.
func scaledBy(t *testing.T, f *fft.FFT, typ core.Type, in, out float64) {
	t.Helper()
	value := func(v float64) any {
		if typ.DType() == dtypes.Complex128 {
			return complex(v, 0)
		}
		return complex64(complex(v, 0))
	}
	if err := f.Connect("input", comptest.Must(transformations.MulConst(typ, value(in))), "output", map[string]string{"input": "unscaled"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Connect("output", comptest.Must(transformations.MulConst(typ, value(out))), "input", map[string]string{"output": "scaled"}); err != nil {
		t.Fatal(err)
	}
}

// TestLoopedSeveralReal runs real transforms that a CPU device takes as
// looped passes of several: along the last axis the forward one's half,
// its first pass reading the real pairs element by element, the twist
// over runs after it (realAxis.lanesPlan), and the inverse's half with
// the real transform's ends (the untwist in its first pass's loads);
// odd lengths with those ends both ways. 278528 = 2^14·17 (a half of
// 2^13·17), 190142 (a half of the prime 95071, Bluestein's), 255255 =
// 3·5·7·11·13·17 and 98595 = 3²·5·7·313 (Bluestein's, with the turn),
// against the float64 references.
func TestLoopedSeveralReal(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, c := range []rfftCase{
		{dtypes.Float32, []int{1, 278528}, []int{1}},
		{dtypes.Float32, []int{2, 190142}, []int{1}},
		{dtypes.Float32, []int{1, 255255}, []int{1}},
		{dtypes.Float32, []int{1, 98595}, []int{1}},
	} {
		t.Run(c.String(), func(t *testing.T) {
			cdt, n, half := complexOfReal(c.dt), c.realLength(), halfShape(c.shape, c.axes)
			r := comptest.Must(fft.NewRFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.RFFTOptions{}))
			ir := comptest.Must(fft.NewIRFFT(core.ArrayOf(cdt, half...), c.axes, fft.IRFFTOptions{N: n}))
			for _, comp := range []renderer{r, ir} {
				if looped, _ := kernelsWith(t, comp, thr.Params(), loopedMarker); thr.Params().IsCPU() && looped < 2 {
					t.Errorf("%T: %d looped kernels, want looped passes of several", comp, looped)
				}
			}
			checkRealPair(t, thr, r, ir, c, uint64(i))
		})
	}
}

// checkRealPair compiles r and ir, the RFFT and IRFFT of case c, and
// checks each against the float64 reference on fresh random data.
func checkRealPair(t *testing.T, thr *cluda.Thread, r *fft.RFFT, ir *fft.IRFFT, c rfftCase, seed uint64) {
	t.Helper()
	cdt, n, half := complexOfReal(c.dt), c.realLength(), halfShape(c.shape, c.axes)
	fwd := comptest.Must(r.Compile(thr))
	defer fwd.Release()
	inv := comptest.Must(ir.Compile(thr))
	defer inv.Release()
	tol := realTolerance(c.dt)
	if e := runRFFT(t, thr, fwd, c.dt, c.shape, c.axes, seed); !(e <= tol) {
		t.Errorf("RFFT: relative error %.3g", e)
	}
	if e := runIRFFT(t, thr, inv, cdt, half, c.axes, n, seed); !(e <= tol) {
		t.Errorf("IRFFT: relative error %.3g", e)
	}
}
