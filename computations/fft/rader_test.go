package fft_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// TestRader checks prime lengths by Rader's algorithm in one kernel,
// forward and back, against the float64 reference: over contiguous rows,
// strided and middle axes, in both precisions, in place, with the device's
// own kernels and (on a CPU) with those a GPU of 48 KiB of local memory
// runs, where the exchanges go through local memory. Each case checks
// that the transform is the one kernel of Rader's algorithm, but for 17 on
// a GPU, whose butterflies take primes up to 23 directly.
func TestRader(t *testing.T) {
	thr := cludatest.Thread(t)
	rader := fft.FFTTuning{Primes: fftplan.PrimesRader}
	gpu := fft.FFTTuning{Primes: fftplan.PrimesRader, LocalBytes: 48 << 10}
	c64, c128 := dtypes.Complex64, dtypes.Complex128
	tests := []struct {
		name    string
		dt      dtypes.DType
		shape   []int
		axis    int
		tuning  fft.FFTTuning
		inPlace bool
		// gpuRadix: a GPU takes the length as a butterfly of its own.
		gpuRadix bool
	}{
		{"17", c64, []int{40, 17}, 1, rader, false, true},      // one butterfly of 16
		{"97", c64, []int{8, 97}, 1, rader, false, false},      // 96 = 2^5·3
		{"1009", c64, []int{4, 1009}, 1, rader, false, false},  // 1008 = 2^4·3^2·7
		{"2003", c128, []int{2, 2003}, 1, rader, false, false}, // 2002 = 2·7·11·13
		{"97/strided", c128, []int{97, 3}, 0, rader, false, false},
		{"193/middle", c64, []int{2, 193, 3}, 1, rader, false, false}, // even stages: 192 = 12·4·4
		{"97/in place", c64, []int{5, 97}, 1, rader, true, false},
		{"97/GPU", c64, []int{8, 97}, 1, gpu, false, false},
		{"1009/GPU", c64, []int{4, 1009}, 1, gpu, false, false},
		{"2003/GPU", c128, []int{2, 2003}, 1, gpu, false, false},
		{"97/GPU strided", c64, []int{97, 5}, 0, gpu, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compileTunedFFT(t, thr, core.ArrayOf(tt.dt, tt.shape...), []int{tt.axis}, fft.FFTOptions{}, tt.tuning)
			wantRader := !tt.gpuRadix || thr.Params().IsCPU()
			if ks := c.Kernels(); len(ks) != 1 || strings.Contains(ks[0].Source, "RADER_INDEX") != wantRader {
				t.Fatalf("%d kernels, want one, of Rader's algorithm: %v", len(ks), wantRader)
			}
			if e := runRader(t, thr, c, tt.dt, tt.shape, tt.axis, tt.inPlace); !(e <= tolerance(tt.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// runRader runs the compiled FFT c of an array of dt and shape along axis
// forward and back on fresh random data, into a poisoned output or in
// place, and returns the worst relative error against the reference.
func runRader(t *testing.T, thr *cluda.Thread, c *core.Callable, dt dtypes.DType, shape []int, axis int, inPlace bool) float64 {
	t.Helper()
	worst := 0.0
	for _, inverse := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(uint64(shape[axis]), uint64(len(shape))))
		x := randomData(rng, core.ArrayOf(dt, shape...).Size())
		in := upload(t, thr, dt, x, shape)
		out := in
		if !inPlace {
			out = poisoned(t, thr, dt, shape)
		}
		inv := int32(0)
		if inverse {
			inv = 1
		}
		if err := c.Call(out, in, inv); err != nil {
			t.Fatal(err)
		}
		worst = max(worst, download(t, out, reference.FFTN(x, shape, []int{axis}, inverse)))
		in.Release()
		if !inPlace {
			out.Release()
		}
	}
	return worst
}

// TestRaderRule checks which prime lengths the rules give Rader's
// algorithm on a CPU device: none where Bluestein's algorithm is one
// looped kernel (its arrays on the stack or, longer, in a scratch array),
// which is every prime whose predecessor Rader's kernel takes; and where
// looped passes are not planned, a prime above the butterflies whose
// predecessor they take, never one whose predecessor has a larger prime
// factor.
func TestRaderRule(t *testing.T) {
	thr := cludatest.Thread(t)
	if !thr.Params().IsCPU() {
		t.Skip("the rule under test is the CPU device's")
	}
	tests := []struct {
		n       int
		dt      dtypes.DType
		rader   bool
		noLoops bool // plan without looped passes
	}{
		{13, dtypes.Complex64, false, false},   // a butterfly of its own
		{97, dtypes.Complex64, false, false},   // Bluestein's looped kernel over 192 points
		{47, dtypes.Complex64, false, false},   // 46 = 2·23
		{257, dtypes.Complex64, false, false},  // Bluestein's looped kernel over 512 points
		{521, dtypes.Complex64, false, false},  // Bluestein's looped kernel over 1050 points
		{1009, dtypes.Complex64, false, false}, // Bluestein's looped kernel over 2016 points
		// Bluestein's 4320 points of complex128 in a scratch array.
		{2161, dtypes.Complex128, false, false},
		{97, dtypes.Complex64, true, true},  // 96 = 2^5·3
		{47, dtypes.Complex64, false, true}, // 46 = 2·23
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%d/looped=%v", tt.dt, tt.n, !tt.noLoops), func(t *testing.T) {
			if !thr.Params().SupportsDType(tt.dt) {
				t.Skip("no double precision")
			}
			c := compileTunedFFT(t, thr, core.ArrayOf(tt.dt, 2, tt.n), []int{1}, fft.FFTOptions{}, fft.FFTTuning{NoLooped: tt.noLoops})
			rader := false
			for _, k := range c.Kernels() {
				rader = rader || strings.Contains(k.Source, "RADER_INDEX")
			}
			if rader != tt.rader {
				t.Errorf("Rader's algorithm: %v, want %v", rader, tt.rader)
			}
		})
	}
}

// TestRaderReal checks real transforms of prime lengths, and of twice a
// prime, by Rader's algorithm against the float64 references: the real
// ends load and store around its gather and scatter, the half spectrum
// keeping the outputs below its length.
func TestRaderReal(t *testing.T) {
	thr := cludatest.Thread(t)
	rader := fft.FFTTuning{Primes: fftplan.PrimesRader}
	tests := []struct {
		dt    dtypes.DType
		shape []int
		axis  int
	}{
		{dtypes.Float32, []int{6, 97}, 1},
		{dtypes.Float32, []int{3, 1009}, 1},
		{dtypes.Float64, []int{4, 2 * 97}, 1}, // the half is 97
		{dtypes.Float32, []int{97, 3}, 0},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(tt.dt, tt.shape), func(t *testing.T) {
			axes := []int{tt.axis}
			n, half := tt.shape[tt.axis], halfShape(tt.shape, axes)
			cdt := complexOfReal(tt.dt)
			fwd := compileRader(t, thr, comptest.Must(fft.NewTunedRFFT(core.ArrayOf(tt.dt, tt.shape...), axes, rader)))
			inv := compileRader(t, thr, comptest.Must(fft.NewTunedIRFFT(core.ArrayOf(cdt, half...), axes, n, rader)))
			tol := realTolerance(tt.dt)
			if e := runRFFT(t, thr, fwd, tt.dt, tt.shape, axes, uint64(i)); !(e <= tol) {
				t.Errorf("RFFT: relative error %.3g", e)
			}
			if e := runIRFFT(t, thr, inv, cdt, half, axes, n, uint64(i)); !(e <= tol) {
				t.Errorf("IRFFT: relative error %.3g", e)
			}
		})
	}
}

// compileRader compiles c on thr, checks that a kernel of it is one of
// Rader's algorithm, and has the test release it.
func compileRader(t *testing.T, thr *cluda.Thread, c interface {
	Compile(*cluda.Thread) (*core.Callable, error)
}) *core.Callable {
	t.Helper()
	k, err := c.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Release)
	for _, ki := range k.Kernels() {
		if strings.Contains(ki.Source, "RADER_INDEX") {
			return k
		}
	}
	t.Fatalf("none of %d kernels is Rader's", len(k.Kernels()))
	return nil
}
